#pragma once
/// \file cover_search.hpp
/// Exact cover by the first uncovered point or the fewest live moves, complete and parallel
/// (docs/design/enumerate.md).

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "tangram/core/puzzle/piece_set.hpp"

namespace tangram {

/// How a search may use a set's pieces.
enum class PieceUse {
  Exact,   ///< every piece once (copies by their count): the puzzle as sold
  Subset,  ///< each piece at most once: some may stay in the box
  Copies,  ///< each shape any number of times: tiling a region with the shapes
};

/// The name of a use: "exact", "subset" or "copies" (options, documents).
std::string_view piece_use_name(PieceUse use);

/// Inverse of piece_use_name; nullopt for an unknown name.
std::optional<PieceUse> piece_use_from_name(std::string_view name);

/// Which point (or piece) cover_search() covers next (docs/design/enumerate.md).
enum class CoverChoice {
  FirstEmpty,   ///< the first uncovered point in scan order: the cheapest step
  FewestMoves,  ///< the point, or piece of one copy left, with the fewest moves that fit
};

/// A piece placed somewhere: its shape and the points it covers (indices into the scan order).
struct CoverMove {
  ShapeId shape = 0;
  std::vector<int> points;
};

/// What cover_search() covers.
struct CoverProblem {
  int points = 0;                ///< the figure's points, 0 .. points - 1 in scan order
  std::vector<int> counts;       ///< per shape: copies in the set
  std::vector<ShapeId> order;    ///< the shapes in the order tried at a point (largest first)
  std::vector<CoverMove> moves;  ///< at a point, tried by `order`, then in this order
  /// The figure's symmetries but the identity as permutations of the moves, used to search one
  /// representative per class: one cover per class is reported (the least image)...
  std::vector<std::vector<int>> symmetries;
  /// ...or, when set, every cover, the images made from the representatives found.
  bool every_image = false;
  /// When set, a cover is kept only if this accepts its moves (called from worker threads).
  std::function<bool(const std::vector<int>& moves)> accept;
  /// The rule for the next point. FewestMoves falls back to FirstEmpty when its tables (moves
  /// squared bits) would pass 8 MB.
  CoverChoice choice = CoverChoice::FirstEmpty;
  /// Optional, per point: the points next to it in the figure. FewestMoves then looks first
  /// at the free points next to the move just made for one with no live move left (where a
  /// placement leaves a sliver): a branch is dropped sooner, never an assembly lost.
  std::vector<std::vector<int>> neighbours;
};

/// A problem with `set`'s counts and order (largest first), no points or moves yet.
CoverProblem cover_problem(const PieceSet& set);

/// Settings of cover_search().
struct CoverConfig {
  long max_solutions = 1;  ///< stop after this many assemblies kept; at least 1
  PieceUse use = PieceUse::Exact;
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  /// When it becomes true the search stops, keeping what it found. May be null.
  const std::atomic<bool>* stop = nullptr;
  /// When positive, the search ends after this many moves, counted as one thread makes them in
  /// the search's order: the same end and the same assemblies with any thread count.
  long max_nodes = 0;
};

/// Progress of a running search: assemblies kept, moves made, seconds.
struct CoverProgress {
  long solutions = 0;
  long nodes = 0;
  double seconds = 0.0;
};

/// How far a search went: what cover_search() and the searches built on it report.
struct CoverCount {
  long solutions = 0;  ///< assemblies found and reported (at most max_solutions)
  /// Moves made, counted as one thread makes them in the search's order up to its end (the
  /// last assembly reported, the budget's end or the last subtree): the same with any thread
  /// count. Every move made, on every thread, when a deadline or a stop ended the search.
  long nodes = 0;
  bool exhausted = false;     ///< every assembly was visited (the count is exact)
  bool timed_out = false;     ///< the deadline ended the search
  bool interrupted = false;   ///< CoverConfig::stop ended the search
  bool out_of_nodes = false;  ///< CoverConfig::max_nodes ended the search
  /// The order of the group that CoverProblem::symmetries generate, the identity included (1
  /// without symmetries): what "up to symmetry" is up to.
  long group_order = 1;
};

/// What cover_search() found.
struct CoverResult : CoverCount {
  std::vector<int> first;  ///< the first assembly found, as move indices (empty when none)
};

/// Called with each cover's moves in order, one at a time, possibly from a worker thread.
using CoverSink = std::function<void(const std::vector<int>& moves)>;

/// Called about once a second while the search runs, one at a time, from any thread.
using CoverProgressSink = std::function<void(const CoverProgress&)>;

/// Every cover of `problem`'s points by its moves, each once, in an order no thread count
/// changes.
CoverResult cover_search(const CoverProblem& problem, const CoverConfig& config,
                         const CoverSink& on_solution = {},
                         const CoverProgressSink& on_progress = {});

/// What cover_placed() found: the first assembly as the caller's placements.
template <class Placement>
struct PlacedCover : CoverCount {
  std::vector<Placement> first;  ///< the first assembly found (empty when none)
};

/// cover_search() with each cover as the caller's placements (`placements[m]` for move m).
template <class Placement>
PlacedCover<Placement> cover_placed(
    const CoverProblem& problem, const CoverConfig& config,
    const std::vector<Placement>& placements,
    const std::function<void(const std::vector<Placement>&)>& on_solution,
    const CoverProgressSink& on_progress) {
  std::vector<Placement> assembly;
  const auto as_placements = [&](const std::vector<int>& moves) {
    assembly.clear();
    for (const int m : moves) assembly.push_back(placements[static_cast<std::size_t>(m)]);
    return assembly;
  };
  const CoverResult found = cover_search(
      problem, config,
      [&](const std::vector<int>& moves) {
        if (on_solution) on_solution(as_placements(moves));
      },
      on_progress);
  PlacedCover<Placement> result;
  static_cast<CoverCount&>(result) = found;
  result.first = as_placements(found.first);
  return result;
}

/// The moves by shape and key, to turn a symmetry of the figure into a permutation of moves.
class MoveKeys {
public:
  /// `key(m)`: the key of move m.
  MoveKeys(const CoverProblem& problem, const std::function<std::vector<int>(std::size_t)>& key);

  /// The permutation given each move's image key; nullopt when an image is no move.
  std::optional<std::vector<int>> permutation(
      const std::function<std::vector<int>(std::size_t)>& image_key) const;

private:
  const CoverProblem& problem_;
  std::map<std::pair<ShapeId, std::vector<int>>, int> move_of_;
};

}  // namespace tangram
