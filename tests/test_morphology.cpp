#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>

#include <opencv2/imgproc.hpp>

#include "tangram/core/raster/morphology.hpp"

using namespace tangram;

namespace {

// Slow, obvious oracle: anchor p is free when every mask cell lands on an empty pixel inside
// the image.
cv::Mat1b brute_force_free_area(const cv::Mat1b& empty, const RunMask& mask) {
  cv::Mat1b out(empty.size(), uchar(0));
  for (int y = 0; y < empty.rows; ++y)
    for (int x = 0; x < empty.cols; ++x) {
      bool ok = true;
      for (int i = 0; i < mask.runs() && ok; ++i)
        for (int k = 0; k < mask.len[i] && ok; ++k) {
          const int xx = x + mask.x0[i] + k, yy = y + mask.dy[i];
          ok = xx >= 0 && yy >= 0 && xx < empty.cols && yy < empty.rows && empty(yy, xx);
        }
      if (ok) out(y, x) = 255;
    }
  return out;
}

// Random empty region: a big blob with random holes, so that free areas are neither empty nor
// everything.
cv::Mat1b random_empty(std::mt19937& rng, int rows, int cols) {
  cv::Mat1b empty(rows, cols, uchar(0));
  std::uniform_int_distribution<int> ux(0, cols - 1), uy(0, rows - 1), ur(2, 8);
  cv::rectangle(empty, cv::Rect(3, 2, cols - 8, rows - 5), 255, cv::FILLED);
  for (int i = 0; i < 6; ++i) cv::circle(empty, {ux(rng), uy(rng)}, ur(rng), 0, cv::FILLED);
  return empty;
}

}  // namespace

TEST_CASE(
    "collision-free area: the run-table erosion equals a brute-force overlap check for "
    "every piece, mirrored too") {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 3; ++trial) {
    // Widths on both sides of the 64-bit word boundaries.
    const int cols = trial == 0 ? 70 : (trial == 1 ? 129 : 96);
    const cv::Mat1b empty = random_empty(rng, 61, cols);
    const BitGrid bits = BitGrid::from_mat(empty);
    for (ShapeId kind :
         {tangram_shapes::large_triangle, tangram_shapes::medium_triangle,
          tangram_shapes::small_triangle, tangram_shapes::square, tangram_shapes::parallelogram}) {
      const auto configs =
          rasterise_configurations(PieceSet::tangram(), kind, 64.0, 37.0, true, 0.75);
      int max_run = 1;
      for (const auto& c : configs) max_run = std::max(max_run, c.mask.max_run());
      const RunTable table(bits, max_run);
      for (const auto& c : configs) {
        CAPTURE(PieceSet::tangram().shape_name(kind));
        CAPTURE(c.config.angle_deg);
        CAPTURE(c.config.reflected);
        BitGrid fast;
        collision_free_area(table, c.mask, fast);
        const cv::Mat1b oracle = brute_force_free_area(empty, c.mask);
        CHECK(cv::countNonZero(fast.to_mat() != oracle) == 0);
        CHECK(has_collision_free_position(table, c.mask) == (cv::countNonZero(oracle) > 0));
        const cv::Mat1b obstacles = empty == 0;
        CHECK(cv::countNonZero(collision_free_area_reference(obstacles, c.mask) != oracle) == 0);
      }
    }
  }
}

TEST_CASE("collision-free area: the parallelogram is not point-symmetric") {
  // An L-shaped room where only one chirality of a lying parallelogram fits its corner.
  const auto configs = rasterise_configurations(PieceSet::tangram(), tangram_shapes::parallelogram,
                                                80.0, 45.0, true, 0.0);
  const ConfigurationMask& plain = configs[0];
  const ConfigurationMask& mirrored = configs[4];
  REQUIRE(mirrored.config.reflected);
  REQUIRE(plain.config.angle_deg == 0.0);
  // Empty region = exactly the plain piece's cells.
  cv::Point anchor;
  cv::Mat1b empty;
  cv::copyMakeBorder(run_mask_image(plain.mask, anchor), empty, 2, 2, 2, 2, cv::BORDER_CONSTANT, 0);
  const BitGrid bits = BitGrid::from_mat(empty);
  const RunTable table(bits, 100);
  BitGrid area;
  collision_free_area(table, plain.mask, area);
  CHECK(area.count() == 1);
  CHECK(area.get(anchor.x + 2, anchor.y + 2));
  CHECK_FALSE(has_collision_free_position(table, mirrored.mask));
}

TEST_CASE("skeleton: a thick bar thins to a line whose endpoints are near the bar's ends") {
  cv::Mat1b bar(20, 60, uchar(0));
  cv::rectangle(bar, cv::Rect(5, 7, 50, 7), 255, cv::FILLED);
  const cv::Mat1b skel = skeleton(bar);
  CHECK(cv::countNonZero(skel) > 30);
  CHECK(cv::countNonZero(skel & ~bar) == 0);
  const auto ends = skeleton_endpoints(skel);
  REQUIRE(ends.size() == 2);
  CHECK(ends[0].x <= 10);
  CHECK(ends[1].x >= 49);
}

TEST_CASE("skeleton: a 2x2 block and a single pixel each keep one point, an endpoint") {
  cv::Mat1b img(10, 10, uchar(0));
  img(cv::Rect(2, 2, 2, 2)).setTo(255);
  img(7, 7) = 255;
  const cv::Mat1b skel = skeleton(img);
  const auto ends = skeleton_endpoints(skel);
  CHECK(ends.size() == 2);
  CHECK(cv::countNonZero(skel) == 2);
}

TEST_CASE("skeleton: a plus sign has four endpoints") {
  cv::Mat1b img(41, 41, uchar(0));
  img(cv::Rect(18, 2, 5, 37)).setTo(255);
  img(cv::Rect(2, 18, 37, 5)).setTo(255);
  const auto ends = skeleton_endpoints(skeleton(img));
  CHECK(ends.size() == 4);
}

TEST_CASE("distance to obstacles: the image border counts as an obstacle") {
  const cv::Mat1b all(9, 9, uchar(255));
  const cv::Mat1f d = distance_to_obstacles(all);
  CHECK(d(0, 0) == doctest::Approx(1.0));
  CHECK(d(4, 4) == doctest::Approx(5.0));
}

TEST_CASE("collision-free area: group cores never rule out a configuration that fits") {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 4; ++trial) {
    const cv::Mat1b empty = random_empty(rng, 90, 100);
    const RunTable table(BitGrid::from_mat(empty), 120);
    for (ShapeId kind :
         {tangram_shapes::large_triangle, tangram_shapes::parallelogram, tangram_shapes::square}) {
      const PieceMasks piece = rasterise_piece(PieceSet::tangram(), kind, 90.0, 1.0, true, 0.75);
      const std::vector<char> possible = possible_configurations(table, piece);
      bool any = false;
      for (std::size_t i = 0; i < piece.configs.size(); ++i) {
        const bool fits = has_collision_free_position(table, piece.configs[i].mask);
        any = any || fits;
        if (fits) CHECK(possible[i]);
      }
      CHECK(any_configuration_fits(table, piece) == any);
      // Ended: nothing shown not to fit; not yet ended: the same answer.
      CHECK(any_configuration_fits(table, piece, [] { return true; }));
      CHECK(any_configuration_fits(table, piece, [] { return false; }) == any);
      // Only the wanted configurations are flagged, each as without the filter.
      std::vector<char> wanted(piece.configs.size(), 0);
      for (std::size_t i = 0; i < wanted.size(); i += 3) wanted[i] = 1;
      const std::vector<char> filtered = possible_configurations(table, piece, &wanted);
      for (std::size_t i = 0; i < piece.configs.size(); ++i)
        CHECK(filtered[i] == (wanted[i] ? possible[i] : 0));
    }
  }
  // Too small for the piece: it fits nowhere, unless the caller has run out of time.
  const RunTable small(BitGrid::from_mat(cv::Mat1b(6, 6, uchar{255})), 120);
  const PieceMasks piece =
      rasterise_piece(PieceSet::tangram(), tangram_shapes::square, 90.0, 1.0, true, 0.75);
  CHECK_FALSE(any_configuration_fits(small, piece));
  CHECK_FALSE(any_configuration_fits(small, piece, [] { return false; }));
  CHECK(any_configuration_fits(small, piece, [] { return true; }));
}

TEST_CASE("raster: a group's core lies inside every member") {
  const PieceMasks piece = rasterise_piece(PieceSet::tangram(), tangram_shapes::medium_triangle,
                                           150.0, 1.0, false, 0.75);
  CHECK(piece.groups.cores.size() == 45);  // 360 rotations, 8 per group
  for (std::size_t g = 0; g < piece.groups.cores.size(); ++g) {
    CHECK(piece.groups.cores[g].pixels > 0);
    for (int i : piece.groups.members[g])
      CHECK(intersect_masks(piece.groups.cores[g], piece.configs[static_cast<std::size_t>(i)].mask)
                .pixels == piece.groups.cores[g].pixels);
  }
}

TEST_CASE("collision-free area: the erosion equals the brute-force check for non-convex masks") {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> angle(0.0, 2 * M_PI), radius(3.0, 16.0);
  for (int trial = 0; trial < 12; ++trial) {
    const int cols = trial % 2 == 0 ? 70 : 129;
    const cv::Mat1b empty = random_empty(rng, 61, cols);
    const BitGrid bits = BitGrid::from_mat(empty);
    // A star-shaped ring: simple, usually with several runs in some rows.
    const int n = 5 + trial;
    Polygon star;
    for (int k = 0; k < n; ++k) {
      const double a = 2 * M_PI * (k + 0.8 * angle(rng) / (2 * M_PI)) / n;
      const double r = radius(rng);
      star.push_back({r * std::cos(a) + 0.3, r * std::sin(a) + 0.2});
    }
    const RunMask mask = rasterise_polygon(star, 0.75);
    CAPTURE(trial);
    const RunTable table(bits, std::max(1, mask.max_run()));
    BitGrid fast;
    collision_free_area(table, mask, fast);
    const cv::Mat1b oracle = brute_force_free_area(empty, mask);
    CHECK(cv::countNonZero(fast.to_mat() != oracle) == 0);
    CHECK(has_collision_free_position(table, mask) == (cv::countNonZero(oracle) > 0));
    CHECK(cv::countNonZero(collision_free_area_reference(empty == 0, mask) != oracle) == 0);
  }
}

TEST_CASE("run table: row(L, y) marks exactly the starts of L empty cells in a row") {
  // The oracle: each start and length checked cell by cell, on rows of 1 to 3 words.
  std::mt19937 random(19);
  for (const double density : {0.3, 0.8, 0.97, 1.0})
    for (const int cols : {5, 64, 100, 150}) {
      cv::Mat1b image(12, cols, uchar(0));
      std::bernoulli_distribution on(density);
      for (int y = 0; y < image.rows; ++y)
        for (int x = 0; x < cols; ++x) image(y, x) = on(random) ? 255 : 0;
      const BitGrid bits = BitGrid::from_mat(image);
      const int max_len = std::min(cols, 90);
      const RunTable table(bits, max_len);
      CAPTURE(density);
      CAPTURE(cols);
      for (int y = 0; y < image.rows; ++y) {
        int longest = 0;
        for (int length = 1; length <= max_len; ++length) {
          const std::uint64_t* row = table.row(length, y);
          bool any = false;
          for (int x = 0; x < cols; ++x) {
            bool starts = x + length <= cols;
            for (int k = 0; starts && k < length; ++k) starts = image(y, x + k) != 0;
            const bool marked = ((row[x >> 6] >> (x & 63)) & 1u) != 0;
            REQUIRE(marked == starts);
            any = any || starts;
          }
          for (int x = cols; x < 64 * table.words_per_row(); ++x) {
            const bool past = ((row[x >> 6] >> (x & 63)) & 1u) != 0;
            REQUIRE_FALSE(past);  // nothing past the last column
          }
          if (any) longest = length;
        }
        CHECK(table.longest(y) == longest);
      }
    }
}
