// The raster search's walks ahead (raster_search.cpp, docs/design/determinism.md): subtrees
// walked by a second thread into logs and taken in order give one thread's steps, counts and
// assembly.

#include <doctest/doctest.h>

#include "patterns.hpp"
#include "tangram/core/raster/detail/raster_search.hpp"
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
    CHECK(two.solved);
    CHECK(two.stats.found_by == one.stats.found_by);
    CHECK(two.stats.placements_tried == one.stats.placements_tried);
    CHECK(two.stats.backtracks == one.stats.backtracks);
    CHECK(two.stats.validations_failed == one.stats.validations_failed);
    CHECK(two.stats.repeats_skipped == one.stats.repeats_skipped);
    CHECK(two.stats.work_seconds == one.stats.work_seconds);
    REQUIRE(two.pieces.size() == one.pieces.size());
    for (std::size_t k = 0; k < one.pieces.size(); ++k) {
      CHECK(two.pieces[k].shape == one.pieces[k].shape);
      CHECK(two.pieces[k].pose.centre.x == one.pieces[k].pose.centre.x);
      CHECK(two.pieces[k].pose.centre.y == one.pieces[k].pose.centre.y);
      CHECK(two.pieces[k].pose.angle_deg == one.pieces[k].pose.angle_deg);
      CHECK(two.pieces[k].pose.reflected == one.pieces[k].pose.reflected);
    }
  }
  // The second thread did walk subtrees ahead, and the search took them.
  CHECK(subtrees_taken_ahead() > before);
}
