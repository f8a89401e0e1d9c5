#pragma once
/// \file solve/fixed_pieces.hpp
/// A solve with some pieces kept where they are: the others fill what those leave of the figure.

#include <optional>
#include <vector>

#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/solution.hpp"
#include "tangram/core/search/config.hpp"

namespace tangram {

/// What is left of a figure once some pieces are in place.
struct RemainingFigure {
  /// The figure without the pixels whose centres the fixed pieces cover (slivers thinner than
  /// 3 px dropped); side_px keeps the whole set's pixels per set unit.
  Pattern pattern;
  std::optional<PieceSet> pieces;     ///< the pieces not fixed; nullopt when every one is
  std::vector<ShapeId> shape_in_set;  ///< per shape of `pieces`: its id in the whole set
};

/// The figure `pattern` less the pieces `fixed` (of `set`, in the pattern's pixel frame).
/// Throws InputError when `fixed` holds a shape more often than the set has it.
RemainingFigure remaining_figure(const Pattern& pattern, const PieceSet& set,
                                 const std::vector<PlacedPiece>& fixed);

/// solve() with the pieces `fixed` (of config.pieces, px) kept as they are and the others
/// assembled into what they leave. The solution holds every piece placed, `fixed` first; it is
/// solved only when the whole passes verify_solution() on `judge` (default `pattern`).
Solution solve_around(const std::vector<PlacedPiece>& fixed, const Pattern& pattern,
                      const SolverConfig& config, const ProgressCallback& progress = {},
                      const SearchObserver& observer = {}, const Pattern* judge = nullptr);

}  // namespace tangram
