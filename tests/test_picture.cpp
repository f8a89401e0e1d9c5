// Pictures of assemblies (io/picture.hpp): the assembly in its pixel frame, each piece in its
// slot's colour; the legend that names every piece of a set, copies numbered; a caption for each
// outcome; a palette that stays distinguishable beyond seven pieces.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "patterns.hpp"
#include "square_assembly.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/io/picture.hpp"

using namespace tangram;

namespace {

using tangram::test::config_45;

/// A set of 12 pieces in 4 shapes, 3 of them with copies: a right triangle (x5), a square (x4),
/// a bar (x2), a big square (x1). Areas: big square 4, bar 2, square 1, triangle 0.5.
PieceSet twelve_piece_set() {
  return PieceSet("twelve", {{"triangle", {{0, 0}, {1, 0}, {0, 1}}, 5},
                             {"square", {{0, 0}, {1, 0}, {1, 1}, {0, 1}}, 4},
                             {"bar", {{0, 0}, {2, 0}, {2, 1}, {0, 1}}, 2},
                             {"big-square", {{0, 0}, {2, 0}, {2, 2}, {0, 2}}, 1}});
}

/// The Tangram square assembly of side 40 px centred at (30, 25) on a 60 x 50 pattern.
struct SquareFixture {
  std::vector<PlacedPiece> pieces = test::square_assembly(40.0, {30.0, 25.0}, 0.0);
  Pattern pattern;
  SquareFixture() {
    pattern.puzzle = test::rasterise(pieces, cv::Size(60, 50));
    pattern.side_px = 40.0;
  }
};

/// CIELAB coordinates of a BGR colour (OpenCV's float conversion, L in [0, 100]).
cv::Vec3f lab(const cv::Scalar& bgr) {
  cv::Mat3f pixel(1, 1, cv::Vec3f(float(bgr[0] / 255), float(bgr[1] / 255), float(bgr[2] / 255)));
  cv::Mat3f out;
  cv::cvtColor(pixel, out, cv::COLOR_BGR2Lab);
  return out(0, 0);
}

/// Pixels of `image` whose channel `channel` (0 blue, 1 green, 2 red) exceeds both others by
/// more than 60: text drawn in that colour, anti-aliased.
int count_tinted(const cv::Mat3b& image, int channel) {
  return static_cast<int>(std::count_if(image.begin(), image.end(), [&](const cv::Vec3b& p) {
    return p[channel] > p[(channel + 1) % 3] + 60 && p[channel] > p[(channel + 2) % 3] + 60;
  }));
}

/// Pixels of `image` that are exactly `colour`.
int count_colour(const cv::Mat3b& image, const cv::Scalar& colour) {
  const cv::Vec3b c(static_cast<uchar>(colour[0]), static_cast<uchar>(colour[1]),
                    static_cast<uchar>(colour[2]));
  return static_cast<int>(std::count(image.begin(), image.end(), c));
}

/// The settings the captions are worded from: 45-degree steps, a 10 s limit.
SolverConfig caption_config() {
  SolverConfig config = config_45();
  config.search.time_limit_s = 10.0;
  return config;
}

}  // namespace

TEST_CASE("piece labels: every piece of the Tangram, largest first, copies numbered") {
  CHECK(piece_labels(PieceSet::tangram()) ==
        std::vector<std::string>{"large-triangle 1/2", "large-triangle 2/2", "medium-triangle",
                                 "square", "parallelogram", "small-triangle 1/2",
                                 "small-triangle 2/2"});
}

TEST_CASE("piece labels: a set of twelve pieces in four shapes, each copy named once") {
  const PieceSet set = twelve_piece_set();
  const std::vector<std::string> labels = piece_labels(set);
  REQUIRE(labels.size() == set.piece_count());
  CHECK(labels == std::vector<std::string>{"big-square", "bar 1/2", "bar 2/2", "square 1/4",
                                           "square 2/4", "square 3/4", "square 4/4", "triangle 1/5",
                                           "triangle 2/5", "triangle 3/5", "triangle 4/5",
                                           "triangle 5/5"});
  CHECK(std::set<std::string>(labels.begin(), labels.end()).size() == labels.size());
}

TEST_CASE("piece slots: copies take their shape's slots in the order they come, extras after") {
  const PieceSet& set = PieceSet::tangram();
  namespace K = tangram_shapes;
  std::vector<PlacedPiece> pieces(5);
  pieces[0].shape = K::small_triangle;
  pieces[1].shape = K::large_triangle;
  pieces[2].shape = K::small_triangle;
  pieces[3].shape = K::small_triangle;  // a third copy: not in the set
  pieces[4].shape = K::large_triangle;
  CHECK(piece_slots(set, pieces) == std::vector<std::size_t>{5, 0, 6, 7, 1});
}

TEST_CASE("CIELAB: the palette's conversion, against published values and cv::cvtColor's") {
  // sRGB primaries and white in CIELAB (D65), as colour references publish them.
  struct Known {
    cv::Vec3b bgr;
    cv::Vec3f lab;
  };
  for (const Known& k :
       {Known{{0, 0, 255}, {53.24f, 80.09f, 67.20f}}, Known{{0, 255, 0}, {87.73f, -86.18f, 83.18f}},
        Known{{255, 0, 0}, {32.30f, 79.19f, -107.86f}},
        Known{{255, 255, 255}, {100.0f, 0.0f, 0.0f}}, Known{{0, 0, 0}, {0.0f, 0.0f, 0.0f}}}) {
    CAPTURE(k.bgr);
    CHECK(cv::norm(detail::cielab(k.bgr) - k.lab) < 0.05);
  }
  // OpenCV interpolates a table: within half a unit everywhere (2.3 is a just-noticeable
  // difference).
  double worst = 0.0;
  for (int b = 0; b < 256; b += 15)
    for (int g = 0; g < 256; g += 15)
      for (int r = 0; r < 256; r += 15) {
        const cv::Vec3b colour(static_cast<uchar>(b), static_cast<uchar>(g), static_cast<uchar>(r));
        worst = std::max(worst, cv::norm(detail::cielab(colour) - lab(cv::Scalar(b, g, r))));
      }
  CHECK(worst < 0.5);
}

TEST_CASE(
    "piece colours: the Tangram's as before, and 24 slots far apart from each other and "
    "from the picture's white, grey and outlines") {
  CHECK(piece_colour(0) == cv::Scalar(180, 119, 31));
  CHECK(piece_colour(6) == cv::Scalar(194, 119, 227));
  CHECK(piece_colour(64) == piece_colour(0));  // the palette repeats after 64 slots
  const std::vector<cv::Scalar> background{cv::Scalar(255, 255, 255), cv::Scalar(225, 225, 225),
                                           cv::Scalar(40, 40, 40)};
  double nearest = 1e9;
  for (std::size_t a = 0; a < 24; ++a) {
    for (const cv::Scalar& b : background)
      nearest = std::min(nearest, cv::norm(lab(piece_colour(a)) - lab(b)));
    for (std::size_t b = 0; b < a; ++b)
      nearest = std::min(nearest, cv::norm(lab(piece_colour(a)) - lab(piece_colour(b))));
  }
  // CIELAB distance 2.3 is a just-noticeable difference; 15 is clearly another colour.
  CHECK(nearest >= 15.0);
}

TEST_CASE(
    "render_assembly: scaled picture, grey puzzle on white, each piece in its slot's colour") {
  SquareFixture f;
  const std::vector<PlacedPiece> shown(f.pieces.begin(), f.pieces.begin() + 6);  // one left out
  const int scale = 3;
  const cv::Mat3b image = render_assembly(f.pattern, shown, PieceSet::tangram(), scale);
  REQUIRE(image.rows == 50 * scale);
  REQUIRE(image.cols == 60 * scale);
  CHECK(image(0, 0) == cv::Vec3b(255, 255, 255));
  const auto at = [&](Vec2 p) {  // the picture's pixel under a point of the pixel frame
    return image(static_cast<int>(p.y * scale), static_cast<int>(p.x * scale));
  };
  CHECK(at(centroid(f.pieces[6].polygon)) == cv::Vec3b(225, 225, 225));
  const std::vector<std::size_t> slots = piece_slots(PieceSet::tangram(), shown);
  for (std::size_t i = 0; i < shown.size(); ++i) {
    const cv::Scalar c = piece_colour(slots[i]);
    CHECK(at(centroid(shown[i].polygon)) == cv::Vec3b(uchar(c[0]), uchar(c[1]), uchar(c[2])));
  }
  CHECK_THROWS_AS(render_assembly(f.pattern, shown, PieceSet::tangram(), 0), UsageError);
}

TEST_CASE("captions: one for each outcome, worded from the stats and the settings") {
  const SolverConfig config = caption_config();
  Solution solution;
  solution.pieces.resize(5);
  solution.stats.coverage = 0.8123;

  solution.stats.timed_out = true;
  PictureCaption caption = solution_caption(solution, config);
  CHECK(caption.outcome == Outcome::TimeLimit);
  CHECK(caption_lines(caption) == std::vector<std::string>{"NOT SOLVED: time limit of 10 s reached",
                                                           "5 of 7 pieces placed, coverage 0.812"});

  solution.stats.timed_out = false;
  caption = solution_caption(solution, config);
  CHECK(caption.outcome == Outcome::Exhausted);
  CHECK(caption_lines(caption).front() == "NOT SOLVED: search space exhausted at 45-degree steps");

  solution.pieces.clear();
  solution.stats.impossible =
      Impossibility{Impossibility::Kind::PieceFitsNowhere, tangram_shapes::large_triangle, 0, 0.0};
  caption = solution_caption(solution, config);
  CHECK(caption.outcome == Outcome::Impossible);
  CHECK(caption_lines(caption) ==
        std::vector<std::string>{
            "NOT SOLVED: impossible at 45-degree steps: the large-triangle fits nowhere in the "
            "figure",
            "0 of 7 pieces placed"});
  solution.stats.impossible = Impossibility{Impossibility::Kind::UncoverableParts, 0, 3, 0.0604};
  CHECK(caption_lines(solution_caption(solution, config)).front() ==
        "NOT SOLVED: impossible at 45-degree steps: 3 separate parts that no piece fits in hold "
        "6.0% of the figure (at most 5% may stay uncovered)");

  solution = Solution{};
  solution.solved = true;
  solution.pieces.resize(7);
  solution.stats.coverage = 0.98126;
  caption = solution_caption(solution, config);
  CHECK(caption.outcome == Outcome::Solved);
  CHECK(caption.reason.empty());
  CHECK(caption_lines(caption) == std::vector<std::string>{"solved, coverage 0.981"});

  VerifyReport check;
  check.reasons = {"coverage 0.9312 < 0.9500"};
  check.metrics.coverage = 0.9312;
  caption = rejected_caption(solution, config, check);
  CHECK(caption.outcome == Outcome::Invalid);
  CHECK(caption_lines(caption) ==
        std::vector<std::string>{"INVALID: rejected by the checker: coverage 0.9312 < 0.9500",
                                 "7 of 7 pieces placed, coverage 0.931"});
}

TEST_CASE("outcomes: names in files, and the outcome of a solve's stats") {
  for (const Outcome o : {Outcome::Solved, Outcome::Invalid, Outcome::TimeLimit, Outcome::Exhausted,
                          Outcome::Impossible})
    CHECK(outcome_from_name(outcome_name(o)) == o);
  CHECK(outcome_name(Outcome::TimeLimit) == "time-limit");
  CHECK_FALSE(outcome_from_name("timeout").has_value());
  Solution solution;
  CHECK(outcome_of(solution) == Outcome::Exhausted);
  solution.stats.timed_out = true;
  CHECK(outcome_of(solution) == Outcome::TimeLimit);
  solution.stats.impossible = Impossibility{};
  CHECK(outcome_of(solution) == Outcome::Impossible);
  solution.solved = true;
  CHECK(outcome_of(solution) == Outcome::Solved);
  CHECK(outcome_headline(Outcome::Exhausted) == "NOT SOLVED");
  CHECK(outcome_short_reason(Outcome::Impossible) == "impossible");
}

TEST_CASE("render_legend: a swatch for every piece of a twelve-piece set, hollow when not shown") {
  const PieceSet set = twelve_piece_set();
  const std::vector<std::size_t> shown{0, 3, 11};
  const cv::Mat3b legend = render_legend(set, 200, 0.5, &shown);
  CHECK(legend.cols >= 200);
  for (std::size_t slot = 0; slot < set.piece_count(); ++slot) {
    CAPTURE(slot);
    const bool filled = std::find(shown.begin(), shown.end(), slot) != shown.end();
    CHECK((count_colour(legend, piece_colour(slot)) > 20) == filled);
  }
  // Wider, the same entries take fewer rows.
  CHECK(render_legend(set, 1200, 0.5).rows < render_legend(set, 200, 0.5).rows);
}

TEST_CASE("render_legend: the columns share the picture's width evenly") {
  const PieceSet set = PieceSet::tangram();
  const int width = 600;
  const cv::Mat3b legend = render_legend(set, width, 0.5);
  // The top-left corner of each slot's swatch.
  std::vector<cv::Point> at;
  for (std::size_t slot = 0; slot < set.piece_count(); ++slot) {
    const cv::Scalar c = piece_colour(slot);
    const cv::Vec3b colour(static_cast<uchar>(c[0]), static_cast<uchar>(c[1]),
                           static_cast<uchar>(c[2]));
    cv::Point first(-1, -1);
    for (int y = 0; y < legend.rows && first.x < 0; ++y)
      for (int x = 0; x < legend.cols; ++x)
        if (legend(y, x) == colour) {
          first = cv::Point(x, y);
          break;
        }
    REQUIRE(first.x >= 0);
    at.push_back(first);
  }
  std::size_t columns = 1;
  while (columns < at.size() && at[columns].y == at[0].y) ++columns;
  REQUIRE(columns >= 2);
  for (std::size_t k = 2; k < columns; ++k) CHECK(at[k].x - at[k - 1].x == at[1].x - at[0].x);
  // The last column starts in the last share of the width, not packed against the first.
  CHECK(at[columns - 1].x >=
        width * static_cast<int>(columns - 1) / static_cast<int>(columns) - 16);
}

TEST_CASE("render_solution: the assembly keeps its pixel frame; caption and legend below it") {
  SquareFixture f;
  Solution solution;
  solution.pieces.assign(f.pieces.begin(), f.pieces.begin() + 5);
  solution.stats.timed_out = true;
  const SolverConfig config = caption_config();
  const int scale = 2;
  const cv::Mat3b assembly = render_assembly(f.pattern, solution.pieces, config.pieces, scale);
  const cv::Mat3b picture = render_solution(f.pattern, solution, config.pieces,
                                            solution_caption(solution, config), scale);
  REQUIRE(picture.cols >= 340);  // a 120 px assembly: the band needs more room than it has
  REQUIRE(picture.rows > assembly.rows + 60);
  // The assembly's pixels are where they were, white to the right of them.
  CHECK(cv::norm(picture(cv::Rect(0, 0, assembly.cols, assembly.rows)), assembly, cv::NORM_INF) ==
        0.0);
  const cv::Mat3b right =
      picture(cv::Rect(assembly.cols, 0, picture.cols - assembly.cols, assembly.rows));
  CHECK(count_colour(right, cv::Scalar(255, 255, 255)) == right.rows * right.cols);
  // The band: the caption in red (not solved), a swatch of every piece placed, none of the two
  // left out.
  const cv::Mat3b band =
      picture(cv::Rect(0, assembly.rows, picture.cols, picture.rows - assembly.rows));
  const cv::Rect first_line(0, assembly.rows, picture.cols, 28);  // above the legend
  CHECK(count_tinted(picture(first_line), 2) > 20);
  CHECK(count_tinted(picture(first_line), 1) == 0);
  const std::vector<std::size_t> slots = piece_slots(config.pieces, solution.pieces);
  for (std::size_t slot = 0; slot < config.pieces.piece_count(); ++slot) {
    CAPTURE(slot);
    const bool placed = std::find(slots.begin(), slots.end(), slot) != slots.end();
    CHECK((count_colour(band, piece_colour(slot)) > 20) == placed);
  }

  // Solved, in green; a long reason is wrapped, not cut: the picture stays as wide.
  solution.pieces = f.pieces;
  solution.solved = true;
  const cv::Mat3b solved = render_solution(f.pattern, solution, config.pieces,
                                           solution_caption(solution, config), scale);
  CHECK(count_tinted(solved(first_line), 1) > 20);
  CHECK(count_tinted(solved(first_line), 2) == 0);
  PictureCaption wordy = solution_caption(solution, config);
  wordy.outcome = Outcome::Invalid;
  wordy.reason = "rejected by the checker: " + std::string(12, 'a') + " " + std::string(12, 'b') +
                 " " + std::string(12, 'c') + " " + std::string(12, 'd') + " " +
                 std::string(12, 'e') + " " + std::string(12, 'f');
  const cv::Mat3b wrapped = render_solution(f.pattern, solution, config.pieces, wordy, scale);
  CHECK(wrapped.cols == solved.cols);
  CHECK(wrapped.rows > solved.rows);
}
