// Connected components on runs against OpenCV's labelling (the oracle).

#include <doctest/doctest.h>

#include <random>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "tangram/core/base/error.hpp"
#include "tangram/core/raster/components.hpp"

namespace {

using namespace tangram;

cv::Mat1b random_image(std::mt19937& random, int rows, int cols, double density) {
  cv::Mat1b image(rows, cols, uchar(0));
  std::bernoulli_distribution on(density);
  for (int y = 0; y < rows; ++y)
    for (int x = 0; x < cols; ++x) image(y, x) = on(random) ? 255 : 0;
  return image;
}

}  // namespace

TEST_CASE("connected_components equals OpenCV's components, areas and boxes") {
  std::mt19937 random(5);
  for (const int connectivity : {4, 8})
    for (const bool nonzero : {true, false})
      for (const double density : {0.1, 0.4, 0.55, 0.7, 0.95})
        for (int trial = 0; trial < 4; ++trial) {
          const cv::Mat1b image = random_image(random, 1 + 13 * trial, 1 + 29 * trial, density);
          const cv::Mat1b chosen = nonzero ? cv::Mat1b(image != 0) : cv::Mat1b(image == 0);
          cv::Mat1i expected;
          cv::Mat stats, centroids;
          const int n = cv::connectedComponentsWithStats(chosen, expected, stats, centroids,
                                                         connectivity, CV_32S);
          const Components found = connected_components(image, connectivity, nonzero);
          CAPTURE(connectivity);
          CAPTURE(nonzero);
          CAPTURE(density);
          CAPTURE(trial);
          REQUIRE(found.count() == n - 1);
          // The same partition: OpenCV's labels map one to one onto ours (it numbers them in
          // the order of its own scan, by blocks of two rows).
          const cv::Mat1i labels = found.labels(image.size());
          std::vector<int> ours(static_cast<std::size_t>(n), -1), theirs(found.area.size(), -1);
          bool one_to_one = true;
          for (int y = 0; y < image.rows; ++y)
            for (int x = 0; x < image.cols; ++x) {
              const int e = expected(y, x), f = labels(y, x);
              int& to = ours[static_cast<std::size_t>(e)];
              int& from = theirs[static_cast<std::size_t>(f)];
              if (to < 0) to = f;
              if (from < 0) from = e;
              one_to_one = one_to_one && to == f && from == e;
            }
          REQUIRE(one_to_one);
          CHECK(ours[0] <= 0);  // the background, when there is one
          int last = 0;         // ours are numbered by their first pixel in raster order
          for (int y = 0; y < image.rows; ++y)
            for (int x = 0; x < image.cols; ++x)
              if (labels(y, x) > last) {
                CHECK(labels(y, x) == last + 1);
                last = labels(y, x);
              }
          for (int l = 1; l < n; ++l) {
            const auto f = static_cast<std::size_t>(ours[static_cast<std::size_t>(l)]);
            CHECK(found.area[f] == stats.at<int>(l, cv::CC_STAT_AREA));
            const cv::Rect box(
                stats.at<int>(l, cv::CC_STAT_LEFT), stats.at<int>(l, cv::CC_STAT_TOP),
                stats.at<int>(l, cv::CC_STAT_WIDTH), stats.at<int>(l, cv::CC_STAT_HEIGHT));
            CHECK(found.box[f] == box);
          }
        }
}

TEST_CASE("connected_components: corners join with 8, not with 4; paint and the border") {
  // Two pixels touching at a corner, and a pixel on the border.
  cv::Mat1b image(4, 5, uchar(0));
  image(1, 1) = image(2, 2) = image(3, 4) = 255;
  CHECK(connected_components(image, 8).count() == 2);
  const Components four = connected_components(image, 4);
  REQUIRE(four.count() == 3);
  CHECK_FALSE(four.touches_border(1, image.size()));
  CHECK(four.touches_border(3, image.size()));
  // The background (zero pixels) is one component, with the corner pixels' 4 gaps joined.
  CHECK(connected_components(image, 4, false).count() == 1);
  cv::Mat1b painted = image.clone();
  four.paint(painted, {0, 0, 1, 0}, 0);  // label 2: the pixel at (2, 2)
  CHECK(painted(2, 2) == 0);
  CHECK(painted(1, 1) == 255);
  CHECK(cv::countNonZero(painted) == 2);
  // Component 1 (the pixel at (1, 1)) alone in its box, and the corner pair in theirs.
  const cv::Mat1b one = four.mask(1);
  CHECK(one.size() == cv::Size(1, 1));
  CHECK(one(0, 0) == 255);
  const cv::Mat1b pair = connected_components(image, 8).mask(1);
  REQUIRE(pair.size() == cv::Size(2, 2));
  CHECK(pair(0, 0) == 255);
  CHECK(pair(1, 1) == 255);
  CHECK(pair(0, 1) == 0);
  CHECK(pair(1, 0) == 0);
  CHECK(connected_components(cv::Mat1b(3, 3, uchar(0)), 8).count() == 0);
  CHECK_THROWS_AS(connected_components(image, 6), UsageError);
}
