#pragma once
/// \file dissection_picture.hpp
/// Pictures of congruent dissections (core/congruent_dissection.hpp): the figure's unit squares
/// with each piece filled in its own colour (piece_colour() of its index in the dissection), the
/// grid lines inside a piece thin and light, and every piece boundary (the cuts and the figure's
/// outline, holes included) as a thick dark line. Without a dissection the picture is the puzzle
/// itself: the figure in light grey (puzzle_colour()) with its grid lines and its outline.
///
/// Figures of half-squares (core/half_square_dissection.hpp: render_half_dissection,
/// half_dissection_svg) are drawn the same way on quarter squares: each quarter in its piece's
/// colour, thin lines along the grid lines and the half-diagonals (the quarters' sides) inside a
/// piece, thick lines along every piece boundary (cuts along grid lines and diagonals, and the
/// outline), with round caps so that lines meeting at 45 degrees join cleanly.
///
/// Frame: the figure's bounding box, whose top-left square (least row, least column) is drawn at
/// (margin_px, margin_px); square (row, col) covers cell_px x cell_px pixels from there. The
/// PNG (render_dissection) and the SVG (dissection_svg) draw the same thing at the same size.

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

/// Width of the thick lines (cuts and outline) for squares of `cell_px`: about an eighth of a
/// square, even (centred on the edge to the pixel) and at least 4 pixels, so that a cut reads as
/// a cut beside the 1-pixel grid lines.
int dissection_line_px(int cell_px);

/// The picture of `d` (a dissection of `figure`; empty: the puzzle alone) as BGR pixels, white
/// around the figure. Throws UsageError for a config out of range, InputError when a piece
/// holds a square that is not in the figure.
cv::Mat3b render_dissection(const Cells& figure, const Dissection& d,
                            const DissectionPictureConfig& config = {});

/// The same picture as a standalone SVG document (UTF-8, integer coordinates in the PNG's
/// pixels): a white background, one <path class="piece" data-piece="N"> per piece (N from 1; a
/// single data-piece="figure" without a dissection) in its fill colour, one <path class="grid">
/// of the thin lines, one <path class="cut"> of the thick boundaries. The same input gives the
/// same bytes. Throws as render_dissection().
std::string dissection_svg(const Cells& figure, const Dissection& d,
                           const DissectionPictureConfig& config = {});

/// The picture of `d` (a dissection of the half-square figure `figure`; empty: the puzzle
/// alone), in the frame of the squares that the figure touches. Throws as render_dissection()
/// (a quarter not in the figure or in two pieces), and UsageError for an odd cell_px (the
/// squares' centres on whole pixels).
cv::Mat3b render_half_dissection(const Quarters& figure, const HalfDissection& d,
                                 const DissectionPictureConfig& config = {});

/// The same picture as SVG, as dissection_svg() (each piece's path made of its squares and the
/// triangles of its quarters; the thick lines with round caps).
std::string half_dissection_svg(const Quarters& figure, const HalfDissection& d,
                                const DissectionPictureConfig& config = {});

}  // namespace tangram
