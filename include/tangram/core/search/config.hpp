#pragma once
/// \file search/config.hpp
/// The settings every search reads (SolverConfig), and the progress and events it reports.

#include <atomic>
#include <chrono>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/piece_set.hpp"
#include "tangram/core/puzzle/solution.hpp"
#include "tangram/core/search/strategy.hpp"

namespace tangram {

/// Which search procedure to run.
enum class SearchMode {
  /// Algorithm 1 as published: configurations of the current piece in order, one candidate
  /// (the lowest-cost skeleton endpoint) per configuration, the paper's two validation rules,
  /// backtracking to the previous piece when a piece runs out of configurations.
  Paper,
  /// This project's default: skeleton endpoints plus the free area's corners and short-edge
  /// middles, up to `candidates_per_config` per configuration, all ranked together by cost; the
  /// paper's rules plus a forward check that every remaining piece still has a collision-free
  /// position; a complete assembly must pass verify_solution(); limited discrepancy search,
  /// and when it has exhausted its candidates before the time limit, the same search again with
  /// four times as many candidates per configuration (while that adds candidates). With fine
  /// rotation steps it first tries only the rotations hinted by the silhouette's edges.
  Ours,
  /// The vertex search (vertex_search.hpp): the "Vert-Solve" post's algorithm on the figure's
  /// vectorised outline, pieces laid at its corners along its edges and subtracted by polygon
  /// clipping, depth first. Uses none of the raster settings or the rotation step.
  Vertex,
};

/// The name of a search: "paper", "ours" or "vertex" (options, records, result paths).
std::string_view search_mode_name(SearchMode mode);

/// Inverse of search_mode_name; nullopt for an unknown name.
std::optional<SearchMode> search_mode_from_name(std::string_view name);

/// Placement settings.
struct PlacementConfig {
  Strategy strategy = Strategy::DistanceTransform;
};

/// Search settings.
struct SearchConfig {
  SearchMode mode = SearchMode::Ours;
  double rotation_step_deg = 1.0;  ///< rotations 0, step, 2 step, ... (0 < step <= 360)
  /// The rotations turned by this much: offset, offset + step, ... ([0, 360)).
  double rotation_offset_deg = 0.0;
  /// Choose the rotations from the figure (rotation_plan.hpp): the set's grid step first, turned
  /// to the direction the outline's edges share, then `rotation_step_deg` (the fine step) with
  /// the rest of the time. `rotation_offset_deg` is then ignored.
  bool rotation_auto = false;
  bool reflection = true;  ///< allow mirror images of chiral pieces
  /// Give up (unsolved) this many seconds after `started`: rasterising the piece masks, the
  /// search, polishing and checking all count.
  double time_limit_s = 360.0;
  /// When the time limit starts counting; the default (the clock's epoch) means when solve()
  /// is called. A front end sets it to when it started reading the input, so that reading and
  /// preparing it count too.
  std::chrono::steady_clock::time_point started{};
  /// Polled with the time limit, by every search (the exact ones run first too): when it
  /// becomes true the search ends as when the time limit is reached, keeping its deepest
  /// assembly, with SolveStats::stopped set. A front end sets it to stop a solve from another
  /// thread (Ctrl-C, a Stop button). May be null.
  const std::atomic<bool>* stop = nullptr;
  int threads = 0;                ///< worker threads, 0 = all cores
  int candidates_per_config = 5;  ///< Ours only: positions tried per configuration
  bool corners = true;            ///< Ours only: corners join the skeleton endpoints
  /// Ours only: the positions where a piece's corner meets a corner of the empty region join
  /// them too (corner_contacts() in candidates.hpp).
  bool corner_contacts = true;
  bool widen = true;  ///< Ours only: widen the candidates when exhausted
  /// Ours only: never search the copies of a shape in swapped order (copy_memo.hpp).
  bool copies_once = true;
  /// The vertex search (SearchMode::Vertex, and Ours's vertex search first): each level
  /// compares every corner of the remainder for the one with the fewest placements (a corner
  /// with none ends the level), a placement whose spill's lower bound is already too much is
  /// set aside unclipped, and a convex piece's spill is clipped exactly by its own edges
  /// (spill.hpp) instead of by Boost.Geometry. false: the search as published in
  /// vertex_search.hpp, the first three corners compared, every placement clipped by Boost.
  bool vertex_pruning = true;
  /// With vertex_pruning: the vertex search first runs on the figure's
  /// exact lattice when the set and the figure have one (surd_search.hpp: the Tangram's and
  /// the double tangram's 45-degree figures), for up to half its time limit, and on the
  /// outline as above when that finds nothing. false: the outline only.
  bool vertex_lattice = true;
  /// Ours only: a set of polyominoes on a figure that lies on its unit grid is first searched
  /// cell by cell, exactly (grid_search.hpp), when the rotations include the quarter turns;
  /// another set on a figure that lies on its lattice, on the lattice (lattice_search.hpp, for
  /// up to half the time limit), when they include the set's grid step. Then, for a set of
  /// straight-edged pieces, the vertex search (vertex_search.hpp) for up to a tenth of the time
  /// limit (half for sets of more than seven pieces, whose raster search is slow): its
  /// assembly, snapped (SearchConfig::snap), is taken when it is exact (no overlap and no gap
  /// away from the outline beyond rounding) and its pieces' angles are among the configured
  /// rotations (any with rotation_auto); otherwise the raster search follows.
  bool grid_search = true;
  /// Ours only, rotation steps under 45 degrees: spend up to half the time limit on the
  /// rotations that the silhouette's edges point at (angles.hpp), then search all of them.
  bool angle_hints = true;
  /// Inward offset (px) of the raster piece masks; negative = automatic (see raster.hpp).
  double inset_px = -1.0;
  bool polish = true;  ///< refine the final poses sub-pixel (polish.hpp)
  /// After polishing, snap the final assembly exact (snap.hpp): edges that nearly coincide made
  /// to coincide, piece to piece and piece to the vectorised outline. The snapped assembly is
  /// kept unless it fails verify_solution() where the polished one passes.
  bool snap = true;
  /// After the snap, put the snapped assembly on the set's lattice when its contacts allow and
  /// that does no harm (SnapConfig::lattice, lattice_snap.hpp).
  bool lattice_snap = true;
};

/// Whether the rotations `search` tries include the multiples of `step_deg` (the quarter turns
/// for 90): with SearchConfig::rotation_auto always (its plan starts with the set's grid step,
/// which is what callers ask about).
bool searches_turns(const SearchConfig& search, double step_deg);

/// Whether SearchConfig::stop is set and true.
inline bool stop_requested(const SearchConfig& search) {
  return search.stop != nullptr && search.stop->load(std::memory_order_relaxed);
}

/// Everything the solver needs besides the pattern.
struct SolverConfig {
  /// The pieces to assemble; the pattern's side_px is pixels per set unit.
  PieceSet pieces = PieceSet::tangram();
  PlacementConfig placement;
  SearchConfig search;
};

/// Progress of a running search, reported after every placement or removal.
struct SearchProgress {
  int pieces_placed = 0;
  long placements_tried = 0;
  long backtracks = 0;
  double seconds = 0.0;
};

/// Called with progress; may be empty.
using ProgressCallback = std::function<void(const SearchProgress&)>;

/// What happened to a piece at one step of the search (Algorithm 1 of Yamada et al. 2019).
enum class SearchEventType {
  /// Placed and passed the validation: the piece stays and the next piece is tried
  /// (Algorithm 1, lines 9-12).
  Placed,
  /// Placed, failed the validation and taken off again at once (lines 9-10, 14-16).
  ValidationFailed,
  /// A placed piece taken off: the piece after it ran out of candidates (lines 19-22), or
  /// (Ours) the complete assembly it finished was rejected by verify_solution().
  Removed,
};

/// Short name of an event type, used in logs and file names: "place", "reject", "remove".
std::string_view search_event_name(SearchEventType type);

/// One step of the search, as seen by a SearchObserver.
struct SearchEvent {
  long step = 0;  ///< 1 for the first event of a solve, then 2, 3, ...
  SearchEventType type = SearchEventType::Placed;
  int level = 0;  ///< the piece's index in the largest-first order (PieceSet::order())
  /// The piece concerned at its raster pose: the centroid at the centre of its anchor pixel
  /// (pixel frame), the configuration's angle and mirror flag, and its true-size polygon.
  PlacedPiece piece;
  /// The pieces on the pattern after the event, in placement order (raster poses). For
  /// ValidationFailed and Removed it no longer holds `piece`.
  std::vector<PlacedPiece> assembly;
  /// SearchMode::Ours: the current bound of the limited discrepancy search (each bound
  /// restarts from the empty pattern). SearchMode::Paper: -1.
  int discrepancy_bound = -1;
  double seconds = 0.0;  ///< wall-clock time since the search started
};

/// Called for every event, in the order of the search, on the thread that called solve(). The
/// sequence does not depend on the thread count (only `seconds` does). May be empty; an empty
/// observer costs nothing. Time spent in it counts against the time limit; an exception thrown
/// by it ends the search and leaves solve(). Placements tried but not kept are events only when
/// the validation rejected them: a valid candidate that the discrepancy bound skips is none.
using SearchObserver = std::function<void(const SearchEvent&)>;

/// Most piece configurations (rotations and mirror images of the shapes, summed over the set,
/// PieceSet::configuration_count()) a rotation step may imply: 10x the 1530 of the Tangram's
/// default 1-degree step, which bounds the memory and time spent on piece masks.
inline constexpr long kMaxConfigurations = 15300;

/// Checks ranges (step, limits, threads, candidates, configuration count); throws UsageError
/// with the option's name.
void validate_config(const SolverConfig& config);

}  // namespace tangram
