#pragma once
/// \file polish.hpp
/// Sub-pixel refinement of a raster assembly (docs/design/refine.md).

#include <chrono>
#include <functional>
#include <vector>

#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/solution.hpp"

namespace tangram {

/// Bounds of the refinement.
struct PolishConfig {
  double max_shift_px = 2.0;  ///< no piece moves farther than this from its raster pose
  double max_turn_deg = 0.0;  ///< no piece turns more than this (0 = translations only)
  int max_rounds = 30;        ///< coordinate-descent rounds, over all step sizes
  /// At most this many trial moves (each measures the moved piece's area terms); 0 = none.
  long max_trials = 2000;
  /// No trial move starts after this time.
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  /// When set: no trial move starts once it returns true (the caller then drops the pieces).
  std::function<bool()> cancelled;
};

/// What polish() did.
struct PolishReport {
  long trials = 0;  ///< trial moves measured
  long moves = 0;   ///< trial moves kept
  /// Area terms of trial moves (a moved piece's own, or with another piece) measured, and
  /// those of a pose tried before, remembered instead of measured again.
  long measured = 0, reused = 0;
  bool capped = false;  ///< PolishConfig::max_trials or the deadline ended it
};

/// Moves `pieces` (px) in place to lower overlap + spill + (1 - coverage); never worse.
PolishReport polish(const Pattern& pattern, const PieceSet& set, std::vector<PlacedPiece>& pieces,
                    const PolishConfig& config = {});

}  // namespace tangram
