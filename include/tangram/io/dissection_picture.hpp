#pragma once
/// \file dissection_picture.hpp
/// Pictures of dissections, PNG and SVG alike; the box's top-left square at (margin, margin).

#include <string>

#include <opencv2/core.hpp>

#include "tangram/core/dissection/congruent_dissection.hpp"
#include "tangram/core/dissection/half_square_dissection.hpp"

namespace tangram {

/// Size of a dissection picture, in pixels.
struct DissectionPictureConfig {
  int cell_px = 32;   ///< side of a unit square (>= 4)
  int margin_px = 8;  ///< white around the figure's bounding box (>= 0)
};

/// Width of the thick lines for squares of `cell_px`: even, about cell_px / 8, at least 4.
int dissection_line_px(int cell_px);

/// The picture of `d` (empty: the puzzle alone). Throws UsageError for a bad config,
/// InputError for a piece square not in the figure.
cv::Mat3b render_dissection(const Cells& figure, const Dissection& d,
                            const DissectionPictureConfig& config = {});

/// The same picture as standalone SVG (paths "piece", "grid", "cut"); throws the same.
std::string dissection_svg(const Cells& figure, const Dissection& d,
                           const DissectionPictureConfig& config = {});

/// The picture of a half-square dissection (empty: the puzzle). Throws as render_dissection(),
/// and UsageError for an odd cell_px.
cv::Mat3b render_half_dissection(const Quarters& figure, const HalfDissection& d,
                                 const DissectionPictureConfig& config = {});

/// The same picture as SVG, as dissection_svg().
std::string half_dissection_svg(const Quarters& figure, const HalfDissection& d,
                                const DissectionPictureConfig& config = {});

}  // namespace tangram
