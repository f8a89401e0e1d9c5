// io/dissection_picture.hpp: the pieces in their colours, the cuts and the outline thick, the
// grid lines thin, the PNG and the SVG of the same size and parts; for squares and for
// half-squares (cuts along diagonals too).

#include <doctest/doctest.h>

#include <map>
#include <string>

#include "checks.hpp"
#include "tangram/core/dissection/half_square_dissection.hpp"
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
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

/// The checks every dissection SVG passes: the PNG's size, one path per piece in its colour,
/// one path of grid lines and one of cuts.
void check_svg_matches(const std::string& svg, const cv::Mat3b& image, int pieces) {
  CHECK(contains(svg, "width=\"" + std::to_string(image.cols) + "\" height=\"" +
                          std::to_string(image.rows) + "\""));
  CHECK(count_of(svg, "class=\"piece\"") == pieces);
  for (int p = 0; p < pieces; ++p)
    CHECK(contains(svg, "data-piece=\"" + std::to_string(p + 1) + "\" fill=\"" +
                            tangram::colour_hex(tangram::piece_colour(p)) + "\""));
  CHECK(count_of(svg, "class=\"grid\"") == 1);
  CHECK(count_of(svg, "class=\"cut\"") == 1);
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
  CHECK(image(2, 2) == white);           // the margin
  CHECK(image(8 + 16, 8 + 16) == one);   // square (0, 0)
  CHECK(image(8 + 48, 8 + 112) == two);  // square (1, 3)
  CHECK(image(8 + 16, 8 + 96) == dark);  // the cut between (0, 2) and (0, 3)
  CHECK(image(8 + 32, 8 + 48) == dark);  // the cut between (0, 1) and (1, 1)
  CHECK(image(8, 8 + 50) == dark);       // the outline on top
  CHECK(image(8 + 63, 8 + 16) == dark);  // the outline at the bottom (2 pixels above)
  CHECK(image(8 + 16, 8 + 40) == one);   // inside square (0, 1)
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
  CHECK(image(30, 21) == dark);                      // the hole's left edge at x = 20
  CHECK(image(10, 19) != grey);                      // a grid line between (0, 0) and (0, 1)
  const std::string svg = tangram::dissection_svg(figure, {}, {20, 0});
  CHECK(count_of(svg, "class=\"piece\"") == 1);
  CHECK(contains(svg, "data-piece=\"figure\""));
  CHECK(contains(svg, tangram::colour_hex(tangram::puzzle_colour())));
}

TEST_CASE(
    "dissection picture: the SVG has the PNG's size, one path per piece, the same bytes "
    "each time") {
  const Cells figure = tangram::parse_grid("##.\n###\n.##\n");
  const Cells even = tangram::parse_grid("##\n##\n##\n");
  const Dissection d = {{{0, 0}, {0, 1}}, {{1, 0}, {1, 1}}, {{2, 0}, {2, 1}}};
  const cv::Mat3b image = tangram::render_dissection(even, d);
  const std::string svg = tangram::dissection_svg(even, d);
  CHECK(svg == tangram::dissection_svg(even, d));
  check_svg_matches(svg, image, 3);
  CHECK(contains(svg, "stroke-linecap=\"square\""));
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

TEST_CASE("half-square dissection picture: a square cut along its diagonal, pixel by pixel") {
  // The unit square's top-right half (quarters top and right) and bottom-left half: the cut
  // runs along the diagonal from the top-left corner to the bottom-right one.
  const tangram::Quarters figure = tangram::parse_half_grid("#\n");
  const tangram::HalfDissection d = {{{0, 0, 0}, {0, 0, 1}}, {{0, 0, 2}, {0, 0, 3}}};
  const cv::Mat3b image = tangram::render_half_dissection(figure, d, {32, 8});
  REQUIRE(image.cols == 32 + 16);
  REQUIRE(image.rows == 32 + 16);
  const cv::Vec3b white(255, 255, 255), dark = bgr(tangram::outline_colour());
  const cv::Vec3b one = bgr(tangram::piece_colour(0)), two = bgr(tangram::piece_colour(1));
  const auto at = [&](int x, int y) { return image(8 + y, 8 + x); };  // in the square
  CHECK(image(2, 2) == white);
  CHECK(at(26, 8) == one);  // above the diagonal
  CHECK(at(8, 26) == two);  // below it
  // The cut along the diagonal, between the two triangles, all the way.
  for (int k = 5; k < 27; ++k) {
    CAPTURE(k);
    CHECK(at(k, k) == dark);
    CHECK(at(k + 3, k - 3) == one);  // 4.2 pixels off the diagonal, 2.5 inside the outline
    CHECK(at(k - 3, k + 3) == two);
  }
  CHECK(at(20, 12) == one);
  CHECK(at(12, 20) == two);
  // The other half-diagonals lie inside a piece: thin, the fill shaded, on the pixels whose
  // centres they pass through (x + y = 31).
  const cv::Vec3b shaded = at(25, 6);
  CHECK(shaded != one);
  CHECK(std::abs(shaded[0] - one[0] * 0.8) <= 1);
  CHECK(at(24, 6) == one);
  CHECK(at(6, 25) != two);
  CHECK(at(6, 24) == two);
  CHECK(at(16, 2) == one);   // inside, 2.5 pixels below the outline on top
  CHECK(at(16, 1) == dark);  // the outline
  const std::map<int, int> counts = histogram(image);
  CHECK(counts.at(key(tangram::piece_colour(0))) == counts.at(key(tangram::piece_colour(1))));
}

TEST_CASE("half-square dissection picture: the triangle's hypotenuse is outline, outside white") {
  // The right isosceles triangle of 4 half-squares halved along its altitude.
  const tangram::Quarters figure = tangram::parse_half_grid("#7\n7.\n");
  const tangram::DissectHalvesResult r = tangram::half_dissect(figure);
  REQUIRE(r.solutions.size() == 1);
  const cv::Mat3b image = tangram::render_half_dissection(figure, r.solutions[0], {32, 0});
  REQUIRE(image.cols == 64);
  REQUIRE(image.rows == 64);
  const cv::Vec3b white(255, 255, 255), dark = bgr(tangram::outline_colour());
  CHECK(image(32 + 26, 32 + 26) == white);  // square (1, 1) is empty
  CHECK(image(26, 32 + 26) == white);       // the empty half of square (0, 1)
  CHECK(image(6, 32 + 6) != white);         // its '7' half
  CHECK(image(16, 48) == dark);             // the hypotenuse through square (0, 1)'s centre
  CHECK(image(48, 16) == dark);             // and square (1, 0)'s
  // The altitude from the right angle (0, 0) to the hypotenuse's middle (1, 1) is the cut.
  CHECK(image(20, 20) == dark);
  CHECK(image(10, 22) != image(22, 10));  // two pieces on either side
  // The figure alone: grey, its lattice lines thin, no cut inside.
  const cv::Mat3b puzzle = tangram::render_half_dissection(figure, {}, {32, 0});
  const cv::Vec3b grey = bgr(tangram::puzzle_colour());
  CHECK(puzzle(10, 22) == grey);
  CHECK(puzzle(22, 10) == grey);
  CHECK(puzzle(20, 20) != dark);
  CHECK(puzzle(20, 20) != grey);  // the diagonal, thin
  CHECK(puzzle(16, 48) == dark);
}

TEST_CASE("half-square dissection picture: the SVG has the PNG's size, its paths by class") {
  // The 2 x 2 square into the 4 triangles of its diagonals' cross.
  const tangram::Quarters figure = tangram::parse_half_grid("##\n##\n");
  tangram::DissectHalvesConfig four;
  four.parts = 4;
  const tangram::DissectHalvesResult r = tangram::half_dissect(figure, four);
  REQUIRE(r.solutions.size() == 2);
  for (const tangram::HalfDissection& d : r.solutions) {
    const cv::Mat3b image = tangram::render_half_dissection(figure, d);
    const std::string svg = tangram::half_dissection_svg(figure, d);
    CHECK(svg == tangram::half_dissection_svg(figure, d));
    check_svg_matches(svg, image, 4);
    CHECK(contains(svg, "stroke-linecap=\"round\""));
    const std::map<int, int> counts = histogram(image);
    for (int p = 0; p < 4; ++p) CHECK(counts.count(key(tangram::piece_colour(p))) == 1);
  }
  // The cross: every piece is one half-square triangle of each of two squares (two "L"
  // segments of path, no whole square), and the cuts include diagonals.
  const auto two_squares = [](const tangram::Quarters& piece) {
    return piece.front().row != piece.back().row || piece.front().col != piece.back().col;
  };
  const tangram::HalfDissection& cross =
      two_squares(r.solutions[0][0]) ? r.solutions[0] : r.solutions[1];
  REQUIRE(two_squares(cross[0]));
  const std::string svg = tangram::half_dissection_svg(figure, cross);
  const std::size_t cut = svg.find("class=\"cut\"");
  REQUIRE(cut != std::string::npos);
  CHECK(svg.find('L', cut) != std::string::npos);
  CHECK(svg.find("h32v32h-32z") == std::string::npos);
  // Without a dissection: one grey path of the figure.
  const std::string alone = tangram::half_dissection_svg(figure, {});
  CHECK(count_of(alone, "class=\"piece\"") == 1);
  CHECK(contains(alone, "data-piece=\"figure\""));
  CHECK(contains(alone, tangram::colour_hex(tangram::puzzle_colour())));
}

TEST_CASE(
    "half-square dissection picture: quarters outside the figure, twice taken, or a bad "
    "size throw") {
  const tangram::Quarters figure = tangram::parse_half_grid("7\n");  // quarters 0 and 3
  CHECK(contains(tangram::test::input_error([&] {
                   tangram::render_half_dissection(figure, {{{0, 0, 0}}, {{0, 0, 2}}});
                 }),
                 "piece 2 holds quarter (0, 0, 2), which is not in the figure"));
  CHECK(contains(tangram::test::input_error([&] {
                   tangram::half_dissection_svg(figure, {{{0, 0, 0}}, {{0, 0, 0}}});
                 }),
                 "quarter (0, 0, 0) is in two pieces"));
  CHECK_THROWS_AS(tangram::render_half_dissection(figure, {}, {33, 8}), tangram::UsageError);
  CHECK_THROWS_AS(tangram::half_dissection_svg(figure, {}, {2, 8}), tangram::UsageError);
  CHECK_NOTHROW(tangram::render_half_dissection(figure, {figure}, {4, 0}));
}
