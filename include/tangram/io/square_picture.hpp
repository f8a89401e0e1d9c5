#pragma once
/// \file square_picture.hpp
/// A picture of a figure of unit squares read as a text grid: dark squares on a light ground,
/// or a drawn figure (a filled inside, its outline and grid lines drawn) as `tangram generate`
/// and `tangram dissect --image` write them.

#include <string>

#include <opencv2/core.hpp>

namespace tangram {

/// How a picture of squares was read.
struct SquareGrid {
  std::string text;    ///< '#' a filled square, '.' an empty one, one row a line; empty: not read
  int cell_px = 0;     ///< the squares' side (px), found or given; 0: none found
  bool drawn = false;  ///< a drawn figure (outline and grid lines), else dark squares
  cv::Size box;        ///< the figure's box (px; a drawn one's between its outline's centres)
};

/// Reads `image` (grey, BGR or BGRA, 8 or 16 bits; transparent pixels are light) as squares of
/// side `cell_px` (0: detected). Dark squares (luminance < 128): the side is the greatest
/// common divisor of the dark and light runs in the figure's box. A drawn figure (light regions
/// enclosed by dark lines, filled with another colour than the ground, or dark lines with no
/// such side): the inside is filled and the side is the spacing of the outline and grid lines.
/// A square is filled when its centre is in the figure. Returns no text and cell_px 0 when no
/// side is found, no text and the given cell_px when it does not fit the box. Throws InputError
/// when no pixel is dark.
SquareGrid read_square_grid(const cv::Mat& image, int cell_px = 0);

}  // namespace tangram
