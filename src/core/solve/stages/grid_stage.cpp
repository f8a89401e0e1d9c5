// "grid": a set of polyominoes on a figure that lies on its unit grid, searched cell by cell
// (grid_search.hpp).

#include <chrono>
#include <optional>

#include "tangram/core/base/parallel.hpp"
#include "tangram/core/enumerate/grid_search.hpp"
#include "tangram/core/search/stage.hpp"
#include "tangram/core/solve/detail/exact_answer.hpp"

namespace tangram {

namespace {

class GridStage final : public Stage {
public:
  std::string_view name() const override { return "grid"; }

  bool applies(const StageInput& input, const SolveState&) const override {
    const SearchConfig& s = input.config.search;
    return s.mode == SearchMode::Ours && s.grid_search &&
           searches_turns(s, input.config.pieces.grid_step_deg()) && searches_turns(s, 90.0) &&
           grid_configurations(input.config.pieces, s.reflection).has_value();
  }

  std::optional<Solution> run(const StageInput& input, SolveState&) const override {
    using Clock = std::chrono::steady_clock;
    const SearchConfig& s = input.config.search;
    const Clock::time_point start = detail::stage_start(s);
    ThreadLimit limit(s.threads);
    const auto configs = grid_configurations(input.config.pieces, s.reflection);
    const std::optional<CellGrid> grid = cell_grid(input.pattern, input.config.pieces);
    if (!configs || !grid) return std::nullopt;
    GridSearchConfig settings;
    settings.deadline = start + std::chrono::duration_cast<Clock::duration>(
                                    std::chrono::duration<double>(s.time_limit_s));
    settings.stop = s.stop;
    const GridSearchResult found = grid_search(*grid, input.config.pieces, *configs, settings);
    if (found.solutions == 0) return std::nullopt;
    return detail::exact_answer(grid_pieces(*grid, input.config.pieces, *configs, found.first),
                                found.nodes, input, start);
  }
};

}  // namespace

const Stage& grid_stage() {
  static const GridStage stage;
  return stage;
}

}  // namespace tangram
