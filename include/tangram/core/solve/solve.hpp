#pragma once
/// \file solve/solve.hpp
/// solve(): a figure assembled from a set's pieces by a list of stages (docs/design/stages.md).

#include "tangram/core/search/config.hpp"
#include "tangram/core/search/stage.hpp"

namespace tangram {

/// The stages solve() runs, in order: "refusal", "grid", "lattice", "vertex", "straightened",
/// "raster", "vertex-off-rotations".
const StageList& default_stages();

/// Assembles config.pieces into `pattern` by default_stages(); the same for any thread count.
/// `judge` (default `pattern`, same size) is the figure assemblies are polished, checked and
/// measured on: the silhouette with its pinholes open. Throws UsageError for bad settings.
Solution solve(const Pattern& pattern, const SolverConfig& config,
               const ProgressCallback& progress = {}, const SearchObserver& observer = {},
               const Pattern* judge = nullptr);

/// solve() by `stages`: each that applies runs in turn until one answers (an assembly, or a
/// proof that none exists: SolveStats::impossible), named by SolveStats::found_by. A stop ends
/// the solve between stages. Unanswered: the latest unsolved result.
Solution solve(const StageList& stages, const Pattern& pattern, const SolverConfig& config,
               const ProgressCallback& progress = {}, const SearchObserver& observer = {},
               const Pattern* judge = nullptr);

}  // namespace tangram
