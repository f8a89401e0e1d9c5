#include "tangram/core/figure/detail/curved_refusals.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "tangram/core/figure/corner_angles.hpp"

namespace tangram {
namespace {

// Figure arcs that turn less than this (degrees) are not judged: their radius is less sure.
constexpr double kMinJudgedSweepDeg = 60.0;
// The figure's arcs of a kind may be this much longer than the pieces' (share, and px): an
// arc's ends can run past the neighbouring curve's tangent join by a good part of its length.
constexpr double kArcLengthTolerance = 0.5;
constexpr double kArcLengthSlackPx = 3.0;
// Corners within this of 180 degrees are not judged: where an arc the outline did not find is
// left as chords, they meet at such angles (a chord of a simplified arc turns it by up to
// about 40 degrees on these figures).
constexpr double kFlatCornerDeg = 40.0;
// Corners are judged between straight edges at least this share of the figure's side long.
constexpr double kMinStraightShare = 0.4;

double norm(Vec2 v) { return std::hypot(v.x, v.y); }

/// The interior angle (degrees) where a boundary running along `in` turns to run along `out`,
/// the figure (piece) on the side of positive signed area.
double interior_angle(Vec2 in, Vec2 out) {
  return 180.0 - std::atan2(cross(in, out), dot(in, out)) * 180.0 / kPi;
}

/// The tangent of the circle about `centre` at `p`, pointing as `along` does.
Vec2 tangent(Vec2 centre, Vec2 p, Vec2 along) {
  const Vec2 radial = p - centre;
  const Vec2 t{-radial.y, radial.x};
  return dot(t, along) >= 0.0 ? t : -1.0 * t;
}

/// Whether `angle` is a sum of `sums` (ascending) within the tolerance.
bool near_a_sum(const std::vector<double>& sums, double angle) {
  const auto it = std::lower_bound(sums.begin(), sums.end(), angle - kCornerToleranceDeg);
  return it != sums.end() && *it <= angle + kCornerToleranceDeg;
}

/// The sums of at most one tangent corner angle of each piece (copies counted), up to 360.
std::vector<double> tangent_corner_sums(const PieceSet& set) {
  std::set<long> sums{0};  // hundredths of a degree
  for (const ShapeId id : set.order()) {
    std::set<long> next = sums;
    for (const double angle : tangent_corner_angles(set.shape(id)))
      for (const long s : sums)
        if (s + std::lround(angle * 100.0) <= 36000) next.insert(s + std::lround(angle * 100.0));
    sums.swap(next);
  }
  sums.erase(0);
  std::vector<double> out;
  for (const long s : sums) out.push_back(s / 100.0);
  return out;
}

/// A corner of the figure found on its vectorised outline.
struct Corner {
  Vec2 at;
  double angle_deg;
};

/// The corners of the rings where two fitted straight edges of at least `min_px`, neither on
/// an arc, meet.
std::vector<Corner> outline_corners(const std::vector<OutlineRing>& rings, double min_px) {
  std::vector<Corner> corners;
  for (const OutlineRing& ring : rings) {
    const std::size_t m = ring.corners.size();
    std::vector<int> arc_of(m, -1);  // per edge, the arc that replaces it
    for (std::size_t a = 0; a < ring.arcs.size(); ++a)
      for (std::size_t k = 0; k < ring.arcs[a].edges; ++k)
        arc_of[(ring.arcs[a].first_edge + k) % m] = static_cast<int>(a);
    const auto edge_vector = [&](std::size_t e) {
      return ring.corners[(e + 1) % m] - ring.corners[e];
    };
    const auto straight = [&](std::size_t e) {
      return arc_of[e] < 0 && ring.fitted[e] && norm(edge_vector(e)) >= min_px;
    };
    // Between straight edges.
    for (std::size_t i = 0; i < m; ++i) {
      const std::size_t before = (i + m - 1) % m;
      if (straight(before) && straight(i))
        corners.push_back({ring.corners[i], interior_angle(edge_vector(before), edge_vector(i))});
    }
    // (At the arcs' ends the tangents are measured too loosely to judge: the arcs' ends move
    // with a few pixels of the neighbouring curve.)
  }
  return corners;
}

}  // namespace

std::vector<ArcKind> arc_kinds(const PieceSet& set) {
  std::vector<ArcKind> kinds;
  for (const ShapeId id : set.order()) {
    const PieceShape& shape = set.shape(id);
    const std::size_t n = shape.outline.size();
    for (const PieceArc& arc : shape.arcs) {
      // Convex when the piece lies on the centre's side of the arc: the outline (positive
      // signed area) turns about the centre the way its area runs.
      const Vec2 a = shape.outline[arc.start], b = shape.outline[(arc.start + 1) % n];
      const bool convex = cross(a - arc.centre, b - arc.centre) > 0.0;
      const double length = std::abs(arc.sweep_deg) * kPi / 180.0 * arc.radius;
      auto same = std::find_if(kinds.begin(), kinds.end(), [&](const ArcKind& k) {
        return k.convex == convex &&
               std::abs(k.radius - arc.radius) <= 1e-6 * std::max(1.0, arc.radius);
      });
      if (same == kinds.end())
        kinds.push_back({arc.radius, convex, length});
      else
        same->length += length;
    }
  }
  std::sort(kinds.begin(), kinds.end(), [](const ArcKind& p, const ArcKind& q) {
    return p.radius != q.radius ? p.radius < q.radius : p.convex < q.convex;
  });
  return kinds;
}

std::vector<double> tangent_corner_angles(const PieceShape& shape) {
  const Polygon& outline = shape.outline;
  const std::size_t n = outline.size();
  const std::vector<bool> inside = inside_arcs(shape);
  std::vector<double> angles;
  for (std::size_t v = 0; v < n; ++v) {
    if (inside[v]) continue;
    const std::size_t previous = (v + n - 1) % n, next = (v + 1) % n;
    Vec2 in = outline[v] - outline[previous];
    Vec2 out = outline[next] - outline[v];
    for (const PieceArc& arc : shape.arcs) {
      if ((arc.start + arc.chords) % n == v) in = tangent(arc.centre, outline[v], in);
      if (arc.start == v) out = tangent(arc.centre, outline[v], out);
    }
    const double angle = interior_angle(in, out);
    if (std::abs(angle - 180.0) > 1e-6) angles.push_back(angle);
  }
  return angles;
}

std::optional<Impossibility> curved_refusal(const Pattern& pattern, const PieceSet& set) {
  const std::vector<ArcKind> kinds = arc_kinds(set);
  if (kinds.empty() || pattern.area_px <= 0) return std::nullopt;
  const double unit_px = set.unit_px(pattern.side_px);
  const std::vector<OutlineRing> rings = vectorise_outline(pattern.puzzle);
  Impossibility why;
  why.kind = Impossibility::Kind::UnmatchedArc;
  // Each judged figure arc to its kind; the length of the figure's arcs of each kind.
  std::vector<double> figure_length(kinds.size(), 0.0);
  for (const OutlineRing& ring : rings)
    for (const OutlineArc& arc : ring.arcs) {
      if (std::abs(arc.sweep_deg) < kMinJudgedSweepDeg) continue;
      const double tolerance_px = std::max(1.5, kArcRadiusTolerance * arc.radius);
      std::size_t kind = kinds.size();
      for (std::size_t k = 0; k < kinds.size(); ++k)
        if (kinds[k].convex == arc.convex &&
            std::abs(kinds[k].radius * unit_px - arc.radius) <= tolerance_px)
          kind = k;
      if (kind == kinds.size()) {
        const double half = arc.sweep_deg / 2.0 * kPi / 180.0;
        const Vec2 r = arc.from - arc.centre;
        why.at = arc.centre + Vec2{std::cos(half) * r.x - std::sin(half) * r.y,
                                   std::sin(half) * r.x + std::cos(half) * r.y};
        why.radius = arc.radius / unit_px;
        why.convex = arc.convex;
        why.needed = arc.length() / unit_px;
        why.available = 0.0;
        return why;
      }
      figure_length[kind] += arc.length();
    }
  for (std::size_t k = 0; k < kinds.size(); ++k) {
    const double have_px = kinds[k].length * unit_px;
    if (figure_length[k] > (1.0 + kArcLengthTolerance) * have_px + kArcLengthSlackPx) {
      why.radius = kinds[k].radius;
      why.convex = kinds[k].convex;
      why.needed = figure_length[k] / unit_px;
      why.available = kinds[k].length;
      return why;
    }
  }
  // Corners, as corner_angles.hpp judges them, with the pieces' tangent angles.
  const std::vector<double> sums = tangent_corner_sums(set);
  // Only long straight edges: the chords of an arc the outline did not find are shorter.
  const double min_px =
      std::max(12.0, kMinStraightShare * std::sqrt(static_cast<double>(pattern.area_px)));
  for (const Corner& corner : outline_corners(rings, min_px)) {
    const double angle = corner.angle_deg;
    // Near 180 degrees: no corner; near 0 or 360: a cusp or a slit's end, which side the
    // figure lies on unsure.
    if (std::abs(angle - 180.0) <= kFlatCornerDeg || angle <= 2.0 * kCornerToleranceDeg ||
        angle >= 360.0 - 2.0 * kCornerToleranceDeg || near_a_sum(sums, angle))
      continue;
    if (angle > 180.0 && near_a_sum(sums, angle - 180.0)) continue;
    why.kind = Impossibility::Kind::UnmakeableCorner;
    why.at = corner.at;
    why.angle_deg = angle;
    return why;
  }
  return std::nullopt;
}

}  // namespace tangram
