// Experiments split over machines (experiment_shards.hpp): `tangram experiment --shard I/N`
// runs each planned run in exactly one of N shards, `tangram experiment merge` joins them into
// the same results a single run makes (runs.csv and the table, but for the times), and refuses
// shards that do not add up. The GNU parallel script of scripts/ is run when Debian's `parallel` is
// installed, the Slurm script when a Slurm cluster answers (each skipped otherwise, or failed
// under TANGRAM_REQUIRE_ALL=1: optional_tool.hpp).

#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "checks.hpp"
#include "cli_runner.hpp"
#include "optional_tool.hpp"
#include "patterns.hpp"
#include "temp_dir.hpp"

using namespace tangram;
using test::contains;

namespace {

namespace fs = std::filesystem;

/// A small piece-set experiment: the Tangram's first four patterns, solved at once.
const std::string kArgs =
    "experiment sets --sets tangram --patterns 1-4 --time-limit 20 -q --masks " + test::kMasks;

/// runs.csv without the seconds column (the only one that varies from run to run), its rows in
/// order, each pattern by its file name (runs.csv has its path from the results directory).
std::vector<std::string> rows_without_seconds(const fs::path& runs_csv) {
  std::istringstream in(test::read_all(runs_csv));
  std::vector<std::string> rows;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> cells;
    std::stringstream cells_in(line);
    for (std::string cell; std::getline(cells_in, cell, ',');) cells.push_back(cell);
    REQUIRE(cells.size() > 7);
    cells.erase(cells.begin() + 6);  // experiment,search,pattern,strategy,solved,valid,SECONDS,...
    cells[2] = fs::path(cells[2]).filename().string();
    std::string row;
    for (const std::string& cell : cells) row += cell + ",";
    rows.push_back(row);
  }
  return rows;
}

/// The piece-set table of tables.csv without its time columns (median s, max s, unsolvable
/// max s): set, solved, mean coverage, unsolvable not solved.
std::vector<std::string> table_without_times(const fs::path& tables_csv) {
  std::istringstream in(test::read_all(tables_csv));
  std::vector<std::string> rows;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> cells;
    std::stringstream cells_in(line);
    for (std::string cell; std::getline(cells_in, cell, ',');) cells.push_back(cell);
    REQUIRE(cells.size() == 7);
    rows.push_back(cells[0] + "," + cells[1] + "," + cells[4] + "," + cells[5]);
  }
  return rows;
}

/// The run records under `dir`, relative to it.
std::set<std::string> records(const fs::path& dir) {
  std::set<std::string> found;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.size() > 9 && name.substr(name.size() - 9) == ".run.json")
      found.insert(fs::relative(entry.path(), dir).string());
  }
  return found;
}

}  // namespace

TEST_CASE("experiment --shard: the shards hold each run once, and merged they are the single run") {
  test::TempDir dir("shards");
  REQUIRE(test::run_cli(dir, kArgs + " -o single").status == 0);
  std::set<std::string> all;
  std::size_t sum = 0;
  for (int i = 1; i <= 3; ++i) {
    const test::Run run = test::run_cli(
        dir, kArgs + " -o s" + std::to_string(i) + " --shard " + std::to_string(i) + "/3");
    CAPTURE(run.err);
    REQUIRE(run.status == 0);
    CHECK(fs::exists(dir.path() / ("s" + std::to_string(i)) / "shard.json"));
    const std::set<std::string> mine = records(dir.path() / ("s" + std::to_string(i)));
    CHECK_FALSE(mine.empty());
    sum += mine.size();
    all.insert(mine.begin(), mine.end());
  }
  CHECK(sum == all.size());                      // no run in two shards
  CHECK(all == records(dir.path() / "single"));  // and none left out

  // Merged in any order: the single run's runs.csv (but for the times) and its tables' rows.
  const test::Run merged = test::run_cli(dir, "experiment merge s3 s1 s2 -o merged");
  CAPTURE(merged.err);
  REQUIRE(merged.status == 0);
  CHECK(contains(merged.err, "merged 3 shards: 4 runs into merged"));
  CHECK(contains(merged.out, "## Piece sets"));
  CHECK(rows_without_seconds(dir.path() / "merged" / "runs.csv") ==
        rows_without_seconds(dir.path() / "single" / "runs.csv"));
  CHECK(records(dir.path() / "merged") == records(dir.path() / "single"));
  CHECK(table_without_times(dir.path() / "merged" / "tables.csv") ==
        table_without_times(dir.path() / "single" / "tables.csv"));
  // The three shards' commands are in the merged settings.
  const std::string settings = test::read_all(dir.path() / "merged" / "settings.json");
  for (int i = 1; i <= 3; ++i) CHECK(contains(settings, "--shard " + std::to_string(i) + "/3"));
}

TEST_CASE("experiment merge: shards that do not add up are refused in one line, nothing written") {
  test::TempDir dir("shards");
  for (int i = 1; i <= 2; ++i)
    REQUIRE(test::run_cli(
                dir, kArgs + " -o s" + std::to_string(i) + " --shard " + std::to_string(i) + "/2")
                .status == 0);
  std::string fewer = kArgs;
  fewer.replace(fewer.find("1-4"), 3, "1-2");
  REQUIRE(test::run_cli(dir, fewer + " -o other --shard 2/2").status == 0);
  const auto refused = [&](const std::string& args, const std::string& says) {
    const test::Run run = test::run_cli(dir, args);
    CAPTURE(args);
    CAPTURE(run.err);
    CHECK(run.status == 2);
    CHECK(contains(run.err, says));
    CHECK(std::count(run.err.begin(), run.err.end(), '\n') == 1);
    CHECK_FALSE(fs::exists(dir.path() / "m"));
  };
  refused("experiment merge s1 -o m", "shard 2 of 2 missing");
  refused("experiment merge s1 s1 s2 -o m", "are both shard 1/2");
  refused("experiment merge s1 other -o m", "are shards of different experiments");
  fs::create_directories(dir.path() / "plain");
  refused("experiment merge s1 plain -o m", "has no shard.json");
  refused("experiment merge s1 nowhere -o m", "nowhere: not a directory");
  refused("experiment merge s1 s2 -o m --time-limit 5", "--time-limit: not with 'merge'");
  refused("experiment merge -o m", "give the shard directories");
  refused("experiment 1 s1 -o m", "only with 'tangram experiment merge'");
  refused(kArgs + " -o m --shard 3/2", "expected I/N");
  // A shard with a run missing (an interrupted shard) or holding a run of another.
  fs::copy(dir.path() / "s1", dir.path() / "s1-short", fs::copy_options::recursive);
  const std::set<std::string> s1 = records(dir.path() / "s1");
  fs::remove(dir.path() / "s1-short" / *s1.begin());
  refused("experiment merge s1-short s2 -o m", "not recorded yet");
  fs::copy(dir.path() / "s1", dir.path() / "s1-more", fs::copy_options::recursive);
  const std::set<std::string> s2 = records(dir.path() / "s2");
  fs::copy_file(dir.path() / "s2" / *s2.begin(), dir.path() / "s1-more" / *s2.begin());
  refused("experiment merge s1-more s2 -o m", "that are not its own");
  // A shard's directory is continued only as that shard.
  const test::Run other = test::run_cli(dir, kArgs + " -o s1 --shard 2/2");
  CHECK(other.status == 2);
  CHECK(contains(other.err, "holds shard 1/2 of an experiment"));
  // The output must be new or empty.
  fs::create_directories(dir.path() / "full");
  test::write_file((dir.path() / "full" / "keep.txt").string(), "mine");
  const test::Run full = test::run_cli(dir, "experiment merge s1 s2 -o full");
  CHECK(full.status == 2);
  CHECK(contains(full.err, "not an empty directory"));
  CHECK(test::read_all(dir.path() / "full" / "keep.txt") == "mine");
  CHECK(test::run_cli(dir, "experiment merge s1 s2 -o m").status == 0);
}

TEST_CASE("scripts/experiment-parallel.sh: shards under GNU parallel, merged, equal a single run") {
  if (!test::tool_available(std::system("command -v parallel > /dev/null 2>&1") == 0, "parallel",
                            "GNU parallel: scripts/setup-deps.sh installs it"))
    return;
  test::TempDir dir("shards");
  REQUIRE(test::run_cli(dir, kArgs + " -o single").status == 0);
  const std::string script = std::string(TANGRAM_SOURCE_DIR) + "/scripts/experiment-parallel.sh";
  const std::string command = "cd '" + dir.path().string() + "' && TANGRAM_BIN='" +
                              TANGRAM_CLI_PATH + "' '" + script + "' 3 out " + kArgs.substr(11) +
                              " > script.out 2> script.err";
  const int status = std::system(command.c_str());
  CAPTURE(test::read_all(dir.path() / "script.err"));
  REQUIRE(status == 0);
  CHECK(rows_without_seconds(dir.path() / "out" / "merged" / "runs.csv") ==
        rows_without_seconds(dir.path() / "single" / "runs.csv"));
  CHECK(table_without_times(dir.path() / "out" / "merged" / "tables.csv") ==
        table_without_times(dir.path() / "single" / "tables.csv"));
  for (int i = 1; i <= 3; ++i)
    CHECK(fs::exists(dir.path() / "out" / ("shard-" + std::to_string(i)) / "shard.json"));
}

TEST_CASE("scripts/experiment-slurm.sh: an array job and a merge job on a Slurm cluster") {
  // Only where a Slurm cluster answers (Debian's slurm-wlm, one node will do).
  if (!test::tool_available(
          std::system("command -v sbatch > /dev/null 2>&1 && sinfo -h -t idle,mix -o %n "
                      "2>/dev/null | grep -q .") == 0,
          "slurm", "a Slurm cluster: sbatch, and sinfo showing an idle node"))
    return;
  test::TempDir dir("slurm");
  REQUIRE(test::run_cli(dir, kArgs + " -o single").status == 0);
  const std::string script = std::string(TANGRAM_SOURCE_DIR) + "/scripts/experiment-slurm.sh";
  const std::string command = "cd '" + dir.path().string() + "' && TANGRAM_BIN='" +
                              TANGRAM_CLI_PATH + "' '" + script + "' 2 '" +
                              (dir.path() / "out").string() + "' " + kArgs.substr(11) +
                              " > script.out 2> script.err";
  REQUIRE(std::system(command.c_str()) == 0);
  CHECK(contains(test::read_all(dir.path() / "script.out"), "array job"));
  // The merge job runs when both shards are done: wait for its tables (a few seconds on an
  // idle node; given up after two minutes).
  const fs::path tables = dir.path() / "out" / "merged" / "tables.md";
  for (int k = 0; k < 240 && !fs::exists(tables); ++k)
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
  REQUIRE(fs::exists(tables));
  CHECK(rows_without_seconds(dir.path() / "out" / "merged" / "runs.csv") ==
        rows_without_seconds(dir.path() / "single" / "runs.csv"));
  CHECK(table_without_times(dir.path() / "out" / "merged" / "tables.csv") ==
        table_without_times(dir.path() / "single" / "tables.csv"));
}
