#pragma once
/// \file placement.hpp
/// Placement position strategies and placement costs (Yamada et al. 2019, Sec. III-B/III-C).
///
/// Sweep strategies (Mundim et al. 2017) become cost matrices of the pattern's size with values
/// in [0, 1]: the normalised rank of each pixel along the strategy's sweep path. "Bottom" is the
/// largest row (y down). A placement's cost is the matrix value at the piece's centroid pixel
/// spread over the piece's pixels (paper Fig. 8): value x pixel count.
///
/// The distance-transform strategy (DT) uses the Euclidean distance transform of the empty
/// region to the obstacles, normalised to [0, 1]; a placement's cost is the sum of that map over
/// the piece's pixels (paper Fig. 9).

#include <optional>
#include <string_view>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/raster/raster.hpp"
#include "tangram/core/search/strategy.hpp"

namespace tangram {

/// The sweep cost matrix of a strategy other than DT for a `rows` x `cols` pattern:
/// CV_32F, values in [0, 1], 0 where the sweep starts and 1 where it ends.
cv::Mat1f sweep_cost_matrix(Strategy strategy, int rows, int cols);

/// Euclidean distance transform of `empty` (nonzero = empty pixel) to the nearest obstacle,
/// where pixels beyond the image border count as obstacles; normalised to [0, 1] by its
/// maximum (all zero when nothing is empty).
cv::Mat1f normalised_distance_transform(const cv::Mat1b& empty);

/// Placement costs in one layout state (Eq. 1 of the paper: the sum of the placement cost
/// matrix M(x) over its entries).
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
