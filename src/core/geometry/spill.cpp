#include "tangram/core/geometry/detail/spill.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tangram {

double segment_distance(Vec2 p, Vec2 a, Vec2 b) {
  const Vec2 d = b - a;
  const double t = std::clamp(dot(p - a, d) / std::max(dot(d, d), 1e-300), 0.0, 1.0);
  const Vec2 q = p - (a + t * d);
  return std::hypot(q.x, q.y);
}

bool inside_rings(Vec2 p, const std::vector<Polygon>& rings) {
  bool inside = false;
  for (const Polygon& ring : rings)
    for (std::size_t i = 0, n = ring.size(); i < n; ++i) {
      const Vec2 a = ring[i], b = ring[(i + 1) % n];
      if ((a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y))
        inside = !inside;
    }
  return inside;
}

double distance_to_rings(Vec2 p, const std::vector<Polygon>& rings) {
  double best = std::numeric_limits<double>::infinity();
  for (const Polygon& ring : rings)
    for (std::size_t i = 0, n = ring.size(); i < n; ++i)
      best = std::min(best, segment_distance(p, ring[i], ring[(i + 1) % n]));
  return best;
}

double spill_lower_bound(const Polygon& piece, const std::vector<Polygon>& rings) {
  const std::size_t n = piece.size();
  if (n < 3) return 0.0;
  const double orientation = signed_area(piece) >= 0.0 ? 1.0 : -1.0;
  double bound = 0.0;
  for (std::size_t v = 0; v < n; ++v) {
    const Vec2 p = piece[v];
    if (inside_rings(p, rings)) continue;
    double r = distance_to_rings(p, rings);
    if (M_PI * r * r <= bound) continue;  // not even a full turn of radius r beats the bound
    for (std::size_t e = 0; e < n; ++e) {
      const std::size_t f = (e + 1) % n;
      if (e == v || f == v) continue;
      r = std::min(r, segment_distance(p, piece[e], piece[f]));
    }
    // The interior angle at v, in (0, 2 pi): the turn from the incoming to the outgoing edge
    // taken with the polygon's orientation.
    const Vec2 in = p - piece[(v + n - 1) % n], out = piece[(v + 1) % n] - p;
    const double turn = orientation * std::atan2(cross(in, out), dot(in, out));
    const double interior = M_PI - turn;
    bound = std::max(bound, 0.5 * interior * r * r);
  }
  return bound;
}

double convex_spill(const Polygon& piece, const std::vector<Polygon>& rings) {
  double inside = 0.0;
  for (const Polygon& ring : rings) inside += signed_area(clip_convex(ring, piece));
  return std::max(0.0, area(piece) - inside);
}

}  // namespace tangram
