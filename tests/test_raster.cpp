#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <utility>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "tangram/core/base/parallel.hpp"
#include "tangram/core/raster/raster.hpp"

using namespace tangram;

TEST_CASE("raster: each configuration's pixel count is close to its polygon's area") {
  const double side = 200.0;
  for (ShapeId kind :
       {tangram_shapes::large_triangle, tangram_shapes::medium_triangle,
        tangram_shapes::small_triangle, tangram_shapes::square, tangram_shapes::parallelogram}) {
    for (const ConfigurationMask& c :
         rasterise_configurations(PieceSet::tangram(), kind, side, 15.0, true, 0.0)) {
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
  CHECK(mask_depth(inset) < mask_depth(full));
}

TEST_CASE("raster: rows are single runs and the anchor lies inside the piece") {
  for (const ConfigurationMask& c : rasterise_configurations(
           PieceSet::tangram(), tangram_shapes::parallelogram, 120.0, 7.0, true, 0.75)) {
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
  CHECK(default_inset_px(200, 5, PieceSet::tangram().reach()) >
        default_inset_px(200, 1, PieceSet::tangram().reach()));
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
  for (const auto& [a, b] : std::vector<std::pair<int, int>>{{0, 0},
                                                             {0, 1},
                                                             {5, 64},
                                                             {63, 65},
                                                             {0, 64},
                                                             {64, 128},
                                                             {10, 190},
                                                             {0, 200},
                                                             {199, 200}}) {
    const auto& a_ = a;  // clang 14 lambdas take no bindings
    CAPTURE(a_);
    const auto& b_ = b;  // clang 14 lambdas take no bindings
    CAPTURE(b_);
    BitGrid fast = BitGrid::from_mat(full), slow = BitGrid::from_mat(full);
    fast.clear_run(a, b, 1);
    for (int x = a; x < b; ++x) slow.set(x, 1, false);
    CHECK(cv::countNonZero(fast.to_mat() != slow.to_mat()) == 0);
    CHECK(fast.count() == 600 - (b - a));
  }
}

namespace {

/// A random simple polygon: a ring star-shaped about the origin (n >= 4 angles jittered around
/// equal steps, so no gap reaches half a turn; radii random), usually not convex; coordinates
/// off the lattice.
Polygon random_star(std::mt19937& rng, int n, double r_min, double r_max) {
  std::uniform_real_distribution<double> jitter(0.0, 0.8), radius(r_min, r_max);
  Polygon p;
  for (int k = 0; k < n; ++k) {
    const double a = 2 * M_PI * (k + jitter(rng)) / n;
    const double r = radius(rng);
    p.push_back({r * std::cos(a) + 0.123, r * std::sin(a) + 0.0456});
  }
  return p;
}

/// The obvious sampling of raster.hpp's rule, lattice point by lattice point.
cv::Mat1b brute_force_mask(const Polygon& polygon, double inset, cv::Point origin, cv::Size size) {
  cv::Mat1b out(size, uchar(0));
  for (int y = 0; y < size.height; ++y)
    for (int x = 0; x < size.width; ++x) {
      const Vec2 p{double(x - origin.x), double(y - origin.y)};
      const bool in = inset > 0.0
                          ? inside_polygon(polygon, p) && boundary_distance(polygon, p) >= inset
                          : inside_polygon(polygon, p, 1e-9);
      if (in) out(y, x) = 255;
    }
  return out;
}

/// The mask drawn in an image of `size` with the anchor at `origin`.
cv::Mat1b mask_in(const RunMask& mask, cv::Point origin, cv::Size size) {
  cv::Mat1b out(size, uchar(0));
  for (int i = 0; i < mask.runs(); ++i)
    for (int k = 0; k < mask.len[i]; ++k)
      out(origin.y + mask.dy[i], origin.x + mask.x0[i] + k) = 255;
  return out;
}

}  // namespace

TEST_CASE("raster: the general rasteriser equals point-by-point sampling on random polygons") {
  std::mt19937 rng(11);
  const cv::Point origin(40, 40);
  const cv::Size size(81, 81);
  for (int trial = 0; trial < 60; ++trial) {
    const Polygon polygon = random_star(rng, 4 + trial % 10, 8.0, 35.0);
    for (const double inset : {0.0, 0.75, 2.3}) {
      CAPTURE(trial);
      CAPTURE(inset);
      const RunMask mask = rasterise_polygon(polygon, inset);
      const cv::Mat1b want = brute_force_mask(polygon, inset, origin, size);
      CHECK(cv::countNonZero(mask_in(mask, origin, size) != want) == 0);
      CHECK(mask.pixels == cv::countNonZero(want));
      // Runs sorted by row, then column, neither touching nor empty.
      for (int i = 1; i < mask.runs(); ++i) {
        CHECK(mask.len[i] > 0);
        CHECK((mask.dy[i] > mask.dy[i - 1] ||
               (mask.dy[i] == mask.dy[i - 1] && mask.x0[i] > mask.x0[i - 1] + mask.len[i - 1])));
      }
    }
  }
}

TEST_CASE("raster: on convex polygons the general rasteriser agrees with the half-plane one") {
  std::mt19937 rng(5);
  for (const ShapeId shape :
       {tangram_shapes::large_triangle, tangram_shapes::square, tangram_shapes::parallelogram}) {
    for (int k = 0; k < 12; ++k) {
      const Polygon posed = apply_pose(PieceSet::tangram().local_polygon(shape, 97.3),
                                       Pose{{0.0, 0.0}, 7.0 + 29.0 * k, k % 2 == 1});
      for (const double inset : {0.75, 1.6}) {
        const RunMask convex = rasterise_convex(inset_convex(posed, inset));
        const RunMask general = rasterise_polygon(posed, inset);
        CHECK(general.dy == convex.dy);
        CHECK(general.x0 == convex.x0);
        CHECK(general.len == convex.len);
      }
    }
  }
}

TEST_CASE("raster: a non-convex piece has several runs in a row; cores intersect them") {
  // A U: 3 x 2 cells of 10 px with the middle top cell missing.
  const Polygon u = {{-15, -10}, {-5, -10}, {-5, 0},  {5, 0},
                     {5, -10},   {15, -10}, {15, 10}, {-15, 10}};
  const RunMask mask = rasterise_polygon(u, 0.0);
  CHECK(mask.pixels == 31 * 21 - 9 * 10);  // lattice points; the notch's open cells
  int rows_with_two = 0;
  for (int i = 1; i < mask.runs(); ++i) rows_with_two += mask.dy[i] == mask.dy[i - 1];
  CHECK(rows_with_two == 10);
  const RunMask both =
      intersect_masks(mask, rasterise_convex({{-20, -3}, {20, -3}, {20, 3}, {-20, 3}}));
  CHECK(both.pixels == 31 * 7 - 9 * 3);
  CHECK(intersect_masks(mask, mask).len == mask.len);
}

namespace {

/// The largest value of cv::distanceTransform (exact L2) over the mask, padded by a cell.
float depth_by_distance_transform(const RunMask& mask) {
  if (mask.pixels == 0) return 0.0f;
  cv::Point anchor;
  cv::Mat1b padded;
  cv::copyMakeBorder(run_mask_image(mask, anchor), padded, 1, 1, 1, 1, cv::BORDER_CONSTANT, 0);
  cv::Mat1f dist;
  cv::distanceTransform(padded, dist, cv::DIST_L2, cv::DIST_MASK_PRECISE);
  double max_value = 0.0;
  cv::minMaxLoc(dist, nullptr, &max_value);
  return static_cast<float>(max_value);
}

/// The exact distance transform's value at the mask's cell `cell` (offsets from the anchor).
float cell_depth(const RunMask& mask, cv::Point cell) {
  cv::Point anchor;
  cv::Mat1b padded;
  cv::copyMakeBorder(run_mask_image(mask, anchor), padded, 1, 1, 1, 1, cv::BORDER_CONSTANT, 0);
  cv::Mat1f dist;
  cv::distanceTransform(padded, dist, cv::DIST_L2, cv::DIST_MASK_PRECISE);
  const cv::Point at = cell + anchor + cv::Point{1, 1};
  if (!cv::Rect(0, 0, dist.cols, dist.rows).contains(at)) return -1.0f;
  return dist(at);
}

}  // namespace

TEST_CASE("raster: a mask's depth is the largest value of its exact distance transform") {
  // Every tangram configuration at 1-degree steps, as the search uses them, and smaller ones.
  struct Scale {
    double side, step, inset;
  };
  for (const Scale& scale : {Scale{215.0, 1.0, 1.3}, Scale{61.0, 3.0, 0.0}, Scale{9.5, 5.0, 0.75}})
    for (const ShapeId shape :
         {tangram_shapes::large_triangle, tangram_shapes::medium_triangle,
          tangram_shapes::small_triangle, tangram_shapes::square, tangram_shapes::parallelogram})
      for (const ConfigurationMask& c : rasterise_configurations(
               PieceSet::tangram(), shape, scale.side, scale.step, true, scale.inset)) {
        CAPTURE(scale.side);
        CAPTURE(c.config.angle_deg);
        CHECK(mask_depth(c.mask) == depth_by_distance_transform(c.mask));
      }
  // Non-convex masks, with several runs in a row.
  std::mt19937 rng(23);
  for (int trial = 0; trial < 80; ++trial) {
    const Polygon polygon = random_star(rng, 4 + trial % 10, 6.0, 30.0 + trial % 7);
    for (const double inset : {0.0, 0.75, 2.3}) {
      const RunMask mask = rasterise_polygon(polygon, inset);
      CAPTURE(trial);
      const float exact = depth_by_distance_transform(mask);
      CHECK(mask_depth(mask) == exact);
      // With `enough`: exact below it, at least it otherwise; the same with a guess `near`
      // anywhere (a deep cell, a shallow one, one outside the mask, one far away).
      cv::Point deepest{-1000, -1000};
      CHECK(mask_depth(mask, std::numeric_limits<float>::infinity(), nullptr, &deepest) == exact);
      const cv::Rect box = mask.bounds();
      for (const cv::Point near :
           {deepest, cv::Point{box.x, box.y}, cv::Point{box.x - 3, 0}, cv::Point{500, -500}}) {
        CAPTURE(near);
        cv::Point found_at{-1000, -1000};
        CHECK(mask_depth(mask, std::numeric_limits<float>::infinity(), &near, &found_at) == exact);
        CHECK(cell_depth(mask, found_at) == exact);
        for (const float enough : {exact - 1.0f, exact, exact + 0.5f}) {
          CAPTURE(enough);
          const float found = mask_depth(mask, enough, &near, &found_at);
          if (exact < enough)
            CHECK(found == exact);
          else
            CHECK((found >= enough && found <= exact));
          CHECK(cell_depth(mask, found_at) == found);
        }
      }
    }
  }
}

TEST_CASE("raster: each group's core is its members' masks intersected in order, any threads") {
  // Cores are computed per group in parallel: the same masks with 1 and 2 threads.
  for (const int threads : {1, 2}) {
    CAPTURE(threads);
    const ThreadLimit limit(threads);
    const std::vector<ConfigurationMask> configs = rasterise_configurations(
        PieceSet::tangram(), tangram_shapes::parallelogram, 200.0, 1.0, true, 0.5);
    const ConfigurationGroups groups = group_configurations(configs, 8.0);
    REQUIRE(groups.cores.size() == groups.members.size());
    CHECK(groups.members.size() > 1);
    for (std::size_t g = 0; g < groups.members.size(); ++g) {
      const std::vector<int>& members = groups.members[g];
      RunMask core = configs[static_cast<std::size_t>(members.front())].mask;
      for (std::size_t m = 1; m < members.size(); ++m)
        core = intersect_masks(core, configs[static_cast<std::size_t>(members[m])].mask);
      CHECK(groups.cores[g].dy == core.dy);
      CHECK(groups.cores[g].x0 == core.x0);
      CHECK(groups.cores[g].len == core.len);
      CHECK(groups.cores[g].pixels == core.pixels);
    }
  }
}
