#include "tangram/core/angles.hpp"

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

bool matches_residue(double angle_deg, const std::vector<double>& residues) {
  const double r = mod45(angle_deg);
  for (const double residue : residues) {
    const double d = std::abs(r - mod45(residue));
    if (d < 1e-6 || std::abs(d - 45.0) < 1e-6) return true;
  }
  return false;
}

}  // namespace tangram
