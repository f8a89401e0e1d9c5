// The straightened outline (issue 31, item 4): a rough outline's long straight runs as a clean
// polygon, and nothing for a clean figure.

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "tangram/core/figure/straighten.hpp"
#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/roughness.hpp"
#include "tangram/io/pattern_png.hpp"

using namespace tangram;

namespace {

/// A square of side 170 px with its corners at (20, 20) and (190, 190) (pixel frame), its
/// outline drawn through points every 12 px each moved by up to +-`k` px in x and y (as
/// experiments/rough/make_rough.py does), from a fixed seed.
Pattern jittered_square(int k) {
  std::mt19937 random(7);
  const auto jitter = [&] {
    return static_cast<int>(random() % static_cast<std::uint32_t>(2 * k + 1)) - k;
  };
  std::vector<cv::Point> outline;
  // Corners at pixel centres 20 and 189: the pixels 20..189 filled.
  const cv::Point corners[] = {{20, 20}, {189, 20}, {189, 189}, {20, 189}};
  for (int side = 0; side < 4; ++side) {
    const cv::Point from = corners[side], to = corners[(side + 1) % 4];
    for (int t = 0; t < 169; t += 12) {
      const cv::Point p = from + (to - from) * t / 169;
      outline.emplace_back(p.x + jitter(), p.y + jitter());
    }
  }
  cv::Mat1b mask(210, 210, static_cast<unsigned char>(0));
  cv::fillPoly(mask, std::vector<std::vector<cv::Point>>{outline}, cv::Scalar(255));
  return make_pattern(mask);
}

double distance(Vec2 a, Vec2 b) { return std::hypot(a.x - b.x, a.y - b.y); }

}  // namespace

TEST_CASE("straightened outline: a square jittered by +-3 px comes back a square") {
  const Pattern pattern = jittered_square(3);
  const double noise = outline_noise_px(pattern.puzzle);
  REQUIRE(noise >= kNoisyOutlinePx);
  const std::optional<StraightenedOutline> straight = straightened_outline(pattern, noise, 45.0);
  REQUIRE(straight);
  REQUIRE(straight->rings.size() == 1);
  const Polygon& ring = straight->rings.front();
  REQUIRE(ring.size() == 4);
  for (const Vec2 truth : {Vec2{20, 20}, Vec2{190, 20}, Vec2{190, 190}, Vec2{20, 190}}) {
    double nearest = 1e9;
    for (const Vec2 corner : ring) nearest = std::min(nearest, distance(corner, truth));
    CAPTURE(truth.x);
    CAPTURE(truth.y);
    CHECK(nearest <= 2.0);
  }
  // Turned to the grid: the edges are upright.
  for (std::size_t i = 0; i < 4; ++i) {
    const Vec2 d = ring[(i + 1) % 4] - ring[i];
    CHECK(std::min(std::abs(d.x), std::abs(d.y)) < 1e-6);
  }
  // The figure's area, and as drawn within a band of the noise along the outline.
  CHECK(std::abs(cv::countNonZero(straight->puzzle) - pattern.area_px) < 0.005 * pattern.area_px);
}

TEST_CASE("straightened outline: nothing for a clean figure") {
  const std::string masks = std::string(TANGRAM_SOURCE_DIR) + "/masks/";
  for (const char* name : {"01-square", "02-page9-11", "09-page6-97"}) {
    CAPTURE(name);
    const Pattern pattern = load_pattern(masks + name + ".png");
    // Even told the outline is noisy: the straight figure is the drawn one.
    CHECK_FALSE(straightened_outline(pattern, 1.0, 45.0));
    CHECK_FALSE(straightened_outline(pattern, 1.0, 0.0));
  }
}
