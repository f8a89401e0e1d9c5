// `tangram solve PATTERN... --out-dir DIR` (solve_batch.cpp over lab/experiment_runner.hpp):
// many figures in one process, each written into DIR with its record, resumable, summed up in
// runs.csv for `tangram report`; exit 0 only when every figure is solved; options that mean one
// figure refused.

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "checks.hpp"
#include "cli_runner.hpp"
#include "patterns.hpp"
#include "temp_dir.hpp"

using namespace tangram;
using test::contains;

namespace {
namespace fs = std::filesystem;
}  // namespace

TEST_CASE("solve --out-dir: pictures and a folder solved into one directory, resumably") {
  test::TempDir dir("batch");
  fs::create_directories(dir.path() / "figures");
  // Two figures with the same name from two folders are told apart.
  fs::copy_file(test::kMasks + "01-square.png", dir.path() / "figures" / "square.png");
  fs::copy_file(test::kMasks + "02-page9-11.png", dir.path() / "figures" / "page.png");
  fs::copy_file(test::kMasks + "04-page3-30.png", dir.path() / "square.png");
  const std::string args = "solve square.png figures --out-dir out --time-limit 30 --jobs 2";
  const test::Run run = test::run_cli(dir, args);
  CAPTURE(run.err);
  REQUIRE(run.status == 0);
  CHECK(contains(run.err, "3 runs planned, 0 already recorded in out, 3 to do with 2 at a time"));
  CHECK(contains(run.out, "| 3       | 3      | 0        | 0          | 0           |"));
  for (const std::string name : {"square-dt", "page-dt", "square-2-dt"})
    for (const std::string ext : {".json", ".png", ".run.json"})
      CHECK(fs::exists(dir.path() / "out" / (name + ext)));
  const std::string runs = test::read_all(dir.path() / "out" / "runs.csv");
  // A figure outside the results folder is named by its absolute path (docs/formats.md).
  CHECK(contains(runs,
                 "solve,ours," +
                     fs::absolute(dir.path() / "square.png").lexically_normal().generic_string() +
                     ",dt,1,1,"));
  // Each solution is one `tangram verify` accepts.
  CHECK(test::run_cli(dir, "verify figures/page.png out/page-dt.json").status == 0);
  // The report reads the directory.
  CHECK(test::run_cli(dir, "report out -o report.html").status == 0);
  // Run again: nothing to do, the same summary.
  const test::Run again = test::run_cli(dir, args);
  CHECK(again.status == 0);
  CHECK(contains(again.err, "3 already recorded in out, 0 to do"));
  CHECK(test::read_all(dir.path() / "out" / "runs.csv") == runs);
}

TEST_CASE("solve --out-dir: exit 1 when a figure is not solved; one-figure options refused") {
  test::TempDir dir("batch-fail");
  const std::string disc = test::kMasks + "sets/tangram/07-unsolvable-disc.png";
  const std::string square = test::kMasks + "01-square.png";
  const test::Run run = test::run_cli(dir, "solve " + square + " " + disc + " --out-dir out -q");
  CHECK(run.status == 1);
  CHECK(contains(test::read_all(dir.path() / "out" / "runs.csv"), ",impossible"));
  const auto refused = [&](const std::string& args, const std::string& says) {
    const test::Run r = test::run_cli(dir, args);
    CAPTURE(args);
    CAPTURE(r.err);
    CHECK(r.status == 2);
    CHECK(contains(r.err, says));
  };
  refused("solve " + square + " " + disc, "give --out-dir DIR");
  refused("solve " + square + " --out-dir o2 --json x.json", "--json: one figure's option");
  refused("solve " + square + " --out-dir o2 --all", "--all/--unique");
  refused("solve - --out-dir o2", "standard input");
  refused("solve nowhere.png --out-dir o2", "nowhere.png: no such file or folder");
  fs::create_directories(dir.path() / "empty");
  refused("solve empty --out-dir o2", "no pictures in the folder");
  refused("solve out --out-dir out", "is the folder of figures");
  CHECK_FALSE(fs::exists(dir.path() / "o2"));
}
