#pragma once
/// \file roughness.hpp
/// How rough the figure's outline is: a hand, a phone photo or JPEG noise (docs/design/figure.md),
/// and the band of that roughness by which the checker widens spill and coverage (verify.hpp).

#include <functional>

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
/// straight runs; 0 for an empty raster. Deterministic. With `left_out`, the boundary pixels it
/// returns true for are not measured.
double outline_noise_px(const cv::Mat1b& puzzle,
                        const std::function<bool(cv::Point)>& left_out = {});

/// From this noise on (px) the outline is noisy: the pieces' masks may be inset further
/// (rough_inset_allowance_px()) and, if it is rough too, the check widened (rough_band()).
/// Tangram figures of masks/ and KiloGram measure at most 0.47 px; jitter +-1 px 0.5-1.6.
inline constexpr double kNoisyOutlinePx = 0.75;

/// Most of the puzzle area rough_band() widens spill and coverage by.
inline constexpr double kMaxRoughBand = 0.03;

/// The share of the puzzle area of a band half the outline's noise wide along the outline
/// (0.5 x noise x outline length / area), at most kMaxRoughBand; 0 unless the outline is both
/// rough (kRoughOutlinePx) and noisy (kNoisyOutlinePx). Deterministic.
double rough_band(const cv::Mat1b& puzzle);

}  // namespace tangram
