// `tangram generate convex`: the folder (each figure's picture solved by `tangram solve`, its
// assembly accepted by `tangram verify`), the tables with and without --all, the refusals.

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "checks.hpp"
#include "cli_runner.hpp"
#include "temp_dir.hpp"

using tangram::test::contains;
using tangram::test::one_error_line;
using tangram::test::read_all;
using tangram::test::run_cli;
using tangram::test::TempDir;

namespace {

/// The lines of `text` that are not empty.
int line_count(const std::string& text) {
  int n = 0;
  for (const char c : text) n += c == '\n' ? 1 : 0;
  return n;
}

}  // namespace

TEST_CASE("generate convex: the Tangram's 13 figures, each solved and verified from its files") {
  const TempDir dir("generate-convex");
  const auto run = run_cli(dir, "generate convex --pieces tangram --out out -q");
  CAPTURE(run.err);
  REQUIRE(run.status == 0);
  CHECK(contains(run.out, "13 convex figures of tangram ("));
  const std::string csv = read_all(dir.file("out/convex.csv"));
  CHECK(line_count(csv) == 1 + 13);
  CHECK(contains(csv, "\nsquare,"));
  CHECK(line_count(read_all(dir.file("out/rejected.csv"))) > 1);
  for (const char* name : {"square", "triangle", "trapezoid-3", "hexagon-4"}) {
    CAPTURE(name);
    const std::string png = std::string("out/") + name + ".png";
    const auto verify = run_cli(dir, "verify " + png + " out/" + name + ".json");
    CHECK(verify.status == 0);
    CHECK(contains(verify.out, "VALID"));
    CHECK(run_cli(dir, "solve " + png + " -q").status == 0);
  }
  CHECK(std::filesystem::file_size(dir.file("out/convex.png")) > 0);
  CHECK(contains(read_all(dir.file("out/convex.svg")), "<title>13 convex figures of tangram"));
}

TEST_CASE("generate convex --all: the classes of assemblies, the square's one") {
  const TempDir dir("generate-convex");
  const auto run = run_cli(dir, "generate convex --pieces pentominoes --all --out out -q");
  CAPTURE(run.err);
  REQUIRE(run.status == 0);
  CHECK(contains(run.out, "4 convex figures of pentominoes (6 candidate polygons, 2 proved"));
  // The pentominoes' rectangles: 2, 368, 1010 and 2339 tilings up to symmetry.
  const std::string csv = read_all(dir.file("out/convex.csv"));
  for (const char* row : {",\"3, 20, 3, 20\",1,60,4,2,yes", ",\"4, 15, 4, 15\",1,60,4,368,yes",
                          ",\"5, 12, 5, 12\",1,60,4,1010,yes", ",\"6, 10, 6, 10\",1,60,4,2339,yes"})
    CHECK(contains(csv, row));
  const auto tangram = run_cli(dir, "generate convex --all --out tangram -q");
  REQUIRE(tangram.status == 0);
  CHECK(contains(read_all(dir.file("tangram/convex.csv")),
                 "\nsquare,0;1 0;0 1;0 1;1,\"4, 4, 4, 4\","
                 "0.25,1,8,1,yes\n"));
}

TEST_CASE("generate convex: sets it cannot list and bad options exit 2 with one line") {
  const TempDir dir("generate-convex");
  for (const char* args : {"generate convex --pieces stomachion --out out",
                           "generate convex --pieces egg-of-columbus --out out",
                           "generate convex --time-limit 0 --out out",
                           "generate convex --pieces nosuchset --out out"}) {
    CAPTURE(args);
    const auto run = run_cli(dir, args);
    CHECK(run.status == 2);
    CHECK(one_error_line(run.err));
  }
  tangram::test::write_file(dir.file("file"), "x");
  const auto not_folder = run_cli(dir, "generate convex --out file");
  CHECK(not_folder.status == 2);
  CHECK(read_all(dir.file("file")) == "x");
}

TEST_CASE("generate convex: a time limit before the end leaves candidates undecided, exit 5") {
  const TempDir dir("generate-convex");
  // The double Tangram's counts take seconds: a 0.05 s limit stops them, and a candidate whose
  // enumeration stopped is never taken for one without an assembly.
  const auto run =
      run_cli(dir, "generate convex --pieces double-tangram --all --time-limit 0.05 --out out -q");
  CAPTURE(run.err);
  CHECK(run.status == 5);
  CHECK(contains(run.out, " not decided) in "));
  CHECK(contains(run.out, "  undecided: "));
  const std::string rejected = read_all(dir.file("out/rejected.csv"));
  CHECK(!contains(rejected, ",no\n"));  // every rejection written is a proof
}
