// `tangram generate dissection`: the folder of puzzles (each re-solved by `tangram dissect`,
// exactly one dissection), the CSV, --sort and --min-difficulty, the same files for a seed with
// 1 thread or 2, bad options refused in one line (exit 2). Small figures only.

#include <doctest/doctest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "checks.hpp"
#include "cli_runner.hpp"
#include "tangram/io/detail/json.hpp"
#include "temp_dir.hpp"

using tangram::test::contains;
using tangram::test::one_error_line;
using tangram::test::read_all;
using tangram::test::run_cli;
using tangram::test::TempDir;

namespace {

/// The rows of a CSV (header included), each split at commas.
std::vector<std::vector<std::string>> csv_rows(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    std::vector<std::string> cells;
    std::istringstream split(line);
    for (std::string cell; std::getline(split, cell, ',');) cells.push_back(cell);
    rows.push_back(cells);
  }
  return rows;
}

}  // namespace

TEST_CASE("generate CLI: a folder of puzzles, each with exactly one dissection") {
  TempDir dir("generate-cli");
  const tangram::test::Run run =
      run_cli(dir, "generate dissection --cells 14 --count 5 --seed 9 --out out -q");
  REQUIRE(run.status == 0);
  CHECK(run.out.rfind("5 of 5 puzzles in ", 0) == 0);
  const auto rows = csv_rows(read_all(dir.path() / "out" / "puzzles.csv"));
  REQUIRE(rows.size() == 6);
  CHECK(rows[0][0] == "name");
  CHECK(rows[0].size() == 13);
  const std::string sheet = read_all(dir.path() / "out" / "sheet.html");
  for (int i = 1; i <= 5; ++i) {
    const std::string name = "puzzle-00" + std::to_string(i);
    CAPTURE(name);
    CHECK(rows[static_cast<std::size_t>(i)][0] == name);
    CHECK(rows[static_cast<std::size_t>(i)][1] == "14");
    CHECK(std::filesystem::is_regular_file(dir.path() / "out" / (name + ".png")));
    // The text grid re-solved: exactly one dissection, the one in the JSON.
    const tangram::test::Run again =
        run_cli(dir, "dissect out/" + name + ".txt --unique --json again.json");
    CHECK(again.status == 0);
    const auto mine = tangram::detail::parse_json(read_all(dir.path() / "out" / (name + ".json")));
    const auto solved = tangram::detail::parse_json(read_all(dir.path() / "again.json"));
    CHECK(mine["format"] == "tangram-dissection/1");
    CHECK(mine["name"] == name);
    CHECK(mine["figure"] == solved["figure"]);
    CHECK(mine["solutions"] == solved["solutions"]);
    CHECK(mine["ratings"][0]["symmetric"] == false);
    CHECK(contains(sheet, "id=\"" + name + "\""));
    CHECK(contains(sheet, "id=\"answer-" + name + "\""));
  }
}

TEST_CASE("generate CLI: the same seed gives the same files with 1 thread or 2") {
  TempDir dir("generate-seed");
  REQUIRE(run_cli(dir, "generate dissection --cells 16 --count 6 --seed 4 --threads 1 --out a -q")
              .status == 0);
  REQUIRE(run_cli(dir, "generate dissection --cells 16 --count 6 --seed 4 --threads 2 --out b -q")
              .status == 0);
  REQUIRE(run_cli(dir, "generate dissection --cells 16 --count 6 --seed 5 --out c -q").status == 0);
  for (const char* file : {"puzzles.csv", "sheet.html", "puzzle-003.json", "puzzle-006.txt"}) {
    CAPTURE(file);
    CHECK(read_all(dir.path() / "a" / file) == read_all(dir.path() / "b" / file));
  }
  CHECK(read_all(dir.path() / "a" / "puzzles.csv") != read_all(dir.path() / "c" / "puzzles.csv"));
}

TEST_CASE("generate CLI: --sort and --min-difficulty, three pieces, the time limit") {
  TempDir dir("generate-sort");
  REQUIRE(
      run_cli(dir, "generate dissection --cells 16 --count 8 --sort amusement --out s -q").status ==
      0);
  auto rows = csv_rows(read_all(dir.path() / "s" / "puzzles.csv"));
  REQUIRE(rows.size() == 9);
  for (std::size_t i = 2; i < rows.size(); ++i)
    CHECK(std::stod(rows[i][10]) <= std::stod(rows[i - 1][10]));
  REQUIRE(run_cli(dir,
                  "generate dissection --cells 16 --count 4 --min-difficulty 0 "
                  "--sort difficulty1 --out m -q")
              .status == 0);
  rows = csv_rows(read_all(dir.path() / "m" / "puzzles.csv"));
  REQUIRE(rows.size() == 5);
  for (std::size_t i = 1; i < rows.size(); ++i) CHECK(std::stod(rows[i][8]) >= 0.0);
  // K = 3: each puzzle cut into three congruent pieces in one way only.
  REQUIRE(run_cli(dir, "generate dissection --parts 3 --cells 12 --count 2 --out k3 -q").status ==
          0);
  CHECK(run_cli(dir, "dissect k3/puzzle-002.txt --parts 3 --unique").status == 0);
  // Holes and a cut square.
  CHECK(run_cli(dir, "generate dissection --cells 16 --holes --count 2 --out h -q").status == 0);
  CHECK(
      run_cli(dir, "generate dissection --cells 14 --from-square 4 --count 2 --out f -q").status ==
      0);
  // Our generator, with holes allowed: re-solved by our search, one dissection each.
  REQUIRE(run_cli(dir, "generate dissection --cells 24 --from-piece --holes --count 3 --out p -q")
              .status == 0);
  for (const char* name : {"p/puzzle-001.txt", "p/puzzle-002.txt", "p/puzzle-003.txt"})
    CHECK(run_cli(dir, std::string("dissect ") + name + " --method ours --unique").status == 0);
  CHECK(contains(read_all(dir.path() / "p" / "sheet.html"), "copies of one piece"));
  REQUIRE(
      run_cli(dir, "generate dissection --cells 16 --from-piece --long-cut --count 2 --out q -q")
          .status == 0);
  CHECK(run_cli(dir, "dissect q/puzzle-002.txt --method ours --unique").status == 0);
  // The solver changes nothing but the time.
  REQUIRE(
      run_cli(dir, "generate dissection --cells 16 --count 3 --method ours --out o -q").status ==
      0);
  REQUIRE(run_cli(dir, "generate dissection --cells 16 --count 3 --out d -q").status == 0);
  CHECK(read_all(dir.path() / "o" / "puzzles.csv") == read_all(dir.path() / "d" / "puzzles.csv"));
  // A bound before the count: exit 5, the puzzles found written (none found: exit 1). The
  // bound is the number of figures tried, so the verdict does not hang on the machine's speed.
  const tangram::test::Run late =
      run_cli(dir, "generate dissection --cells 20 --count 100000 --max-candidates 400 --out t -q");
  CHECK(late.status == 5);
  CHECK(contains(late.out, "candidate limit"));
  CHECK(std::filesystem::is_regular_file(dir.path() / "t" / "sheet.html"));
  CHECK(std::filesystem::is_regular_file(dir.path() / "t" / "puzzle-001.txt"));
  // 60 squares: 20 figures in all give none.
  CHECK(run_cli(dir, "generate dissection --cells 60 --count 5 --max-candidates 20 --out n -q")
            .status == 1);
  // The same bound, the same puzzles, with any thread count.
  REQUIRE(run_cli(dir,
                  "generate dissection --cells 20 --count 100000 --max-candidates 400 "
                  "--threads 1 --out t1 -q")
              .status == 5);
  CHECK(read_all(dir.path() / "t" / "puzzles.csv") == read_all(dir.path() / "t1" / "puzzles.csv"));
  // Of the tetrominoes only the L is a puzzle: one found, then no new one (exit 5).
  const tangram::test::Run few = run_cli(dir, "generate dissection --cells 4 --count 3 --out l -q");
  CHECK(few.status == 5);
  CHECK(few.out.rfind("1 of 3 puzzles", 0) == 0);
}

TEST_CASE("generate CLI: bad options exit 2 with one line") {
  TempDir dir("generate-bad");
  tangram::test::write_file(dir.file("file.txt"), "x");
  for (const char* args :
       {"generate dissection --cells 25 --out o",
        "generate dissection --cells 12 --parts 1 --out o",
        "generate dissection --cells 12 --holes --from-square 4 --out o",
        "generate dissection --cells 12 --from-square 3 --out o",
        "generate dissection --cells 12 --count 0 --out o",
        "generate dissection --cells 12 --sort fun --out o",
        "generate dissection --cells 12 --out file.txt",
        "generate dissection --cells 12 --time-limit 0 --out o",
        "generate dissection --cells 12 --max-candidates -1 --out o",
        "generate dissection --cells 12 --from-piece --from-square 4 --out o",
        "generate dissection --cells 12 --long-cut --out o",
        "generate dissection --cells 12 --method fast --out o",
        "generate dissection --cells 12 --parts 3 --method halving --out o",
        "generate dissection --cells 1000 --out o", "generate dissection --out o",
        "generate dissection --cells 12", "generate"}) {
    CAPTURE(args);
    const tangram::test::Run run = run_cli(dir, args);
    CHECK(run.status == 2);
    CHECK(one_error_line(run.err));
  }
  CHECK(contains(run_cli(dir, "generate dissection --cells 25 --out o").err, "not a multiple"));
  CHECK(!std::filesystem::exists(dir.path() / "o"));
}
