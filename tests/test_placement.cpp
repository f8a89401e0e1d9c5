#include <doctest/doctest.h>

#include "tangram/core/raster/placement.hpp"

using namespace tangram;

namespace {
// Pixel of a matrix where the value is smallest / largest.
cv::Point arg(const cv::Mat1f& m, bool largest) {
  double lo, hi;
  cv::Point plo, phi;
  cv::minMaxLoc(m, &lo, &hi, &plo, &phi);
  return largest ? phi : plo;
}
}  // namespace

TEST_CASE("placement: sweep matrices start and end where their paths do") {
  const int rows = 30, cols = 40;
  const cv::Point bottom_left(0, rows - 1), bottom_right(cols - 1, rows - 1);
  const cv::Point top_left(0, 0), top_right(cols - 1, 0);
  struct Expect {
    Strategy s;
    cv::Point first, last;
  };
  const Expect cases[] = {
      {Strategy::BottomLeft, bottom_left, top_right},
      {Strategy::LeftBottom, bottom_left, top_right},
      {Strategy::HorizontalZigZag, bottom_left, top_left},    // 30 rows: even count ends left
      {Strategy::VerticalZigZag, bottom_left, bottom_right},  // 40 columns: the last runs down
      {Strategy::Spiral, bottom_left, cv::Point(-1, -1)},
      {Strategy::InverseSpiral, cv::Point(-1, -1), bottom_left},
  };
  for (const Expect& e : cases) {
    CAPTURE(strategy_label(e.s));
    const cv::Mat1f m = sweep_cost_matrix(e.s, rows, cols);
    double lo, hi;
    cv::minMaxLoc(m, &lo, &hi);
    CHECK(lo == doctest::Approx(0.0));
    CHECK(hi == doctest::Approx(1.0));
    if (e.first.x >= 0) CHECK(arg(m, false) == e.first);
    if (e.last.x >= 0) CHECK(arg(m, true) == e.last);
  }
}

TEST_CASE("placement: BL prefers low rows first, LB prefers left columns first") {
  const cv::Mat1f bl = sweep_cost_matrix(Strategy::BottomLeft, 10, 10);
  const cv::Mat1f lb = sweep_cost_matrix(Strategy::LeftBottom, 10, 10);
  // Bottom-right vs top-left.
  CHECK(bl(9, 9) < bl(0, 0));
  CHECK(lb(9, 9) > lb(0, 0));
  // Zig-zags turn around at the end of a row/column.
  const cv::Mat1f hzz = sweep_cost_matrix(Strategy::HorizontalZigZag, 10, 10);
  CHECK(hzz(8, 9) < hzz(8, 0));  // second row from the bottom runs right to left
  const cv::Mat1f vzz = sweep_cost_matrix(Strategy::VerticalZigZag, 10, 10);
  CHECK(vzz(0, 1) < vzz(9, 1));  // second column runs top to bottom
}

TEST_CASE("placement: the spiral runs from the border inward and its inverse from the centre") {
  const cv::Mat1f s = sweep_cost_matrix(Strategy::Spiral, 21, 21);
  const cv::Mat1f si = sweep_cost_matrix(Strategy::InverseSpiral, 21, 21);
  CHECK(arg(s, true) == cv::Point(10, 10));
  CHECK(arg(si, false) == cv::Point(10, 10));
  CHECK(s(20, 20) < s(0, 20));  // along the bottom row before going up the right column
  CHECK(s(0, 20) < s(0, 0));
  CHECK(cv::norm(s + si - 1.0, cv::NORM_INF) < 1e-6);
}

TEST_CASE("placement: strategy names round trip") {
  for (Strategy s : all_strategies()) {
    CHECK(strategy_from_name(strategy_name(s)) == s);
    CHECK(strategy_from_name(strategy_label(s)) == s);
  }
  CHECK_FALSE(strategy_from_name("nope").has_value());
  CHECK(all_strategies().size() == 7);
}

TEST_CASE("placement: DT cost sums the normalised distance over the piece's cells") {
  cv::Mat1b empty(20, 20, uchar(255));
  const cv::Mat1f dt = normalised_distance_transform(empty);
  double hi;
  cv::minMaxLoc(dt, nullptr, &hi);
  CHECK(hi == doctest::Approx(1.0));
  const PlacementCost cost = PlacementCost::distance_transform(dt);
  RunMask mask = rasterise_convex({{-2, -1}, {2, -1}, {2, 1}, {-2, 1}});
  double expected = 0.0;
  const cv::Point at(5, 6);
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -2; dx <= 2; ++dx) expected += dt(at.y + dy, at.x + dx);
  CHECK(cost(mask, at) == doctest::Approx(expected));
  // Next to the wall is cheaper than in the middle.
  CHECK(cost(mask, {2, 1}) < cost(mask, {10, 10}));
}

TEST_CASE("placement: a sweep cost is the matrix value at the anchor times the pixel count") {
  const cv::Mat1f bl = sweep_cost_matrix(Strategy::BottomLeft, 20, 20);
  const PlacementCost cost = PlacementCost::sweep(bl);
  RunMask mask = rasterise_convex({{-2, -1}, {2, -1}, {2, 1}, {-2, 1}});
  CHECK(cost(mask, {7, 9}) == doctest::Approx(bl(9, 7) * 15.0));
}
