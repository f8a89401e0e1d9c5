// The vectorised outline (outline.hpp): corners found to a fraction of a pixel on figures
// rasterised by the checker's rule (a pixel is in when its centre is), holes with their parents,
// the rings' orientation; arcs of drawn discs, rings, half-discs and figures mixing arcs with
// straight edges, their radius and centre to a fraction of a pixel.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "tangram/core/geometry/outline.hpp"

using namespace tangram;

namespace {

/// The figure of `rings` (even-odd) rasterised by pixel centres.
cv::Mat1b centre_raster(const std::vector<Polygon>& rings, int size) {
  cv::Mat1b mask(size, size, uchar{0});
  for (int y = 0; y < size; ++y)
    for (int x = 0; x < size; ++x) {
      const Vec2 c{x + 0.5, y + 0.5};
      bool in = false;
      for (const Polygon& ring : rings) {
        const std::size_t n = ring.size();
        for (std::size_t i = 0, j = n - 1; i < n; j = i++)
          if ((ring[i].y > c.y) != (ring[j].y > c.y) &&
              c.x <
                  ring[j].x + (c.y - ring[j].y) * (ring[i].x - ring[j].x) / (ring[i].y - ring[j].y))
            in = !in;
      }
      mask(y, x) = in ? 255 : 0;
    }
  return mask;
}

Polygon turned_square(Vec2 centre, double half, double turn_deg) {
  Polygon square;
  for (int k = 0; k < 4; ++k) {
    const double t = (turn_deg + 45.0 + 90.0 * k) * 3.14159265358979323846 / 180.0;
    square.push_back({centre.x + half * std::sqrt(2.0) * std::cos(t),
                      centre.y + half * std::sqrt(2.0) * std::sin(t)});
  }
  return square;
}

/// The largest distance from a true corner to the nearest found one.
double worst_corner_error(const Polygon& truth, const Polygon& found) {
  double worst = 0.0;
  for (const Vec2 t : truth) {
    double best = 1e9;
    for (const Vec2 f : found) best = std::min(best, std::hypot(f.x - t.x, f.y - t.y));
    worst = std::max(worst, best);
  }
  return worst;
}

/// The figure of points whose pixel centres `in` holds.
template <typename Inside>
cv::Mat1b raster(int size, Inside in) {
  cv::Mat1b mask(size, size, uchar{0});
  for (int y = 0; y < size; ++y)
    for (int x = 0; x < size; ++x) mask(y, x) = in(Vec2{x + 0.5, y + 0.5}) ? 255 : 0;
  return mask;
}

double distance(Vec2 a, Vec2 b) { return std::hypot(a.x - b.x, a.y - b.y); }

/// The ring's arc nearest in radius to `radius`; fails the test when the ring has none.
const OutlineArc& arc_of_radius(const OutlineRing& ring, double radius) {
  REQUIRE_FALSE(ring.arcs.empty());
  const OutlineArc* best = &ring.arcs.front();
  for (const OutlineArc& arc : ring.arcs)
    if (std::abs(arc.radius - radius) < std::abs(best->radius - radius)) best = &arc;
  return *best;
}

}  // namespace

TEST_CASE("outline: the corners of turned polygons within a fraction of a pixel") {
  for (const double turn : {0.0, 7.0, 22.5, 45.0, 61.3}) {
    CAPTURE(turn);
    const Polygon square = turned_square({100.3, 99.6}, 60.0, turn);
    const std::vector<OutlineRing> rings = vectorise_outline(centre_raster({square}, 200));
    REQUIRE(rings.size() == 1);
    CHECK_FALSE(rings[0].hole);
    CHECK(rings[0].parent == -1);
    CHECK(rings[0].corners.size() == 4);
    CHECK(rings[0].fitted.size() == rings[0].corners.size());
    CHECK(signed_area(rings[0].corners) > 0);
    // Edges along the pixel grid or its diagonals are only known to half a pixel (every line
    // in that band gives the same pixels); other directions pin them down far better.
    const bool grid_like = std::fmod(turn, 45.0) == 0.0;
    CHECK(worst_corner_error(square, rings[0].corners) < (grid_like ? 0.75 : 0.25));
    CHECK(std::abs(area(rings[0].corners) - area(square)) <
          (grid_like ? 0.005 : 0.001) * area(square));
  }
  // A triangle with a sharp corner.
  const Polygon triangle{{20.2, 30.7}, {180.4, 60.1}, {40.9, 170.3}};
  const std::vector<OutlineRing> rings = vectorise_outline(centre_raster({triangle}, 200));
  REQUIRE(rings.size() == 1);
  CHECK(rings[0].corners.size() == 3);
  CHECK(worst_corner_error(triangle, rings[0].corners) < 0.6);
}

TEST_CASE("outline: holes are rings of their own, turned the other way, with their parent") {
  const Polygon outer = turned_square({140, 140}, 60.0, 10.0);
  const Polygon hole = turned_square({140.5, 139.5}, 30.0, 55.0);
  const Polygon second = turned_square({25, 25}, 10.0, 0.0);  // another part, no hole
  const std::vector<OutlineRing> rings =
      vectorise_outline(centre_raster({outer, hole, second}, 240));
  REQUIRE(rings.size() == 3);
  int outers = 0;
  for (const OutlineRing& ring : rings) {
    if (ring.hole) {
      CHECK(signed_area(ring.corners) < 0);
      REQUIRE(ring.parent >= 0);
      CHECK_FALSE(rings[static_cast<std::size_t>(ring.parent)].hole);
      CHECK(worst_corner_error(hole, ring.corners) < 0.25);
      CHECK(worst_corner_error(outer, rings[static_cast<std::size_t>(ring.parent)].corners) < 0.25);
    } else {
      ++outers;
      CHECK(signed_area(ring.corners) > 0);
    }
  }
  CHECK(outers == 2);
}

TEST_CASE("outline: an empty mask and specks give no rings") {
  CHECK(vectorise_outline(cv::Mat1b(20, 20, uchar{0})).empty());
  cv::Mat1b speck(20, 20, uchar{0});
  speck(5, 5) = 255;
  CHECK(vectorise_outline(speck).empty());
}

TEST_CASE("outline: straight figures have no arcs") {
  for (const double turn : {0.0, 7.0, 22.5, 45.0, 61.3}) {
    CAPTURE(turn);
    const std::vector<OutlineRing> rings =
        vectorise_outline(centre_raster({turned_square({100.3, 99.6}, 60.0, turn)}, 200));
    REQUIRE(rings.size() == 1);
    CHECK(rings[0].arcs.empty());
  }
  const Polygon triangle{{20.2, 30.7}, {180.4, 60.1}, {40.9, 170.3}};
  CHECK(vectorise_outline(centre_raster({triangle}, 200))[0].arcs.empty());
}

TEST_CASE("outline: a disc is one full circle, centre and radius within a fraction of a pixel") {
  for (const double radius : {12.3, 30.0, 61.7, 95.2}) {
    CAPTURE(radius);
    const Vec2 centre{100.3, 99.6};
    const std::vector<OutlineRing> rings =
        vectorise_outline(raster(200, [&](Vec2 p) { return distance(p, centre) < radius; }));
    REQUIRE(rings.size() == 1);
    REQUIRE(rings[0].arcs.size() == 1);
    const OutlineArc& arc = rings[0].arcs[0];
    CHECK(std::abs(arc.radius - radius) < 0.15);
    CHECK(distance(arc.centre, centre) < 0.15);
    CHECK(std::abs(arc.sweep_deg) == doctest::Approx(360.0));
    CHECK(arc.convex);
    CHECK(arc.edges == rings[0].corners.size());
    CHECK(arc.rms_px < 0.4);
    CHECK(arc.length() == doctest::Approx(2.0 * 3.14159265358979 * radius).epsilon(0.01));
  }
}

TEST_CASE("outline: a ring's hole is a concave circle, turned the other way") {
  const Vec2 centre{120.4, 119.7};
  const std::vector<OutlineRing> rings = vectorise_outline(raster(240, [&](Vec2 p) {
    const double d = distance(p, centre);
    return d < 90.0 && d >= 41.3;
  }));
  REQUIRE(rings.size() == 2);
  for (const OutlineRing& ring : rings) {
    CAPTURE(ring.hole);
    REQUIRE(ring.arcs.size() == 1);
    const OutlineArc& arc = ring.arcs[0];
    CHECK(std::abs(arc.radius - (ring.hole ? 41.3 : 90.0)) < 0.15);
    CHECK(distance(arc.centre, centre) < 0.15);
    CHECK(arc.convex == !ring.hole);
    // The figure on the same side of every ring: the outer circle and the hole's run opposite
    // ways about the centre.
    CHECK((arc.sweep_deg > 0) == (ring.hole ? false : true));
  }
}

TEST_CASE("outline: half-discs, their straight edge left alone, the arc's ends at its corners") {
  for (const double turn : {0.0, 30.0, 45.0, 100.0}) {
    CAPTURE(turn);
    const double t = turn * 3.14159265358979323846 / 180.0;
    const Vec2 centre{100.6, 100.2}, up{std::sin(t), -std::cos(t)};
    const double radius = 70.0;
    const std::vector<OutlineRing> rings = vectorise_outline(raster(
        200, [&](Vec2 p) { return distance(p, centre) < radius && dot(p - centre, up) > 0.0; }));
    REQUIRE(rings.size() == 1);
    REQUIRE(rings[0].arcs.size() == 1);
    const OutlineArc& arc = rings[0].arcs[0];
    CHECK(std::abs(arc.radius - radius) < 0.25);
    CHECK(distance(arc.centre, centre) < 0.25);
    CHECK(std::abs(arc.sweep_deg) == doctest::Approx(180.0).epsilon(0.02));
    CHECK(arc.convex);
    // The ends: the diameter's ends, within about a pixel.
    const Vec2 side{-up.y, up.x};
    const Vec2 e1 = centre + radius * side, e2 = centre - radius * side;
    CHECK(std::min(distance(arc.from, e1), distance(arc.from, e2)) < 1.0);
    CHECK(std::min(distance(arc.to, e1), distance(arc.to, e2)) < 1.0);
    // The rest of the ring, the diameter, is one fitted edge not on the arc.
    CHECK(arc.edges + 1 == rings[0].corners.size());
    CHECK(rings[0].fitted[(arc.first_edge + arc.edges) % rings[0].corners.size()]);
  }
}

TEST_CASE("outline: arcs and straight edges mixed: a stadium, a tombstone with a round bite") {
  // A stadium: two half-discs joined by straight tangents (arcs meet lines without a corner).
  {
    const Vec2 a{70.3, 100.4}, b{150.3, 100.4};
    const double radius = 40.0;
    const std::vector<OutlineRing> rings = vectorise_outline(raster(220, [&](Vec2 p) {
      const double t = std::clamp(p.x, a.x, b.x);
      return distance(p, {t, a.y}) < radius;
    }));
    REQUIRE(rings.size() == 1);
    REQUIRE(rings[0].arcs.size() == 2);
    for (const OutlineArc& arc : rings[0].arcs) {
      CHECK(std::abs(arc.radius - radius) < 0.3);
      CHECK(std::min(distance(arc.centre, a), distance(arc.centre, b)) < 0.3);
      CHECK(std::abs(arc.sweep_deg) == doctest::Approx(180.0).epsilon(0.05));
      CHECK(arc.convex);
    }
  }
  // A square topped by a half-disc, with a round bite out of its lower left corner.
  {
    const Vec2 top{110.2, 90.3}, bite{40.0, 180.0};
    const std::vector<OutlineRing> rings = vectorise_outline(raster(220, [&](Vec2 p) {
      const bool body = (p.x > 40.2 && p.x < 180.2 && p.y > top.y && p.y < 180.0) ||
                        (distance(p, top) < 70.0 && p.y <= top.y);
      return body && distance(p, bite) >= 50.5;
    }));
    REQUIRE(rings.size() == 1);
    REQUIRE(rings[0].arcs.size() == 2);
    const OutlineArc& dome = arc_of_radius(rings[0], 70.0);
    CHECK(std::abs(dome.radius - 70.0) < 0.25);
    CHECK(distance(dome.centre, top) < 0.25);
    CHECK(dome.convex);
    const OutlineArc& round_bite = arc_of_radius(rings[0], 50.5);
    // A quarter circle pins its centre and radius down less well than longer arcs (moving the
    // centre along its bisector and shrinking the radius fit its pixels nearly as well).
    CHECK(std::abs(round_bite.radius - 50.5) < 0.9);
    CHECK(distance(round_bite.centre, bite) < 0.9);
    CHECK_FALSE(round_bite.convex);
    CHECK(std::abs(round_bite.sweep_deg) == doctest::Approx(90.0).epsilon(0.03));
  }
}

TEST_CASE("outline: asked again, a picture's outline is the same; a changed picture's is its own") {
  // vectorise_outline() keeps the last few outlines: a picture equal to one kept, pixel for
  // pixel, gets it; a picture that differs in one pixel, or a sub-image, gets its own.
  const Polygon triangle{{20.2, 30.7}, {180.4, 60.1}, {40.9, 170.3}};
  cv::Mat1b picture = centre_raster({triangle}, 200);
  const std::vector<OutlineRing> first = vectorise_outline(picture);
  REQUIRE(first.size() == 1);
  const auto corners_of = [](const std::vector<OutlineRing>& rings) {
    std::vector<double> out;
    for (const OutlineRing& r : rings)
      for (const Vec2& v : r.corners) out.insert(out.end(), {v.x, v.y});
    return out;
  };
  CHECK(corners_of(vectorise_outline(picture.clone())) == corners_of(first));
  // Five other pictures in between push the first out of the memo: it is computed again, alike.
  for (int k = 0; k < 5; ++k)
    vectorise_outline(centre_raster({turned_square({100, 100}, 40.0 + k, 5.0 * k)}, 200));
  CHECK(corners_of(vectorise_outline(picture)) == corners_of(first));
  // A hole of one pixel's neighbourhood cut into the triangle: a ring more.
  cv::Mat1b cut = picture.clone();
  cut(cv::Rect(60, 70, 9, 9)) = uchar{0};
  CHECK(vectorise_outline(cut).size() == 2);
  CHECK(vectorise_outline(picture).size() == 1);
  // The picture's left half, as a view into it: the outline of that half only.
  const cv::Mat1b half = picture(cv::Rect(0, 0, 100, 200));
  const std::vector<OutlineRing> left = vectorise_outline(half);
  REQUIRE(left.size() == 1);
  for (const Vec2& v : left[0].corners) CHECK(v.x <= 100.5);
  // Another tolerance is another outline.
  CHECK(vectorise_outline(picture, 4.0).size() == 1);
}

TEST_CASE("outline: near_arc() is within the tolerance of the circle and within the sweep") {
  // A quarter circle of radius 50 about (100, 100), from (150, 100) a quarter turn towards +y.
  OutlineArc arc;
  arc.centre = {100.0, 100.0};
  arc.radius = 50.0;
  arc.from = {150.0, 100.0};
  arc.to = {100.0, 150.0};
  arc.sweep_deg = 90.0;
  const double r = 50.0 / std::sqrt(2.0);
  CHECK(near_arc(arc, {100.0 + r, 100.0 + r}, 1.0));                    // its middle
  CHECK(near_arc(arc, {100.0 + r + 1.0, 100.0 + r}, 1.0));              // 0.7 px off the circle
  CHECK_FALSE(near_arc(arc, {100.0 + r + 2.0, 100.0 + r + 2.0}, 1.0));  // 2.8 px off
  CHECK_FALSE(near_arc(arc, {100.0 - r, 100.0 - r}, 1.0));  // on the circle, outside the sweep
  arc.sweep_deg = -270.0;  // the other way round, the rest of the circle
  CHECK_FALSE(near_arc(arc, {100.0 + r, 100.0 + r}, 1.0));
  CHECK(near_arc(arc, {100.0 - r, 100.0 - r}, 1.0));
  // The arcs of rings, ring by ring.
  OutlineRing a, b;
  a.arcs = {arc};
  b.arcs = {arc, arc};
  CHECK(outline_arcs({a, OutlineRing{}, b}).size() == 3);
}
