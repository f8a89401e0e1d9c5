#pragma once
/// \file solve_silhouette.hpp
/// The pipeline every front end shares: solve on the working raster, check on the original.

#include <string>

#include "tangram/core/puzzle/solution.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/core/solve/solve.hpp"
#include "tangram/io/silhouette.hpp"

namespace tangram {

/// What solve_silhouette() found.
struct SilhouetteSolution {
  /// The assembly in the original's pixel frame; solved only if every check accepted it.
  Solution solution;
  /// The search accepted an assembly on the working raster.
  bool solved_working = false;
  /// The check at full resolution with the pinholes open, when made (to_original_frame()).
  VerifyReport full_check;

  /// Accepted on the working raster, rejected on the picture as read.
  bool rejected_at_full_resolution() const { return solved_working && !solution.solved; }
};

/// Why the working raster's assembly was rejected on the picture as read; empty if it was not.
std::string rejection_reason(const Silhouette& silhouette, const SilhouetteSolution& result);

/// solve() on the working raster, judged unfilled, then to_original_frame(). With `fixed`
/// (pieces in the picture's frame): solve_around() them, and they come back first, as given.
SilhouetteSolution solve_silhouette(const Silhouette& silhouette, const SolverConfig& config,
                                    const ProgressCallback& progress = {},
                                    const SearchObserver& observer = {},
                                    const std::vector<PlacedPiece>& fixed = {});

}  // namespace tangram
