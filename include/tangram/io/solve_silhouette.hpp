#pragma once
/// \file solve_silhouette.hpp
/// The pipeline every front end shares: a silhouette (silhouette.hpp) solved on its working
/// raster, the assembly mapped back to the original's pixel frame and, where the working
/// raster differs from the picture (reduced, or pinholes filled), checked again there.

#include <string>

#include "tangram/core/puzzle/solution.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/core/solve/solve.hpp"
#include "tangram/io/silhouette.hpp"

namespace tangram {

/// What solve_silhouette() found.
struct SilhouetteSolution {
  /// The assembly in the original's pixel frame; solved only if the search accepted it and,
  /// when made, the check at full resolution too.
  Solution solution;
  /// The search accepted an assembly on the working raster.
  bool solved_working = false;
  /// The check at full resolution with the pinholes open, when one was made (see
  /// to_original_frame); default-constructed otherwise.
  VerifyReport full_check;

  /// Accepted on the working raster, rejected on the picture as read.
  bool rejected_at_full_resolution() const { return solved_working && !solution.solved; }
};

/// Why an assembly accepted on the working raster was rejected on the picture as read (empty
/// when it was not): "solved at 1/2 scale, rejected at full resolution: REASON; REASON;" or
/// "solved with the pinholes filled, rejected with them open (they are outside, as for the
/// referee): REASON;", the reasons those of SilhouetteSolution::full_check.
std::string rejection_reason(const Silhouette& silhouette, const SilhouetteSolution& result);

/// solve() on silhouette.working, judged on silhouette.working_unfilled, then
/// to_original_frame(). `progress` and `observer` as for solve().
SilhouetteSolution solve_silhouette(const Silhouette& silhouette, const SolverConfig& config,
                                    const ProgressCallback& progress = {},
                                    const SearchObserver& observer = {});

}  // namespace tangram
