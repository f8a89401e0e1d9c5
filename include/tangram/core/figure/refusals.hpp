#pragma once
/// \file refusals.hpp
/// Sound refusals from the figure's outline: a solvable figure is never refused.

#include <optional>

#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/piece_set.hpp"
#include "tangram/core/puzzle/solution.hpp"

namespace tangram {

/// The first reason the outline gives why `set` cannot make the figure (corners, or arcs for a
/// curved set; then a piece wider than the figure anywhere); nullopt when none holds.
std::optional<Impossibility> outline_refusal(const Pattern& pattern, const PieceSet& set);

}  // namespace tangram
