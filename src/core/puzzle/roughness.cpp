#include "tangram/core/puzzle/roughness.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include <opencv2/imgproc.hpp>

namespace tangram {

namespace {

using Contours = std::vector<std::vector<cv::Point>>;

/// The outlines of the nonzero pixels, every boundary pixel in order.
Contours outline_contours(const cv::Mat1b& puzzle) {
  Contours contours;
  cv::findContours(puzzle != 0, contours, cv::RETR_LIST, cv::CHAIN_APPROX_NONE);
  return contours;
}

/// The distance (px) of each boundary pixel of `contours` from the chord between the boundary
/// pixels `reach` before and after it, contours shorter than 4 x reach left out, and the pixels
/// `left_out` returns true for (when given).
std::vector<double> chord_distances(const Contours& contours, std::size_t reach,
                                    const std::function<bool(cv::Point)>& left_out = {}) {
  std::vector<double> distances;
  for (const std::vector<cv::Point>& contour : contours) {
    const std::size_t n = contour.size();
    if (n < 4 * reach) continue;  // a speck: no stretch to measure
    for (std::size_t i = 0; i < n; ++i) {
      const cv::Point a = contour[(i + n - reach) % n], b = contour[(i + reach) % n];
      const cv::Point p = contour[i];
      if (left_out && left_out(p)) continue;
      const double chord = std::hypot(double(b.x - a.x), double(b.y - a.y));
      if (chord < 1.0) continue;
      const double cross =
          double(b.x - a.x) * double(p.y - a.y) - double(b.y - a.y) * double(p.x - a.x);
      distances.push_back(std::abs(cross) / chord);
    }
  }
  return distances;
}

double mean_roughness(const Contours& contours) {
  const std::vector<double> distances =
      chord_distances(contours, static_cast<std::size_t>(kRoughnessReach));
  if (distances.empty()) return 0.0;
  double sum = 0.0;
  for (const double d : distances) sum += d;
  return sum / static_cast<double>(distances.size());
}

double median_noise(const Contours& contours, const std::function<bool(cv::Point)>& left_out = {}) {
  std::vector<double> distances =
      chord_distances(contours, static_cast<std::size_t>(kNoiseReach), left_out);
  if (distances.empty()) return 0.0;
  // The lower median: a value measured, not an average of two.
  const auto middle = distances.begin() + static_cast<std::ptrdiff_t>((distances.size() - 1) / 2);
  std::nth_element(distances.begin(), middle, distances.end());
  return *middle;
}

}  // namespace

double outline_roughness_px(const cv::Mat1b& puzzle) {
  return mean_roughness(outline_contours(puzzle));
}

double outline_noise_px(const cv::Mat1b& puzzle, const std::function<bool(cv::Point)>& left_out) {
  return median_noise(outline_contours(puzzle), left_out);
}

double rough_band(const cv::Mat1b& puzzle) {
  // One tracing of the outline for the three measures.
  const Contours contours = outline_contours(puzzle);
  if (mean_roughness(contours) < kRoughOutlinePx) return 0.0;
  const double noise = median_noise(contours);
  if (noise < kNoisyOutlinePx) return 0.0;
  const int area = cv::countNonZero(puzzle);
  if (area == 0) return 0.0;
  double length = 0.0;
  for (const std::vector<cv::Point>& contour : contours) length += cv::arcLength(contour, true);
  return std::min(kMaxRoughBand, 0.5 * noise * length / static_cast<double>(area));
}

}  // namespace tangram
