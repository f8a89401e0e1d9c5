// The settings `tangram solve` and `tangram serve` share (lab/solve_settings.hpp): the
// SolverConfig they map to and the command line's lines for refused combinations.

#include <doctest/doctest.h>

#include "tangram/core/base/error.hpp"
#include "tangram/io/piece_sets.hpp"
#include "tangram/lab/solve_settings.hpp"

using namespace tangram;

TEST_CASE("configure_solver: the default set, or a loaded set's own step and mirroring") {
  SolveSettings settings;
  const SolverConfig defaults;
  SolverConfig config = configure_solver(settings, nullptr);
  CHECK(config.pieces.name() == defaults.pieces.name());
  CHECK(config.search.rotation_auto);
  CHECK(config.search.reflection);
  CHECK(config.placement.strategy == defaults.placement.strategy);

  const PieceSetFile stomachion = builtin_piece_set("stomachion");
  settings.rotation_step = "";
  settings.reflection = false;
  settings.threads = 3;
  settings.time_limit_s = 7.0;
  config = configure_solver(settings, &stomachion);
  CHECK(config.pieces.name() == stomachion.set.name());
  CHECK_FALSE(config.search.rotation_auto);
  CHECK(config.search.rotation_step_deg == stomachion.rotation_step_deg);
  CHECK_FALSE(config.search.reflection);
  CHECK(config.search.threads == 3);
  CHECK(config.search.time_limit_s == 7.0);

  settings.rotation_step = "15";
  CHECK(configure_solver(settings, &stomachion).search.rotation_step_deg == 15.0);
}

TEST_CASE("configure_solver: unknown names in the command line's words") {
  SolveSettings settings;
  settings.strategy = "nope";
  CHECK_THROWS_WITH_AS(configure_solver(settings, nullptr),
                       doctest::Contains("--strategy: unknown strategy 'nope' (choose one of "),
                       UsageError);
  settings.strategy.reset();
  settings.search = "breadth";
  CHECK_THROWS_WITH_AS(configure_solver(settings, nullptr),
                       "--search: unknown search 'breadth' (choose ours, paper or vertex)",
                       UsageError);
  settings.search = "ours";
  settings.rotation_step = "x";
  CHECK_THROWS_AS(configure_solver(settings, nullptr), UsageError);
}

TEST_CASE("the enumeration checks") {
  SolveSettings s;
  s.use = "some";
  CHECK_THROWS_WITH_AS(check_piece_use(s),
                       "--use: unknown use 'some' (choose exact, subset or copies)", UsageError);
  s.use = "subset";
  CHECK_NOTHROW(check_piece_use(s));
  CHECK_THROWS_WITH_AS(check_figure_area(s), doctest::Contains("--use subset needs --figure-area"),
                       UsageError);
  s.figure_area = 5.0;
  CHECK_NOTHROW(check_figure_area(s));
  s.use = "exact";
  CHECK_THROWS_WITH_AS(check_figure_area(s), doctest::Contains("--figure-area sets the scale"),
                       UsageError);

  // One assembly is a search: --search paper and the steps apply.
  SolveSettings one;
  one.search = "paper";
  one.show_steps = true;
  CHECK_NOTHROW(check_enumeration(one));
  one.max_solutions_given = true;
  CHECK_THROWS_WITH_AS(check_enumeration(one),
                       "--max-solutions needs --all (or --use subset or copies)", UsageError);
  one.all = true;
  CHECK_THROWS_WITH_AS(check_enumeration(one),
                       "--all enumerates with its own exact search: --search paper does not apply",
                       UsageError);
  one.all = false;
  one.unique = true;
  one.max_solutions_given = false;
  one.search = "ours";
  CHECK_THROWS_WITH_AS(check_enumeration(one),
                       "--unique has no search steps to show: --frames and --verbose do not apply",
                       UsageError);
  one.unique = false;
  one.use = "copies";
  CHECK_THROWS_WITH_AS(check_enumeration(one), doctest::Contains("--use copies has no search"),
                       UsageError);
}
