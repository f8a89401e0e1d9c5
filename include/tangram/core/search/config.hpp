#pragma once
/// \file search/config.hpp
/// The settings every search reads (SolverConfig), and the progress and events it reports.

#include <atomic>
#include <chrono>
#include <functional>
#include <limits>
#include <optional>
#include <string_view>
#include <vector>

#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/piece_set.hpp"
#include "tangram/core/puzzle/solution.hpp"
#include "tangram/core/search/strategy.hpp"
#include "tangram/core/search/work.hpp"

namespace tangram {

/// Which search procedure to run (docs/design/stages.md).
enum class SearchMode {
  /// Algorithm 1 of Yamada et al. 2019 as published (paper_search.hpp), alone.
  Paper,
  /// This project's default: the exact stages first, then the raster search with ranked
  /// candidates, a forward check, limited discrepancy search and widening (ours_search.cpp).
  Ours,
  /// The vertex search alone (vertex_search.hpp); ignores the raster settings and the step.
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
  /// Choose the rotations from the figure (rotation_plan.hpp), `rotation_step_deg` the fine
  /// step; `rotation_offset_deg` is then ignored.
  bool rotation_auto = false;
  bool reflection = true;  ///< allow mirror images of chiral pieces
  /// Give up (unsolved) this many seconds after `started`; everything solve() does counts.
  double time_limit_s = 360.0;
  /// When the time limit starts counting; the clock's epoch (default): as each stage starts.
  std::chrono::steady_clock::time_point started{};
  /// When it becomes true the solve ends as at the time limit, with SolveStats::stopped set
  /// (Ctrl-C, a Stop button). May be null.
  const std::atomic<bool>* stop = nullptr;
  /// The meter the searches charge their work to (solve() sets one when null). May be null:
  /// then nothing is charged and `work_limit_s` ends nothing.
  WorkMeter* work = nullptr;
  /// Ends the running stage or phase, as the time limit would but leaving the solve to go on,
  /// once `work` has reached this many nominal seconds (a stage's share of the time limit).
  double work_limit_s = std::numeric_limits<double>::infinity();
  int threads = 0;                ///< worker threads, 0 = all cores
  int candidates_per_config = 5;  ///< Ours only: positions tried per configuration
  bool corners = true;            ///< Ours only: corners join the skeleton endpoints
  /// Ours only: corner-to-corner contacts join them too (corner_contacts(), candidates.hpp).
  bool corner_contacts = true;
  /// Ours only (the "arcs" stage): a piece with arcs goes only where one of its arcs lies on an
  /// arc of the figure's outline (Steps::arc_contacts()).
  bool arcs_on_outline = false;
  bool widen = true;  ///< Ours only: widen the candidates when exhausted
  /// Ours only: never search the copies of a shape in swapped order (copy_memo.hpp).
  bool copies_once = true;
  /// Ours only: how much each pass keeps of its nodes for the passes after it (node_memo.hpp),
  /// in candidates (each node counts 8 more): about 30 bytes each. 0: none.
  std::size_t remembered_candidates = std::size_t{1} << 21;
  /// The vertex search: compare every corner, bound the spill before clipping (spill.hpp).
  /// false: the search as published (vertex_search.hpp).
  bool vertex_pruning = true;
  /// With vertex_pruning: the vertex search on the figure's exact lattice first, when it has
  /// one (surd_search.hpp), for up to half its time. false: the outline only.
  bool vertex_lattice = true;
  /// Ours only: the exact stages ("grid", "lattice", "vertex") before the raster search
  /// (docs/design/stages.md). false: the raster search alone.
  bool grid_search = true;
  /// Ours only, rotation steps under 45 degrees: the rotations the silhouette's edges point at
  /// (angles.hpp) first, for up to half the time limit.
  bool angle_hints = true;
  /// Inward offset (px) of the raster piece masks; negative = automatic (see raster.hpp).
  double inset_px = -1.0;
  bool polish = true;  ///< refine the final poses sub-pixel (polish.hpp)
  /// After polishing, snap the assembly exact (snap.hpp); kept unless verify_solution() then
  /// fails where the polished one passed.
  bool snap = true;
  /// After the snap, put the assembly on the set's lattice when that does no harm
  /// (lattice_snap.hpp).
  bool lattice_snap = true;
  /// Ours only: a last check of each complete assembly the raster search would accept, its
  /// pieces in the pattern's frame; false rejects it and the search goes on. Empty: none.
  /// solve_silhouette() checks the picture at full resolution with it. Called from any thread.
  std::function<bool(const std::vector<PlacedPiece>&)> final_check;
};

/// Whether the rotations `search` tries include the multiples of `step_deg`; always with
/// rotation_auto (its plan starts with the set's grid step, which callers ask about).
bool searches_turns(const SearchConfig& search, double step_deg);

/// Whether SearchConfig::stop is set and true.
inline bool stop_requested(const SearchConfig& search) {
  return search.stop != nullptr && search.stop->load(std::memory_order_relaxed);
}

/// Charges `seconds` of nominal work to SearchConfig::work, if set.
inline void charge_work(const SearchConfig& search, double seconds) {
  if (search.work != nullptr) search.work->charge(seconds);
}

/// Everything the solver needs besides the pattern.
struct SolverConfig {
  /// The pieces to assemble; the pattern's side_px is pixels per set unit.
  PieceSet pieces = PieceSet::tangram();
  PlacementConfig placement;
  SearchConfig search;
};

/// `config` with a work meter: its own, or `own` when it has none (so that a search's shares end
/// on work when it is called outside solve() too).
inline SolverConfig with_work_meter(const SolverConfig& config, WorkMeter& own) {
  SolverConfig metered = config;
  if (metered.search.work == nullptr) metered.search.work = &own;
  return metered;
}

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
  Placed,            ///< placed and validated: it stays (Algorithm 1, lines 9-12)
  ValidationFailed,  ///< placed, refused by the validation, taken off (lines 9-10, 14-16)
  /// Taken off: the next piece ran out of candidates (lines 19-22), or (Ours) the complete
  /// assembly it finished was refused by verify_solution().
  Removed,
};

/// Short name of an event type, used in logs and file names: "place", "reject", "remove".
std::string_view search_event_name(SearchEventType type);

/// One step of the search, as seen by a SearchObserver.
struct SearchEvent {
  long step = 0;  ///< 1 for the first event of a solve, then 2, 3, ...
  SearchEventType type = SearchEventType::Placed;
  int level = 0;  ///< the piece's index in the largest-first order (PieceSet::order())
  /// The piece at its raster pose (centroid at its anchor pixel's centre, pixel frame).
  PlacedPiece piece;
  /// The pieces on the pattern after the event, in placement order (raster poses).
  std::vector<PlacedPiece> assembly;
  /// Ours: the limited discrepancy search's current bound; Paper: -1.
  int discrepancy_bound = -1;
  double seconds = 0.0;  ///< wall-clock time since the search started
};

/// Called for every event in order, on solve()'s thread; the sequence does not depend on the
/// thread count. May be empty (costs nothing); an exception it throws leaves solve(). A valid
/// candidate that the discrepancy bound skips is no event.
using SearchObserver = std::function<void(const SearchEvent&)>;

/// Most piece configurations (PieceSet::configuration_count()) a rotation step may imply: 10x
/// the Tangram's 1530 at 1 degree, bounding the piece masks' memory and time.
inline constexpr long kMaxConfigurations = 15300;

/// Checks ranges (step, limits, threads, candidates, configuration count); throws UsageError
/// with the option's name.
void validate_config(const SolverConfig& config);

}  // namespace tangram
