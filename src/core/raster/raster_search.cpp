// The raster searches of the "raster" stage: Algorithm 1 as published (paper_search.cpp) or
// this project's (ours_search.cpp), at fixed rotations or by the rotation plan.

#include "tangram/core/raster/detail/raster_search.hpp"

#include <chrono>
#include <optional>
#include <vector>

#include "tangram/core/base/parallel.hpp"
#include "tangram/core/figure/rotation_plan.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/core/raster/detail/ours_search.hpp"
#include "tangram/core/raster/detail/paper_search.hpp"
#include "tangram/core/raster/detail/search_steps.hpp"
#include "tangram/core/raster/raster.hpp"
#include "tangram/core/search/stage.hpp"

namespace tangram {

namespace {

/// One search at the configured rotations (SearchConfig::rotation_auto off).
Solution solve_at(const Pattern& pattern, const SolverConfig& config,
                  const ProgressCallback& progress, const SearchObserver& observer,
                  const Pattern* judge) {
  ThreadLimit limit(config.search.threads);
  search::Steps steps(pattern, config, progress, observer, judge ? *judge : pattern);
  Solution solution;
  if (steps.masks_timed_out())
    solution = steps.timed_out_solution();
  else if (const std::optional<Impossibility> why = steps.impossibility())
    solution = steps.impossible_solution(*why);
  else if (config.search.mode == SearchMode::Paper)
    solution = paper_search(steps);
  else
    solution = ours_search(steps);
  solution.stats.rotation_step_deg = config.search.rotation_step_deg;
  solution.stats.rotation_offset_deg = config.search.rotation_offset_deg;
  return solution;
}

/// SearchConfig::rotation_auto: the stages of auto_rotation_plan() one after the other, all
/// timed from one start, until one solves the pattern. The observer sees one numbering of the
/// steps across stages; the counters add up. Unsolved, the deepest partial assembly is kept
/// (the later stage's on a tie) with the last stage's outcome.
Solution solve_in_stages(const Pattern& pattern, const SolverConfig& config,
                         const ProgressCallback& progress, const SearchObserver& observer,
                         const Pattern* judge) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start =
      config.search.started == Clock::time_point{} ? Clock::now() : config.search.started;
  RotationPlanConfig plan_config;
  plan_config.rough_ladder = config.search.inset_px < 0.0;  // an inset given is kept
  const std::vector<RotationStage> plan =
      auto_rotation_plan(pattern, config.pieces, config.search.rotation_step_deg, plan_config);
  long told = 0;  // the observer's events so far: each stage's are numbered on from them
  SolveStats total;
  std::vector<PlacedPiece> deepest;
  Solution solution;
  int ran = 0;
  for (std::size_t i = 0; i < plan.size(); ++i) {
    SolverConfig stage = config;
    stage.search.rotation_auto = false;
    stage.search.rotation_step_deg = plan[i].step_deg;
    stage.search.rotation_offset_deg = plan[i].offset_deg;
    stage.search.started = start;
    if (plan[i].extra_inset_px > 0.0)
      stage.search.inset_px =
          default_inset_px(config.pieces.unit_px(pattern.side_px), plan[i].step_deg,
                           config.pieces.reach(), config.pieces.grid_step_deg()) +
          plan[i].extra_inset_px;
    if (plan[i].until_share < 1.0)
      stage.search.work_limit_s =
          std::min(config.search.work_limit_s, config.search.time_limit_s * plan[i].until_share);
    // A stage whose share earlier ones spent (the rungs of a rough outline's ladder): left out.
    if (i + 1 < plan.size() && work_reached(config.search.work, stage.search.work_limit_s))
      continue;
    solution = solve_at(pattern, stage, progress, numbered_after(observer, told), judge);
    ++ran;
    add_counters(total, solution.stats);
    if (solution.solved) break;
    if (solution.pieces.size() >= deepest.size()) deepest = solution.pieces;
    if (Clock::now() - start >= std::chrono::duration<double>(config.search.time_limit_s) ||
        solution.stats.stopped)
      break;
  }
  solution.stats.placements_tried = total.placements_tried;
  solution.stats.backtracks = total.backtracks;
  solution.stats.validations_failed = total.validations_failed;
  solution.stats.repeats_skipped = total.repeats_skipped;
  solution.stats.refine_seconds = total.refine_seconds;
  solution.stats.rotation_stages = ran;
  if (!solution.solved && deepest.size() > solution.pieces.size()) {
    solution.pieces = deepest;
    const AreaMetrics m = measure_areas(judge ? *judge : pattern, solution.pieces);
    solution.stats.coverage = m.coverage;
    solution.stats.overlap = m.overlap;
    solution.stats.spill = m.spill;
  }
  return solution;
}

}  // namespace

Solution raster_search(const Pattern& pattern, const SolverConfig& config,
                       const ProgressCallback& progress, const SearchObserver& observer,
                       const Pattern* judge) {
  WorkMeter own_meter;
  const SolverConfig metered = with_work_meter(config, own_meter);
  if (config.search.rotation_auto)
    return solve_in_stages(pattern, metered, progress, observer, judge);
  return solve_at(pattern, metered, progress, observer, judge);
}

}  // namespace tangram
