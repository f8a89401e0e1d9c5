// `tangram generate puzzles`: the folder (each puzzle's solution accepted by `tangram verify`,
// a silhouette solved by `tangram solve`), the table, the sheet, the seed, the refusals.

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "checks.hpp"
#include "cli_runner.hpp"
#include "temp_dir.hpp"

using tangram::test::contains;
using tangram::test::one_error_line;
using tangram::test::read_all;
using tangram::test::run_cli;
using tangram::test::TempDir;

TEST_CASE("generate puzzles: three Tangram puzzles, each verified, one solved from its PNG") {
  const TempDir dir("generate-puzzles");
  const auto run =
      run_cli(dir, "generate puzzles --pieces tangram --count 3 --seed 7 --out out -q");
  CAPTURE(run.err);
  REQUIRE(run.status == 0);
  CHECK(contains(run.out, "3 puzzles of tangram with one assembly ("));
  const std::string csv = read_all(dir.file("out/puzzles.csv"));
  CHECK(contains(csv,
                 "name,pieces,corners,joined_corners,holes,parts,enumeration_placements,"
                 "paper_placements,paper_backtracks,paper_solved,default_placements,"
                 "default_backtracks,default_solved,rating\n"));
  for (const char* name : {"puzzle-001", "puzzle-002", "puzzle-003"}) {
    CAPTURE(name);
    CHECK(contains(csv, std::string("\n") + name + ",7,"));
    const std::string png = std::string("out/") + name + ".png";
    const auto verify = run_cli(dir, "verify " + png + " out/" + name + ".json");
    CHECK(verify.status == 0);
    CHECK(contains(verify.out, "VALID"));
  }
  CHECK(run_cli(dir, "solve out/puzzle-001.png --pieces tangram -q").status == 0);
  const std::string sheet = read_all(dir.file("out/sheet.html"));
  CHECK(contains(sheet, "class=\"answers\""));
  CHECK(contains(sheet, "puzzle-003 answer"));
  // The same seed on one thread: the same table.
  const auto again = run_cli(dir, "generate puzzles --count 3 --seed 7 --threads 1 --out again -q");
  REQUIRE(again.status == 0);
  CHECK(read_all(dir.file("again/puzzles.csv")) == csv);
}

TEST_CASE("generate puzzles: bad options exit 2 with one line") {
  const TempDir dir("generate-puzzles");
  for (const char* args :
       {"generate puzzles --count 0 --out out", "generate puzzles --style round --out out",
        "generate puzzles --pieces nosuchset --out out", "generate puzzles --parts 0 --out out",
        "generate puzzles --parts 8 --out out", "generate puzzles --budget 0 --out out",
        "generate puzzles --count 2", "generate puzzles --rate x.png --out out"}) {
    CAPTURE(args);
    const auto run = run_cli(dir, args);
    CHECK(run.status == 2);
    CHECK(one_error_line(run.err));
  }
}

namespace {

/// The cells of `line` (comma-separated).
std::vector<std::string> cells(const std::string& line) {
  std::vector<std::string> out(1);
  for (const char c : line)
    if (c == ',')
      out.emplace_back();
    else if (c != '\n')
      out.back() += c;
  return out;
}

/// The rows of a CSV text after its header.
std::vector<std::vector<std::string>> rows(const std::string& csv) {
  std::vector<std::vector<std::string>> out;
  std::size_t at = csv.find('\n') + 1;
  while (at < csv.size()) {
    const std::size_t end = csv.find('\n', at);
    out.push_back(cells(csv.substr(at, end - at)));
    at = end + 1;
  }
  return out;
}

}  // namespace

TEST_CASE("generate puzzles: both searches rated within the budget, the same on any thread") {
  const TempDir dir("generate-puzzles");
  const auto run = run_cli(dir, "generate puzzles --count 4 --seed 3 --budget 50 --out a -q");
  REQUIRE(run.status == 0);
  const std::string csv = read_all(dir.file("a/puzzles.csv"));
  for (const auto& row : rows(csv)) {
    CAPTURE(row[0]);
    REQUIRE(row.size() == 14);
    const long paper = std::stol(row[7]), ours = std::stol(row[10]);
    CHECK(std::stol(row[6]) > 0);  // the enumeration that proved it unique
    CHECK(paper > 0);              // Algorithm 1 ran
    CHECK(paper <= 50);            // and stopped at the budget
    CHECK((row[9] == "yes" || paper == 50));
    CHECK(ours > 0);                // the default search too
    CHECK(row[12] == "yes");        // and found the figure's assembly
    CHECK(std::stoi(row[2]) >= 3);  // corners
  }
  const auto one = run_cli(dir,
                           "generate puzzles --count 4 --seed 3 --budget 50 --threads 1 "
                           "--out b -q");
  REQUIRE(one.status == 0);
  CHECK(read_all(dir.file("b/puzzles.csv")) == csv);
}

TEST_CASE("generate puzzles: --parts 2 makes figures of two parts, each unique") {
  const TempDir dir("generate-puzzles");
  const auto run = run_cli(dir, "generate puzzles --count 2 --parts 2 --seed 5 --out out -q");
  CAPTURE(run.err);
  REQUIRE(run.status == 0);
  const auto table = rows(read_all(dir.file("out/puzzles.csv")));
  REQUIRE(table.size() == 2);
  for (const auto& row : table) {
    CAPTURE(row[0]);
    CHECK(row[5] == "2");  // parts
    const auto verify = run_cli(dir, "verify out/" + row[0] + ".png out/" + row[0] + ".json");
    CHECK(verify.status == 0);
  }
}

TEST_CASE("generate puzzles --rate: a figure's row of puzzles.csv, named by its path") {
  const TempDir dir("generate-puzzles");
  const std::string square = std::string(TANGRAM_SOURCE_DIR) + "/masks/01-square.png";
  const auto run = run_cli(dir, "generate puzzles --rate " + square + " --budget 200 -q");
  CAPTURE(run.err);
  REQUIRE(run.status == 0);
  const auto table = rows(run.out);
  REQUIRE(table.size() == 1);
  const auto& row = table[0];
  REQUIRE(row.size() == 14);
  CHECK(row[0] == square);
  CHECK(row[1] == "7");
  CHECK(row[2] == "4");  // the square's corners
  CHECK(row[4] == "0");  // no hole
  CHECK(row[5] == "1");  // one part
  CHECK(row[6] == "0");  // no enumeration
  CHECK(row[12] == "yes");
}
