#include "tangram/core/figure/roughness.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include <opencv2/imgproc.hpp>

namespace tangram {

double outline_roughness_px(const cv::Mat1b& puzzle) {
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(puzzle != 0, contours, cv::RETR_LIST, cv::CHAIN_APPROX_NONE);
  std::vector<double> distances;
  const auto reach = static_cast<std::size_t>(kRoughnessReach);
  for (const std::vector<cv::Point>& contour : contours) {
    const std::size_t n = contour.size();
    if (n < 4 * reach) continue;  // a speck: no stretch to measure
    for (std::size_t i = 0; i < n; ++i) {
      const cv::Point a = contour[(i + n - reach) % n], b = contour[(i + reach) % n];
      const cv::Point p = contour[i];
      const double chord = std::hypot(double(b.x - a.x), double(b.y - a.y));
      if (chord < 1.0) continue;
      const double cross =
          double(b.x - a.x) * double(p.y - a.y) - double(b.y - a.y) * double(p.x - a.x);
      distances.push_back(std::abs(cross) / chord);
    }
  }
  if (distances.empty()) return 0.0;
  double sum = 0.0;
  for (const double d : distances) sum += d;
  return sum / static_cast<double>(distances.size());
}

}  // namespace tangram
