// The raster search's walks ahead (ours_search.cpp, docs/design/determinism.md): subtrees
// walked by a second thread into logs and taken in order give one thread's steps, counts and
// assembly.

#include <doctest/doctest.h>

#include "patterns.hpp"
#include "same_search.hpp"
#include "tangram/core/raster/detail/ours_search.hpp"
#include "tangram/core/solve/solve.hpp"

using namespace tangram;

TEST_CASE(
    "search: subtrees walked ahead by a second thread give the counts, work and assembly of "
    "one thread") {
  // Patterns of masks/ whose search at 1-degree steps without the exact searches runs several
  // passes, long enough for the walks ahead to start.
  const long before = subtrees_taken_ahead();
  for (const char* name : {"13-page7-191.png", "14-page5-96.png", "26-page4-214-rotated.png"}) {
    CAPTURE(name);
    const Pattern pattern = test::mask_pattern(name);
    SolverConfig config = test::config_45();
    config.search.rotation_step_deg = 1.0;
    config.search.grid_search = false;
    config.placement.strategy = Strategy::DistanceTransform;
    config.search.threads = 1;
    const Solution one = solve(pattern, config);
    config.search.threads = 2;
    const Solution two = solve(pattern, config);
    REQUIRE(one.solved);
    test::check_same_search(one, two);
  }
  // The second thread did walk subtrees ahead, and the search took them.
  CHECK(subtrees_taken_ahead() > before);
}
