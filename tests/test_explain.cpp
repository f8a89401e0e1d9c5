// explain.hpp and `tangram explain`: the stages of one placement agree with the solver's
// functions and with slow references, the figures come out complete, and the command writes
// every picture with an index.html that shows them, or fails with one line.

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include <opencv2/imgcodecs.hpp>

#include "checks.hpp"
#include "cli_runner.hpp"
#include "patterns.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/core/base/format.hpp"
#include "tangram/core/puzzle/roughness.hpp"
#include "tangram/core/raster/layout.hpp"
#include "tangram/core/raster/morphology.hpp"
#include "tangram/io/pattern_png.hpp"
#include "tangram/lab/explain.hpp"
#include "temp_dir.hpp"

using namespace tangram;

namespace {

using tangram::test::kMasks;
using tangram::test::mask_pattern;
using tangram::test::one_error_line;

/// A 16 px high, 200 px long bar: too narrow for a large triangle in any 45-degree pose.
Pattern bar_pattern() {
  cv::Mat1b mask(40, 240, uchar{0});
  mask(cv::Rect(20, 12, 200, 16)) = 255;
  return make_pattern(mask);
}

/// The PNG names `tangram explain` writes besides index.html.
std::vector<std::string> expected_pictures() {
  std::vector<std::string> names{"fig7a-pattern-mask.png",       "fig7b-configuration-mask.png",
                                 "fig7c-reflected-mask.png",     "fig7d-collision-free-area.png",
                                 "fig7e-skeleton-endpoints.png", "fig7f-cost-and-endpoints.png",
                                 "fig7g-after-placement.png",    "fig6-distance-transform.png"};
  for (const char* s : {"bl", "lb", "hzz", "vzz", "s", "s-inv", "dt"})
    names.push_back(std::string("fig5-") + s + ".png");
  return names;
}

}  // namespace

TEST_CASE(
    "explain: the stages agree with cv::dilate, the skeleton and the cost of each "
    "endpoint") {
  const Pattern pattern = mask_pattern("02-page9-11.png");
  for (const Strategy strategy : {Strategy::DistanceTransform, Strategy::BottomLeft}) {
    CAPTURE(strategy_label(strategy));
    const Configuration config{tangram_shapes::small_triangle, 0.0, false};
    const PlacementWalkthrough w =
        explain_placement(pattern, PieceSet::tangram(), config, strategy, 0.75);
    REQUIRE(w.chosen);
    const RunMask& mask = w.configuration.mask;
    CHECK(mask.pixels > 0);

    // (d): the erosion equals the paper's dilation of the obstacles.
    const cv::Mat1b reference = collision_free_area_reference(w.empty == 0, mask);
    CHECK(cv::countNonZero(reference != w.free_area) == 0);
    // (e): the candidates shown are the endpoints of the skeleton shown.
    CHECK(w.endpoints == skeleton_endpoints(w.skeleton));
    CHECK(w.endpoints.size() > 1);

    // (f): costs by Eq. 1 and the cheapest chosen.
    REQUIRE(w.costs.size() == w.endpoints.size());
    for (std::size_t i = 0; i < w.endpoints.size(); ++i) {
      const cv::Point p = w.endpoints[i];
      double expected = 0.0;
      if (strategy == Strategy::DistanceTransform) {
        const cv::Mat1b placed = place_mask(cv::Mat1b(w.empty.size(), uchar{255}), mask, p);
        for (int y = 0; y < placed.rows; ++y)
          for (int x = 0; x < placed.cols; ++x)
            if (!placed(y, x)) expected += w.cost_matrix(y, x);
      } else {
        expected = w.cost_matrix(p) * static_cast<double>(mask.pixels);
      }
      CHECK(w.costs[i] == doctest::Approx(expected).epsilon(1e-6));
      CHECK(w.costs[*w.chosen] <= w.costs[i]);
    }
    // (g): exactly the piece's cells became obstacles.
    CHECK(cv::countNonZero(w.empty) - cv::countNonZero(w.after) == mask.pixels);
  }
}

TEST_CASE(
    "explain: a piece that does not fit has no chosen position; the first fitting angle "
    "is found") {
  const Pattern bar = bar_pattern();
  const PlacementWalkthrough w = explain_placement(
      bar, PieceSet::tangram(), Configuration{tangram_shapes::large_triangle, 0.0, false},
      Strategy::DistanceTransform, 0.75);
  CHECK_FALSE(w.chosen);
  CHECK(w.endpoints.empty());
  CHECK(w.after.empty());
  CHECK_THROWS_AS(explain_figures(bar, w), InputError);
  CHECK_FALSE(first_fitting_angle(bar, PieceSet::tangram(), tangram_shapes::large_triangle, false,
                                  45.0, 0.75));
  CHECK(first_fitting_angle(bar, PieceSet::tangram(), tangram_shapes::small_triangle, false, 45.0,
                            0.75));

  // The large triangle lies flat in the ring of 02-page9-11 only upright: 90 deg comes first.
  const Pattern ring = mask_pattern("02-page9-11.png");
  const auto angle = first_fitting_angle(ring, PieceSet::tangram(), tangram_shapes::large_triangle,
                                         false, 45.0, 0.75);
  REQUIRE(angle);
  CHECK(*angle == 90.0);
}

TEST_CASE(
    "explain: figures of Figs. 7, 5 and 6 with distinct files, captions and the "
    "pattern's scale") {
  const Pattern pattern = mask_pattern("02-page9-11.png");
  const PlacementWalkthrough w = explain_placement(
      pattern, PieceSet::tangram(), Configuration{tangram_shapes::parallelogram, 45.0, true},
      Strategy::Spiral, 0.75);
  REQUIRE(w.chosen);
  const std::vector<FigureSection> sections = explain_figures(pattern, w, 2);
  REQUIRE(sections.size() == 3);
  CHECK(sections[0].figures.size() == 7);
  CHECK(sections[1].figures.size() == 7);
  CHECK(sections[2].figures.size() == 1);
  std::set<std::string> files;
  for (const FigureSection& section : sections) {
    CHECK_FALSE(section.heading.empty());
    for (const Figure& figure : section.figures) {
      CAPTURE(figure.file);
      files.insert(figure.file);
      CHECK_FALSE(figure.title.empty());
      CHECK(figure.caption.size() > 20);
      CHECK_FALSE(figure.image.empty());
    }
  }
  const std::vector<std::string> expected = expected_pictures();
  CHECK(files == std::set<std::string>(expected.begin(), expected.end()));
  const cv::Size doubled(2 * pattern.puzzle.cols, 2 * pattern.puzzle.rows);
  for (std::size_t i : {0u, 3u, 4u, 5u, 6u}) CHECK(sections[0].figures[i].image.size() == doubled);
  for (const Figure& figure : sections[1].figures) CHECK(figure.image.size() == doubled);
  // (f) lists every endpoint's cost under a header row.
  CHECK(sections[0].figures[5].table.size() == w.endpoints.size() + 1);
}

TEST_CASE("tangram explain: writes every picture and an index.html that shows each of them") {
  tangram::test::TempDir dir("explain");
  const test::Run run = test::run_cli(dir, "explain " + kMasks + "02-page9-11.png --out out");
  CAPTURE(run.err);
  REQUIRE(run.status == 0);
  CHECK(run.err.empty());
  CHECK(run.out.find("large-triangle at 90 deg") != std::string::npos);

  const std::string html = test::read_all(dir.file("out/index.html"));
  REQUIRE_FALSE(html.empty());
  CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(html.find("http") == std::string::npos);  // nothing fetched from the network
  CHECK(html.find("<script") == std::string::npos);
  std::size_t last = 0;
  for (const std::string& name :
       {std::string("fig7a"), std::string("fig7g"), std::string("fig5-bl"), std::string("fig6")}) {
    const std::size_t at = html.find("src=\"" + name);
    CAPTURE(name);
    CHECK(at != std::string::npos);
    CHECK(at > last);  // in the order of the paper's walkthrough: Fig. 7, 5, 6
    last = at;
  }
  std::vector<std::string> written;
  for (const auto& entry : std::filesystem::directory_iterator(dir.file("out")))
    written.push_back(entry.path().filename().string());
  std::vector<std::string> expected = expected_pictures();
  expected.push_back("index.html");
  std::sort(written.begin(), written.end());
  std::sort(expected.begin(), expected.end());
  CHECK(written == expected);
  for (const std::string& name : expected_pictures()) {
    CAPTURE(name);
    CHECK(html.find("<img src=\"" + name + "\"") != std::string::npos);
    CHECK_FALSE(cv::imread(dir.file("out/" + name), cv::IMREAD_COLOR).empty());
  }
}

TEST_CASE(
    "tangram explain: bad piece, angle, strategy, a piece that does not fit and a "
    "missing --out exit 2 with one line, writing nothing") {
  tangram::test::TempDir dir("explain-bad");
  REQUIRE(cv::imwrite(dir.file("bar.png"), 255 - bar_pattern().puzzle));
  const std::string ring = kMasks + "02-page9-11.png";
  const std::pair<std::string, const char*> cases[] = {
      {"explain " + ring + " --piece hexagon --out out", "--piece: unknown piece 'hexagon'"},
      {"explain " + ring + " --angle 360 --out out", "--angle must be in [0, 360)"},
      {"explain " + ring + " --angle -5 --out out", "--angle must be in [0, 360)"},
      {"explain " + ring + " --strategy zz --out out", "--strategy"},
      {"explain " + ring + " --angle 0 --out out", "does not fit"},
      {"explain bar.png --out out", "fits nowhere"},
      {"explain " + ring, "--out"},
      {"explain " + ring + " --out bar.png", "not a directory"},
  };
  for (const auto& [args, mention] : cases) {
    const auto& args_ = args;  // clang 14 lambdas take no bindings
    CAPTURE(args_);
    const test::Run run = test::run_cli(dir, args);
    CHECK(run.status == 2);
    CHECK(one_error_line(run.err));
    CHECK(run.err.find(mention) != std::string::npos);
    CHECK(run.out.empty());
  }
  CHECK_FALSE(std::filesystem::exists(dir.file("out")));
}

TEST_CASE("tangram explain --help lists its options and exit statuses") {
  tangram::test::TempDir dir("explain-help");
  const test::Run help = test::run_cli(dir, "explain --help");
  CHECK(help.status == 0);
  for (const char* option : {"--piece", "--angle", "--mirror", "--strategy", "--rotation-step",
                             "--inset", "--scale", "--out", "Exit status"}) {
    CAPTURE(option);
    CHECK(help.out.find(option) != std::string::npos);
  }
  CHECK(test::run_cli(dir, "--help").out.find("explain") != std::string::npos);
}

TEST_CASE("tangram explain --rotation-step auto: a turned figure is explained at its own angles") {
  // masks/29 is a figure turned by 146.02 deg: 11.02 modulo 45. The large triangle fits at the
  // angle its edges share (as measured), which solve's first stage tries, and at no multiple
  // of 45.
  tangram::test::TempDir dir("explain");
  const test::Run run = test::run_cli(dir, "explain " + kMasks + "29-page3-61-rotated.png -o out");
  CAPTURE(run.err);
  REQUIRE(run.status == 0);
  CHECK(run.out.find("large-triangle at 11.0") != std::string::npos);
  CHECK(run.out.find("(the direction the figure's edges share)") != std::string::npos);
  // A fixed step of 45 finds no angle at all.
  const test::Run fixed = test::run_cli(
      dir, "explain " + kMasks + "29-page3-61-rotated.png -o out2 --rotation-step 45");
  CHECK(fixed.status == 2);
  CHECK(fixed.err.find("fits nowhere at any multiple of 45 deg") != std::string::npos);
}

TEST_CASE("tangram explain: a wobbly outline's notches leave the piece a place, as in solve") {
  // The house jittered by +-1 px (tests/data/rough-house-j1.png), which solve solves. Before:
  // "the large-triangle fits nowhere at any angle 44.74 + k x 45 deg".
  tangram::test::TempDir dir("explain");
  const test::Run run = test::run_cli(
      dir, "explain " + std::string(TANGRAM_SOURCE_DIR) + "/tests/data/rough-house-j1.png -o out");
  CAPTURE(run.err);
  CHECK(run.status == 0);
  CHECK(run.out.find("large-triangle at") != std::string::npos);
}

TEST_CASE("tangram explain: a rough outline's piece at the first rung of solve's ladder") {
  // The house jittered by +-2 px: solve's plan starts at 45-degree steps with the masks inset by
  // the automatic 0.75 px and its noise (rotation_plan.hpp). Before: 1-degree steps, 0.75 px.
  tangram::test::TempDir dir("explain");
  const std::string figure = std::string(TANGRAM_SOURCE_DIR) + "/tests/data/rough-house-j2.png";
  const test::Run run = test::run_cli(dir, "explain " + figure + " -o out");
  CAPTURE(run.err);
  REQUIRE(run.status == 0);
  CHECK(run.out.find("multiple of 45 deg") != std::string::npos);
  const std::string page = test::read_all(dir.path() / "out" / "index.html");
  const double noise = outline_noise_px(load_pattern(figure).puzzle);
  CHECK(page.find("inset by " + tangram::detail::fixed(0.75 + noise, 2) + " px") !=
        std::string::npos);
  // An inset given is kept.
  const test::Run given = test::run_cli(dir, "explain " + figure + " -o out2 --inset 4");
  REQUIRE(given.status == 0);
  CHECK(test::read_all(dir.path() / "out2" / "index.html").find("inset by 4.00 px") !=
        std::string::npos);
}

TEST_CASE("tangram explain --pieces: a piece of another set, at that set's scale") {
  // A 10 x 6 rectangle of 20 px units: the pentomino X spans 3 units, its mask 60 px.
  tangram::test::TempDir dir("explain");
  cv::Mat1b figure(140, 240, uchar{255});
  figure(cv::Rect(20, 10, 200, 120)) = 0;
  REQUIRE(cv::imwrite(dir.file("rect.png"), figure));
  const test::Run run =
      test::run_cli(dir, "explain rect.png --pieces pentominoes --piece X -o out --scale 1");
  CAPTURE(run.err);
  REQUIRE(run.status == 0);
  CHECK(run.out.find("rect.png: X at 0 deg") != std::string::npos);
  const cv::Mat mask =
      cv::imread(dir.file("out/fig7b-configuration-mask.png"), cv::IMREAD_GRAYSCALE);
  REQUIRE_FALSE(mask.empty());
  const test::Run unknown =
      test::run_cli(dir, "explain rect.png --pieces pentominoes --piece Q -o o2");
  CHECK(unknown.status == 2);
  CHECK(unknown.err.find("--piece: unknown piece 'Q' (choose one of F, I, L, N, P, T, U, V, W, X, "
                         "Y, Z)") != std::string::npos);
  // Without --piece: the set's largest piece first.
  const test::Run largest = test::run_cli(dir, "explain rect.png --pieces pentominoes -o o3");
  CHECK(largest.status == 0);
}
