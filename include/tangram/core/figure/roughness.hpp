#pragma once
/// \file roughness.hpp
/// How rough the figure's outline is (the measures: core/puzzle/roughness.hpp), and how much
/// further the search insets the pieces' masks on it (docs/design/figure.md).

#include <opencv2/core.hpp>

#include "tangram/core/puzzle/roughness.hpp"

namespace tangram {

/// How much further (px) to inset the pieces' masks on this outline so that its wobble rules no
/// placement out: 1.5 x outline_noise_px() (its notches reach deeper than the median), 0 under
/// kNoisyOutlinePx.
double rough_inset_allowance_px(const cv::Mat1b& puzzle);

}  // namespace tangram
