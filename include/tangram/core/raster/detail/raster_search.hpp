#pragma once
/// \file raster/detail/raster_search.hpp
/// The raster search of solve(): SearchMode::Paper or SearchMode::Ours, at the configured
/// rotations or, with SearchConfig::rotation_auto, stage by stage of the rotation plan.

#include "tangram/core/search/config.hpp"

namespace tangram {

/// Runs the raster search on `pattern` as solve() would after the exact searches.
Solution raster_search(const Pattern& pattern, const SolverConfig& config,
                       const ProgressCallback& progress, const SearchObserver& observer,
                       const Pattern* judge);

}  // namespace tangram
