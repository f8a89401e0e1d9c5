// "raster": the raster search (SearchMode::Ours or Paper; raster_search.hpp) at the configured
// rotations or stage by stage of the rotation plan.

#include <optional>

#include "tangram/core/raster/detail/raster_search.hpp"
#include "tangram/core/search/stage.hpp"

namespace tangram {

namespace {

class RasterStage final : public Stage {
public:
  std::string_view name() const override { return "raster"; }

  bool applies(const StageInput& input, const SolveState&) const override {
    return input.config.search.mode != SearchMode::Vertex;
  }

  std::optional<Solution> run(const StageInput& input, SolveState&) const override {
    return raster_search(input.pattern, input.config, input.progress, input.observer, &input.judge);
  }
};

}  // namespace

const Stage& raster_stage() {
  static const RasterStage stage;
  return stage;
}

}  // namespace tangram
