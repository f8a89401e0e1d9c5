// The vectorised outline (outline.hpp): corners found to a fraction of a pixel on figures
// rasterised by the checker's rule (a pixel is in when its centre is), holes with their parents,
// the rings' orientation.

#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "tangram/core/outline.hpp"

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
              c.x < ring[j].x + (c.y - ring[j].y) * (ring[i].x - ring[j].x) / (ring[i].y - ring[j].y))
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
    CHECK(std::abs(area(rings[0].corners) - area(square)) < (grid_like ? 0.005 : 0.001) * area(square));
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
  const std::vector<OutlineRing> rings = vectorise_outline(centre_raster({outer, hole, second}, 240));
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
