#pragma once
/// \file all_solutions.hpp
/// Every assembly of a figure, exactly counted, on a unit grid or a lattice.

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tangram/core/enumerate/grid_search.hpp"
#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/solution.hpp"
#include "tangram/core/search/config.hpp"

namespace tangram {

/// What to enumerate.
struct EnumerationConfig {
  /// Stop after this many assemblies (2 answers "unique?"); at least 1.
  long max_solutions = 1'000'000;
  /// Count each class under the figure's symmetries once (the least image is kept).
  bool up_to_symmetry = false;
  PieceUse use = PieceUse::Exact;
  /// The figure's area in set units squared (0: the set's); sets the scale for Subset, Copies.
  double figure_area = 0.0;
  /// When it becomes true the enumeration stops, keeping the assemblies found. May be null.
  const std::atomic<bool>* stop = nullptr;
};

/// How an enumeration ended (`solutions` counts classes with up_to_symmetry).
struct Enumeration : CoverCount {
  double seconds = 0.0;
  int threads = 0;
  std::size_t symmetries = 1;  ///< the figure's symmetries used (1: none but the identity)
  /// "grid" (polyominoes on their unit grid, grid_search.hpp) or "lattice" (lattice_search.hpp)
  std::string method;
  double lattice_step = 0.0;      ///< "lattice": the step, in set units
  double lattice_turn_deg = 0.0;  ///< "lattice": its turn to the figure's outline (degrees)
  long rejected = 0;              ///< "lattice": covers of the samples whose pieces overlap
};

/// Called with each assembly (px) in order, one at a time, possibly from a worker thread.
using AssemblySink = std::function<void(const std::vector<PlacedPiece>& pieces)>;

/// Called about once a second: assemblies found so far, placements, seconds.
using EnumerationProgress = std::function<void(long solutions, long nodes, double seconds)>;

/// Why `pattern` cannot be enumerated exactly (a sentence), or nullopt when it can.
std::optional<std::string> enumeration_refusal(const Pattern& pattern, const SolverConfig& config,
                                               const EnumerationConfig& enumeration);

/// Enumerates the assemblies of config.pieces in `pattern` within config.search's limits.
/// Throws UsageError with enumeration_refusal() when it cannot.
Enumeration enumerate_assemblies(const Pattern& pattern, const SolverConfig& config,
                                 const EnumerationConfig& enumeration, const AssemblySink& sink,
                                 const EnumerationProgress& progress = {});

/// An assembly as the pieces it uses: `set` those shapes with its counts ("<set>-subset",
/// "<set>-copies"), `pieces` renumbered to it, as a checker accepts them.
struct UsedPieces {
  PieceSet set;
  std::vector<PlacedPiece> pieces;
};

/// The UsedPieces of `pieces`, an assembly of `set` under `use`.
UsedPieces used_pieces(const PieceSet& set, const std::vector<PlacedPiece>& pieces, PieceUse use);

/// The assembly an enumeration chose, as solutions `drawn` in `set`'s pieces and `documented`
/// in `used_set`'s; both unsolved for empty `pieces`.
struct ChosenAssembly {
  Solution drawn;
  Solution documented;
  PieceSet used_set;
};
ChosenAssembly chosen_assembly(const Pattern& pattern, const PieceSet& set,
                               const std::vector<PlacedPiece>& pieces, const Enumeration& found,
                               PieceUse use);

}  // namespace tangram
