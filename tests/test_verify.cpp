#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

#include "square_assembly.hpp"
#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/verify.hpp"

using namespace tangram;

namespace {

// A square assembly of side 200 px, turned by 30 degrees and centred off the pixel grid, and
// its rasterised puzzle.
struct Fixture {
  static constexpr double kSide = 200.0;  // set side of the assembly (px)
  std::vector<PlacedPiece> pieces = test::square_assembly(kSide, {160.3, 158.6}, 30.0);
  Pattern pattern = make_pattern(test::rasterise(pieces, {320, 320}));
};

bool has_reason(const VerifyReport& report, const std::string& text) {
  for (const std::string& r : report.reasons)
    if (r.find(text) != std::string::npos) return true;
  return false;
}

std::string reasons_of(const VerifyReport& report) {
  std::string all;
  for (const std::string& r : report.reasons) all += r + "; ";
  return all;
}

// Slow oracle: every pixel the pieces reach (inside the image or not) sampled 8 x 8; a sample
// in k >= 1 pieces adds to the union (inside or outside the puzzle) and k - 1 to the overlap.
AreaMetrics supersampled_areas(const Pattern& pattern, const std::vector<PlacedPiece>& pieces) {
  constexpr int kSub = 8;
  double x_lo = 1e9, y_lo = 1e9, x_hi = -1e9, y_hi = -1e9;
  for (const PlacedPiece& piece : pieces)
    for (const Vec2& v : piece.polygon) {
      x_lo = std::min(x_lo, v.x);
      y_lo = std::min(y_lo, v.y);
      x_hi = std::max(x_hi, v.x);
      y_hi = std::max(y_hi, v.y);
    }
  const cv::Mat1b& puzzle = pattern.puzzle;
  double inside = 0.0, outside = 0.0, overlap = 0.0;
  for (int i = static_cast<int>(std::floor(y_lo)); i < y_hi; ++i)
    for (int j = static_cast<int>(std::floor(x_lo)); j < x_hi; ++j) {
      const bool in_puzzle =
          i >= 0 && j >= 0 && i < puzzle.rows && j < puzzle.cols && puzzle(i, j) != 0;
      for (int a = 0; a < kSub; ++a)
        for (int b = 0; b < kSub; ++b) {
          const Vec2 p{j + (b + 0.5) / kSub, i + (a + 0.5) / kSub};
          int k = 0;
          for (const PlacedPiece& piece : pieces) k += inside_polygon(piece.polygon, p) ? 1 : 0;
          if (k == 0) continue;
          (in_puzzle ? inside : outside) += 1.0;
          overlap += k - 1;
        }
    }
  const double unit = 1.0 / (kSub * kSub * static_cast<double>(pattern.area_px));
  return {inside * unit, outside * unit, overlap * unit};
}

}  // namespace

TEST_CASE("verify: the square assembly on its own raster is valid") {
  const Fixture f;
  const VerifyReport report = verify_solution(f.pattern, f.pieces, PieceSet::tangram());
  INFO(reasons_of(report));
  CHECK(report.valid);
  CHECK(report.reasons.empty());
  CHECK(report.metrics.coverage > 0.98);
  CHECK(report.metrics.spill < 0.01);
  CHECK(report.metrics.overlap < 1e-9);
  CHECK(report.scale_ratio == doctest::Approx(1.0).epsilon(0.01));
  CHECK(report.max_edge_err < 1e-9);
  CHECK(report.max_angle_err_deg < 1e-9);
}

TEST_CASE("verify: an axis-aligned assembly on whole pixels measures exactly") {
  const auto pieces = test::square_assembly(100.0, {60.0, 60.0}, 0.0);
  const Pattern pattern = make_pattern(test::rasterise(pieces, {120, 120}));
  REQUIRE(pattern.area_px == 100 * 100);
  const AreaMetrics m = measure_areas(pattern, pieces);
  CHECK(m.coverage == doctest::Approx(1.0).epsilon(1e-12));
  CHECK(m.spill < 1e-12);
  CHECK(m.overlap < 1e-12);
}

TEST_CASE("verify: a piece shifted by 5 px overlaps or spills") {
  // Piece 0 is the top large triangle; its hypotenuse lies on the square's top edge, whose
  // outward normal (0,-1) in the unit frame is turned by the fixture's 30 degrees.
  const Vec2 outward = rotate_local({0.0, -1.0}, 30.0, false);
  for (const double sign : {-1.0, 1.0}) {
    Fixture f;
    PlacedPiece& large = f.pieces[0];
    large.pose.centre = large.pose.centre + (5.0 * sign) * outward;
    large.polygon = PieceSet::tangram().posed_polygon(large.shape, Fixture::kSide, large.pose);
    const VerifyReport report = verify_solution(f.pattern, f.pieces, PieceSet::tangram());
    CAPTURE(sign);
    INFO(reasons_of(report));
    CHECK_FALSE(report.valid);
    CHECK(report.max_edge_err < 1e-9);  // congruence is untouched
    if (sign < 0) {  // pushed inward, over its two neighbours: about 5 px x 2 legs of 141 px
      CHECK(has_reason(report, "overlap "));
      CHECK(report.metrics.overlap == doctest::Approx(0.025).epsilon(0.1));
    } else {  // pulled out across the 200 px edge
      CHECK(has_reason(report, "spill "));
      CHECK(report.metrics.spill == doctest::Approx(0.025).epsilon(0.1));
      CHECK(report.metrics.overlap < 1e-9);
    }
  }
}

TEST_CASE("verify: six pieces are not a solution") {
  Fixture f;
  f.pieces.pop_back();
  const VerifyReport report = verify_solution(f.pattern, f.pieces, PieceSet::tangram());
  INFO(reasons_of(report));
  CHECK_FALSE(report.valid);
  CHECK(has_reason(report, "6 pieces (expected 7)"));
  CHECK(has_reason(report, "wrong piece multiset"));
  CHECK(has_reason(report, "coverage "));
}

TEST_CASE("verify: a wrong multiset of kinds is reported") {
  Fixture f;
  f.pieces[5].shape = tangram_shapes::medium_triangle;  // a small triangle named medium
  const VerifyReport report = verify_solution(f.pattern, f.pieces, PieceSet::tangram());
  INFO(reasons_of(report));
  CHECK_FALSE(report.valid);
  CHECK(has_reason(report, "wrong piece multiset"));
  CHECK(has_reason(report, "not congruent"));
}

TEST_CASE("verify: pieces shrunk by 5 percent fail the scale rule") {
  Fixture f;
  for (PlacedPiece& p : f.pieces) {
    const Vec2 c = centroid(p.polygon);
    for (Vec2& v : p.polygon) v = c + 0.95 * (v - c);
  }
  const VerifyReport report = verify_solution(f.pattern, f.pieces, PieceSet::tangram());
  INFO(reasons_of(report));
  CHECK_FALSE(report.valid);
  CHECK(has_reason(report, "piece scale"));
  CHECK(report.scale_ratio == doctest::Approx(0.95).epsilon(0.002));
  CHECK(report.max_edge_err < 1e-9);  // still congruent among themselves
}

TEST_CASE("verify: a distorted piece is not congruent") {
  Fixture f;
  f.pieces[3].polygon[1] = f.pieces[3].polygon[1] + Vec2{3.0, 1.0};  // the square
  const VerifyReport report = verify_solution(f.pattern, f.pieces, PieceSet::tangram());
  INFO(reasons_of(report));
  CHECK_FALSE(report.valid);
  CHECK(has_reason(report, "piece 3 (square) not congruent"));
  CHECK(report.max_angle_err_deg > 1.0);
}

TEST_CASE("verify: repeated and collinear vertices are dropped before the vertex count") {
  Fixture f;
  Polygon& tri = f.pieces[0].polygon;
  const Vec2 mid = 0.5 * (tri[0] + tri[1]);
  tri = {tri[0], tri[0], mid, tri[1], tri[2], tri[0]};
  CHECK(verify_solution(f.pattern, f.pieces, PieceSet::tangram()).valid);

  Polygon& sq = f.pieces[3].polygon;
  sq.pop_back();
  const VerifyReport report = verify_solution(f.pattern, f.pieces, PieceSet::tangram());
  CHECK(has_reason(report, "piece 3 (square): 3 vertices (expected 4)"));
}

TEST_CASE("verify: a self-intersecting quadrilateral is rejected") {
  Fixture f;
  std::swap(f.pieces[4].polygon[1], f.pieces[4].polygon[2]);
  const VerifyReport report = verify_solution(f.pattern, f.pieces, PieceSet::tangram());
  CHECK(has_reason(report, "piece 4 (parallelogram): not convex"));
}

TEST_CASE("verify: the mirror image of every piece is congruent too") {
  Fixture f;
  for (PlacedPiece& p : f.pieces) {
    p.pose.reflected = !p.pose.reflected;
    p.polygon = PieceSet::tangram().posed_polygon(p.shape, Fixture::kSide, p.pose);
  }
  const VerifyReport report = verify_solution(f.pattern, f.pieces, PieceSet::tangram());
  CHECK(report.max_edge_err < 1e-9);
  CHECK(report.max_angle_err_deg < 1e-9);
  CHECK_FALSE(has_reason(report, "not congruent"));
}

// The exact measures agree with the supersampled oracle within `tol` (share of the puzzle).
static void check_areas_agree(const AreaMetrics& fast, const AreaMetrics& slow, double tol) {
  CHECK(std::abs(fast.coverage - slow.coverage) < tol);
  CHECK(std::abs(fast.spill - slow.spill) < tol);
  CHECK(std::abs(fast.overlap - slow.overlap) < tol);
}

TEST_CASE("verify: measure_areas agrees with an 8x8 supersampled oracle on random poses") {
  const auto truth = test::square_assembly(80.0, {60.4, 59.7}, 17.0);
  const Pattern pattern = make_pattern(test::rasterise(truth, {120, 120}));
  std::mt19937 rng(20190923);
  std::uniform_real_distribution<double> shift(-3.0, 3.0), turn(-5.0, 5.0);
  for (int trial = 0; trial < 3; ++trial) {
    std::vector<PlacedPiece> pieces = truth;
    for (PlacedPiece& p : pieces) {
      p.pose.centre = p.pose.centre + Vec2{shift(rng), shift(rng)};
      p.pose.angle_deg += turn(rng);
      p.polygon = PieceSet::tangram().posed_polygon(p.shape, pattern.side_px, p.pose);
    }
    const AreaMetrics fast = measure_areas(pattern, pieces);
    const AreaMetrics slow = supersampled_areas(pattern, pieces);
    CAPTURE(trial);
    check_areas_agree(fast, slow, 0.005);
    CHECK(fast.overlap > 0.0);
    CHECK(fast.spill > 0.0);
  }
}

TEST_CASE("verify: measure_areas is exact for two pieces far from their places") {
  // With two pieces no point lies in three, so the pairwise sums are the referee's union.
  const auto truth = test::square_assembly(80.0, {60.4, 59.7}, 17.0);
  const Pattern pattern = make_pattern(test::rasterise(truth, {120, 120}));
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> where(20.0, 100.0), angle(0.0, 360.0);
  std::bernoulli_distribution flip(0.5);
  for (int trial = 0; trial < 8; ++trial) {
    std::vector<PlacedPiece> pieces = {truth[trial % 7], truth[(trial + 3) % 7]};
    for (PlacedPiece& p : pieces) {
      p.pose = {{where(rng), where(rng)}, angle(rng), flip(rng)};
      p.polygon = PieceSet::tangram().posed_polygon(p.shape, pattern.side_px, p.pose);
    }
    pieces[1].pose.centre = 0.5 * (pieces[0].pose.centre + pieces[1].pose.centre);
    pieces[1].polygon =
        PieceSet::tangram().posed_polygon(pieces[1].shape, pattern.side_px, pieces[1].pose);
    const AreaMetrics fast = measure_areas(pattern, pieces);
    const AreaMetrics slow = supersampled_areas(pattern, pieces);
    CAPTURE(trial);
    check_areas_agree(fast, slow, 0.002);
  }
}

TEST_CASE("verify: a set with non-convex pieces (two L-trominoes fill a 2 x 3 rectangle)") {
  const PieceSet ls("l-trominoes", {{"L", {{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}, {0, 2}}, 2}});
  CHECK_FALSE(ls.convex(0));
  CHECK(ls.rotation_period_deg(0) == 360.0);
  CHECK_FALSE(ls.mirror_distinct(0));  // an L tromino is its own mirror image, turned
  // The rectangle [0, 3] x [0, 2] units at 40 px per unit, offset by (10, 10) px.
  const double unit = 40.0;
  const auto place = [&](double angle, Vec2 centroid_units) {
    PlacedPiece p;
    p.shape = 0;
    p.pose = {{10 + unit * centroid_units.x, 10 + unit * centroid_units.y}, angle, false};
    p.polygon = ls.posed_polygon(0, unit, p.pose);
    return p;
  };
  // The L's centroid is (5/6, 7/6) from its corner; the second one turned half a turn and
  // moved so that the two fill the rectangle.
  std::vector<PlacedPiece> pieces = {place(0.0, {5.0 / 6, 7.0 / 6}),
                                     place(180.0, {3.0 - 5.0 / 6, 2.0 - 7.0 / 6})};
  cv::Mat1b puzzle(100, 140, uchar(0));
  puzzle(cv::Rect(10, 10, 120, 80)) = 255;
  const Pattern pattern = make_pattern(puzzle);
  // The pattern's scale is sqrt(area): the set's 6 square units at 40 px are 9600 px.
  REQUIRE(pattern.side_px == doctest::Approx(std::sqrt(9600.0)));
  const AreaMetrics m = measure_areas(pattern, pieces);
  CHECK(m.coverage == doctest::Approx(1.0).epsilon(1e-9));
  CHECK(m.overlap == doctest::Approx(0.0).scale(1.0).epsilon(1e-9));
  CHECK(m.spill == doctest::Approx(0.0).scale(1.0).epsilon(1e-9));
  check_areas_agree(m, supersampled_areas(pattern, pieces), 0.002);
  // Shifted by a unit, the second one overlaps the first.
  pieces[1].pose.centre = pieces[1].pose.centre + Vec2{-unit, 0};
  pieces[1].polygon = ls.posed_polygon(0, unit, pieces[1].pose);
  const AreaMetrics shifted = measure_areas(pattern, pieces);
  CHECK(shifted.overlap * pattern.area_px == doctest::Approx(2 * unit * unit));
  check_areas_agree(shifted, supersampled_areas(pattern, pieces), 0.002);
}
