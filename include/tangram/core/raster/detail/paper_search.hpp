#pragma once
/// \file paper_search.hpp
/// Algorithm 1 of Yamada et al. 2019 (Sec. III-C) as published: SearchMode::Paper of solve().

#include "tangram/core/puzzle/solution.hpp"
#include "tangram/core/raster/detail/search_steps.hpp"

namespace tangram {

/// Runs Algorithm 1 with `steps` (masks rasterised in time): the first complete assembly,
/// polished, or unsolved with the deepest partial one.
Solution paper_search(search::Steps& steps);

}  // namespace tangram
