// runs.csv, the shared results format: writing, parsing (with every kind of malformed row), files
// of the format before the outcome column, and the per-strategy aggregation against a
// hand-computed example; settings.json, how the runs were made, and its rows.

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "tangram/core/base/error.hpp"
#include "tangram/lab/results.hpp"
#include "temp_dir.hpp"

using namespace tangram;

namespace {

RunRecord make_run(const std::string& experiment, const std::string& search,
                   const std::string& strategy, bool solved, bool valid, double seconds,
                   double coverage, const std::string& pattern = "../masks/a.png") {
  RunRecord run;
  run.experiment = experiment;
  run.search = search;
  run.pattern = pattern;
  run.strategy = strategy;
  run.solved = solved;
  run.valid = valid;
  run.seconds = seconds;
  run.placements = 10;
  run.backtracks = 2;
  run.coverage = coverage;
  run.overlap = 0.001;
  run.spill = 0.002;
  run.solution = "a-" + strategy + ".json";
  run.picture = "a-" + strategy + ".png";
  return run;
}

/// The message of the InputError that parsing `text` throws, or "" when it does not throw.
std::string parse_error(const std::string& text) {
  try {
    parse_runs_csv(text, "runs.csv");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

const std::string kHeader = std::string(kRunsCsvHeader) + "\n";
const std::string kGoodRow =
    "compare,ours,../../masks/02-page9-11.png,dt,1,1,0.070,23,0,0.9800,0.0010,0.0020,"
    "02-page9-11-dt.json,02-page9-11-dt.png,solved\n";

}  // namespace

TEST_CASE("runs.csv: the header is the contract's, field for field") {
  CHECK(std::string(kRunsCsvHeader) ==
        "experiment,search,pattern,strategy,solved,valid,seconds,placements,backtracks,coverage,"
        "overlap,spill,solution,picture,outcome");
  CHECK(runs_csv({}) == kHeader);
}

TEST_CASE("runs.csv: a row has 3 decimals of seconds, 4 of shares, and reads back the same") {
  RunRecord run = make_run("compare", "ours", "s-inv", true, false, 1.23456, 0.98765);
  CHECK(runs_csv_row(run) ==
        "compare,ours,../masks/a.png,s-inv,1,0,1.235,10,2,0.9877,0.0010,0.0020,a-s-inv.json,"
        "a-s-inv.png,\n");
  run.outcome = Outcome::Invalid;
  CHECK(runs_csv_row(run) ==
        "compare,ours,../masks/a.png,s-inv,1,0,1.235,10,2,0.9877,0.0010,0.0020,a-s-inv.json,"
        "a-s-inv.png,invalid\n");
  run.pattern = "odd, \"name\".png";  // quoted on the way out, unquoted on the way in
  run.picture = "";
  const std::vector<RunRecord> back = parse_runs_csv(runs_csv({run, run}), "runs.csv");
  REQUIRE(back.size() == 2);
  CHECK(back[1].pattern == "odd, \"name\".png");
  CHECK(back[1].strategy == "s-inv");
  CHECK(back[1].solved);
  CHECK_FALSE(back[1].valid);
  CHECK_FALSE(back[1].counts());
  CHECK(back[1].seconds == doctest::Approx(1.235));
  CHECK(back[1].placements == 10);
  CHECK(back[1].backtracks == 2);
  CHECK(back[1].coverage == doctest::Approx(0.9877));
  CHECK(back[1].overlap == doctest::Approx(0.001));
  CHECK(back[1].spill == doctest::Approx(0.002));
  CHECK(back[1].solution == "a-s-inv.json");
  CHECK(back[1].picture.empty());
  CHECK(back[1].outcome == Outcome::Invalid);
}

TEST_CASE("runs.csv: the outcome of each run; files without the column are read too") {
  const std::string time_limit =
      "compare,ours,a.png,bl,0,0,5.001,10,2,0.8000,0.0010,0.0020,a-bl.json,a-bl.png,time-limit\n";
  std::vector<RunRecord> runs = parse_runs_csv(kHeader + kGoodRow + time_limit, "runs.csv");
  REQUIRE(runs.size() == 2);
  CHECK(runs[0].outcome == Outcome::Solved);
  CHECK(runs[1].outcome == Outcome::TimeLimit);
  // Empty: not known.
  runs =
      parse_runs_csv(kHeader + time_limit.substr(0, time_limit.rfind(',') + 1) + "\n", "runs.csv");
  CHECK_FALSE(runs[0].outcome.has_value());
  // The format before the outcome column: solved and valid tell what they can.
  const std::string old_header = std::string(kRunsCsvHeaderWithoutOutcome) + "\n";
  runs = parse_runs_csv(old_header + kGoodRow.substr(0, kGoodRow.rfind(',')) + "\n" +
                            time_limit.substr(0, time_limit.rfind(',')) + "\n",
                        "runs.csv");
  REQUIRE(runs.size() == 2);
  CHECK(runs[0].outcome == Outcome::Solved);
  CHECK_FALSE(runs[1].outcome.has_value());
  CHECK(runs_csv(runs).rfind(std::string(kRunsCsvHeader) + "\n", 0) == 0);  // written anew
}

TEST_CASE("runs.csv: CRLF line ends, blank lines and a missing final line end are fine") {
  std::string text = kHeader + kGoodRow + "\n" + kGoodRow;
  text.pop_back();
  CHECK(parse_runs_csv(text, "runs.csv").size() == 2);
  std::string crlf;
  for (const char c : kHeader + kGoodRow)
    crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  const std::vector<RunRecord> runs = parse_runs_csv(crlf, "runs.csv");
  REQUIRE(runs.size() == 1);
  CHECK(runs[0].picture == "02-page9-11-dt.png");
  CHECK(runs[0].counts());
  CHECK(parse_runs_csv(kHeader, "runs.csv").empty());
}

TEST_CASE("runs.csv: malformed files give one-line errors that name the line") {
  struct Case {
    std::string text;
    std::string expected;
  };
  const std::string row = kGoodRow;
  const auto with = [&](const std::string& from, const std::string& to) {
    std::string r = row;
    r.replace(r.find(from), from.size(), to);
    return kHeader + row + r;
  };
  const std::vector<Case> cases = {
      {"", "runs.csv is empty"},
      {"pattern,strategy,solved\n" + row, "runs.csv line 1: not a runs.csv header"},
      {kHeader + "compare,ours,a.png,dt,1,1\n", "runs.csv line 2: expected 15 fields, got 6"},
      {with(",solved\n", ",timeout\n"), "runs.csv line 3: unknown outcome 'timeout'"},
      {with(",solved\n", ",exhausted\n"),
       "runs.csv line 3: outcome exhausted contradicts solved 1 and valid 1"},
      {with(",dt,1,1,", ",dt,0,0,"),
       "runs.csv line 3: outcome solved contradicts solved 0 and "
       "valid 0"},
      {with(",dt,1,1,", ",dt,2,1,"), "runs.csv line 3: solved must be 0 or 1, got '2'"},
      {with(",dt,1,1,", ",dt,1,yes,"), "runs.csv line 3: valid must be 0 or 1, got 'yes'"},
      {with("0.070", "fast"), "runs.csv line 3: seconds is not a number: 'fast'"},
      {with("0.070", ""), "runs.csv line 3: seconds is not a number: ''"},
      {with("0.070", "nan"), "runs.csv line 3: seconds is not a number: 'nan'"},
      {with(",23,0,", ",23,-4,"), "runs.csv line 3: backtracks is negative: -4"},
      {with(",23,0,", ",2.5,0,"), "runs.csv line 3: placements is not a whole number: '2.5'"},
      {with("0.9800", "-0.1"), "runs.csv line 3: coverage is negative: -0.1"},
      {with(",dt,", ",,"), "runs.csv line 3: empty strategy"},
      {with("compare,", ","), "runs.csv line 3: empty experiment"},
      {kHeader + "compare,ours,\"a.png,dt,1\n", "runs.csv line 2: unterminated quoted field"},
      {kHeader + "compare,ours,a\"b.png" + row.substr(row.find(",dt")),
       "runs.csv line 2: a quote inside an unquoted field"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.text);
    const std::string message = parse_error(c.text);
    CHECK(message.rfind(c.expected, 0) == 0);
    CHECK(message.find('\n') == std::string::npos);
  }
}

TEST_CASE("runs.csv: reading a missing file is an InputError") {
  tangram::test::TempDir dir("results");
  CHECK_THROWS_WITH_AS(
      read_runs_csv(dir.file("runs.csv")),
      ("cannot read results table " + dir.file("runs.csv") + ": no such file").c_str(), InputError);
  tangram::test::write_file(dir.file("runs.csv"), kHeader + kGoodRow);
  CHECK(read_runs_csv(dir.file("runs.csv")).size() == 1);
  // A torn last line is never read as data, even where it would parse (an empty outcome).
  const std::string torn = kHeader + kGoodRow + kGoodRow.substr(0, kGoodRow.rfind(',') + 1);
  CHECK(parse_runs_csv(torn, "runs.csv").size() == 2);
  tangram::test::write_file(dir.file("runs.csv"), torn);
  CHECK_THROWS_WITH_AS(
      read_runs_csv(dir.file("runs.csv")),
      (dir.file("runs.csv") + " line 3, the last, is torn (it has no line end)").c_str(),
      InputError);
}

TEST_CASE("runs.csv: per-strategy summary, checked by hand") {
  // compare/ours: bl solved 1.0 s (cov 0.98), bl solved 2.0 s (cov 0.96), bl not solved 5 s;
  // dt solved but rejected 0.5 s, dt solved 3.0 s (cov 0.99). 1/paper (between them in the
  // file): bl not solved.
  const std::vector<RunRecord> runs = {
      make_run("compare", "ours", "bl", true, true, 1.0, 0.98),
      make_run("compare", "ours", "dt", true, false, 0.5, 0.90),
      make_run("1", "paper", "bl", false, false, 60.0, 0.50),
      make_run("compare", "ours", "bl", true, true, 2.0, 0.96),
      make_run("compare", "ours", "bl", false, false, 5.0, 0.70),
      make_run("compare", "ours", "dt", true, true, 3.0, 0.99),
  };
  const std::vector<StrategySummary> s = summarise_by_strategy(runs);
  REQUIRE(s.size() == 3);

  CHECK(s[0].experiment == "compare");
  CHECK(s[0].search == "ours");
  CHECK(s[0].strategy == "bl");
  CHECK(s[0].runs == 3);
  CHECK(s[0].solved == 2);
  CHECK(s[0].invalid == 0);
  REQUIRE(s[0].mean_seconds_solved);
  CHECK(*s[0].mean_seconds_solved == doctest::Approx(1.5));
  CHECK(*s[0].mean_coverage_solved == doctest::Approx(0.97));

  CHECK(s[1].strategy == "dt");
  CHECK(s[1].runs == 2);
  CHECK(s[1].solved == 1);
  CHECK(s[1].invalid == 1);
  CHECK(*s[1].mean_seconds_solved == doctest::Approx(3.0));
  CHECK(*s[1].mean_coverage_solved == doctest::Approx(0.99));

  CHECK(s[2].experiment == "1");
  CHECK(s[2].search == "paper");
  CHECK(s[2].strategy == "bl");
  CHECK(s[2].runs == 1);
  CHECK(s[2].solved == 0);
  CHECK_FALSE(s[2].mean_seconds_solved);
  CHECK_FALSE(s[2].mean_coverage_solved);

  CHECK(summarise_by_strategy({}).empty());
}

namespace {

ResultsSettings example_settings() {
  ResultsSettings s;
  s.made_by = "experiment";
  s.time_limit_s = 360;
  s.rotations = {{"experiment 1", 1.0, true}, {"experiment 3", 45.0, false}};
  s.searches = {"paper", "ours"};
  s.strategies = {"bl", "s-inv", "dt"};
  s.threads = 1;
  s.jobs = 2;
  s.piece_set = "tangram";
  s.pieces = {"large-triangle 1/2", "large-triangle 2/2"};
  s.invocations = {{"tangram experiment all --out 'my results'", "tangram 0.1.0", "e48074e",
                    "AMD EPYC", 2, "2025-01-31T12:34:56Z"},
                   {"tangram experiment all --out 'my results' --jobs 2", "tangram 0.1.0",
                    "e48074e-dirty", "", 0, ""}};
  return s;
}

}  // namespace

TEST_CASE("settings.json: written and read back the same") {
  const ResultsSettings s = example_settings();
  const std::string text = settings_to_json(s);
  CHECK(text.find("\"format\": \"tangram-settings/1\"") != std::string::npos);
  CHECK(settings_to_json(settings_from_json(text)) == text);
  const ResultsSettings back = settings_from_json(text);
  CHECK(back.rotations.size() == 2);
  CHECK_FALSE(back.rotations[1].reflection);
  CHECK(back.invocations[0].command == "tangram experiment all --out 'my results'");
  CHECK(back.invocations[0].cores == 2);
}

TEST_CASE("settings.json: malformed files are InputErrors that say what is wrong") {
  const auto error = [](const std::string& text) {
    try {
      settings_from_json(text);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  std::string text = settings_to_json(example_settings());
  CHECK(error("[]") == "invalid settings: the document is not an object");
  CHECK(error("{\"format\": \"tangram-run/1\"}") ==
        "invalid settings: wrong format tag \"tangram-run/1\" (expected "
        "\"tangram-settings/1\")");
  text.replace(text.find("\"threads\": 1"), 12, "\"threads\": -1");
  CHECK(error(text) == "invalid settings: \"threads\" is not a whole number from 0 to 1000000");
  text = settings_to_json(example_settings());
  text.replace(text.find("\"time_limit_s\""), 14, "\"limit\"");
  CHECK(error(text) == "invalid settings: missing \"time_limit_s\"");
  CHECK(error("{").rfind("invalid settings: malformed JSON", 0) == 0);
}

TEST_CASE("settings rows: every setting worded, strategies by label, each command numbered") {
  const auto rows = settings_rows(example_settings());
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"made by", "tangram experiment"},
      {"time limit", "360 s per run"},
      {"rotation steps", "experiment 1: 1 deg, mirroring; experiment 3: 45 deg, no mirroring"},
      {"searches", "paper, ours"},
      {"strategies", "BL, S^-1, DT"},
      {"threads", "1 per run, 2 runs at a time"},
      {"pieces", "tangram (2 pieces: large-triangle 1/2, large-triangle 2/2)"},
      {"command 1 of 2", "tangram experiment all --out 'my results'"},
      {"commit 1 of 2", "e48074e (tangram 0.1.0)"},
      {"machine 1 of 2", "AMD EPYC, 2 cores"},
      {"date 1 of 2", "2025-01-31T12:34:56Z"},
      {"command 2 of 2", "tangram experiment all --out 'my results' --jobs 2"},
      {"commit 2 of 2", "e48074e-dirty (tangram 0.1.0)"},
      {"machine 2 of 2", "unknown, ? cores"},
      {"date 2 of 2", "unknown"},
  };
  CHECK(rows == expected);
  ResultsSettings none;
  none.made_by = "compare";
  const auto few = settings_rows(none);
  CHECK(few.back() == std::pair<std::string, std::string>{"command", "not recorded"});
  CHECK(few[2] == std::pair<std::string, std::string>{"rotation step", "unknown"});
}

TEST_CASE("build_commit: git describe of the source at build time, or unknown") {
  const std::string commit(build_commit());
  CHECK_FALSE(commit.empty());
  CHECK(commit.find('\n') == std::string::npos);
}
