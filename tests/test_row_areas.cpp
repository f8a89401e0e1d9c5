#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "tangram/core/geometry/geometry.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/core/refine/detail/row_areas.hpp"

using namespace tangram;

namespace {

// A random figure: a disc with a notch, speckled with pinholes (many runs per row).
cv::Mat1b speckled(unsigned seed, double holes) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  cv::Mat1b m(90, 110, uchar{0});
  for (int y = 0; y < m.rows; ++y)
    for (int x = 0; x < m.cols; ++x) {
      const double dx = x - 55.0, dy = y - 45.0;
      const bool in = dx * dx + dy * dy < 40.0 * 40.0 && !(x > 60 && y > 40 && y < 50);
      m(y, x) = in && u(rng) >= holes ? 255 : 0;
    }
  return m;
}

// A random convex polygon: the hull of points on a circle, some edges vertical or horizontal.
Polygon random_convex(std::mt19937& rng) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const Vec2 c{10.0 + 90.0 * u(rng), 5.0 + 80.0 * u(rng)};
  const double r = 1.0 + 35.0 * u(rng);
  const int n = 3 + static_cast<int>(5.0 * u(rng));
  Polygon p;
  for (int k = 0; k < n; ++k) {
    const double a = 6.283185307179586 * (k + 0.8 * u(rng)) / n;
    p.push_back({c.x + r * std::cos(a), c.y + r * std::sin(a)});
  }
  if (u(rng) < 0.3) {  // an axis-aligned box, vertices on pixel lines
    const double x0 = std::floor(c.x), y0 = std::floor(c.y), s = std::ceil(r);
    p = {{x0, y0}, {x0 + s, y0}, {x0 + s, y0 + s}, {x0, y0 + s}};
  }
  return p;
}

}  // namespace

TEST_CASE("row areas: the area inside the figure is PuzzleRuns's, with and without pinholes") {
  for (const double holes : {0.0, 0.05, 0.5}) {
    for (unsigned seed = 1; seed <= 4; ++seed) {
      const cv::Mat1b figure = speckled(seed, holes);
      const detail::PuzzleRuns slow(figure);
      const detail::RowAreas fast(figure);
      std::mt19937 rng(seed * 101);
      for (int trial = 0; trial < 200; ++trial) {
        const Polygon p = random_convex(rng);
        CAPTURE(holes);
        CAPTURE(seed);
        CAPTURE(trial);
        CHECK(fast.area_inside(p) == doctest::Approx(slow.area_inside(p)).epsilon(1e-9).scale(1.0));
      }
    }
  }
}

TEST_CASE("row areas: piece and pair terms are detail::piece_terms and pair_terms") {
  const cv::Mat1b figure = speckled(7, 0.1);
  const detail::PuzzleRuns slow(figure);
  const detail::RowAreas fast(figure);
  std::mt19937 rng(77);
  for (int trial = 0; trial < 100; ++trial) {
    const Polygon a = random_convex(rng), b = random_convex(rng);
    const detail::AreaTerms s = detail::piece_terms(slow, a), f = fast.piece_terms(a);
    CHECK(f.piece == doctest::Approx(s.piece));
    CHECK(f.inside == doctest::Approx(s.inside).scale(1.0));
    const detail::AreaTerms sp = detail::pair_terms(slow, a, b), fp = fast.pair_terms(a, b);
    CHECK(fp.overlap == doctest::Approx(sp.overlap).scale(1.0));
    CHECK(fp.overlap_inside == doctest::Approx(sp.overlap_inside).scale(1.0));
  }
  // Outside the image, and degenerate polygons.
  CHECK(fast.area_inside({{-50, -50}, {-10, -50}, {-10, -10}}) == 0.0);
  CHECK(fast.area_inside({{1, 1}, {5, 5}}) == 0.0);
}
