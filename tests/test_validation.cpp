#include <doctest/doctest.h>

#include <algorithm>

#include <opencv2/imgproc.hpp>

#include "tangram/core/raster/detail/validation.hpp"
#include "tangram/core/raster/layout.hpp"

using namespace tangram;

TEST_CASE("validation: rule 1 compares the largest empty region with the next piece's pixels") {
  cv::Mat1b empty(40, 60, uchar(0));
  empty(cv::Rect(2, 2, 10, 10)).setTo(255);   // 100 px
  empty(cv::Rect(20, 2, 30, 30)).setTo(255);  // 900 px
  const LayoutState state = make_layout_state(empty);
  REQUIRE(state.region_px.size() == 2);
  CHECK(state.largest_region_px() == 900);
  CHECK(region_rule_holds(state, PieceNeeds{900, 1.0f}));
  CHECK_FALSE(region_rule_holds(state, PieceNeeds{901, 1.0f}));
}

TEST_CASE("validation: rule 2 compares the deepest empty pixel with the piece's depth") {
  cv::Mat1b empty(40, 300, uchar(0));
  empty(cv::Rect(0, 10, 300, 6)).setTo(255);  // a long thin corridor: many pixels, little depth
  const LayoutState state = make_layout_state(empty);
  const auto square = rasterise_configurations(PieceSet::tangram(), tangram_shapes::square, 100.0,
                                               90.0, false, 0.0);
  const PieceNeeds needs = piece_needs(square);
  CHECK(needs.pixels < state.largest_region_px());  // rule 1 would let it through
  CHECK(region_rule_holds(state, needs));
  CHECK_FALSE(depth_rule_holds(state, needs));
  CHECK_FALSE(paper_rules_hold(state, needs));
}

TEST_CASE(
    "validation: a piece's needs are the least pixels and the least exact depth of its "
    "configurations") {
  // piece_needs() stops each depth but the least at the first cell as deep: the oracle
  // measures every configuration's depth whole.
  for (const ShapeId shape :
       {tangram_shapes::large_triangle, tangram_shapes::medium_triangle,
        tangram_shapes::small_triangle, tangram_shapes::square, tangram_shapes::parallelogram}) {
    CAPTURE(shape);
    const auto configs =
        rasterise_configurations(PieceSet::tangram(), shape, 215.0, 1.0, true, 1.3);
    REQUIRE_FALSE(configs.empty());
    long pixels = configs.front().mask.pixels;
    float depth = mask_depth(configs.front().mask);
    for (const ConfigurationMask& c : configs) {
      pixels = std::min(pixels, c.mask.pixels);
      depth = std::min(depth, mask_depth(c.mask));
    }
    const PieceNeeds needs = piece_needs(configs);
    CHECK(needs.pixels == pixels);
    CHECK(needs.depth == depth);
  }
}

TEST_CASE("validation: the forward check sees that a piece has no place left") {
  cv::Mat1b empty(60, 60, uchar(0));
  empty(cv::Rect(5, 5, 20, 20)).setTo(255);
  LayoutState state = make_layout_state(empty);
  const PieceMasks small =
      rasterise_piece(PieceSet::tangram(), tangram_shapes::square, 40.0, 45.0, false, 0.0);
  const PieceMasks large =
      rasterise_piece(PieceSet::tangram(), tangram_shapes::large_triangle, 120.0, 1.0, false, 0.0);
  state.ensure_runs(200);
  CHECK(every_piece_fits(state, {&small}));
  CHECK_FALSE(every_piece_fits(state, {&small, &large}));
}

TEST_CASE("layout: placing a mask turns exactly its cells into obstacles") {
  cv::Mat1b empty(30, 30, uchar(255));
  const RunMask mask = rasterise_convex({{-3, -3}, {3, -3}, {3, 3}, {-3, 3}});
  const cv::Mat1b after = place_mask(empty, mask, {10, 12});
  CHECK(cv::countNonZero(after) == 900 - 49);
  CHECK(after(12, 10) == 0);
  CHECK(after(12, 14) == 255);
}
