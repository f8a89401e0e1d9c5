#include "tangram/core/figure/corner_angles.hpp"

#include "tangram/core/geometry/outline.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <vector>

#include <opencv2/imgproc.hpp>

namespace tangram {

namespace {

/// A line fitted to a stretch of the outline: its direction (unit vector, along the contour) and
/// the standard error of that direction (radians) from the points' scatter about the line.
struct FittedLine {
  Vec2 direction;
  double error_rad = 0.0;
};

/// The line fitted to contour points [from, to] (indices modulo the contour's size, `to` after
/// `from`), without the quarter at each end (where the stretch bends into its corners).
FittedLine fitted_line(const std::vector<cv::Point>& contour, std::size_t from, std::size_t to) {
  const std::size_t n = contour.size();
  const std::size_t length = (to + n - from) % n;
  std::vector<cv::Point2f> points;
  for (std::size_t k = length / 4; k <= length - length / 4; ++k) {
    const cv::Point& p = contour[(from + k) % n];
    points.emplace_back(static_cast<float>(p.x), static_cast<float>(p.y));
  }
  cv::Vec4f line;
  cv::fitLine(points, line, cv::DIST_L2, 0, 0.01, 0.01);
  Vec2 d{line[0], line[1]};
  // The slope's standard error: the scatter across the line over the spread along it.
  double across = 0.0, along = 0.0;
  for (const cv::Point2f& p : points) {
    const double dx = p.x - line[2], dy = p.y - line[3];
    across += std::pow(dx * d.y - dy * d.x, 2);
    along += std::pow(dx * d.x + dy * d.y, 2);
  }
  const double scatter = std::sqrt(across / std::max<std::size_t>(1, points.size() - 2));
  // Along the contour, from `from` to `to`.
  const cv::Point a = contour[from], b = contour[to % n];
  if (d.x * (b.x - a.x) + d.y * (b.y - a.y) < 0) d = {-d.x, -d.y};
  return {d, along > 0.0 ? scatter / std::sqrt(along) : kPi};
}

/// Around `v`, on a circle of `radius` px: the share of the figure and whether it is one arc
/// (a plain corner) rather than several (a pinch where pieces touch at a point, a spike).
struct Ring {
  double share = 0.0;
  bool one_arc = false;
};

Ring ring_around(const cv::Mat1b& puzzle, cv::Point v, double radius) {
  constexpr int kSamples = 720;
  // The directions of the samples, computed once: a ring is drawn for every radius of every
  // vertex of every outline.
  static const std::vector<Vec2> directions = [] {
    std::vector<Vec2> out;
    for (int k = 0; k <= kSamples; ++k) {
      const double t = 2.0 * kPi * k / kSamples;
      out.push_back({std::cos(t), std::sin(t)});
    }
    return out;
  }();
  int inside = 0, changes = 0;
  bool first = false, last = false;
  for (int k = 0; k <= kSamples; ++k) {
    const Vec2 d = directions[static_cast<std::size_t>(k)];
    const int x = static_cast<int>(std::floor(v.x + 0.5 + radius * d.x));
    const int y = static_cast<int>(std::floor(v.y + 0.5 + radius * d.y));
    const bool in = x >= 0 && y >= 0 && x < puzzle.cols && y < puzzle.rows && puzzle(y, x) != 0;
    if (k == 0)
      first = in;
    else if (in != last)
      ++changes;
    if (k < kSamples) inside += in ? 1 : 0;
    last = in;
  }
  (void)first;
  return {static_cast<double>(inside) / kSamples, changes == 2};
}

}  // namespace

std::vector<FigureCorner> figure_corners(const cv::Mat1b& puzzle, double min_edge_px) {
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(puzzle != 0, contours, cv::RETR_LIST, cv::CHAIN_APPROX_NONE);
  std::vector<FigureCorner> corners;
  for (const std::vector<cv::Point>& contour : contours) {
    if (contour.size() < 8) continue;
    // Indices into the contour of the simplified outline's vertices.
    const std::vector<std::size_t> kept = simplified_indices(contour, kOutlineTolerancePx);
    const std::size_t m = kept.size();
    if (m < 3) continue;
    const std::size_t n = contour.size();
    for (std::size_t i = 0; i < m; ++i) {
      const std::size_t prev = kept[(i + m - 1) % m];
      const std::size_t here = kept[i];
      const std::size_t next = kept[(i + 1) % m];
      const cv::Point v = contour[here];
      const auto length = [&](std::size_t a, std::size_t b) {
        return std::hypot(double(contour[b].x - contour[a].x), double(contour[b].y - contour[a].y));
      };
      if (length(prev, here) < min_edge_px || length(here, next) < min_edge_px) continue;
      if ((here + n - prev) % n < 8 || (next + n - here) % n < 8) continue;
      const FittedLine arriving = fitted_line(contour, prev, here);
      const FittedLine leaving = fitted_line(contour, here, next);
      const Vec2 in = arriving.direction, out = leaving.direction;
      // The angle between the two stretches, seen from the corner: 0..180.
      const Vec2 back{-in.x, -in.y};
      const double between =
          std::acos(std::clamp(back.x * out.x + back.y * out.y, -1.0, 1.0)) * 180.0 / kPi;
      // Convex or reflex: is the figure on the narrow side? A point on the narrow angle's
      // bisector, 3 px in.
      Vec2 bisector{back.x + out.x, back.y + out.y};
      const double norm = std::hypot(bisector.x, bisector.y);
      if (norm < 1e-6) continue;  // a straight stretch
      bisector = {bisector.x / norm, bisector.y / norm};
      const int px = static_cast<int>(std::lround(v.x + 3.0 * bisector.x));
      const int py = static_cast<int>(std::lround(v.y + 3.0 * bisector.y));
      if (px < 0 || py < 0 || px >= puzzle.cols || py >= puzzle.rows) continue;
      const bool narrow_inside = puzzle(py, px) != 0;
      const double angle = narrow_inside ? between : 360.0 - between;
      // A plain corner: the figure fills one wedge around it, of about that angle, on circles
      // of two radii (not a point where pieces touch, not a spike or a notch too small for
      // the fitted lines to see).
      bool plain = true;
      for (const double radius : {5.0, 9.0}) {
        const Ring ring = ring_around(puzzle, v, radius);
        plain = plain && ring.one_arc && std::abs(ring.share * 360.0 - angle) < 20.0;
      }
      // Three standard errors of the angle, from both stretches' scatter.
      const double uncertainty =
          3.0 * std::hypot(arriving.error_rad, leaving.error_rad) * 180.0 / kPi;
      if (plain) corners.push_back({{double(v.x), double(v.y)}, angle, uncertainty});
    }
  }
  return corners;
}

namespace {

/// The pieces' corner angles (hundredths of a degree, straight vertices left out), per piece
/// (copies counted); empty for a set with arcs.
std::vector<std::vector<long>> piece_corners(const PieceSet& set) {
  if (has_arcs(set)) return {};
  std::vector<std::vector<long>> pieces;
  for (const ShapeId id : set.order()) {
    const Polygon& outline = set.shape(id).outline;
    const std::size_t n = outline.size();
    std::vector<long> angles;
    const double orientation = signed_area(outline) >= 0 ? 1.0 : -1.0;
    for (std::size_t i = 0; i < n; ++i) {
      const Vec2 a = outline[(i + n - 1) % n], b = outline[i], c = outline[(i + 1) % n];
      const Vec2 u{a.x - b.x, a.y - b.y}, w{c.x - b.x, c.y - b.y};
      double angle = std::atan2(cross(w, u), dot(w, u)) * 180.0 / kPi * orientation;
      if (angle < 0) angle += 360.0;
      if (std::abs(angle - 180.0) > 1e-6) angles.push_back(std::lround(angle * 100.0));
    }
    pieces.push_back(std::move(angles));
  }
  return pieces;
}

/// Every sum (hundredths of a degree, up to 360) of at most one corner of each piece, with the
/// fewest corners that make it; the empty sum 0 included.
std::map<long, int> fewest_corners(const std::vector<std::vector<long>>& pieces) {
  std::map<long, int> best{{0, 0}};
  for (const std::vector<long>& angles : pieces) {
    std::map<long, int> next = best;
    for (const auto& [sum, count] : best)
      for (const long a : angles)
        if (sum + a <= 36000) {
          const auto [it, added] = next.emplace(sum + a, count + 1);
          if (!added) it->second = std::min(it->second, count + 1);
        }
    best.swap(next);
  }
  return best;
}

/// The sums of fewest_corners() within `tolerance_deg` of `angle` (degrees).
template <typename Visit>
void sums_near(const std::map<long, int>& sums, double angle, double tolerance_deg, Visit visit) {
  const auto from = sums.lower_bound(std::lround(std::ceil((angle - tolerance_deg) * 100.0)));
  const auto to = sums.upper_bound(std::lround(std::floor((angle + tolerance_deg) * 100.0)));
  for (auto it = from; it != to; ++it)
    if (it->first > 0) visit(it->first / 100.0, it->second);
}

}  // namespace

std::vector<double> corner_sums(const PieceSet& set) {
  const std::vector<std::vector<long>> pieces = piece_corners(set);
  if (pieces.empty()) return {};
  std::vector<double> out;
  for (const auto& [sum, count] : fewest_corners(pieces))
    if (sum > 0) out.push_back(sum / 100.0);
  return out;
}

std::optional<CornerShortage> corner_shortage(const std::vector<FigureCorner>& corners,
                                              const PieceSet& set, double tolerance_deg) {
  const std::vector<std::vector<long>> pieces = piece_corners(set);
  if (pieces.empty()) return std::nullopt;
  CornerShortage have;
  for (const std::vector<long>& angles : pieces) {
    have.piece_corners += static_cast<int>(angles.size());
    for (const long a : angles) have.angle_available_deg += a / 100.0;
  }
  const std::map<long, int> sums = fewest_corners(pieces);
  for (const FigureCorner& corner : corners) {
    const double angle = corner.angle_deg;
    const double tolerance = tolerance_deg + corner.uncertainty_deg;
    if (std::abs(angle - 180.0) <= tolerance) continue;
    // The least angle and the fewest corners of the pieces that can meet there: their corners
    // make the figure's angle, or at a reflex corner one piece may pass with a straight edge.
    double least_angle = 360.0;
    int fewest = std::numeric_limits<int>::max();
    const auto visit = [&](double sum, int count) {
      least_angle = std::min(least_angle, sum);
      fewest = std::min(fewest, count);
    };
    sums_near(sums, angle, tolerance, visit);
    if (angle > 180.0) sums_near(sums, angle - 180.0, tolerance, visit);
    if (fewest == std::numeric_limits<int>::max()) continue;  // unmakeable_corner()'s refusal
    ++have.corners;
    have.piece_corners_needed += fewest;
    have.angle_needed_deg += least_angle;
  }
  if (have.piece_corners_needed > have.piece_corners ||
      have.angle_needed_deg > have.angle_available_deg + 1e-6)
    return have;
  return std::nullopt;
}

std::optional<CornerShortage> corner_shortage(const cv::Mat1b& puzzle, const PieceSet& set,
                                              double min_edge_px, double tolerance_deg) {
  if (has_arcs(set)) return std::nullopt;
  return corner_shortage(figure_corners(puzzle, min_edge_px), set, tolerance_deg);
}

std::optional<CornerShortage> corner_shortage(const Pattern& pattern, const PieceSet& set) {
  return corner_shortage(pattern.puzzle, set, min_corner_edge_px(pattern), kCornerToleranceDeg);
}

std::optional<FigureCorner> unmakeable_corner(const cv::Mat1b& puzzle, const PieceSet& set,
                                              double min_edge_px, double tolerance_deg) {
  if (has_arcs(set)) return std::nullopt;
  return unmakeable_corner(figure_corners(puzzle, min_edge_px), set, tolerance_deg);
}

std::optional<FigureCorner> unmakeable_corner(const std::vector<FigureCorner>& corners,
                                              const PieceSet& set, double tolerance_deg) {
  const std::vector<double> sums = corner_sums(set);
  if (sums.empty()) return std::nullopt;
  for (const FigureCorner& corner : corners) {
    const double angle = corner.angle_deg;
    const double tolerance = tolerance_deg + corner.uncertainty_deg;
    const auto near_a_sum = [&](double a) {
      const auto it = std::lower_bound(sums.begin(), sums.end(), a - tolerance);
      return it != sums.end() && *it <= a + tolerance;
    };
    if (std::abs(angle - 180.0) <= tolerance) continue;
    if (near_a_sum(angle)) continue;
    if (angle > 180.0 && near_a_sum(angle - 180.0)) continue;
    return corner;
  }
  return std::nullopt;
}

std::optional<FigureCorner> unmakeable_corner(const Pattern& pattern, const PieceSet& set) {
  return unmakeable_corner(pattern.puzzle, set, min_corner_edge_px(pattern), kCornerToleranceDeg);
}

double min_corner_edge_px(const Pattern& pattern) {
  return std::max(12.0, 0.1 * std::sqrt(static_cast<double>(pattern.area_px)));
}

}  // namespace tangram
