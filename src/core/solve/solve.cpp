// solve(): the exact searches first, then the raster search.

#include "tangram/core/solve/solve.hpp"

#include <algorithm>
#include <chrono>
#include <optional>
#include <utility>
#include <vector>

#include "tangram/core/base/error.hpp"
#include "tangram/core/base/parallel.hpp"
#include "tangram/core/enumerate/grid_search.hpp"
#include "tangram/core/enumerate/lattice_search.hpp"
#include "tangram/core/exact/vertex_search.hpp"
#include "tangram/core/figure/angles.hpp"
#include "tangram/core/figure/refusals.hpp"
#include "tangram/core/geometry/outline.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/core/raster/detail/raster_search.hpp"
#include "tangram/core/refine/detail/lattice_snap.hpp"
#include "tangram/core/refine/snap.hpp"

namespace tangram {

namespace {

/// The share of the time limit the vertex search gets before the raster search
/// (SearchConfig::grid_search): a tenth for sets of up to seven pieces, where the raster search
/// solves what the vertex search misses (experiments/vertex-search: the Tangram's KiloGram
/// figures, some in 10-18 s); half for larger sets, where the raster search is slow and the
/// vertex search is the one that solves (experiments/piece-sets: the double tangram's and the
/// Stomachion's off-lattice figures).
double vertex_share(const PieceSet& set) { return set.piece_count() <= 7 ? 0.1 : 0.5; }

/// An assembly an exact search found (grid or lattice), as a solution: checked on the judge
/// pattern (nullopt when it fails) and measured there.
std::optional<Solution> exact_solution(std::vector<PlacedPiece> pieces, long nodes,
                                       const SolverConfig& config, const Pattern& judge,
                                       std::chrono::steady_clock::time_point start) {
  Solution solution;
  solution.pieces = std::move(pieces);
  if (!verify_solution(judge, solution.pieces, config.pieces).valid) return std::nullopt;
  solution.solved = true;
  solution.stats.placements_tried = nodes;
  solution.stats.threads = max_threads();
  solution.stats.rotation_step_deg = config.pieces.grid_step_deg();
  const AreaMetrics m = measure_areas(judge, solution.pieces);
  solution.stats.coverage = m.coverage;
  solution.stats.overlap = m.overlap;
  solution.stats.spill = m.spill;
  solution.stats.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return solution;
}

/// SearchConfig::grid_search: the assembly found on the set's unit grid (grid_search.hpp) or,
/// for other sets, on the set's lattice (lattice_search.hpp, for up to half the time limit),
/// checked on the judge pattern; nullopt when the set, the rotations or the figure do not allow
/// those searches or they found nothing in time (the raster search then goes on).
std::optional<Solution> solve_exactly(const Pattern& pattern, const SolverConfig& config,
                                      const Pattern& judge) {
  using Clock = std::chrono::steady_clock;
  const SearchConfig& s = config.search;
  if (s.mode != SearchMode::Ours || !s.grid_search) return std::nullopt;
  const Clock::time_point start = s.started == Clock::time_point{} ? Clock::now() : s.started;
  if (!searches_turns(s, config.pieces.grid_step_deg())) return std::nullopt;
  const auto seconds = [](double t) {
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(t));
  };
  GridSearchConfig settings;
  ThreadLimit limit(s.threads);
  if (const auto configs = grid_configurations(config.pieces, s.reflection)) {
    const std::optional<CellGrid> grid = cell_grid(pattern, config.pieces);
    if (!grid || !searches_turns(s, 90.0)) return std::nullopt;
    settings.deadline = start + seconds(s.time_limit_s);
    settings.stop = s.stop;
    const GridSearchResult found = grid_search(*grid, config.pieces, *configs, settings);
    if (found.solutions == 0) return std::nullopt;
    std::optional<Solution> solution =
        exact_solution(grid_pieces(*grid, config.pieces, *configs, found.first), found.nodes,
                       config, judge, start);
    if (solution) solution->stats.on_grid = true;
    return solution;
  }
  const double unit_px = config.pieces.unit_px(pattern.side_px);
  const std::optional<LatticeFigure> figure =
      lattice_figure(pattern, config.pieces, s.reflection, unit_px);
  if (!figure) return std::nullopt;
  settings.deadline = start + seconds(0.5 * s.time_limit_s);
  settings.stop = s.stop;
  const LatticeSearchResult found = lattice_search(pattern, *figure, config.pieces, settings);
  if (found.solutions == 0) return std::nullopt;
  std::vector<PlacedPiece> pieces = lattice_pieces(*figure, config.pieces, unit_px, found.first);
  // The lattice's step in pixels is measured on the figure's box, the pieces' size on its area:
  // put them on the set's own lattice when that does no harm.
  if (s.snap && s.lattice_snap) lattice_snap_checked(judge, config.pieces, pieces);
  std::optional<Solution> solution =
      exact_solution(std::move(pieces), found.nodes, config, judge, start);
  if (solution) solution->stats.on_lattice = true;
  return solution;
}

/// Whether every piece's angle is one of the rotations `search` allows (within a degree, which
/// the snap then turns away): always with automatic rotations or steps of 2 degrees or less.
bool at_configured_rotations(const std::vector<PlacedPiece>& pieces, const SearchConfig& search) {
  if (search.rotation_auto || search.rotation_step_deg <= 2.0) return true;
  for (const PlacedPiece& piece : pieces)
    if (angle_distance(piece.pose.angle_deg - search.rotation_offset_deg, 0.0,
                       search.rotation_step_deg) > 1.0)
      return false;
  return true;
}

/// What the vertex search run before the raster search found.
struct VertexFindings {
  /// Its assembly, snapped, exact and at the configured rotations: the solution.
  std::optional<Solution> exact;
  /// The first exact assembly with a piece outside the configured rotations (a fixed
  /// --rotation-step): the answer when the raster search then exhausts those rotations.
  std::optional<Solution> off_rotations;
};

/// SearchConfig::grid_search for straight-edged sets: the vertex search for up to
/// vertex_share() of the time limit; its assembly snapped (SearchConfig::snap), when that
/// passes the checker, and taken when it is exact (exact_enough()) and its pieces lie at the
/// configured rotations; the first exact one outside them is kept aside
/// (VertexFindings::off_rotations).
VertexFindings solve_by_vertices(const Pattern& pattern, const SolverConfig& config,
                                 const Pattern* judge) {
  using Clock = std::chrono::steady_clock;
  const SearchConfig& s = config.search;
  if (s.mode != SearchMode::Ours || !s.grid_search) return {};
  if (has_arcs(config.pieces)) return {};
  // A figure the outline rules out is refused by the raster search at once.
  if (outline_refusal(pattern, config.pieces)) return {};
  SolverConfig vertex = config;
  vertex.search.mode = SearchMode::Vertex;
  vertex.search.started = s.started == Clock::time_point{} ? Clock::now() : s.started;
  vertex.search.time_limit_s = vertex_share(config.pieces) * s.time_limit_s;
  const Pattern& on = judge ? *judge : pattern;
  const std::vector<OutlineRing> outline = vectorise_outline(on.puzzle);
  // An assembly is taken only when exact, snapped, and at the configured rotations; the search
  // goes on past the others.
  VertexFindings found;
  const auto finished = [&](Solution solution) {
    const AreaMetrics m = measure_areas(on, solution.pieces);
    solution.stats.coverage = m.coverage;
    solution.stats.overlap = m.overlap;
    solution.stats.spill = m.spill;
    solution.stats.by_vertices = true;
    solution.stats.seconds =
        std::chrono::duration<double>(Clock::now() - vertex.search.started).count();
    return solution;
  };
  const AssemblyCheck exact = [&](std::vector<PlacedPiece>& pieces) {
    const bool at_rotations = at_configured_rotations(pieces, s);
    if (!at_rotations && found.off_rotations) return false;
    std::vector<PlacedPiece> snapped = pieces;
    if (s.snap) snap_checked(on, config.pieces, outline, snapped, snap_config(s));
    if (!exact_enough(on, config.pieces, snapped)) return false;
    if (at_rotations) {
      pieces = std::move(snapped);
      return true;
    }
    Solution aside;
    aside.solved = true;
    aside.pieces = std::move(snapped);
    found.off_rotations = finished(std::move(aside));
    found.off_rotations->stats.off_rotations = true;
    return false;
  };
  Solution solution = vertex_search(pattern, vertex, {}, {}, judge, exact);
  if (solution.solved)
    found.exact = finished(std::move(solution));
  else if (found.off_rotations) {
    // The counters of the whole vertex search, which went on past it.
    SolveStats& stats = found.off_rotations->stats;
    stats.placements_tried = solution.stats.placements_tried;
    stats.backtracks = solution.stats.backtracks;
    stats.validations_failed = solution.stats.validations_failed;
    stats.threads = solution.stats.threads;
  }
  return found;
}

/// The unsolved solution of a search stopped (SearchConfig::stop) between its phases.
Solution stopped_solution(const SearchConfig& search) {
  using Clock = std::chrono::steady_clock;
  Solution solution;
  solution.stats.timed_out = solution.stats.stopped = true;
  solution.stats.threads = max_threads();
  if (search.started != Clock::time_point{})
    solution.stats.seconds = std::chrono::duration<double>(Clock::now() - search.started).count();
  return solution;
}

}  // namespace

Solution solve(const Pattern& pattern, const SolverConfig& config, const ProgressCallback& progress,
               const SearchObserver& observer, const Pattern* judge) {
  const auto solve_entered = std::chrono::steady_clock::now();
  validate_config(config);
  if (judge != nullptr && judge->puzzle.size() != pattern.puzzle.size())
    throw UsageError("the judge pattern must have the pattern's size");
  if (config.search.mode == SearchMode::Vertex)
    return vertex_search(pattern, config, progress, observer, judge);
  if (std::optional<Solution> exact = solve_exactly(pattern, config, judge ? *judge : pattern))
    return *exact;
  if (stop_requested(config.search)) return stopped_solution(config.search);
  const auto entered = config.search.started == std::chrono::steady_clock::time_point{}
                           ? solve_entered
                           : config.search.started;
  VertexFindings by_vertices = solve_by_vertices(pattern, config, judge);
  if (by_vertices.exact) return *by_vertices.exact;
  if (stop_requested(config.search)) return stopped_solution(config.search);
  if (config.search.rotation_auto) return raster_search(pattern, config, progress, observer, judge);
  Solution solution = raster_search(pattern, config, progress, observer, judge);
  // The raster search ran out of candidates at the configured rotations (neither the time
  // limit nor a stop ended it, nor a refusal): the vertex search's exact assembly outside them
  // answers the figure (a piece at 70 degrees where 45-degree steps were asked).
  if (!solution.solved && outcome_of(solution) == Outcome::Exhausted && by_vertices.off_rotations) {
    Solution answer = std::move(*by_vertices.off_rotations);
    answer.stats.placements_tried += solution.stats.placements_tried;
    answer.stats.backtracks += solution.stats.backtracks;
    answer.stats.validations_failed += solution.stats.validations_failed;
    answer.stats.repeats_skipped += solution.stats.repeats_skipped;
    answer.stats.threads = std::max(answer.stats.threads, solution.stats.threads);
    answer.stats.rotation_step_deg = solution.stats.rotation_step_deg;
    answer.stats.rotation_offset_deg = solution.stats.rotation_offset_deg;
    answer.stats.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - entered).count();
    return answer;
  }
  return solution;
}

}  // namespace tangram
