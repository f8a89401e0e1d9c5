// "vertex-off-rotations": when the raster search exhausted the configured rotations, the exact
// assembly the vertex stage put aside (a piece at 70 degrees where 45-degree steps were asked).

#include <algorithm>
#include <chrono>
#include <optional>
#include <utility>

#include "tangram/core/search/stage.hpp"

namespace tangram {

namespace {

class VertexOffRotationsStage final : public Stage {
public:
  std::string_view name() const override { return "vertex-off-rotations"; }

  /// Neither the time limit nor a stop ended the raster search, nor a refusal.
  bool applies(const StageInput&, const SolveState& state) const override {
    return state.aside && state.unsolved && outcome_of(*state.unsolved) == Outcome::Exhausted;
  }

  /// The assembly put aside, with the counters of both searches.
  std::optional<Solution> run(const StageInput&, SolveState& state) const override {
    const SolveStats& raster = state.unsolved->stats;
    Solution answer = std::move(*state.aside);
    state.aside.reset();
    add_counters(answer.stats, raster);
    answer.stats.threads = std::max(answer.stats.threads, raster.threads);
    answer.stats.rotation_step_deg = raster.rotation_step_deg;
    answer.stats.rotation_offset_deg = raster.rotation_offset_deg;
    answer.stats.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - state.started).count();
    return answer;
  }
};

}  // namespace

const Stage& vertex_off_rotations_stage() {
  static const VertexOffRotationsStage stage;
  return stage;
}

}  // namespace tangram
