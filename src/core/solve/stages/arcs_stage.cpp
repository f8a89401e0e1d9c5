// "arcs": for a curved set, the raster search with the curved pieces first, each only where one
// of its arcs lies on an arc of the figure's outline, for a share of the time limit; unsolved,
// the "raster" stage searches everywhere (docs/design/stages.md).

#include <optional>

#include "tangram/core/geometry/outline.hpp"
#include "tangram/core/raster/detail/raster_search.hpp"
#include "tangram/core/search/stage.hpp"

namespace tangram {

namespace {

class ArcsStage final : public Stage {
public:
  std::string_view name() const override { return "arcs"; }

  /// A tenth: it solves in moments or runs out of placements (docs/design/stages.md).
  double time_share(const SolverConfig&) const override { return 0.1; }

  bool applies(const StageInput& input, const SolveState&) const override {
    return input.config.search.mode == SearchMode::Ours && has_arcs(input.config.pieces) &&
           !outline_arcs(vectorise_outline(input.pattern.puzzle)).empty();
  }

  std::optional<Solution> run(const StageInput& input, SolveState&) const override {
    SolverConfig config = input.config;
    config.pieces = input.config.pieces.arcs_first();
    config.search.arcs_on_outline = true;
    Solution solution =
        raster_search(input.pattern, config, input.progress, input.observer, &input.judge);
    if (!solution.solved) return std::nullopt;
    return solution;
  }
};

}  // namespace

const Stage& arcs_stage() {
  static const ArcsStage stage;
  return stage;
}

}  // namespace tangram
