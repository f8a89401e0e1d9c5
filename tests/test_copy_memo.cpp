// CopyMemo (copy_memo.hpp): states reached with the copies of a shape in another order are
// recognised, and the default search skips them without changing what it finds.

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "patterns.hpp"
#include "tangram/core/raster/detail/copy_memo.hpp"
#include "tangram/core/solve/solve.hpp"

using namespace tangram;
using search::Candidate;
using search::CopyMemo;

namespace {

using tangram::test::config_45;
using tangram::test::mask_pattern;

Candidate at(int config, int x, int y) { return Candidate{0.0, config, {x, y}}; }

/// Two squares (copies) and a bar: levels 0 and 1 are the squares (the larger shape), 2 the bar.
PieceSet squares_and_bar() {
  return PieceSet("squares", {PieceShape{"square", {{0, 0}, {2, 0}, {2, 2}, {0, 2}}, 2},
                              PieceShape{"bar", {{0, 0}, {3, 0}, {3, 1}, {0, 1}}, 1}});
}

/// The placed pieces of `solution` as comparable (shape, pose) tuples, in a canonical order.
std::vector<std::string> piece_names(const Solution& solution) {
  std::vector<std::string> poses;
  for (const PlacedPiece& p : solution.pieces)
    poses.push_back(std::to_string(p.shape) + " " + std::to_string(p.pose.centre.x) + " " +
                    std::to_string(p.pose.centre.y) + " " + std::to_string(p.pose.angle_deg) +
                    (p.pose.reflected ? " r" : ""));
  std::sort(poses.begin(), poses.end());
  return poses;
}

}  // namespace

TEST_CASE("CopyMemo: the copies of a shape swapped reach a state already explored") {
  const PieceSet set = squares_and_bar();
  REQUIRE(set.order().size() == 3);
  REQUIRE(set.order()[0] == set.order()[1]);
  CopyMemo memo(set);
  CHECK(memo.active());
  // Level 0 has no earlier copy: nothing is looked up or recorded there.
  memo.record({}, 0, at(0, 5, 5), 0);
  CHECK_FALSE(memo.explored({}, 0, at(0, 5, 5), 0));
  CHECK(memo.size() == 0);
  // Copy 1 at A, copy 2 at B; then copy 1 at B, copy 2 at A: the same state.
  memo.record({at(0, 1, 2)}, 1, at(0, 7, 3), 1);
  CHECK(memo.explored({at(0, 7, 3)}, 1, at(0, 1, 2), 1));
  CHECK(memo.explored({at(0, 7, 3)}, 1, at(0, 1, 2), 2));
  // With fewer discrepancies used the state has more of the bound left: searched again.
  CHECK_FALSE(memo.explored({at(0, 7, 3)}, 1, at(0, 1, 2), 0));
  // Another configuration or position is another state.
  CHECK_FALSE(memo.explored({at(1, 7, 3)}, 1, at(0, 1, 2), 1));
  CHECK_FALSE(memo.explored({at(0, 7, 4)}, 1, at(0, 1, 2), 1));
  // The bar (level 2) is no copy: its states are not looked up.
  CHECK_FALSE(memo.explored({at(0, 1, 2), at(0, 7, 3)}, 2, at(0, 0, 0), 5));
  // The least discrepancies recorded are kept.
  memo.record({at(0, 7, 3)}, 1, at(0, 1, 2), 0);
  CHECK(memo.explored({at(0, 1, 2)}, 1, at(0, 7, 3), 0));
  memo.clear();
  CHECK(memo.size() == 0);
  CHECK_FALSE(memo.explored({at(0, 7, 3)}, 1, at(0, 1, 2), 5));
}

TEST_CASE("CopyMemo: runs of more copies and a set without copies") {
  const PieceSet four("four", {PieceShape{"square", {{0, 0}, {1, 0}, {1, 1}, {0, 1}}, 4}});
  CopyMemo memo(four);
  const std::vector<Candidate> p = {at(0, 0, 0), at(0, 1, 0), at(0, 0, 1)};
  memo.record({p[0], p[1], p[2]}, 3, at(0, 1, 1), 0);
  // All 24 orders of the four placements are one state.
  std::vector<Candidate> all = {p[0], p[1], p[2], at(0, 1, 1)};
  std::vector<int> index = {0, 1, 2, 3};
  int orders = 0;
  do {
    const std::vector<Candidate> path = {all[index[0]], all[index[1]], all[index[2]]};
    CHECK(memo.explored(path, 3, all[index[3]], 0));
    ++orders;
  } while (std::next_permutation(index.begin(), index.end()));
  CHECK(orders == 24);
  // A capacity of 1 state: the second is not remembered.
  CopyMemo small(four, 1);
  small.record({p[0]}, 1, p[1], 0);
  small.record({p[0]}, 1, p[2], 0);
  CHECK(small.size() == 1);
  CHECK_FALSE(small.explored({p[2]}, 1, p[0], 0));
  // The Tangram has copies (two large, two small triangles); a set of distinct shapes has none.
  CHECK(CopyMemo(PieceSet::tangram()).active());
  const PieceSet distinct("distinct", {PieceShape{"a", {{0, 0}, {1, 0}, {1, 1}, {0, 1}}, 1},
                                       PieceShape{"b", {{0, 0}, {2, 0}, {2, 1}, {0, 1}}, 1}});
  CHECK_FALSE(CopyMemo(distinct).active());
}

TEST_CASE(
    "search: skipping the copies' swapped orders finds the same assembly with fewer "
    "placements") {
  // Patterns of masks/ whose search at 45 degrees backtracks over the large triangles. Without
  // a time limit cutting either search short, the memo only leaves out subtrees searched
  // before: the first accepted assembly is the same (up to which copy is which).
  long skipped = 0;
  for (const char* name :
       {"03-page5-219.png", "14-page5-96.png", "15-page4-165.png", "18-page2-79.png"}) {
    CAPTURE(name);
    const Pattern pattern = mask_pattern(name);
    SolverConfig config = config_45();
    config.search.threads = 1;
    config.search.grid_search = false;  // the raster search, not the exact ones first
    config.search.copies_once = false;
    const Solution all_orders = solve(pattern, config);
    config.search.copies_once = true;
    const Solution once = solve(pattern, config);
    REQUIRE(all_orders.solved);
    REQUIRE(once.solved);
    CHECK(all_orders.stats.repeats_skipped == 0);
    CHECK(piece_names(once) == piece_names(all_orders));
    CHECK(once.stats.placements_tried <= all_orders.stats.placements_tried);
    skipped += once.stats.repeats_skipped;
  }
  CHECK(skipped > 0);
}
