// `tangram dissect`: the count on stdout, the JSON document, --unique's exit statuses and bad
// figures refused in one line (exit 2). Small figures only: the file runs under ASan.

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include <opencv2/imgcodecs.hpp>

#include "checks.hpp"
#include "cli_runner.hpp"
#include "tangram/io/detail/json.hpp"
#include "tangram/io/picture.hpp"
#include "temp_dir.hpp"

using tangram::test::one_error_line;
using tangram::test::run_cli;
using tangram::test::TempDir;

namespace {

void write(const TempDir& dir, const std::string& name, const std::string& text) {
  tangram::test::write_file(dir.file(name), text);
}

/// The PNG `name` that a command wrote in `dir`, which must be `cols` x `rows` pixels.
cv::Mat read_picture(const TempDir& dir, const std::string& name, int cols, int rows) {
  const cv::Mat image = cv::imread(dir.file(name), cv::IMREAD_COLOR);
  REQUIRE(!image.empty());
  CHECK(image.cols == cols);
  CHECK(image.rows == rows);
  return image;
}

}  // namespace

TEST_CASE("dissect CLI: a 2 x 4 rectangle halves 4 ways, 3 up to its symmetries, as JSON") {
  TempDir dir("dissect-cli");
  write(dir, "r.txt", "####\n####\n");
  tangram::test::Run run = run_cli(dir, "dissect r.txt");
  CHECK(run.status == 0);
  CHECK(run.out == "4 dissections into 2 congruent pieces of 4 squares\n");
  run = run_cli(dir, "dissect r.txt --method halving");
  CHECK(run.status == 0);
  CHECK(run.out == "4 dissections into 2 congruent pieces of 4 squares\n");
  // --print rates each dissection in words, not as Kotani's X1-X5.
  run = run_cli(dir, "dissect r.txt --print --max-solutions 1");
  CHECK(run.out.find("pieces of 4 squares, ") != std::string::npos);
  CHECK(run.out.find("X1") == std::string::npos);
  run = run_cli(dir, "dissect r.txt --parts 1");
  CHECK(run.status == 0);
  CHECK(run.out == "1 dissection into 1 piece of 8 squares\n");
  run = run_cli(dir, "dissect r.txt --up-to-symmetry --method kotani --json out.json");
  CHECK(run.status == 0);
  CHECK(run.out.rfind("3 dissections", 0) == 0);
  const auto json = tangram::detail::parse_json(tangram::test::read_all(dir.path() / "out.json"));
  CHECK(json["format"] == "tangram-dissection/1");
  CHECK(json["figure"].size() == 8);
  REQUIRE(json["solutions"].size() == 3);
  CHECK(json["solutions"][0].size() == 2);
  CHECK(json["solutions"][0][0].size() == 4);
  CHECK(json["solutions"][0][0][0] == tangram::detail::Json::array({0, 0}));
  REQUIRE(json["ratings"].size() == 3);
  CHECK(json["ratings"][0]["x"] == tangram::detail::Json::parse("[4, 6, 4, 0, 0]"));
  CHECK(json["ratings"][0]["symmetric"] == true);
  // Three pieces of an L-shaped hexomino ... and quarters without mirror images.
  write(dir, "l.txt", "#.\n#.\n##\n##\n");
  run = run_cli(dir, "dissect l.txt --parts 3 --print");
  CHECK(run.status == 0);
  CHECK(run.out.find("pieces of 2 squares") != std::string::npos);
}

TEST_CASE("dissect CLI: --unique says none, one or several") {
  TempDir dir("dissect-unique");
  write(dir, "two.txt", "##\n");
  write(dir, "r.txt", "####\n####\n");
  write(dir, "t.txt", "###\n.#.\n");
  CHECK(run_cli(dir, "dissect two.txt --unique").status == 0);
  CHECK(run_cli(dir, "dissect r.txt --unique").status == 4);
  CHECK(run_cli(dir, "dissect t.txt --unique").status == 1);
  CHECK(run_cli(dir, "dissect t.txt").status == 1);
  // The time limit before the end: a lower bound, exit 5.
  write(dir, "big.txt",
        "########\n########\n########\n########\n########\n########\n"
        "########\n########\n");
  const tangram::test::Run run = run_cli(dir, "dissect big.txt --time-limit 0.05");
  CHECK(run.status == 5);
  CHECK(run.out.rfind("at least ", 0) == 0);
}

TEST_CASE("dissect CLI: bad figures and options exit 2 with one line") {
  TempDir dir("dissect-bad");
  write(dir, "split.txt", "#.#\n");
  write(dir, "odd.txt", "###\n");
  write(dir, "junk.txt", "#x\n");
  for (const char* args :
       {"dissect split.txt", "dissect odd.txt", "dissect junk.txt", "dissect missing.txt",
        "dissect odd.txt --parts 3 --method kotani", "dissect odd.txt --method fast",
        "dissect odd.txt --parts 3 --method halving"}) {
    CAPTURE(args);
    const tangram::test::Run run = run_cli(dir, args);
    CHECK(run.status == 2);
    CHECK(one_error_line(run.err));
  }
  CHECK(run_cli(dir, "dissect split.txt").err.find("not edge-connected") != std::string::npos);
  CHECK(run_cli(dir, "dissect odd.txt").err.find("not a multiple of 2") != std::string::npos);
}

TEST_CASE("dissect CLI: a picture of the figure, its square side detected or given") {
  TempDir dir("dissect-png");
  // An S tetromino (##., .##) in 10-pixel squares, dark on white, with a margin of 7 pixels:
  // the same count as its text grid. (A plain rectangle would read as fewer, larger squares:
  // the side detected is the largest the picture allows.)
  cv::Mat1b image(34, 44, static_cast<unsigned char>(255));
  image(cv::Rect(7, 7, 20, 10)).setTo(0);
  image(cv::Rect(17, 17, 20, 10)).setTo(0);
  cv::imwrite(dir.file("l.png"), image);
  write(dir, "l.txt", "##.\n.##\n");
  const tangram::test::Run text = run_cli(dir, "dissect l.txt");
  CHECK(text.status == 0);
  CHECK(text.out == "1 dissection into 2 congruent pieces of 2 squares\n");
  CHECK(run_cli(dir, "dissect l.png").out == text.out);
  CHECK(run_cli(dir, "dissect l.png --cell 10").out == text.out);
  for (const char* args : {"dissect l.png --cell 15", "dissect l.png --cell 20"}) {
    CAPTURE(args);
    const tangram::test::Run run = run_cli(dir, args);
    CHECK(run.status == 2);
    CHECK(one_error_line(run.err));
  }
}

TEST_CASE("dissect CLI: every picture the project draws of a figure reads back as that figure") {
  // generate's puzzle pictures (a light grey figure, its outline thick and dark, its grid thin
  // and light), dissect --image (each piece in its colour, the cuts thick), as PNG and as JPEG:
  // the same figure and the same dissections as the text grid.
  TempDir dir("dissect-drawn");
  REQUIRE(
      run_cli(dir, "generate dissection --cells 20 --count 6 --seed 1 --out puzzles -q").status ==
      0);
  CHECK(tangram::test::read_all(dir.path() / "puzzles" / "sheet.html").find("X1-X5") ==
        std::string::npos);
  for (int i = 1; i <= 6; ++i) {
    const std::string stem = "puzzles/puzzle-00" + std::to_string(i);
    CAPTURE(stem);
    const tangram::test::Run text = run_cli(dir, "dissect " + stem + ".txt --json text.json");
    REQUIRE(text.status == 0);
    const auto expected =
        tangram::detail::parse_json(tangram::test::read_all(dir.path() / "text.json"));
    // The puzzle's picture; the dissection drawn from it; both again as JPEG.
    REQUIRE(run_cli(dir, "dissect " + stem + ".txt --image cut.png").status == 0);
    const cv::Mat drawn = cv::imread(dir.file(stem + ".png"), cv::IMREAD_COLOR);
    REQUIRE(!drawn.empty());
    cv::imwrite(dir.file("puzzle.jpg"), drawn, {cv::IMWRITE_JPEG_QUALITY, 85});
    cv::imwrite(dir.file("cut.jpg"), cv::imread(dir.file("cut.png"), cv::IMREAD_COLOR),
                {cv::IMWRITE_JPEG_QUALITY, 85});
    for (const std::string& picture : {stem + ".png", std::string("cut.png"),
                                       std::string("puzzle.jpg"), std::string("cut.jpg")}) {
      CAPTURE(picture);
      const tangram::test::Run read = run_cli(dir, "dissect " + picture + " --json read.json");
      CHECK(read.status == 0);
      CHECK(read.out == text.out);
      const auto json =
          tangram::detail::parse_json(tangram::test::read_all(dir.path() / "read.json"));
      CHECK(json["figure"] == expected["figure"]);
      CHECK(json["solutions"] == expected["solutions"]);
    }
    // Its side given is the side drawn; another is refused in one line.
    CHECK(run_cli(dir, "dissect " + stem + ".png --cell 32").out == text.out);
    const tangram::test::Run wrong = run_cli(dir, "dissect " + stem + ".png --cell 20");
    CHECK(wrong.status == 2);
    CHECK(one_error_line(wrong.err));
  }
}

TEST_CASE("dissect CLI: a grid drawn in dark lines on white reads as its squares") {
  // Graph paper: an L of three 12-pixel squares, its grid and outline 1 pixel black on white.
  TempDir dir("dissect-graph");
  cv::Mat1b image(50, 50, static_cast<unsigned char>(255));
  const auto square = [&](int r, int c) {
    cv::rectangle(image, cv::Rect(10 + 12 * c, 10 + 12 * r, 13, 13), cv::Scalar(0), 1);
  };
  square(0, 0);
  square(1, 0);
  square(1, 1);
  square(1, 2);
  cv::imwrite(dir.file("l.png"), image);
  write(dir, "l.txt", "#..\n###\n");
  const tangram::test::Run text = run_cli(dir, "dissect l.txt");
  const tangram::test::Run read = run_cli(dir, "dissect l.png");
  CHECK(read.status == text.status);
  CHECK(read.out == text.out);
}

TEST_CASE("dissect CLI: quartering the n x n square without mirror images gives A006067") {
  // OEIS A006067: the n x n square (its centre removed for odd n) cut along grid lines into 4
  // pieces identical up to rotation (mirror images not allowed), counted up to the square's
  // symmetries: 5, 7, 37 for n = 4..6. With mirror images allowed there are more for even n.
  TempDir dir("dissect-a006067");
  const int expected[] = {5, 7, 37};
  for (int n = 4; n <= 6; ++n) {
    CAPTURE(n);
    std::string grid;
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) grid += n % 2 == 1 && r == n / 2 && c == n / 2 ? '.' : '#';
      grid += '\n';
    }
    write(dir, "sq.txt", grid);
    const tangram::test::Run run =
        run_cli(dir, "dissect sq.txt --parts 4 --no-mirror --up-to-symmetry");
    CHECK(run.status == 0);
    CHECK(run.out.rfind(std::to_string(expected[n - 4]) + " dissections into 4", 0) == 0);
  }
  write(dir, "sq4.txt", "####\n####\n####\n####\n");
  CHECK(run_cli(dir, "dissect sq4.txt --parts 4 --up-to-symmetry").out.rfind("6 dissections", 0) ==
        0);
}

TEST_CASE("dissect CLI: --image and --svg draw dissection --index, or the figure alone") {
  TempDir dir("dissect-picture");
  write(dir, "r.txt", "####\n####\n");
  tangram::test::Run run =
      run_cli(dir, "dissect r.txt --image cut.png --svg cut.svg --index 2 --json cut.json");
  CHECK(run.status == 0);
  const cv::Mat image = read_picture(dir, "cut.png", 4 * 32 + 16, 2 * 32 + 16);
  const std::string svg = tangram::test::read_all(dir.path() / "cut.svg");
  CHECK(svg.find("data-piece=\"2\"") != std::string::npos);
  // The pictures show the second dissection of the JSON.
  const auto json = tangram::detail::parse_json(tangram::test::read_all(dir.path() / "cut.json"));
  const auto first_of_second = json["solutions"][1][0][0];
  const int r = first_of_second[0], c = first_of_second[1];
  const cv::Vec3b at = image.at<cv::Vec3b>(8 + 32 * r + 16, 8 + 32 * c + 16);
  run = run_cli(dir, "dissect r.txt --image first.png");
  const cv::Mat first = cv::imread(dir.file("first.png"), cv::IMREAD_COLOR);
  REQUIRE(!first.empty());
  CHECK(cv::norm(first, image, cv::NORM_L1) > 0);  // another dissection, another picture
  CHECK(at != cv::Vec3b(255, 255, 255));
  // None found: the figure alone, exit 1.
  write(dir, "t.txt", "###\n.#.\n");
  run = run_cli(dir, "dissect t.txt --svg t.svg");
  CHECK(run.status == 1);
  CHECK(tangram::test::read_all(dir.path() / "t.svg").find("data-piece=\"figure\"") !=
        std::string::npos);
}

TEST_CASE("dissect CLI: picture outputs refused in one line, nothing written") {
  TempDir dir("dissect-picture-bad");
  write(dir, "r.txt", "####\n####\n");
  for (const char* args :
       {"dissect r.txt --image r.txt", "dissect r.txt --image out.svg",
        "dissect r.txt --svg out.png", "dissect r.txt --image - ", "dissect r.txt --svg -",
        "dissect r.txt --index 0", "dissect r.txt --image out.png --index 5",
        "dissect r.txt --json x.json --svg x.json", "dissect r.txt --image nodir/out.png"}) {
    CAPTURE(args);
    const tangram::test::Run run = run_cli(dir, args);
    CHECK(run.status == 2);
    CHECK(one_error_line(run.err));
  }
  CHECK(tangram::test::read_all(dir.path() / "r.txt") == "####\n####\n");
  CHECK(!std::filesystem::exists(dir.path() / "out.png"));
}

TEST_CASE("dissect CLI: --cells half counts dissections of half-square figures, --print") {
  TempDir dir("dissect-cli-half");
  // The right isosceles triangle of 4 half-squares: halved 1 way, quartered 2 ways.
  write(dir, "t.txt", "#7\n7.\n");
  tangram::test::Run run = run_cli(dir, "dissect t.txt --cells half");
  CHECK(run.status == 0);
  CHECK(run.out == "1 dissection into 2 congruent pieces of 2 half-squares\n");
  run = run_cli(dir, "dissect t.txt --cells half --parts 4 --print");
  CHECK(run.status == 0);
  CHECK(run.out.rfind("2 dissections into 4 congruent pieces of 1 half-square\n", 0) == 0);
  // The full square (0, 0) cut along its other diagonal: its top and right quarters in one
  // piece, its bottom and left in another.
  CHECK(run.out.find("\n a  c \nb acc \n b    \n d    \ndd    \n      \n") != std::string::npos);
  // The UTF-8 triangles read as the keypad digits; --unique: exactly one.
  write(dir, "u.txt", "#\xE2\x97\xA4\n\xE2\x97\xA4.\n");
  run = run_cli(dir, "dissect u.txt --cells half --unique");
  CHECK(run.status == 0);
  // The 2 x 2 square: 2 ways into 4 pieces of half-squares (squares, the diagonals' cross).
  write(dir, "s.txt", "##\n##\n");
  run = run_cli(dir, "dissect s.txt --cells half --parts 4");
  CHECK(run.out == "2 dissections into 4 congruent pieces of 2 half-squares\n");
  run = run_cli(dir, "dissect s.txt --cells half --parts 4 --unique");
  CHECK(run.status == 4);
  // A unit square halves along either diagonal; into 4 only with --quarters (its quarters).
  write(dir, "one.txt", "#\n");
  run = run_cli(dir, "dissect one.txt --cells half");
  CHECK(run.out == "2 dissections into 2 congruent pieces of 1 half-square\n");
  run = run_cli(dir, "dissect one.txt --cells half --parts 4");
  CHECK(run.status == 2);
  run = run_cli(dir, "dissect one.txt --cells half --parts 4 --quarters");
  CHECK(run.status == 0);
  CHECK(run.out == "1 dissection into 4 congruent pieces of 1 quarter\n");
  // --json: tangram-half-dissection/1, the quarters as [row, column, side]; the unit square's
  // two halvings, each two pieces of two quarters that together are the figure's four.
  run = run_cli(dir, "dissect one.txt --cells half --json h.json");
  CHECK(run.status == 0);
  auto json = tangram::detail::parse_json(tangram::test::read_all(dir.path() / "h.json"));
  CHECK(json["format"] == "tangram-half-dissection/1");
  CHECK(json["pieces"] == "half-squares");
  CHECK(json["complete"] == true);
  CHECK(json["figure"] == tangram::detail::Json::parse("[[0,0,0],[0,0,1],[0,0,2],[0,0,3]]"));
  REQUIRE(json["solutions"].size() == 2);
  for (std::size_t s = 0; s < 2; ++s) {
    REQUIRE(json["solutions"][s].size() == 2);
    CHECK(json["solutions"][s][0].size() == 2);
    CHECK(json["solutions"][s][1].size() == 2);
  }
  CHECK_FALSE(json["solutions"][0] == json["solutions"][1]);
  // To standard output (the count on standard error), pieces of quarters.
  run = run_cli(dir, "dissect one.txt --cells half --parts 4 --quarters --json -");
  CHECK(run.status == 0);
  json = tangram::detail::parse_json(run.out);
  CHECK(json["pieces"] == "quarters");
  CHECK(json["solutions"] ==
        tangram::detail::Json::parse("[[[[0,0,0]],[[0,0,1]],[[0,0,2]],[[0,0,3]]]]"));
  CHECK(tangram::test::contains(run.err, "1 dissection into 4"));
}

TEST_CASE("dissect CLI: --cells half refuses bad grids and options in one line, exit 2") {
  TempDir dir("dissect-cli-half-bad");
  write(dir, "x.txt", "#x\n");
  write(dir, "corner.txt", "9\n.7\n");
  write(dir, "t.txt", "#7\n7.\n");
  for (const char* args :
       {"dissect x.txt --cells half", "dissect corner.txt --cells half",
        "dissect t.txt --cells half --parts 3", "dissect t.txt --cells half --svg out.png",
        "dissect t.txt --cells half --method kotani", "dissect t.txt --cells hex",
        "dissect t.txt --quarters", "dissect t.txt --cells half --cell 10",
        "dissect t.txt --cells half --image out.png --index 2",
        "dissect t.txt --cells half --image out.png --json out.png"}) {
    CAPTURE(args);
    const tangram::test::Run run = run_cli(dir, args);
    CHECK(run.status == 2);
    CHECK(one_error_line(run.err));
  }
  CHECK(tangram::test::contains(run_cli(dir, "dissect x.txt --cells half").err,
                                "line 1, column 2 has 'x'"));
  CHECK_FALSE(std::filesystem::exists(dir.path() / "out.json"));
  CHECK_FALSE(std::filesystem::exists(dir.path() / "out.png"));
}

TEST_CASE(
    "dissect CLI: --cells half --up-to-symmetry counts classes under the figure's "
    "symmetries") {
  TempDir dir("dissect-cli-half-symmetry");
  // The 2 x 2 square into 4: unit squares or the diagonals' cross, each symmetric itself.
  write(dir, "s.txt", "##\n##\n");
  tangram::test::Run run = run_cli(dir, "dissect s.txt --cells half --parts 4 --up-to-symmetry");
  CHECK(run.status == 0);
  CHECK(run.out ==
        "2 dissections into 4 congruent pieces of 2 half-squares, up to the figure's symmetries\n");
  // The unit square halved along either diagonal: a quarter turn exchanges them.
  write(dir, "one.txt", "#\n");
  run = run_cli(dir, "dissect one.txt --cells half --up-to-symmetry --json one.json");
  CHECK(run.status == 0);
  CHECK(run.out.rfind("1 dissection into 2", 0) == 0);
  const auto json = tangram::detail::parse_json(tangram::test::read_all(dir.path() / "one.json"));
  CHECK(json["up_to_symmetry"] == true);
  CHECK(json["solutions"].size() == 1);
  CHECK(
      run_cli(dir, "dissect one.txt --cells half --json -").out.find("\"up_to_symmetry\": false") !=
      std::string::npos);
  // The 3 x 3 square halved: 30 dissections in 8 classes (test_half_square_dissection.cpp
  // counts them by brute force).
  write(dir, "sq.txt", "###\n###\n###\n");
  CHECK(run_cli(dir, "dissect sq.txt --cells half").out.rfind("30 dissections", 0) == 0);
  run = run_cli(dir, "dissect sq.txt --cells half --up-to-symmetry");
  CHECK(run.status == 0);
  CHECK(run.out ==
        "8 dissections into 2 congruent pieces of 9 half-squares, up to the figure's "
        "symmetries\n");
}

TEST_CASE("dissect CLI: --cells half --image and --svg draw dissection --index, or the figure") {
  TempDir dir("dissect-cli-half-picture");
  write(dir, "t.txt", "#7\n7.\n");
  tangram::test::Run run =
      run_cli(dir, "dissect t.txt --cells half --parts 4 --image two.png --svg two.svg --index 2");
  CHECK(run.status == 0);
  const cv::Mat image = read_picture(dir, "two.png", 2 * 32 + 16, 2 * 32 + 16);
  const std::string svg = tangram::test::read_all(dir.path() / "two.svg");
  CHECK(svg.find("data-piece=\"4\"") != std::string::npos);
  CHECK(svg.find("stroke-linecap=\"round\"") != std::string::npos);
  CHECK(svg.find("width=\"80\" height=\"80\"") != std::string::npos);
  // The two quarterings cut the full square (0, 0) along one diagonal or the other: each
  // picture has one of them drawn thick, and the other thin.
  run = run_cli(dir, "dissect t.txt --cells half --parts 4 --image one.png");
  CHECK(run.status == 0);
  const cv::Mat first = read_picture(dir, "one.png", 2 * 32 + 16, 2 * 32 + 16);
  const cv::Scalar outline = tangram::outline_colour();
  const cv::Vec3b dark(static_cast<unsigned char>(outline[0]),
                       static_cast<unsigned char>(outline[1]),
                       static_cast<unsigned char>(outline[2]));
  const auto pixel = [](const cv::Mat& m, int x, int y) { return m.at<cv::Vec3b>(8 + y, 8 + x); };
  CHECK((pixel(first, 10, 10) == dark) != (pixel(image, 10, 10) == dark));
  CHECK((pixel(first, 21, 10) == dark) != (pixel(image, 21, 10) == dark));
  // None found: the figure alone in grey, exit 1.
  write(dir, "none.txt", "###\n.#.\n");
  run = run_cli(dir, "dissect none.txt --cells half --svg none.svg --image none.png");
  CHECK(run.status == 1);
  CHECK(run.out.rfind("0 dissections", 0) == 0);
  CHECK(tangram::test::read_all(dir.path() / "none.svg").find("data-piece=\"figure\"") !=
        std::string::npos);
  CHECK(std::filesystem::exists(dir.path() / "none.png"));
}
