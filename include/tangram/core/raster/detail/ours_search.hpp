#pragma once
/// \file ours_search.hpp
/// This project's raster search, SearchMode::Ours of solve(): a limited discrepancy search over
/// Algorithm 1's steps, with wider candidate sets, the forward check, angle hints, judged
/// complete assemblies and, with more than one thread, subtrees walked ahead.

#include "tangram/core/puzzle/solution.hpp"
#include "tangram/core/raster/detail/search_steps.hpp"

namespace tangram {

/// Runs the search with `steps` (masks rasterised in time): the first accepted assembly (or,
/// failing that in time, the first that passes the checker), or unsolved with the deepest
/// partial one. The same steps, counts and answer with any thread count.
Solution ours_search(search::Steps& steps);

/// How many subtrees walked ahead by another thread the searches of this process have taken as
/// their own so far (docs/design/determinism.md, "Walks ahead"): for tests.
long subtrees_taken_ahead();

}  // namespace tangram
