#pragma once
/// \file set_picture.hpp
/// A picture of a piece set: every piece (copies too) side by side, named.

#include <opencv2/core.hpp>

#include "tangram/core/puzzle/piece_set.hpp"

namespace tangram {

/// The set's pieces in their outlines' orientation, left to right in placement order
/// (PieceSet::order()), on white, each under its name, at `unit_px` pixels per set unit
/// (0: the set's total area becomes 120 x 120 px). Throws UsageError for a picture over
/// 20000 px wide.
cv::Mat3b render_piece_set(const PieceSet& set, double unit_px = 0.0);

}  // namespace tangram
