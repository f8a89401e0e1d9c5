// "lattice": a set that is not of polyominoes on a figure that lies on the set's lattice,
// searched on the lattice (lattice_search.hpp) for half the time limit.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <utility>
#include <vector>

#include "tangram/core/base/parallel.hpp"
#include "tangram/core/enumerate/grid_search.hpp"
#include "tangram/core/enumerate/lattice_search.hpp"
#include "tangram/core/refine/snap.hpp"
#include "tangram/core/search/stage.hpp"
#include "tangram/core/solve/detail/exact_answer.hpp"

namespace tangram {

namespace {

/// The lattice search's cost model (search/work.hpp): nominal seconds per move of its cover
/// search (docs/design/determinism.md).
constexpr double kNodeSeconds = 0.2e-6;

class LatticeStage final : public Stage {
public:
  std::string_view name() const override { return "lattice"; }

  double time_share(const SolverConfig&) const override { return 0.5; }

  bool applies(const StageInput& input, const SolveState&) const override {
    const SearchConfig& s = input.config.search;
    // A set of polyominoes is the grid stage's, whether or not that applies.
    return s.mode == SearchMode::Ours && s.grid_search &&
           searches_turns(s, input.config.pieces.grid_step_deg()) &&
           !grid_configurations(input.config.pieces, s.reflection);
  }

  std::optional<Solution> run(const StageInput& input, SolveState& state) const override {
    using Clock = std::chrono::steady_clock;
    const SolverConfig& config = input.config;
    const SearchConfig& s = config.search;
    const Clock::time_point start = detail::stage_start(s);
    ThreadLimit limit(s.threads);
    const double unit_px = config.pieces.unit_px(input.pattern.side_px);
    const std::optional<LatticeFigure> figure =
        lattice_figure(input.pattern, config.pieces, s.reflection, unit_px);
    if (!figure) return std::nullopt;
    // A turned lattice poses the pieces at its turn plus multiples of the grid step: only where
    // the rotations asked for include those.
    if (figure->turned && !s.rotation_auto &&
        std::abs(std::remainder(figure->turn_deg - s.rotation_offset_deg, s.rotation_step_deg)) >
            1e-6)
      return std::nullopt;
    GridSearchConfig settings;
    settings.deadline = start + std::chrono::duration_cast<Clock::duration>(
                                    std::chrono::duration<double>(s.time_limit_s));
    settings.stop = s.stop;
    // Its share as moves, counted as one thread makes them in order: the same end with any
    // thread count, on any machine (docs/design/determinism.md).
    if (s.work != nullptr && std::isfinite(s.work_limit_s))
      settings.max_nodes = static_cast<long>(
          std::clamp((s.work_limit_s - s.work->seconds()) / kNodeSeconds, 1.0, 1e18));
    const LatticeSearchResult found =
        lattice_search(input.pattern, *figure, config.pieces, settings);
    charge_work(s, kNodeSeconds * static_cast<double>(found.nodes));
    if (found.solutions == 0) {
      // None on the lattice: told, and the solve goes on for assemblies off it.
      // (On a lattice too fine to read each sample for certain, none proves nothing.)
      if (found.exhausted && figure->readable()) state.exhausted.emplace_back(name());
      return std::nullopt;
    }
    std::vector<PlacedPiece> pieces = lattice_pieces(*figure, config.pieces, unit_px, found.first);
    // The lattice is placed by the figure's box, which its pixels give to half a pixel.
    if (s.snap) fit_to_outline(input.judge, config.pieces, pieces, snap_config(s));
    return detail::exact_answer(std::move(pieces), found.nodes, input, start);
  }
};

}  // namespace

const Stage& lattice_stage() {
  static const LatticeStage stage;
  return stage;
}

}  // namespace tangram
