#pragma once
/// \file invariants.hpp
/// Slow, obvious consistency predicates, asserted by TANGRAM_CHECK in a checked build only.

#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/puzzle/solution.hpp"
#include "tangram/core/raster/layout.hpp"
#include "tangram/core/raster/raster.hpp"

namespace tangram {

/// Prints "tangram: invariant violated: WHAT (FILE:LINE)" on stderr and aborts.
[[noreturn]] void invariant_violated(const char* what, const char* file, int line);

#if defined(TANGRAM_CHECKED) && TANGRAM_CHECKED
inline constexpr bool kChecked = true;
#define TANGRAM_CHECK(condition, what) \
  ((condition) ? (void)0 : ::tangram::invariant_violated(what, __FILE__, __LINE__))
#else
inline constexpr bool kChecked = false;
#define TANGRAM_CHECK(condition, what) ((void)0)
#endif

/// The cells lie inside the polygon, and points over inset_px + 1 px inside it are cells.
bool mask_matches_polygon(const ConfigurationMask& config, double inset_px);

/// The cells of `mask` at `anchor` are all inside the image and empty in `empty`.
bool cells_are_empty(const cv::Mat1b& empty, const RunMask& mask, cv::Point anchor);

/// A state equals make_layout_state() of its empty region.
bool state_matches_rebuild(const LayoutState& state);

/// Every value is finite.
bool all_finite(const cv::Mat& values);

/// The placed pieces' true polygons overlap pairwise by at most `tolerance_px2` square pixels.
bool polygons_disjoint(const std::vector<PlacedPiece>& pieces, double tolerance_px2);

}  // namespace tangram
