#include <doctest/doctest.h>

#include <algorithm>

#include <opencv2/imgproc.hpp>

#include "tangram/core/raster/candidates.hpp"

using namespace tangram;

TEST_CASE("candidates: a triangular free area yields endpoints in its corners") {
  cv::Mat1b area(80, 90, uchar(0));
  std::vector<cv::Point> tri = {{10, 70}, {80, 70}, {10, 10}};
  cv::fillConvexPoly(area, tri, 255);
  const auto points = candidate_positions(BitGrid::from_mat(area));
  // Zhang-Suen keeps the branches to the two acute corners and loses the one to the right
  // angle (the paper: "some corners may be missed"); each endpoint sits in a corner.
  REQUIRE(points.size() == 2);
  for (const cv::Point& p : points) {
    double best = 1e9;
    for (const cv::Point& corner : tri) best = std::min(best, cv::norm(p - corner));
    CHECK(best < 4.0);
  }
  for (const cv::Point& p : points) CHECK(area(p) == 255);
}

TEST_CASE("candidates: positions are in image coordinates and single pixels count") {
  cv::Mat1b area(50, 200, uchar(0));
  area(5, 150) = 255;
  area(40, 70) = 255;
  area(41, 70) = 255;
  const auto points = candidate_positions(BitGrid::from_mat(area));
  REQUIRE(points.size() == 3);
  CHECK(points[0] == cv::Point(150, 5));
  CHECK(points[1] == cv::Point(70, 40));
  CHECK(points[2] == cv::Point(70, 41));
  CHECK(candidate_positions(BitGrid(10, 10)).empty());
}

TEST_CASE("candidates: corners add the right angle that thinning misses") {
  cv::Mat1b area(80, 90, uchar(0));
  std::vector<cv::Point> tri = {{10, 70}, {80, 70}, {10, 10}};
  cv::fillConvexPoly(area, tri, 255);
  const auto points = candidate_positions(BitGrid::from_mat(area), CandidateConfig{true, 0});
  for (const cv::Point& corner : tri) {
    double best = 1e9;
    for (const cv::Point& p : points) best = std::min(best, cv::norm(p - corner));
    CHECK(best <= 1.0);
  }
}

TEST_CASE("candidates: a short edge of the free area offers its middle") {
  // A slot 5 px wide along a wall: the piece fits exactly up to the inset's slack, and the
  // middle of that slack is where the true piece sits.
  cv::Mat1b area(20, 40, uchar(0));
  area(cv::Rect(10, 3, 5, 1)).setTo(255);
  const BitGrid bits = BitGrid::from_mat(area);
  const auto without = candidate_positions(bits, CandidateConfig{true, 0});
  const auto with = candidate_positions(bits, CandidateConfig{true, 6});
  CHECK(std::find(without.begin(), without.end(), cv::Point(12, 3)) == without.end());
  CHECK(std::find(with.begin(), with.end(), cv::Point(12, 3)) != with.end());
}

namespace {

/// Free anchors of a square of 21 x 21 px (anchor in the middle) in `empty`.
cv::Mat1b square_free_area(const cv::Mat1b& empty) {
  cv::Mat1b free(empty.size(), uchar(0));
  for (int y = 10; y + 10 < empty.rows; ++y)
    for (int x = 10; x + 10 < empty.cols; ++x)
      if (cv::countNonZero(empty(cv::Rect(x - 10, y - 10, 21, 21))) == 21 * 21) free(y, x) = 255;
  return free;
}

}  // namespace

TEST_CASE(
    "candidates: corner contacts: a piece's corner on the obstacle's corner it slides "
    "past") {
  // A room 100 x 80 with an obstacle filling its lower right (x >= 60, y >= 40). A square
  // 21 px wide along the obstacle's left side slides along a straight stretch of its free area;
  // where its upper right corner meets the obstacle's corner (60, 40) is no corner of that area.
  cv::Mat1b empty(80, 100, uchar(255));
  empty(cv::Rect(60, 40, 40, 40)).setTo(0);
  const BitGrid free = BitGrid::from_mat(square_free_area(empty));
  const cv::Point meet(49, 50);  // the square's right side on x = 60, its top on y = 40
  REQUIRE(free.get(meet.x, meet.y));
  const auto near_meet = [&](const std::vector<cv::Point>& points, double within) {
    return std::any_of(points.begin(), points.end(),
                       [&](const cv::Point& p) { return cv::norm(p - meet) <= within; });
  };
  CHECK_FALSE(near_meet(candidate_positions(free, CandidateConfig{true, 0}), 3.0));

  const std::vector<cv::Point> region = region_corners(empty);
  // The piece's corners from the anchor pixel's centre: the square covers [x - 10, x + 11).
  const std::vector<Vec2> square = {{-10.5, -10.5}, {10.5, -10.5}, {10.5, 10.5}, {-10.5, 10.5}};
  const std::vector<cv::Point> contacts = corner_contacts(free, region, square, 2);
  CHECK(near_meet(contacts, 1.0));
  for (const cv::Point& p : contacts) {
    CHECK(free.get(p.x, p.y));
    // Each lies against an obstacle: some position within 2 px is not free.
    bool touches = false;
    for (int dy = -2; dy <= 2; ++dy)
      for (int dx = -2; dx <= 2; ++dx) {
        const int x = p.x + dx, y = p.y + dy;
        touches = touches || x < 0 || y < 0 || x >= free.cols() || y >= free.rows() ||
                  (dx * dx + dy * dy <= 4 && !free.get(x, y));
      }
    CHECK(touches);
  }
  CHECK(std::is_sorted(contacts.begin(), contacts.end(), [](cv::Point a, cv::Point b) {
    return a.y != b.y ? a.y < b.y : a.x < b.x;
  }));
  // A corner of the room meeting the square's far corner puts the square outside: not offered.
  CHECK(corner_contacts(free, {cv::Point(0, 0)}, {{10.5, 10.5}}, 2).empty());
  // Without piece corners, nothing.
  CHECK(corner_contacts(free, region, {}, 2).empty());
}
