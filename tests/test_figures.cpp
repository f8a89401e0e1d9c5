// figures.hpp: the picture helpers keep their conventions (scale, colours, positions at block
// centres) and the HTML page references every figure and escapes text.

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "tangram/lab/figures.hpp"

using namespace tangram;

TEST_CASE("figures: the scale brings the longer side to about 512 px") {
  CHECK(figure_scale(cv::Size(291, 291)) == 2);
  CHECK(figure_scale(cv::Size(100, 40)) == 5);
  CHECK(figure_scale(cv::Size(336, 303)) == 2);
  CHECK(figure_scale(cv::Size(2000, 300)) == 1);
  CHECK(figure_scale(cv::Size(0, 0)) == 1);
}

TEST_CASE("figures: binary images, colour and grey maps") {
  cv::Mat1b mask(2, 3, uchar{0});
  mask(1, 2) = 255;
  const cv::Mat3b binary = binary_image(mask, cv::Vec3b(1, 2, 3), cv::Vec3b(9, 9, 9));
  CHECK(binary(1, 2) == cv::Vec3b(1, 2, 3));
  CHECK(binary(0, 0) == cv::Vec3b(9, 9, 9));

  cv::Mat1f values(1, 4);
  values << -1.0f, 0.0f, 1.0f, 2.0f;
  const cv::Mat3b grey = grey_map(values);
  CHECK(grey(0, 0) == cv::Vec3b(0, 0, 0));  // clamped
  CHECK(grey(0, 1) == cv::Vec3b(0, 0, 0));
  CHECK(grey(0, 2) == cv::Vec3b(255, 255, 255));
  CHECK(grey(0, 3) == cv::Vec3b(255, 255, 255));

  const cv::Mat3b colour = colour_map(values);
  CHECK(colour(0, 0) == colour(0, 1));
  CHECK(colour(0, 2) == colour(0, 3));
  CHECK(colour(0, 1) != colour(0, 2));
  // Viridis: dark (low) to yellow (high: much red and green, little blue).
  CHECK(colour(0, 2)[2] > 200);
  CHECK(colour(0, 2)[0] < 100);
  cv::Mat1b inside(1, 4, uchar{255});
  inside(0, 3) = 0;
  CHECK(colour_map(values, inside, cv::Vec3b(7, 7, 7))(0, 3) == cv::Vec3b(7, 7, 7));
}

TEST_CASE("figures: enlarged pictures keep pixels as blocks and marks land on block centres") {
  cv::Mat3b image(2, 2, cv::Vec3b(0, 0, 0));
  image(1, 0) = cv::Vec3b(255, 0, 0);
  const cv::Mat3b big = enlarge(image, 5);
  REQUIRE(big.size() == cv::Size(10, 10));
  CHECK(big(5, 0) == cv::Vec3b(255, 0, 0));
  CHECK(big(9, 4) == cv::Vec3b(255, 0, 0));
  CHECK(big(4, 4) == cv::Vec3b(0, 0, 0));

  cv::Mat3b canvas(40, 40, cv::Vec3b(0, 0, 0));
  mark_points(canvas, {cv::Point(3, 1)}, 8, cv::Scalar(0, 255, 0), cv::Scalar(0, 0, 255), 3);
  CHECK(canvas(12, 28) == cv::Vec3b(0, 255, 0));  // centre of block (3, 1) = (28, 12)
  CHECK(canvas(30, 10) == cv::Vec3b(0, 0, 0));
  mark_pixel(canvas, cv::Point(0, 4), 8, cv::Scalar(0, 0, 255), 6);
  CHECK(canvas(32, 0) == cv::Vec3b(0, 0, 255));
  CHECK(canvas(39, 7) == cv::Vec3b(0, 0, 255));
}

TEST_CASE("figures: pictures side by side and under a title") {
  const cv::Mat3b a(10, 20, cv::Vec3b(1, 1, 1)), b(30, 5, cv::Vec3b(2, 2, 2));
  const cv::Mat3b both = side_by_side({a, b}, 4);
  CHECK(both.size() == cv::Size(29, 30));
  CHECK(both(0, 24) == cv::Vec3b(2, 2, 2));
  CHECK(both(20, 0) == cv::Vec3b(255, 255, 255));
  const cv::Mat3b titled = with_title(a, "a title far longer than the picture is wide");
  CHECK(titled.cols == a.cols);
  CHECK(titled.rows == a.rows + 24);
}

TEST_CASE("figures: the HTML page shows every figure in order and escapes text") {
  std::vector<FigureSection> sections(2);
  sections[0].heading = "First <one>";
  sections[0].figures.push_back({"a.png", "A & B", "caption \"quoted\"", cv::Mat3b(3, 4), {}});
  sections[1].figures.push_back(
      {"b.png", "B", "second", cv::Mat3b(3, 4), {{"x", "cost"}, {"1", "2.5"}}});
  const std::string html = figures_html("Title", "Intro", sections);
  CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(html.find("<img src=\"a.png\"") < html.find("<img src=\"b.png\""));
  CHECK(html.find("First &lt;one&gt;") != std::string::npos);
  CHECK(html.find("A &amp; B") != std::string::npos);
  CHECK(html.find("caption &quot;quoted&quot;") != std::string::npos);
  CHECK(html.find("<th>cost</th>") != std::string::npos);
  CHECK(html.find("<td>2.5</td>") != std::string::npos);
  CHECK(html.find("width=\"4\" height=\"3\"") != std::string::npos);
  CHECK(html.find("</html>") != std::string::npos);
}
