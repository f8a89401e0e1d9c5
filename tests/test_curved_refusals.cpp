// Refusals for curved sets (curved_refusals.hpp): the sets' kinds of arc and tangent corner
// angles, a drawn disc of another radius and a triangle refused, the sets' own figures and a
// disc the pieces' arcs could follow not.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "tangram/core/figure/detail/curved_refusals.hpp"
#include "tangram/io/piece_sets.hpp"

using namespace tangram;

namespace {

Pattern disc(int size, double radius) {
  cv::Mat1b mask(size, size, uchar{0});
  const double c = size / 2.0 + 0.3;
  for (int y = 0; y < size; ++y)
    for (int x = 0; x < size; ++x)
      mask(y, x) = std::hypot(x + 0.5 - c, y + 0.5 - c) < radius ? 255 : 0;
  return make_pattern(mask);
}

}  // namespace

TEST_CASE("curved refusals: the sets' arcs and tangent corner angles") {
  const PieceSet heart = builtin_piece_set("broken-heart").set;
  const std::vector<ArcKind> kinds = arc_kinds(heart);
  REQUIRE(kinds.size() == 1);
  CHECK(kinds[0].radius == doctest::Approx(1.0));
  CHECK(kinds[0].convex);
  // Three quarter discs and two eighth discs: the two semicircles of the heart.
  CHECK(kinds[0].length == doctest::Approx(2.0 * kPi));
  // A quarter disc: 90 degrees at its centre and between each radius and the arc's tangent.
  const std::vector<double> quarter =
      tangent_corner_angles(heart.shape(*heart.find("quarter-disc")));
  REQUIRE(quarter.size() == 3);
  for (const double a : quarter) CHECK(a == doctest::Approx(90.0));
  const std::vector<ArcKind> egg = arc_kinds(builtin_piece_set("egg-of-columbus").set);
  REQUIRE(egg.size() == 3);
  CHECK(egg[0].radius == doctest::Approx(2.0 - std::sqrt(2.0)));
  CHECK(egg[1].radius == doctest::Approx(1.0));
  CHECK(egg[2].radius == doctest::Approx(2.0));
  // Straight sets have none and are left alone.
  CHECK(arc_kinds(PieceSet::tangram()).empty());
  CHECK_FALSE(curved_refusal(disc(240, 100.0), PieceSet::tangram()));
}

TEST_CASE("curved refusals: a disc of a radius no piece arc has, and a triangle") {
  const PieceSet heart = builtin_piece_set("broken-heart").set;
  // The heart's area as a disc: radius sqrt((4 + pi) / pi) = 1.508 units, its arcs' 1.
  const std::optional<Impossibility> why = curved_refusal(disc(260, 110.0), heart);
  REQUIRE(why);
  CHECK(why->kind == Impossibility::Kind::UnmatchedArc);
  CHECK(why->radius == doctest::Approx(std::sqrt((4.0 + kPi) / kPi)).epsilon(0.01));
  CHECK(why->available == 0.0);
  // An equilateral triangle: 60 degrees, no sum of the pieces' 45-degree corners.
  cv::Mat1b mask(260, 260, uchar{0});
  const cv::Point points[] = {{130, 10}, {250, 218}, {10, 218}};
  cv::fillConvexPoly(mask, points, 3, cv::Scalar(255));
  const std::optional<Impossibility> corner = curved_refusal(make_pattern(mask), heart);
  REQUIRE(corner);
  CHECK(corner->kind == Impossibility::Kind::UnmakeableCorner);
  CHECK(corner->angle_deg == doctest::Approx(60.0).epsilon(0.03));
}

TEST_CASE("curved refusals: a figure the pieces make is not refused") {
  // A disc of radius 1 made of the heart's four quarter discs would need four; with three
  // and two eighths, a whole circle of radius 1 and a quarter more fits the arcs: the disc's
  // arc is of the pieces' radius and no longer than theirs, so no arc refusal (its area then
  // differs from the set's; the scale follows the area, so draw it at the set's scale).
  const PieceSet heart = builtin_piece_set("broken-heart").set;
  const double unit_px = 60.0;
  const double side = unit_px * std::sqrt(heart.total_area());
  cv::Mat1b mask(300, 300, uchar{0});
  for (int y = 0; y < 300; ++y)
    for (int x = 0; x < 300; ++x)
      mask(y, x) = std::hypot(x + 0.5 - 150.3, y + 0.5 - 150.1) < unit_px ? 255 : 0;
  Pattern pattern = make_pattern(mask);
  pattern.side_px = side;  // the set's scale, as for a figure of its full area
  CHECK_FALSE(curved_refusal(pattern, heart));
}
