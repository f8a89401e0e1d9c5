#include "tangram/core/solve/detail/exact_answer.hpp"

#include <utility>

#include "tangram/core/base/parallel.hpp"
#include "tangram/core/puzzle/verify.hpp"

namespace tangram::detail {

std::optional<Solution> exact_answer(std::vector<PlacedPiece> pieces, long nodes,
                                     const StageInput& input,
                                     std::chrono::steady_clock::time_point start) {
  const SolverConfig& config = input.config;
  Solution solution;
  solution.pieces = std::move(pieces);
  if (!verify_solution(input.judge, solution.pieces, config.pieces).valid) return std::nullopt;
  solution.solved = true;
  solution.stats.placements_tried = nodes;
  solution.stats.threads = max_threads();
  solution.stats.rotation_step_deg = config.pieces.grid_step_deg();
  const AreaMetrics m = measure_areas(input.judge, solution.pieces);
  solution.stats.coverage = m.coverage;
  solution.stats.overlap = m.overlap;
  solution.stats.spill = m.spill;
  solution.stats.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return solution;
}

std::chrono::steady_clock::time_point stage_start(const SearchConfig& search) {
  using Clock = std::chrono::steady_clock;
  return search.started == Clock::time_point{} ? Clock::now() : search.started;
}

}  // namespace tangram::detail
