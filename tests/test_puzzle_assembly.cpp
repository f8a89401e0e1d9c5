// core/generate/puzzle_assembly.hpp: random edge-to-edge assemblies on a set's lattice, their
// figures' holes, keys, parts and corners, and the uniqueness verdict against the enumeration's
// own count.

#include <doctest/doctest.h>

#include <random>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "tangram/core/generate/puzzle_assembly.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/io/piece_sets.hpp"

namespace {

using Outline = std::vector<cv::Point>;

Outline square(int x, int y, int side = 1) {
  return {{x, y}, {x, y + side}, {x + side, y + side}, {x + side, y}};
}

/// Whether some corner of `a` is a corner of `b`.
bool share_corner(const Outline& a, const Outline& b) {
  for (const cv::Point p : a)
    for (const cv::Point q : b)
      if (p == q) return true;
  return false;
}

}  // namespace

TEST_CASE("puzzle assembly: overlap, shared boundary and holes on unit squares") {
  CHECK_FALSE(tangram::outlines_overlap(square(0, 0), square(1, 0)));
  CHECK_FALSE(tangram::outlines_overlap(square(0, 0), square(1, 1)));
  CHECK(tangram::outlines_overlap(square(0, 0, 2), square(1, 1)));
  CHECK(tangram::outlines_overlap(square(0, 0), square(0, 0)));
  CHECK(tangram::shared_boundary(square(0, 0), square(1, 0)) == doctest::Approx(1.0));
  CHECK(tangram::shared_boundary(square(0, 0, 2), square(2, 1)) == doctest::Approx(1.0));
  CHECK(tangram::shared_boundary(square(0, 0), square(1, 1)) == doctest::Approx(0.0));
  // A ring of eight squares round an empty one: one hole; without one of them, none.
  std::vector<Outline> ring;
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 3; ++x)
      if (x != 1 || y != 1) ring.push_back(square(x, y));
  CHECK(tangram::assembly_holes(ring, {3, 3}) == 1);
  ring.erase(ring.begin() + 1);
  CHECK(tangram::assembly_holes(ring, {3, 3}) == 0);
}

TEST_CASE("puzzle assembly: every Tangram figure edge to edge, no overlap, seeded") {
  const tangram::PieceSet set = tangram::builtin_piece_set("tangram").set;
  const std::vector<tangram::PieceLattice> lattices = tangram::piece_lattices(set, true);
  REQUIRE_FALSE(lattices.empty());
  for (const tangram::PuzzleStyle style :
       {tangram::PuzzleStyle::Compact, tangram::PuzzleStyle::Sprawling})
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      CAPTURE(seed);
      tangram::PuzzleAssemblyConfig config;
      config.style = style;
      std::mt19937_64 rng(seed);
      const auto a = tangram::random_assembly(set, lattices.front(), config, rng);
      REQUIRE(a.has_value());
      REQUIRE(a->outlines.size() == set.piece_count());
      CHECK(a->holes == 0);
      for (std::size_t i = 0; i < a->outlines.size(); ++i) {
        bool touches = false;
        for (std::size_t j = 0; j < a->outlines.size(); ++j) {
          if (i == j) continue;
          CHECK_FALSE(tangram::outlines_overlap(a->outlines[i], a->outlines[j]));
          touches = touches || (tangram::shared_boundary(a->outlines[i], a->outlines[j]) > 0.0 &&
                                share_corner(a->outlines[i], a->outlines[j]));
        }
        CHECK(touches);
      }
      // The same seed, the same figure; its pixels and pieces agree (verify's checker).
      std::mt19937_64 again(seed);
      const auto b = tangram::random_assembly(set, lattices.front(), config, again);
      REQUIRE(b.has_value());
      CHECK(b->outlines == a->outlines);
      const tangram::Pattern pattern = tangram::assembly_pattern(*a, 25, 25);
      const auto pieces = tangram::assembly_pieces(*a, set, lattices.front(), 25, 25);
      CHECK(tangram::verify_solution(pattern, pieces, set).valid);
    }
}

TEST_CASE("puzzle assembly: the figure key is the same for a turned, mirrored copy") {
  tangram::PuzzleAssembly l;
  l.outlines = {square(0, 0), square(0, 1), square(0, 2), square(1, 2)};
  l.size = {2, 3};
  tangram::PuzzleAssembly turned;  // the L turned a quarter and mirrored
  turned.outlines = {square(0, 0), square(1, 0), square(2, 0), square(2, 1)};
  turned.size = {3, 2};
  tangram::PuzzleAssembly other;
  other.outlines = {square(0, 0), square(1, 0), square(2, 0), square(1, 1)};
  other.size = {3, 2};
  CHECK(tangram::assembly_figure_key(l) == tangram::assembly_figure_key(turned));
  CHECK(tangram::assembly_figure_key(l) != tangram::assembly_figure_key(other));
}

TEST_CASE("puzzle uniqueness: the verdict is the enumeration's exact count of classes") {
  const tangram::PieceSet set = tangram::builtin_piece_set("tangram").set;
  const tangram::PieceLattice lattice = tangram::piece_lattices(set, true).front();
  tangram::SolverConfig solver;
  solver.pieces = set;
  tangram::EnumerationConfig all;
  all.up_to_symmetry = true;
  int unique = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    CAPTURE(seed);
    std::mt19937_64 rng(seed);
    const auto a = tangram::random_assembly(set, lattice, {}, rng);
    REQUIRE(a.has_value());
    const tangram::Pattern pattern = tangram::assembly_pattern(*a, 25, 25);
    const tangram::PuzzleUniqueness verdict = tangram::puzzle_uniqueness(pattern, solver);
    REQUIRE(verdict.refusal.empty());
    const tangram::Enumeration count = tangram::enumerate_assemblies(pattern, solver, all, {});
    REQUIRE(count.exhausted);
    CHECK(count.solutions >= 1);  // the generated assembly is one
    CHECK(verdict.unique() == (count.solutions == 1));
    unique += verdict.unique() ? 1 : 0;
  }
  MESSAGE(unique << " of 4 unique");
}

TEST_CASE("puzzle assembly: --parts lays the pieces in that many parts, apart") {
  const tangram::PieceSet set = tangram::builtin_piece_set("tangram").set;
  const tangram::PieceLattice lattice = tangram::piece_lattices(set, true).front();
  for (const int parts : {1, 2, 3})
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      CAPTURE(parts);
      CAPTURE(seed);
      tangram::PuzzleAssemblyConfig config;
      config.style = tangram::PuzzleStyle::Sprawling;
      config.parts = parts;
      std::mt19937_64 rng(seed);
      const auto a = tangram::random_assembly(set, lattice, config, rng);
      REQUIRE(a.has_value());
      REQUIRE(a->outlines.size() == set.piece_count());
      for (std::size_t i = 0; i < a->outlines.size(); ++i)
        for (std::size_t j = i + 1; j < a->outlines.size(); ++j)
          CHECK_FALSE(tangram::outlines_overlap(a->outlines[i], a->outlines[j]));
      const tangram::Pattern pattern = tangram::assembly_pattern(*a, 25, 25);
      cv::Mat1i labels;
      CHECK(cv::connectedComponents(pattern.puzzle, labels, 8) - 1 == parts);
      const auto pieces = tangram::assembly_pieces(*a, set, lattice, 25, 25);
      CHECK(tangram::verify_solution(pattern, pieces, set).valid);
    }
}

TEST_CASE("puzzle assembly: outline corners of posed pieces agree with the lattice's count") {
  const tangram::PieceSet set = tangram::builtin_piece_set("tangram").set;
  const tangram::PieceLattice lattice = tangram::piece_lattices(set, true).front();
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    CAPTURE(seed);
    tangram::PuzzleAssemblyConfig config;
    config.style = seed % 2 == 0 ? tangram::PuzzleStyle::Compact : tangram::PuzzleStyle::Sprawling;
    config.holes = true;
    std::mt19937_64 rng(seed);
    const auto a = tangram::random_assembly(set, lattice, config, rng);
    REQUIRE(a.has_value());
    const tangram::OutlineCorners exact = tangram::outline_corners(*a);
    const auto pieces = tangram::assembly_pieces(*a, set, lattice, 25, 25);
    const tangram::OutlineCorners posed = tangram::outline_corners(pieces, 1.5);
    CHECK(posed.corners == exact.corners);
    CHECK(posed.joined == exact.joined);
    CHECK(exact.corners >= 3);
  }
  // A square of two triangles: four corners, the two on its diagonal made by both.
  tangram::PlacedPiece a, b;
  a.polygon = {{0, 0}, {100, 0}, {100, 100}};
  b.polygon = {{0, 0}, {100, 100}, {0, 100}};
  const tangram::OutlineCorners square = tangram::outline_corners({a, b}, 1.5);
  CHECK(square.corners == 4);
  CHECK(square.joined == 2);
}
