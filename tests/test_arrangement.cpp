// Arrangements: the final poses (turns, figure rotation, set and overlap checks), rendering
// against the shipped masks, the JSON reader and `tangram render` end to end.

#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <string>

#include <opencv2/imgcodecs.hpp>

#include "cli_runner.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/core/puzzle/arrangement.hpp"
#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/io/documents.hpp"
#include "tangram/io/pattern_png.hpp"
#include "temp_dir.hpp"

namespace {

using namespace tangram;

std::string mask_path(const std::string& name) {
  return std::string(TANGRAM_SOURCE_DIR) + "/masks/" + name;
}

/// The seven-piece square of masks/src/01-square.arrangement.json.
Arrangement square_arrangement() {
  return read_arrangement_json(mask_path("src/01-square.arrangement.json"));
}

Pattern pattern_of(const RenderedFigure& figure) {
  const cv::Mat1b puzzle = figure.image == 0;
  return make_pattern(puzzle);
}

double total_area(const std::vector<PlacedPiece>& pieces) {
  double sum = 0.0;
  for (const PlacedPiece& piece : pieces) sum += area(piece.polygon);
  return sum;
}

}  // namespace

TEST_CASE("the square renders as the exact 200 px square with a 10 px margin") {
  const RenderedFigure figure = render_arrangement(square_arrangement(), PieceSet::tangram());
  CHECK(figure.image.cols == 220);
  CHECK(figure.image.rows == 220);
  CHECK(cv::countNonZero(figure.image == 0) == 40000);
  CHECK(figure.image(10, 10) == 0);
  CHECK(figure.image(9, 9) == 255);
  CHECK(total_area(figure.pieces) == doctest::Approx(40000.0));
  const VerifyReport report =
      verify_solution(pattern_of(figure), figure.pieces, PieceSet::tangram());
  CHECK(report.valid);
  CHECK(report.metrics.coverage == doctest::Approx(1.0).epsilon(1e-9));
}

TEST_CASE("rendering reproduces every shipped pattern of masks/ byte for byte in pixels") {
  for (const auto& entry : std::filesystem::directory_iterator(mask_path("src"))) {
    const std::string name = entry.path().filename().string();
    const std::string suffix = ".arrangement.json";
    if (name.size() <= suffix.size() || name.substr(name.size() - suffix.size()) != suffix)
      continue;
    const std::string stem = name.substr(0, name.size() - suffix.size());
    CAPTURE(stem);
    const RenderedFigure figure =
        render_arrangement(read_arrangement_json(entry.path().string()), PieceSet::tangram());
    const cv::Mat shipped = cv::imread(mask_path(stem + ".png"), cv::IMREAD_UNCHANGED);
    REQUIRE(shipped.size() == figure.image.size());
    CHECK(cv::countNonZero(shipped != figure.image) == 0);
    CHECK(verify_solution(pattern_of(figure), figure.pieces, PieceSet::tangram()).valid);
  }
}

TEST_CASE("a turn moves only its pieces, about the pivot, and adds its angle") {
  Arrangement arrangement = square_arrangement();
  const RenderedFigure before = render_arrangement(arrangement, PieceSet::tangram());
  // Piece 3 is the square at 45 deg, a diamond whose right vertex touches the set's right side;
  // turning it about that vertex by 180 deg swings it outside the set.
  REQUIRE(arrangement.pieces[3].shape == tangram_shapes::square);
  const Vec2 centre = arrangement.pieces[3].pose.centre;
  const Vec2 pivot = centre + Vec2{0.25, 0.0};
  arrangement.turns.push_back(Turn{{3}, pivot, 180.0});
  const std::vector<ArrangedPiece> posed = final_poses(arrangement, PieceSet::tangram());
  CHECK(posed[3].pose.angle_deg == doctest::Approx(225.0));
  CHECK(posed[3].pose.centre.x == doctest::Approx(centre.x + 0.5));
  CHECK(posed[3].pose.centre.y == doctest::Approx(centre.y));
  for (int i : {0, 1, 2, 4, 5, 6}) {
    CHECK(posed[i].pose.centre.x == doctest::Approx(arrangement.pieces[i].pose.centre.x));
    CHECK(posed[i].pose.angle_deg == doctest::Approx(arrangement.pieces[i].pose.angle_deg));
  }
  const RenderedFigure after = render_arrangement(arrangement, PieceSet::tangram());
  CHECK(after.image.cols > before.image.cols);
  CHECK(verify_solution(pattern_of(after), after.pieces, PieceSet::tangram()).valid);
}

TEST_CASE("rotating the whole figure keeps it valid and turns every piece") {
  Arrangement arrangement = square_arrangement();
  arrangement.rotate_deg = 30.0;
  const RenderedFigure figure = render_arrangement(arrangement, PieceSet::tangram());
  const double diagonal = 200.0 * (std::cos(M_PI / 6) + std::sin(M_PI / 6));
  CHECK(figure.image.cols == static_cast<int>(std::ceil(diagonal + 20 - 1e-6)));
  for (std::size_t i = 0; i < figure.pieces.size(); ++i)
    CHECK(figure.pieces[i].pose.angle_deg ==
          doctest::Approx(std::fmod(square_arrangement().pieces[i].pose.angle_deg + 30.0, 360.0)));
  CHECK(verify_solution(pattern_of(figure), figure.pieces, PieceSet::tangram()).valid);
}

TEST_CASE("arrangements that are not the Tangram set, or overlap, are refused") {
  Arrangement six = square_arrangement();
  six.pieces.pop_back();
  CHECK_THROWS_AS(final_poses(six, PieceSet::tangram()), InputError);

  Arrangement two_squares = square_arrangement();
  two_squares.pieces[4].shape = tangram_shapes::square;  // a small triangle replaced
  CHECK_THROWS_AS(final_poses(two_squares, PieceSet::tangram()), InputError);

  Arrangement overlapping = square_arrangement();
  overlapping.pieces[0].pose.centre.x += 0.05;
  CHECK_THROWS_WITH_AS(final_poses(overlapping, PieceSet::tangram()), doctest::Contains("overlap"),
                       InputError);

  Arrangement bad_turn = square_arrangement();
  bad_turn.turns.push_back(Turn{{7}, Vec2{}, 10.0});
  CHECK_THROWS_WITH_AS(final_poses(bad_turn, PieceSet::tangram()),
                       doctest::Contains("names piece 7"), InputError);

  RenderConfig tiny;
  tiny.side_px = 0.0;
  CHECK_THROWS_AS(render_arrangement(square_arrangement(), PieceSet::tangram(), tiny), UsageError);
}

TEST_CASE("the arrangement reader names what is wrong") {
  CHECK_THROWS_WITH_AS(arrangement_from_json(R"({"format": "tangram-solution/1", "pieces": []})"),
                       doctest::Contains("wrong format tag"), InputError);
  CHECK_THROWS_WITH_AS(
      arrangement_from_json(
          R"({"format": "tangram-arrangement/1", "pieces": [{"name": "square"}]})"),
      doctest::Contains("missing \"centre\""), InputError);
  CHECK_THROWS_WITH_AS(arrangement_from_json(R"({"format": "tangram-arrangement/1", "pieces": [],
                               "turns": [{"pieces": [1.5], "pivot": [0, 0], "angle_deg": 3}]})"),
                       doctest::Contains("whole numbers"), InputError);
  const Arrangement parsed = arrangement_from_json(
      R"({"format": "tangram-arrangement/1", "name": "x", "pieces": [{"name": "square",
          "centre": [0.5, 0.25], "angle_deg": 45, "reflected": true}], "rotate_deg": 12.5})");
  REQUIRE(parsed.pieces.size() == 1);
  CHECK(parsed.pieces[0].pose.reflected);
  CHECK(parsed.pieces[0].pose.angle_deg == 45.0);
  CHECK(parsed.pieces[0].pose.centre.y == 0.25);
  CHECK(parsed.rotate_deg == 12.5);
}

TEST_CASE("tangram render writes the pattern and its truth, and never its input") {
  const test::TempDir dir("render");
  const std::string source = mask_path("src/02-page9-11.arrangement.json");
  std::filesystem::copy_file(source, dir.file("a.json"));
  const test::Run run = test::run_cli(dir, "render a.json -o fig.png");
  CHECK(run.status == 0);
  CHECK(run.out.find("wrote fig.png") != std::string::npos);
  const cv::Mat written = cv::imread(dir.file("fig.png"), cv::IMREAD_UNCHANGED);
  const cv::Mat shipped = cv::imread(mask_path("02-page9-11.png"), cv::IMREAD_UNCHANGED);
  REQUIRE(written.size() == shipped.size());
  CHECK(cv::countNonZero(written != shipped) == 0);
  const Solution truth = read_solution_json(dir.file("fig.truth.json"));
  CHECK(truth.solved);
  CHECK(verify_solution(load_pattern_png(dir.file("fig.png")), truth.pieces, PieceSet::tangram())
            .valid);

  const test::Run over = test::run_cli(dir, "render a.json -o fig.png --truth a.json");
  CHECK(over.status == 2);
  CHECK(over.err.find("is the input arrangement") != std::string::npos);
  const test::Run side = test::run_cli(dir, "render a.json -o other.png --side -3");
  CHECK(side.status == 2);
  CHECK(!std::filesystem::exists(dir.file("other.png")));
  test::write_file(dir.file("bad.json"), "{\"format\": \"tangram-arrangement/1\"}");
  const test::Run bad = test::run_cli(dir, "render bad.json -o other.png");
  CHECK(bad.status == 2);
  CHECK(bad.err.find("missing \"pieces\"") != std::string::npos);
}
