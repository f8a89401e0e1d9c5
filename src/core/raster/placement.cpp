#include "tangram/core/raster/placement.hpp"

#include <algorithm>
#include <cctype>
#include <string>

#include "tangram/core/base/parallel.hpp"
#include "tangram/core/raster/detail/invariants.hpp"
#include "tangram/core/raster/morphology.hpp"

namespace tangram {

namespace {

// Visits every pixel once along a clockwise-on-screen spiral that starts at the bottom-left
// corner, runs along the bottom row to the right, up the right column, left along the top row,
// down the left column, and continues inward.
template <typename Visit>
void spiral_path(int rows, int cols, Visit&& visit) {
  int top = 0, bottom = rows - 1, left = 0, right = cols - 1;
  while (top <= bottom && left <= right) {
    for (int x = left; x <= right; ++x) visit(x, bottom);
    for (int y = bottom - 1; y >= top; --y) visit(right, y);
    if (top < bottom)
      for (int x = right - 1; x >= left; --x) visit(x, top);
    if (left < right)
      for (int y = top + 1; y <= bottom - 1; ++y) visit(left, y);
    ++top, --bottom, ++left, --right;
  }
}

}  // namespace

cv::Mat1f sweep_cost_matrix(Strategy strategy, int rows, int cols) {
  cv::Mat1f cost(rows, cols, 0.0f);
  const double last = std::max(1.0, static_cast<double>(rows) * cols - 1.0);
  auto put = [&](int x, int y, double rank) { cost(y, x) = static_cast<float>(rank / last); };
  switch (strategy) {
    case Strategy::BottomLeft:
      for (int y = 0; y < rows; ++y)
        for (int x = 0; x < cols; ++x) put(x, y, double(rows - 1 - y) * cols + x);
      break;
    case Strategy::LeftBottom:
      for (int y = 0; y < rows; ++y)
        for (int x = 0; x < cols; ++x) put(x, y, double(x) * rows + (rows - 1 - y));
      break;
    case Strategy::HorizontalZigZag:
      for (int y = 0; y < rows; ++y) {
        const int k = rows - 1 - y;
        for (int x = 0; x < cols; ++x) put(x, y, double(k) * cols + (k % 2 ? cols - 1 - x : x));
      }
      break;
    case Strategy::VerticalZigZag:
      for (int y = 0; y < rows; ++y)
        for (int x = 0; x < cols; ++x) put(x, y, double(x) * rows + (x % 2 ? y : rows - 1 - y));
      break;
    case Strategy::Spiral:
    case Strategy::InverseSpiral: {
      double rank = 0;
      const bool inverse = strategy == Strategy::InverseSpiral;
      spiral_path(rows, cols, [&](int x, int y) {
        put(x, y, inverse ? last - rank : rank);
        rank += 1;
      });
      break;
    }
    case Strategy::DistanceTransform: break;  // not a sweep; see normalised_distance_transform
  }
  return cost;
}

cv::Mat1f normalised_distance_transform(const cv::Mat1b& empty) {
  cv::Mat1f dist = distance_to_obstacles(empty);
  double max_value = 0.0;
  cv::minMaxLoc(dist, nullptr, &max_value);
  if (max_value > 0.0) dist /= max_value;
  TANGRAM_CHECK(all_finite(dist), "distance-transform costs are finite");
  return dist;
}

PlacementCost PlacementCost::distance_transform(const cv::Mat1f& normalised_dt) {
  PlacementCost cost;
  cost.prefix_.create(normalised_dt.rows, normalised_dt.cols + 1);
  constexpr int kBand = 32;  // rows per parallel task
  parallel_for(static_cast<std::size_t>((normalised_dt.rows + kBand - 1) / kBand),
               [&](std::size_t band) {
                 const int end = std::min(normalised_dt.rows, static_cast<int>(band + 1) * kBand);
                 for (int y = static_cast<int>(band) * kBand; y < end; ++y) {
                   double* p = cost.prefix_.ptr<double>(y);
                   const float* d = normalised_dt.ptr<float>(y);
                   p[0] = 0.0;
                   for (int x = 0; x < normalised_dt.cols; ++x) p[x + 1] = p[x] + d[x];
                 }
               });
  return cost;
}

PlacementCost PlacementCost::sweep(const cv::Mat1f& sweep_matrix) {
  PlacementCost cost;
  TANGRAM_CHECK(all_finite(sweep_matrix), "sweep costs are finite");
  cost.sweep_ = true;
  cost.sweep_matrix_ = sweep_matrix;
  return cost;
}

double PlacementCost::operator()(const RunMask& mask, cv::Point anchor) const {
  if (sweep_) return static_cast<double>(sweep_matrix_(anchor)) * static_cast<double>(mask.pixels);
  double sum = 0.0;
  for (int i = 0; i < mask.runs(); ++i) {
    if (!mask.len[i]) continue;
    const double* p = prefix_.ptr<double>(anchor.y + mask.dy[i]);
    const int a = anchor.x + mask.x0[i];
    sum += p[a + mask.len[i]] - p[a];
  }
  return sum;
}

}  // namespace tangram
