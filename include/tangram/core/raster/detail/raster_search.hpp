#pragma once
/// \file raster/detail/raster_search.hpp
/// The raster search of the "raster" stage: SearchMode::Paper or Ours, at the configured
/// rotations or, with SearchConfig::rotation_auto, stage by stage of the rotation plan.

#include "tangram/core/search/config.hpp"

namespace tangram {

/// Runs the raster search on `pattern`; `judge` as for solve(). With rotation_auto the counters
/// add up over the plan's stages and, unsolved, the deepest partial assembly is kept.
Solution raster_search(const Pattern& pattern, const SolverConfig& config,
                       const ProgressCallback& progress, const SearchObserver& observer,
                       const Pattern* judge);

}  // namespace tangram
