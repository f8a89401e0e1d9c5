// The settings that `tangram solve` and `tangram serve` share (solve_settings.hpp).

#include "tangram/lab/solve_settings.hpp"

#include <cmath>

#include "tangram/core/base/error.hpp"
#include "tangram/core/base/format.hpp"
#include "tangram/core/enumerate/cover_search.hpp"
#include "tangram/core/raster/placement.hpp"
#include "tangram/lab/option_words.hpp"

namespace tangram {

SolverConfig configure_solver(const SolveSettings& settings, const PieceSetFile* pieces) {
  SolverConfig config;
  if (pieces) {
    config.pieces = pieces->set;
    // The set's own rotations and mirroring, unless the settings say otherwise.
    config.search.rotation_step_deg = pieces->rotation_step_deg;
    config.search.reflection = pieces->mirror && settings.reflection;
  } else {
    config.search.reflection = settings.reflection;
  }
  // auto: the set's step is the fine step of the plan; a number replaces it.
  config.search.rotation_auto = settings.rotation_step == "auto";
  if (!config.search.rotation_auto && !settings.rotation_step.empty())
    config.search.rotation_step_deg = parse_degrees("--rotation-step", settings.rotation_step);
  if (settings.strategy) {
    const auto strategy = strategy_from_name(*settings.strategy);
    if (!strategy)
      throw UsageError("--strategy: unknown strategy '" + *settings.strategy + "' (choose one of " +
                       strategy_choices() + ")");
    config.placement.strategy = *strategy;
  }
  const auto mode = search_mode_from_name(settings.search);
  if (!mode)
    throw UsageError("--search: unknown search '" + settings.search +
                     "' (choose ours, paper or vertex)");
  config.search.mode = *mode;
  config.search.time_limit_s = settings.time_limit_s;
  config.search.threads = settings.threads;
  return config;
}

void check_piece_use(const SolveSettings& s) {
  if (!piece_use_from_name(s.use))
    throw UsageError("--use: unknown use '" + s.use + "' (choose exact, subset or copies)");
}

void check_figure_area(const SolveSettings& s) {
  if (s.figure_area < 0.0 || !std::isfinite(s.figure_area))
    throw UsageError("--figure-area must be a positive number of square set units, got " +
                     detail::general(s.figure_area));
  if (s.use == "exact" && s.figure_area != 0.0)
    throw UsageError(
        "--figure-area sets the scale when the pieces do not fill the figure: "
        "it needs --use subset or copies");
  if (s.use != "exact" && !(s.figure_area > 0.0))
    throw UsageError("--use " + s.use +
                     " needs --figure-area: the figure's area in square "
                     "set units (the pieces no longer fill it exactly, so it sets the scale)");
}

void check_enumeration(const SolveSettings& s) {
  if (s.max_solutions_given && !s.all && s.use == "exact")
    throw UsageError("--max-solutions needs --all (or --use subset or copies)");
  if (!s.all && !s.unique && s.use == "exact")
    return;  // one assembly: a search, not an enumeration
  const std::string mode = s.all ? "--all" : s.unique ? "--unique" : "--use " + s.use;
  if (s.search == "paper")
    throw UsageError(mode + " enumerates with its own exact search: --search paper does not apply");
  if (s.show_steps)
    throw UsageError(mode + " has no search steps to show: --frames and --verbose do not apply");
}

std::string count_qualifier(const Enumeration& found, long max_solutions) {
  if (found.exhausted) return "all of them: the search was exhaustive";
  if (found.timed_out) return "at least: the time limit ended the search";
  if (found.interrupted) return "at least: interrupted";
  return "at least: stopped at --max-solutions " + std::to_string(max_solutions);
}

}  // namespace tangram
