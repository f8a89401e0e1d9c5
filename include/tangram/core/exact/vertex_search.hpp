#pragma once
/// \file vertex_search.hpp
/// The vertex search (SearchMode::Vertex): "Vert-Solve" on the outline (docs/design/exact.md).

#include <functional>
#include <vector>

#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/solution.hpp"
#include "tangram/core/search/config.hpp"

namespace tangram {

/// A further check of a complete, verified assembly (it may change it): true to take it.
using AssemblyCheck = std::function<bool(std::vector<PlacedPiece>&)>;

/// Tells `progress` and `observer` (either may be empty) of an event of `piece`; `step` counts.
void tell_vertex_event(const ProgressCallback& progress, const SearchObserver& observer, long& step,
                       SearchEventType type, const PlacedPiece& piece,
                       const std::vector<PlacedPiece>& assembly, const SearchProgress& now);

/// Assembles config.pieces into `pattern` within the time limit, at any rotation,
/// deterministically; complete assemblies must pass `judge` (as solve()) and `accept`. Throws
/// UsageError for curved pieces.
Solution vertex_search(const Pattern& pattern, const SolverConfig& config,
                       const ProgressCallback& progress = {}, const SearchObserver& observer = {},
                       const Pattern* judge = nullptr, const AssemblyCheck& accept = {});

}  // namespace tangram
