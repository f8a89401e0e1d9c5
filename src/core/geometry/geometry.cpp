#include "tangram/core/geometry/geometry.hpp"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace tangram {

double signed_area(const Polygon& polygon) {
  double twice = 0.0;
  const std::size_t n = polygon.size();
  for (std::size_t i = 0; i < n; ++i) twice += cross(polygon[i], polygon[(i + 1) % n]);
  return 0.5 * twice;
}

double area(const Polygon& polygon) { return std::abs(signed_area(polygon)); }

Box bounding_box(const Polygon& polygon) {
  if (polygon.empty()) return {};
  Box box{polygon[0].x, polygon[0].y, polygon[0].x, polygon[0].y};
  for (const Vec2& v : polygon) {
    box.x0 = std::min(box.x0, v.x);
    box.x1 = std::max(box.x1, v.x);
    box.y0 = std::min(box.y0, v.y);
    box.y1 = std::max(box.y1, v.y);
  }
  return box;
}

Vec2 centroid(const Polygon& polygon) {
  const std::size_t n = polygon.size();
  if (n == 0) return {};
  double a = 0.0, cx = 0.0, cy = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 p = polygon[i], q = polygon[(i + 1) % n];
    const double c = cross(p, q);
    a += c;
    cx += (p.x + q.x) * c;
    cy += (p.y + q.y) * c;
  }
  if (std::abs(a) < 1e-12) {
    Vec2 mean;
    for (const Vec2& p : polygon) mean = mean + p;
    return (1.0 / static_cast<double>(n)) * mean;
  }
  return {cx / (3.0 * a), cy / (3.0 * a)};
}

double normalised_angle(double angle_deg) {
  const double a = std::fmod(angle_deg, 360.0);
  return a < 0.0 ? a + 360.0 : a;
}

Vec2 rotate_local(Vec2 local, double angle_deg, bool reflected) {
  if (reflected) local.y = -local.y;
  const double t = angle_deg * M_PI / 180.0;
  const double c = std::cos(t), s = std::sin(t);
  // Counter-clockwise on screen with y pointing down.
  return {c * local.x + s * local.y, -s * local.x + c * local.y};
}

Polygon apply_pose(const Polygon& local, const Pose& pose) {
  Polygon out;
  out.reserve(local.size());
  for (const Vec2& v : local)
    out.push_back(pose.centre + rotate_local(v, pose.angle_deg, pose.reflected));
  if (pose.reflected) std::reverse(out.begin(), out.end());
  return out;
}

namespace {

// Intersection of segment p->q with the line through a with direction d.
Vec2 line_intersection(Vec2 p, Vec2 q, Vec2 a, Vec2 d) {
  const Vec2 r = q - p;
  const double denom = cross(r, d);
  if (std::abs(denom) < 1e-15) return p;
  const double t = cross(a - p, d) / denom;
  return p + t * r;
}

}  // namespace

Polygon inset_convex(const Polygon& convex, double distance) {
  if (convex.size() < 3) return {};
  if (distance <= 0.0) return convex;
  const double orientation = signed_area(convex) > 0 ? 1.0 : -1.0;
  // Clip the polygon by each edge's half-plane moved inward by `distance`.
  Polygon result = convex;
  const std::size_t n = convex.size();
  for (std::size_t i = 0; i < n && !result.empty(); ++i) {
    const Vec2 a = convex[i], b = convex[(i + 1) % n];
    const Vec2 d = b - a;
    const double len = std::hypot(d.x, d.y);
    if (len < 1e-12) continue;
    // Inward normal: for positive signed area (clockwise on screen) the interior is on the
    // side where cross(d, p - a) > 0.
    const Vec2 inward = (orientation / len) * Vec2{-d.y, d.x};
    const Vec2 a2 = a + distance * inward;
    Polygon next;
    const std::size_t m = result.size();
    for (std::size_t k = 0; k < m; ++k) {
      const Vec2 p = result[k], q = result[(k + 1) % m];
      const double sp = orientation * cross(d, p - a2), sq = orientation * cross(d, q - a2);
      if (sp >= 0) next.push_back(p);
      if ((sp >= 0) != (sq >= 0)) next.push_back(line_intersection(p, q, a2, d));
    }
    result = std::move(next);
  }
  if (result.size() < 3 || area(result) < 1e-9) return {};
  return result;
}

Polygon clip_convex(const Polygon& subject, const Polygon& clip) {
  if (subject.size() < 3 || clip.size() < 3) return {};
  const double orientation = signed_area(clip) > 0 ? 1.0 : -1.0;
  Polygon result = subject;
  const std::size_t n = clip.size();
  for (std::size_t i = 0; i < n && !result.empty(); ++i) {
    const Vec2 a = clip[i], d = clip[(i + 1) % n] - clip[i];
    Polygon next;
    const std::size_t m = result.size();
    for (std::size_t k = 0; k < m; ++k) {
      const Vec2 p = result[k], q = result[(k + 1) % m];
      const double sp = orientation * cross(d, p - a), sq = orientation * cross(d, q - a);
      if (sp >= 0) next.push_back(p);
      if ((sp >= 0) != (sq >= 0)) next.push_back(line_intersection(p, q, a, d));
    }
    result = std::move(next);
  }
  if (result.size() < 3) return {};
  return result;
}

double area_in_box(const Polygon& convex, double x0, double y0, double x1, double y1) {
  // Clip against the four half-planes of the box directly (cheaper than a general clip), in
  // two buffers kept per thread: the checker calls this for every row a piece covers.
  thread_local Polygon poly, next;
  poly.assign(convex.begin(), convex.end());
  auto clip_axis = [](int axis, double bound, bool keep_greater) {
    next.clear();
    const std::size_t m = poly.size();
    for (std::size_t k = 0; k < m; ++k) {
      const Vec2 p = poly[k], q = poly[(k + 1) % m];
      const double vp = axis == 0 ? p.x : p.y, vq = axis == 0 ? q.x : q.y;
      const bool ip = keep_greater ? vp >= bound : vp <= bound;
      const bool iq = keep_greater ? vq >= bound : vq <= bound;
      if (ip) next.push_back(p);
      if (ip != iq) {
        const double t = (bound - vp) / (vq - vp);
        next.push_back(p + t * (q - p));
      }
    }
    poly.swap(next);
  };
  clip_axis(0, x0, true);
  if (poly.empty()) return 0.0;
  clip_axis(0, x1, false);
  if (poly.empty()) return 0.0;
  clip_axis(1, y0, true);
  if (poly.empty()) return 0.0;
  clip_axis(1, y1, false);
  if (poly.size() < 3) return 0.0;
  return area(poly);
}

double inscribed_radius(const Polygon& polygon) {
  const Box box = bounding_box(polygon);
  const double size = std::max(box.x1 - box.x0, box.y1 - box.y0);
  if (!(size > 0.0)) return 0.0;
  const auto depth = [&](Vec2 p) {
    return inside_polygon(polygon, p) ? boundary_distance(polygon, p) : -1.0;
  };
  constexpr int kGrid = 24;
  // The best few grid centres, each refined (a thin piece's best start may be a local maximum).
  std::vector<std::pair<double, Vec2>> starts;
  for (int i = 0; i < kGrid; ++i)
    for (int j = 0; j < kGrid; ++j) {
      const Vec2 p{box.x0 + (i + 0.5) * (box.x1 - box.x0) / kGrid,
                   box.y0 + (j + 0.5) * (box.y1 - box.y0) / kGrid};
      starts.emplace_back(depth(p), p);
    }
  std::sort(starts.begin(), starts.end(),
            [](const auto& a, const auto& b) { return a.first > b.first; });
  double best = std::max(0.0, starts.front().first);
  for (std::size_t k = 0; k < std::min<std::size_t>(3, starts.size()); ++k) {
    Vec2 p = starts[k].second;
    double d = starts[k].first;
    if (d < 0.0) break;
    for (double step = size / kGrid; step > 1e-4 * size;) {
      bool moved = false;
      for (const Vec2 dir : {Vec2{1, 0}, Vec2{-1, 0}, Vec2{0, 1}, Vec2{0, -1}, Vec2{1, 1},
                             Vec2{-1, -1}, Vec2{1, -1}, Vec2{-1, 1}}) {
        const Vec2 q = p + step * dir;
        const double e = depth(q);
        if (e > d) {
          p = q;
          d = e;
          moved = true;
        }
      }
      if (!moved) step *= 0.5;
    }
    best = std::max(best, d);
  }
  return best;
}

double boundary_distance(const Polygon& polygon, Vec2 p) {
  double best = 1e300;
  const std::size_t n = polygon.size();
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 a = polygon[i], d = polygon[(i + 1) % n] - a;
    const double dd = dot(d, d);
    const double t = dd > 0.0 ? std::clamp(dot(p - a, d) / dd, 0.0, 1.0) : 0.0;
    const Vec2 nearest = a + t * d;
    best = std::min(best, std::hypot(p.x - nearest.x, p.y - nearest.y));
  }
  return best;
}

bool inside_polygon(const Polygon& polygon, Vec2 p, double eps) {
  bool inside = false;
  const std::size_t n = polygon.size();
  for (std::size_t i = 0, j = n - 1; i < n; j = i++) {
    const Vec2 a = polygon[i], b = polygon[j];
    if ((a.y <= p.y) != (b.y <= p.y) && p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x))
      inside = !inside;
  }
  return inside || (n > 0 && boundary_distance(polygon, p) <= eps);
}

bool is_convex(const Polygon& pts) {
  // Every turn of the ring has the sign of its area, up to 1e-9 of the edges' lengths (the
  // referee's rule).
  const double orientation = signed_area(pts) >= 0 ? 1.0 : -1.0;
  const std::size_t n = pts.size();
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 u = pts[(i + 1) % n] - pts[i], v = pts[(i + 2) % n] - pts[(i + 1) % n];
    if (orientation * cross(u, v) < -1e-9 * std::hypot(u.x, u.y) * std::hypot(v.x, v.y))
      return false;
  }
  return true;
}

namespace {

/// True when `p` lies inside triangle abc or on its boundary (counter-clockwise on screen,
/// positive area, as signed_area counts it).
bool in_triangle(Vec2 p, Vec2 a, Vec2 b, Vec2 c) {
  return cross(b - a, p - a) >= 0.0 && cross(c - b, p - b) >= 0.0 && cross(a - c, p - c) >= 0.0;
}

/// The union of convex polygons a and b when they share the edge a[i]a[i+1] = b[j+1]b[j]:
/// a's ring from a[i+1] round to a[i], then b's from b[j+2] round to b[j-1].
Polygon joined(const Polygon& a, std::size_t i, const Polygon& b, std::size_t j) {
  Polygon out;
  for (std::size_t k = 0; k < a.size(); ++k) out.push_back(a[(i + 1 + k) % a.size()]);
  for (std::size_t k = 0; k + 2 < b.size(); ++k) out.push_back(b[(j + 2 + k) % b.size()]);
  return out;
}

bool same_point(Vec2 a, Vec2 b) { return a.x == b.x && a.y == b.y; }

}  // namespace

std::vector<Polygon> convex_parts(const Polygon& polygon) {
  if (polygon.size() < 3 || is_convex(polygon)) return {polygon};
  // Ear clipping on a positively oriented copy.
  const bool reversed = signed_area(polygon) < 0.0;
  Polygon ring = polygon;
  if (reversed) std::reverse(ring.begin(), ring.end());
  std::vector<Polygon> parts;
  std::vector<std::size_t> left(ring.size());
  for (std::size_t k = 0; k < ring.size(); ++k) left[k] = k;
  while (left.size() > 3) {
    const std::size_t n = left.size();
    bool clipped = false;
    for (std::size_t k = 0; k < n && !clipped; ++k) {
      const Vec2 a = ring[left[(k + n - 1) % n]], b = ring[left[k]], c = ring[left[(k + 1) % n]];
      if (cross(b - a, c - b) <= 0.0) continue;  // reflex or flat: not an ear
      bool empty = true;
      for (std::size_t m = 0; m < n && empty; ++m) {
        const Vec2 p = ring[left[m]];
        if (same_point(p, a) || same_point(p, b) || same_point(p, c)) continue;
        empty = !in_triangle(p, a, b, c);
      }
      if (!empty) continue;
      parts.push_back({a, b, c});
      left.erase(left.begin() + static_cast<std::ptrdiff_t>(k));
      clipped = true;
    }
    if (!clipped) {  // only flat corners left (collinear vertices): drop one
      for (std::size_t k = 0; k < n && !clipped; ++k) {
        const Vec2 a = ring[left[(k + n - 1) % n]], b = ring[left[k]], c = ring[left[(k + 1) % n]];
        if (std::abs(cross(b - a, c - b)) <= 1e-12 * (std::abs(b.x) + std::abs(b.y) + 1.0)) {
          left.erase(left.begin() + static_cast<std::ptrdiff_t>(k));
          clipped = true;
        }
      }
      if (!clipped) break;  // not a simple polygon: keep what was found
    }
  }
  if (left.size() == 3) parts.push_back({ring[left[0]], ring[left[1]], ring[left[2]]});
  // Merge neighbours across a shared edge while the union stays convex.
  for (bool merged = true; merged;) {
    merged = false;
    for (std::size_t p = 0; p < parts.size() && !merged; ++p)
      for (std::size_t q = p + 1; q < parts.size() && !merged; ++q)
        for (std::size_t i = 0; i < parts[p].size() && !merged; ++i)
          for (std::size_t j = 0; j < parts[q].size() && !merged; ++j) {
            const Polygon& a = parts[p];
            const Polygon& b = parts[q];
            if (!same_point(a[i], b[(j + 1) % b.size()]) ||
                !same_point(a[(i + 1) % a.size()], b[j]))
              continue;
            Polygon u = joined(a, i, b, j);
            if (!is_convex(u)) continue;
            parts[p] = std::move(u);
            parts.erase(parts.begin() + static_cast<std::ptrdiff_t>(q));
            merged = true;
          }
  }
  if (reversed)
    for (Polygon& part : parts) std::reverse(part.begin(), part.end());
  return parts;
}

double overlap_area(const Polygon& a, const Polygon& b) {
  double shared = 0.0;
  for (const Polygon& pa : convex_parts(a))
    for (const Polygon& pb : convex_parts(b)) shared += area(clip_convex(pa, pb));
  return shared;
}

bool inside_convex(const Polygon& convex, Vec2 p, double eps) {
  const double orientation = signed_area(convex) > 0 ? 1.0 : -1.0;
  const std::size_t n = convex.size();
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 a = convex[i], d = convex[(i + 1) % n] - a;
    const double len = std::hypot(d.x, d.y);
    if (len < 1e-15) continue;
    if (orientation * cross(d, p - a) / len < -eps) return false;
  }
  return true;
}

}  // namespace tangram
