#pragma once
/// \file pattern.hpp
/// The puzzle silhouette as a binary raster (the paper's "pattern mask", Sec. III-A).

#include <opencv2/core.hpp>
#include <string>

namespace tangram {

/// A silhouette to be assembled. `puzzle` has the input image's size; 255 marks a puzzle pixel
/// (dark in the input), 0 marks outside, holes and gaps between parts.
struct Pattern {
  cv::Mat1b puzzle;
  long area_px = 0;  ///< number of puzzle pixels
  /// Piece scale: pixels per set unit, sqrt(area_px) (a set of area 1 in set units, as the
  /// Tangram, whose full square then has this side).
  double side_px = 0.0;
};

/// Smallest usable set side in pixels: below it the small triangle's legs are under 11 px and
/// its inset raster mask degenerates.
inline constexpr double kMinSidePx = 32.0;

/// Builds a Pattern from a mask (nonzero = puzzle). Throws InputError when the mask is empty
/// ("no puzzle pixels") or too small for the pieces to be rasterised (fewer than
/// kMinSidePx^2 puzzle pixels; the message states the minimum).
Pattern make_pattern(const cv::Mat1b& mask);

}  // namespace tangram
