#pragma once
// Whether two solves of one pattern took the same search.

#include <doctest/doctest.h>

#include "tangram/core/solve/solve.hpp"

namespace tangram::test {

/// Checks that `b` came to the assembly `a` did by the same search: the same counts and work,
/// and the same pieces at the same poses.
inline void check_same_search(const Solution& a, const Solution& b) {
  CHECK(b.solved == a.solved);
  CHECK(b.stats.found_by == a.stats.found_by);
  CHECK(b.stats.placements_tried == a.stats.placements_tried);
  CHECK(b.stats.backtracks == a.stats.backtracks);
  CHECK(b.stats.validations_failed == a.stats.validations_failed);
  CHECK(b.stats.repeats_skipped == a.stats.repeats_skipped);
  CHECK(b.stats.work_seconds == a.stats.work_seconds);
  REQUIRE(b.pieces.size() == a.pieces.size());
  for (std::size_t k = 0; k < a.pieces.size(); ++k) {
    CHECK(b.pieces[k].shape == a.pieces[k].shape);
    CHECK(b.pieces[k].pose.centre.x == a.pieces[k].pose.centre.x);
    CHECK(b.pieces[k].pose.centre.y == a.pieces[k].pose.centre.y);
    CHECK(b.pieces[k].pose.angle_deg == a.pieces[k].pose.angle_deg);
    CHECK(b.pieces[k].pose.reflected == a.pieces[k].pose.reflected);
  }
}

}  // namespace tangram::test
