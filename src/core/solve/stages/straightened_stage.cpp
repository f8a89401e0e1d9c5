// "straightened": on a noisy outline, the figure its long straight runs make
// (straightened_outline()) solved by the lattice, vertex and raster stages, each assembly judged
// on the figure as drawn, for a tenth of the time limit (docs/design/stages.md).

#include <optional>

#include "tangram/core/figure/straighten.hpp"
#include "tangram/core/puzzle/roughness.hpp"
#include "tangram/core/search/stage.hpp"
#include "tangram/core/solve/solve.hpp"

namespace tangram {

const Stage& lattice_stage();
const Stage& vertex_stage();
const Stage& raster_stage();

namespace {

class StraightenedStage final : public Stage {
public:
  std::string_view name() const override { return "straightened"; }

  double time_share(const SolverConfig&) const override { return 0.1; }

  bool applies(const StageInput& input, const SolveState&) const override {
    const SearchConfig& s = input.config.search;
    return s.mode == SearchMode::Ours && !has_arcs(input.config.pieces) &&
           outline_noise_px(input.pattern.puzzle) >= kNoisyOutlinePx;
  }

  std::optional<Solution> run(const StageInput& input, SolveState&) const override {
    const Pattern& drawn = input.pattern;
    const double noise = outline_noise_px(drawn.puzzle);
    const std::optional<StraightenedOutline> straight =
        straightened_outline(drawn, noise, input.config.pieces.grid_step_deg());
    if (!straight) return std::nullopt;
    Pattern clean = make_pattern(straight->puzzle);
    clean.rough_band = 0.0;
    static const StageList inner = {&lattice_stage(), &vertex_stage(), &raster_stage()};
    Solution solution =
        solve(inner, clean, input.config, input.progress, input.observer, &input.judge);
    // Only an assembly answers: a proof on the straightened figure proves nothing on the drawn.
    if (!solution.solved) return std::nullopt;
    return solution;
  }
};

}  // namespace

const Stage& straightened_stage() {
  static const StraightenedStage stage;
  return stage;
}

}  // namespace tangram
