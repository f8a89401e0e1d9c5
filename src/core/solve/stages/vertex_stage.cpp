// "vertex": the vertex search (vertex_search.hpp). With SearchMode::Vertex it is the whole
// solve. With SearchMode::Ours it runs first for straight-edged sets, for a share of the time
// limit, and answers only with an assembly that is exact and at the configured rotations; the
// first exact one outside them is put aside for "vertex-off-rotations".

#include <chrono>
#include <optional>
#include <utility>
#include <vector>

#include "tangram/core/exact/vertex_search.hpp"
#include "tangram/core/figure/angles.hpp"
#include "tangram/core/figure/refusals.hpp"
#include "tangram/core/geometry/outline.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/core/refine/snap.hpp"
#include "tangram/core/search/stage.hpp"

namespace tangram {

namespace {

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

class VertexStage final : public Stage {
public:
  std::string_view name() const override { return "vertex"; }

  /// Before the raster search: a tenth for sets of up to seven pieces, half for larger ones
  /// (docs/design/stages.md).
  double time_share(const SolverConfig& config) const override {
    if (config.search.mode == SearchMode::Vertex) return 1.0;
    return config.pieces.piece_count() <= 7 ? 0.1 : 0.5;
  }

  bool applies(const StageInput& input, const SolveState&) const override {
    const SearchConfig& s = input.config.search;
    if (s.mode == SearchMode::Vertex) return true;
    // A figure the outline rules out is refused by the raster search at once.
    return s.mode == SearchMode::Ours && s.grid_search && !has_arcs(input.config.pieces) &&
           !outline_refusal(input.pattern, input.config.pieces);
  }

  std::optional<Solution> run(const StageInput& input, SolveState& state) const override {
    if (input.config.search.mode == SearchMode::Vertex)
      return vertex_search(input.pattern, input.config, input.progress, input.observer,
                           &input.judge);
    return before_raster(input, state);
  }

private:
  /// SearchMode::Ours: the search's assembly, snapped (SearchConfig::snap), taken when exact
  /// (exact_enough()) and at the configured rotations; the first exact one outside them goes to
  /// SolveState::aside, with the counters of the whole search.
  static std::optional<Solution> before_raster(const StageInput& input, SolveState& state) {
    using Clock = std::chrono::steady_clock;
    const SolverConfig& config = input.config;
    const SearchConfig& s = config.search;
    SolverConfig vertex = config;
    vertex.search.mode = SearchMode::Vertex;
    vertex.search.started = s.started == Clock::time_point{} ? Clock::now() : s.started;
    const Pattern& on = input.judge;
    const std::vector<OutlineRing> outline = vectorise_outline(on.puzzle);
    std::optional<Solution> aside;
    const auto finished = [&](Solution solution) {
      const AreaMetrics m = measure_areas(on, solution.pieces);
      solution.stats.coverage = m.coverage;
      solution.stats.overlap = m.overlap;
      solution.stats.spill = m.spill;
      solution.stats.seconds =
          std::chrono::duration<double>(Clock::now() - vertex.search.started).count();
      return solution;
    };
    const AssemblyCheck exact = [&](std::vector<PlacedPiece>& pieces) {
      const bool at_rotations = at_configured_rotations(pieces, s);
      if (!at_rotations && aside) return false;
      std::vector<PlacedPiece> snapped = pieces;
      if (s.snap) snap_checked(on, config.pieces, outline, snapped, snap_config(s));
      if (!exact_enough(on, config.pieces, snapped)) return false;
      if (at_rotations) {
        pieces = std::move(snapped);
        return true;
      }
      Solution off;
      off.solved = true;
      off.pieces = std::move(snapped);
      aside = finished(std::move(off));
      return false;
    };
    Solution solution = vertex_search(input.pattern, vertex, {}, {}, &input.judge, exact);
    // Solved, or a proof that no exact assembly exists (the lattice vertex search, to the end).
    if (solution.solved || solution.stats.impossible) return finished(std::move(solution));
    if (aside) {
      // The counters of the whole vertex search, which went on past it.
      SolveStats& stats = aside->stats;
      stats.placements_tried = solution.stats.placements_tried;
      stats.backtracks = solution.stats.backtracks;
      stats.validations_failed = solution.stats.validations_failed;
      stats.threads = solution.stats.threads;
      state.aside = std::move(aside);
    }
    return std::nullopt;
  }
};

}  // namespace

const Stage& vertex_stage() {
  static const VertexStage stage;
  return stage;
}

}  // namespace tangram
