#include "tangram/core/geometry/detail/surd_geometry.hpp"

#include <algorithm>
#include <cmath>

namespace tangram {

double Surd::value() const { return double(a) + double(b) * std::sqrt(2.0); }

int Surd::sign() const {
  if (a >= 0 && b >= 0) return (a > 0 || b > 0) ? 1 : 0;
  if (a <= 0 && b <= 0) return -1;
  // Opposite signs: |a| against |b| sqrt 2, squared (never equal but at 0).
  const __int128 a2 = __int128(a) * a, b2 = 2 * __int128(b) * b;
  return a > 0 ? (a2 > b2 ? 1 : -1) : (b2 > a2 ? 1 : -1);
}

bool lex_less(SurdPoint p, SurdPoint q) { return p.x != q.x ? p.x < q.x : p.y < q.y; }

int surd_direction(SurdPoint v) {
  const int sx = v.x.sign(), sy = v.y.sign();
  if (sx == 0 && sy == 0) return -1;
  if (sx == 0) return sy > 0 ? 2 : 6;
  if (sy == 0) return sx > 0 ? 0 : 4;
  if (v.x != v.y && v.x != -v.y) return -1;
  if (sx > 0) return sy > 0 ? 1 : 7;
  return sy > 0 ? 3 : 5;
}

Surd twice_signed_area(const SurdRing& ring) {
  Surd sum;
  for (std::size_t i = 0; i < ring.size(); ++i)
    sum = sum + cross(ring[i], ring[(i + 1) % ring.size()]);
  return sum;
}

namespace {

/// Whether `p` lies on the closed segment from `u` to `w`.
bool on_surd_segment(SurdPoint p, SurdPoint u, SurdPoint w) {
  return cross(w - u, p - u).sign() == 0 && dot(p - u, w - u).sign() >= 0 &&
         dot(p - w, u - w).sign() >= 0;
}

struct SurdSegment {
  SurdPoint from, to;
};

}  // namespace

bool surd_inside(SurdPoint p, const std::vector<SurdRing>& rings, bool boundary_inside) {
  bool inside = false;
  for (const SurdRing& ring : rings)
    for (std::size_t i = 0; i < ring.size(); ++i) {
      const SurdPoint u = ring[i], w = ring[(i + 1) % ring.size()];
      if (on_surd_segment(p, u, w)) return boundary_inside;
      if ((p.y < u.y) == (p.y < w.y)) continue;
      // The edge's x where it crosses the line y = p.y: its slope dx / dy is 0, 1 or -1.
      const Surd dx = w.x - u.x, dy = w.y - u.y;
      const Surd x = dx.sign() == 0 ? u.x : dx == dy ? u.x + (p.y - u.y) : u.x - (p.y - u.y);
      if (p.x < x) inside = !inside;
    }
  return inside;
}

bool segment_meets_interior(SurdPoint p, SurdPoint q, const SurdRing& piece) {
  const std::size_t n = piece.size();
  const auto separated = [&](SurdPoint normal) {
    if (normal.x.sign() == 0 && normal.y.sign() == 0) return false;
    Surd s0 = dot(normal, p), s1 = dot(normal, q);
    if (s1 < s0) std::swap(s0, s1);
    Surd lo = dot(normal, piece[0]), hi = lo;
    for (std::size_t i = 1; i < n; ++i) {
      const Surd v = dot(normal, piece[i]);
      if (v < lo) lo = v;
      if (hi < v) hi = v;
    }
    return s1 <= lo || hi <= s0;
  };
  for (std::size_t i = 0; i < n; ++i) {
    const SurdPoint e = piece[(i + 1) % n] - piece[i];
    if (separated({-e.y, e.x})) return false;
  }
  const SurdPoint d = q - p;
  return !separated({-d.y, d.x});
}

std::vector<SurdRing> surd_difference(const std::vector<SurdRing>& rings, const SurdRing& piece) {
  std::vector<SurdSegment> input;
  for (const SurdRing& ring : rings)
    for (std::size_t i = 0; i < ring.size(); ++i)
      input.push_back({ring[i], ring[(i + 1) % ring.size()]});
  for (std::size_t i = 0; i < piece.size(); ++i)
    input.push_back({piece[(i + 1) % piece.size()], piece[i]});
  // The region's segments split at the piece's corners that lie on them and the piece's at the
  // region's corners, so that overlapping segments become equal ones (the region's own
  // segments do not overlap, nor do the piece's).
  const std::size_t region_segments = input.size() - piece.size();
  std::vector<SurdSegment> segments;
  std::vector<std::pair<Surd, SurdPoint>> cuts;
  for (std::size_t k = 0; k < input.size(); ++k) {
    const SurdSegment& s = input[k];
    const SurdPoint d = s.to - s.from;
    const Surd length2 = dot(d, d);
    cuts.clear();
    const bool of_region = k < region_segments;
    for (std::size_t l = of_region ? region_segments : 0;
         l < (of_region ? input.size() : region_segments); ++l) {
      const SurdSegment& t = input[l];
      for (const SurdPoint p : {t.from, t.to}) {
        if (cross(d, p - s.from).sign() != 0) continue;
        const Surd along = dot(p - s.from, d);
        if (along.sign() > 0 && along < length2) cuts.push_back({along, p});
      }
    }
    std::sort(cuts.begin(), cuts.end(),
              [](const auto& x, const auto& y) { return x.first < y.first; });
    SurdPoint at = s.from;
    for (const auto& cut : cuts) {
      if (cut.second == at) continue;
      segments.push_back({at, cut.second});
      at = cut.second;
    }
    segments.push_back({at, s.to});
  }
  // Opposite segments cancel.
  std::vector<bool> gone(segments.size(), false);
  for (std::size_t i = 0; i < segments.size(); ++i) {
    if (gone[i]) continue;
    for (std::size_t j = i + 1; j < segments.size(); ++j)
      if (!gone[j] && segments[j].from == segments[i].to && segments[j].to == segments[i].from) {
        gone[i] = gone[j] = true;
        break;
      }
  }
  // Traced into rings: at a vertex with several ways on, the one turning furthest to the
  // region's side, so that parts meeting at a point close separately.
  std::vector<SurdRing> out;
  std::vector<bool> used = gone;
  for (std::size_t s = 0; s < segments.size(); ++s) {
    if (used[s]) continue;
    used[s] = true;
    SurdRing ring;
    std::size_t cur = s;
    for (;;) {
      ring.push_back(segments[cur].from);
      const SurdPoint v = segments[cur].to;
      const int in = surd_direction(segments[cur].to - segments[cur].from);
      std::size_t best = segments.size();
      int best_rank = 9;
      for (std::size_t j = 0; j < segments.size(); ++j) {
        if ((used[j] && j != s) || gone[j] || segments[j].from != v) continue;
        const int turn = (surd_direction(segments[j].to - segments[j].from) - in + 8) % 8;
        const int rank = (4 - turn + 8) % 8 == 0 ? 8 : (4 - turn + 8) % 8;
        if (rank < best_rank) {
          best_rank = rank;
          best = j;
        }
      }
      if (best == s || best == segments.size()) break;
      used[best] = true;
      cur = best;
    }
    // Collinear vertices dropped.
    for (bool changed = true; changed && ring.size() >= 3;) {
      changed = false;
      for (std::size_t i = 0; i < ring.size() && ring.size() >= 3; ++i) {
        const std::size_t n = ring.size();
        const SurdPoint prev = ring[(i + n - 1) % n], next = ring[(i + 1) % n];
        if (surd_direction(ring[i] - prev) == surd_direction(next - ring[i])) {
          ring.erase(ring.begin() + long(i));
          changed = true;
        }
      }
    }
    if (ring.size() >= 3 && twice_signed_area(ring).sign() != 0) out.push_back(std::move(ring));
  }
  return out;
}

}  // namespace tangram
