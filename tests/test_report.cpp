// `tangram report`: the HTML page made from a hand-made results directory (tables, charts,
// embedded pictures, unsolved runs marked with why, placeholders, the settings block, labels
// in their slots, S^-1 raised), Tables I-III from an experiment's records, its base64 and label
// helpers, the loader's errors, and the command line's guards on its output.

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <opencv2/imgcodecs.hpp>

#include "cli_runner.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/io/picture.hpp"
#include "tangram/lab/detail/text.hpp"
#include "tangram/lab/experiment.hpp"
#include "tangram/lab/report.hpp"
#include "tangram/lab/results.hpp"
#include "temp_dir.hpp"

using namespace tangram;
using tangram::test::TempDir;

namespace {

/// Non-overlapping occurrences of `needle` in `text`.
int occurrences(const std::string& text, const std::string& needle) {
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

RunRecord compare_run(const std::string& pattern, const std::string& strategy, bool solved,
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
  return {compare_run("../masks/p1.png", "bl", true, true, 1.0),
          compare_run("../masks/p1.png", "dt", true, true, 3.0),
          compare_run("../masks/p2.png", "bl", false, false, 20.0),
          compare_run("../masks/p2.png", "dt", true, false, 0.5)};
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

TEST_CASE("report: csv_table quotes only what needs it, and csv_records reads it back") {
  const std::vector<std::vector<std::string>> rows{
      {"name", "value"}, {"a,b", "say \"hi\""}, {"two\nlines", ""}, {"plain", "1.5"}};
  const std::string csv = detail::csv_table(rows);
  CHECK(csv.rfind("name,value\n\"a,b\",\"say \"\"hi\"\"\"\n", 0) == 0);
  CHECK(csv.substr(csv.size() - 10) == "plain,1.5\n");
  const std::vector<detail::CsvRecord> back = detail::csv_records(csv, "test");
  REQUIRE(back.size() == rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) CHECK(back[i].fields == rows[i]);
  CHECK(back[3].line == 5);  // the quoted newline counts
  CHECK(detail::csv_table({}).empty());
}

TEST_CASE("report: Tables I-III become HTML tables, cells escaped, the note below them") {
  ReportInput input = example_input();
  input.tables = {ExperimentTable{"Table I: solved <all>",
                                  {{"strategy", "Exp. 2 paper"}, {"S^-1", "8*"}, {"DT", "-"}}},
                  ExperimentTable{"Table II", {{"experiment", "all paper"}, {"Exp. 2", "54.76%"}}}};
  const std::string html = report_html(input);
  CHECK(html.find("<h2 id=\"tables\">Tables I-III (as in tables.md)</h2>\n<h3>Table I: solved "
                  "&lt;all&gt;</h3>\n<table class=\"paper-tables\">\n<thead><tr><th>strategy</th>"
                  "<th>Exp. 2 paper</th></tr>\n</thead>\n<tbody>\n<tr><td>S<sup>&minus;1</sup></td>"
                  "<td>8*</td></tr>\n"
                  "<tr><td>DT</td><td>-</td></tr>\n</tbody>\n</table>\n<h3>Table II</h3>") !=
        std::string::npos);
  CHECK(occurrences(html, "<table class=\"paper-tables\">") == 2);
  CHECK(html.find("<tr><td>Exp. 2</td><td>54.76%</td></tr>") != std::string::npos);
  CHECK(html.find("</table>\n<p>A run counts as solved only when its assembly passes the checker "
                  "with the referee&#39;s thresholds. k/n: k solved of n runs") !=
        std::string::npos);
  CHECK(html.find("&#39;*&#39;: not all planned runs of the cell are recorded yet; &#39;-&#39;: "
                  "none are.</p>") != std::string::npos);
  input.tables.clear();
  CHECK(report_html(input).find("id=\"tables\"") == std::string::npos);
}

TEST_CASE("report: the page has the tables, two SVG charts, every picture, unsolved marked") {
  ReportInput input = example_input();
  const std::string html = report_html(input);
  CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(occurrences(html, "<table") == 2);  // summary + one pattern x strategy table
  CHECK(occurrences(html, "<svg") == 2);
  CHECK(occurrences(html, "id=\"chart-solved\"") == 1);
  CHECK(occurrences(html, "id=\"chart-time\"") == 1);
  // 2 patterns + 4 runs, all embedded: no other source, no stylesheet link, no remote URL.
  CHECK(occurrences(html, "<img src=\"data:image/png;base64,") == 6);
  CHECK(occurrences(html, "src=\"") == 6);
  CHECK(occurrences(html, "<link") == 0);
  CHECK(occurrences(html, "https://") == 0);
  CHECK(occurrences(html, "data-status=\"solved\"") == 2);
  CHECK(occurrences(html, "data-status=\"unsolved\"") == 1);
  CHECK(occurrences(html, "data-status=\"invalid\"") == 1);
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
  CHECK(occurrences(html, ">1/2<title>") == 2);

  input.tables = {ExperimentTable{"Table I", {{"a", "b"}, {"1", "2"}}}};
  const std::string with_tables = report_html(input);
  CHECK(occurrences(with_tables, "<table") == 3);
  CHECK(with_tables.find("<h3>Table I</h3>") != std::string::npos);
}

TEST_CASE("report: labels with a superscript are raised in HTML and SVG, Unicode in tooltips") {
  CHECK(detail::label_html("S^-1") == "S<sup>&minus;1</sup>");
  CHECK(detail::label_html("BL, S^-1, DT") == "BL, S<sup>&minus;1</sup>, DT");
  CHECK(detail::label_html("a^b <c>") == "a^b &lt;c&gt;");  // no digits: left as it is
  CHECK(detail::label_svg("S^-1") == "S<tspan dy=\"-0.4em\" font-size=\"75%\">&minus;1</tspan>");
  CHECK(detail::label_svg("S^-1 x") ==
        "S<tspan dy=\"-0.4em\" font-size=\"75%\">&minus;1"
        "</tspan><tspan dy=\"0.4em\"> x</tspan>");
  CHECK(detail::label_unicode("S^-1") == "S\u207b\u00b9");
  CHECK(detail::label_unicode("x^2") == "x\u00b2");
  CHECK(detail::code_points("S\u207b\u00b9") == 3);

  ReportInput input = example_input();
  for (RunRecord& run : input.runs) run.strategy = run.strategy == "bl" ? "s-inv" : run.strategy;
  const std::string html = report_html(input);
  CHECK(html.find("<td>S<sup>&minus;1</sup></td>") != std::string::npos);  // summary
  CHECK(html.find("<th>S<sup>&minus;1</sup></th>") != std::string::npos);  // runs table
  CHECK(html.find("<b>S<sup>&minus;1</sup></b>") != std::string::npos);    // gallery
  CHECK(html.find("class=\"category\" data-container=\"chart-solved-category-0\">S<tspan") !=
        std::string::npos);
  CHECK(html.find("S^-1") == std::string::npos);
}

TEST_CASE("report: every chart label names a slot as wide as the widest label, slots apart") {
  ReportInput input = example_input();
  for (int p = 0; p < 12; ++p)  // "13/14": two digits on each side
    for (const char* strategy : {"bl", "dt"})
      input.runs.push_back(
          compare_run("../masks/q" + std::to_string(p) + ".png", strategy, true, true, 1.0));
  const std::string html = report_html(input);
  CHECK(occurrences(html, ">13/14<title>") == 2);
  // Each bar label and category names its container, which exists.
  const auto attribute = [&](std::size_t at, const std::string& name) {
    const std::size_t start = html.find(name + "=\"", at) + name.size() + 2;
    return html.substr(start, html.find('"', start) - start);
  };
  int labels = 0;
  for (std::size_t at = html.find("class=\"bar-label\""); at != std::string::npos;
       at = html.find("class=\"bar-label\"", at + 1)) {
    ++labels;
    const std::string slot = attribute(at, "data-container");
    CAPTURE(slot);
    const std::size_t rect = html.find("<rect id=\"" + slot + "\" class=\"slot\"");
    REQUIRE(rect != std::string::npos);
    // "13/14": 5 characters at 7 px and 4 px to spare, 39 px, more than a bar (16 px); the
    // times ("1.00") 4 characters, 32 px.
    CHECK(attribute(rect, "width") == (slot.rfind("chart-solved", 0) == 0 ? "39" : "32"));
  }
  CHECK(labels == 2 * 2);  // two charts, two strategies, one group
  CHECK(occurrences(html, "class=\"category\" data-container=\"chart-") == 2 * 2);
}

TEST_CASE("report: the settings of the results, or a note that there are none") {
  ReportInput input = example_input();
  std::string html = report_html(input);
  CHECK(html.find("<h2 id=\"settings\">How these results were made</h2>") != std::string::npos);
  CHECK(html.find("id=\"no-settings\"") != std::string::npos);
  CHECK(html.find("id=\"settings-table\"") == std::string::npos);
  CHECK(html.find("id=\"piece-legend\"") == std::string::npos);

  ResultsSettings settings;
  settings.made_by = "compare";
  settings.time_limit_s = 5;
  settings.rotations = {{"", 45.0, true}};
  settings.searches = {"ours"};
  settings.strategies = {"bl", "s-inv"};
  settings.threads = 0;
  settings.piece_set = "tangram";
  settings.pieces = piece_labels(PieceSet::tangram());
  settings.invocations = {{"tangram compare a.png b.png --out 'r & d'", "tangram 0.1.0", "e48074e",
                           "AMD EPYC", 2, "2025-01-31T12:34:56Z"}};
  input.settings = settings;
  html = report_html(input);
  CHECK(html.find("id=\"no-settings\"") == std::string::npos);
  for (const std::string row :
       {"<tr><th>time limit</th><td>5 s per run</td></tr>",
        "<tr><th>rotation step</th><td>45 deg, mirroring</td></tr>",
        "<tr><th>search</th><td>ours</td></tr>",
        "<tr><th>strategies</th><td>BL, S<sup>&minus;1</sup></td></tr>",
        "<tr><th>threads</th><td>all cores per run, 1 run at a time</td></tr>",
        "<tr><th>command</th><td><code>tangram compare a.png b.png --out &#39;r &amp; d&#39;"
        "</code></td></tr>",
        "<tr><th>commit</th><td>e48074e (tangram 0.1.0)</td></tr>",
        "<tr><th>machine</th><td>AMD EPYC, 2 cores</td></tr>",
        "<tr><th>date</th><td>2025-01-31T12:34:56Z</td></tr>"}) {
    CAPTURE(row);
    CHECK(html.find(row) != std::string::npos);
  }
  // The settings come before the results; the gallery has the pieces' legend in their colours.
  CHECK(html.find("id=\"settings-table\"") < html.find("id=\"summary\""));
  CHECK(html.find("<p id=\"piece-legend\" class=\"legend\">Pieces (tangram)") != std::string::npos);
  CHECK(
      html.find("<span class=\"swatch\" style=\"background:#1f77b4\"></span>large-triangle 1/2") !=
      std::string::npos);
  CHECK(occurrences(html, "class=\"swatch\"") == 7);
}

TEST_CASE("report: the gallery says why a run did not count, when runs.csv has the outcome") {
  ReportInput input = example_input();
  std::string html = report_html(input);  // no outcome column: no reason
  CHECK(html.find("class=\"why\"") == std::string::npos);
  input.runs[2].outcome = Outcome::TimeLimit;
  input.runs[3].outcome = Outcome::Invalid;
  html = report_html(input);
  CHECK(html.find("<span class=\"badge unsolved\">NOT SOLVED</span> <span class=\"why\">time "
                  "limit</span>") != std::string::npos);
  CHECK(html.find("<span class=\"badge invalid\">INVALID</span> <span class=\"why\">rejected by "
                  "the checker</span>") != std::string::npos);
  CHECK(html.find("data-outcome=\"time-limit\"") != std::string::npos);
  CHECK(html.find("alt=\"p2.png, BL: NOT SOLVED (time limit)\"") != std::string::npos);
  // With the settings, the time limit in seconds.
  input.settings = ResultsSettings{};
  input.settings->time_limit_s = 20;
  html = report_html(input);
  CHECK(html.find("<span class=\"why\">time limit of 20 s</span>") != std::string::npos);
  input.runs[2].outcome = Outcome::Impossible;
  CHECK(report_html(input).find("<span class=\"why\">impossible</span>") != std::string::npos);
}

TEST_CASE("report: loading reads settings.json; a broken one is a warning") {
  TempDir dir("report-settings");
  const std::string results = write_results(dir, example_runs());
  ResultsSettings settings;
  settings.made_by = "compare";
  settings.time_limit_s = 7;
  tangram::test::write_file(results + "/settings.json", settings_to_json(settings));
  std::vector<std::string> warnings;
  ReportInput input = load_report_input(results, GalleryMode::None, warnings);
  CHECK(warnings.empty());
  REQUIRE(input.settings.has_value());
  CHECK(input.settings->time_limit_s == 7);
  tangram::test::write_file(results + "/settings.json", "{\"format\": 1}");
  input = load_report_input(results, GalleryMode::None, warnings);
  CHECK_FALSE(input.settings.has_value());
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0] ==
        "settings " + results +
            "/settings.json: invalid settings: wrong format tag "
            "a number (expected \"tangram-settings/1\") (the report shows no settings)");
  const std::vector<std::string> files = report_input_files(results, input.runs);
  CHECK(std::find(files.begin(), files.end(), results + "/settings.json") != files.end());
}

TEST_CASE("report: a missing picture is a visible placeholder, not a broken image") {
  ReportInput input = example_input();
  input.images["p2-bl.png"] = EmbeddedImage{"", "no such file", 0, 0};
  input.images.erase("../masks/p1.png");
  input.runs[1].picture.clear();  // p1 dt: no picture written
  const std::string html = report_html(input);
  CHECK(occurrences(html, "data:image/png;base64,") == 3);
  CHECK(occurrences(html, "class=\"missing-image\"") == 3);
  CHECK(html.find("p2-bl.png<br>(no such file)") != std::string::npos);
  CHECK(html.find("no picture written") != std::string::npos);
}

TEST_CASE("report: --gallery unsolved shows only the runs not counted, none shows none") {
  ReportInput input = example_input();
  input.gallery = GalleryMode::Unsolved;
  std::string html = report_html(input);
  CHECK(occurrences(html, "data-status=") == 2);
  CHECK(occurrences(html, "data:image/png;base64,") == 3);  // p2 and its two runs
  input.gallery = GalleryMode::None;
  html = report_html(input);
  CHECK(occurrences(html, "data-status=") == 0);
  CHECK(occurrences(html, "data:image/png;base64,") == 0);
  CHECK(occurrences(html, "<svg") == 2);
  CHECK(html.find("id=\"gallery\"") == std::string::npos);
}

TEST_CASE("report: an empty runs.csv gives a page without charts") {
  ReportInput input;
  input.title = "empty";
  const std::string html = report_html(input);
  CHECK(html.find("runs.csv has no runs") != std::string::npos);
  CHECK(occurrences(html, "<svg") == 0);
}

TEST_CASE("report: several experiments and searches give one chart series each") {
  ReportInput input = example_input();
  RunRecord paper = input.runs[0];
  paper.experiment = "1";
  paper.search = "paper";
  input.runs.push_back(paper);
  const std::string html = report_html(input);
  CHECK(occurrences(html, "<svg") == 2);
  CHECK(occurrences(html, "class=\"legend\">compare, search ours<") == 2);
  CHECK(occurrences(html, "class=\"legend\">experiment 1, search paper<") == 2);
  CHECK(occurrences(html, "<table") == 3);  // summary + one per group
  CHECK(html.find("<h3>experiment 1, search paper</h3>") != std::string::npos);
}

TEST_CASE("report: the gallery shows the assemblies, without the pictures' own legends") {
  // A run's picture as compare writes it: the assembly, a rule, the caption and the legend.
  TempDir dir("report-thumbnails");
  const std::vector<RunRecord> runs = example_runs();
  const std::string results = write_results(dir, runs);
  cv::Mat1b mask(60, 80, uchar{0});
  mask(cv::Rect(10, 10, 40, 40)).setTo(255);
  const PieceSet set = PieceSet::tangram();
  PictureCaption caption;
  caption.reason = "search space exhausted";
  const cv::Mat3b picture = render_solution(make_pattern(mask), Solution{}, set, caption);
  const int assembly = render_assembly(make_pattern(mask), {}, set).rows;
  REQUIRE(assembly < picture.rows);
  cv::imwrite(results + "/" + runs[0].picture, picture);
  std::vector<std::string> warnings;
  // Without settings the page has no legend of its own: the picture is shown whole.
  ReportInput input = load_report_input(results, GalleryMode::All, warnings);
  CHECK(input.images.at(runs[0].picture).height == picture.rows);
  ResultsSettings settings;
  settings.made_by = "compare";
  settings.piece_set = "tangram";
  settings.pieces = piece_labels(set);
  tangram::test::write_file(results + "/settings.json", settings_to_json(settings));
  input = load_report_input(results, GalleryMode::All, warnings);
  CHECK(warnings.empty());
  const EmbeddedImage& shown = input.images.at(runs[0].picture);
  CHECK(shown.height == assembly);
  CHECK(shown.width == picture.cols);
  const std::string png = shown.png;
  const cv::Mat decoded =
      cv::imdecode(std::vector<uchar>(png.begin(), png.end()), cv::IMREAD_COLOR);
  CHECK(decoded.rows == assembly);
  CHECK(input.images.at(runs[0].pattern).height == 20);  // patterns are never cut
  CHECK(report_html(input).find("id=\"piece-legend\"") != std::string::npos);
}

TEST_CASE("report: loading a results directory and its pictures; tables.md is not read") {
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
  CHECK(input.tables.empty());  // compare runs: no Tables I-III

  // A pattern in another format (compare and solve read any): embedded as a PNG.
  cv::Mat1b figure(20, 30, uchar{255});
  figure(cv::Rect(5, 5, 10, 10)) = 0;
  std::vector<unsigned char> jpeg;
  REQUIRE(cv::imencode(".jpg", figure, jpeg));
  tangram::test::write_file(dir.file("masks/p1.png"), std::string(jpeg.begin(), jpeg.end()));
  input = load_report_input(results, GalleryMode::All, warnings);
  CHECK(warnings.empty());
  CHECK(input.images.at("../masks/p1.png").width == 30);
  CHECK(input.images.at("../masks/p1.png").png.rfind("\x89PNG", 0) == 0);

  std::filesystem::remove(results + "/p2-bl.png");
  tangram::test::write_file(results + "/p1-dt.png", "GIF89a not a png at all");
  input = load_report_input(results, GalleryMode::All, warnings);
  REQUIRE(warnings.size() == 2);
  CHECK(warnings[0].find("p1-dt.png: a GIF image, which tangram does not read") !=
        std::string::npos);
  CHECK(warnings[1].find("p2-bl.png: no such file") != std::string::npos);
  CHECK(input.images.at("p2-bl.png").problem == "no such file");

  warnings.clear();
  input = load_report_input(results, GalleryMode::None, warnings);
  CHECK(warnings.empty());
  CHECK(input.images.empty());
}

TEST_CASE("report: Tables I-III of an experiment directory come from its run records and plan") {
  // Experiment 2 planned with 3 patterns (p3 never ran), BL and DT, the faithful search. The
  // records keep 4 decimals of the times, runs.csv 3: 1.2349 s is "1.23s" in tables.md, where
  // runs.csv's 1.235 would give "1.24s".
  const TablePlan plan{
      {2}, {3}, {Strategy::BottomLeft, Strategy::DistanceTransform}, {SearchMode::Paper}};
  std::vector<ExperimentRecord> records;
  std::vector<RunRecord> runs;
  for (const char* pattern : {"p1", "p2"})
    for (const Strategy strategy : plan.strategies) {
      ExperimentRecord r;
      r.experiment = 2;
      r.search = SearchMode::Paper;
      r.pattern = pattern;
      r.strategy = strategy;
      r.time_limit_s = 20;
      r.solved = r.valid = std::string(pattern) == "p1";
      r.seconds = r.solved ? (strategy == Strategy::BottomLeft ? 1.2349 : 2.5) : 20.0004;
      r.coverage = 0.99;
      records.push_back(r);
      RunRecord run =
          compare_run("../masks/" + r.pattern + ".png", std::string(strategy_name(strategy)),
                      r.solved, r.valid, r.seconds);
      run.experiment = "2";
      run.search = "paper";
      runs.push_back(run);
    }
  TempDir dir("report-tables");
  const std::string results = write_results(dir, runs);
  std::filesystem::create_directories(results + "/exp2/paper");
  for (const ExperimentRecord& r : records)
    tangram::test::write_file(
        results + "/" + run_record_path(r.experiment, r.search, r.pattern, r.strategy),
        record_to_json(r));
  tangram::test::write_file(results + "/tables.csv", tables_csv(records, plan));
  tangram::test::write_file(results + "/tables.md", "not read");

  const auto rows_of = [](const std::vector<ExperimentTable>& tables) {
    std::vector<std::vector<std::string>> rows;
    for (const ExperimentTable& table : tables) {
      rows.push_back({table.title});
      rows.insert(rows.end(), table.rows.begin(), table.rows.end());
    }
    return rows;
  };
  std::vector<std::string> warnings;
  ReportInput input = load_report_input(results, GalleryMode::None, warnings);
  CHECK(warnings.empty());
  CHECK(rows_of(input.tables) == rows_of(experiment_tables(records, plan)));
  std::string html = report_html(input);
  CHECK(html.find("<tr><td>BL</td><td>5.75s (7.51s)</td><td>1.23s (0.00s)*</td></tr>") !=
        std::string::npos);
  CHECK(html.find("<tr><td>DT</td><td>15/18</td><td>1/3*</td></tr>") != std::string::npos);

  // Without tables.csv the plan is what runs.csv shows (two patterns): no '*', and a warning.
  std::filesystem::remove(results + "/tables.csv");
  input = load_report_input(results, GalleryMode::None, warnings);
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0] == "tables " + results +
                           "/tables.csv: no such file (Tables I-III take the "
                           "runs in runs.csv for all that were planned)");
  TablePlan shown = plan;
  shown.patterns = {2};
  CHECK(rows_of(input.tables) == rows_of(experiment_tables(records, shown)));

  // A record that is missing: its runs.csv row stands in, with its 3 decimals, and one warning.
  tangram::test::write_file(results + "/tables.csv", tables_csv(records, plan));
  std::filesystem::remove(results + "/exp2/paper/p1-bl.run.json");
  warnings.clear();
  input = load_report_input(results, GalleryMode::None, warnings);
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0] == "run record " + results +
                           "/exp2/paper/p1-bl.run.json: no such file (1 of 4 "
                           "records unusable: Tables I-III use their runs.csv rows, times to 3 "
                           "decimals)");
  html = report_html(input);
  CHECK(html.find("<tr><td>BL</td><td>5.75s (7.51s)</td><td>1.24s (0.00s)*</td></tr>") !=
        std::string::npos);
}

TEST_CASE("report: unusable results directories are one-line InputErrors") {
  TempDir dir("report-bad");
  std::vector<std::string> warnings;
  CHECK_THROWS_WITH_AS(
      load_report_input(dir.file("nope"), GalleryMode::All, warnings),
      ("cannot read results directory " + dir.file("nope") + ": no such directory").c_str(),
      InputError);
  CHECK_THROWS_WITH_AS(
      load_report_input(dir.path().string(), GalleryMode::All, warnings),
      ("results directory " + dir.path().string() +
       " has no runs.csv (compare and experiment write one in their output directory)")
          .c_str(),
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
  CHECK(occurrences(html, "data:image/png;base64,") == 6);

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
          "results directory masks has no runs.csv (compare and experiment write one in their "
          "output directory)");
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
  CHECK(occurrences(tangram::test::read_all(dir.path() / "page.html"), "class=\"missing-image\"") ==
        1);
}
