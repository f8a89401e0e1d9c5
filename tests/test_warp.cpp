#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include <opencv2/imgproc.hpp>

#include "tangram/core/figure/warp.hpp"

using namespace tangram;

namespace {

// A rotation by `deg` about the source's centre onto a canvas of `size`, shifted by `shift`.
cv::Matx23d turn(cv::Size from, cv::Size size, double deg, cv::Point2d shift) {
  const double a = deg * CV_PI / 180.0, c = std::cos(a), s = std::sin(a);
  const cv::Matx22d r(c, s, -s, c);
  const cv::Vec2d t = cv::Vec2d(size.width / 2.0, size.height / 2.0) -
                      r * cv::Vec2d(from.width / 2.0, from.height / 2.0) +
                      cv::Vec2d(shift.x, shift.y);
  return {r(0, 0), r(0, 1), t[0], r(1, 0), r(1, 1), t[1]};
}

// Pixels where ours and OpenCV's differ.
int differences(const cv::Mat1b& src, const cv::Matx23d& forward, cv::Size size) {
  cv::Mat1b reference;
  cv::warpAffine(src, reference, forward, size, cv::INTER_LINEAR, cv::BORDER_CONSTANT, 0);
  const cv::Mat1b ours = warp_affine_linear(src, forward, size);
  REQUIRE(ours.size() == reference.size());
  return cv::countNonZero(ours != reference);
}

}  // namespace

TEST_CASE("warp_affine_linear: the pixels of cv::warpAffine, on masks and grey images") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> angle(-180.0, 180.0), offset(-3.0, 3.0);
  std::uniform_int_distribution<int> side(1, 90);
  for (int trial = 0; trial < 120; ++trial) {
    const cv::Size from(side(rng), side(rng));
    cv::Mat1b src(from, uchar(0));
    if (trial % 2 == 0) {  // a mask: a filled polygon, as the figures are
      std::vector<cv::Point> polygon;
      std::uniform_int_distribution<int> px(0, from.width - 1), py(0, from.height - 1);
      for (int k = 0; k < 5; ++k) polygon.emplace_back(px(rng), py(rng));
      cv::fillPoly(src, std::vector<std::vector<cv::Point>>{polygon}, cv::Scalar(255));
    } else {  // grey levels
      cv::randu(src, 0, 256);
    }
    const double deg = trial < 8 ? 45.0 * trial : angle(rng);
    const cv::Size size(from.width + side(rng) / 3, from.height + side(rng) / 3);
    const cv::Matx23d forward = turn(from, size, deg, {offset(rng), offset(rng)});
    CAPTURE(trial);
    CAPTURE(deg);
    CHECK(differences(src, forward, size) == 0);
  }
}

TEST_CASE("warp_affine_linear: scaled, sheared and far outside") {
  cv::Mat1b src(40, 30, uchar(0));
  cv::rectangle(src, cv::Rect(5, 7, 18, 25), cv::Scalar(255), cv::FILLED);
  src(0, 0) = 200;
  src(39, 29) = 90;
  CHECK(differences(src, cv::Matx23d(1, 0, 0, 0, 1, 0), src.size()) == 0);
  CHECK(differences(src, cv::Matx23d(1.37, 0.21, -4.5, -0.33, 0.8, 11.25), {60, 50}) == 0);
  CHECK(differences(src, cv::Matx23d(0.5, 0, 0.25, 0, 0.5, 0.75), {20, 20}) == 0);
  CHECK(differences(src, cv::Matx23d(1, 0, 500, 0, 1, -700), {30, 30}) == 0);
  const cv::Mat1b gone = warp_affine_linear(src, cv::Matx23d(1, 0, 500, 0, 1, -700), {30, 30});
  CHECK(cv::countNonZero(gone) == 0);
}
