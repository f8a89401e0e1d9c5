#include "tangram/layout.hpp"

#include <algorithm>
#include <functional>

#include <opencv2/imgproc.hpp>

namespace tangram {

void LayoutState::ensure_runs(int max_len) {
  if (runs.max_len() < max_len || runs.rows() != empty.rows) runs = RunTable(empty_bits, max_len);
}

LayoutState make_layout_state(const cv::Mat1b& empty) {
  LayoutState state;
  state.empty = empty != 0;
  state.empty_bits = BitGrid::from_mat(state.empty);
  state.depth = distance_to_obstacles(state.empty);
  double max_value = 0.0;
  cv::minMaxLoc(state.depth, nullptr, &max_value);
  state.max_depth = static_cast<float>(max_value);
  cv::Mat1i labels;
  cv::Mat stats, centroids;
  const int n = cv::connectedComponentsWithStats(state.empty, labels, stats, centroids, 8, CV_32S);
  for (int l = 1; l < n; ++l) state.region_px.push_back(stats.at<int>(l, cv::CC_STAT_AREA));
  std::sort(state.region_px.begin(), state.region_px.end(), std::greater<long>());
  return state;
}

cv::Mat1b place_mask(const cv::Mat1b& empty, const RunMask& mask, cv::Point anchor) {
  cv::Mat1b out = empty.clone();
  for (int i = 0; i < mask.height(); ++i) {
    const int y = anchor.y + mask.dy0 + i;
    if (y < 0 || y >= out.rows || !mask.len[i]) continue;
    const int a = std::max(0, anchor.x + mask.x0[i]);
    const int b = std::min(out.cols, anchor.x + mask.x0[i] + mask.len[i]);
    if (a < b) std::fill(out.ptr<uchar>(y) + a, out.ptr<uchar>(y) + b, uchar(0));
  }
  return out;
}

}  // namespace tangram
