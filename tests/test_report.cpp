// `tangram report`: the HTML page made from a hand-made results directory (tables, charts,
// embedded pictures, unsolved runs marked, placeholders), its Markdown and base64 helpers, the
// loader's errors, and the command line's guards on its output.

#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include <opencv2/imgcodecs.hpp>

#include "cli_runner.hpp"
#include "temp_dir.hpp"
#include "tangram/core/error.hpp"
#include "tangram/lab/report.hpp"
#include "tangram/lab/results.hpp"

using namespace tangram;
using tangram::test::TempDir;

namespace {

/// Non-overlapping occurrences of `needle` in `text`.
int count(const std::string& text, const std::string& needle) {
  int n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos;
       at = text.find(needle, at + needle.size()))
    ++n;
  return n;
}

/// A small PNG of `width` x `height` pixels, as bytes.
std::string png_bytes(int width, int height) {
  std::vector<uchar> bytes;
  cv::imencode(".png", cv::Mat3b(height, width, cv::Vec3b(40, 120, 200)), bytes);
  return std::string(bytes.begin(), bytes.end());
}

RunRecord make_run(const std::string& pattern, const std::string& strategy, bool solved,
                   bool valid, double seconds) {
  RunRecord run;
  run.experiment = "compare";
  run.search = "ours";
  run.pattern = pattern;
  run.strategy = strategy;
  run.solved = solved;
  run.valid = valid;
  run.seconds = seconds;
  run.placements = 40;
  run.backtracks = 7;
  run.coverage = 0.9812;
  run.overlap = 0.002;
  run.spill = 0.0168;
  const std::string stem = std::filesystem::path(pattern).stem().string();
  run.solution = stem + "-" + strategy + ".json";
  run.picture = stem + "-" + strategy + ".png";
  return run;
}

/// Two patterns x two strategies: p1 solved by both; p2 not solved with bl, and solved with
/// dt but rejected by the checker.
std::vector<RunRecord> example_runs() {
  return {make_run("../masks/p1.png", "bl", true, true, 1.0),
          make_run("../masks/p1.png", "dt", true, true, 3.0),
          make_run("../masks/p2.png", "bl", false, false, 20.0),
          make_run("../masks/p2.png", "dt", true, false, 0.5)};
}

/// Report input with every picture of `runs` present.
ReportInput example_input() {
  ReportInput input;
  input.title = "out/compare";
  input.generator = "tangram test";
  input.runs = example_runs();
  for (const RunRecord& run : input.runs)
    for (const std::string& path : {run.pattern, run.picture})
      input.images[path] = EmbeddedImage{png_bytes(30, 20), "", 30, 20};
  return input;
}

/// Writes a results directory <dir>/results with runs.csv and all pictures, patterns in
/// <dir>/masks; returns the results directory.
std::string write_results(const TempDir& dir, const std::vector<RunRecord>& runs) {
  namespace fs = std::filesystem;
  const fs::path results = dir.path() / "results";
  fs::create_directories(results);
  fs::create_directories(dir.path() / "masks");
  tangram::test::write_file((results / "runs.csv").string(), runs_csv(runs));
  for (const RunRecord& run : runs)
    for (const std::string& path : {run.pattern, run.picture})
      tangram::test::write_file((results / path).string(), png_bytes(30, 20));
  return results.string();
}

}  // namespace

TEST_CASE("report: base64 and HTML escaping") {
  CHECK(detail::base64("") == "");
  CHECK(detail::base64("f") == "Zg==");
  CHECK(detail::base64("fo") == "Zm8=");
  CHECK(detail::base64("foo") == "Zm9v");
  CHECK(detail::base64("foobar") == "Zm9vYmFy");
  CHECK(detail::base64(std::string("\x00\xff\xfe", 3)) == "AP/+");
  CHECK(detail::html_escape("<a href=\"x\">&'</a>") ==
        "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;");
}

TEST_CASE("report: tables.md headings, pipe tables and text become HTML") {
  const std::string html = detail::markdown_to_html(
      "# Experiment 1\n"
      "\n"
      "Solved per strategy, <b>raw</b> text.\n"
      "## Table II\n"
      "| strategy | solved | note |\n"
      "|:---|---:|:-:|\n"
      "| DT | **83** | `s` |\n"
      "| BL | 12 | a \\| b |\n"
      "after the table\n"
      "```\n| not | a table |\n```\n");
  CHECK(html.find("<h3>Experiment 1</h3>") != std::string::npos);
  CHECK(html.find("<p>Solved per strategy, &lt;b&gt;raw&lt;/b&gt; text.</p>") != std::string::npos);
  CHECK(html.find("<h4>Table II</h4>") != std::string::npos);
  CHECK(count(html, "<table") == 1);
  CHECK(count(html, "</th>") == 3);
  CHECK(count(html, "<tr>") == 3);
  CHECK(html.find("<th style=\"text-align:left\">strategy</th>") != std::string::npos);
  CHECK(html.find("<td style=\"text-align:right\"><strong>83</strong></td>") !=
        std::string::npos);
  CHECK(html.find("<td style=\"text-align:center\"><code>s</code></td>") != std::string::npos);
  CHECK(html.find("a | b") != std::string::npos);
  CHECK(html.find("<p>after the table</p>") != std::string::npos);
  CHECK(html.find("<pre><code>| not | a table |\n</code></pre>") != std::string::npos);
}

TEST_CASE("report: the page has the tables, two SVG charts, every picture, unsolved marked") {
  ReportInput input = example_input();
  const std::string html = report_html(input);
  CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(count(html, "<table") == 2);  // summary + one pattern x strategy table
  CHECK(count(html, "<svg") == 2);
  CHECK(count(html, "id=\"chart-solved\"") == 1);
  CHECK(count(html, "id=\"chart-time\"") == 1);
  // 2 patterns + 4 runs, all embedded: no other source, no stylesheet link, no remote URL.
  CHECK(count(html, "<img src=\"data:image/png;base64,") == 6);
  CHECK(count(html, "src=\"") == 6);
  CHECK(count(html, "<link") == 0);
  CHECK(count(html, "https://") == 0);
  CHECK(count(html, "data-status=\"solved\"") == 2);
  CHECK(count(html, "data-status=\"unsolved\"") == 1);
  CHECK(count(html, "data-status=\"invalid\"") == 1);
  CHECK(html.find(">NOT SOLVED</span>") != std::string::npos);
  CHECK(html.find(">INVALID</span>") != std::string::npos);
  // Summary rows by hand: bl 2 runs, 1 solved, mean 1.00 s; dt 2 runs, 1 solved (3.00 s), 1
  // invalid.
  CHECK(html.find("<td>BL</td><td class=\"num\">2</td><td class=\"num\">1</td><td "
                  "class=\"num\">0</td><td class=\"num\">50.0</td><td class=\"num\">1.00</td>") !=
        std::string::npos);
  CHECK(html.find("<td>DT</td><td class=\"num\">2</td><td class=\"num\">1</td><td "
                  "class=\"num\">1</td><td class=\"num\">50.0</td><td class=\"num\">3.00</td>") !=
        std::string::npos);
  // Pattern x strategy cells.
  CHECK(html.find("<td class=\"unsolved\">no 20.0 s") != std::string::npos);
  CHECK(html.find("<td class=\"invalid\">invalid 0.50 s") != std::string::npos);
  CHECK(html.find("<td class=\"solved\">yes 1.00 s<br>cov 0.981<br>bt 7</td>") !=
        std::string::npos);
  // Chart bars: "1/2" solved for each strategy.
  CHECK(count(html, ">1/2<title>") == 2);

  input.tables_markdown = "## Table I\n\n| a | b |\n|---|---|\n| 1 | 2 |\n";
  const std::string with_tables = report_html(input);
  CHECK(count(with_tables, "<table") == 3);
  CHECK(with_tables.find("<h3>Table I</h3>") != std::string::npos);
}

TEST_CASE("report: a missing picture is a visible placeholder, not a broken image") {
  ReportInput input = example_input();
  input.images["p2-bl.png"] = EmbeddedImage{"", "no such file", 0, 0};
  input.images.erase("../masks/p1.png");
  input.runs[1].picture.clear();  // p1 dt: no picture written
  const std::string html = report_html(input);
  CHECK(count(html, "data:image/png;base64,") == 3);
  CHECK(count(html, "class=\"missing-image\"") == 3);
  CHECK(html.find("p2-bl.png<br>(no such file)") != std::string::npos);
  CHECK(html.find("no picture written") != std::string::npos);
}

TEST_CASE("report: --gallery unsolved shows only the runs not counted, none shows none") {
  ReportInput input = example_input();
  input.gallery = GalleryMode::Unsolved;
  std::string html = report_html(input);
  CHECK(count(html, "data-status=") == 2);
  CHECK(count(html, "data:image/png;base64,") == 3);  // p2 and its two runs
  input.gallery = GalleryMode::None;
  html = report_html(input);
  CHECK(count(html, "data-status=") == 0);
  CHECK(count(html, "data:image/png;base64,") == 0);
  CHECK(count(html, "<svg") == 2);
  CHECK(html.find("id=\"gallery\"") == std::string::npos);
}

TEST_CASE("report: an empty runs.csv gives a page without charts") {
  ReportInput input;
  input.title = "empty";
  const std::string html = report_html(input);
  CHECK(html.find("runs.csv has no runs") != std::string::npos);
  CHECK(count(html, "<svg") == 0);
}

TEST_CASE("report: several experiments and searches give one chart series each") {
  ReportInput input = example_input();
  RunRecord paper = input.runs[0];
  paper.experiment = "1";
  paper.search = "paper";
  input.runs.push_back(paper);
  const std::string html = report_html(input);
  CHECK(count(html, "<svg") == 2);
  CHECK(count(html, "class=\"legend\">compare, search ours<") == 2);
  CHECK(count(html, "class=\"legend\">experiment 1, search paper<") == 2);
  CHECK(count(html, "<table") == 3);  // summary + one per group
  CHECK(html.find("<h3>experiment 1, search paper</h3>") != std::string::npos);
}

TEST_CASE("report: loading a results directory, its pictures and tables.md") {
  TempDir dir("report-load");
  const std::string results = write_results(dir, example_runs());
  tangram::test::write_file(results + "/tables.md", "## T\n\n|a|\n|-|\n|1|\n");
  std::vector<std::string> warnings;
  ReportInput input = load_report_input(results, GalleryMode::All, warnings);
  CHECK(warnings.empty());
  CHECK(input.runs.size() == 4);
  CHECK(input.images.size() == 6);
  CHECK(input.images.at("../masks/p1.png").width == 30);
  CHECK(input.images.at("../masks/p1.png").height == 20);
  CHECK(input.tables_markdown.find("## T") == 0);

  std::filesystem::remove(results + "/p2-bl.png");
  tangram::test::write_file(results + "/p1-dt.png", "GIF89a not a png at all");
  input = load_report_input(results, GalleryMode::All, warnings);
  REQUIRE(warnings.size() == 2);
  CHECK(warnings[0].find("p1-dt.png: not a PNG file") != std::string::npos);
  CHECK(warnings[1].find("p2-bl.png: no such file") != std::string::npos);
  CHECK(input.images.at("p2-bl.png").problem == "no such file");

  warnings.clear();
  input = load_report_input(results, GalleryMode::None, warnings);
  CHECK(warnings.empty());
  CHECK(input.images.empty());
}

TEST_CASE("report: unusable results directories are one-line InputErrors") {
  TempDir dir("report-bad");
  std::vector<std::string> warnings;
  CHECK_THROWS_WITH_AS(load_report_input(dir.file("nope"), GalleryMode::All, warnings),
                       ("cannot read results directory " + dir.file("nope") +
                        ": no such directory").c_str(),
                       InputError);
  CHECK_THROWS_WITH_AS(load_report_input(dir.path().string(), GalleryMode::All, warnings),
                       ("results directory " + dir.path().string() +
                        " has no runs.csv (compare and experiment write one in their output directory)").c_str(),
                       InputError);
  const std::string results = write_results(dir, example_runs());
  std::string csv = runs_csv(example_runs());
  csv.replace(csv.find(",bl,1,1,"), 8, ",bl,1,x,");
  tangram::test::write_file(results + "/runs.csv", csv);
  CHECK_THROWS_WITH_AS(load_report_input(results, GalleryMode::All, warnings),
                       (results + "/runs.csv line 2: valid must be 0 or 1, got 'x'").c_str(),
                       InputError);
}

TEST_CASE("tangram report: writes the page; refuses outputs among or inside its inputs") {
  TempDir dir("report-cli");
  write_results(dir, example_runs());
  using tangram::test::run_cli;

  tangram::test::Run run = run_cli(dir, "report results -o page.html");
  CAPTURE(run.err);
  CHECK(run.status == 0);
  CHECK(run.err.empty());
  CHECK(run.out.rfind("page.html: 4 runs, 6 pictures embedded, ", 0) == 0);
  const std::string html = tangram::test::read_all(dir.path() / "page.html");
  CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(count(html, "data:image/png;base64,") == 6);

  const auto refused = [&](const std::string& args, const std::string& message) {
    const tangram::test::Run r = run_cli(dir, args);
    CAPTURE(args);
    CHECK(r.status == 2);
    CHECK(r.err == "tangram: error: " + message + "\n");
  };
  refused("report results -o results/page.html",
          "-o results/page.html is inside the results directory results, which is an input: "
          "write the report elsewhere");
  refused("report results/ -o results/sub/../runs.csv",
          "-o results/sub/../runs.csv is inside the results directory results/, which is an "
          "input: write the report elsewhere");
  refused("report results -o masks/p1.png",
          "-o masks/p1.png would overwrite results/../masks/p1.png, an input of the report: "
          "choose another output path");
  refused("report results -o page.html --gallery some",
          "--gallery must be all, unsolved or none, got 'some'");
  refused("report nowhere -o page2.html",
          "cannot read results directory nowhere: no such directory");
  refused("report masks -o page2.html",
          "results directory masks has no runs.csv (compare and experiment write one in their output directory)");
  refused("report results -o nodir/page.html",
          "cannot write nodir/page.html: directory nodir does not exist");
  CHECK_FALSE(std::filesystem::exists(dir.path() / "results" / "page.html"));
  CHECK_FALSE(std::filesystem::exists(dir.path() / "page2.html"));

  // A missing picture: a warning line, a placeholder, status 0.
  std::filesystem::remove(dir.path() / "results" / "p2-dt.png");
  run = run_cli(dir, "report results -o page.html --gallery unsolved");
  CHECK(run.status == 0);
  CHECK(run.err ==
        "tangram: warning: picture results/p2-dt.png: no such file (the report shows a "
        "placeholder)\n");
  CHECK(count(tangram::test::read_all(dir.path() / "page.html"), "class=\"missing-image\"") == 1);
}
