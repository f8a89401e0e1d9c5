// A solve's options and their mapping onto the core's configuration (solve_options.hpp).

#include "tangram/service/solve_options.hpp"

#include <cmath>

#include "tangram/core/base/error.hpp"
#include "tangram/core/base/format.hpp"
#include "tangram/core/enumerate/cover_search.hpp"
#include "tangram/core/raster/placement.hpp"

namespace tangram {

std::string_view goal_name(Goal goal) {
  switch (goal) {
    case Goal::One: return "one";
    case Goal::All: return "all";
    case Goal::Unique: return "unique";
    case Goal::Fewest: return "fewest";
    case Goal::Most: return "most";
  }
  return "one";
}

Goal goal_of(const SolveOptions& o) {
  if (o.all) return Goal::All;
  if (o.unique) return Goal::Unique;
  if (o.use != "exact") return o.prefer == "more" ? Goal::Most : Goal::Fewest;
  return Goal::One;
}

void check_solve_options(const SolveOptions& o, const OptionWords& words) {
  const auto w = [&](std::string_view option, std::string_view value = {}) {
    return words(option, value);
  };
  if (!piece_use_from_name(o.use))
    throw UsageError(w("use") + ": unknown use '" + o.use + "' (choose exact, subset or copies)");
  if (o.prefer != "fewer" && o.prefer != "more")
    throw UsageError(w("prefer") + ": expected fewer or more, got '" + o.prefer + "'");
  if (o.max_solutions < 1 || o.max_solutions > kMaxSolutionsLimit)
    throw UsageError(w("max-solutions") + " must be in 1.." + std::to_string(kMaxSolutionsLimit) +
                     ", got " + std::to_string(o.max_solutions));
  if (o.figure_area < 0.0 || !std::isfinite(o.figure_area))
    throw UsageError(w("figure-area") + " must be a positive number of square set units, got " +
                     detail::general(o.figure_area));
  if (o.use == "exact" && o.figure_area != 0.0)
    throw UsageError(w("figure-area") +
                     " sets the scale when the pieces do not fill the figure: it needs " +
                     w("use", "subset") + " or copies");
  if (o.use != "exact" && !(o.figure_area > 0.0))
    throw UsageError(w("use", o.use) + " needs " + w("figure-area") +
                     ": the figure's area in square set units (the pieces no longer fill it "
                     "exactly, so it sets the scale)");
  if (o.up_to_symmetry && !o.all && !o.unique)
    throw UsageError(w("up-to-symmetry") + " needs " + w("all") + " or " + w("unique"));
  if (o.prefer != "fewer" && (o.all || o.unique))
    throw UsageError(w("prefer") + " chooses one assembly: with " + w("all") + " or " +
                     w("unique") + " every one counts");
  if (o.prefer != "fewer" && o.use == "exact")
    throw UsageError(w("prefer") +
                     " chooses among assemblies of some of the pieces or of copies: it needs " +
                     w("use", "subset") + " or copies");
  if (o.max_solutions_given && o.unique)
    throw UsageError(w("unique") + " stops at the second assembly: " + w("max-solutions") +
                     " does not apply");
  if (o.max_solutions_given && !o.all && o.use == "exact")
    throw UsageError(w("max-solutions") + " needs " + w("all") + " (or " + w("use", "subset") +
                     " or copies)");
  if (!o.fixed.empty() && (o.all || o.unique || o.use != "exact"))
    throw UsageError(w("fixed") + " keeps pieces in place for one assembly: it does not go with " +
                     (o.all      ? w("all")
                      : o.unique ? w("unique")
                                 : w("use", o.use)));
  if (!o.all && !o.unique && o.use == "exact") return;  // one assembly: a search
  const std::string mode = o.all ? w("all") : o.unique ? w("unique") : w("use", o.use);
  if (o.search == "paper")
    throw UsageError(mode + " enumerates with its own exact search: " + w("search", "paper") +
                     " does not apply");
  if (o.show_steps)
    throw UsageError(mode + " has no search steps to show: " + w("frames") + " and " +
                     w("verbose") + " do not apply");
}

InputConfig input_config(const SolveOptions& o, const OptionWords& words) {
  InputConfig config;
  config.threshold = o.threshold;
  const auto invert = invert_mode_from_name(o.invert);
  if (!invert)
    throw UsageError(words("invert", {}) + ": unknown mode '" + o.invert +
                     "' (choose auto, yes or no)");
  config.invert = *invert;
  config.clean = o.clean;
  config.fill_outline = o.fill_outline;
  const std::string& size = o.work_size;
  if (size == "auto") {
    config.work_size_px = kWorkSizeAuto;
  } else {
    if (size.empty() || size.size() > 9 ||
        size.find_first_not_of("0123456789") != std::string::npos)
      throw UsageError(words("work-size", {}) +
                       " must be auto, 0 (full resolution) or a number of pixels, got '" + size +
                       "'");
    config.work_size_px = std::stoi(size);
  }
  validate_input_config(config);
  return config;
}

PieceSetFile load_pieces(const SolveOptions& options, const OptionWords& words) {
  try {
    return load_piece_set(options.pieces, options.limits);
  } catch (const LimitError&) {
    throw;
  } catch (const InputError& e) {
    throw InputError(words("pieces", {}) + ": " + e.tagged());
  }
}

SolverConfig solver_config(const SolveOptions& options, const OptionWords& words,
                           const PieceSetFile* pieces) {
  std::optional<PieceSetFile> loaded;
  if (!pieces && options.pieces != SolverConfig().pieces.name())
    pieces = &loaded.emplace(load_pieces(options, words));
  SolverConfig config;
  if (pieces) {
    config.pieces = pieces->set;
    // The set's own rotations and mirroring, unless the options say otherwise.
    config.search.rotation_step_deg = pieces->rotation_step_deg;
    config.search.reflection = pieces->mirror && options.reflection;
  } else {
    config.search.reflection = options.reflection;
  }
  // auto: the set's step is the fine step of the plan; a number replaces it.
  config.search.rotation_auto = options.rotation_step == "auto";
  if (!config.search.rotation_auto && !options.rotation_step.empty())
    config.search.rotation_step_deg =
        parse_degrees(words("rotation-step", {}), options.rotation_step);
  if (!options.strategy.empty()) {
    const auto strategy = strategy_from_name(options.strategy);
    if (!strategy)
      throw UsageError(words("strategy", {}) + ": unknown strategy '" + options.strategy +
                       "' (choose one of " + strategy_choices() + ")");
    config.placement.strategy = *strategy;
  }
  const auto mode = search_mode_from_name(options.search);
  if (!mode)
    throw UsageError(words("search", {}) + ": unknown search '" + options.search +
                     "' (choose ours, paper or vertex)");
  SearchConfig& search = config.search;
  search.mode = *mode;
  search.time_limit_s = options.time_limit_s == kNoTimeLimit ? kNoTimeLimitS : options.time_limit_s;
  search.threads = options.threads;
  search.candidates_per_config = options.candidates;
  search.corners = options.corners;
  search.widen = options.widen;
  search.angle_hints = options.angle_hints;
  search.inset_px = options.inset_px;
  search.polish = options.polish;
  search.snap = options.snap;
  search.lattice_snap = options.lattice_snap;
  // The watched steps are the raster search's: the exact searches have none to show.
  search.grid_search = options.exact && !options.show_steps;
  return config;
}

std::string count_qualifier(const Enumeration& found, long max_solutions,
                            const OptionWords& words) {
  if (found.exhausted) return "all of them: the search was exhaustive";
  if (found.timed_out) return "at least: the time limit ended the search";
  if (found.interrupted) return "at least: interrupted";
  return "at least: stopped at " + words("max-solutions", std::to_string(max_solutions));
}

}  // namespace tangram
