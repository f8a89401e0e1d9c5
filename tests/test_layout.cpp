// Layout states: the incremental place_piece against rebuilding the state from scratch.

#include <doctest/doctest.h>

#include <algorithm>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "tangram/core/puzzle/piece_set.hpp"
#include "tangram/core/raster/layout.hpp"
#include "tangram/core/raster/raster.hpp"
#include "tangram/io/pattern_png.hpp"

namespace {

using namespace tangram;

void check_same(const LayoutState& fast, const LayoutState& slow) {
  REQUIRE(fast.empty.size() == slow.empty.size());
  CHECK(cv::countNonZero(fast.empty != slow.empty) == 0);
  CHECK(cv::countNonZero(fast.empty_bits.to_mat() != slow.empty_bits.to_mat()) == 0);
  CHECK(cv::countNonZero(fast.depth != slow.depth) == 0);  // exact, not approximately
  CHECK(fast.max_depth == slow.max_depth);
  CHECK(fast.region_px == slow.region_px);
}

// A pixel of the state's empty region, drawn at random; none when nothing is empty.
std::optional<cv::Point> random_empty_pixel(const LayoutState& state, std::mt19937& random) {
  std::vector<cv::Point> empty;
  cv::findNonZero(state.empty, empty);
  if (empty.empty()) return std::nullopt;
  return empty[std::uniform_int_distribution<std::size_t>(0, empty.size() - 1)(random)];
}

// The run tables of both, built up to `max_len` by ensure_runs(), hold the same bits.
void check_same_runs(LayoutState& fast, LayoutState& slow, int max_len) {
  fast.ensure_runs(max_len);
  slow.ensure_runs(max_len);
  const int words = fast.runs.words_per_row();
  REQUIRE(words == slow.runs.words_per_row());
  long differing = 0;
  for (int length = 1; length <= max_len; ++length)
    for (int y = 0; y < fast.runs.rows(); ++y)
      differing += !std::equal(fast.runs.row(length, y), fast.runs.row(length, y) + words,
                               slow.runs.row(length, y));
  CHECK(differing == 0);
}

}  // namespace

TEST_CASE("region_sizes equals OpenCV's 8-connected components on random images") {
  std::mt19937 random(11);
  for (const double density : {0.2, 0.45, 0.6, 0.9}) {
    for (int trial = 0; trial < 6; ++trial) {
      // Widths on both sides of a 64-pixel word, and two whole words.
      cv::Mat1b image(37 + trial, trial == 5 ? 128 : 53 + 7 * trial, uchar(0));
      std::bernoulli_distribution on(density);
      for (int y = 0; y < image.rows; ++y)
        for (int x = 0; x < image.cols; ++x) image(y, x) = on(random) ? 255 : 0;
      cv::Mat1i labels;
      cv::Mat stats, centroids;
      const int n = cv::connectedComponentsWithStats(image, labels, stats, centroids, 8, CV_32S);
      std::vector<long> expected;
      for (int l = 1; l < n; ++l) expected.push_back(stats.at<int>(l, cv::CC_STAT_AREA));
      std::sort(expected.rbegin(), expected.rend());
      CAPTURE(density);
      CHECK(region_sizes(BitGrid::from_mat(image)) == expected);
    }
  }
  CHECK(region_sizes(BitGrid::from_mat(cv::Mat1b(4, 4, uchar(0)))).empty());
  CHECK(region_sizes(BitGrid::from_mat(cv::Mat1b(4, 4, uchar(255)))) == std::vector<long>{16});
  CHECK(region_sizes(BitGrid::from_mat(cv::Mat1b(3, 128, uchar(255)))) == std::vector<long>{384});
}

TEST_CASE("place_piece equals rebuilding the state from scratch, piece after piece") {
  const Pattern pattern =
      load_pattern_png(std::string(TANGRAM_SOURCE_DIR) + "/masks/02-page9-11.png");
  std::mt19937 random(7);
  for (int trial = 0; trial < 6; ++trial) {
    LayoutState state = make_layout_state(pattern.puzzle);
    int step = 0;
    for (const ShapeId kind : PieceSet::tangram().order()) {
      const double angle = std::uniform_real_distribution<double>(0.0, 360.0)(random);
      const RunMask mask = rasterise_convex(apply_pose(
          PieceSet::tangram().local_polygon(kind, pattern.side_px), Pose{{}, angle, false}));
      // Any empty pixel as the anchor: the state must follow even when the piece would stick
      // out of the empty region or the image (place_mask clips).
      const std::optional<cv::Point> anchor = random_empty_pixel(state, random);
      if (!anchor) break;
      CAPTURE(trial);
      CAPTURE(angle);
      // The parent's run table is built (up to a run length that shrinks piece after piece,
      // as in the search), so the child's shares its rows and rebuilds those of the piece.
      const int max_len = 220 - 25 * step++;
      state.ensure_runs(max_len);
      LayoutState fast = place_piece(state, mask, *anchor);
      LayoutState slow = make_layout_state(place_mask(state.empty, mask, *anchor));
      check_same(fast, slow);
      check_same_runs(fast, slow, max_len - 10);
      state = fast;
    }
  }
}

TEST_CASE("place_piece at the image border and with nothing inside the image") {
  const Pattern pattern =
      load_pattern_png(std::string(TANGRAM_SOURCE_DIR) + "/masks/01-square.png");
  const LayoutState state = make_layout_state(pattern.puzzle);
  const RunMask mask =
      rasterise_convex(PieceSet::tangram().local_polygon(tangram_shapes::square, pattern.side_px));
  for (const cv::Point anchor :
       {cv::Point(0, 0), cv::Point(219, 219), cv::Point(15, 200), cv::Point(-500, -500)})
    check_same(place_piece(state, mask, anchor),
               make_layout_state(place_mask(state.empty, mask, anchor)));
}

TEST_CASE("place_piece with non-convex pieces: columns with several stretches of cells") {
  // A U and a ring-like C: several columns cross the piece twice, so each column's distance
  // pass must find the nearer of two stretches.
  const Polygon u = {{-30, -20}, {30, -20}, {30, 20},  {15, 20},
                     {15, -5},   {-15, -5}, {-15, 20}, {-30, 20}};
  const Polygon c = {{-25, -25}, {25, -25}, {25, -15}, {-15, -15},
                     {-15, 15},  {25, 15},  {25, 25},  {-25, 25}};
  const Pattern pattern =
      load_pattern_png(std::string(TANGRAM_SOURCE_DIR) + "/masks/02-page9-11.png");
  std::mt19937 random(3);
  LayoutState state = make_layout_state(pattern.puzzle);
  for (int step = 0; step < 8; ++step) {
    const double angle = std::uniform_real_distribution<double>(0.0, 360.0)(random);
    const RunMask mask =
        rasterise_polygon(apply_pose(step % 2 == 0 ? u : c, Pose{{}, angle, false}), 0.0);
    const std::optional<cv::Point> anchor = random_empty_pixel(state, random);
    if (!anchor) break;
    CAPTURE(step);
    LayoutState fast = place_piece(state, mask, *anchor);
    check_same(fast, make_layout_state(place_mask(state.empty, mask, *anchor)));
    state = fast;
  }
}
