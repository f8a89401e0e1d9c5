#include <doctest/doctest.h>

#include <opencv2/imgproc.hpp>

#include "tangram/candidates.hpp"

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
