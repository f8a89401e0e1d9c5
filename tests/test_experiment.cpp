// Experiments: Tables I-III against a hand-computed example, the paper's numbers against its
// own Table II, run records, and `tangram experiment` end to end on a tiny set (parallel runs,
// resumption after an interruption, refusal of records made with another time limit).

#include <doctest/doctest.h>

#include <filesystem>
#include <regex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <opencv2/imgcodecs.hpp>

#include "cli_runner.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/lab/experiment.hpp"
#include "temp_dir.hpp"

namespace {

using namespace tangram;
namespace fs = std::filesystem;

ExperimentRecord record(SearchMode search, const std::string& pattern, Strategy strategy,
                        bool solved, bool valid, double seconds) {
  ExperimentRecord r;
  r.experiment = 2;
  r.search = search;
  r.pattern = pattern;
  r.strategy = strategy;
  r.time_limit_s = 360.0;
  r.solved = solved;
  r.valid = valid;
  r.seconds = seconds;
  return r;
}

/// Markdown with runs of spaces collapsed: "| BL | 8 | 1 |".
std::string squeeze(const std::string& text) {
  return std::regex_replace(text, std::regex(" +"), " ");
}

/// The rows of the pipe tables in `markdown` as the report writes them: "<tr><th>strategy</th>
/// ...</tr>" for a header, "<tr><td>BL</td>...</tr>" for the others.
std::vector<std::string> html_rows(const std::string& markdown) {
  std::vector<std::string> rows;
  std::istringstream in(markdown);
  bool header = true;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("|", 0) != 0) {
      header = true;
      continue;
    }
    if (line.find_first_not_of("|- ") == std::string::npos) continue;  // the rule
    const std::string tag = header ? "th" : "td";
    std::string row = "<tr>";
    std::istringstream cells(line.substr(1));
    for (std::string cell; std::getline(cells, cell, '|');)
      row += "<" + tag + ">" + cell.substr(1, cell.find_last_not_of(' ')) + "</" + tag + ">";
    rows.push_back(row + "</tr>");
    header = false;
  }
  return rows;
}

bool has_line(const std::string& text, const std::string& line) {
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);)
    if (l == line) return true;
  return false;
}

}  // namespace

TEST_CASE("Tables I-III of a hand-computed example") {
  // Experiment 2 planned with 2 patterns, BL and DT, both searches.
  //   faithful BL: p1 solved in 1 s, p2 not solved             -> 1 solved, 1.00 (0.00)
  //   faithful DT: p1 in 2 s, p2 in 4 s                        -> 2 solved, 3.00 (1.41)
  //   default BL: p1 solved but rejected by the checker, p2 not recorded -> 0 of 1 recorded
  //   default DT: nothing recorded
  const TablePlan plan{{2},
                       {2},
                       {Strategy::BottomLeft, Strategy::DistanceTransform},
                       {SearchMode::Paper, SearchMode::Ours}};
  const std::vector<ExperimentRecord> records = {
      record(SearchMode::Paper, "p1", Strategy::BottomLeft, true, true, 1.0),
      record(SearchMode::Paper, "p2", Strategy::BottomLeft, false, false, 360.0),
      record(SearchMode::Paper, "p1", Strategy::DistanceTransform, true, true, 2.0),
      record(SearchMode::Paper, "p2", Strategy::DistanceTransform, true, true, 4.0),
      record(SearchMode::Ours, "p1", Strategy::BottomLeft, true, false, 5.0),
  };
  const std::string md = squeeze(tables_markdown(records, plan));
  // Every count is k/n, the columns say whose numbers they are.
  CHECK(has_line(md,
                 "| strategy | Exp. 2 paper (published) | Exp. 2 faithful (our run of Algorithm "
                 "1) | Exp. 2 ours (our search) |"));
  CHECK(has_line(md, "| BL | 8/18 | 1/2 | 0/2* |"));
  CHECK(has_line(md, "| DT | 15/18 | 2/2 | - |"));
  CHECK(has_line(md,
                 "| Exp. 2 | 54.76% (69/126) | 75.00% (3/4) | 0.00% (0/1)* | 50.00% (54/108) | "
                 "50.00% (1/2) | 0.00% (0/1)* | 83.33% (15/18) | 100.00% (2/2) | - |"));
  CHECK(has_line(md, "| BL | 5.75s (7.51s) | 1.00s (0.00s) | none solved* |"));
  CHECK(has_line(md, "| DT | 4.90s (9.62s) | 3.00s (1.41s) | - |"));

  const std::string csv = tables_csv(records, plan);
  CHECK(has_line(csv, "table,experiment,row,source,value,spread,solved,planned,recorded"));
  CHECK(has_line(csv, "I,2,BL,paper,8,,,,"));
  CHECK(has_line(csv, "I,2,BL,default,0,,0,2,1"));
  CHECK(has_line(csv, "I,2,DT,default,,,0,2,0"));
  CHECK(has_line(csv, "II,2,all,faithful,75.00,,3,4,4"));
  CHECK(has_line(csv, "III,2,DT,faithful,3.000,1.414,2,2,2"));
  CHECK(has_line(csv, "III,2,BL,default,,,0,2,1"));

  const Tally t = tally(records, plan, 2, SearchMode::Paper, all_strategies());
  CHECK(t.planned == 4);
  CHECK(t.recorded == 4);
  CHECK(t.solved == 3);
  CHECK(t.complete());
}

TEST_CASE("the paper's Table I agrees with its Table II") {
  // Table II as published: overall, sweep strategies, DT; 30, 18 and 18 patterns.
  const double table2[3][3] = {{67.14, 65.56, 76.67}, {54.76, 50.00, 83.33}, {21.43, 18.52, 38.89}};
  const int patterns[3] = {30, 18, 18};
  for (int e = 1; e <= 3; ++e) {
    int all = 0, sweep = 0;
    for (const Strategy s : all_strategies()) {
      all += paper_result(s, e).solved;
      if (s != Strategy::DistanceTransform) sweep += paper_result(s, e).solved;
    }
    const int dt = paper_result(Strategy::DistanceTransform, e).solved;
    CHECK(100.0 * all / (7 * patterns[e - 1]) == doctest::Approx(table2[e - 1][0]).epsilon(1e-4));
    CHECK(100.0 * sweep / (6 * patterns[e - 1]) == doctest::Approx(table2[e - 1][1]).epsilon(1e-4));
    CHECK(100.0 * dt / patterns[e - 1] == doctest::Approx(table2[e - 1][2]).epsilon(1e-4));
  }
  CHECK(paper_result(Strategy::DistanceTransform, 1).mean_s == 76.11);
  CHECK(paper_experiment(1).last_pattern == 30);
  CHECK(paper_experiment(2).rotation_step_deg == 45.0);
  CHECK_FALSE(paper_experiment(3).reflection);
  CHECK_THROWS_AS(paper_experiment(4), UsageError);
}

TEST_CASE("run records round-trip through JSON and bad ones are named") {
  ExperimentRecord r = record(SearchMode::Ours, "07-x", Strategy::Spiral, true, true, 1.25);
  r.placements = 42;
  r.backtracks = 3;
  r.coverage = 0.9912;
  const ExperimentRecord back = record_from_json(record_to_json(r));
  CHECK(back.search == SearchMode::Ours);
  CHECK(back.pattern == "07-x");
  CHECK(back.strategy == Strategy::Spiral);
  CHECK(back.placements == 42);
  CHECK(back.backtracks == 3);
  CHECK(back.coverage == doctest::Approx(0.9912));
  CHECK(back.counts());
  CHECK_THROWS_WITH_AS(record_from_json("{\"format\": \"tangram-run/1\"}"),
                       doctest::Contains("missing \"experiment\""), InputError);
  CHECK_THROWS_AS(record_from_json("not json"), InputError);
}

TEST_CASE("tangram experiment runs a tiny set in parallel and resumes after an interruption") {
  const test::TempDir dir("experiment");
  fs::create_directories(dir.path() / "masks");
  const std::string masks = std::string(TANGRAM_SOURCE_DIR) + "/masks/";
  fs::copy_file(masks + "03-page5-219.png", dir.file("masks/01-house.png"));
  fs::copy_file(masks + "02-page9-11.png", dir.file("masks/02-hole.png"));
  const std::string command =
      "experiment 2 --masks masks --patterns 1-2 --strategies bl,hzz --time-limit 20 --jobs 2 "
      "--out out";
  const test::Run first = test::run_cli(dir, command);
  REQUIRE(first.status == 0);
  CHECK(first.err.find("8 runs planned, 0 already recorded") != std::string::npos);
  CHECK(first.out.find("## Table I") != std::string::npos);
  const fs::path runs = dir.path() / "out" / "exp2";
  std::vector<fs::path> records;
  for (const char* search : {"paper", "ours"})
    for (const char* pattern : {"01-house", "02-hole"})
      for (const char* strategy : {"bl", "hzz"}) {
        const fs::path base = runs / search / (std::string(pattern) + "-" + strategy);
        CHECK(fs::exists(base.string() + ".json"));
        CHECK(fs::exists(base.string() + ".png"));
        records.push_back(base.string() + ".run.json");
        REQUIRE(fs::exists(records.back()));
        CHECK(fs::equivalent(
            records.back(),
            dir.path() / "out" /
                run_record_path(
                    2, std::string(search) == "paper" ? SearchMode::Paper : SearchMode::Ours,
                    pattern, *strategy_from_name(strategy))));
      }
  std::vector<ExperimentRecord> before;
  for (const fs::path& path : records) before.push_back(record_from_json(test::read_all(path)));
  const std::string csv = test::read_all(dir.path() / "out" / "runs.csv");
  CHECK(csv.rfind("experiment,search,pattern,strategy,solved,valid,seconds,placements,backtracks,"
                  "coverage,overlap,spill,solution,picture,outcome\n",
                  0) == 0);
  CHECK(std::count(csv.begin(), csv.end(), '\n') == 9);
  // A pattern outside the results folder is named by its absolute path, never "../../..".
  const std::string hole =
      fs::absolute(dir.path() / "masks" / "02-hole.png").lexically_normal().generic_string();
  CHECK(csv.find("2,ours," + hole + ",hzz,") != std::string::npos);
  CHECK(csv.find("../") == std::string::npos);
  CHECK(csv.find(",exp2/ours/02-hole-hzz.json,exp2/ours/02-hole-hzz.png,solved\n") !=
        std::string::npos);

  // A rerun finds everything recorded and leaves the records alone.
  const test::Run again = test::run_cli(dir, command);
  CHECK(again.status == 0);
  CHECK(again.err.find("8 already recorded in out, 0 to do") != std::string::npos);
  CHECK(test::read_all(records[5]) == record_to_json(before[5]));

  // An interruption: two runs lost before their records were written (one had written its
  // solution, one not), and one record left corrupt.
  fs::remove(records[1]);
  fs::remove(records[6]);
  fs::remove(fs::path(records[6]).replace_extension("").replace_extension(".json"));
  test::write_file(records[3].string(), "{\"format\": \"tangram-run/1\"");
  // The corrupt record is refused (exit 6) and left as it is; --repair moves it aside.
  const std::string damaged = fs::relative(records[3], dir.path()).string();  // "out/exp2/..."
  const test::Run refused = test::run_cli(dir, command);
  CHECK(refused.status == 6);
  CHECK(refused.err.rfind("tangram: error: " + damaged + ": ", 0) == 0);
  CHECK(refused.err.find("run with --repair to move the damaged files aside") != std::string::npos);
  CHECK(test::read_all(records[3]) == "{\"format\": \"tangram-run/1\"");
  const test::Run resumed = test::run_cli(dir, command + " --repair");
  CHECK(resumed.status == 0);
  CHECK(resumed.err.find("5 already recorded in out, 3 to do") != std::string::npos);
  CHECK(resumed.err.find("tangram: repair: " + damaged + ": ") != std::string::npos);
  CHECK(resumed.err.find("tangram: repair: 1 damaged file moved aside into ") != std::string::npos);
  for (std::size_t i = 0; i < records.size(); ++i) {
    CAPTURE(records[i]);
    const ExperimentRecord after = record_from_json(test::read_all(records[i]));
    CHECK(after.solved == before[i].solved);
    CHECK(after.valid == before[i].valid);
    CHECK(after.placements == before[i].placements);
    CHECK(after.backtracks == before[i].backtracks);
    CHECK(after.coverage == doctest::Approx(before[i].coverage));
  }
  CHECK(test::read_all(dir.path() / "out" / "runs.csv").size() > 0);

  // --tables-only runs nothing and tabulates what is there, marking the missing runs.
  fs::remove(records[0]);
  const test::Run tables = test::run_cli(dir, command + " --tables-only");
  CHECK(tables.status == 0);
  CHECK(tables.err.find("7 already recorded in out, 1 to do") == std::string::npos);
  CHECK(tables.err.find("7 already recorded in out, 0 to do") != std::string::npos);
  CHECK(tables.out.find("*") != std::string::npos);
  CHECK_FALSE(fs::exists(records[0]));

  // The report shows the same Tables I-III, computed again from the records (tables.md is not
  // read: spoiling it changes nothing).
  const std::string written = test::read_all(dir.path() / "out" / "tables.md");
  CHECK(written == tables.out.substr(tables.out.find("## Settings")));
  const std::string markdown = written.substr(written.find("## Table I"));
  test::write_file(dir.file("out/tables.md"), "| not | the tables |\n|---|---|\n");
  const test::Run report = test::run_cli(dir, "report out -o page.html --gallery none");
  CHECK(report.status == 0);
  CHECK(report.err.empty());
  const std::string html = test::read_all(dir.path() / "page.html");
  CHECK(std::count(html.begin(), html.end(), '*') > 0);
  const std::vector<std::string> rows = html_rows(markdown);
  CHECK(rows.size() == 3 + 2 + 1 + 2);  // headers; BL and HZZ in I and III; Exp. 2 in II
  for (const std::string& row : rows) {
    CAPTURE(row);
    CHECK(html.find(row) != std::string::npos);
  }
  CHECK(html.find("not | the tables") == std::string::npos);

  // Records made with another limit are not mixed with new ones.
  const test::Run other = test::run_cli(
      dir, "experiment 2 --masks masks --patterns 1-2 --strategies bl --time-limit 30 --out out");
  CHECK(other.status == 2);
  CHECK(other.err.find("--time-limit 20") != std::string::npos);

  // The piece-set experiment's options, and those it has no use for, refused in one line.
  for (const auto& [command, message] : std::vector<std::pair<std::string, std::string>>{
           {"experiment sets --search paper --out out3",
            "--search: the piece-set experiment runs the search ours only"},
           {"experiment sets --pieces pentominoes --out out3", "--pieces: not with 'sets'"},
           {"experiment 2 --sets tangram --out out3", "--sets: only with the piece-set experiment"},
           {"experiment sets --sets tangram,egg --out out3", "--sets: no built-in set 'egg'"}}) {
    const auto& command_ = command;  // clang 14 lambdas take no bindings
    CAPTURE(command_);
    const test::Run refused = test::run_cli(dir, command);
    CHECK(refused.status == 2);
    CHECK(refused.err.find(message) != std::string::npos);
  }
  CHECK_FALSE(fs::exists(dir.path() / "out3"));

  const test::Run missing = test::run_cli(dir, "experiment 2 --masks masks --out out2");
  CHECK(missing.status == 2);
  CHECK(missing.err.find("--masks masks has no pattern 03-*.png, which experiment 2 uses "
                         "(restrict with --patterns)") != std::string::npos);
  CHECK_FALSE(fs::exists(dir.path() / "out2"));

  // The runner's messages name its settings; the command line spells them as options.
  const test::Run jobs = test::run_cli(dir, "experiment 2 --masks masks --out out2 --jobs 300");
  CHECK(jobs.status == 2);
  CHECK(jobs.err == "tangram: error: --jobs must be 0 (one per core) or 1..256, got 300\n");
}

TEST_CASE(
    "tangram experiment --pieces: the runs solve another set's patterns; a results "
    "directory holds one set's runs") {
  const test::TempDir dir("experiment-pieces");
  fs::create_directories(dir.path() / "masks");
  // A bar of 5 x 1 units over a 2 x 2 square, at 30 px per unit, and a set of those two pieces.
  cv::Mat1b figure(120, 220, uchar{255});
  figure(cv::Rect(10, 10, 150, 30)) = 0;
  figure(cv::Rect(10, 40, 60, 60)) = 0;
  REQUIRE(cv::imwrite(dir.file("masks/01-io.png"), figure));
  test::write_file(dir.file("io.json"),
                   R"({"format": "tangram-pieces/1", "name": "io", "rotations": {"step_deg": 90},
                       "pieces": [{"name": "I", "outline": [[0,0],[0,1],[5,1],[5,0]]},
                                  {"name": "O", "outline": [[0,0],[2,0],[2,2],[0,2]]}]})");
  const std::string command =
      "experiment 1 --masks masks --patterns 1 --strategies bl --search ours --time-limit 20 "
      "--out out -q";
  const test::Run run = test::run_cli(dir, command + " --pieces io.json");
  CAPTURE(run.err);
  REQUIRE(run.status == 0);
  const std::string csv = test::read_all(dir.path() / "out" / "runs.csv");
  CAPTURE(csv);
  CHECK(csv.find("01-io") != std::string::npos);
  const std::string solution =
      test::read_all(dir.path() / "out" / "exp1" / "ours" / "01-io-bl.json");
  CHECK(solution.find("\"piece_set\": \"io\"") != std::string::npos);
  CHECK(solution.find("\"solved\": true") != std::string::npos);
  // The same directory with the tangram would mix two sets' runs.
  const test::Run other = test::run_cli(dir, command);
  CHECK(other.status == 2);
  CHECK(other.err ==
        "tangram: error: --out out holds runs of the set io, not tangram: give "
        "another results directory\n");
}

TEST_CASE("experiment: the piece-set table counts solvable and unsolvable patterns per set") {
  const auto run = [](const std::string& set, bool solvable, bool valid, double seconds,
                      double coverage) {
    ExperimentRecord record;
    record.solved = valid;
    record.valid = valid;
    record.seconds = seconds;
    record.coverage = coverage;
    return SetRun{set, solvable, record};
  };
  const std::vector<SetRun> runs{
      run("a", true, true, 1.0, 0.98),   run("a", true, true, 3.0, 0.99),
      run("a", true, false, 60.0, 0.5),  run("a", true, true, 2.0, 0.97),
      run("a", false, false, 60.0, 0.7), run("b", false, true, 0.5, 0.96)};
  const auto rows = set_table(runs, {"a", "b", "c"});
  REQUIRE(rows.size() == 4);
  CHECK(rows[0][0] == "set");
  // a: 3 of 4 solved; times 1, 2, 3, 60: median 2.5, max 60; coverage of the solved runs.
  CHECK(rows[1] == std::vector<std::string>{"a", "3/4", "2.50", "60.00", "0.9800", "1/1", "60.00"});
  // b: no solvable pattern; its unsolvable one was claimed solved.
  CHECK(rows[2] == std::vector<std::string>{"b", "-", "-", "-", "-", "0/1", "0.50"});
  CHECK(rows[3] == std::vector<std::string>{"c", "-", "-", "-", "-", "-", "-"});
}
