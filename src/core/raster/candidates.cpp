#include "tangram/core/raster/candidates.hpp"

#include <algorithm>
#include <cmath>

#include <opencv2/imgproc.hpp>

#include "tangram/core/raster/morphology.hpp"

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

void sort_unique(std::vector<cv::Point>& points) {
  auto less = [](const cv::Point& a, const cv::Point& b) {
    return a.y != b.y ? a.y < b.y : a.x < b.x;
  };
  std::sort(points.begin(), points.end(), less);
  points.erase(std::unique(points.begin(), points.end()), points.end());
}

std::vector<cv::Point> region_corners(const cv::Mat1b& region) { return corners_in(region, 0); }

std::vector<cv::Point> contacts_near(const BitGrid& free_area,
                                     const std::vector<cv::Point>& exact_anchors, int reach) {
  const auto is_free = [&](int x, int y) {
    return x >= 0 && y >= 0 && x < free_area.cols() && y < free_area.rows() && free_area.get(x, y);
  };
  std::vector<cv::Point> points;
  for (const cv::Point& exact : exact_anchors) {
    bool found = false;
    cv::Point best;
    int best_d2 = 0;
    for (int dy = -reach; dy <= reach; ++dy)
      for (int dx = -reach; dx <= reach; ++dx) {
        const int d2 = dx * dx + dy * dy;
        if (d2 > reach * reach || !is_free(exact.x + dx, exact.y + dy)) continue;
        if (!found || d2 < best_d2) {  // row-major scan: ties go to the smaller (y, x)
          found = true;
          best = exact + cv::Point(dx, dy);
          best_d2 = d2;
        }
      }
    if (!found) continue;
    bool touches = false;
    for (int dy = -reach; dy <= reach && !touches; ++dy)
      for (int dx = -reach; dx <= reach && !touches; ++dx)
        touches = dx * dx + dy * dy <= reach * reach && !is_free(best.x + dx, best.y + dy);
    if (touches) points.push_back(best);
  }
  sort_unique(points);
  return points;
}

std::vector<cv::Point> corner_contacts(const BitGrid& free_area,
                                       const std::vector<cv::Point>& region_corners,
                                       const std::vector<Vec2>& piece_corners, int reach) {
  std::vector<cv::Point> exact;
  for (const cv::Point& w : region_corners)
    for (const Vec2& v : piece_corners)
      // The corner pixel's centre w + 0.5 is the anchor pixel's centre a + 0.5 plus v.
      exact.emplace_back(static_cast<int>(std::lround(w.x - v.x)),
                         static_cast<int>(std::lround(w.y - v.y)));
  return contacts_near(free_area, exact, reach);
}

std::vector<cv::Point> candidate_positions(const BitGrid& free_area,
                                           const CandidateConfig& config) {
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
