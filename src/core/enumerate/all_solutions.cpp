#include "tangram/core/enumerate/all_solutions.hpp"

#include <chrono>
#include <cmath>
#include <map>

#include <opencv2/core.hpp>

#include "tangram/core/base/error.hpp"
#include "tangram/core/base/format.hpp"
#include "tangram/core/base/parallel.hpp"
#include "tangram/core/enumerate/lattice_search.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/core/refine/snap.hpp"

namespace tangram {

namespace {

/// Most placements an enumeration may hold (cells or lattice cells of the figure times the
/// pieces' orientations): a few hundred megabytes at most.
constexpr double kMaxMoves = 4e6;

/// How the figure is enumerated: on the set's unit grid (polyominoes), on a lattice (polygons
/// whose corners keep to one), or not at all (and why).
struct Method {
  std::optional<std::vector<std::vector<GridConfiguration>>> configs;
  std::optional<CellGrid> grid;
  std::optional<LatticeFigure> lattice;
  double unit_px = 0.0;
  std::string refusal;
};

/// The shift that takes every vertex of `from` to the same vertex of `to` (the same pieces in
/// the same order) within 1e-6 px, or nullopt when `to` is not `from` shifted.
std::optional<Vec2> common_shift(const std::vector<PlacedPiece>& from,
                                 const std::vector<PlacedPiece>& to) {
  constexpr double kTolerancePx = 1e-6;
  if (from.size() != to.size() || from.empty() || from[0].polygon.empty()) return std::nullopt;
  const Vec2 shift = to[0].polygon[0] - from[0].polygon[0];
  for (std::size_t p = 0; p < from.size(); ++p) {
    if (from[p].polygon.size() != to[p].polygon.size()) return std::nullopt;
    for (std::size_t v = 0; v < from[p].polygon.size(); ++v) {
      const Vec2 d = to[p].polygon[v] - from[p].polygon[v] - shift;
      if (std::abs(d.x) > kTolerancePx || std::abs(d.y) > kTolerancePx) return std::nullopt;
    }
  }
  return shift;
}

Method method_for(const Pattern& pattern, const SolverConfig& config,
                  const EnumerationConfig& enumeration) {
  Method m;
  const PieceSet& set = config.pieces;
  if (enumeration.use != PieceUse::Exact && !(enumeration.figure_area > 0.0)) {
    m.refusal = "with pieces used as '" + std::string(piece_use_name(enumeration.use)) +
                "' the figure's area in set units must be given (the pieces no longer fill it "
                "exactly, so it sets the scale)";
    return m;
  }
  const double turns =
      grid_configurations(set, config.search.reflection) ? 90.0 : set.grid_step_deg();
  if (!searches_turns(config.search, turns)) {
    m.refusal = "the rotations searched must include the multiples of " + detail::general(turns) +
                " degrees";
    return m;
  }
  const double area = enumeration.figure_area > 0.0 ? enumeration.figure_area : set.total_area();
  m.unit_px = std::sqrt(static_cast<double>(pattern.area_px) / area);
  m.configs = grid_configurations(set, config.search.reflection);
  if (m.configs) {
    m.grid = cell_grid(pattern, set, enumeration.use, m.unit_px);
    if (!m.grid) {
      m.refusal = "the figure does not lie on the unit grid of " + set.name() + " (" +
                  std::to_string(std::lround(area)) + " cells, each all puzzle or all " +
                  "background)";
      return m;
    }
    std::size_t configurations = 0;
    for (const auto& c : *m.configs) configurations += c.size();
    const double moves = double(cv::countNonZero(m.grid->cells)) * double(configurations);
    if (moves > kMaxMoves)
      m.refusal = "the figure has too many cells for an enumeration (" +
                  std::to_string(cv::countNonZero(m.grid->cells)) + " cells, " +
                  std::to_string(configurations) + " orientations: over " +
                  detail::general(kMaxMoves) + " placements to hold)";
    return m;
  }
  m.lattice = lattice_figure(pattern, set, config.search.reflection, m.unit_px);
  if (!m.lattice) {
    m.refusal = "the figure does not lie on a lattice that the pieces of " + set.name() +
                " keep their corners on (its bounding box a whole number of steps of 1/m or "
                "sqrt(2)/m of the set's unit each way); every assembly is counted exactly only "
                "for polyominoes on their grid and for such lattice figures";
    return m;
  }
  if (!m.lattice->readable()) {
    m.refusal = "the figure's lattice is too fine in this picture (steps of " +
                detail::general(m.lattice->step_px.x, 3) + " px): the search's samples would lie " +
                detail::general(m.lattice->clearance_px, 2) + " px from the pieces' edges, " +
                detail::general(kLatticeClearancePx) +
                " px are needed to read each for certain; a larger picture is counted";
    return m;
  }
  std::size_t configurations = 0;
  for (const auto& c : m.lattice->configs) configurations += c.size();
  const double cells = double(pattern.area_px) / (m.lattice->step_px.x * m.lattice->step_px.y);
  if (cells * double(configurations) > kMaxMoves)
    m.refusal = "the figure has too many lattice cells for an enumeration (about " +
                std::to_string(std::lround(cells)) + ", " + std::to_string(configurations) +
                " orientations: over " + detail::general(kMaxMoves) + " placements to hold)";
  return m;
}

}  // namespace

std::optional<std::string> enumeration_refusal(const Pattern& pattern, const SolverConfig& config,
                                               const EnumerationConfig& enumeration) {
  Method m = method_for(pattern, config, enumeration);
  if (m.refusal.empty()) return std::nullopt;
  return m.refusal;
}

Enumeration enumerate_assemblies(const Pattern& pattern, const SolverConfig& config,
                                 const EnumerationConfig& enumeration, const AssemblySink& sink,
                                 const EnumerationProgress& progress) {
  using Clock = std::chrono::steady_clock;
  validate_config(config);
  const SearchConfig& s = config.search;
  const Clock::time_point start = s.started == Clock::time_point{} ? Clock::now() : s.started;
  const Method m = method_for(pattern, config, enumeration);
  if (!m.refusal.empty()) throw UsageError(m.refusal);
  GridSearchConfig settings;
  settings.max_solutions = enumeration.max_solutions;
  settings.use = enumeration.use;
  settings.up_to_symmetry = enumeration.up_to_symmetry;
  settings.reflection = s.reflection;
  settings.deadline = start + std::chrono::duration_cast<Clock::duration>(
                                  std::chrono::duration<double>(s.time_limit_s));
  settings.stop = enumeration.stop;
  ThreadLimit limit(s.threads);
  Enumeration out;
  out.threads = max_threads();
  const auto on_progress = [&](const CoverProgress& g) {
    if (progress) progress(g.solutions, g.nodes, g.seconds);
  };
  if (m.grid) {
    out.method = "grid";
    out.symmetries =
        enumeration.up_to_symmetry ? grid_symmetries(*m.grid, !s.reflection).size() : 1;
    const GridSearchResult found = grid_search(
        *m.grid, config.pieces, *m.configs, settings,
        [&](const std::vector<GridPlacement>& placements) {
          if (sink) sink(grid_pieces(*m.grid, config.pieces, *m.configs, placements));
        },
        on_progress);
    static_cast<CoverCount&>(out) = found;
  } else {
    out.method = "lattice";
    out.lattice_step = m.lattice->step;
    out.lattice_turn_deg = m.lattice->turn_deg;
    // The lattice is placed by the figure's box, which its pixels give to half a pixel: every
    // assembly moves as the first one fitted to the outline did (the lattice stage's fit), when
    // that fit is a shift of the whole assembly.
    bool first = true;
    std::optional<Vec2> fit;
    const LatticeSearchResult found = lattice_search(
        pattern, *m.lattice, config.pieces, settings,
        [&](const std::vector<LatticePlacement>& placements) {
          if (!sink) return;
          std::vector<PlacedPiece> pieces =
              lattice_pieces(*m.lattice, config.pieces, m.unit_px, placements);
          if (first && s.snap && enumeration.use == PieceUse::Exact) {
            std::vector<PlacedPiece> fitted = pieces;
            if (fit_to_outline(pattern, config.pieces, fitted, snap_config(s)))
              fit = common_shift(pieces, fitted);
          }
          first = false;
          if (fit)
            for (PlacedPiece& piece : pieces) move_piece(piece, *fit);
          sink(pieces);
        },
        on_progress);
    static_cast<CoverCount&>(out) = found;
    out.symmetries = found.symmetries;
    out.rejected = found.rejected;
  }
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
  const std::string name = set.name() + (use == PieceUse::Copies ? "-copies" : "-subset");
  UsedPieces used{PieceSet(name, std::move(shapes), set.grid_step_deg()), pieces};
  for (PlacedPiece& piece : used.pieces) piece.shape = renumbered[piece.shape];
  return used;
}

ChosenAssembly chosen_assembly(const Pattern& pattern, const PieceSet& set,
                               const std::vector<PlacedPiece>& pieces, const Enumeration& found,
                               PieceUse use) {
  Solution drawn;
  drawn.solved = !pieces.empty();
  drawn.pieces = pieces;
  drawn.stats.seconds = found.seconds;
  drawn.stats.placements_tried = found.nodes;
  drawn.stats.threads = found.threads;
  drawn.stats.found_by = "grid";
  drawn.stats.timed_out = found.timed_out;
  if (drawn.solved) {
    const AreaMetrics m = measure_areas(pattern, pieces);
    drawn.stats.coverage = m.coverage;
    drawn.stats.overlap = m.overlap;
    drawn.stats.spill = m.spill;
  }
  // None found: the set as given (the pieces of none would be a set without shapes).
  UsedPieces used = drawn.solved ? used_pieces(set, pieces, use) : UsedPieces{set, {}};
  Solution documented = drawn;
  documented.pieces = std::move(used.pieces);
  return {std::move(drawn), std::move(documented), std::move(used.set)};
}

}  // namespace tangram
