#include "tangram/core/figure/angles.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include <opencv2/imgproc.hpp>

namespace tangram {

namespace {

double mod45(double angle) {
  double r = std::fmod(angle, 45.0);
  if (r < 0) r += 45.0;
  return r;
}

}  // namespace

std::vector<double> dominant_residues(const Pattern& pattern, const AngleHintConfig& config) {
  std::vector<double> residues;
  if (pattern.puzzle.empty() || !(config.step_deg > 0.0)) return residues;
  cv::Mat1b padded;
  cv::copyMakeBorder(pattern.puzzle, padded, 1, 1, 1, 1, cv::BORDER_CONSTANT, 0);
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(padded, contours, cv::RETR_LIST, cv::CHAIN_APPROX_NONE);

  const int bins = std::max(1, static_cast<int>(std::lround(45.0 / config.step_deg)));
  std::vector<double> weight(static_cast<std::size_t>(bins), 0.0);
  double total = 0.0;
  const double min_length = config.min_edge_share * pattern.side_px;
  for (const std::vector<cv::Point>& contour : contours) {
    std::vector<cv::Point> polygon;
    cv::approxPolyDP(contour, polygon, config.epsilon_px, true);
    for (std::size_t i = 0; i < polygon.size(); ++i) {
      const cv::Point d = polygon[(i + 1) % polygon.size()] - polygon[i];
      const double length = std::hypot(d.x, d.y);
      if (length < min_length) continue;
      // Counter-clockwise on screen (y down), reduced modulo 45 and measured in steps.
      const double steps = mod45(std::atan2(-d.y, d.x) * 180.0 / M_PI) / config.step_deg;
      const int lower = static_cast<int>(std::floor(steps));
      const double frac = steps - lower;
      weight[static_cast<std::size_t>(((lower % bins) + bins) % bins)] += length * (1.0 - frac);
      weight[static_cast<std::size_t>(((lower + 1) % bins + bins) % bins)] += length * frac;
      total += length;
    }
  }
  if (total <= 0.0) return residues;
  std::vector<int> order(static_cast<std::size_t>(bins));
  for (int b = 0; b < bins; ++b) order[static_cast<std::size_t>(b)] = b;
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return weight[static_cast<std::size_t>(a)] > weight[static_cast<std::size_t>(b)];
  });
  for (const int b : order) {
    if (static_cast<int>(residues.size()) >= config.max_residues) break;
    if (weight[static_cast<std::size_t>(b)] < config.min_weight_share * total) break;
    residues.push_back(b * config.step_deg);
  }
  return residues;
}

namespace {

/// A straight edge of an outline: its direction (degrees, counter-clockwise on screen, modulo
/// 180) and its length in pixels.
struct Edge {
  double angle_deg;
  double length;
};

/// How far (px) a contour pixel may be from an arc of the outline to count as lying on it: the
/// outline's simplification tolerance and a pixel.
constexpr double kOnArcPx = kOutlineTolerancePx + 1.0;

/// The long straight edges of the pattern's contours (outer boundaries and holes): corners from
/// a polygon approximation, each edge's direction from a line fitted to the contour pixels
/// between two corners, a sixth of them left out at each end (where corners round off).
/// With `skip_arcs_of`: see outline_direction().
std::vector<Edge> long_edges(const Pattern& pattern, double min_length_px,
                             const std::vector<OutlineRing>* skip_arcs_of,
                             double corner_tolerance_px = 1.5) {
  const std::vector<OutlineArc> arcs =
      skip_arcs_of != nullptr ? outline_arcs(*skip_arcs_of) : std::vector<OutlineArc>{};
  const auto on_arc = [&](const cv::Point& padded) {
    // A padded contour pixel's centre in the pattern's pixel frame.
    const Vec2 p{padded.x - 0.5, padded.y - 0.5};
    return std::any_of(arcs.begin(), arcs.end(),
                       [&](const OutlineArc& arc) { return near_arc(arc, p, kOnArcPx); });
  };
  std::vector<Edge> edges;
  cv::Mat1b padded;
  cv::copyMakeBorder(pattern.puzzle, padded, 1, 1, 1, 1, cv::BORDER_CONSTANT, 0);
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(padded, contours, cv::RETR_LIST, cv::CHAIN_APPROX_NONE);
  for (const std::vector<cv::Point>& contour : contours) {
    std::vector<cv::Point> corners;
    cv::approxPolyDP(contour, corners, corner_tolerance_px, true);
    if (corners.size() < 3) continue;
    // The corners are contour points, in contour order from some point on: their indices.
    std::map<std::pair<int, int>, std::size_t> index;
    for (std::size_t k = contour.size(); k-- > 0;) index[{contour[k].x, contour[k].y}] = k;
    std::vector<std::size_t> at;
    for (const cv::Point& corner : corners) at.push_back(index.at({corner.x, corner.y}));
    const std::size_t n = contour.size();
    for (std::size_t i = 0; i < at.size(); ++i) {
      const std::size_t from = at[i];
      const std::size_t to = at[(i + 1) % at.size()];
      const std::size_t span = (to + n - from) % n;
      const cv::Point d = corners[(i + 1) % corners.size()] - corners[i];
      const double length = std::hypot(d.x, d.y);
      if (length < min_length_px || span < 6) continue;
      std::vector<cv::Point2f> points;
      std::size_t stretch = 0;
      for (std::size_t k = span / 6; k <= span - span / 6; ++k, ++stretch)
        if (arcs.empty() || !on_arc(contour[(from + k) % n]))
          points.emplace_back(contour[(from + k) % n]);
      if (points.size() < 2 || 2 * points.size() < stretch) continue;  // mostly on arcs
      cv::Vec4f line;
      cv::fitLine(points, line, cv::DIST_L2, 0, 0.01, 0.01);
      double angle = std::atan2(-line[1], line[0]) * 180.0 / M_PI;  // y down: counter-clockwise
      angle = std::fmod(angle, 180.0);
      if (angle < 0) angle += 180.0;
      edges.push_back({angle, length * static_cast<double>(points.size()) / stretch});
    }
  }
  return edges;
}

double positive_fmod(double value, double modulus) {
  double r = std::fmod(value, modulus);
  if (r < 0) r += modulus;
  return r >= modulus ? 0.0 : r;
}

/// The length-weighted circular mean modulo `modulus_deg` of the edges within `window_deg` of
/// the direction that the most edge length lies within `window_deg` of (of 720 candidates).
std::optional<OutlineDirection> shared_direction(const std::vector<Edge>& edges, double modulus_deg,
                                                 double window_deg) {
  double total = 0.0;
  for (const Edge& e : edges) total += e.length;
  if (edges.empty() || total <= 0.0) return std::nullopt;
  const auto distance = [modulus_deg](double a, double b) {
    return angle_distance(a, b, modulus_deg);
  };
  double best_weight = -1.0, best = 0.0;
  for (int k = 0; k < 720; ++k) {
    const double candidate = modulus_deg * k / 720.0;
    double weight = 0.0;
    for (const Edge& e : edges)
      if (distance(e.angle_deg, candidate) <= window_deg) weight += e.length;
    if (weight > best_weight + 1e-9) best_weight = weight, best = candidate;
  }
  double sx = 0.0, sy = 0.0, near = 0.0;
  for (const Edge& e : edges) {
    if (distance(e.angle_deg, best) > window_deg) continue;
    const double t = positive_fmod(e.angle_deg, modulus_deg) * 2.0 * M_PI / modulus_deg;
    sx += e.length * std::cos(t);
    sy += e.length * std::sin(t);
    near += e.length;
  }
  OutlineDirection direction;
  direction.residue_deg =
      positive_fmod(std::atan2(sy, sx) * modulus_deg / (2.0 * M_PI), modulus_deg);
  direction.share = near / total;
  return direction;
}

/// Whether `modulus_deg` divides 180 (an edge's direction is only defined modulo 180).
bool divides_half_turn(double modulus_deg) {
  if (!(modulus_deg > 0.0) || modulus_deg > 180.0) return false;
  const double turns = 180.0 / modulus_deg;
  return std::abs(turns - std::round(turns)) <= 1e-9;
}

}  // namespace

std::optional<OutlineDirection> outline_direction(const Pattern& pattern, double modulus_deg,
                                                  double min_edge_share,
                                                  const std::vector<OutlineRing>* skip_arcs_of) {
  if (pattern.puzzle.empty() || !divides_half_turn(modulus_deg)) return std::nullopt;
  // Each edge counted within 2 degrees of a candidate direction.
  return shared_direction(long_edges(pattern, min_edge_share * pattern.side_px, skip_arcs_of),
                          modulus_deg, 2.0);
}

std::optional<OutlineDirection> rough_outline_direction(
    const Pattern& pattern, double modulus_deg, double noise_px,
    const std::vector<OutlineRing>* skip_arcs_of) {
  if (pattern.puzzle.empty() || !divides_half_turn(modulus_deg)) return std::nullopt;
  const double corner_tolerance = std::max(1.5, kRoughCornerNoises * noise_px);
  return shared_direction(
      long_edges(pattern, kRoughRunMinShare * pattern.side_px, skip_arcs_of, corner_tolerance),
      modulus_deg, kRoughDirectionWindowDeg);
}

double angle_distance(double a_deg, double b_deg, double modulus_deg) {
  const double d = positive_fmod(a_deg - b_deg, modulus_deg);
  return std::min(d, modulus_deg - d);
}

bool matches_residue(double angle_deg, const std::vector<double>& residues) {
  const double r = mod45(angle_deg);
  for (const double residue : residues) {
    const double d = std::abs(r - mod45(residue));
    if (d < 1e-6 || std::abs(d - 45.0) < 1e-6) return true;
  }
  return false;
}

}  // namespace tangram
