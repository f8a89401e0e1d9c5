// The published counts that take longer than a unit test should (about a second each in a
// release build; label e2e, so not under AddressSanitizer): the 12 pentominoes fill the 6 x 10
// rectangle in 2339 ways and the 5 x 12 in 1010, up to the rectangle's symmetry; every
// assembly of 6 x 10 counted with its images is 4 x 2339 (no tiling of a rectangle is
// symmetric). The other counts (3 x 20, 4 x 15, the 8 x 8 square, the staircase, the Tangram
// square) are unit tests. The Stomachion's 536 classes of its square take about 10 s in a
// release build (experiments/enumeration/): test suite "slow", left out under sanitizers.

#include <doctest/doctest.h>

#include "patterns.hpp"
#include "tangram/core/enumerate/all_solutions.hpp"
#include "tangram/io/pattern_png.hpp"
#include "tangram/io/piece_sets.hpp"

using namespace tangram;

namespace {

Enumeration count(const std::string& board, bool up_to_symmetry) {
  SolverConfig config;
  config.pieces = builtin_piece_set("pentominoes").set;
  config.search.rotation_auto = true;
  config.search.time_limit_s = 300.0;
  EnumerationConfig enumeration;
  enumeration.up_to_symmetry = up_to_symmetry;
  const Pattern pattern =
      load_pattern_png(test::kMasks + "sets/pentominoes/counts/" + board + ".png");
  return enumerate_assemblies(pattern, config, enumeration, {});
}

}  // namespace

TEST_CASE("counts: the pentominoes fill 6 x 10 in 2339 ways and 5 x 12 in 1010, up to symmetry") {
  const Enumeration six = count("6x10", true);
  CHECK(six.exhausted);
  CHECK(six.symmetries == 4);
  CHECK(six.solutions == 2339);
  const Enumeration all = count("6x10", false);
  CHECK(all.exhausted);
  CHECK(all.solutions == 9356);
  const Enumeration five = count("5x12", true);
  CHECK(five.exhausted);
  CHECK(five.solutions == 1010);
}

TEST_CASE("counts: the Stomachion fills its square in 536 ways up to symmetry" *
          doctest::test_suite("slow")) {
  SolverConfig config;
  config.pieces = builtin_piece_set("stomachion").set;
  config.search.rotation_auto = true;
  config.search.time_limit_s = 1800.0;
  EnumerationConfig enumeration;
  enumeration.up_to_symmetry = true;
  const Pattern square = load_pattern_png(test::kMasks + "sets/stomachion/01-figure.png");
  const Enumeration classes = enumerate_assemblies(square, config, enumeration, {});
  CHECK(classes.method == "lattice");
  CHECK(classes.exhausted);
  CHECK(classes.symmetries == 8);
  CHECK(classes.solutions == 536);
  // The point with the fewest moves: 134,344,524 placements by the first empty point, about
  // 11 million now (experiments/enumeration/).
  CHECK(classes.nodes < 20'000'000);
}
