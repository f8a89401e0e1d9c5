#include <doctest/doctest.h>

#include <algorithm>

#include <opencv2/imgproc.hpp>

#include "tangram/core/candidates.hpp"

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
