#pragma once
/// \file solve/solve.hpp
/// solve(): a figure assembled from a set's pieces by the searches of core/, in order.

#include "tangram/core/search/config.hpp"

namespace tangram {
/// Assembles the set's pieces (config.pieces) into `pattern`. Deterministic: the same pattern and
/// config give the same solution whatever the thread count. Returns an unsolved Solution when the
/// search space is exhausted or the time limit is reached, and without searching (either search)
/// when the pattern rules every assembly out (SolveStats::impossible: a piece that fits nowhere,
/// parts too small to hold any piece; see search::Steps::impossibility()).
/// `observer`, when set, sees every placement, rejection and removal (see SearchEvent).
/// `judge`, when set, is the pattern complete assemblies are polished against, checked on (the
/// search 'ours' accepts one only if verify_solution() passes on it) and measured on, in the
/// same pixel frame as `pattern`: the silhouette with its pinholes open, while the search places
/// pieces on the one with them filled (silhouette.hpp). Default: `pattern`.
Solution solve(const Pattern& pattern, const SolverConfig& config,
               const ProgressCallback& progress = {}, const SearchObserver& observer = {},
               const Pattern* judge = nullptr);

}  // namespace tangram
