// Play (service/play.hpp): the page's poses, the verdict on a player's pieces, hints.

#include <doctest/doctest.h>

#include <cmath>

#include "patterns.hpp"
#include "square_assembly.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/io/pattern_png.hpp"
#include "tangram/service/play.hpp"

using namespace tangram;

namespace {

/// masks/01 as the server reads it for the Tangram.
Silhouette square_silhouette() {
  SolveOptions options;
  const SolvePlan plan = plan_solve(options);
  return load_silhouette(test::kMasks + "01-square.png", plan.input, options.limits);
}

/// The page's own formula (editor.js worldPoints): the outline about its centroid, mirrored
/// left to right, turned clockwise on screen, moved to (x, y); in set units.
Polygon page_points(const PieceSet& set, const PlayerPiece& p) {
  const ShapeId shape = *set.find(p.piece);
  const Polygon local = set.local_polygon(shape, 1.0);
  const double a = p.angle_deg * M_PI / 180.0, c = std::cos(a), s = std::sin(a);
  Polygon out;
  for (const Vec2& v : local) {
    const double mx = p.mirror ? -v.x : v.x;
    out.push_back({p.x + c * mx - s * v.y, p.y + s * mx + c * v.y});
  }
  return out;
}

}  // namespace

TEST_CASE("play: the page's poses are the core's, both ways") {
  const PieceSet& set = PieceSet::tangram();
  const double unit = 180.0;
  for (const std::string name : {"parallelogram", "large-triangle", "square"})
    for (double angle : {0.0, 30.0, 45.0, 135.0, 270.0})
      for (bool mirror : {false, true}) {
        const PlayerPiece p{name, 1.25, 0.75, angle, mirror};
        const std::vector<PlacedPiece> placed = placed_pieces({p}, set, unit);
        REQUIRE(placed.size() == 1);
        Polygon expected;
        for (const Vec2& v : page_points(set, p)) expected.push_back(unit * v);
        CAPTURE(name);
        CAPTURE(angle);
        CAPTURE(mirror);
        CHECK(test::same_vertices(placed[0].polygon, expected, 1e-9));
        const PlayerPiece back = player_piece(placed[0], set, unit);
        CHECK(back.piece == name);
        CHECK(back.x == doctest::Approx(p.x));
        CHECK(back.y == doctest::Approx(p.y));
        CHECK(test::same_vertices(placed_pieces({back}, set, unit)[0].polygon, expected, 1e-9));
      }
  CHECK_THROWS_AS(placed_pieces({{"circle", 0, 0, 0, false}}, set, unit), InputError);
  CHECK_THROWS_AS(
      placed_pieces({{"square", 0, 0, 0, false}, {"square", 1, 1, 0, false}}, set, unit),
      InputError);
}

TEST_CASE("play: a solution is solved, a partial one shows where the figure is uncovered") {
  const Silhouette silhouette = square_silhouette();
  const PieceSet& set = PieceSet::tangram();
  const PlayFigure figure = play_figure(silhouette, set);
  CHECK(figure.outer.size() == 1);
  CHECK(figure.holes.empty());
  const Solution solution = solve(silhouette.pattern, test::config_45());
  REQUIRE(solution.solved);
  std::vector<PlayerPiece> mine;
  for (const PlacedPiece& p : solution.pieces) mine.push_back(player_piece(p, set, figure.unit_px));
  const PlayVerdict all = check_play(silhouette, set, mine);
  CHECK(all.all_placed);
  CHECK(all.solved);
  CHECK(all.gaps.empty());
  mine.pop_back();  // the last piece back in the tray
  const PlayVerdict six = check_play(silhouette, set, mine);
  CHECK_FALSE(six.all_placed);
  CHECK_FALSE(six.solved);
  REQUIRE(six.gaps.size() == 1);
  // The gap is the missing piece: about its area.
  CHECK(std::abs(signed_area(six.gaps[0])) ==
        doctest::Approx(set.area(solution.pieces.back().shape)).epsilon(0.1));
}

TEST_CASE("play: a hint keeps the player's pieces, and names the one that blocks") {
  const Silhouette silhouette = square_silhouette();
  const PieceSet& set = PieceSet::tangram();
  SolveOptions options;
  options.rotation_step = "45";
  options.time_limit_s = 30.0;
  const SolvePlan plan = plan_solve(options);
  const double unit = play_figure(silhouette, set).unit_px;
  const Solution solution = solve(silhouette.pattern, test::config_45());
  REQUIRE(solution.solved);
  std::vector<PlayerPiece> mine;
  for (std::size_t i = 0; i < 2; ++i) mine.push_back(player_piece(solution.pieces[i], set, unit));
  const Hint next = hint(plan, silhouette, mine);
  REQUIRE(next.kind == Hint::Kind::Piece);
  REQUIRE(next.piece.has_value());
  REQUIRE(next.assembly.size() == 7);
  // The hint's assembly keeps the player's pieces, and its piece was not placed yet.
  for (std::size_t i = 0; i < 2; ++i) {
    CHECK(next.assembly[i].x == doctest::Approx(mine[i].x));
    CHECK(next.assembly[i].y == doctest::Approx(mine[i].y));
  }
  // A square in the middle of the figure, turned 10 degrees: no assembly keeps it.
  std::vector<PlayerPiece> wrong = mine;
  wrong.push_back({"square", 0.0, 0.0, 0.0, false});
  const PlayFigure figure = play_figure(silhouette, set);
  wrong.back().x = figure.width / 2.0;
  wrong.back().y = figure.height / 2.0;
  wrong.back().angle_deg = 10.0;
  const Hint blocked = hint(plan, silhouette, wrong);
  CHECK(blocked.kind == Hint::Kind::Blocked);
  CHECK(blocked.blocking == 2);
}
