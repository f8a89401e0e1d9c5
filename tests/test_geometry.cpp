#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "tangram/core/geometry/geometry.hpp"

using namespace tangram;

namespace {

Polygon square(double x0, double y0, double side) {
  return {{x0, y0}, {x0 + side, y0}, {x0 + side, y0 + side}, {x0, y0 + side}};
}

bool near(Vec2 a, Vec2 b, double tol = 1e-9) { return std::hypot(a.x - b.x, a.y - b.y) <= tol; }

}  // namespace

TEST_CASE("geometry: the shoelace area is positive for vertices running clockwise on screen") {
  const Polygon tri = {{0, 0}, {4, 0}, {0, 3}};  // x right then down: clockwise with y down
  CHECK(signed_area(tri) == doctest::Approx(6.0));
  const Polygon reversed = {{0, 3}, {4, 0}, {0, 0}};
  CHECK(signed_area(reversed) == doctest::Approx(-6.0));
  CHECK(area(reversed) == doctest::Approx(6.0));
}

TEST_CASE("geometry: centroids of a triangle, a square and a degenerate polygon") {
  const Vec2 ct = centroid({{0, 0}, {6, 0}, {0, 3}});
  CHECK(ct.x == doctest::Approx(2.0));
  CHECK(ct.y == doctest::Approx(1.0));
  const Vec2 cs = centroid(square(2, 4, 2));
  CHECK(cs.x == doctest::Approx(3.0));
  CHECK(cs.y == doctest::Approx(5.0));
  const Vec2 cd = centroid({{0, 0}, {2, 2}, {4, 4}});  // zero area: vertex mean
  CHECK(cd.x == doctest::Approx(2.0));
  CHECK(cd.y == doctest::Approx(2.0));
}

TEST_CASE("geometry: insetting a square by d shrinks its side by 2d") {
  for (const Polygon& sq : {square(0, 0, 10), Polygon{{0, 0}, {0, 10}, {10, 10}, {10, 0}}}) {
    const Polygon inset = inset_convex(sq, 1.5);
    CHECK(area(inset) == doctest::Approx(7.0 * 7.0));
    for (const Vec2& v : inset) {
      CHECK(std::min(v.x, 10 - v.x) == doctest::Approx(1.5));
      CHECK(std::min(v.y, 10 - v.y) == doctest::Approx(1.5));
    }
  }
  CHECK(inset_convex(square(0, 0, 10), 5.0).empty());
  CHECK(inset_convex(square(0, 0, 10), 0.0).size() == 4);
}

TEST_CASE("geometry: insetting a right isosceles triangle keeps it similar, inradius minus d") {
  const double leg = 10.0;
  const Polygon tri = {{0, 0}, {leg, 0}, {0, leg}};
  const double inradius = leg * (2.0 - std::sqrt(2.0)) / 2.0;
  const double d = 1.0;
  const Polygon inset = inset_convex(tri, d);
  REQUIRE(inset.size() == 3);
  const double k = (inradius - d) / inradius;
  CHECK(area(inset) == doctest::Approx(area(tri) * k * k));
  // Every inset vertex lies at distance >= d from each original edge, exactly d from two.
  for (const Vec2& v : inset) {
    const double dist_hyp = (leg - v.x - v.y) / std::sqrt(2.0);
    const double dists[3] = {v.x, v.y, dist_hyp};
    int at_d = 0;
    for (double dist : dists) {
      CHECK(dist >= d - 1e-9);
      if (std::abs(dist - d) < 1e-9) ++at_d;
    }
    CHECK(at_d == 2);
  }
}

TEST_CASE("geometry: clipping two overlapping squares gives their common square") {
  const Polygon a = square(0, 0, 2), b = square(1, 1, 2);
  CHECK(area(clip_convex(a, b)) == doctest::Approx(1.0));
  CHECK(area(clip_convex(b, a)) == doctest::Approx(1.0));
  const Polygon b_reversed(b.rbegin(), b.rend());
  CHECK(area(clip_convex(a, b_reversed)) == doctest::Approx(1.0));
  CHECK(clip_convex(a, square(5, 5, 1)).empty());
  CHECK(area(clip_convex(square(0, 0, 4), square(1, 1, 1))) == doctest::Approx(1.0));
}

TEST_CASE("geometry: area_in_box clips a convex polygon to an axis-aligned box") {
  const Polygon tri = {{0, 0}, {4, 0}, {0, 4}};
  CHECK(area_in_box(tri, -1, -1, 10, 10) == doctest::Approx(8.0));
  CHECK(area_in_box(tri, 0, 0, 1, 1) == doctest::Approx(1.0));
  CHECK(area_in_box(tri, 2, 2, 3, 3) == doctest::Approx(0.0));
  // The diagonal x + y = 4 halves the unit box [1,2] x [2,3].
  CHECK(area_in_box(tri, 1, 2, 2, 3) == doctest::Approx(0.5));
  CHECK(area_in_box(square(0, 0, 2), 1, -1, 5, 1) == doctest::Approx(1.0));
  CHECK(area_in_box(tri, 5, 5, 6, 6) == 0.0);
}

TEST_CASE("geometry: a turn of 90 degrees counter-clockwise on screen maps (1,0) to (0,-1)") {
  CHECK(near(rotate_local({1, 0}, 90, false), {0, -1}));
  CHECK(near(rotate_local({0, 1}, 90, false), {1, 0}));  // down turns to the right
  CHECK(near(rotate_local({1, 0}, 45, false), {std::sqrt(0.5), -std::sqrt(0.5)}));
  CHECK(near(rotate_local({1, 1}, 0, true), {1, -1}));    // mirror top-to-bottom
  CHECK(near(rotate_local({1, 1}, 90, true), {-1, -1}));  // mirror first, then turn
}

TEST_CASE("geometry: apply_pose translates to the centre and keeps the orientation") {
  const Polygon local = {{-1, -1}, {2, -1}, {-1, 2}};
  REQUIRE(signed_area(local) > 0);
  const Pose plain{{10, 20}, 90, false};
  const Polygon moved = apply_pose(local, plain);
  CHECK(near(moved[0], {10 - 1, 20 + 1}));
  CHECK(near(moved[1], {10 - 1, 20 - 2}));
  CHECK(near(moved[2], {10 + 2, 20 + 1}));
  CHECK(signed_area(moved) > 0);

  const Pose mirrored{{10, 20}, 30, true};
  const Polygon flipped = apply_pose(local, mirrored);
  CHECK(signed_area(flipped) == doctest::Approx(signed_area(local)));
  // Mirroring reverses the vertex order: the first output vertex is the last input vertex.
  CHECK(near(flipped[0], Vec2{10, 20} + rotate_local(local[2], 30, true)));
}

TEST_CASE("geometry: inside_convex counts the boundary and honours eps") {
  const Polygon sq = square(0, 0, 2);
  CHECK(inside_convex(sq, {1, 1}));
  CHECK(inside_convex(sq, {2, 1}));
  CHECK_FALSE(inside_convex(sq, {2.1, 1}));
  CHECK(inside_convex(sq, {2.1, 1}, 0.2));
  const Polygon reversed(sq.rbegin(), sq.rend());
  CHECK(inside_convex(reversed, {1.5, 0.5}));
  CHECK_FALSE(inside_convex(reversed, {-0.5, 0.5}));
}

TEST_CASE("geometry: convex parts of random simple polygons are convex, disjoint and cover it") {
  std::mt19937 rng(17);
  std::uniform_real_distribution<double> angle(0.0, 2 * M_PI), radius(2.0, 10.0), unit(-11, 11);
  for (int trial = 0; trial < 80; ++trial) {
    // A ring star-shaped about the origin (angles jittered around n equal steps, so that no
    // gap reaches half a turn: simple, usually not convex); every other one clockwise.
    const int n = 4 + trial % 14;
    Polygon ring;
    for (int k = 0; k < n; ++k) {
      const double a = 2 * M_PI * (k + 0.8 * angle(rng) / (2 * M_PI)) / n;
      const double r = radius(rng);
      ring.push_back({r * std::cos(a), r * std::sin(a)});
    }
    if (trial % 2) std::reverse(ring.begin(), ring.end());
    CAPTURE(trial);
    const std::vector<Polygon> parts = convex_parts(ring);
    double total = 0.0;
    for (const Polygon& part : parts) {
      CHECK(is_convex(part));
      CHECK((signed_area(part) > 0) == (signed_area(ring) > 0));
      total += area(part);
    }
    CHECK(total == doctest::Approx(area(ring)).epsilon(1e-9));
    for (std::size_t p = 0; p < parts.size(); ++p)
      for (std::size_t q = p + 1; q < parts.size(); ++q)
        CHECK(area(clip_convex(parts[p], parts[q])) < 1e-9);
    // Points inside the ring are in a part, points outside in none (away from boundaries).
    for (int k = 0; k < 200; ++k) {
      const Vec2 p{unit(rng), unit(rng)};
      if (boundary_distance(ring, p) < 1e-6) continue;
      int in = 0;
      for (const Polygon& part : parts) in += inside_convex(part, p) ? 1 : 0;
      CHECK(in == (inside_polygon(ring, p) ? 1 : 0));
    }
    if (is_convex(ring)) CHECK(parts.size() == 1);
  }
  // An L of three unit squares merges into two rectangles' worth of convex parts.
  const Polygon l = {{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}, {0, 2}};
  CHECK(convex_parts(l).size() == 2);
  CHECK(overlap_area(l, square(0.5, 0.5, 1.0)) == doctest::Approx(0.75));
}

TEST_CASE("geometry: inside_polygon and boundary_distance on a U") {
  const Polygon u = {{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 0}, {3, 0}, {3, 2}, {0, 2}};
  CHECK(inside_polygon(u, {0.5, 0.5}));
  CHECK_FALSE(inside_polygon(u, {1.5, 0.5}));  // the notch
  CHECK(inside_polygon(u, {1.5, 1.0}, 1e-9));  // its bottom edge
  CHECK(boundary_distance(u, {1.5, 0.5}) == doctest::Approx(0.5));
  CHECK(boundary_distance(u, {1.5, 1.5}) == doctest::Approx(0.5));
  CHECK_FALSE(is_convex(u));
  CHECK(is_convex(square(0, 0, 1)));
}

TEST_CASE("geometry: inscribed_radius of squares, the large triangle and pentominoes") {
  CHECK(inscribed_radius(square(0, 0, 1)) == doctest::Approx(0.5).epsilon(1e-3));
  CHECK(inscribed_radius(square(3, -2, 4)) == doctest::Approx(2.0).epsilon(1e-3));
  // The Tangram's large triangle: area / semi-perimeter = (sqrt 2 - 1) / 2.
  CHECK(inscribed_radius({{0, 0}, {1, 0}, {0.5, 0.5}}) ==
        doctest::Approx((std::sqrt(2.0) - 1) / 2).epsilon(1e-3));
  // The X pentomino: the circle about its middle cell reaches the four inner corners.
  const Polygon x = {{1, 0}, {2, 0}, {2, 1}, {3, 1}, {3, 2}, {2, 2},
                     {2, 3}, {1, 3}, {1, 2}, {0, 2}, {0, 1}, {1, 1}};
  CHECK(inscribed_radius(x) == doctest::Approx(std::sqrt(0.5)).epsilon(1e-3));
  // A long bar: half its width, wherever along it.
  CHECK(inscribed_radius({{0, 0}, {20, 0}, {20, 1}, {0, 1}}) == doctest::Approx(0.5).epsilon(1e-3));
}
