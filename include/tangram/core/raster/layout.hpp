#pragma once
/// \file layout.hpp
/// A state of the assembly on the raster: its empty pixels and what is derived from them.

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
  /// Rows [stale_begin, stale_end) of `runs` are out of date (the parent's, handed on).
  int stale_begin = 0, stale_end = 0;

  /// Largest empty region (px), 0 when nothing is empty.
  long largest_region_px() const { return region_px.empty() ? 0 : region_px.front(); }
  /// Builds `runs` up to run length `max_len` if not built yet.
  void ensure_runs(int max_len);
};

/// Pixel counts of the 8-connected regions of set pixels, largest first.
std::vector<long> region_sizes(const BitGrid& empty);

/// The state whose empty region is `empty` (nonzero = empty).
LayoutState make_layout_state(const cv::Mat1b& empty);

/// The state after placing `mask` at `anchor` on empty cells of `parent`, incrementally.
LayoutState place_piece(const LayoutState& parent, const RunMask& mask, cv::Point anchor);

/// place_piece() without the distance transform (depth empty, max_depth 0).
LayoutState place_cells(const LayoutState& parent, const RunMask& mask, cv::Point anchor);

/// Completes `state` = place_cells(parent, mask, anchor) into place_piece()'s result.
void add_depth(LayoutState& state, const LayoutState& parent, const RunMask& mask,
               cv::Point anchor);

/// `empty` with the cells of `mask` anchored at `anchor` turned into obstacles.
cv::Mat1b place_mask(const cv::Mat1b& empty, const RunMask& mask, cv::Point anchor);

}  // namespace tangram
