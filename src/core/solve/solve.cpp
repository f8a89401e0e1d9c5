// solve(): the stages of a list, in order, until one answers (docs/design/stages.md).

#include "tangram/core/solve/solve.hpp"

#include <algorithm>
#include <chrono>
#include <optional>
#include <string>
#include <utility>

#include "tangram/core/base/error.hpp"
#include "tangram/core/base/parallel.hpp"

namespace tangram {

namespace {

using Clock = std::chrono::steady_clock;

/// The unsolved solution of a solve stopped (SearchConfig::stop) before any stage left one.
Solution stopped_solution(const SearchConfig& search) {
  Solution solution;
  solution.stats.timed_out = solution.stats.stopped = true;
  solution.stats.threads = max_threads();
  if (search.started != Clock::time_point{})
    solution.stats.seconds = std::chrono::duration<double>(Clock::now() - search.started).count();
  return solution;
}

/// Whether `solution` ends the solve: an assembly, or a proof that there is none.
bool answers(const Solution& solution) { return solution.solved || solution.stats.impossible; }

}  // namespace

Solution solve(const Pattern& pattern, const SolverConfig& config, const ProgressCallback& progress,
               const SearchObserver& observer, const Pattern* judge) {
  return solve(default_stages(), pattern, config, progress, observer, judge);
}

Solution solve(const StageList& stages, const Pattern& pattern, const SolverConfig& config,
               const ProgressCallback& progress, const SearchObserver& observer,
               const Pattern* judge) {
  const Clock::time_point entered = Clock::now();
  validate_config(config);
  if (judge != nullptr && judge->puzzle.size() != pattern.puzzle.size())
    throw UsageError("the judge pattern must have the pattern's size");
  SolveState state;
  state.started = config.search.started == Clock::time_point{} ? entered : config.search.started;
  // The stages' shares are shares of the work (search/work.hpp), counted on one meter from the
  // start: where the solve goes does not depend on the machine's speed or load.
  WorkMeter own_meter;
  const SolverConfig metered = with_work_meter(config, own_meter);
  const WorkMeter& meter = *metered.search.work;
  const double work_at_entry = meter.seconds();
  const auto finish = [&](Solution solution) {
    solution.stats.exhausted_stages = state.exhausted;
    solution.stats.work_seconds = meter.seconds() - work_at_entry;
    solution.stats.rough_band = (judge ? *judge : pattern).rough_band;
    return solution;
  };
  for (const Stage* stage : stages) {
    if (stop_requested(config.search))
      return finish(state.unsolved ? std::move(*state.unsolved) : stopped_solution(config.search));
    const double share = stage->time_share(metered);
    std::optional<SolverConfig> cut;
    if (share != 1.0) {
      cut = metered;
      cut->search.work_limit_s =
          std::min(metered.search.work_limit_s, share * metered.search.time_limit_s);
    }
    const SearchObserver numbered = numbered_after(observer, state.events);
    const StageInput input{pattern, judge ? *judge : pattern, cut ? *cut : metered, progress,
                           numbered};
    if (!stage->applies(input, state)) continue;
    std::optional<Solution> result = stage->run(input, state);
    if (!result) continue;
    if (answers(*result)) {
      result->stats.found_by = std::string(stage->name());
      return finish(std::move(*result));
    }
    state.unsolved = std::move(result);
  }
  Solution last;
  if (state.unsolved)
    last = std::move(*state.unsolved);
  else
    last.stats.threads = max_threads();
  return finish(std::move(last));
}

}  // namespace tangram
