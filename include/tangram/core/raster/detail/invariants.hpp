#pragma once
/// \file invariants.hpp
/// Consistency checks of the core's data, as predicates, and TANGRAM_CHECK, which asserts them
/// in a checked build (CMake option TANGRAM_CHECKED, which defines TANGRAM_CHECKED=1) and costs
/// nothing otherwise: the condition is not even evaluated. The checks are slow on purpose
/// (each one recomputes what it checks the obvious way); CI runs the tests once with them on,
/// together with the sanitizers.

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

/// The mask matches its polygon: every cell's lattice point lies inside the true polygon (the
/// mask samples the polygon inset by `inset_px`, so it never reaches beyond it), and every
/// lattice point more than inset_px + 1 px inside it is a cell.
bool mask_matches_polygon(const ConfigurationMask& config, double inset_px);

/// The cells of `mask` at `anchor` are all empty in `empty` (a piece is only placed where it
/// overlaps nothing, so placed pieces are disjoint) and inside the image.
bool cells_are_empty(const cv::Mat1b& empty, const RunMask& mask, cv::Point anchor);

/// A state equals the state rebuilt from its empty region (make_layout_state): the same bits,
/// regions and, when computed, the same distance transform and maximum depth.
bool state_matches_rebuild(const LayoutState& state);

/// Every value is finite.
bool all_finite(const cv::Mat& values);

/// The placed pieces' true polygons overlap pairwise by at most `tolerance_px2` square pixels.
bool polygons_disjoint(const std::vector<PlacedPiece>& pieces, double tolerance_px2);

}  // namespace tangram
