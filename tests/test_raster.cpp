#include <doctest/doctest.h>

#include <cmath>
#include <utility>
#include <vector>

#include "tangram/core/raster.hpp"

using namespace tangram;

TEST_CASE("raster: each configuration's pixel count is close to its polygon's area") {
  const double side = 200.0;
  for (ShapeId kind : {tangram_shapes::large_triangle, tangram_shapes::medium_triangle,
                         tangram_shapes::small_triangle, tangram_shapes::square, tangram_shapes::parallelogram}) {
    for (const ConfigurationMask& c : rasterise_configurations(PieceSet::tangram(), kind, side, 15.0, true, 0.0)) {
      const double a = area(c.local_polygon);
      // Lattice-point counts differ from the area by about half the perimeter at most.
      double perimeter = 0.0;
      for (std::size_t i = 0; i < c.local_polygon.size(); ++i) {
        const Vec2 d = c.local_polygon[(i + 1) % c.local_polygon.size()] - c.local_polygon[i];
        perimeter += std::hypot(d.x, d.y);
      }
      CHECK(std::abs(c.mask.pixels - a) <= 0.5 * perimeter + 4);
      CHECK(std::abs(c.mask.pixels - a) / a < 0.05);
    }
  }
}

TEST_CASE("raster: an inset of d shrinks a square's mask by about 4 d side") {
  const Polygon square = {{-20, -20}, {20, -20}, {20, 20}, {-20, 20}};
  const RunMask full = rasterise_convex(square);
  const RunMask inset = rasterise_convex(inset_convex(square, 2.0));
  CHECK(full.pixels == 41 * 41);  // lattice points -20..20 inclusive
  CHECK(inset.pixels == 37 * 37);
  CHECK(inset.max_depth < full.max_depth);
}

TEST_CASE("raster: rows are single runs and the anchor lies inside the piece") {
  for (const ConfigurationMask& c :
       rasterise_configurations(PieceSet::tangram(), tangram_shapes::parallelogram, 120.0, 7.0, true, 0.75)) {
    cv::Point anchor;
    const cv::Mat1b image = run_mask_image(c.mask, anchor);
    CHECK(image(anchor) == 255);
    CHECK(cv::countNonZero(image) == c.mask.pixels);
    for (int y = 0; y < image.rows; ++y) {
      int transitions = 0;
      for (int x = 1; x < image.cols; ++x) transitions += image(y, x) != image(y, x - 1);
      CHECK(transitions <= 2);
    }
  }
}

TEST_CASE("raster: the default inset grows with the rotation step's angular error") {
  CHECK(default_inset_px(200, 45, PieceSet::tangram().reach()) == doctest::Approx(0.75));
  CHECK(default_inset_px(200, 1, PieceSet::tangram().reach()) > 0.75);
  CHECK(default_inset_px(200, 1, PieceSet::tangram().reach()) < 1.5);
  CHECK(default_inset_px(200, 5, PieceSet::tangram().reach()) > default_inset_px(200, 1, PieceSet::tangram().reach()));
}

TEST_CASE("raster: BitGrid round-trips an image and finds its bounding box") {
  cv::Mat1b image(37, 130, uchar(0));
  image(3, 5) = 255;
  image(30, 127) = 255;
  image(12, 64) = 255;
  const BitGrid grid = BitGrid::from_mat(image);
  CHECK(grid.count() == 3);
  CHECK(cv::countNonZero(grid.to_mat() != image) == 0);
  CHECK(grid.bounding_box() == cv::Rect(5, 3, 123, 28));
  CHECK(BitGrid(4, 4).bounding_box().empty());
}

TEST_CASE("raster: BitGrid clears runs as clearing bit by bit does") {
  const cv::Mat1b full(3, 200, uchar(255));
  for (const auto& [a, b] : std::vector<std::pair<int, int>>{
           {0, 0}, {0, 1}, {5, 64}, {63, 65}, {0, 64}, {64, 128}, {10, 190}, {0, 200}, {199, 200}}) {
    CAPTURE(a);
    CAPTURE(b);
    BitGrid fast = BitGrid::from_mat(full), slow = BitGrid::from_mat(full);
    fast.clear_run(a, b, 1);
    for (int x = a; x < b; ++x) slow.set(x, 1, false);
    CHECK(cv::countNonZero(fast.to_mat() != slow.to_mat()) == 0);
    CHECK(fast.count() == 600 - (b - a));
  }
}
