// Every assembly of a figure (all_solutions.hpp): what is refused, the assemblies posed in
// pixels pass the checker, and the sets of a subset's or copies' assemblies.

#include <doctest/doctest.h>

#include <vector>

#include "checks.hpp"
#include "tangram/core/all_solutions.hpp"
#include "tangram/core/error.hpp"
#include "tangram/core/verify.hpp"
#include "tangram/io/piece_sets.hpp"

using namespace tangram;

namespace {

/// The cells (row, col) of a rows x cols grid at `unit` px per cell with a 10 px margin.
Pattern cells_pattern(int rows, int cols, int unit, const std::vector<cv::Point>& cells) {
  cv::Mat1b mask(rows * unit + 20, cols * unit + 20, uchar{0});
  for (const cv::Point& c : cells) mask(cv::Rect(10 + c.y * unit, 10 + c.x * unit, unit, unit)) = 255;
  return make_pattern(mask);
}

Pattern rectangle(int rows, int cols, int unit) {
  std::vector<cv::Point> cells;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) cells.emplace_back(r, c);
  return cells_pattern(rows, cols, unit, cells);
}

SolverConfig pentominoes() {
  SolverConfig config;
  config.pieces = builtin_piece_set("pentominoes").set;
  config.search.rotation_auto = true;
  return config;
}

}  // namespace

TEST_CASE("all solutions: refused for sets that are not polyominoes, figures off the grid, a missing area") {
  SolverConfig tangram;
  const Pattern square = rectangle(1, 1, 200);
  const auto refusal = enumeration_refusal(square, tangram, {});
  REQUIRE(refusal);
  CHECK(test::contains(*refusal, "polyominoes"));
  CHECK_THROWS_AS(enumerate_assemblies(square, tangram, {}, {}), UsageError);

  const SolverConfig config = pentominoes();
  const auto off_grid = enumeration_refusal(rectangle(7, 9, 20), config, {});
  REQUIRE(off_grid);
  CHECK(test::contains(*off_grid, "unit grid"));
  EnumerationConfig subset;
  subset.use = PieceUse::Subset;
  const auto no_area = enumeration_refusal(rectangle(3, 20, 20), config, subset);
  REQUIRE(no_area);
  CHECK(test::contains(*no_area, "area"));
  subset.figure_area = 60;
  CHECK_FALSE(enumeration_refusal(rectangle(3, 20, 20), config, subset));
  // Rotations without the quarter turns.
  SolverConfig slanted = pentominoes();
  slanted.search.rotation_auto = false;
  slanted.search.rotation_step_deg = 90.0;
  slanted.search.rotation_offset_deg = 45.0;
  CHECK(enumeration_refusal(rectangle(3, 20, 20), slanted, {}));
}

TEST_CASE("all solutions: the 3 x 20 rectangle's assemblies, posed in pixels, pass the checker") {
  const SolverConfig config = pentominoes();
  const Pattern board = rectangle(3, 20, 20);
  std::vector<std::vector<PlacedPiece>> found;
  const Enumeration e = enumerate_assemblies(board, config, {}, [&](const std::vector<PlacedPiece>& pieces) {
    found.push_back(pieces);
  });
  CHECK(e.exhausted);
  CHECK(e.solutions == 8);
  CHECK(e.symmetries == 1);
  REQUIRE(found.size() == 8);
  for (const std::vector<PlacedPiece>& pieces : found) {
    const VerifyReport report = verify_solution(board, pieces, config.pieces);
    CHECK(report.valid);
    CHECK(report.metrics.coverage > 0.999);
  }
  EnumerationConfig classes;
  classes.up_to_symmetry = true;
  const Enumeration up_to = enumerate_assemblies(board, config, classes, {});
  CHECK(up_to.solutions == 2);
  CHECK(up_to.symmetries == 4);
  // Without mirror images of the pieces the figure's symmetries are its rotations only: a
  // mirrored assembly would need mirrored pieces.
  SolverConfig one_sided = config;
  one_sided.search.reflection = false;
  const Enumeration turns = enumerate_assemblies(board, one_sided, classes, {});
  CHECK(turns.symmetries == 2);
  CHECK(turns.exhausted);
}

TEST_CASE("all solutions: a subset's assemblies are checked against the pieces they use") {
  const SolverConfig config = pentominoes();
  // The staircase of 55 cells: rows of 1, 2, ..., 10.
  std::vector<cv::Point> cells;
  for (int r = 0; r < 10; ++r)
    for (int c = 0; c <= r; ++c) cells.emplace_back(r, c);
  const Pattern staircase = cells_pattern(10, 10, 20, cells);
  EnumerationConfig subset;
  subset.use = PieceUse::Subset;
  subset.figure_area = 55;
  subset.max_solutions = 5;
  std::vector<std::vector<PlacedPiece>> found;
  const Enumeration e = enumerate_assemblies(staircase, config, subset, [&](const std::vector<PlacedPiece>& pieces) {
    found.push_back(pieces);
  });
  CHECK(e.solutions == 5);
  CHECK_FALSE(e.exhausted);
  for (const std::vector<PlacedPiece>& pieces : found) {
    REQUIRE(pieces.size() == 11);
    // Against the whole set it is one piece short; against the pieces it uses it is exact.
    CHECK_FALSE(verify_solution(staircase, pieces, config.pieces).valid);
    const UsedPieces used = used_pieces(config.pieces, pieces, PieceUse::Subset);
    CHECK(used.set.name() == "pentominoes-subset");
    CHECK(used.set.piece_count() == 11);
    CHECK(verify_solution(staircase, used.pieces, used.set).valid);
  }
  // The whole set used: the set itself, pieces unchanged.
  const Pattern board = rectangle(3, 20, 20);
  std::vector<PlacedPiece> whole;
  EnumerationConfig one;
  one.max_solutions = 1;
  enumerate_assemblies(board, config, one, [&](const std::vector<PlacedPiece>& p) { whole = p; });
  const UsedPieces same = used_pieces(config.pieces, whole, PieceUse::Exact);
  CHECK(same.set.name() == "pentominoes");
  CHECK(same.pieces.size() == whole.size());
}
