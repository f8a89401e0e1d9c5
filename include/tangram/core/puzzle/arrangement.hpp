#pragma once
/// \file arrangement.hpp
/// A figure composed from the pieces of a set, given by their poses in set units, and its
/// rendering as a pattern PNG with the exact ground truth. This is how masks/ is built: the
/// arrangements are the source, the PNGs and truths are rendered from them
/// (`tangram render`, scripts/make-masks.sh).

#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/geometry/geometry.hpp"
#include "tangram/core/puzzle/piece_set.hpp"
#include "tangram/core/puzzle/solution.hpp"

namespace tangram {

/// One piece of an arrangement. `pose.centre` is the piece's centroid in piece units (the
/// full set has side 1, y down); the mirror and rotation follow the Pose convention of
/// geometry.hpp (the convention of tangram-solution/1).
struct ArrangedPiece {
  ShapeId shape = 0;  ///< index in the set (PieceSet::shapes())
  Pose pose;
};

/// A rigid turn of some pieces about a pivot, applied after the poses: the way a figure that
/// is otherwise on the 45-degree grid gets a tail or a limb turned by another angle.
struct Turn {
  std::vector<int> pieces;  ///< indices into Arrangement::pieces (0-based)
  Vec2 pivot;               ///< piece units
  double angle_deg = 0.0;   ///< counter-clockwise on screen
};

/// The pieces of a figure, optionally with turns of some of them and a rotation of the
/// whole figure about its area centroid (applied last, counter-clockwise on screen).
struct Arrangement {
  std::string name;    ///< free text, e.g. "bird"
  std::string source;  ///< free text: where the figure comes from
  std::vector<ArrangedPiece> pieces;
  std::vector<Turn> turns;
  double rotate_deg = 0.0;
};

/// The pieces after the turns and the figure rotation, in piece units, in the arrangement's
/// order. Throws InputError when the arrangement is not `set` (each shape as many times as it
/// has copies; for the Tangram two large triangles, one medium, two small, the square and the
/// parallelogram), when a turn names
/// a piece that does not exist, or when two pieces overlap by more than 1e-4 of the set's area
/// (touching is fine; KiloGram's digitised figures have slivers up to 2e-5).
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

/// Scales the final poses to `side_px`, translates the figure so that its bounding box starts
/// at (margin, margin), and rasterises the union of the pieces the way tangram-figures does:
/// 4 x 4 samples per pixel at the sample centres, a pixel is puzzle when at least half of
/// them lie in some piece. The image is ceil(extent + 2 margin) pixels in each direction.
/// Throws UsageError for a non-positive side or a negative margin, InputError as final_poses.
RenderedFigure render_arrangement(const Arrangement& arrangement, const PieceSet& set,
                                  const RenderConfig& config = {});

}  // namespace tangram
