#pragma once
/// \file placement.hpp
/// Placement strategies as cost matrices (Yamada et al. 2019, Sec. III-B; Mundim et al. 2017).

#include <optional>
#include <string_view>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/raster/raster.hpp"
#include "tangram/core/search/strategy.hpp"

namespace tangram {

/// A sweep's cost matrix for a `rows` x `cols` pattern: each pixel's rank along it in [0, 1].
cv::Mat1f sweep_cost_matrix(Strategy strategy, int rows, int cols);

/// distance_to_obstacles() of `empty` divided by its maximum (all zero when nothing is empty).
cv::Mat1f normalised_distance_transform(const cv::Mat1b& empty);

/// Placement costs in one layout state (Eq. 1 of the paper).
class PlacementCost {
public:
  /// DT: cost = sum of `normalised_dt` over the piece's cells. Keeps row prefix sums.
  static PlacementCost distance_transform(const cv::Mat1f& normalised_dt);
  /// Sweep strategies: cost = matrix value at the anchor (centroid) pixel x number of cells.
  static PlacementCost sweep(const cv::Mat1f& sweep_matrix);

  /// Cost of `mask` anchored at `anchor` (the mask must lie inside the image).
  double operator()(const RunMask& mask, cv::Point anchor) const;

private:
  bool sweep_ = false;
  cv::Mat1f sweep_matrix_;
  cv::Mat1d prefix_;  ///< rows x (cols + 1): prefix_(y, x) = sum of dt(y, 0 .. x-1)
};

}  // namespace tangram
