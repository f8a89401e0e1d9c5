// `tangram solve` on pictures from the wild, end to end: each picture is drawn here from the
// figure of masks/02-page9-11 (figure_images.hpp), written to a temporary directory, and
// solved at 45-degree steps (well under a second each); refusals exit 2 with one line.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "checks.hpp"
#include "cli_runner.hpp"
#include "figure_images.hpp"
#include "tangram/io/documents.hpp"
#include "temp_dir.hpp"

namespace {

using tangram::test::contains;
using tangram::test::one_error_line;

using tangram::test::read_all;
using tangram::test::Run;
using tangram::test::run_cli;
using tangram::test::TempDir;

/// Lines of `text` that start with `prefix`.
int count_lines(const std::string& text, const std::string& prefix) {
  int n = 0;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    if (text.compare(at, prefix.size(), prefix) == 0) ++n;
    at = end + 1;
  }
  return n;
}

constexpr const char* kFast = " --rotation-step 45";

/// Writes `image` as dir/name and returns its bytes, to check later that nothing changed it.
std::string write_input(const TempDir& dir, const std::string& name, const cv::Mat& image) {
  REQUIRE(cv::imwrite(dir.file(name), image));
  return read_all(dir.file(name));
}

}  // namespace

TEST_CASE("tangram solve --help documents the input options") {
  const TempDir dir("input-cli");
  const Run help = run_cli(dir, "solve --help");
  CHECK(help.status == 0);
  for (const char* option :
       {"--threshold", "--invert", "--no-clean", "--fill-outline", "--work-size"}) {
    CAPTURE(option);
    CHECK(contains(help.out, option));
  }
  const Run verify_help = run_cli(dir, "verify --help");
  for (const char* option :
       {"--threshold", "--invert", "--clean", "--no-clean", "--fill-outline", "--as-referee"}) {
    CAPTURE(option);
    CHECK(contains(verify_help.out, option));
  }
}

TEST_CASE(
    "tangram solve: an anti-aliased, blurred grey scan is solved; a faint one is refused "
    "with the threshold that would read it, and solved with it") {
  const TempDir dir("input-cli");
  cv::Mat1b scan = tangram::test::draw_by_coverage(tangram::test::figure(1.0), {291, 291}, 60, 215);
  cv::GaussianBlur(scan, scan, cv::Size(0, 0), 1.0);
  const std::string bytes = write_input(dir, "scan.png", scan);
  const Run solved = run_cli(dir, std::string("solve scan.png --json scan.json") + kFast);
  CAPTURE(solved.out);
  CAPTURE(solved.err);
  CHECK(solved.status == 0);
  CHECK(solved.err.empty());  // nothing to say: dark on light, clean, small
  // The own checker, reading the file as the referee does, accepts it.
  CHECK(run_cli(dir, "verify scan.png scan.json").status == 0);
  CHECK(read_all(dir.file("scan.png")) == bytes);

  write_input(dir, "faint.png",
              tangram::test::draw_by_coverage(tangram::test::figure(1.0), {291, 291}, 170, 250));
  const Run refused = run_cli(dir, std::string("solve faint.png") + kFast);
  CHECK(refused.status == 2);
  CHECK(one_error_line(refused.err));
  CHECK(contains(refused.err, "no puzzle pixels"));
  CHECK(contains(refused.err, "use a --threshold above 170"));
  const Run raised = run_cli(dir, std::string("solve faint.png --threshold 210 -q") + kFast);
  CHECK(raised.status == 0);
  CHECK(raised.err.empty());

  const Run bad = run_cli(dir, "solve scan.png --threshold 0");
  CHECK(bad.status == 2);
  CHECK(one_error_line(bad.err));
  CHECK(contains(bad.err, "--threshold"));
}

TEST_CASE(
    "tangram solve: a light figure on a dark background is inverted with a one-line note "
    "(none with -q) and solved; --invert takes only auto, yes or no") {
  const TempDir dir("input-cli");
  const cv::Mat1b picture = tangram::test::figure_picture();
  const std::string bytes = write_input(dir, "light.png", 255 - picture);
  const Run solved = run_cli(dir, std::string("solve light.png --json light.json") + kFast);
  CAPTURE(solved.out);
  CHECK(solved.status == 0);
  CHECK(solved.err ==
        "tangram: note: light figure on a dark background (border 100% dark): inverted; use "
        "--invert no to override\n");
  // verify reads it as the solution records (invert auto): valid, with one note; as the referee
  // reads it (dark pixels: the background), it is not.
  const Run verified = run_cli(dir, "verify light.png light.json");
  CHECK(verified.status == 0);
  CHECK(verified.out.rfind("VALID", 0) == 0);
  CHECK(verified.err ==
        "tangram: note: light.png read with --invert auto --clean (as the solution records); read "
        "plainly (dark pixels the figure, as --as-referee reads it), it is another figure\n");
  const Run referee = run_cli(dir, "verify light.png light.json --as-referee");
  CHECK(referee.status == 1);
  CHECK(referee.out.rfind("INVALID: piece scale", 0) == 0);
  CHECK(referee.err.empty());
  CHECK(read_all(dir.file("light.png")) == bytes);

  const Run auto_quiet = run_cli(dir, std::string("solve light.png -q") + kFast);
  CHECK(auto_quiet.status == 0);
  CHECK(auto_quiet.err.empty());

  const Run bad = run_cli(dir, "solve light.png --invert maybe");
  CHECK(bad.status == 2);
  CHECK(one_error_line(bad.err));
  CHECK(contains(bad.err, "--invert"));
}

TEST_CASE(
    "tangram solve: specks are dropped and pinholes filled with a warning each (also with "
    "-q), and the figure is solved") {
  const TempDir dir("input-cli");
  cv::Mat1b picture = tangram::test::figure_picture();
  std::mt19937 random(7);
  int specks = 0;
  while (specks < 40) {  // 2-4 px specks on the paper, apart from the figure and each other
    const int x = static_cast<int>(random() % 284), y = static_cast<int>(random() % 284);
    const int w = 2 + static_cast<int>(random() % 3), h = 2 + static_cast<int>(random() % 3);
    const cv::Rect around = cv::Rect(x - 3, y - 3, w + 6, h + 6) & cv::Rect(0, 0, 291, 291);
    double darkest = 0.0;
    cv::minMaxLoc(picture(around), &darkest);
    if (darkest < 255.0) continue;
    picture(cv::Rect(x, y, w, h)) = 0;
    ++specks;
  }
  for (const cv::Point p : {cv::Point(40, 150), cv::Point(60, 180), cv::Point(230, 120),
                            cv::Point(150, 250), cv::Point(150, 40), cv::Point(200, 230)})
    picture(cv::Rect(p.x, p.y, 2, 2)) = 255;
  const std::string bytes = write_input(dir, "speckled.png", picture);

  const Run solved = run_cli(dir, std::string("solve speckled.png --json s.json -q") + kFast);
  CAPTURE(solved.out);
  CAPTURE(solved.err);
  CHECK(solved.status == 0);
  CHECK(count_lines(solved.err, "tangram: warning: dropped 40 specks, ") == 1);
  CHECK(count_lines(solved.err, "tangram: warning: filled 6 pinholes, 24 pixels in all") == 1);
  CHECK(count_lines(solved.err, "") == 2);
  CHECK(run_cli(dir, "verify speckled.png s.json --clean").status == 0);
  CHECK(read_all(dir.file("speckled.png")) == bytes);
}

TEST_CASE(
    "tangram solve: a 4000 x 3000 picture is solved at a working resolution and the pieces "
    "are reported, drawn and valid in the original's pixel coordinates") {
  const TempDir dir("input-cli");
  // The figure 10 times larger (set side 2000 px): its pieces span x 800-3507, y 250-2957.
  const cv::Mat1b large =
      tangram::test::draw(tangram::test::figure(10.0, {700.0, 150.0}), {4000, 3000}, 0, 255);
  const std::string bytes = write_input(dir, "large.png", large);
  const Run solved =
      run_cli(dir, std::string("solve large.png --json large.json --image solved.png") + kFast);
  CAPTURE(solved.out);
  CAPTURE(solved.err);
  REQUIRE(solved.status == 0);
  CHECK(solved.err.rfind("tangram: note: large image: solving at 1/10 scale (", 0) == 0);
  CHECK(contains(solved.err, " px, set side 200 px instead of "));
  CHECK(contains(solved.err, "pieces are reported in the original's pixel coordinates"));
  CHECK(count_lines(solved.err, "") == 1);

  const tangram::Solution solution = tangram::read_solution_json(dir.file("large.json"));
  REQUIRE(solution.pieces.size() == 7);
  double x0 = 1e9, y0 = 1e9, x1 = -1e9, y1 = -1e9;
  for (const tangram::PlacedPiece& piece : solution.pieces)
    for (const tangram::Vec2& v : piece.polygon) {
      x0 = std::min(x0, v.x);
      y0 = std::min(y0, v.y);
      x1 = std::max(x1, v.x);
      y1 = std::max(y1, v.y);
    }
  // Within 2.5 working pixels (25 px) of the figure's extent.
  CHECK(std::abs(x0 - 800.0) < 25.0);
  CHECK(std::abs(y0 - 250.0) < 25.0);
  CHECK(std::abs(x1 - 3507.1) < 25.0);
  CHECK(std::abs(y1 - 2957.1) < 25.0);
  // The own checker with the referee's rules and reading, on the original picture.
  const Run verified = run_cli(dir, "verify large.png large.json");
  CAPTURE(verified.out);
  CHECK(verified.status == 0);
  CHECK(verified.out.rfind("VALID", 0) == 0);
  // The picture has the original's size, not twice it (width and height from the IHDR chunk),
  // and the band of the caption and legend below it.
  const std::string png = read_all(dir.file("solved.png"));
  REQUIRE(png.size() > 24);
  const auto be32 = [&](std::size_t at) {
    unsigned v = 0;
    for (std::size_t i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(png[at + i]);
    return v;
  };
  CHECK(png.compare(12, 4, "IHDR") == 0);
  CHECK(be32(16) == 4000u);
  CHECK(be32(20) > 3000u);
  CHECK(read_all(dir.file("large.png")) == bytes);
  // --work-size takes auto, 0 or pixels, nothing else.
  const Run bad = run_cli(dir, "solve large.png --work-size big");
  CHECK(bad.status == 2);
  CHECK(one_error_line(bad.err));
  CHECK(contains(bad.err, "--work-size"));
}

TEST_CASE(
    "tangram solve: a small figure on a 2400 x 1800 canvas is solved on its bounding box, "
    "pieces in the canvas's coordinates") {
  // Solved on the whole canvas, such a picture takes minutes and gigabytes (4000 x 3000: the
  // 60 s limit and 7.8 GB).
  const TempDir dir("input-cli");
  cv::Mat1b canvas(1800, 2400, uchar{255});
  tangram::test::figure_picture().copyTo(canvas(cv::Rect(1500, 1200, 291, 291)));
  write_input(dir, "canvas.png", canvas);
  const Run solved = run_cli(dir, std::string("solve canvas.png --json c.json -q") + kFast);
  CAPTURE(solved.out);
  CAPTURE(solved.err);
  REQUIRE(solved.status == 0);
  CHECK(solved.err.empty());
  CHECK(run_cli(dir, "verify canvas.png c.json").status == 0);
  const tangram::Solution solution = tangram::read_solution_json(dir.file("c.json"));
  REQUIRE(!solution.pieces.empty());
  CHECK(solution.pieces[0].polygon[0].x > 1500.0);
  CHECK(solution.pieces[0].polygon[0].y > 1200.0);
}

TEST_CASE(
    "tangram solve: an outline drawing is refused with one line saying how to fill it; "
    "with --fill-outline it is solved") {
  const TempDir dir("input-cli");
  const std::string bytes = write_input(
      dir, "outline.png", tangram::test::draw_outline(tangram::test::figure(1.0), {291, 291}, 3));
  const Run refused = run_cli(dir, std::string("solve outline.png --json o.json") + kFast);
  CHECK(refused.status == 2);
  CHECK(one_error_line(refused.err));
  CHECK(contains(refused.err, "pattern outline.png: looks like an outline drawing"));
  CHECK(contains(refused.err, "--fill-outline"));
  CHECK(!std::filesystem::exists(dir.file("o.json")));

  // Left-bottom placement solves this one in a few placements (DT takes about a second).
  const Run filled = run_cli(
      dir, std::string("solve outline.png --fill-outline --json o.json -q --strategy lb") + kFast);
  CAPTURE(filled.out);
  CAPTURE(filled.err);
  CHECK(filled.status == 0);
  CHECK(count_lines(filled.err, "tangram: warning: --fill-outline: filled 1 enclosed region") == 1);
  CHECK(run_cli(dir, "verify outline.png o.json --fill-outline").status == 0);
  CHECK(read_all(dir.file("outline.png")) == bytes);
}

TEST_CASE("tangram solve: a faint figure gets the same advice as PNG and as JPEG") {
  // Grey 150 on 220: no pixel is dark at the default threshold, but a JPEG's ringing leaves a
  // few that are. Both must advise the threshold that reads the figure, not a larger image.
  const TempDir dir("input-faint");
  const cv::Mat1b faint =
      tangram::test::draw_by_coverage(tangram::test::figure(1.0), {291, 291}, 150, 220);
  REQUIRE(cv::imwrite(dir.file("faint.png"), faint));
  REQUIRE(cv::imwrite(dir.file("faint.jpg"), faint, {cv::IMWRITE_JPEG_QUALITY, 75}));
  for (const char* name : {"faint.png", "faint.jpg"}) {
    CAPTURE(name);
    const Run refused = run_cli(dir, std::string("solve ") + name + kFast);
    CHECK(refused.status == 2);
    CHECK(one_error_line(refused.err));
    CHECK(contains(refused.err, "use a --threshold above 1"));  // 150 or near it
    CHECK_FALSE(contains(refused.err, "larger image"));
  }
}

TEST_CASE("tangram solve: its own solution picture reads back as the figure") {
  // solve --image draws the assembly (coloured pieces) above a caption and a legend: solved
  // again, the assembly is the figure, the caption and legend are not read as specks.
  const TempDir dir("input-own-picture");
  write_input(dir, "figure.png", tangram::test::figure_picture());
  const Run first = run_cli(dir, std::string("solve figure.png --image solved.png") + kFast);
  REQUIRE(first.status == 0);
  const Run again = run_cli(dir, std::string("solve solved.png --json again.json") + kFast);
  CAPTURE(again.err);
  CHECK(again.status == 0);
  CHECK(contains(again.err, "a solution picture of tangram's"));
  CHECK_FALSE(contains(again.err, "specks"));
}

TEST_CASE("tangram solve: a thin line and a thin bar are refused as too thin for the pieces") {
  const TempDir dir("input-cli");
  cv::Mat1b line(300, 700, uchar{255});
  cv::line(line, {20, 150}, {680, 150}, cv::Scalar(0), 4);
  write_input(dir, "line.png", line);
  cv::Mat1b bar(300, 500, uchar{255});
  bar(cv::Rect(50, 140, 400, 20)) = 0;
  write_input(dir, "bar.png", bar);
  for (const char* name : {"line.png", "bar.png"}) {
    CAPTURE(name);
    const Run run = run_cli(dir, std::string("solve ") + name + kFast);
    CHECK(run.status == 2);
    CHECK(one_error_line(run.err));
    CHECK(contains(run.err, "the figure is too thin for the pieces"));
    CHECK(run.out.empty());
  }
}

TEST_CASE("tangram compare reads its patterns as solve does") {
  const TempDir dir("input-cli");
  write_input(dir, "light.png", 255 - tangram::test::figure_picture());
  const Run run =
      run_cli(dir, "compare light.png --strategies dt --time-limit 20" + std::string(kFast));
  CAPTURE(run.err);
  CHECK(run.status == 0);
  CHECK(contains(run.err, "tangram: note: light.png: light figure on a dark background"));
  CHECK(contains(run.out, "| yes "));
}

TEST_CASE(
    "tangram solve reads a JPEG of a masks/ pattern by its content, also under a .png name, "
    "and its solution is valid on the JPEG and on the PNG") {
  // masks/02 is black on white; an anti-aliased figure (figure_picture()) at quality 50 reads
  // 0.2% larger, and its solution spills 2.2% on the PNG: lossy edges move a little.
  const TempDir dir("input-cli");
  const cv::Mat1b picture =
      cv::imread(std::string(TANGRAM_SOURCE_DIR) + "/masks/02-page9-11.png", cv::IMREAD_GRAYSCALE);
  write_input(dir, "fig.png", picture);
  std::vector<uchar> jpeg;
  REQUIRE(cv::imencode(".jpg", picture, jpeg, {cv::IMWRITE_JPEG_QUALITY, 50}));
  tangram::test::write_file(dir.file("fig.jpg"), std::string(jpeg.begin(), jpeg.end()));
  tangram::test::write_file(dir.file("jpeg-named.png"), std::string(jpeg.begin(), jpeg.end()));
  for (const char* name : {"fig.jpg", "jpeg-named.png"}) {
    CAPTURE(name);
    const Run solved = run_cli(dir, std::string("solve ") + name + " --json s.json" + kFast);
    CAPTURE(solved.err);
    CHECK(solved.status == 0);
    CHECK(solved.err.empty());
    CHECK(run_cli(dir, std::string("verify ") + name + " s.json").out.rfind("VALID", 0) == 0);
    CHECK(run_cli(dir, "verify fig.png s.json --as-referee").out.rfind("VALID", 0) == 0);
  }
}

TEST_CASE(
    "tangram solve reads TIFF and WebP pictures, whose codecs it opens only when it reads one") {
  // The program maps no codec at start (tests/startup-libraries.sh); each is opened here.
  const TempDir dir("input-cli");
  const cv::Mat1b picture =
      cv::imread(std::string(TANGRAM_SOURCE_DIR) + "/masks/01-square.png", cv::IMREAD_GRAYSCALE);
  REQUIRE(cv::imwrite(dir.file("fig.tif"), picture));
  REQUIRE(cv::imwrite(dir.file("fig.webp"), picture, {cv::IMWRITE_WEBP_QUALITY, 101}));
  for (const char* name : {"fig.tif", "fig.webp"}) {
    CAPTURE(name);
    const Run solved = run_cli(dir, std::string("solve ") + name + " --json s.json" + kFast);
    CAPTURE(solved.err);
    CHECK(solved.status == 0);
    CHECK(contains(solved.out, "solved"));
    CHECK(run_cli(dir, std::string("verify ") + name + " s.json").out.rfind("VALID", 0) == 0);
  }
}

TEST_CASE(
    "tangram solve, verify, compare and explain read the pattern from standard input "
    "(-), in any format") {
  const TempDir dir("input-cli");
  const cv::Mat1b picture = tangram::test::figure_picture();
  write_input(dir, "fig.bmp", picture);
  write_input(dir, "fig.pgm", picture);
  tangram::test::RunBounds from_bmp;
  from_bmp.stdin_path = dir.file("fig.bmp");
  const Run solved =
      tangram::test::run_cli_bounded(dir, "solve - --json s.json --rotation-step 45", from_bmp);
  CAPTURE(solved.err);
  CHECK(solved.status == 0);
  CHECK(solved.out.rfind("(standard input): solved", 0) == 0);
  tangram::test::RunBounds from_pgm;
  from_pgm.stdin_path = dir.file("fig.pgm");
  CHECK(tangram::test::run_cli_bounded(dir, "verify - s.json", from_pgm).out.rfind("VALID", 0) ==
        0);
  const Run compared = tangram::test::run_cli_bounded(
      dir, "compare - --strategies dt --time-limit 20 --rotation-step 45", from_pgm);
  CHECK(compared.status == 0);
  const Run explained = tangram::test::run_cli_bounded(dir, "explain - --out ex", from_bmp);
  CHECK(explained.status == 0);
  CHECK(explained.out.rfind("(standard input): large-triangle", 0) == 0);
}

TEST_CASE(
    "tangram: a picture output is PNG, chosen by its name; any other name, and a picture's "
    "name for a document, is refused before any work") {
  const TempDir dir("input-cli");
  write_input(dir, "fig.png", tangram::test::figure_picture());
  std::filesystem::create_directory(dir.file("results"));
  tangram::test::write_file(
      dir.file("results/runs.csv"),
      "experiment,search,pattern,strategy,solved,valid,seconds,placements,backtracks,coverage,"
      "overlap,spill,solution,picture\ncompare,ours,../fig.png,dt,0,0,1,0,0,0,0,0,,\n");
  const std::pair<std::string, std::string> cases[] = {
      {"solve fig.png --image out.svg",
       "--image out.svg: cannot write an SVG picture; pictures are written as .png"},
      {"solve fig.png --image out.jpg", "--image out.jpg: cannot write a JPEG picture"},
      {"solve fig.png --image out", "--image out: no extension to choose the picture's format"},
      {"solve fig.png --json out.png", "--json out.png: a picture's name for a JSON document"},
      {"render " + std::string(TANGRAM_SOURCE_DIR) +
           "/masks/src/01-square.arrangement.json -o a.tif",
       "--out a.tif: cannot write a TIFF picture"},
      {"report results -o page.png", "-o page.png: a picture's name for an HTML page"},
  };
  for (const auto& [args, message] : cases) {
    const auto& args_ = args;  // clang 14 lambdas take no bindings
    CAPTURE(args_);
    const Run run = run_cli(dir, args);
    CHECK(run.status == 2);
    CHECK(one_error_line(run.err));
    CHECK(contains(run.err, message));
    CHECK(run.out.empty());
  }
  const Run png = run_cli(dir, std::string("solve fig.png --image OUT.PNG -q") + kFast);
  CHECK(png.status == 0);
  CHECK(read_all(dir.file("OUT.PNG")).rfind("\x89PNG", 0) == 0);
  CHECK(dir.entries().size() == 5);  // fig.png, results, OUT.PNG, cli.out, cli.err: nothing else
}

TEST_CASE(
    "tangram verify reads the picture as the solution records it was read; the options "
    "given override the record; --as-referee and solutions without a record read it as "
    "the referee does") {
  const TempDir dir("input-cli");
  // A light figure on a dark background, made by inverting masks/02, solved with the defaults.
  const cv::Mat1b mask =
      cv::imread(std::string(TANGRAM_SOURCE_DIR) + "/masks/02-page9-11.png", cv::IMREAD_GRAYSCALE);
  write_input(dir, "light.png", 255 - mask);
  const Run solved = run_cli(dir, std::string("solve light.png --json s.json -q") + kFast);
  REQUIRE(solved.status == 0);
  const std::string document = read_all(dir.file("s.json"));
  CHECK(contains(document,
                 "\"reading\": {\"threshold\": 128, \"invert\": \"auto\", \"clean\": true, "
                 "\"fill_outline\": false, \"work_size\": \"auto\"}"));

  const Run recorded = run_cli(dir, "verify light.png s.json");
  CHECK(recorded.status == 0);
  CHECK(recorded.out.rfind("VALID  coverage=", 0) == 0);
  CHECK(count_lines(recorded.err,
                    "tangram: note: light.png read with --invert auto --clean (as "
                    "the solution records); read plainly") == 1);
  CHECK(count_lines(recorded.err, "") == 1);
  // The referee's verdict: the dark background is the puzzle.
  const Run referee = run_cli(dir, "verify light.png s.json --as-referee --json");
  CHECK(referee.status == 1);
  CHECK(contains(referee.out, "\"status\": \"INVALID\""));
  CHECK(referee.err.empty());
  // An option overrides the record; the note names what is read differently.
  const Run no = run_cli(dir, "verify light.png s.json --invert no");
  CHECK(no.status == 1);
  CHECK(no.err.empty());  // --clean changes nothing here: read as the referee reads it
  const Run yes = run_cli(dir, "verify light.png s.json --invert yes --no-clean");
  CHECK(yes.status == 0);
  CHECK(contains(yes.err, "read with --invert yes (the solution's reading and the options given)"));
  // --as-referee excludes the input options.
  const Run both = run_cli(dir, "verify light.png s.json --as-referee --threshold 100");
  CHECK(both.status == 2);
  CHECK(one_error_line(both.err));
  // A solution without a record (an older file, a ground truth) is read as the referee reads it.
  std::string old_document = document;
  const std::size_t at = old_document.find(", \"reading\": ");
  old_document.erase(at, old_document.find(", \"pieces\"", at) - at);
  tangram::test::write_file(dir.file("old.json"), old_document);
  CHECK(run_cli(dir, "verify light.png old.json").status == 1);
  const Run asked = run_cli(dir, "verify light.png old.json --invert auto");
  CHECK(asked.status == 0);
  CHECK(contains(asked.err, "read with --invert auto (as asked)"));
}

TEST_CASE(
    "tangram solve: auto rotations name the step that solved; a fixed step that misses the "
    "figure's direction is told so") {
  const TempDir dir("input-cli");
  const std::string turned =
      std::string(TANGRAM_SOURCE_DIR) + "/masks/29-page3-61-rotated.png";  // turned 146.02 deg
  const Run solved = run_cli(dir, "solve " + turned + " --threads 1 --no-exact");
  CAPTURE(solved.err);
  CHECK(solved.status == 0);
  CHECK(solved.out.find("  rotations 45-degree steps from 11.0") != std::string::npos);
  CHECK(solved.out.find("(--rotation-step auto, stage 1)") != std::string::npos);
  const Run missed = run_cli(dir, "solve " + turned + " --rotation-step 45 --threads 1");
  CHECK(missed.status == 1);
  CHECK(missed.out.find("impossible at 45-degree steps") != std::string::npos);
  CHECK(missed.err.find("tangram: note: the figure's edges point at 11.0") != std::string::npos);
  CHECK(missed.err.find("deg modulo 45, which 45-degree steps do not reach: try "
                        "--rotation-step auto (or 1)") != std::string::npos);
}

TEST_CASE("tangram experiment finds masks/ without --masks, from any working directory") {
  const TempDir dir("input-cli");
  const Run run = run_cli(dir, "experiment 3 --patterns 2 --strategies bl --search ours -o out -q");
  CAPTURE(run.err);
  CHECK(run.status == 0);
  CHECK(read_all(dir.file("out/runs.csv")).find("/masks/02-") != std::string::npos);
}
