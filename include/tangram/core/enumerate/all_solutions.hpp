#pragma once
/// \file all_solutions.hpp
/// Every assembly of a figure, not only the first: enumeration in a fixed order, exact counts,
/// uniqueness (stop at the second), classes under the figure's symmetries, and assemblies that
/// use only some of the pieces or any number of copies of them.
///
/// Exact where the search is complete and each assembly is met once: sets of polyominoes on a
/// figure that lies on their unit grid (grid_search.hpp), and polygon sets on a figure that
/// lies on a lattice their corners keep to (lattice_search.hpp: there the count is of the
/// assemblies in that family). Other sets and figures are refused (enumeration_refusal()): a
/// raster search can meet one assembly at neighbouring pixel positions and does not visit
/// every assembly, so its count would be neither.

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
  /// Count each class of assemblies under the figure's rotations and reflections once (its
  /// reflections only when the pieces may be mirrored): the least of its images is kept.
  bool up_to_symmetry = false;
  PieceUse use = PieceUse::Exact;
  /// The figure's area in square set units; 0 = the set's total area (the scale rule). With
  /// PieceUse::Subset or Copies the pieces no longer fill it exactly, so it sets the scale.
  double figure_area = 0.0;
  /// When it becomes true the enumeration stops, keeping the assemblies found. May be null.
  const std::atomic<bool>* stop = nullptr;
};

/// How an enumeration ended: CoverCount's `solutions` counts the classes with up_to_symmetry,
/// `timed_out` tells SearchConfig::time_limit_s ended it, `interrupted` EnumerationConfig::stop.
struct Enumeration : CoverCount {
  double seconds = 0.0;
  int threads = 0;
  std::size_t symmetries = 1;  ///< the figure's symmetries used (1: none but the identity)
  /// "grid" (polyominoes on their unit grid, grid_search.hpp) or "lattice" (lattice_search.hpp)
  std::string method;
  double lattice_step = 0.0;  ///< "lattice": the step, in set units
  long rejected = 0;          ///< "lattice": covers of the samples whose pieces overlap
};

/// Called with each assembly in the order of the enumeration (the same for any thread count),
/// one at a time, possibly from a worker thread: the pieces posed in the pattern's pixel frame.
using AssemblySink = std::function<void(const std::vector<PlacedPiece>& pieces)>;

/// Called about once a second: assemblies found so far, placements, seconds.
using EnumerationProgress = std::function<void(long solutions, long nodes, double seconds)>;

/// Why `pattern` cannot be enumerated exactly with `config` and `enumeration` (a sentence naming
/// the set or the figure), or nullopt when it can.
std::optional<std::string> enumeration_refusal(const Pattern& pattern, const SolverConfig& config,
                                               const EnumerationConfig& enumeration);

/// Enumerates the assemblies of config.pieces in `pattern` (rotations and mirroring of
/// config.search, its time limit counted from config.search.started, its threads). Throws
/// UsageError with enumeration_refusal() when it cannot.
Enumeration enumerate_assemblies(const Pattern& pattern, const SolverConfig& config,
                                 const EnumerationConfig& enumeration, const AssemblySink& sink,
                                 const EnumerationProgress& progress = {});

/// An assembly as the pieces it uses: `set` is the shapes of the set it came from with the
/// counts of the assembly (shapes it does not use left out), named "<set>-subset" or
/// "<set>-copies" unless that is exactly the set; `pieces` the assembly renumbered to it.
/// verify_solution() and a checker accept a subset's or copies' assembly against that set.
struct UsedPieces {
  PieceSet set;
  std::vector<PlacedPiece> pieces;
};

/// The UsedPieces of `pieces`, an assembly of `set` under `use`.
UsedPieces used_pieces(const PieceSet& set, const std::vector<PlacedPiece>& pieces, PieceUse use);

/// The one assembly an enumeration chose (PieceUse::Subset or Copies without enumerating them
/// all: the fewest or the most pieces), as solutions with the enumeration's stats (seconds,
/// placements, threads, found_by "grid", timed_out) and the areas measured on `pattern`: `drawn` in
/// `set`'s pieces (pictures), `documented` in the pieces it uses, of `used_set`
/// (used_pieces(), for the JSON). Empty `pieces`: both unsolved, `used_set` the set as given.
struct ChosenAssembly {
  Solution drawn;
  Solution documented;
  PieceSet used_set;
};
ChosenAssembly chosen_assembly(const Pattern& pattern, const PieceSet& set,
                               const std::vector<PlacedPiece>& pieces, const Enumeration& found,
                               PieceUse use);

}  // namespace tangram
