#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "tangram/core/base/error.hpp"
#include "tangram/core/puzzle/piece_set.hpp"

using namespace tangram;

namespace {

const PieceSet& tangram_set = PieceSet::tangram();
namespace ts = tangram_shapes;
const ShapeId kAllShapes[] = {ts::large_triangle, ts::medium_triangle, ts::small_triangle,
                              ts::square, ts::parallelogram};

void check_vertices(const Polygon& got, const Polygon& want) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    CHECK(got[i].x == doctest::Approx(want[i].x));
    CHECK(got[i].y == doctest::Approx(want[i].y));
  }
}

/// A regular n-gon of circumradius 1 turned by `phase` degrees.
Polygon regular(int n, double phase = 0.0) {
  Polygon p;
  for (int k = 0; k < n; ++k) {
    const double t = (phase + 360.0 * k / n) * M_PI / 180.0;
    p.push_back({std::cos(t), std::sin(t)});
  }
  return p;
}

/// A polyomino outline from unit squares' corners (counter-clockwise on screen, y down).
Polygon outline(std::initializer_list<Vec2> vertices) { return Polygon(vertices); }

/// A quarter disc of radius 1 about the origin: the origin, then (1, 0) and the arc in 3 chords
/// to (0, 1); in this order its signed area is positive (clockwise on screen).
Polygon quarter_disc_outline() {
  Polygon quarter{{0, 0}};
  for (int k = 0; k <= 3; ++k) quarter.push_back({std::cos(k * M_PI / 6), std::sin(k * M_PI / 6)});
  return quarter;
}

}  // namespace

TEST_CASE("piece set: the Tangram's shapes, counts and areas as tools/README.md defines them") {
  CHECK(tangram_set.name() == "tangram");
  REQUIRE(tangram_set.shape_count() == 5);
  CHECK(tangram_set.piece_count() == 7);
  CHECK(tangram_set.total_area() == doctest::Approx(1.0));
  const double areas[] = {0.25, 0.125, 0.0625, 0.125, 0.125};
  const int counts[] = {2, 1, 2, 1, 1};
  const char* names[] = {"large-triangle", "medium-triangle", "small-triangle", "square",
                         "parallelogram"};
  for (ShapeId k : kAllShapes) {
    CAPTURE(k);
    CHECK(tangram_set.shape_name(k) == names[k]);
    CHECK(tangram_set.find(names[k]) == k);
    CHECK(tangram_set.shape(k).count == counts[k]);
    CHECK(tangram_set.area(k) == doctest::Approx(areas[k]));
    CHECK(signed_area(tangram_set.shape(k).outline) > 0);
    CHECK(area(tangram_set.local_polygon(k, 200.0)) == doctest::Approx(areas[k] * 40000.0));
    const Vec2 c = centroid(tangram_set.local_polygon(k, 200.0));
    CHECK(std::abs(c.x) < 1e-9);
    CHECK(std::abs(c.y) < 1e-9);
  }
  CHECK_FALSE(tangram_set.find("rhombus").has_value());
  CHECK_FALSE(tangram_set.find("").has_value());
  CHECK(tangram_set.shape_names() ==
        "large-triangle, medium-triangle, square, parallelogram, small-triangle");
  // The large triangle's farthest vertex: sqrt(10)/6 of the set side.
  CHECK(tangram_set.reach() == doctest::Approx(std::sqrt(10.0) / 6.0));
}

TEST_CASE("piece set: the Tangram goes largest first, in the paper's order") {
  // Yamada et al. 2019, Sec. III-C: large, large, medium, square, parallelogram, small, small
  // (equal areas keep the shapes' order).
  const std::vector<ShapeId> want = {ts::large_triangle, ts::large_triangle, ts::medium_triangle,
                                     ts::square,         ts::parallelogram,  ts::small_triangle,
                                     ts::small_triangle};
  CHECK(tangram_set.order() == want);
}

TEST_CASE("piece set: symmetries computed from the geometry equal the Tangram's known ones") {
  // Before pieces were values these were written out per kind: 360 for the triangles (their
  // only symmetry is a reflection), 90 for the square, 180 for the parallelogram; only the
  // parallelogram's mirror image differs from it.
  const double periods[] = {360, 360, 360, 90, 180};
  const bool chiral[] = {false, false, false, false, true};
  for (ShapeId k : kAllShapes) {
    CAPTURE(tangram_set.shape_name(k));
    CHECK(tangram_set.rotation_period_deg(k) == periods[k]);
    CHECK(tangram_set.mirror_distinct(k) == chiral[k]);
  }
}

TEST_CASE("piece set: symmetries of other shapes") {
  for (int n = 3; n <= 12; ++n) {
    CAPTURE(n);
    CHECK(rotation_period_deg(regular(n, 17.0)) == doctest::Approx(360.0 / n));
    CHECK_FALSE(mirror_distinct(regular(n, 17.0)));
  }
  // The L, F and S tetromino/pentomino: L and S are chiral, the T is not; periods 360, 360, 180.
  const Polygon l = outline({{0, 0}, {1, 0}, {1, 2}, {2, 2}, {2, 3}, {0, 3}});
  const Polygon t = outline({{0, 0}, {3, 0}, {3, 1}, {2, 1}, {2, 2}, {1, 2}, {1, 1}, {0, 1}});
  const Polygon s = outline({{1, 0}, {3, 0}, {3, 1}, {2, 1}, {2, 2}, {0, 2}, {0, 1}, {1, 1}});
  const Polygon f =
      outline({{1, 0}, {3, 0}, {3, 1}, {2, 1}, {2, 3}, {1, 3}, {1, 2}, {0, 2}, {0, 1}, {1, 1}});
  CHECK(rotation_period_deg(l) == 360.0);
  CHECK(mirror_distinct(l));
  CHECK(rotation_period_deg(t) == 360.0);
  CHECK_FALSE(mirror_distinct(t));
  CHECK(rotation_period_deg(s) == 180.0);
  CHECK(mirror_distinct(s));
  CHECK(rotation_period_deg(f) == 360.0);
  CHECK(mirror_distinct(f));
  // The plus pentomino and a rectangle; a turned, shifted outline has the same symmetries.
  const Polygon plus = outline({{1, 0},
                                {2, 0},
                                {2, 1},
                                {3, 1},
                                {3, 2},
                                {2, 2},
                                {2, 3},
                                {1, 3},
                                {1, 2},
                                {0, 2},
                                {0, 1},
                                {1, 1}});
  CHECK(rotation_period_deg(plus) == 90.0);
  CHECK(rotation_period_deg(outline({{0, 0}, {2, 0}, {2, 1}, {0, 1}})) == 180.0);
  Polygon turned;
  for (const Vec2& v : s) turned.push_back(Vec2{5, 7} + rotate_local(v, 33.0, false));
  CHECK(rotation_period_deg(turned) == doctest::Approx(180.0));
  CHECK(mirror_distinct(turned));
}

TEST_CASE("piece set: a set with copies and its order") {
  const PieceSet set("bars", {{"bar", {{0, 0}, {3, 0}, {3, 1}, {0, 1}}, 1},
                              {"unit", {{0, 0}, {1, 0}, {1, 1}, {0, 1}}, 3},
                              {"domino", {{0, 1}, {2, 1}, {2, 0}, {0, 0}}, 2}});  // clockwise
  CHECK(set.piece_count() == 6);
  CHECK(set.total_area() == doctest::Approx(3 + 3 + 4));
  CHECK(set.order() == std::vector<ShapeId>{0, 2, 2, 1, 1, 1});
  CHECK(signed_area(set.shape(2).outline) > 0);  // stored with positive orientation
  CHECK(set.rotation_period_deg(1) == 90.0);
  CHECK(set.rotation_period_deg(2) == 180.0);
  // Copies count once: a bar 2 + domino 2 + unit 1 angles at 90 degrees.
  CHECK(set.configuration_count(90.0, true) == 5);
  CHECK(set.configuration_count(1.0, true) == 180 + 180 + 90);
}

TEST_CASE("piece set: arcs_first() puts the curved pieces first, each part largest first") {
  const Polygon quarter = quarter_disc_outline();
  const PieceArc arc{1, 3, {0, 0}, 1.0, 90.0, {std::sqrt(0.5), std::sqrt(0.5)}};
  const PieceSet set("mixed", {{"bar", {{0, 0}, {3, 0}, {3, 1}, {0, 1}}, 1},
                               {"quarter", quarter, 2, {arc}},
                               {"unit", {{0, 0}, {1, 0}, {1, 1}, {0, 1}}, 1}});
  REQUIRE(set.order() == std::vector<ShapeId>{0, 2, 1, 1});
  const PieceSet first = set.arcs_first();
  CHECK(first.order() == std::vector<ShapeId>{1, 1, 0, 2});
  CHECK(first.shapes().size() == set.shapes().size());
  CHECK(first.total_area() == set.total_area());
  // A set without arcs keeps its order.
  CHECK(PieceSet::tangram().arcs_first().order() == PieceSet::tangram().order());
}

TEST_CASE("piece set: bad shapes are refused with the shape named") {
  const Polygon unit{{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  CHECK_THROWS_WITH_AS(PieceSet("s", {}), doctest::Contains("no shapes"), InputError);
  CHECK_THROWS_WITH_AS(PieceSet("s", {{"", unit, 1}}), doctest::Contains("no name"), InputError);
  CHECK_THROWS_WITH_AS(PieceSet("s", {{"a", unit, 1}, {"a", unit, 1}}),
                       doctest::Contains("shape 2 (a): the name is used twice"), InputError);
  CHECK_THROWS_WITH_AS(PieceSet("s", {{"a", {{0, 0}, {1, 0}}, 1}}),
                       doctest::Contains("fewer than 3 vertices"), InputError);
  CHECK_THROWS_WITH_AS(PieceSet("s", {{"a", {{0, 0}, {1, 0}, {2, 0}}, 1}}),
                       doctest::Contains("no area"), InputError);
  CHECK_THROWS_WITH_AS(PieceSet("s", {{"a", {{0, 0}, {1, 0}, {0, NAN}}, 1}}),
                       doctest::Contains("not a finite number"), InputError);
  CHECK_THROWS_WITH_AS(PieceSet("s", {{"a", unit, 0}}), doctest::Contains("at least 1"),
                       InputError);
}

TEST_CASE("piece set: arcs are kept beside their chords, reversed with a clockwise outline") {
  const Polygon quarter = quarter_disc_outline();
  const PieceArc arc{1, 3, {0, 0}, 1.0, 90.0, {std::sqrt(0.5), std::sqrt(0.5)}};
  const PieceSet ccw("q", {{"q", quarter, 1, {arc}}});
  REQUIRE(ccw.shape(0).arcs.size() == 1);
  CHECK(ccw.shape(0).arcs[0].start == 1);
  CHECK(ccw.shape(0).arcs[0].sweep_deg == 90.0);
  // The same outline run the other way: stored reversed, the arc from (0, 1) to (1, 0).
  Polygon backwards(quarter.rbegin(), quarter.rend());
  const PieceArc back_arc{0, 3, {0, 0}, 1.0, -90.0, arc.through};
  const PieceSet cw("q", {{"q", backwards, 1, {back_arc}}});
  CHECK(cw.shape(0).outline[0].x == 0.0);  // the corner at the origin comes first again
  const PieceArc& stored = cw.shape(0).arcs.at(0);
  CHECK(stored.start == 1);
  CHECK(stored.chords == 3);
  CHECK(stored.sweep_deg == 90.0);
  CHECK(cw.shape(0).outline[stored.start].x == doctest::Approx(1.0));
}

TEST_CASE("piece set: bad arcs are refused with the shape and the arc named") {
  const Polygon quarter = quarter_disc_outline();
  const PieceArc good{1, 3, {0, 0}, 1.0, 90.0, {std::sqrt(0.5), std::sqrt(0.5)}};
  // `words` from the arc `good` as `spoil` leaves it.
  const auto refused = [&](const std::string& words, auto spoil) {
    PieceArc arc = good;
    spoil(arc);
    CAPTURE(words);
    CHECK_THROWS_WITH_AS(PieceSet("s", {{"q", quarter, 1, {arc}}}),
                         doctest::Contains(("shape 1 (q): " + words).c_str()), InputError);
  };
  refused("arc 1: its start is not a vertex", [](PieceArc& a) { a.start = 5; });
  refused("arc 1: it needs from 1 to 4 chords", [](PieceArc& a) { a.chords = 0; });
  refused("arc 1: vertex 2 is not on its circle", [](PieceArc& a) { a.radius = 2.0; });
  refused("arc 1: its sweep is not in (0, 360)", [](PieceArc& a) { a.sweep_deg = 360.0; });
  refused("arc 1: its circle is not finite", [](PieceArc& a) { a.centre.x = NAN; });
  PieceArc first = good, second = good;
  first.chords = 2;
  second.start = 2;
  second.chords = 2;
  CHECK_THROWS_WITH_AS(PieceSet("s", {{"q", quarter, 1, {first, second}}}),
                       doctest::Contains("two arcs overlap"), InputError);
}

TEST_CASE("piece set: configuration counts leave out symmetric duplicates") {
  const auto configurations = [](ShapeId k, double step, bool reflection) {
    return tangram_set.configurations(k, step, reflection);
  };
  CHECK(configurations(ts::large_triangle, 45, false).size() == 8);
  CHECK(configurations(ts::large_triangle, 45, true).size() == 8);
  CHECK(configurations(ts::small_triangle, 1, true).size() == 360);
  CHECK(configurations(ts::square, 0, true).empty());
  CHECK(configurations(ts::square, -5, true).empty());
  CHECK(configurations(ts::square, 45, true).size() == 2);
  CHECK(configurations(ts::square, 1, true).size() == 90);
  CHECK(configurations(ts::parallelogram, 45, false).size() == 4);
  CHECK(configurations(ts::parallelogram, 45, true).size() == 8);
  CHECK(configurations(ts::parallelogram, 1, false).size() == 180);
  CHECK(configurations(ts::parallelogram, 1, true).size() == 360);

  const auto para = configurations(ts::parallelogram, 45, true);
  CHECK(para[0].angle_deg == 0.0);
  CHECK_FALSE(para[0].reflected);
  CHECK(para[3].angle_deg == doctest::Approx(135.0));
  CHECK(para[4].angle_deg == 0.0);
  CHECK(para[4].reflected);
  // The count without listing: 1 degree gives the 1530 the search's cap is measured against.
  CHECK(tangram_set.configuration_count(1.0, true) == 360 * 3 + 90 + 360);
  CHECK(tangram_set.configuration_count(45.0, false) == 8 * 3 + 2 + 4);
}

TEST_CASE("piece set: a turn by the rotation period maps the piece onto itself") {
  for (ShapeId k : kAllShapes) {
    const Polygon a = tangram_set.posed_polygon(k, 100, {{50, 50}, 10, false});
    const Polygon b = tangram_set.posed_polygon(
        k, 100, {{50, 50}, 10.0 + tangram_set.rotation_period_deg(k), false});
    for (const Vec2& v : b) {
      double best = 1e9;
      for (const Vec2& w : a) best = std::min(best, std::hypot(v.x - w.x, v.y - w.y));
      CHECK(best < 1e-9);
    }
  }
}

TEST_CASE("piece set: posed large triangle at 45 degrees, derived by hand") {
  // Standard (0,0)(1,0)(.5,.5), centroid (.5, 1/6). At side 120 the local vertices are
  // (-60,-20), (60,-20), (0,40): the right angle points down. A turn of t counter-clockwise on
  // screen maps (x, y) to (x cos t + y sin t, -x sin t + y cos t); at 45 degrees with
  // h = sqrt(2): (-40h, 20h), (20h, -40h), (20h, 20h), i.e. the right angle points down-right
  // with one leg going left and one going up, each 60h = 120 sqrt(2)/2 long.
  const double h = std::sqrt(2.0);
  const Vec2 c{100, 50};
  check_vertices(
      tangram_set.posed_polygon(tangram_shapes::large_triangle, 120, {c, 45, false}),
      {{100 - 40 * h, 50 + 20 * h}, {100 + 20 * h, 50 - 40 * h}, {100 + 20 * h, 50 + 20 * h}});
  // At 90 degrees the right angle points right.
  check_vertices(tangram_set.posed_polygon(tangram_shapes::large_triangle, 120, {c, 90, false}),
                 {{80, 110}, {80, -10}, {140, 50}});
}

TEST_CASE("piece set: posed mirrored parallelogram, derived by hand") {
  // Standard (0,0)(.5,0)(.75,.25)(.25,.25), centroid (.375,.125); side 8 gives local
  // (-3,-1)(1,-1)(3,1)(-1,1). Mirroring top-to-bottom gives (-3,1)(1,1)(3,-1)(-1,-1), reversed
  // to keep the orientation: (-1,-1)(3,-1)(1,1)(-3,1); the top edge now lies to the right of
  // the bottom edge.
  check_vertices(tangram_set.posed_polygon(tangram_shapes::parallelogram, 8, {{10, 20}, 0, true}),
                 {{9, 19}, {13, 19}, {11, 21}, {7, 21}});
  check_vertices(tangram_set.posed_polygon(tangram_shapes::parallelogram, 8, {{10, 20}, 0, false}),
                 {{7, 19}, {11, 19}, {13, 21}, {9, 21}});
}
