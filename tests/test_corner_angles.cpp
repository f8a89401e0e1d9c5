// Corner angles (corner_angles.hpp): the sums the pieces' corners make, the figure's corners
// measured on the raster, and the refusals of figures with a corner no sum makes or with more
// corners than the set's corners make; never of a solvable figure of masks/.

#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "patterns.hpp"
#include "tangram/core/figure/corner_angles.hpp"
#include "tangram/io/pattern_png.hpp"
#include "tangram/io/piece_sets.hpp"

using namespace tangram;

namespace {

/// A filled polygon (vertices in px) on a white margin, anti-aliasing left out.
cv::Mat1b polygon_mask(const std::vector<cv::Point2d>& vertices, int size) {
  cv::Mat1b mask(size, size, uchar{0});
  std::vector<cv::Point> points;
  for (const cv::Point2d& v : vertices)
    points.emplace_back(int(std::lround(v.x * 16)), int(std::lround(v.y * 16)));
  cv::fillPoly(mask, std::vector<std::vector<cv::Point>>{points}, cv::Scalar(255), cv::LINE_8, 4);
  return mask;
}

std::vector<cv::Point2d> regular(int sides, double radius, double turn_deg, cv::Point2d centre) {
  std::vector<cv::Point2d> v;
  for (int k = 0; k < sides; ++k) {
    const double t = (turn_deg + 360.0 * k / sides) * CV_PI / 180.0;
    v.push_back({centre.x + radius * std::cos(t), centre.y + radius * std::sin(t)});
  }
  return v;
}

}  // namespace

TEST_CASE("corner angles: the sums of the pieces' corners") {
  const std::vector<double> tangram = corner_sums(PieceSet::tangram());
  REQUIRE_FALSE(tangram.empty());
  for (const double s : tangram) CHECK(std::abs(std::remainder(s, 45.0)) < 1e-9);
  CHECK(tangram.front() == doctest::Approx(45.0));
  CHECK(tangram.back() == doctest::Approx(360.0));
  for (const double s : corner_sums(builtin_piece_set("pentominoes").set))
    CHECK(std::abs(std::remainder(s, 90.0)) < 1e-9);
  // Arcs meet edges at any angle: no sums, no refusals.
  CHECK(corner_sums(builtin_piece_set("egg-of-columbus").set).empty());
}

TEST_CASE("corner angles: corners measured on the raster, convex and reflex, turned") {
  for (const double turn : {0.0, 17.0, 33.0}) {
    CAPTURE(turn);
    const std::vector<FigureCorner> triangle =
        figure_corners(polygon_mask(regular(3, 110, turn, {130, 130}), 260), 12.0);
    REQUIRE(triangle.size() == 3);
    for (const FigureCorner& c : triangle)
      CHECK(c.angle_deg == doctest::Approx(60.0).epsilon(0.03));
    const std::vector<FigureCorner> square =
        figure_corners(polygon_mask(regular(4, 110, turn, {130, 130}), 260), 12.0);
    REQUIRE(square.size() == 4);
    for (const FigureCorner& c : square) CHECK(c.angle_deg == doctest::Approx(90.0).epsilon(0.03));
    // Straight edges: the angle's uncertainty is a small part of the refusals' tolerance, and
    // covers the error actually made.
    for (const std::vector<FigureCorner>* corners : {&triangle, &square})
      for (const FigureCorner& c : *corners) {
        CHECK(c.uncertainty_deg < 0.3 * kCornerToleranceDeg);
        CHECK(std::abs(c.angle_deg - (corners == &triangle ? 60.0 : 90.0)) <
              c.uncertainty_deg + 0.5);
      }
  }
  // An L: five corners of 90 degrees and one of 270.
  const std::vector<FigureCorner> l = figure_corners(
      polygon_mask({{20, 20}, {120, 20}, {120, 120}, {220, 120}, {220, 220}, {20, 220}}, 240),
      12.0);
  REQUIRE(l.size() == 6);
  int reflex = 0;
  for (const FigureCorner& c : l) {
    const bool is_reflex = c.angle_deg > 180.0;
    reflex += is_reflex ? 1 : 0;
    CHECK(c.angle_deg == doctest::Approx(is_reflex ? 270.0 : 90.0).epsilon(0.03));
  }
  CHECK(reflex == 1);
}

TEST_CASE(
    "corner angles: a triangle and a disc are refused for the Tangram, not a square or a pinch") {
  const PieceSet& tangram = PieceSet::tangram();
  const auto triangle =
      unmakeable_corner(polygon_mask(regular(3, 110, 90, {130, 150}), 280), tangram, 20.0);
  REQUIRE(triangle);
  CHECK(triangle->angle_deg == doctest::Approx(60.0).epsilon(0.03));
  cv::Mat1b disc(260, 260, uchar{0});
  cv::circle(disc, {130, 130}, 110, cv::Scalar(255), cv::FILLED);
  CHECK(unmakeable_corner(disc, tangram, 20.0));
  CHECK_FALSE(unmakeable_corner(polygon_mask(regular(4, 110, 45, {130, 130}), 260), tangram, 20.0));
  CHECK_FALSE(unmakeable_corner(polygon_mask(regular(4, 110, 20, {130, 130}), 260), tangram, 20.0));
  // Two squares touching at a corner, one turned: where they touch the outline turns by no
  // piece angle, but that point is a pinch, not a corner.
  cv::Mat1b pinch = polygon_mask({{20, 20}, {120, 20}, {120, 120}, {20, 120}}, 300);
  const cv::Mat1b turned = polygon_mask({{120, 120},
                                         {120 + 100 * std::cos(0.3), 120 + 100 * std::sin(0.3)},
                                         {120 + 100 * std::cos(0.3) - 100 * std::sin(0.3),
                                          120 + 100 * std::sin(0.3) + 100 * std::cos(0.3)},
                                         {120 - 100 * std::sin(0.3), 120 + 100 * std::cos(0.3)}},
                                        300);
  pinch |= turned;
  const std::vector<FigureCorner> corners = figure_corners(pinch, 20.0);
  for (const FigureCorner& c : corners) CHECK(std::hypot(c.at.x - 120, c.at.y - 120) > 3.0);
  // A curved set is never refused this way.
  CHECK_FALSE(unmakeable_corner(disc, builtin_piece_set("egg-of-columbus").set, 20.0));
}

TEST_CASE("corner angles: the figure's corners take more of the pieces' corners than the set has") {
  const PieceSet& tangram = PieceSet::tangram();
  // A comb of six teeth: 24 corners (12 of 90 degrees at the teeth's tops, 10 of 270 between
  // them, 2 at the bottom), each taking at least one piece corner; the Tangram has 23.
  std::vector<cv::Point2d> comb{{20, 380}, {20, 100}};
  for (int k = 0; k < 6; ++k) {
    const double x = 20 + 80 * k;
    if (k > 0) comb.push_back({x, 200});
    comb.push_back({x, 100});
    comb.push_back({x + 40, 100});
    if (k < 5) comb.push_back({x + 40, 200});
  }
  comb.push_back({460, 380});
  const cv::Mat1b comb_mask = polygon_mask(comb, 480);
  CHECK_FALSE(unmakeable_corner(comb_mask, tangram, 30.0));
  const auto comb_short = corner_shortage(comb_mask, tangram, 30.0);
  REQUIRE(comb_short);
  CHECK(comb_short->corners == 24);
  CHECK(comb_short->piece_corners == 23);
  CHECK(comb_short->piece_corners_needed == 24);
  // Three teeth (12 corners) the pieces' corners can make.
  comb_mask(cv::Rect(240, 0, 240, 480)).setTo(0);
  CHECK_FALSE(corner_shortage(comb_mask, tangram, 30.0));

  // A square with a V notch in each side: 16 corners the pieces' corners can make one by one
  // (4 of 90 degrees, 8 of 135 at the notches' mouths, 4 of 270 at their tips, each at least 90
  // of the pieces' angle), together 1800 degrees where the Tangram's corners add up to 1620.
  std::vector<cv::Point2d> notched;
  const double a = 20, b = 380, m = 200, half = 45, depth = 45;
  notched = {{a, a}, {m - half, a}, {m, a + depth}, {m + half, a},
             {b, a}, {b, m - half}, {b - depth, m}, {b, m + half},
             {b, b}, {m + half, b}, {m, b - depth}, {m - half, b},
             {a, b}, {a, m + half}, {a + depth, m}, {a, m - half}};
  const cv::Mat1b notched_mask = polygon_mask(notched, 400);
  CHECK_FALSE(unmakeable_corner(notched_mask, tangram, 30.0));
  const auto notched_short = corner_shortage(notched_mask, tangram, 30.0);
  REQUIRE(notched_short);
  CHECK(notched_short->corners == 16);
  CHECK(notched_short->piece_corners_needed == 16);
  CHECK(notched_short->angle_needed_deg == doctest::Approx(1800.0));
  CHECK(notched_short->angle_available_deg == doctest::Approx(1620.0));
  // The double tangram has twice the corners: the same figure is not ruled out.
  CHECK_FALSE(corner_shortage(notched_mask, builtin_piece_set("double-tangram").set, 30.0));
  // Nor is anything for a set with arcs.
  CHECK_FALSE(corner_shortage(comb_mask, builtin_piece_set("egg-of-columbus").set, 30.0));
}

TEST_CASE("corner angles: no figure of masks/ nor any solvable pattern of masks/sets/ is refused") {
  namespace fs = std::filesystem;
  int checked = 0;
  const auto check = [&](const fs::path& png, const PieceSet& set) {
    const Pattern pattern = load_pattern_png(png.string());
    const double min_edge = std::max(12.0, 0.1 * std::sqrt(double(pattern.area_px)));
    CAPTURE(png.string());
    CHECK_FALSE(unmakeable_corner(pattern.puzzle, set, min_edge));
    CHECK_FALSE(corner_shortage(pattern.puzzle, set, min_edge));
    ++checked;
  };
  for (const auto& entry : fs::directory_iterator(test::kMasks))
    if (entry.path().extension() == ".png") check(entry.path(), PieceSet::tangram());
  for (const std::string& name : builtin_piece_set_names()) {
    const PieceSet set = builtin_piece_set(name).set;
    for (const auto& entry : fs::directory_iterator(test::kMasks + "sets/" + name)) {
      const std::string file = entry.path().filename().string();
      if (entry.path().extension() == ".png" && file.rfind("07-", 0) != 0 &&
          file.rfind("08-", 0) != 0)
        check(entry.path(), set);
    }
  }
  CHECK(checked >= 30 + 6 * 8);
}
