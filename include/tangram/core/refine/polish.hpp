#pragma once
/// \file polish.hpp
/// Sub-pixel refinement of a raster assembly. The search places pieces on the pixel grid; the
/// true polygons can then overlap or spill by about a pixel along shared edges. Polishing moves
/// each piece by small continuous translations (and, optionally, small turns) to reduce
/// overlap + spill + uncovered area, measured exactly.

#include <vector>

#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/solution.hpp"

namespace tangram {

/// Bounds of the refinement.
struct PolishConfig {
  double max_shift_px = 2.0;  ///< no piece moves farther than this from its raster pose
  double max_turn_deg = 0.0;  ///< no piece turns more than this (0 = translations only)
  int max_rounds = 30;        ///< coordinate-descent rounds over all pieces, counted over all
                              ///< step sizes (0.5, 0.25, 0.1, 0.05 px; the next when a round
                              ///< gains nothing)
};

/// Refines the poses (and polygons) of `pieces` in place by coordinate descent on
/// objective = overlap + spill + (1 - coverage) of measure_areas (a moved piece's polygon is
/// set.posed_polygon(shape, set.unit_px(pattern.side_px), pose); unmoved pieces keep theirs). Never
/// makes the objective worse. Deterministic.
void polish(const Pattern& pattern, const PieceSet& set, std::vector<PlacedPiece>& pieces,
            const PolishConfig& config = {});

}  // namespace tangram
