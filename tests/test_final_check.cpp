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

TEST_CASE("final_check: a rejected assembly lets the raster search go on to another") {
  const Pattern pattern = mask_pattern("01-square.png");
  SolverConfig config = config_45();
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
    CHECK(solution.stats.validations_failed >= 1);
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
