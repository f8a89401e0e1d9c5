#pragma once
/// \file layout.hpp
/// A state of the assembly on the raster: which pixels are still empty, and what the search
/// derives from that once per state (run table, distance transform, empty regions).
/// Obstacles are everything that is not empty: outside, holes, gaps and placed pieces.

#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/raster/morphology.hpp"
#include "tangram/core/raster/raster.hpp"

namespace tangram {

/// The empty region of a state and its derived data.
struct LayoutState {
  cv::Mat1b empty;              ///< 255 = empty puzzle pixel
  BitGrid empty_bits;           ///< the same, bit-packed
  cv::Mat1f depth;              ///< distance_to_obstacles(empty), px
  float max_depth = 0.0f;       ///< maximum of `depth`
  std::vector<long> region_px;  ///< pixel counts of the 8-connected empty regions, descending
  RunTable runs;                ///< built on demand by ensure_runs()
  /// Rows [stale_begin, stale_end) of `runs` are out of date: place_cells() hands the parent's
  /// table on and ensure_runs() rebuilds only the rows the piece covers.
  int stale_begin = 0, stale_end = 0;

  /// Largest empty region (px), 0 when nothing is empty.
  long largest_region_px() const { return region_px.empty() ? 0 : region_px.front(); }
  /// Builds `runs` up to run length `max_len` if not built yet.
  void ensure_runs(int max_len);
};

/// Pixel counts of the 8-connected regions of set pixels, largest first (union-find over
/// the row runs).
std::vector<long> region_sizes(const BitGrid& empty);

/// The state whose empty region is `empty` (nonzero = empty).
LayoutState make_layout_state(const cv::Mat1b& empty);

/// The state after placing `mask` at `anchor` in `parent` (the mask's cells must be empty):
/// equal to make_layout_state(place_mask(parent.empty, mask, anchor)), computed incrementally.
/// The new distance transform is min(parent depth, distance to the piece), and the distance to
/// the piece only matters where it is below parent.max_depth, so the exact Euclidean distance
/// transform runs on the piece's bounding box grown by that depth, not on the whole pattern.
LayoutState place_piece(const LayoutState& parent, const RunMask& mask, cv::Point anchor);

/// The first part of place_piece(): the state's empty region and regions, without the distance
/// transform (depth empty, max_depth 0). The search completes only the states that pass the
/// other checks, which saves the distance transform of most rejected placements.
LayoutState place_cells(const LayoutState& parent, const RunMask& mask, cv::Point anchor);

/// The second part of place_piece(): sets the depth and max_depth of `state`, which must be
/// place_cells(parent, mask, anchor).
void add_depth(LayoutState& state, const LayoutState& parent, const RunMask& mask,
               cv::Point anchor);

/// `empty` with the cells of `mask` anchored at `anchor` turned into obstacles.
cv::Mat1b place_mask(const cv::Mat1b& empty, const RunMask& mask, cv::Point anchor);

}  // namespace tangram
