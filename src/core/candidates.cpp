#include "tangram/core/candidates.hpp"

#include <algorithm>

#include <opencv2/imgproc.hpp>

#include "tangram/core/morphology.hpp"

namespace tangram {

namespace {

// The free area's bounding box as an image (255 = free), and the box.
cv::Mat1b crop_area(const BitGrid& free_area, cv::Rect& box) {
  box = free_area.bounding_box();
  cv::Mat1b crop(std::max(0, box.height), std::max(0, box.width), uchar(0));
  for (int y = 0; y < box.height; ++y) {
    uchar* dst = crop.ptr<uchar>(y);
    for (int x = 0; x < box.width; ++x)
      if (free_area.get(box.x + x, box.y + y)) dst[x] = 255;
  }
  return crop;
}

void sort_unique(std::vector<cv::Point>& points) {
  auto less = [](const cv::Point& a, const cv::Point& b) {
    return a.y != b.y ? a.y < b.y : a.x < b.x;
  };
  std::sort(points.begin(), points.end(), less);
  points.erase(std::unique(points.begin(), points.end()), points.end());
}

// Vertices of the simplified boundary contours, and the contour's midpoint between two
// consecutive vertices closer than `short_edge` px.
std::vector<cv::Point> corners_in(const cv::Mat1b& crop, int short_edge) {
  std::vector<std::vector<cv::Point>> contours;
  cv::Mat1b work = crop.clone();
  cv::findContours(work, contours, cv::RETR_LIST, cv::CHAIN_APPROX_NONE);
  std::vector<cv::Point> points;
  for (const auto& contour : contours) {
    std::vector<cv::Point> simplified;
    cv::approxPolyDP(contour, simplified, 1.0, true);
    points.insert(points.end(), simplified.begin(), simplified.end());
    if (short_edge <= 0 || simplified.size() < 2) continue;
    // Indices of the vertices along the contour (approxPolyDP keeps contour points, in order).
    std::vector<std::size_t> index;
    std::size_t at = 0;
    for (const cv::Point& v : simplified) {
      std::size_t k = at;
      while (k < contour.size() && contour[k] != v) ++k;
      if (k == contour.size()) break;
      index.push_back(at = k);
    }
    const std::size_t n = index.size(), len = contour.size();
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t a = index[i], b = index[(i + 1) % n];
      if (cv::norm(contour[a] - contour[b]) > short_edge) continue;
      const std::size_t span = (b + len - a) % len;
      points.push_back(contour[(a + span / 2) % len]);
    }
  }
  return points;
}

}  // namespace

std::vector<cv::Point> candidate_positions(const BitGrid& free_area, const CandidateConfig& config) {
  cv::Rect box;
  const cv::Mat1b crop = crop_area(free_area, box);
  if (crop.empty()) return {};
  std::vector<cv::Point> points = skeleton_endpoints(skeleton(crop));
  if (config.corners) {
    const std::vector<cv::Point> corners = corners_in(crop, config.short_edge_px);
    points.insert(points.end(), corners.begin(), corners.end());
  }
  for (cv::Point& p : points) p += box.tl();
  sort_unique(points);
  return points;
}

}  // namespace tangram
