#pragma once
/// \file polish.hpp
/// Sub-pixel refinement of a raster assembly (docs/design/refine.md).

#include <vector>

#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/solution.hpp"

namespace tangram {

/// Bounds of the refinement.
struct PolishConfig {
  double max_shift_px = 2.0;  ///< no piece moves farther than this from its raster pose
  double max_turn_deg = 0.0;  ///< no piece turns more than this (0 = translations only)
  int max_rounds = 30;        ///< coordinate-descent rounds, over all step sizes
};

/// Moves `pieces` (px) in place to lower overlap + spill + (1 - coverage); never worse.
void polish(const Pattern& pattern, const PieceSet& set, std::vector<PlacedPiece>& pieces,
            const PolishConfig& config = {});

}  // namespace tangram
