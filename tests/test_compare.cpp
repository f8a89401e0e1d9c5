// `tangram compare` end to end: two patterns from masks/ with two strategies at 45 deg steps
// (a few seconds), checked through the files it writes, and a bad strategy name.

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <sys/wait.h>

#include <opencv2/imgcodecs.hpp>

#include "checks.hpp"
#include "cli_runner.hpp"
#include "patterns.hpp"
#include "temp_dir.hpp"

namespace {

using tangram::test::contains;
using tangram::test::lines;

using tangram::test::kMasks;

using tangram::test::read_all;
using tangram::test::Run;
using tangram::test::run_cli;

}  // namespace

TEST_CASE(
    "tangram compare: two patterns x two strategies give a table, runs.csv, JSONs, "
    "pictures and a montage") {
  tangram::test::TempDir dir("compare");
  const std::string out = dir.file("result");
  // The limit only caps: dt solves 03-page5-219 in 0.4 s (11 s built with AddressSanitizer,
  // more on a loaded machine), and the check below must not depend on the machine's speed.
  const Run run = run_cli(dir, "compare " + kMasks + "02-page9-11.png " + kMasks +
                                   "03-page5-219.png --strategies dt,bl --rotation-step 45 "
                                   "--time-limit 300 --out " +
                                   out);
  CAPTURE(run.err);
  REQUIRE(run.status == 0);

  // Table: header, rule, one row per pattern.
  CHECK(run.out.find("02-page9-11") != std::string::npos);
  CHECK(run.out.find("03-page5-219") != std::string::npos);
  CHECK(run.out.find("| DT") != std::string::npos);
  CHECK(run.out.find("| BL") != std::string::npos);
  CHECK(lines(run.out).size() == 4);
  // Progress: one line per run.
  CHECK(run.err.find("[4/4]") != std::string::npos);

  // runs.csv: the shared results format, paths relative to the results directory.
  namespace fs = std::filesystem;
  const std::vector<std::string> csv = lines(read_all(out + "/runs.csv"));
  REQUIRE(csv.size() == 5);
  CHECK(csv[0] ==
        "experiment,search,pattern,strategy,solved,valid,seconds,placements,backtracks,coverage,"
        "overlap,spill,solution,picture,outcome");
  int dt_valid = 0;
  for (std::size_t i = 1; i < csv.size(); ++i) {
    CAPTURE(csv[i]);
    std::vector<std::string> f;
    std::istringstream row(csv[i]);
    for (std::string field; std::getline(row, field, ',');) f.push_back(field);
    REQUIRE(f.size() == 15);
    CHECK(f[0] == "compare");
    CHECK(f[1] == "ours");
    CHECK(fs::path(f[2]).is_absolute());  // masks/ lies outside the results folder
    const std::string stem = fs::path(f[2]).stem().string();
    CHECK(fs::equivalent(fs::path(out) / f[2], kMasks + stem + ".png"));
    CHECK(f[12] == stem + "-" + f[3] + ".json");
    CHECK(f[13] == stem + "-" + f[3] + ".png");
    CHECK(f[9].size() == 6);  // 4 decimals: "0.9812"
    CHECK((f[14] == "solved") == (f[4] == "1" && f[5] == "1"));
    if (f[14] != "solved") CHECK((f[14] == "time-limit" || f[14] == "exhausted"));
    if (f[3] == "dt" && f[4] == "1" && f[5] == "1") ++dt_valid;
  }
  CHECK(dt_valid == 2);

  for (const char* name : {"02-page9-11-dt.json", "02-page9-11-bl.json", "03-page5-219-dt.json",
                           "03-page5-219-bl.json"}) {
    CAPTURE(name);
    CHECK(read_all(out + "/" + name).find("tangram-solution/1") != std::string::npos);
  }
  // One picture per run, the assembly at the pattern's size (291 x 291 and 303 x 336) and
  // below it the band of the caption and legend, 340 px wide at least.
  for (const char* name :
       {"02-page9-11-dt.png", "02-page9-11-bl.png", "03-page5-219-dt.png", "03-page5-219-bl.png"}) {
    const cv::Mat picture = cv::imread(out + "/" + name, cv::IMREAD_COLOR);
    CAPTURE(name);
    CHECK(picture.cols == 340);
    CHECK(picture.rows > (std::string(name).rfind("02", 0) == 0 ? 291 : 336) + 100);
  }

  // settings.json: how the runs were made, with the command line.
  const std::string settings = read_all(out + "/settings.json");
  CHECK(settings.find("\"format\": \"tangram-settings/1\"") != std::string::npos);
  CHECK(settings.find("\"time_limit_s\": 300.0") != std::string::npos);
  CHECK(settings.find("\"step_deg\": 45.0") != std::string::npos);
  CHECK(settings.find("\"strategies\": [\n    \"dt\",\n    \"bl\"\n  ]") != std::string::npos);
  CHECK(settings.find("compare " + kMasks + "02-page9-11.png") != std::string::npos);
  CHECK(settings.find("--time-limit 300 --out " + out) != std::string::npos);

  // Montage: a header row and a label column around 2 x 2 cells of 200 px (and their caption
  // lines), the legend below.
  const cv::Mat montage = cv::imread(out + "/montage.png", cv::IMREAD_COLOR);
  REQUIRE_FALSE(montage.empty());
  CHECK(montage.rows > 2 * (200 + 36) + 32);
  CHECK(montage.rows < 3 * (200 + 36));
  CHECK(montage.cols > 2 * 200);
  CHECK(montage.cols < 3 * 200);
}

TEST_CASE("tangram compare: an unknown strategy exits 2 with one error line") {
  tangram::test::TempDir dir("compare-bad");
  const Run run = run_cli(dir, "compare " + kMasks + "02-page9-11.png --strategies dt,nope");
  CHECK(run.status == 2);
  CHECK(run.err.rfind("tangram: error: --strategies", 0) == 0);
  CHECK(run.err.find("nope") != std::string::npos);
  CHECK(run.err.find('\n') == run.err.size() - 1);
  CHECK(run.out.empty());
}

TEST_CASE("tangram compare --searches: the vertex search beside the raster search's strategies") {
  tangram::test::TempDir dir("compare-searches");
  const std::string out = dir.file("result");
  const Run run = run_cli(dir, "compare " + kMasks +
                                   "02-page9-11.png --strategies dt,bl "
                                   "--searches ours,vertex --rotation-step 45 --time-limit 300 "
                                   "--out " +
                                   out);
  CAPTURE(run.err);
  REQUIRE(run.status == 0);
  CHECK(contains(run.out, "| DT"));
  CHECK(contains(run.out, "| BL"));
  CHECK(contains(run.out, "| vertex"));
  CHECK(contains(run.err, "[3/3]"));  // one column for the vertex search, which has no strategy
  namespace fs = std::filesystem;
  CHECK(fs::exists(out + "/02-page9-11-dt.json"));
  CHECK(fs::exists(out + "/02-page9-11-vertex.json"));
  CHECK(fs::exists(out + "/02-page9-11-vertex.png"));
  const std::vector<std::string> csv = lines(read_all(out + "/runs.csv"));
  REQUIRE(csv.size() == 4);
  CHECK(csv[3].rfind("compare,vertex,", 0) == 0);
  CHECK(contains(csv[3], "02-page9-11-vertex.json"));

  // Two raster searches: their columns and files name the search.
  const std::string two = dir.file("two");
  const Run both = run_cli(dir, "compare " + kMasks +
                                    "02-page9-11.png --strategies dt "
                                    "--searches paper,ours --rotation-step 45 --time-limit 300 "
                                    "--out " +
                                    two);
  REQUIRE(both.status == 0);
  CHECK(contains(both.out, "| paper DT"));
  CHECK(contains(both.out, "| ours DT"));
  CHECK(fs::exists(two + "/02-page9-11-paper-dt.json"));
  CHECK(fs::exists(two + "/02-page9-11-ours-dt.json"));

  const Run bad = run_cli(dir, "compare " + kMasks + "02-page9-11.png --searches ours,nope");
  CHECK(bad.status == 2);
  CHECK(bad.err.rfind("tangram: error: --searches: unknown search 'nope'", 0) == 0);
}
