// NodeMemo (node_memo.hpp): nodes remembered by their path within a budget; the default search
// that reads them in later passes takes the same steps as one that computes every pass afresh.

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "patterns.hpp"
#include "same_search.hpp"
#include "tangram/core/raster/detail/node_memo.hpp"
#include "tangram/core/solve/solve.hpp"

using namespace tangram;
using search::Candidate;
using search::NodeMemo;

namespace {

using tangram::test::config_45;
using tangram::test::mask_pattern;

Candidate at(int config, int x, int y) { return Candidate{0.0, config, {x, y}}; }

/// A search event as comparable text: its type, level, bound and the piece's raster pose.
std::string event_text(const SearchEvent& e) {
  return std::to_string(static_cast<int>(e.type)) + " " + std::to_string(e.level) + " " +
         std::to_string(e.discrepancy_bound) + " " + std::to_string(e.piece.pose.centre.x) + " " +
         std::to_string(e.piece.pose.centre.y) + " " + std::to_string(e.piece.pose.angle_deg) +
         (e.piece.pose.reflected ? " r" : "");
}

}  // namespace

TEST_CASE("NodeMemo: a node is found by its path, while the budget lasts") {
  NodeMemo memo(2 * NodeMemo::kNodeCost + 5);
  const std::vector<Candidate> path = {at(0, 1, 2), at(3, 4, 5)};
  const std::vector<Candidate> candidates = {at(1, 1, 1), at(2, 2, 2), at(3, 3, 3)};
  CHECK(memo.find(path) == nullptr);
  NodeMemo::Known* known = memo.remember(path, candidates, 7);
  REQUIRE(known != nullptr);
  CHECK(known->candidates.size() == 3);
  CHECK(known->widest == 7);
  CHECK(known->valid == std::vector<signed char>(3, -1));
  CHECK(memo.find(path) == known);
  // The path is an order of placements: the same ones in another order are another node, and
  // a prefix is another node.
  CHECK(memo.find({at(3, 4, 5), at(0, 1, 2)}) == nullptr);
  CHECK(memo.find({at(0, 1, 2)}) == nullptr);
  // The root is the empty path. 3 + 8 and 1 + 8 of the budget of 21 are spent: no room for 11.
  CHECK(memo.remember({}, {at(9, 9, 9)}, 0) != nullptr);
  CHECK(memo.find({}) != nullptr);
  CHECK(memo.remember({at(5, 5, 5)}, candidates, 0) == nullptr);
  CHECK(memo.find({at(5, 5, 5)}) == nullptr);
  memo.clear();
  CHECK(memo.find(path) == nullptr);
  CHECK(memo.remember({at(5, 5, 5)}, candidates, 0) != nullptr);
  CHECK(NodeMemo(0).remember({}, {}, 0) == nullptr);
}

TEST_CASE(
    "search: the nodes remembered from earlier passes give the same steps, counts and "
    "assembly as nodes computed afresh, with 1 and 2 threads") {
  // Patterns of masks/ whose search at 45 degrees needs more than one pass (a discrepancy
  // bound above 0), so that later passes walk again through remembered nodes.
  int later_passes = 0;
  for (const char* name :
       {"03-page5-219.png", "14-page5-96.png", "15-page4-165.png", "18-page2-79.png"}) {
    const Pattern pattern = mask_pattern(name);
    for (const int threads : {1, 2}) {
      CAPTURE(name);
      CAPTURE(threads);
      SolverConfig config = config_45();
      config.search.threads = threads;
      config.search.grid_search = false;  // the raster search, not the exact ones first
      std::vector<std::string> afresh_events, remembered_events;
      int bound = 0;
      config.search.remembered_candidates = 0;
      const Solution afresh = solve(pattern, config, {}, [&](const SearchEvent& e) {
        afresh_events.push_back(event_text(e));
      });
      config.search.remembered_candidates = SearchConfig().remembered_candidates;
      const Solution remembered = solve(pattern, config, {}, [&](const SearchEvent& e) {
        remembered_events.push_back(event_text(e));
        bound = std::max(bound, e.discrepancy_bound);
      });
      REQUIRE(afresh.solved);
      CHECK(remembered_events == afresh_events);
      test::check_same_search(afresh, remembered);
      if (bound > 0) ++later_passes;
    }
  }
  CHECK(later_passes > 0);
}
