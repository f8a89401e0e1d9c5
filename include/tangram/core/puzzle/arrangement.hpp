#pragma once
/// \file arrangement.hpp
/// Figures composed from a set's poses in set units, rendered with their exact ground truth.

#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/geometry/geometry.hpp"
#include "tangram/core/puzzle/piece_set.hpp"
#include "tangram/core/puzzle/solution.hpp"

namespace tangram {

/// One piece: `pose.centre` is its centroid in set units (y down).
struct ArrangedPiece {
  ShapeId shape = 0;  ///< index in the set (PieceSet::shapes())
  Pose pose;
};

/// A rigid turn of some pieces about a pivot, applied after the poses.
struct Turn {
  std::vector<int> pieces;  ///< indices into Arrangement::pieces (0-based)
  Vec2 pivot;               ///< piece units
  double angle_deg = 0.0;   ///< counter-clockwise on screen
};

/// The pieces of a figure, turns, and a last rotation of the whole about its area centroid.
struct Arrangement {
  std::string name;    ///< free text, e.g. "bird"
  std::string source;  ///< free text: where the figure comes from
  std::vector<ArrangedPiece> pieces;
  std::vector<Turn> turns;
  double rotate_deg = 0.0;
};

/// The poses after the turns and rotation (set units). Throws InputError when the pieces are not
/// `set`'s, a turn names no piece, or two overlap by over 1e-4 of the set's area.
std::vector<ArrangedPiece> final_poses(const Arrangement& arrangement, const PieceSet& set);

/// How an arrangement is drawn.
struct RenderConfig {
  double side_px = 200.0;   ///< pixels per set unit (the Tangram: the full square's side)
  double margin_px = 10.0;  ///< white border around the figure's bounding box
};

/// A rendered figure: the pattern image and its exact ground truth in the image's pixel frame.
struct RenderedFigure {
  cv::Mat1b image;                  ///< 0 = puzzle (black), 255 = outside (white)
  std::vector<PlacedPiece> pieces;  ///< true polygons, pixel frame, arrangement order
};

/// The final poses at `side_px`, the box at (margin, margin), rasterised 4 x 4 per pixel.
/// Throws UsageError for a side <= 0 or a negative margin, InputError as final_poses().
RenderedFigure render_arrangement(const Arrangement& arrangement, const PieceSet& set,
                                  const RenderConfig& config = {});

}  // namespace tangram
