#pragma once
/// \file pattern.hpp
/// The puzzle silhouette as a binary raster (the "pattern mask" of Yamada et al. 2019, Sec. III-A).

#include <opencv2/core.hpp>
#include <string>

namespace tangram {

/// A silhouette to be assembled, pixel frame: 255 puzzle, 0 outside, holes and gaps.
struct Pattern {
  cv::Mat1b puzzle;
  long area_px = 0;  ///< number of puzzle pixels
  /// sqrt(area_px): pixels per set unit for a set of area 1 (the Tangram's square side).
  double side_px = 0.0;
  /// Share of the area by which the checker widens spill and coverage on this figure's rough
  /// outline (rough_band(), verify_config()); 0 on a clean outline.
  double rough_band = 0.0;
};

/// Smallest usable set side (px): below it the small triangle's inset raster mask degenerates.
inline constexpr double kMinSidePx = 32.0;

/// A Pattern from a mask (nonzero = puzzle), its outline's rough_band() measured. Throws
/// InputError below kMinSidePx^2 pixels.
Pattern make_pattern(const cv::Mat1b& mask);

}  // namespace tangram
