#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "tangram/core/geometry/detail/spill.hpp"
#include "tangram/core/geometry/geometry.hpp"
#include "tangram/core/puzzle/piece_set.hpp"

using namespace tangram;

namespace {

/// Whether `p` is inside the ring, by counting crossings of a ray to the right (written here
/// apart from spill.cpp's, as the reference).
bool in_ring(Vec2 p, const Polygon& ring) {
  bool in = false;
  for (std::size_t i = 0, j = ring.size() - 1; i < ring.size(); j = i++)
    if ((ring[i].y > p.y) != (ring[j].y > p.y) &&
        p.x < (ring[j].x - ring[i].x) * (p.y - ring[i].y) / (ring[j].y - ring[i].y) + ring[i].x)
      in = !in;
  return in;
}

/// The brute-force spill: the piece's area outside the region (an outer ring less its holes)
/// counted on a grid of `step` px.
double counted_spill(const Polygon& piece, const Polygon& outer, const std::vector<Polygon>& holes,
                     double step) {
  const Box box = bounding_box(piece);
  long count = 0;
  for (double y = box.y0 + step / 2; y < box.y1; y += step)
    for (double x = box.x0 + step / 2; x < box.x1; x += step) {
      const Vec2 p{x, y};
      if (!in_ring(p, piece)) continue;
      bool in_region = in_ring(p, outer);
      for (const Polygon& hole : holes) in_region = in_region && !in_ring(p, hole);
      count += !in_region;
    }
  return double(count) * step * step;
}

double perimeter(const Polygon& polygon) {
  double sum = 0.0;
  for (std::size_t i = 0; i < polygon.size(); ++i) {
    const Vec2 d = polygon[(i + 1) % polygon.size()] - polygon[i];
    sum += std::hypot(d.x, d.y);
  }
  return sum;
}

Polygon reversed(Polygon polygon) {
  std::reverse(polygon.begin(), polygon.end());
  return polygon;
}

}  // namespace

TEST_CASE("spill: exact for convex pieces and a lower bound for any, against a brute-force count") {
  std::mt19937 random(20261125);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const PieceSet tangram = PieceSet::tangram();
  int bounded = 0, tried = 0;
  for (int trial = 0; trial < 60; ++trial) {
    // A star-shaped outer ring about (100, 100) (simple, concave corners), oriented as the
    // vertex search's outer rings (positive signed_area), and a square hole in its middle.
    Polygon outer;
    const int n = 5 + int(unit(random) * 8);
    for (int k = 0; k < n; ++k) {
      const double angle = 2 * M_PI * (k + 0.8 * unit(random)) / n;
      const double radius = 40.0 + 50.0 * unit(random);
      outer.push_back({100 + radius * std::cos(angle), 100 + radius * std::sin(angle)});
    }
    if (signed_area(outer) < 0) outer = reversed(outer);
    Polygon hole{{90, 90}, {90, 90 + 12 * unit(random)}, {110, 110}, {110, 90}};
    if (signed_area(hole) > 0) hole = reversed(hole);
    const std::vector<Polygon> rings{outer, hole};
    // A Tangram piece at a random pose about the region, side 80 px.
    const ShapeId shape = ShapeId(trial % int(tangram.shape_count()));
    const Pose pose{
        {40 + 120 * unit(random), 40 + 120 * unit(random)}, 360 * unit(random), unit(random) < 0.5};
    const Polygon piece = apply_pose(tangram.local_polygon(shape, 80.0), pose);
    CAPTURE(trial);
    const double step = 0.05;
    const double counted = counted_spill(piece, outer, {hole}, step);
    // The count is off by at most the boundary cells: the perimeters times the step.
    const double slack = step * (perimeter(piece) + perimeter(outer) + perimeter(hole)) + 1e-9;
    CHECK(std::abs(convex_spill(piece, rings) - counted) <= slack);
    const double bound = spill_lower_bound(piece, rings);
    CHECK(bound <= counted + slack);
    ++tried;
    bounded += bound > 0.0;
  }
  // The bound is not trivially 0: pieces thrown about the region stick out.
  CHECK(bounded >= tried / 4);
}

TEST_CASE("spill: a piece inside spills nothing, one outside all of its area") {
  const Polygon outer{{0, 0}, {0, 100}, {100, 100}, {100, 0}};
  const std::vector<Polygon> rings{signed_area(outer) > 0 ? outer : reversed(outer)};
  const Polygon inside{{10, 10}, {10, 30}, {30, 10}};
  const Polygon outside{{200, 10}, {200, 30}, {220, 10}};
  CHECK(convex_spill(inside, rings) == doctest::Approx(0.0));
  CHECK(spill_lower_bound(inside, rings) == 0.0);
  CHECK(convex_spill(outside, rings) == doctest::Approx(200.0));
  // Each vertex of the outside triangle is 100 px or more from the square, more than the
  // triangle's size, so each sector's radius is the distance to the opposite edge: the right
  // angle's 20 / sqrt(2), a 45-degree corner's 20; both sectors are 50 pi.
  CHECK(spill_lower_bound(outside, rings) == doctest::Approx(50.0 * M_PI));
  CHECK(spill_lower_bound(outside, rings) <= convex_spill(outside, rings));
  CHECK(inside_rings({50, 50}, rings));
  CHECK_FALSE(inside_rings({150, 50}, rings));
  CHECK(distance_to_rings({150, 50}, rings) == doctest::Approx(50.0));
}
