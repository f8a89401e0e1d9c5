// The options of a solve (service/solve_options.hpp): the SolverConfig they map to, and the
// command line's lines for refused combinations, spelled by each front end's words.

#include <doctest/doctest.h>

#include "tangram/core/base/error.hpp"
#include "tangram/io/piece_sets.hpp"
#include "tangram/service/solve_options.hpp"

using namespace tangram;

TEST_CASE("solver_config: the default set, or a loaded set's own step and mirroring") {
  SolveOptions settings;
  const SolverConfig defaults;
  SolverConfig config = solver_config(settings);
  CHECK(config.pieces.name() == defaults.pieces.name());
  CHECK(config.search.rotation_auto);
  CHECK(config.search.reflection);
  CHECK(config.placement.strategy == defaults.placement.strategy);

  const PieceSetFile stomachion = builtin_piece_set("stomachion");
  settings.rotation_step = "";
  settings.reflection = false;
  settings.threads = 3;
  settings.time_limit_s = 7.0;
  config = solver_config(settings, cli_words, &stomachion);
  CHECK(config.pieces.name() == stomachion.set.name());
  CHECK_FALSE(config.search.rotation_auto);
  CHECK(config.search.rotation_step_deg == stomachion.rotation_step_deg);
  CHECK_FALSE(config.search.reflection);
  CHECK(config.search.threads == 3);
  CHECK(config.search.time_limit_s == 7.0);

  settings.rotation_step = "15";
  CHECK(solver_config(settings, cli_words, &stomachion).search.rotation_step_deg == 15.0);
  // By name: the same set, loaded.
  settings.pieces = "stomachion";
  CHECK(solver_config(settings).pieces.name() == stomachion.set.name());
}

TEST_CASE("solver_config: every search option reaches the config; watched steps skip the exact") {
  SolveOptions o;
  o.candidates = 3;
  o.corners = o.widen = o.angle_hints = o.polish = o.snap = o.lattice_snap = false;
  o.inset_px = 1.5;
  const SolverConfig config = solver_config(o);
  CHECK(config.search.candidates_per_config == 3);
  CHECK_FALSE(config.search.corners);
  CHECK_FALSE(config.search.widen);
  CHECK_FALSE(config.search.angle_hints);
  CHECK_FALSE(config.search.polish);
  CHECK_FALSE(config.search.snap);
  CHECK_FALSE(config.search.lattice_snap);
  CHECK(config.search.inset_px == 1.5);
  CHECK(config.search.grid_search);
  o.show_steps = true;
  CHECK_FALSE(solver_config(o).search.grid_search);
  o.show_steps = false;
  o.exact = false;
  CHECK_FALSE(solver_config(o).search.grid_search);
}

TEST_CASE("solver_config: unknown names in the command line's words") {
  SolveOptions settings;
  settings.strategy = "nope";
  CHECK_THROWS_WITH_AS(solver_config(settings),
                       doctest::Contains("--strategy: unknown strategy 'nope' (choose one of "),
                       UsageError);
  settings.strategy.clear();
  settings.search = "breadth";
  CHECK_THROWS_WITH_AS(solver_config(settings),
                       "--search: unknown search 'breadth' (choose ours, paper or vertex)",
                       UsageError);
  settings.search = "ours";
  settings.rotation_step = "x";
  CHECK_THROWS_AS(solver_config(settings), UsageError);
}

TEST_CASE("a front end's words spell the options in messages") {
  const OptionWords python = [](std::string_view option, std::string_view value) {
    std::string name(option);
    for (char& c : name)
      if (c == '-') c = '_';
    return value.empty() ? name : name + "=" + std::string(value);
  };
  SolveOptions o;
  o.rotation_step = "x";
  CHECK_THROWS_WITH_AS(solver_config(o, python),
                       "rotation_step: expected auto or a number of degrees, got 'x'", UsageError);
  o = SolveOptions{};
  o.use = "subset";
  CHECK_THROWS_WITH_AS(check_solve_options(o, python),
                       doctest::Contains("use=subset needs figure_area"), UsageError);
  o = SolveOptions{};
  o.work_size = "-3";
  CHECK_THROWS_WITH_AS(input_config(o, python), doctest::Contains("work_size must be auto"),
                       UsageError);
}

TEST_CASE("the goal: one, all, unique, or the fewest or most pieces of a subset or copies") {
  SolveOptions o;
  CHECK(goal_of(o) == Goal::One);
  o.use = "subset";
  CHECK(goal_of(o) == Goal::Fewest);
  o.prefer = "more";
  CHECK(goal_of(o) == Goal::Most);
  o.unique = true;
  CHECK(goal_of(o) == Goal::Unique);
  o.all = true;
  CHECK(goal_of(o) == Goal::All);
  CHECK(goal_name(Goal::Most) == "most");
}

TEST_CASE("the enumeration checks") {
  SolveOptions s;
  s.use = "some";
  CHECK_THROWS_WITH_AS(check_solve_options(s),
                       "--use: unknown use 'some' (choose exact, subset or copies)", UsageError);
  s.use = "subset";
  CHECK_THROWS_WITH_AS(check_solve_options(s),
                       doctest::Contains("--use subset needs --figure-area"), UsageError);
  s.figure_area = 5.0;
  CHECK_NOTHROW(check_solve_options(s));
  s.use = "exact";
  CHECK_THROWS_WITH_AS(check_solve_options(s), doctest::Contains("--figure-area sets the scale"),
                       UsageError);
  s = SolveOptions{};
  s.prefer = "most";
  CHECK_THROWS_WITH_AS(check_solve_options(s), "--prefer: expected fewer or more, got 'most'",
                       UsageError);
  s.prefer = "more";
  CHECK_THROWS_WITH_AS(check_solve_options(s), doctest::Contains("it needs --use subset"),
                       UsageError);

  // One assembly is a search: --search paper and the steps apply.
  SolveOptions one;
  one.search = "paper";
  one.show_steps = true;
  CHECK_NOTHROW(check_solve_options(one));
  one.max_solutions_given = true;
  CHECK_THROWS_WITH_AS(check_solve_options(one),
                       "--max-solutions needs --all (or --use subset or copies)", UsageError);
  one.all = true;
  CHECK_THROWS_WITH_AS(check_solve_options(one),
                       "--all enumerates with its own exact search: --search paper does not apply",
                       UsageError);
  one.all = false;
  one.unique = true;
  one.max_solutions_given = false;
  one.search = "ours";
  CHECK_THROWS_WITH_AS(check_solve_options(one),
                       "--unique has no search steps to show: --frames and --verbose do not apply",
                       UsageError);
  one.unique = false;
  one.use = "copies";
  one.figure_area = 5.0;
  CHECK_THROWS_WITH_AS(check_solve_options(one), doctest::Contains("--use copies has no search"),
                       UsageError);
}
