// `tangram generate puzzles`: the folder (each puzzle's solution accepted by `tangram verify`,
// a silhouette solved by `tangram solve`), the table, the sheet, the seed, the refusals.

#include <doctest/doctest.h>

#include <string>

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
  CHECK(contains(csv, "name,pieces,corners,joined_corners,holes,parts,placements,rating\n"));
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
        "generate puzzles --pieces nosuchset --out out"}) {
    CAPTURE(args);
    const auto run = run_cli(dir, args);
    CHECK(run.status == 2);
    CHECK(one_error_line(run.err));
  }
}
