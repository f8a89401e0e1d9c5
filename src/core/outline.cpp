#include "tangram/core/outline.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include <opencv2/imgproc.hpp>

namespace tangram {

namespace {

/// A line through `point` along the unit vector `direction`.
struct Line {
  Vec2 point;
  Vec2 direction;
};

Vec2 pixel_centre(const cv::Point& p) { return {p.x + 0.5, p.y + 0.5}; }

/// The line fitted to the crack midpoints of contour points from..to (indices modulo the
/// contour's size, `to` after `from`) without a few points at each end, where the boundary
/// bends into its corners; nullopt when the stretch is too short for a fit.
std::optional<Line> fitted_line(const cv::Mat1b& puzzle, const std::vector<cv::Point>& contour,
                                std::size_t from, std::size_t to, double tolerance_px) {
  const std::size_t n = contour.size();
  const std::size_t steps = (to + n - from) % n;
  const Vec2 a = pixel_centre(contour[from]), b = pixel_centre(contour[to % n]);
  const double length = std::hypot(b.x - a.x, b.y - a.y);
  if (steps < 4 || length < 4.0) return std::nullopt;
  const Vec2 along{(b.x - a.x) / length, (b.y - a.y) / length};
  const std::size_t margin = std::max<std::size_t>(1, std::min<std::size_t>(steps / 4, 3));
  const auto inside = [&](int x, int y) {
    return x >= 0 && y >= 0 && x < puzzle.cols && y < puzzle.rows && puzzle(y, x) != 0;
  };
  std::vector<cv::Point2d> midpoints;
  for (std::size_t k = margin; k + margin <= steps; ++k) {
    const cv::Point& p = contour[(from + k) % n];
    for (const cv::Point d : {cv::Point(1, 0), cv::Point(-1, 0), cv::Point(0, 1), cv::Point(0, -1)}) {
      if (inside(p.x + d.x, p.y + d.y)) continue;
      const Vec2 m{p.x + 0.5 + d.x / 2.0, p.y + 0.5 + d.y / 2.0};
      // Only cracks along this stretch (a thin part's far side, a neighbouring stretch's
      // cracks stay out).
      if (std::abs(cross(along, m - a)) <= tolerance_px + 1.0) midpoints.emplace_back(m.x, m.y);
    }
  }
  if (midpoints.size() < 3) return std::nullopt;
  cv::Vec4d line;
  cv::fitLine(midpoints, line, cv::DIST_L2, 0, 0.001, 0.001);
  Vec2 direction{line[0], line[1]};
  if (dot(direction, along) < 0) direction = -1.0 * direction;
  return Line{{line[2], line[3]}, direction};
}

/// Where two lines meet; nullopt when they are within `min_sine` of parallel.
std::optional<Vec2> intersection(const Line& p, const Line& q, double min_sine) {
  const double denominator = cross(p.direction, q.direction);
  if (std::abs(denominator) < min_sine) return std::nullopt;
  const double t = cross(q.point - p.point, q.direction) / denominator;
  return p.point + t * p.direction;
}

/// The foot of `v` on the line.
Vec2 project(const Line& line, Vec2 v) {
  return line.point + dot(v - line.point, line.direction) * line.direction;
}

OutlineRing vectorise_ring(const cv::Mat1b& puzzle, const std::vector<cv::Point>& contour,
                           double tolerance_px) {
  OutlineRing ring;
  const std::vector<std::size_t> kept = simplified_indices(contour, tolerance_px);
  const std::size_t m = kept.size();
  if (m < 3) return ring;
  std::vector<std::optional<Line>> lines(m);
  for (std::size_t i = 0; i < m; ++i)
    lines[i] = fitted_line(puzzle, contour, kept[i], kept[(i + 1) % m], tolerance_px);
  constexpr double kMinSine = 0.05;  // about 3 degrees: flatter meetings keep the pixel vertex
  for (std::size_t i = 0; i < m; ++i) {
    const Vec2 vertex = pixel_centre(contour[kept[i]]);
    const std::optional<Line>& before = lines[(i + m - 1) % m];
    const std::optional<Line>& after = lines[i];
    Vec2 corner = vertex;
    std::optional<Vec2> meeting;
    if (before && after) meeting = intersection(*before, *after, kMinSine);
    const auto near = [&](Vec2 p) { return std::hypot(p.x - vertex.x, p.y - vertex.y) <= tolerance_px + 2.0; };
    if (meeting && near(*meeting)) corner = *meeting;
    else if (before && near(project(*before, vertex))) corner = project(*before, vertex);
    else if (after && near(project(*after, vertex))) corner = project(*after, vertex);
    ring.corners.push_back(corner);
    ring.fitted.push_back(after.has_value());
  }
  return ring;
}

}  // namespace

std::vector<std::size_t> simplified_indices(const std::vector<cv::Point>& contour,
                                            double tolerance_px) {
  std::vector<cv::Point> simple;
  cv::approxPolyDP(contour, simple, tolerance_px, true);
  std::vector<std::size_t> kept;
  std::size_t at = 0;
  for (const cv::Point& v : simple) {  // approxPolyDP keeps contour points, in order
    for (std::size_t k = 0; k < contour.size(); ++k, at = (at + 1) % contour.size())
      if (contour[at] == v) break;
    kept.push_back(at);
  }
  return kept;
}

std::vector<OutlineRing> vectorise_outline(const cv::Mat1b& puzzle, double tolerance_px) {
  std::vector<std::vector<cv::Point>> contours;
  std::vector<cv::Vec4i> hierarchy;
  cv::findContours(puzzle != 0, contours, hierarchy, cv::RETR_CCOMP, cv::CHAIN_APPROX_NONE);
  // Outer rings first (in the order findContours gives), then the holes, each after its parent.
  std::vector<OutlineRing> rings;
  std::vector<int> ring_of(contours.size(), -1);
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t c = 0; c < contours.size(); ++c) {
      const bool hole = hierarchy[c][3] >= 0;
      if (hole != (pass == 1)) continue;
      OutlineRing ring = vectorise_ring(puzzle, contours[c], tolerance_px);
      if (ring.corners.size() < 3) continue;
      ring.hole = hole;
      if (hole) {
        ring.parent = ring_of[static_cast<std::size_t>(hierarchy[c][3])];
        if (ring.parent < 0) continue;  // its outer ring was a speck
      }
      // Outer rings clockwise on screen (positive signed area), holes the other way.
      if ((signed_area(ring.corners) > 0) == hole) {
        std::reverse(ring.corners.begin(), ring.corners.end());
        // Edge i ran from corner i to i + 1; reversed, edge j runs from corner j to j + 1 of
        // the new order, which is the old edge m - 2 - j (modulo m).
        const std::size_t m = ring.fitted.size();
        std::vector<bool> fitted(m);
        for (std::size_t j = 0; j < m; ++j) fitted[j] = ring.fitted[(2 * m - 2 - j) % m];
        ring.fitted = fitted;
      }
      ring_of[c] = static_cast<int>(rings.size());
      rings.push_back(std::move(ring));
    }
  }
  return rings;
}

}  // namespace tangram
