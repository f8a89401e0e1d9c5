#include "tangram/candidates.hpp"

#include "tangram/morphology.hpp"

namespace tangram {

std::vector<cv::Point> candidate_positions(const BitGrid& free_area) {
  const cv::Rect box = free_area.bounding_box();
  if (box.empty()) return {};
  cv::Mat1b crop(box.height, box.width, uchar(0));
  for (int y = 0; y < box.height; ++y) {
    uchar* dst = crop.ptr<uchar>(y);
    for (int x = 0; x < box.width; ++x)
      if (free_area.get(box.x + x, box.y + y)) dst[x] = 255;
  }
  std::vector<cv::Point> points = skeleton_endpoints(skeleton(crop));
  for (cv::Point& p : points) p += box.tl();
  return points;
}

}  // namespace tangram
