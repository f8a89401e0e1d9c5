// SearchConfig::final_check: the raster search's last word on an assembly it would accept. A
// rejection lets the search go on to another; the assembly accepted is one the check saw.

#include <doctest/doctest.h>

#include <cmath>
#include <mutex>
#include <vector>

#include "patterns.hpp"

using namespace tangram;

namespace {

/// The same pieces, in order, with their corners within 1e-6 px.
bool same_assembly(const std::vector<PlacedPiece>& a, const std::vector<PlacedPiece>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].shape != b[i].shape || a[i].polygon.size() != b[i].polygon.size()) return false;
    for (std::size_t k = 0; k < a[i].polygon.size(); ++k)
      if (std::abs(a[i].polygon[k].x - b[i].polygon[k].x) > 1e-6 ||
          std::abs(a[i].polygon[k].y - b[i].polygon[k].y) > 1e-6)
        return false;
  }
  return true;
}

}  // namespace
using tangram::test::config_45;
using tangram::test::mask_pattern;

namespace {

/// Checks that `config`'s raster search, its first assembly refused by the final check, goes on
/// to another that the check accepts, with 1 and 2 threads.
void check_goes_on(const Pattern& pattern, SolverConfig config) {
  config.search.grid_search = false;  // the raster search alone: the exact stages would answer
  for (const int threads : {1, 2}) {
    CAPTURE(threads);
    config.search.threads = threads;
    std::mutex mutex;
    std::vector<std::vector<PlacedPiece>> seen;
    config.search.final_check = [&](const std::vector<PlacedPiece>& pieces) {
      const std::lock_guard<std::mutex> lock(mutex);
      seen.push_back(pieces);
      return !same_assembly(pieces, seen.front());  // the first assembly offered is refused
    };
    const Solution solution = solve(pattern, config);
    REQUIRE(solution.solved);
    REQUIRE(seen.size() >= 2);
    // The answer is an assembly the check accepted, not the one it refused (the search may
    // reach that one again by other candidates: refused again).
    CHECK(seen.front().size() == config.pieces.piece_count());
    CHECK_FALSE(same_assembly(seen.front(), solution.pieces));
    bool accepted_seen = false;
    for (std::size_t i = 1; i < seen.size(); ++i)
      accepted_seen = accepted_seen || same_assembly(seen[i], solution.pieces);
    CHECK(accepted_seen);
  }
}

}  // namespace

TEST_CASE("final_check: a rejected assembly lets the raster search go on to another") {
  // A 3 x 1 bar of a unit square and a 2 x 1 bar: two assemblies, the square at either end.
  SolverConfig config;
  config.pieces =
      PieceSet("square and bar", {PieceShape{"square", {{0, 0}, {1, 0}, {1, 1}, {0, 1}}, 1},
                                  PieceShape{"bar", {{0, 0}, {2, 0}, {2, 1}, {0, 1}}, 1}});
  config.search.rotation_step_deg = 90.0;
  config.search.time_limit_s = 120.0;
  cv::Mat1b bar(100, 200, uchar{0});
  bar(cv::Rect(10, 20, 180, 60)) = 255;
  check_goes_on(make_pattern(bar), config);
}

// The Tangram square: every other assembly is far from the first (seconds, minutes with
// sanitizers), so it is in the suite "slow"; the case above runs the same code.
TEST_CASE("final_check: the Tangram square, its first assembly rejected" *
          doctest::test_suite("slow")) {
  check_goes_on(mask_pattern("01-square.png"), config_45());
}
