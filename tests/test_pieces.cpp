#include <doctest/doctest.h>

#include <cmath>

#include "tangram/core/pieces.hpp"

using namespace tangram;

namespace {

const PieceKind kAllKinds[] = {PieceKind::LargeTriangle, PieceKind::MediumTriangle,
                               PieceKind::SmallTriangle, PieceKind::Square,
                               PieceKind::Parallelogram};

void check_vertices(const Polygon& got, const Polygon& want) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    CHECK(got[i].x == doctest::Approx(want[i].x));
    CHECK(got[i].y == doctest::Approx(want[i].y));
  }
}

}  // namespace

TEST_CASE("pieces: the seven areas sum to one and match the standard polygons") {
  double total = 0.0;
  for (PieceKind k : tangram_set()) total += piece_area_units(k);
  CHECK(total == doctest::Approx(1.0));
  for (PieceKind k : kAllKinds) {
    CHECK(area(standard_polygon(k)) == doctest::Approx(piece_area_units(k)));
    CHECK(signed_area(standard_polygon(k)) > 0);
    CHECK(area(local_polygon(k, 200.0)) == doctest::Approx(piece_area_units(k) * 40000.0));
    const Vec2 c = centroid(local_polygon(k, 200.0));
    CHECK(std::abs(c.x) < 1e-9);
    CHECK(std::abs(c.y) < 1e-9);
  }
}

TEST_CASE("pieces: the set is ordered largest first") {
  const auto& set = tangram_set();
  for (std::size_t i = 1; i < set.size(); ++i)
    CHECK(piece_area_units(set[i - 1]) >= piece_area_units(set[i]));
}

TEST_CASE("pieces: names round trip and unknown names are rejected") {
  for (PieceKind k : kAllKinds) CHECK(piece_kind_from_name(piece_name(k)) == k);
  CHECK(piece_name(PieceKind::LargeTriangle) == "large-triangle");
  CHECK(piece_name(PieceKind::Parallelogram) == "parallelogram");
  CHECK_FALSE(piece_kind_from_name("rhombus").has_value());
  CHECK_FALSE(piece_kind_from_name("").has_value());
}

TEST_CASE("pieces: configuration counts leave out symmetric duplicates") {
  CHECK(configurations(PieceKind::LargeTriangle, 45, false).size() == 8);
  CHECK(configurations(PieceKind::LargeTriangle, 45, true).size() == 8);
  CHECK(configurations(PieceKind::SmallTriangle, 1, true).size() == 360);
  CHECK(configurations(PieceKind::Square, 0, true).empty());
  CHECK(configurations(PieceKind::Square, -5, true).empty());
  CHECK(configurations(PieceKind::Square, 45, true).size() == 2);
  CHECK(configurations(PieceKind::Square, 1, true).size() == 90);
  CHECK(configurations(PieceKind::Parallelogram, 45, false).size() == 4);
  CHECK(configurations(PieceKind::Parallelogram, 45, true).size() == 8);
  CHECK(configurations(PieceKind::Parallelogram, 1, false).size() == 180);
  CHECK(configurations(PieceKind::Parallelogram, 1, true).size() == 360);

  const auto para = configurations(PieceKind::Parallelogram, 45, true);
  CHECK(para[0].angle_deg == 0.0);
  CHECK_FALSE(para[0].reflected);
  CHECK(para[3].angle_deg == doctest::Approx(135.0));
  CHECK(para[4].angle_deg == 0.0);
  CHECK(para[4].reflected);
}

TEST_CASE("pieces: a turn by the rotation period maps the piece onto itself") {
  for (PieceKind k : kAllKinds) {
    const Polygon a = posed_polygon(k, 100, {{50, 50}, 10, false});
    const Polygon b = posed_polygon(k, 100, {{50, 50}, 10.0 + rotation_period_deg(k), false});
    for (const Vec2& v : b) {
      double best = 1e9;
      for (const Vec2& w : a) best = std::min(best, std::hypot(v.x - w.x, v.y - w.y));
      CHECK(best < 1e-9);
    }
  }
}

TEST_CASE("pieces: posed large triangle at 45 degrees, derived by hand") {
  // Standard (0,0)(1,0)(.5,.5), centroid (.5, 1/6). At side 120 the local vertices are
  // (-60,-20), (60,-20), (0,40): the right angle points down. A turn of t counter-clockwise on
  // screen maps (x, y) to (x cos t + y sin t, -x sin t + y cos t); at 45 degrees with
  // h = sqrt(2): (-40h, 20h), (20h, -40h), (20h, 20h), i.e. the right angle points down-right
  // with one leg going left and one going up, each 60h = 120 sqrt(2)/2 long.
  const double h = std::sqrt(2.0);
  const Vec2 c{100, 50};
  check_vertices(posed_polygon(PieceKind::LargeTriangle, 120, {c, 45, false}),
                 {{100 - 40 * h, 50 + 20 * h}, {100 + 20 * h, 50 - 40 * h},
                  {100 + 20 * h, 50 + 20 * h}});
  // At 90 degrees the right angle points right.
  check_vertices(posed_polygon(PieceKind::LargeTriangle, 120, {c, 90, false}),
                 {{80, 110}, {80, -10}, {140, 50}});
}

TEST_CASE("pieces: posed mirrored parallelogram, derived by hand") {
  // Standard (0,0)(.5,0)(.75,.25)(.25,.25), centroid (.375,.125); side 8 gives local
  // (-3,-1)(1,-1)(3,1)(-1,1). Mirroring top-to-bottom gives (-3,1)(1,1)(3,-1)(-1,-1), reversed
  // to keep the orientation: (-1,-1)(3,-1)(1,1)(-3,1); the top edge now lies to the right of
  // the bottom edge.
  check_vertices(posed_polygon(PieceKind::Parallelogram, 8, {{10, 20}, 0, true}),
                 {{9, 19}, {13, 19}, {11, 21}, {7, 21}});
  check_vertices(posed_polygon(PieceKind::Parallelogram, 8, {{10, 20}, 0, false}),
                 {{7, 19}, {11, 19}, {13, 21}, {9, 21}});
}
