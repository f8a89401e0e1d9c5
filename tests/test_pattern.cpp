#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "tangram/core/base/error.hpp"
#include "tangram/core/puzzle/pattern.hpp"

using namespace tangram;

TEST_CASE("make_pattern: counts the nonzero pixels and derives the set side from their area") {
  cv::Mat1b mask(60, 80, uchar{0});
  mask(cv::Rect(10, 5, 40, 50)) = 1;  // any nonzero value marks a puzzle pixel
  mask(0, 0) = 200;
  const Pattern pattern = make_pattern(mask);
  CHECK(pattern.area_px == 40 * 50 + 1);
  CHECK(pattern.side_px == doctest::Approx(std::sqrt(2001.0)));
  CHECK(pattern.puzzle.size() == mask.size());
  CHECK(pattern.puzzle(0, 0) == 255);
  CHECK(pattern.puzzle(20, 20) == 255);
  CHECK(pattern.puzzle(59, 79) == 0);
  CHECK(cv::countNonZero(pattern.puzzle == 255) == 2001);
}

TEST_CASE("make_pattern: an empty mask is refused with a message about puzzle pixels") {
  const cv::Mat1b mask(50, 50, uchar{0});
  CHECK_THROWS_WITH_AS(make_pattern(mask), "no puzzle pixels (dark, opaque pixels) in the image",
                       InputError);
  CHECK_THROWS_AS(make_pattern(cv::Mat1b()), InputError);
}

TEST_CASE("make_pattern: a silhouette smaller than kMinSidePx squared is refused, stating both") {
  const int side = static_cast<int>(kMinSidePx);
  cv::Mat1b mask(100, 100, uchar{0});
  mask(cv::Rect(0, 0, side, side - 1)) = 255;
  try {
    make_pattern(mask);
    FAIL("expected an InputError");
  } catch (const InputError& e) {
    const std::string message = e.what();
    CHECK(message.find(std::to_string(side * (side - 1))) != std::string::npos);
    CHECK(message.find(std::to_string(side * side)) != std::string::npos);
    CHECK(message.find('\n') == std::string::npos);
  }
  mask(cv::Rect(0, 0, side, side)) = 255;  // exactly the minimum is accepted
  CHECK(make_pattern(mask).side_px == doctest::Approx(kMinSidePx));
}
