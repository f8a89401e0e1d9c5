// `tangram solve --fixed`: pieces of an earlier solution kept, the others assembled around them.

#include <doctest/doctest.h>

#include <fstream>
#include <string>

#include "checks.hpp"
#include "cli_runner.hpp"
#include "tangram/io/documents.hpp"
#include "temp_dir.hpp"

namespace {

using tangram::test::contains;
using tangram::test::one_error_line;
using tangram::test::read_all;
using tangram::test::Run;
using tangram::test::run_cli;
using tangram::test::TempDir;

const std::string kFigure = std::string(TANGRAM_SOURCE_DIR) + "/masks/08-page7-122.png";

/// The document `text` with its first `keep` pieces only.
std::string first_pieces(const std::string& text, std::size_t keep) {
  tangram::Solution solution = tangram::solution_from_json(text);
  solution.pieces.resize(keep);
  solution.solved = false;
  return tangram::solution_to_json(solution, tangram::PieceSet::tangram(), "part", false);
}

}  // namespace

TEST_CASE("solve --fixed keeps the pieces of a file and assembles the others around them") {
  TempDir dir("fixed-cli");
  const Run whole = run_cli(dir, "solve " + kFigure + " --json whole.json -q");
  REQUIRE(whole.status == 0);
  const std::string text = read_all(dir.path() / "whole.json");
  { std::ofstream(dir.path() / "three.json") << first_pieces(text, 3); }
  const Run around = run_cli(dir, "solve " + kFigure + " --fixed three.json --json out.json");
  CHECK(around.status == 0);
  CHECK(contains(around.out, "3 of 7 pieces kept where they were (--fixed)"));
  const tangram::Solution given = tangram::solution_from_json(text);
  const tangram::Solution got = tangram::solution_from_json(read_all(dir.path() / "out.json"));
  REQUIRE(got.pieces.size() == 7);
  for (std::size_t i = 0; i < 3; ++i) {
    CHECK(got.pieces[i].shape == given.pieces[i].shape);
    REQUIRE(got.pieces[i].polygon.size() == given.pieces[i].polygon.size());
    for (std::size_t v = 0; v < given.pieces[i].polygon.size(); ++v) {
      CHECK(got.pieces[i].polygon[v].x == doctest::Approx(given.pieces[i].polygon[v].x));
      CHECK(got.pieces[i].polygon[v].y == doctest::Approx(given.pieces[i].polygon[v].y));
    }
  }
  const Run verified = run_cli(dir, "verify " + kFigure + " out.json");
  CHECK(verified.status == 0);
  CHECK(contains(verified.out, "VALID"));
}

TEST_CASE("solve --fixed is refused with an enumeration and for pieces the set lacks") {
  TempDir dir("fixed-cli-refused");
  REQUIRE(run_cli(dir, "solve " + kFigure + " --json whole.json -q").status == 0);
  const std::string text = read_all(dir.path() / "whole.json");
  { std::ofstream(dir.path() / "one.json") << first_pieces(text, 1); }
  const Run all = run_cli(dir, "solve " + kFigure + " --fixed one.json --all");
  CHECK(all.status == 2);
  CHECK(one_error_line(all.err));
  CHECK(contains(all.err, "--fixed keeps pieces in place for one assembly"));
  // Three large triangles: the Tangram has two.
  tangram::Solution solution = tangram::solution_from_json(text);
  std::vector<tangram::PlacedPiece> large;
  for (const tangram::PlacedPiece& p : solution.pieces)
    if (p.shape == tangram::tangram_shapes::large_triangle) large.push_back(p);
  REQUIRE(large.size() == 2);
  large.push_back(large.front());
  solution.pieces = large;
  {
    std::ofstream(dir.path() / "three-large.json")
        << tangram::solution_to_json(solution, tangram::PieceSet::tangram(), "part", false);
  }
  const Run too_many = run_cli(dir, "solve " + kFigure + " --fixed three-large.json");
  CHECK(too_many.status == 2);
  CHECK(contains(too_many.err,
                 "tangram: error: the fixed pieces hold large-triangle more often "
                 "than the set tangram has it"));
}
