#pragma once
/// \file roughness.hpp
/// How rough the figure's outline is: a hand, a phone photo or JPEG noise (docs/design/figure.md).

#include <opencv2/core.hpp>

namespace tangram {

/// Contour points on either side of a point that its chord spans (outline_roughness_px()).
inline constexpr int kRoughnessReach = 5;

/// Mean distance (px) of a boundary pixel of the nonzero pixels from the chord between the
/// boundary pixels kRoughnessReach before and after it; 0 for an empty raster. Deterministic.
double outline_roughness_px(const cv::Mat1b& puzzle);

/// From this roughness on (px) the outline is rough: its corners are not measured well enough
/// to refuse a figure by them. Clean outlines upright measure under 0.45 px, turned ones up to
/// 0.59 px (KiloGram figures at any angle).
inline constexpr double kRoughOutlinePx = 0.5;
/// From this roughness on (px) reading the figure says the outline is rough and what to try:
/// above every clean outline measured, at any angle.
inline constexpr double kVeryRoughOutlinePx = 0.65;

}  // namespace tangram
