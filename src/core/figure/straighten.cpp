#include "tangram/core/figure/straighten.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <utility>

#include <opencv2/imgproc.hpp>

#include "tangram/core/figure/angles.hpp"
#include "tangram/core/figure/rotation_plan.hpp"
#include "tangram/core/geometry/outline.hpp"
#include "tangram/core/puzzle/verify.hpp"

namespace tangram {

namespace {

/// A straight stretch of a ring: the centres of its boundary pixels and the line fitted to them.
struct Stretch {
  std::size_t first = 0, last = 0;  ///< contour indices of its first and last point
  std::vector<Vec2> points;
  Vec2 along;            ///< unit direction, the way the contour runs
  Vec2 through;          ///< a point of the line: the points' mean
  double raw_deg = 0.0;  ///< the fitted direction before any turn to the grid, modulo 180
};

Vec2 run_point(const cv::Point& p) { return {p.x + 0.5, p.y + 0.5}; }

double screen_direction_deg(Vec2 u) {  // counter-clockwise on screen, modulo 180
  double a = std::atan2(-u.y, u.x) * 180.0 / kPi;
  a = std::fmod(a, 180.0);
  return a < 0.0 ? a + 180.0 : a;
}

/// Fits `s`'s line to its points, turned to `turn_deg` + k x `grid_deg` when within
/// kRoughDirectionWindowDeg.
void fit_stretch(Stretch& s, double grid_deg, double turn_deg) {
  std::vector<cv::Point2d> q;
  Vec2 sum;
  for (const Vec2 v : s.points) {
    q.emplace_back(v.x, v.y);
    sum = sum + v;
  }
  cv::Vec4d line;
  cv::fitLine(q, line, cv::DIST_L2, 0, 0.001, 0.001);
  Vec2 u{line[0], line[1]};
  const Vec2 run = s.points.back() - s.points.front();
  if (dot(u, run) < 0.0) u = -1.0 * u;
  s.raw_deg = screen_direction_deg(u);
  if (grid_deg > 0.0) {
    const double target = turn_deg + grid_deg * std::round((s.raw_deg - turn_deg) / grid_deg);
    if (angle_distance(s.raw_deg, target, 180.0) <= kRoughDirectionWindowDeg) {
      const double t = target * kPi / 180.0;
      Vec2 snapped{std::cos(t), -std::sin(t)};
      if (dot(snapped, u) < 0.0) snapped = -1.0 * snapped;
      u = snapped;
    }
  }
  s.along = u;
  // With its direction given, the least-squares line passes through the points' mean.
  s.through = (1.0 / static_cast<double>(s.points.size())) * sum;
}

/// The root mean square distance of `s`'s points from its line.
double rms(const Stretch& s) {
  double sum = 0.0;
  for (const Vec2 v : s.points) {
    const double d = cross(s.along, v - s.through);
    sum += d * d;
  }
  return std::sqrt(sum / static_cast<double>(s.points.size()));
}

/// Where the lines of `a` and `b`, each moved by `shift` along `outward` normals, meet; nullopt
/// when they are nearly parallel.
std::optional<Vec2> lines_meet(const Stretch& a, Vec2 out_a, const Stretch& b, Vec2 out_b,
                               double shift) {
  const double c = cross(a.along, b.along);
  if (std::abs(c) < std::sin(kStraightMergeDeg * kPi / 180.0)) return std::nullopt;
  const Vec2 pa = a.through + shift * out_a, pb = b.through + shift * out_b;
  const double t = cross(pb - pa, b.along) / c;
  return pa + t * a.along;
}

/// One ring straightened: its stretches in order, and the sign that turns a stretch's left
/// normal away from the figure.
struct StraightRing {
  std::vector<Stretch> stretches;
  double outward_sign = 1.0;
};

Vec2 outward_normal(const StraightRing& ring, const Stretch& s) {
  return ring.outward_sign * Vec2{-s.along.y, s.along.x};
}

std::optional<Polygon> ring_polygon(const StraightRing& ring, double shift) {
  Polygon polygon;
  const std::size_t m = ring.stretches.size();
  for (std::size_t i = 0; i < m; ++i) {
    const Stretch& a = ring.stretches[(i + m - 1) % m];
    const Stretch& b = ring.stretches[i];
    const std::optional<Vec2> corner =
        lines_meet(a, outward_normal(ring, a), b, outward_normal(ring, b), shift);
    if (!corner) return std::nullopt;
    polygon.push_back(*corner);
  }
  return polygon;
}

/// Whether two edges of `polygon` that do not share a corner cross.
bool crosses_itself(const Polygon& polygon) {
  const std::size_t m = polygon.size();
  const auto crosses = [](Vec2 a, Vec2 b, Vec2 c, Vec2 d) {
    const double d1 = cross(b - a, c - a), d2 = cross(b - a, d - a);
    const double d3 = cross(d - c, a - c), d4 = cross(d - c, b - c);
    return ((d1 > 0) != (d2 > 0)) && ((d3 > 0) != (d4 > 0));
  };
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = i + 2; j < m; ++j) {
      if (i == 0 && j == m - 1) continue;
      if (crosses(polygon[i], polygon[(i + 1) % m], polygon[j], polygon[(j + 1) % m])) return true;
    }
  return false;
}

double ring_length(const Polygon& polygon) {
  double sum = 0.0;
  for (std::size_t i = 0; i < polygon.size(); ++i) {
    const Vec2 d = polygon[(i + 1) % polygon.size()] - polygon[i];
    sum += std::hypot(d.x, d.y);
  }
  return sum;
}

/// `contour` (pattern pixels) as a ring of long straight stretches; nullopt when it is not one.
std::optional<StraightRing> straighten_ring(const std::vector<cv::Point>& contour, bool hole,
                                            double noise_px, double tolerance_px,
                                            double min_run_px) {
  const std::size_t n = contour.size();
  const std::vector<std::size_t> kept = simplified_indices(contour, tolerance_px);
  const std::size_t m = kept.size();
  if (m < 3) return std::nullopt;
  double length = 0.0, gaps = 0.0;
  std::vector<Stretch> runs;
  for (std::size_t i = 0; i < m; ++i) {
    const std::size_t from = kept[i], to = kept[(i + 1) % m];
    const std::size_t span = (to + n - from) % n;
    const Vec2 d = run_point(contour[to]) - run_point(contour[from]);
    const double chord = std::hypot(d.x, d.y);
    length += chord;
    if (chord < min_run_px || span < 6) {
      gaps += chord;
      continue;
    }
    // A sixth left out at each end, where the noise rounds the corners off.
    Stretch s;
    s.first = (from + span / 6) % n;
    s.last = (to + n - span / 6) % n;
    for (std::size_t k = span / 6; k <= span - span / 6; ++k)
      s.points.push_back(run_point(contour[(from + k) % n]));
    fit_stretch(s, 0.0, 0.0);
    runs.push_back(std::move(s));
  }
  if (runs.size() < 3 || gaps > kStraightMaxGapShare * length) return std::nullopt;
  // Neighbours that run the same way (a bump of the noise between them) are one edge.
  for (bool merged = true; merged && runs.size() >= 3;) {
    merged = false;
    for (std::size_t i = 0; i < runs.size() && runs.size() >= 3; ++i) {
      const std::size_t j = (i + 1) % runs.size();
      Stretch both = runs[i];
      both.points.insert(both.points.end(), runs[j].points.begin(), runs[j].points.end());
      both.last = runs[j].last;
      fit_stretch(both, 0.0, 0.0);
      if (angle_distance(runs[i].raw_deg, runs[j].raw_deg, 180.0) >= kStraightMergeDeg &&
          rms(both) > kStraightMergeNoises * noise_px)
        continue;
      runs[i] = std::move(both);
      runs.erase(runs.begin() + static_cast<std::ptrdiff_t>(j));
      merged = true;
    }
  }
  if (runs.size() < 3) return std::nullopt;
  // A slight bend between runs is a curve, or a corner the noise does not tell.
  for (std::size_t i = 0; i < runs.size(); ++i)
    if (angle_distance(runs[i].raw_deg, runs[(i + 1) % runs.size()].raw_deg, 180.0) <
        kStraightMinTurnDeg)
      return std::nullopt;
  StraightRing ring;
  ring.stretches = std::move(runs);
  // Positive signed area: the figure (or, for a hole, the hole) lies on the left normal's side.
  Polygon traced;
  for (const cv::Point& p : contour) traced.push_back(run_point(p));
  ring.outward_sign = (signed_area(traced) > 0.0) == hole ? 1.0 : -1.0;
  // Each corner near the outline between its two runs.
  const double reach = kStraightCornerNoises * noise_px + 2.0;
  const std::size_t r = ring.stretches.size();
  for (std::size_t i = 0; i < r; ++i) {
    const Stretch& a = ring.stretches[i];
    const Stretch& b = ring.stretches[(i + 1) % r];
    const std::optional<Vec2> corner =
        lines_meet(a, outward_normal(ring, a), b, outward_normal(ring, b), 0.0);
    if (!corner) return std::nullopt;
    double nearest = 1e300;
    for (std::size_t k = a.last;; k = (k + 1) % n) {
      const Vec2 d = run_point(contour[k]) - *corner;
      nearest = std::min(nearest, std::hypot(d.x, d.y));
      if (k == b.first) break;
    }
    if (nearest > reach) return std::nullopt;
  }
  return ring;
}

/// The direction the runs of `rings` share modulo `grid_deg`: the circular mean of the runs within
/// kRoughDirectionWindowDeg of the direction the most run length lies within that of (of 720
/// candidates), 0 within RotationPlanConfig::rough_snap_deg of it; nullopt when those runs hold
/// less than RotationPlanConfig::min_share of the length.
std::optional<double> shared_turn(const std::vector<StraightRing>& rings, double grid_deg) {
  std::vector<std::pair<double, double>> runs;  // direction, length
  double total = 0.0;
  for (const StraightRing& ring : rings)
    for (const Stretch& s : ring.stretches) {
      const Vec2 d = s.points.back() - s.points.front();
      runs.emplace_back(s.raw_deg, std::hypot(d.x, d.y));
      total += runs.back().second;
    }
  double best_weight = -1.0, best = 0.0;
  for (int k = 0; k < 720; ++k) {
    const double candidate = grid_deg * k / 720.0;
    double weight = 0.0;
    for (const auto& [deg, length] : runs)
      if (angle_distance(deg, candidate, grid_deg) <= kRoughDirectionWindowDeg) weight += length;
    if (weight > best_weight + 1e-9) best_weight = weight, best = candidate;
  }
  const RotationPlanConfig plan;
  if (!(total > 0.0) || best_weight < plan.min_share * total) return std::nullopt;
  double sx = 0.0, sy = 0.0;
  for (const auto& [deg, length] : runs) {
    if (angle_distance(deg, best, grid_deg) > kRoughDirectionWindowDeg) continue;
    const double t = deg * 2.0 * kPi / grid_deg;
    sx += length * std::cos(t);
    sy += length * std::sin(t);
  }
  double turn = std::atan2(sy, sx) * grid_deg / (2.0 * kPi);
  if (turn < 0.0) turn += grid_deg;
  return angle_distance(turn, 0.0, grid_deg) < plan.rough_snap_deg ? 0.0 : turn;
}

}  // namespace

std::optional<StraightenedOutline> straightened_outline(const Pattern& pattern, double noise_px,
                                                        double grid_deg) {
  if (pattern.puzzle.empty() || pattern.area_px <= 0) return std::nullopt;
  cv::Mat1b padded;
  cv::copyMakeBorder(pattern.puzzle, padded, 1, 1, 1, 1, cv::BORDER_CONSTANT, 0);
  std::vector<std::vector<cv::Point>> contours;
  std::vector<cv::Vec4i> hierarchy;
  cv::findContours(padded, contours, hierarchy, cv::RETR_CCOMP, cv::CHAIN_APPROX_NONE);
  std::vector<StraightRing> rings;
  std::vector<bool> holes;
  for (std::size_t c = 0; c < contours.size(); ++c) {
    for (cv::Point& p : contours[c]) p -= cv::Point(1, 1);
    const bool hole = hierarchy[c][3] >= 0;
    // The least tolerance of the ladder at which the ring is long runs.
    std::optional<StraightRing> ring;
    for (const double noises : kStraightCornerTolerances) {
      ring = straighten_ring(contours[c], hole, noise_px, std::max(1.5, noises * noise_px),
                             kStraightRunMinShare * pattern.side_px);
      if (ring) break;
    }
    if (!ring) return std::nullopt;
    rings.push_back(std::move(*ring));
    holes.push_back(hole);
  }
  if (rings.empty()) return std::nullopt;
  if (grid_deg > 0.0)
    if (const std::optional<double> turn = shared_turn(rings, grid_deg))
      for (StraightRing& ring : rings)
        for (Stretch& s : ring.stretches) fit_stretch(s, grid_deg, *turn);
  // One shift of every line along its outward normal that gives the figure's area (the pixel
  // centres lie about half a pixel inside the edge): Newton's steps on area(shift).
  const auto polygons_at = [&](double shift) -> std::optional<std::vector<Polygon>> {
    std::vector<Polygon> polygons;
    for (const StraightRing& ring : rings) {
      std::optional<Polygon> polygon = ring_polygon(ring, shift);
      if (!polygon) return std::nullopt;
      polygons.push_back(std::move(*polygon));
    }
    return polygons;
  };
  const auto area_of = [&](const std::vector<Polygon>& polygons) {
    double sum = 0.0;
    for (std::size_t i = 0; i < polygons.size(); ++i)
      sum += holes[i] ? -area(polygons[i]) : area(polygons[i]);
    return sum;
  };
  double shift = 0.5;
  std::optional<std::vector<Polygon>> polygons;
  for (int step = 0; step < 4; ++step) {
    polygons = polygons_at(shift);
    if (!polygons) return std::nullopt;
    double length = 0.0;
    for (const Polygon& p : *polygons) length += ring_length(p);
    if (!(length > 0.0)) return std::nullopt;
    shift += (static_cast<double>(pattern.area_px) - area_of(*polygons)) / length;
  }
  if (std::abs(shift) > 1.0 + noise_px) return std::nullopt;
  polygons = polygons_at(shift);
  if (!polygons) return std::nullopt;
  double length = 0.0;
  for (const Polygon& p : *polygons) {
    if (crosses_itself(p)) return std::nullopt;
    length += ring_length(p);
  }
  StraightenedOutline out;
  out.rings = std::move(*polygons);
  out.puzzle = pixels_inside_rings(pattern.puzzle.size(), out.rings);
  cv::Mat1b differ;
  cv::bitwise_xor(out.puzzle, pattern.puzzle > 0, differ);
  const double changed = cv::countNonZero(differ);
  if (changed > kStraightMaxDiffNoises * noise_px * length || changed < kStraightMinDiffPx * length)
    return std::nullopt;
  return out;
}

}  // namespace tangram
