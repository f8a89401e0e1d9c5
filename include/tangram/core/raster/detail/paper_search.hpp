#pragma once
/// \file paper_search.hpp
/// Algorithm 1 of Yamada et al. 2019 (Sec. III-C) as published: SearchMode::Paper of solve().

#include "tangram/core/puzzle/solution.hpp"
#include "tangram/core/raster/detail/search_steps.hpp"

namespace tangram {

/// Runs Algorithm 1 with `steps` (whose masks were rasterised in time): largest-first
/// placement, the configurations of the current piece in their order, each at its lowest-cost
/// skeleton endpoint, the paper's two validation rules, backtracking to the previous piece when
/// the current one runs out of configurations. The first complete assembly is the solution
/// (polished); unsolved (timed out or exhausted), the deepest partial assembly is returned.
Solution paper_search(search::Steps& steps);

}  // namespace tangram
