// thinness.hpp: the deepest cell of a set of runs is the distance transform's largest value; a
// piece's widest disc is exact for convex shapes and a bound from below otherwise; a figure
// narrower than a piece's disc refuses it.

#include <doctest/doctest.h>

#include <cmath>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "tangram/core/figure/thinness.hpp"
#include "tangram/io/piece_sets.hpp"

using namespace tangram;

namespace {

/// The oracle: cv::distanceTransform (exact L2) of the nonzero pixels, outside counted as zero.
float depth_by_distance_transform(const cv::Mat1b& mask) {
  cv::Mat1b padded;
  cv::copyMakeBorder(mask, padded, 1, 1, 1, 1, cv::BORDER_CONSTANT, 0);
  cv::Mat1f distance;
  cv::distanceTransform(padded, distance, cv::DIST_L2, cv::DIST_MASK_PRECISE);
  double most = 0.0;
  cv::minMaxLoc(distance, nullptr, &most);
  return static_cast<float>(most);
}

float depth_by_runs(const cv::Mat1b& mask) {
  std::vector<int> rows, firsts, lengths;
  for (int y = 0; y < mask.rows; ++y)
    for (int x = 0; x < mask.cols;) {
      if (mask(y, x) == 0) {
        ++x;
        continue;
      }
      const int first = x;
      while (x < mask.cols && mask(y, x) != 0) ++x;
      rows.push_back(y), firsts.push_back(first), lengths.push_back(x - first);
    }
  return deepest_cell_distance(rows, firsts, lengths);
}

ShapeId shape_named(const PieceSet& set, const std::string& name) {
  for (std::size_t s = 0; s < set.shape_count(); ++s)
    if (set.shape_name(static_cast<ShapeId>(s)) == name) return static_cast<ShapeId>(s);
  FAIL("no shape " << name);
  return 0;
}

}  // namespace

TEST_CASE("thinness: the deepest cell of runs is the distance transform's largest value") {
  // Random blobs with holes and several runs per row, and the empty mask.
  CHECK(depth_by_runs(cv::Mat1b(5, 5, uchar{0})) == 0.0f);
  std::mt19937 rng(5);
  for (int trial = 0; trial < 60; ++trial) {
    cv::Mat1b mask(40 + trial % 13, 50 + trial % 7, uchar{0});
    std::uniform_int_distribution<int> x(0, mask.cols - 1), y(0, mask.rows - 1), r(1, 12);
    for (int k = 0; k < 4; ++k) cv::circle(mask, {x(rng), y(rng)}, r(rng), cv::Scalar(255), -1);
    for (int k = 0; k < trial % 4; ++k)
      cv::circle(mask, {x(rng), y(rng)}, r(rng) / 3, cv::Scalar(0), -1);
    CAPTURE(trial);
    CHECK(depth_by_runs(mask) == depth_by_distance_transform(mask));
  }
}

TEST_CASE("thinness: a piece's widest disc") {
  const PieceSet tangram = PieceSet::tangram();
  // Convex: exact. The square's side is half the large triangle's leg.
  const double leg = std::sqrt(tangram.area(shape_named(tangram, "large-triangle")) * 2.0);
  CHECK(piece_inradius(tangram, shape_named(tangram, "large-triangle")) ==
        doctest::Approx(leg * (2.0 - std::sqrt(2.0)) / 2.0).epsilon(1e-9));
  CHECK(piece_inradius(tangram, shape_named(tangram, "square")) ==
        doctest::Approx(leg / 4.0).epsilon(1e-9));
  // Not convex: a bound from below within 1% of the shape's extent. The X pentomino's disc
  // is centred on its middle cell and touches the four inner corners.
  const PieceSet pentominoes = builtin_piece_set("pentominoes").set;
  const double x = piece_inradius(pentominoes, shape_named(pentominoes, "X"));
  CHECK(x <= std::sqrt(0.5) + 1e-9);
  CHECK(x >= std::sqrt(0.5) - 0.01 * 3.0);
}

TEST_CASE("thinness: a figure narrower than a piece's disc refuses the piece") {
  const PieceSet tangram = PieceSet::tangram();
  const double unit_px = tangram.unit_px(200.0);  // the pieces cover 200 x 200 px
  // The square of the set's area holds every piece.
  cv::Mat1b square(220, 220, uchar{0});
  square(cv::Rect(10, 10, 200, 200)).setTo(255);
  CHECK_FALSE(too_wide_piece(square, tangram, unit_px).has_value());
  // A bar 30 px wide and as large: the large triangle's disc (radius about 41 px) is too wide.
  cv::Mat1b bar(60, 1400, uchar{0});
  bar(cv::Rect(10, 15, 1334, 30)).setTo(255);
  const std::optional<TooWide> wide = too_wide_piece(bar, tangram, unit_px);
  REQUIRE(wide.has_value());
  CHECK(tangram.shape_name(wide->shape) == "large-triangle");
  CHECK(wide->figure_radius * unit_px == doctest::Approx(15.0 + 0.71).epsilon(0.01));
}

TEST_CASE("thinness: too_wide_piece stops measuring once every disc fits, with the same verdict") {
  // The oracle: the figure's full depth, then the test of every shape as too_wide_piece states
  // it (margins 1.05 and 1.5 px on the bound figure_inradius_px() gives).
  const PieceSet tangram = PieceSet::tangram();
  const double unit_px = tangram.unit_px(200.0);
  for (int width = 20; width <= 110; width += 3) {
    cv::Mat1b bar(width + 20, 900, uchar{0});
    bar(cv::Rect(10, 10, 880, width)).setTo(255);
    const double bound_px = 1.05 * (figure_inradius_px(bar) + 1.5);
    std::optional<ShapeId> expected;
    double widest = 0.0;
    for (std::size_t s = 0; s < tangram.shape_count(); ++s) {
      const double radius = piece_inradius(tangram, static_cast<ShapeId>(s));
      if (radius * unit_px > bound_px && radius > widest) {
        expected = static_cast<ShapeId>(s);
        widest = radius;
      }
    }
    const std::optional<TooWide> found = too_wide_piece(bar, tangram, unit_px);
    CAPTURE(width);
    REQUIRE(found.has_value() == expected.has_value());
    if (found) {
      CHECK(found->shape == *expected);
      CHECK(found->figure_radius * unit_px == doctest::Approx(figure_inradius_px(bar)));
    }
  }
}
