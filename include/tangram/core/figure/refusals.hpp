#pragma once
/// \file refusals.hpp
/// Sound refusals from the figure's outline, before any search: a figure that no assembly of
/// the set can make, for a reason read off its outline in well under a second. Each refusal
/// holds for every figure the set can make exactly (within the outline's measurement error), so
/// a solvable figure is never refused; figures it cannot prove impossible go to the searches.

#include <optional>

#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/piece_set.hpp"
#include "tangram/core/puzzle/solution.hpp"

namespace tangram {

/// The first reason the outline gives why the set cannot make the figure. For a straight-edged
/// set, in this order: a corner no meeting of the pieces' corners makes (unmakeable_corner());
/// more corners, or more corner angle, than the set's corners provide (corner_shortage()). For a
/// set with arcs, curved_refusal() (curved_refusals.hpp). nullopt when none holds.
std::optional<Impossibility> outline_refusal(const Pattern& pattern, const PieceSet& set);

}  // namespace tangram
