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

/// Contour points on either side of a point that outline_noise_px()'s chord spans.
inline constexpr int kNoiseReach = 15;

/// Median distance (px) of a boundary pixel of the nonzero pixels from the chord between the
/// boundary pixels kNoiseReach before and after it: how far a wobbly outline strays from its
/// straight runs; 0 for an empty raster. Deterministic.
double outline_noise_px(const cv::Mat1b& puzzle);

/// From this noise on (px) the pieces' masks may be inset further where the clean inset leaves
/// a piece nowhere to fit (rough_inset_allowance_px()). Tangram figures of masks/ and KiloGram
/// measure at most 0.47 px; outlines jittered by +-1 px 0.5-1.6.
inline constexpr double kNoisyOutlinePx = 0.75;

/// How much further (px) to inset the pieces' masks on this outline so that its wobble rules no
/// placement out: 1.5 x outline_noise_px() (its notches reach deeper than the median), 0 under
/// kNoisyOutlinePx.
double rough_inset_allowance_px(const cv::Mat1b& puzzle);

}  // namespace tangram
