#pragma once
/// \file svg.hpp
/// Assemblies as SVG documents: the picture of picture.hpp as exact vectors. The silhouette is
/// the outline of the pattern's pixels (pixel edges, integer coordinates), the pieces are their
/// polygons with every coordinate as the double it is (the shortest text that reads back as
/// the same double), curved edges as SVG arcs. Each piece is coloured and named as in the PNG
/// (piece_colour, piece_slots, piece_labels), and carries its name in a data-piece attribute
/// and a <title> (a tooltip). Units are the pattern's pixels: the view box starts at the
/// pattern's top-left corner, pixel (x, y) covers [x, x+1) x [y, y+1).

#include <optional>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/geometry/geometry.hpp"
#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/piece_set.hpp"
#include "tangram/core/puzzle/solution.hpp"
#include "tangram/io/picture.hpp"

namespace tangram {

/// The boundary of a mask's nonzero pixels as closed loops of pixel edges (pixel frame),
/// each loop listed by the corners where it turns (integer coordinates; consecutive corners
/// differ in x or in y only). A loop around nonzero pixels runs clockwise on screen (positive
/// signed_area), a loop around a hole counter-clockwise, so the signed areas sum to the number
/// of nonzero pixels, and the loops filled with the even-odd rule (or the nonzero rule) cover
/// exactly the nonzero pixels. Where two nonzero pixels meet only at a corner, the outline
/// turns there to keep to the pixel it came along (4-connected pixels, 8-connected holes): the
/// two pixels get loops that touch at that corner, or one loop that touches itself, never
/// crossing; so do two holes that meet at a corner. Loops come in the order of their top-left
/// corner (top to bottom, left to right), each starting there: the result depends on the mask
/// alone.
std::vector<Polygon> mask_outline(const cv::Mat1b& mask);

/// What an SVG picture shows besides the assembly, and at what size.
struct SvgConfig {
  /// Display size: the width and height attributes are `scale` (>= 1) times the view box's, as
  /// render_solution() draws at `scale` times the pattern's size. Text sizes follow it.
  int scale = 2;
  std::string title;  ///< the document's <title> (the pattern's name); "assembly" when empty
  /// The caption below the assembly (caption_lines(), the first line in caption_colour()); none
  /// when not set.
  std::optional<PictureCaption> caption;
  /// The set's legend below the caption, as render_legend() draws it (the pieces that the
  /// assembly does not hold hollow).
  bool legend = true;
};

/// The SVG document (UTF-8, XML 1.0, standalone) of `pieces` assembled on `pattern`: a white
/// background; the silhouette (mask_outline() of pattern.puzzle) as one <path id="silhouette">
/// in the PNG's light grey (puzzle_colour()) with fill-rule evenodd; each piece, in the order
/// given, as a <polygon> (a <path> when it has arcs) with id "piece-N" (N from 1), class
/// "piece", data-piece its label (piece_labels(), "NAME k" for a copy beyond the set's),
/// data-shape its shape's name, filled in its slot's colour and outlined in outline_colour()
/// one display pixel wide, and a <title> child holding the label. An arc of the shape
/// (PieceShape::arcs) is drawn as an SVG arc when the piece's polygon holds it where the pose
/// puts it (its vertices on the posed circle within 1e-6 of its radius), else as its chords. A
/// piece with a non-finite coordinate or fewer than 3 vertices is left out. Below the
/// pattern's frame, when asked for: the caption and the legend, on a band at least 340 display
/// pixels wide, as render_solution() lays them out (text widths estimated: SVG has no way to
/// measure them before it is shown). Names are escaped; characters that XML 1.0 cannot hold
/// become U+FFFD. The same input gives the same bytes. Throws UsageError for a scale below 1.
std::string assembly_svg(const Pattern& pattern, const std::vector<PlacedPiece>& pieces,
                         const PieceSet& set, const SvgConfig& config = {});

}  // namespace tangram
