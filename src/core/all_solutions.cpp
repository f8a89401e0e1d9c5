#include "tangram/core/all_solutions.hpp"

#include <chrono>
#include <cmath>
#include <map>

#include "tangram/core/error.hpp"
#include "tangram/core/parallel.hpp"

namespace tangram {

namespace {

/// The figure's cells, when it and the set allow an exact enumeration; otherwise why not.
struct GridProblem {
  std::optional<std::vector<std::vector<GridConfiguration>>> configs;
  std::optional<CellGrid> grid;
  std::string refusal;
};

GridProblem grid_problem(const Pattern& pattern, const SolverConfig& config,
                         const EnumerationConfig& enumeration) {
  GridProblem p;
  const PieceSet& set = config.pieces;
  if (enumeration.use != PieceUse::Exact && !(enumeration.figure_area > 0.0)) {
    p.refusal = "with pieces used as '" + std::string(piece_use_name(enumeration.use)) +
                "' the figure's area in set units must be given (the pieces no longer fill it "
                "exactly, so it sets the scale)";
    return p;
  }
  if (!searches_quarter_turns(config.search)) {
    p.refusal = "the rotations searched must include the quarter turns of the unit grid";
    return p;
  }
  p.configs = grid_configurations(set, config.search.reflection);
  if (!p.configs) {
    p.refusal = "every assembly is found and counted exactly only for sets of polyominoes "
                "(pieces made of unit squares); the set " + set.name() + " has other shapes";
    return p;
  }
  const double area = enumeration.figure_area > 0.0 ? enumeration.figure_area : set.total_area();
  const double unit_px = std::sqrt(static_cast<double>(pattern.area_px) / area);
  p.grid = cell_grid(pattern, set, enumeration.use, unit_px);
  if (!p.grid)
    p.refusal = "the figure does not lie on the unit grid of " + set.name() + " (at " +
                std::to_string(std::lround(area)) + " cells, each cell all puzzle or all " +
                "background, " + (enumeration.use == PieceUse::Exact
                                      ? std::string("as many cells as the set's area")
                                      : std::string("the cells the area given says")) + ")";
  return p;
}

}  // namespace

std::optional<std::string> enumeration_refusal(const Pattern& pattern, const SolverConfig& config,
                                               const EnumerationConfig& enumeration) {
  GridProblem p = grid_problem(pattern, config, enumeration);
  if (p.refusal.empty()) return std::nullopt;
  return p.refusal;
}

Enumeration enumerate_assemblies(const Pattern& pattern, const SolverConfig& config,
                                 const EnumerationConfig& enumeration, const AssemblySink& sink,
                                 const EnumerationProgress& progress) {
  using Clock = std::chrono::steady_clock;
  validate_config(config);
  const SearchConfig& s = config.search;
  const Clock::time_point start = s.started == Clock::time_point{} ? Clock::now() : s.started;
  const GridProblem p = grid_problem(pattern, config, enumeration);
  if (!p.refusal.empty()) throw UsageError(p.refusal);
  GridSearchConfig settings;
  settings.max_solutions = std::max(1L, enumeration.max_solutions);
  settings.use = enumeration.use;
  settings.up_to_symmetry = enumeration.up_to_symmetry;
  settings.reflection = s.reflection;
  settings.deadline = start + std::chrono::duration_cast<Clock::duration>(
                                  std::chrono::duration<double>(s.time_limit_s));
  settings.stop = enumeration.stop;
  ThreadLimit limit(s.threads);
  Enumeration out;
  out.threads = max_threads();
  out.symmetries = enumeration.up_to_symmetry ? grid_symmetries(*p.grid, !s.reflection).size() : 1;
  const GridSearchResult found = grid_search(
      *p.grid, config.pieces, *p.configs, settings,
      [&](const std::vector<GridPlacement>& placements) {
        if (sink) sink(grid_pieces(*p.grid, config.pieces, *p.configs, placements));
      },
      [&](const GridProgress& g) {
        if (progress) progress(g.solutions, g.nodes, g.seconds);
      });
  out.solutions = found.solutions;
  out.exhausted = found.exhausted;
  out.timed_out = found.timed_out;
  out.interrupted = found.interrupted;
  out.nodes = found.nodes;
  out.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return out;
}

UsedPieces used_pieces(const PieceSet& set, const std::vector<PlacedPiece>& pieces, PieceUse use) {
  std::map<ShapeId, int> count;
  for (const PlacedPiece& piece : pieces) ++count[piece.shape];
  bool whole = count.size() == set.shape_count();
  std::vector<PieceShape> shapes;
  std::map<ShapeId, ShapeId> renumbered;
  for (const auto& [id, n] : count) {
    PieceShape shape = set.shape(id);
    whole = whole && shape.count == n;
    shape.count = n;
    renumbered[id] = static_cast<ShapeId>(shapes.size());
    shapes.push_back(std::move(shape));
  }
  if (whole) return {set, pieces};
  const std::string name =
      set.name() + (use == PieceUse::Copies ? "-copies" : "-subset");
  UsedPieces used{PieceSet(name, std::move(shapes), set.grid_step_deg()), pieces};
  for (PlacedPiece& piece : used.pieces) piece.shape = renumbered[piece.shape];
  return used;
}

}  // namespace tangram
