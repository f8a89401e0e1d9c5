// solve_around(): a solve with some pieces kept where they are.

#include <doctest/doctest.h>

#include <cmath>

#include "patterns.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/core/solve/fixed_pieces.hpp"

using namespace tangram;
using tangram::test::config_45;
using tangram::test::mask_pattern;

namespace {

/// One solution of masks/01, found once.
const Solution& square_solution() {
  static const Solution solution = solve(mask_pattern("01-square.png"), config_45());
  return solution;
}

/// The same vertices in the same order, exactly.
bool same_polygon(const Polygon& a, const Polygon& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].x != b[i].x || a[i].y != b[i].y) return false;
  return true;
}

}  // namespace

TEST_CASE("fixed pieces: what three pieces leave is the rest of the figure, in the set's scale") {
  const Pattern pattern = mask_pattern("01-square.png");
  const Solution& whole = square_solution();
  REQUIRE(whole.solved);
  const std::vector<PlacedPiece> fixed(whole.pieces.begin(), whole.pieces.begin() + 3);
  const RemainingFigure left = remaining_figure(pattern, PieceSet::tangram(), fixed);
  REQUIRE(left.pieces.has_value());
  CHECK(left.pieces->piece_count() == 4);
  double fixed_area = 0.0;
  for (const PlacedPiece& p : fixed) fixed_area += PieceSet::tangram().area(p.shape);
  CHECK(left.pieces->total_area() == doctest::Approx(1.0 - fixed_area));
  // The pixels left are the pieces not fixed, within the pixels along the cuts.
  const double expected = (1.0 - fixed_area) * static_cast<double>(pattern.area_px);
  CHECK(std::abs(static_cast<double>(left.pattern.area_px) - expected) < 0.02 * expected);
  CHECK(left.pieces->unit_px(left.pattern.side_px) ==
        doctest::Approx(PieceSet::tangram().unit_px(pattern.side_px)));
  for (std::size_t s = 0; s < left.shape_in_set.size(); ++s)
    CHECK(left.pieces->shape_name(static_cast<ShapeId>(s)) ==
          PieceSet::tangram().shape_name(left.shape_in_set[s]));
}

TEST_CASE("fixed pieces: a shape fixed more often than the set has it is refused") {
  const Pattern pattern = mask_pattern("01-square.png");
  const Solution& whole = square_solution();
  std::vector<PlacedPiece> fixed;
  for (const PlacedPiece& p : whole.pieces)
    if (p.shape == tangram_shapes::large_triangle) fixed.push_back(p);
  REQUIRE(fixed.size() == 2);
  fixed.push_back(fixed.front());
  CHECK_THROWS_AS(remaining_figure(pattern, PieceSet::tangram(), fixed), InputError);
}

TEST_CASE("fixed pieces: the others are assembled around pieces of a solution") {
  const Pattern pattern = mask_pattern("01-square.png");
  const Solution& whole = square_solution();
  for (std::size_t k : {std::size_t{1}, std::size_t{3}, std::size_t{6}}) {
    const std::vector<PlacedPiece> fixed(whole.pieces.begin(), whole.pieces.begin() + k);
    const Solution around = solve_around(fixed, pattern, config_45());
    CAPTURE(k);
    CHECK(around.solved);
    REQUIRE(around.pieces.size() == 7);
    for (std::size_t i = 0; i < k; ++i) {
      CHECK(around.pieces[i].shape == fixed[i].shape);
      CHECK(same_polygon(around.pieces[i].polygon, fixed[i].polygon));
    }
    CHECK(verify_solution(pattern, around.pieces, PieceSet::tangram()).valid);
  }
}

TEST_CASE("fixed pieces: every piece fixed is judged, not searched") {
  const Pattern pattern = mask_pattern("01-square.png");
  const Solution& whole = square_solution();
  const Solution all = solve_around(whole.pieces, pattern, config_45());
  CHECK(all.solved);
  CHECK(all.stats.placements_tried == 0);
  // Six of the seven: the last piece is placed by the search.
  std::vector<PlacedPiece> six(whole.pieces.begin(), whole.pieces.end() - 1);
  const Solution one_more = solve_around(six, pattern, config_45());
  CHECK(one_more.solved);
  CHECK(one_more.stats.placements_tried >= 1);
}

TEST_CASE("fixed pieces: a piece where no assembly has it leaves the figure unsolved") {
  const Pattern pattern = mask_pattern("01-square.png");
  const Solution& whole = square_solution();
  // A large triangle moved a fifth of the square's side inwards: the corner it leaves is too
  // thin for any piece.
  PlacedPiece moved;
  for (const PlacedPiece& p : whole.pieces)
    if (p.shape == tangram_shapes::large_triangle) moved = p;
  const double dx = pattern.puzzle.cols / 2.0 - moved.pose.centre.x;
  const double dy = pattern.puzzle.rows / 2.0 - moved.pose.centre.y;
  const double k = 0.2 * pattern.side_px / std::hypot(dx, dy);
  const Vec2 inwards{k * dx, k * dy};
  moved.pose.centre = moved.pose.centre + inwards;
  for (Vec2& v : moved.polygon) v = v + inwards;
  SolverConfig config = config_45();
  config.search.time_limit_s = 20.0;
  const Solution around = solve_around({moved}, pattern, config);
  CHECK_FALSE(around.solved);
  REQUIRE_FALSE(around.pieces.empty());
  CHECK(same_polygon(around.pieces.front().polygon, moved.polygon));
}
