#pragma once
/// \file set_picture.hpp
/// A picture of a piece set: every piece (copies too) side by side, named.

#include <opencv2/core.hpp>

#include "tangram/core/puzzle/piece_set.hpp"

namespace tangram {

/// The pieces left to right in PieceSet::order(), named, at `unit_px` (0: area 120 x 120 px).
/// Throws UsageError over 20000 px wide.
cv::Mat3b render_piece_set(const PieceSet& set, double unit_px = 0.0);

}  // namespace tangram
