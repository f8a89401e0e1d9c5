// "refusal": the sound refusals from the figure's outline (refusals.hpp: corners, arcs, a piece
// wider than the figure) before any search, so that every search mode and goal answers a
// figure they rule out at once and in the same words.

#include <chrono>
#include <optional>

#include "tangram/core/base/parallel.hpp"
#include "tangram/core/figure/refusals.hpp"
#include "tangram/core/search/stage.hpp"

namespace tangram {

namespace {

class RefusalStage final : public Stage {
public:
  std::string_view name() const override { return "refusal"; }

  bool applies(const StageInput& input, const SolveState&) const override {
    return input.config.search.mode == SearchMode::Ours;
  }

  std::optional<Solution> run(const StageInput& input, SolveState& state) const override {
    const std::optional<Impossibility> why = outline_refusal(input.pattern, input.config.pieces);
    if (!why) return std::nullopt;
    Solution refused;
    refused.stats.impossible = why;
    refused.stats.threads = max_threads();
    refused.stats.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - state.started).count();
    return refused;
  }
};

}  // namespace

const Stage& refusal_stage() {
  static const RefusalStage stage;
  return stage;
}

}  // namespace tangram
