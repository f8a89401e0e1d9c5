#pragma once
/// \file cover_search.hpp
/// Exact cover by the first uncovered point: the complete search under grid_search.hpp (points =
/// a polyomino figure's cells) and lattice_search.hpp (points = samples of a figure, moves =
/// pieces placed on a lattice). A figure is a list of points in a scan order; a move is a
/// piece placed somewhere, as the points it covers. At each step the first uncovered point is
/// covered by each move that covers it and fits (all its points uncovered, its shape not used
/// up): every assembly covers that point with some move whose other points all come later, so
/// nothing is lost, and each set of moves is reached once (copies of a shape share their
/// moves and are never taken in swapped order). The tree is cut into subtrees at a fixed depth,
/// searched in parallel (parallel.hpp) and reported in order: the same assemblies in the same
/// order for any thread count.

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
  /// Symmetries of the figure other than the identity, each as the move each move becomes
  /// (a permutation of the moves). With them an assembly is kept only when its sorted move
  /// indices are the least among its images: one assembly per class.
  std::vector<std::vector<int>> symmetries;
  /// When set, an assembly that covers every point is kept only if this accepts its moves
  /// (indices into `moves`): a check the points cannot make. Called from worker threads.
  std::function<bool(const std::vector<int>& moves)> accept;
};

/// A problem for the pieces of `set`: their counts and order (largest first), no points or
/// moves yet.
CoverProblem cover_problem(const PieceSet& set);

/// Settings of cover_search().
struct CoverConfig {
  long max_solutions = 1;  ///< stop after this many assemblies kept; at least 1
  PieceUse use = PieceUse::Exact;
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  /// Polled with the deadline: when it becomes true the search stops (interrupted), keeping
  /// what it found. May be null.
  const std::atomic<bool>* stop = nullptr;
};

/// Progress of a running search: assemblies kept so far (in all subtrees, reported or not
/// yet), moves made, seconds since it started.
struct CoverProgress {
  long solutions = 0;
  long nodes = 0;
  double seconds = 0.0;
};

/// How far a search went: what cover_search() and the searches built on it report.
struct CoverCount {
  long solutions = 0;        ///< assemblies found and reported (at most max_solutions)
  long nodes = 0;            ///< moves made (all threads)
  bool exhausted = false;    ///< every assembly was visited (the count is exact)
  bool timed_out = false;    ///< the deadline ended the search
  bool interrupted = false;  ///< CoverConfig::stop ended the search
};

/// What cover_search() found.
struct CoverResult : CoverCount {
  std::vector<int> first;  ///< the first assembly found, as move indices (empty when none)
};

/// Called with each assembly kept (its move indices, in the order made), one at a time, in the
/// order of the search, possibly from a worker thread.
using CoverSink = std::function<void(const std::vector<int>& moves)>;

/// Called about once a second while the search runs, one at a time, from any thread.
using CoverProgressSink = std::function<void(const CoverProgress&)>;

/// The search described in the file comment.
CoverResult cover_search(const CoverProblem& problem, const CoverConfig& config,
                         const CoverSink& on_solution = {},
                         const CoverProgressSink& on_progress = {});

/// What cover_placed() found: the first assembly as the caller's placements.
template <class Placement>
struct PlacedCover : CoverCount {
  std::vector<Placement> first;  ///< the first assembly found (empty when none)
};

/// cover_search() with each assembly told as the caller's placements: `placements[m]` for move
/// m of `problem`.
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

/// The moves of a problem by shape and key (whole numbers that tell a move from the other
/// moves of its shape: its points, its corners, in any order), to turn a symmetry of the figure
/// into the permutation of the moves that CoverProblem::symmetries holds.
class MoveKeys {
public:
  /// `key(m)`: the key of move m.
  MoveKeys(const CoverProblem& problem, const std::function<std::vector<int>(std::size_t)>& key);

  /// The move each move becomes under a symmetry, given `image_key(m)`, the key of move m's
  /// image; nullopt when some image is no move.
  std::optional<std::vector<int>> permutation(
      const std::function<std::vector<int>(std::size_t)>& image_key) const;

private:
  const CoverProblem& problem_;
  std::map<std::pair<ShapeId, std::vector<int>>, int> move_of_;
};

}  // namespace tangram
