// io/dissection_picture.hpp: the pieces in their colours, the cuts and the outline thick, the
// grid lines thin, the PNG and the SVG of the same size and parts.

#include <doctest/doctest.h>

#include <map>
#include <string>

#include "checks.hpp"
#include "tangram/io/dissection_picture.hpp"
#include "tangram/io/picture.hpp"

using tangram::Cells;
using tangram::Dissection;
using tangram::test::contains;

namespace {

cv::Vec3b bgr(const cv::Scalar& s) {
  return {static_cast<unsigned char>(s[0]), static_cast<unsigned char>(s[1]),
          static_cast<unsigned char>(s[2])};
}

/// Pixels of each colour of `image`, by 0xBBGGRR.
std::map<int, int> histogram(const cv::Mat3b& image) {
  std::map<int, int> counts;
  for (const cv::Vec3b& p : cv::Mat_<cv::Vec3b>(image)) ++counts[p[0] << 16 | p[1] << 8 | p[2]];
  return counts;
}

int key(const cv::Scalar& s) {
  const cv::Vec3b p = bgr(s);
  return p[0] << 16 | p[1] << 8 | p[2];
}

int count_of(const std::string& text, const std::string& part) {
  int n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
    ++n;
  return n;
}

}  // namespace

TEST_CASE("dissection picture: a 2 x 4 rectangle cut into two L's, pixel by pixel") {
  // aaab
  // abbb   the pieces are each other's half turn: they cover as many pixels each.
  const Cells figure = tangram::parse_grid("####\n####\n");
  const Dissection d = {{{0, 0}, {0, 1}, {0, 2}, {1, 0}}, {{0, 3}, {1, 1}, {1, 2}, {1, 3}}};
  const tangram::DissectionPictureConfig config{32, 8};
  const cv::Mat3b image = tangram::render_dissection(figure, d, config);
  REQUIRE(image.cols == 4 * 32 + 16);
  REQUIRE(image.rows == 2 * 32 + 16);
  const cv::Vec3b white(255, 255, 255), dark = bgr(tangram::outline_colour());
  const cv::Vec3b one = bgr(tangram::piece_colour(0)), two = bgr(tangram::piece_colour(1));
  CHECK(image(2, 2) == white);                  // the margin
  CHECK(image(8 + 16, 8 + 16) == one);          // square (0, 0)
  CHECK(image(8 + 48, 8 + 112) == two);         // square (1, 3)
  CHECK(image(8 + 16, 8 + 96) == dark);         // the cut between (0, 2) and (0, 3)
  CHECK(image(8 + 32, 8 + 48) == dark);         // the cut between (0, 1) and (1, 1)
  CHECK(image(8, 8 + 50) == dark);              // the outline on top
  CHECK(image(8 + 63, 8 + 16) == dark);         // the outline at the bottom (2 pixels above)
  CHECK(image(8 + 16, 8 + 40) == one);          // inside square (0, 1)
  // The grid line between (0, 0) and (0, 1): the pixel column before the edge, shaded.
  const cv::Vec3b shaded = image(8 + 16, 8 + 31);
  CHECK(shaded != one);
  CHECK(std::abs(shaded[0] - one[0] * 0.8) <= 1);
  const std::map<int, int> counts = histogram(image);
  CHECK(counts.at(key(tangram::piece_colour(0))) == counts.at(key(tangram::piece_colour(1))));
  CHECK(counts.count(key(tangram::puzzle_colour())) == 0);
  // Thick lines: 4 pixels for squares of 32, at least 4, even.
  CHECK(tangram::dissection_line_px(32) == 4);
  CHECK(tangram::dissection_line_px(8) == 4);
  CHECK(tangram::dissection_line_px(100) == 12);
}

TEST_CASE("dissection picture: without a dissection, the puzzle in grey with its outline") {
  // A ring of 8 squares: the hole's edges are outline too.
  const Cells figure = tangram::parse_grid("###\n#.#\n###\n");
  const cv::Mat3b image = tangram::render_dissection(figure, {}, {20, 0});
  REQUIRE(image.cols == 60);
  const cv::Vec3b grey = bgr(tangram::puzzle_colour()), dark = bgr(tangram::outline_colour());
  CHECK(image(10, 10) == grey);
  CHECK(image(30, 30) == cv::Vec3b(255, 255, 255));  // the hole
  CHECK(image(30, 21) == dark);                       // the hole's left edge at x = 20
  CHECK(image(10, 19) != grey);                       // a grid line between (0, 0) and (0, 1)
  const std::string svg = tangram::dissection_svg(figure, {}, {20, 0});
  CHECK(count_of(svg, "class=\"piece\"") == 1);
  CHECK(contains(svg, "data-piece=\"figure\""));
  CHECK(contains(svg, tangram::colour_hex(tangram::puzzle_colour())));
}

TEST_CASE("dissection picture: the SVG has the PNG's size, one path per piece, the same bytes "
          "each time") {
  const Cells figure = tangram::parse_grid("##.\n###\n.##\n");
  const Cells even = tangram::parse_grid("##\n##\n##\n");
  const Dissection d = {{{0, 0}, {0, 1}}, {{1, 0}, {1, 1}}, {{2, 0}, {2, 1}}};
  const cv::Mat3b image = tangram::render_dissection(even, d);
  const std::string svg = tangram::dissection_svg(even, d);
  CHECK(svg == tangram::dissection_svg(even, d));
  CHECK(contains(svg, "width=\"" + std::to_string(image.cols) + "\" height=\"" +
                          std::to_string(image.rows) + "\""));
  CHECK(count_of(svg, "class=\"piece\"") == 3);
  for (int p = 0; p < 3; ++p)
    CHECK(contains(svg, "data-piece=\"" + std::to_string(p + 1) + "\" fill=\"" +
                            tangram::colour_hex(tangram::piece_colour(p)) + "\""));
  CHECK(count_of(svg, "class=\"cut\"") == 1);
  CHECK(svg.rfind("<?xml", 0) == 0);
  CHECK(svg.find("</svg>") != std::string::npos);
  // One piece of one square: every edge is outline.
  CHECK_NOTHROW(tangram::render_dissection(figure, {figure}));
}

TEST_CASE("dissection picture: squares outside the figure, twice taken, or a bad size throw") {
  const Cells figure = tangram::parse_grid("##\n");
  CHECK(contains(tangram::test::input_error([&] {
          tangram::render_dissection(figure, {{{0, 0}}, {{0, 2}}});
        }),
        "not in the figure"));
  CHECK(contains(tangram::test::input_error([&] {
          tangram::dissection_svg(figure, {{{0, 0}}, {{0, 0}}});
        }),
        "in two pieces"));
  CHECK_THROWS_AS(tangram::render_dissection(figure, {}, {2, 8}), tangram::UsageError);
  CHECK_THROWS_AS(tangram::dissection_svg(figure, {}, {32, -1}), tangram::UsageError);
}
