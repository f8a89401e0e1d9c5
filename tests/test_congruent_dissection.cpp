// Congruent dissections (Kotani): Kotani's search and ours agree exactly with a brute-force
// oracle (every assignment of cells to K labels) on small figures, and count the known
// OEIS sequences A003155 (halving a square) and A006067 (quartering it). Kept small: the file
// also runs under AddressSanitizer.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "labellings.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/core/base/parallel.hpp"
#include "tangram/core/dissection/congruent_dissection.hpp"

using namespace tangram;

namespace {

/// Every dissection of `figure` into `parts` connected, pairwise congruent pieces, by trying
/// every labelling (labels in order of first use, at most N/K cells each), canonicalised as
/// dissect() does.
std::set<Dissection> oracle(const Cells& figure, int parts, bool mirror, bool up_to_symmetry) {
  std::set<Dissection> found;
  const std::size_t size = figure.size() / static_cast<std::size_t>(parts);
  test::for_each_equal_split(figure, parts, [&](const Dissection& d) {
    for (const Cells& piece : d)
      if (piece.size() != size || !edge_connected(piece) || !congruent(piece, d[0], mirror)) return;
    found.insert(up_to_symmetry ? canonical_up_to_symmetry(figure, d) : canonical(d));
  });
  return found;
}

/// The n x n square, less its centre cell when n is odd.
Cells square(int n) {
  Cells cells;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      if (n % 2 == 0 || r != n / 2 || c != n / 2) cells.push_back({r, c});
  return cells;
}

/// A connected figure of `n` cells grown at random from one cell (holes possible).
Cells random_figure(std::mt19937& rng, int n) {
  std::set<Cell> cells{{0, 0}};
  while (static_cast<int>(cells.size()) < n) {
    std::vector<Cell> all(cells.begin(), cells.end());
    const Cell c = all[rng() % all.size()];
    const int dir = static_cast<int>(rng() % 4);
    cells.insert({c.row + (dir == 0) - (dir == 1), c.col + (dir == 2) - (dir == 3)});
  }
  return Cells(cells.begin(), cells.end());
}

long count(const Cells& figure, int parts, DissectMethod method, bool up_to_symmetry = true) {
  DissectConfig config;
  config.parts = parts;
  config.method = method;
  config.up_to_symmetry = up_to_symmetry;
  return static_cast<long>(dissect(figure, config).solutions.size());
}

/// Both methods (Kotani's for K = 2) against the oracle on `figure`.
void check_against_oracle(const Cells& figure, int parts) {
  for (bool mirror : {true, false})
    for (bool sym : {false, true}) {
      const std::set<Dissection> expected = oracle(figure, parts, mirror, sym);
      DissectConfig config;
      config.parts = parts;
      config.mirror = mirror;
      config.up_to_symmetry = sym;
      for (DissectMethod method :
           {DissectMethod::Ours, DissectMethod::Kotani, DissectMethod::Halving}) {
        if (method != DissectMethod::Ours && parts != 2) continue;
        config.method = method;
        const DissectResult r = dissect(figure, config);
        CAPTURE(grid_text(figure));
        CAPTURE(parts);
        CAPTURE(mirror);
        CAPTURE(sym);
        CAPTURE(static_cast<int>(method));
        CHECK(r.complete);
        CHECK(std::set<Dissection>(r.solutions.begin(), r.solutions.end()) == expected);
      }
    }
}

}  // namespace

TEST_CASE("dissect: the grid text round trip and the figure checks") {
  const Cells f = parse_grid("##.\n.##\n");
  CHECK(f == Cells{{0, 0}, {0, 1}, {1, 1}, {1, 2}});
  CHECK(grid_text(f) == "##.\n.##\n");
  CHECK_THROWS_AS(parse_grid("#x\n"), InputError);
  CHECK_THROWS_AS(parse_grid("..\n"), InputError);
  CHECK_THROWS_AS(check_dissectable(parse_grid("#.#\n"), 2), InputError);
  CHECK_THROWS_AS(check_dissectable(parse_grid("###\n"), 2), InputError);
  CHECK_NOTHROW(check_dissectable(parse_grid("###\n"), 3));
  CHECK_THROWS_AS(check_dissectable(Cells(kMaxDissectCells + 1), 1), InputError);
  DissectConfig kotani;
  kotani.method = DissectMethod::Kotani;
  kotani.parts = 3;
  CHECK_THROWS_AS(dissect(parse_grid("###\n"), kotani), UsageError);
  kotani.method = DissectMethod::Halving;
  CHECK_THROWS_AS(dissect(parse_grid("###\n"), kotani), UsageError);
  CHECK(std::string(InputError("x").what()).find('\n') == std::string::npos);
}

TEST_CASE("dissect: small figures agree with the brute-force oracle") {
  // Rectangles and hand-made figures (an L, a ring with a hole, a staircase).
  for (int h = 1; h <= 3; ++h)
    for (int w = h; w <= 4; ++w) {
      Cells rect;
      for (int r = 0; r < h; ++r)
        for (int c = 0; c < w; ++c) rect.push_back({r, c});
      for (int k : {2, 3, 4})
        if (static_cast<int>(rect.size()) % k == 0) check_against_oracle(rect, k);
    }
  check_against_oracle(parse_grid("###\n#.#\n###\n"), 2);
  check_against_oracle(parse_grid("###\n#.#\n###\n"), 4);
  check_against_oracle(parse_grid("#...\n##..\n###.\n####\n"), 2);
  check_against_oracle(parse_grid("#.\n#.\n##\n##\n"), 3);
  // Random connected figures of 6 to 12 cells.
  std::mt19937 rng(16);
  for (int trial = 0; trial < 60; ++trial) {
    const Cells f = random_figure(rng, 6 + trial % 7);
    for (int k : {2, 3, 4})
      if (static_cast<int>(f.size()) % k == 0 && (k < 4 || f.size() <= 8))
        check_against_oracle(f, k);
  }
}

TEST_CASE("dissect: OEIS A003155, halving the n x n square (centre removed for odd n)") {
  const long expected[] = {6, 15, 255};
  for (int n = 4; n <= 6; ++n) {
    CAPTURE(n);
    CHECK(count(square(n), 2, DissectMethod::Kotani) == expected[n - 4]);
    CHECK(count(square(n), 2, DissectMethod::Ours) == expected[n - 4]);
    CHECK(count(square(n), 2, DissectMethod::Halving) == expected[n - 4]);
  }
}

namespace {

/// Every polyomino of `n` squares up to rotations and reflections (each in its least
/// normalized form), grown square by square from the smaller ones.
std::vector<Cells> free_polyominoes(int n) {
  const auto key = [](const Cells& cells) {
    Cells best = normalized(cells);
    for (int t = 1; t < 8; ++t) best = std::min(best, normalized(cells, t));
    return best;
  };
  std::set<Cells> shapes{Cells{{0, 0}}};
  for (int size = 2; size <= n; ++size) {
    std::set<Cells> larger;
    for (const Cells& shape : shapes)
      for (Cell c : shape)
        for (Cell m : {Cell{c.row - 1, c.col}, Cell{c.row + 1, c.col}, Cell{c.row, c.col - 1},
                       Cell{c.row, c.col + 1}}) {
          if (std::find(shape.begin(), shape.end(), m) != shape.end()) continue;
          Cells grown = shape;
          grown.push_back(m);
          larger.insert(key(grown));
        }
    shapes = std::move(larger);
  }
  return {shapes.begin(), shapes.end()};
}

/// The dissections of `figure` into 2 by `method`, all of them.
std::set<Dissection> halvings(const Cells& figure, DissectMethod method, bool mirror) {
  DissectConfig config;
  config.method = method;
  config.mirror = mirror;
  const DissectResult r = dissect(figure, config);
  CHECK(r.complete);
  return {r.solutions.begin(), r.solutions.end()};
}

}  // namespace

TEST_CASE("dissect: the halving method equals the oracle and both searches on every polyomino") {
  // Every polyomino of 2 to 10 squares (1 + 5 + 35 + 369 + 4655 shapes up to symmetry): the
  // oracle up to 8 squares, Kotani's search and ours on all, with and without mirror images.
  const std::size_t shapes[] = {1, 5, 35, 369, 4655};
  long halved = 0;
  for (int n = 2; n <= 10; n += 2) {
    const std::vector<Cells> all = free_polyominoes(n);
    CHECK(all.size() == shapes[n / 2 - 1]);
    for (const Cells& figure : all)
      for (bool mirror : {true, false}) {
        CAPTURE(grid_text(figure));
        CAPTURE(mirror);
        const std::set<Dissection> fast = halvings(figure, DissectMethod::Halving, mirror);
        CHECK(fast == halvings(figure, DissectMethod::Ours, mirror));
        CHECK(fast == halvings(figure, DissectMethod::Kotani, mirror));
        if (n <= 8) CHECK(fast == oracle(figure, 2, mirror, false));
        halved += fast.empty() ? 0 : 1;
      }
  }
  CHECK(halved > 800);  // not all empty (895 of the 2 x 5065 figures)
}

TEST_CASE("dissect: the halving method equals ours on random and symmetric figures" *
          doctest::test_suite("slow")) {
  // Random figures of 14 to 26 squares (holes possible), and symmetric ones, where rotations
  // and reflections leave cycles to search: every solution, with and without mirror images,
  // with and without up_to_symmetry, and the first two (max_solutions) as many as ours finds.
  std::mt19937 rng(21);
  std::vector<Cells> figures;
  for (int trial = 0; trial < 120; ++trial)
    figures.push_back(random_figure(rng, 14 + 2 * (trial % 7)));
  figures.push_back(square(6));
  figures.push_back(square(7));
  figures.push_back(parse_grid("######\n######\n##..##\n##..##\n######\n######\n"));
  figures.push_back(parse_grid("..##..\n..##..\n######\n######\n..##..\n..##..\n"));
  figures.push_back(parse_grid("##....\n###...\n.####.\n..####\n...###\n....##\n"));
  // Wider than 64 squares, the search without its rows of 64 squares a word: two L's side by
  // side (a translation), a U (a reflection), a U with a foot (none).
  const std::string bar(70, '#');
  figures.push_back(parse_grid(bar + "\n#" + std::string(34, '.') + "#\n"));
  figures.push_back(parse_grid("#" + std::string(68, '.') + "#\n" + bar + "\n"));
  figures.push_back(parse_grid(bar + "\n#" + std::string(68, '.') + "#\n####\n"));
  long halved = 0;
  for (const Cells& figure : figures)
    for (bool mirror : {true, false})
      for (bool sym : {false, true}) {
        CAPTURE(grid_text(figure));
        CAPTURE(mirror);
        CAPTURE(sym);
        DissectConfig config;
        config.mirror = mirror;
        config.up_to_symmetry = sym;
        const DissectResult ours = dissect(figure, config);
        config.method = DissectMethod::Halving;
        const DissectResult fast = dissect(figure, config);
        CHECK(fast.complete);
        CHECK(fast.solutions == ours.solutions);
        halved += fast.solutions.empty() ? 0 : 1;
        config.max_solutions = 2;
        CHECK(dissect(figure, config).solutions.size() ==
              std::min<std::size_t>(2, ours.solutions.size()));
      }
  CHECK(halved >= 20);  // not all empty (22)
}

TEST_CASE("dissect: quartering the n x n square, against OEIS A006067") {
  // A006067 (5, 7, 37 for n = 4, 5, 6) counts in Parkin's convention: a quartering is either
  // turned onto itself by 90 degrees or first halved into two rectangles, and in the second
  // class two dissections that differ only in the orientation of the tiles in a half are one.
  // We count every quartering up to the square's symmetries: n = 5 agrees; for n = 4 the one
  // extra is the halving into two 2 x 4 rectangles of two L's each with one half turned over
  // (below), and n = 6 gives 48 (a regression value).
  CHECK(count(square(4), 4, DissectMethod::Ours) == 6);
  CHECK(count(square(5), 4, DissectMethod::Ours) == 7);
  CHECK(count(square(6), 4, DissectMethod::Ours) == 48);
  DissectConfig config;
  config.parts = 4;
  config.up_to_symmetry = true;
  const auto found = dissect(square(4), config).solutions;
  const Dissection a = canonical_up_to_symmetry(square(4), {parse_grid("###\n#"),
                                                            {{0, 3}, {1, 1}, {1, 2}, {1, 3}},
                                                            parse_grid("\n\n###\n#"),
                                                            {{2, 3}, {3, 1}, {3, 2}, {3, 3}}});
  const Dissection b = canonical_up_to_symmetry(square(4), {parse_grid("###\n#"),
                                                            {{0, 3}, {1, 1}, {1, 2}, {1, 3}},
                                                            parse_grid("\n\n#\n###"),
                                                            {{2, 1}, {2, 2}, {2, 3}, {3, 3}}});
  CHECK(a != b);
  CHECK(std::count(found.begin(), found.end(), a) == 1);
  CHECK(std::count(found.begin(), found.end(), b) == 1);
}

TEST_CASE("dissect: max_solutions stops at the second, without mirror the S-tetromino") {
  DissectConfig config;
  config.max_solutions = 2;
  const DissectResult r = dissect(square(6), config);
  CHECK(r.solutions.size() == 2);
  CHECK_FALSE(r.complete);
  // A 2 x 4 rectangle halves into two I's, two L's (mirror images of each other when turned
  // 180 degrees: congruent without mirror), two squares, two S's ...
  const Cells rect = parse_grid("####\n####\n");
  config.max_solutions = 0;
  const long with_mirror = static_cast<long>(dissect(rect, config).solutions.size());
  config.mirror = false;
  CHECK(static_cast<long>(dissect(rect, config).solutions.size()) <= with_mirror);
}

TEST_CASE("dissect: Kotani's ratings of the paper's Fig. 2 example") {
  const DissectionRating r = rate({7, 10, 4, 1, 1});
  CHECK(r.difficulty1 == doctest::Approx(-0.520).epsilon(1e-9));
  CHECK(r.difficulty2 == doctest::Approx(-0.299).epsilon(1e-9));
  CHECK(r.amusement == doctest::Approx(-0.373).epsilon(1e-9));
}

TEST_CASE("dissect: the attributes of hand-counted dissections") {
  const auto x = [](const std::string& figure, const Dissection& d) {
    const DissectionAttributes a = attributes(parse_grid(figure), d);
    return std::vector<double>{a.x1, a.x2, a.x3, a.x4, a.x5};
  };
  using X = std::vector<double>;
  // A 2 x 2 square into two dominoes: 4 edges of outline each, a cut of 2, a translation.
  CHECK(x("##\n##\n", {{{0, 0}, {0, 1}}, {{1, 0}, {1, 1}}}) == X{2, 4, 2, 0, 0});
  // A 2 x 4 rectangle into two L tetrominoes a half turn apart.
  CHECK(x("####\n####\n", {{{0, 0}, {0, 1}, {0, 2}, {1, 0}}, {{1, 1}, {1, 2}, {0, 3}, {1, 3}}}) ==
        X{4, 6, 4, 0, 0});
  // L trominoes a half turn apart, then a quarter turn apart; an S and a Z (mirror images).
  CHECK(x("###\n###\n", {{{0, 0}, {0, 1}, {1, 0}}, {{0, 2}, {1, 1}, {1, 2}}}) == X{3, 5, 3, 0, 0});
  CHECK(x("#.##\n###.\n", {{{0, 0}, {1, 0}, {1, 1}}, {{0, 2}, {0, 3}, {1, 2}}}) ==
        X{3, 7, 1, 1, 0});
  CHECK(x("##..##\n.####.\n", {{{0, 0}, {0, 1}, {1, 1}, {1, 2}},
                               {{0, 4}, {0, 5}, {1, 3}, {1, 4}}}) == X{4, 9, 1, 0, 1});
}

TEST_CASE("dissect: dissections that the figure's own symmetry makes") {
  const Cells rect = parse_grid("####\n####\n");
  const Cells top{{0, 0}, {0, 1}, {0, 2}, {0, 3}}, bottom{{1, 0}, {1, 1}, {1, 2}, {1, 3}};
  CHECK(symmetric_dissection(rect, {top, bottom}));  // the flip top to bottom
  CHECK(symmetric_dissection(rect, {{{0, 0}, {0, 1}, {0, 2}, {1, 0}},
                                    {{1, 1}, {1, 2}, {0, 3}, {1, 3}}}));  // the half turn
  // A figure without symmetry: its one dissection is a real puzzle.
  const Cells puzzle = parse_grid(".###.\n####.\n.###.\n.####\n");
  const DissectResult r = dissect(puzzle);
  REQUIRE(r.solutions.size() == 1);
  CHECK_FALSE(symmetric_dissection(puzzle, r.solutions[0]));
  // Symmetric figures: the 2 x 2 square in two dominoes (the half turn), the 2 x 3 rectangle
  // in three upright dominoes (the flip left to right swaps the end ones). But a T of six
  // squares, symmetric left to right, cut into an upright I and a lying one: a quarter turn
  // apart, which is no symmetry of the figure.
  CHECK(symmetric_dissection(parse_grid("##\n##\n"), {{{0, 0}, {0, 1}}, {{1, 0}, {1, 1}}}));
  CHECK(symmetric_dissection(parse_grid("###\n###\n"),
                             {{{0, 0}, {1, 0}}, {{0, 1}, {1, 1}}, {{0, 2}, {1, 2}}}));
  const Cells t = parse_grid(".#.\n.#.\n.#.\n###\n");
  CHECK(figure_symmetries(t).size() == 2);
  CHECK_FALSE(symmetric_dissection(t, {{{0, 1}, {1, 1}, {2, 1}}, {{3, 0}, {3, 1}, {3, 2}}}));
}

TEST_CASE("dissect: generated puzzles have exactly one dissection, by the oracle") {
  for (int variant = 0; variant < 3; ++variant)
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      GenerateConfig config;
      config.cells = 12;
      config.holes = variant == 1;
      config.from_square = variant == 2 ? 4 : 0;
      CAPTURE(variant);
      CAPTURE(seed);
      const std::optional<DissectionPuzzle> puzzle = generate_puzzle(config, seed);
      REQUIRE(puzzle);
      CHECK(puzzle->figure.size() == 12);
      CHECK(edge_connected(puzzle->figure));
      const std::set<Dissection> all = oracle(puzzle->figure, 2, true, false);
      REQUIRE(all.size() == 1);
      CHECK(*all.begin() == puzzle->solution);
      CHECK_FALSE(symmetric_dissection(puzzle->figure, puzzle->solution));
      CHECK(puzzle->attributes.x1 == 6);
      const std::optional<DissectionPuzzle> again = generate_puzzle(config, seed);
      REQUIRE(again);
      CHECK(again->figure == puzzle->figure);
      if (variant == 2)
        for (Cell c : puzzle->figure) CHECK((c.row >= 0 && c.row < 4 && c.col >= 0 && c.col < 4));
    }
  GenerateConfig three;
  three.parts = 3;
  three.cells = 9;
  const std::optional<DissectionPuzzle> puzzle = generate_puzzle(three, 7);
  REQUIRE(puzzle);
  CHECK(oracle(puzzle->figure, 3, true, false).size() == 1);
  three.cells = 10;
  CHECK_THROWS_AS(generate_puzzle(three, 7), UsageError);
}

TEST_CASE("dissect: a set of puzzles is the same with 1 thread or 2, distinct, each unique") {
  GenerateConfig config;
  config.cells = 12;
  PuzzleSet one, two;
  {
    ThreadLimit limit(1);
    one = generate_puzzles(config, 12, 5);
  }
  {
    ThreadLimit limit(2);
    std::size_t calls = 0;
    two = generate_puzzles(config, 12, 5, [&](const PuzzleSet&) { ++calls; });
    CHECK(calls >= 1);
  }
  REQUIRE(one.puzzles.size() == 12);
  REQUIRE(two.puzzles.size() == 12);
  CHECK(one.complete());
  CHECK(one.seeds == two.seeds);
  CHECK(one.candidates == two.candidates);
  std::set<Cells> shapes;
  for (std::size_t i = 0; i < 12; ++i) {
    CAPTURE(i);
    const DissectionPuzzle& p = one.puzzles[i];
    CHECK(p.figure == two.puzzles[i].figure);
    CHECK(p.solution == two.puzzles[i].solution);
    // Each is generate_puzzle's from its own seed, and one of the sequence's seeds.
    const std::optional<DissectionPuzzle> alone = generate_puzzle(config, p.seed);
    REQUIRE(alone);
    CHECK(alone->figure == p.figure);
    bool in_sequence = false;
    for (long k = 0; k < one.seeds; ++k) in_sequence |= puzzle_seed(5, k) == p.seed;
    CHECK(in_sequence);
    CHECK(oracle(p.figure, 2, true, false).size() == 1);
    Cells key = normalized(p.figure);
    for (int t = 1; t < 8; ++t) key = std::min(key, normalized(p.figure, t));
    CHECK(shapes.insert(key).second);  // no figure twice, even turned over
  }
  // Another seed, other puzzles.
  CHECK(generate_puzzles(config, 1, 6).puzzles[0].figure != one.puzzles[0].figure);
}

TEST_CASE("dissect: a bound on the figures tried stops a set, the same with 1 thread or 2") {
  GenerateConfig config;
  config.cells = 12;
  config.max_total_candidates = 60;
  PuzzleSet one, two;
  {
    ThreadLimit limit(1);
    one = generate_puzzles(config, 1000, 5);
  }
  {
    ThreadLimit limit(2);
    two = generate_puzzles(config, 1000, 5);
  }
  CHECK(one.stop == GenerateStop::candidates);
  CHECK_FALSE(one.complete());
  CHECK(one.candidates <= 60);
  CHECK(one.candidates == two.candidates);
  REQUIRE(one.puzzles.size() == two.puzzles.size());
  CHECK_FALSE(one.puzzles.empty());
  for (std::size_t i = 0; i < one.puzzles.size(); ++i)
    CHECK(one.puzzles[i].figure == two.puzzles[i].figure);
  // Unbounded, the same seeds give the same first puzzles.
  config.max_total_candidates = 0;
  const PuzzleSet free = generate_puzzles(config, one.puzzles.size(), 5);
  REQUIRE(free.puzzles.size() == one.puzzles.size());
  for (std::size_t i = 0; i < one.puzzles.size(); ++i)
    CHECK(free.puzzles[i].figure == one.puzzles[i].figure);
}

TEST_CASE("dissect: of the tetrominoes only the L is a puzzle (the S's halving is symmetric)") {
  // I, O and S halve only by their own symmetry (or in two ways), T not at all: the L (or its
  // mirror image, the same figure up to a reflection) is the one puzzle of 4 squares, and the
  // set stops after kMaxBarrenSeeds seeds without a new one.
  GenerateConfig config;
  config.cells = 4;
  config.max_candidates = 20;
  const PuzzleSet set = generate_puzzles(config, 3, 1);
  REQUIRE(set.puzzles.size() == 1);
  CHECK(set.stop == GenerateStop::barren);
  CHECK_FALSE(set.complete());
  CHECK(congruent(set.puzzles[0].figure, parse_grid("#.\n#.\n##\n")));
  CHECK(set.seeds >= kMaxBarrenSeeds);
}

TEST_CASE("dissect: min_difficulty1 keeps the harder puzzles only") {
  GenerateConfig config;
  config.cells = 16;
  const PuzzleSet all = generate_puzzles(config, 10, 3);
  double lowest = 1e9, highest = -1e9;
  for (const DissectionPuzzle& p : all.puzzles) {
    lowest = std::min(lowest, p.rating.difficulty1);
    highest = std::max(highest, p.rating.difficulty1);
  }
  REQUIRE(lowest < highest);
  config.min_difficulty1 = (lowest + highest) / 2;
  const PuzzleSet hard = generate_puzzles(config, 5, 3);
  REQUIRE(hard.puzzles.size() == 5);
  for (const DissectionPuzzle& p : hard.puzzles)
    CHECK(p.rating.difficulty1 >= config.min_difficulty1);
}

TEST_CASE("dissect: neighbouring seeds give unrelated figures, rarely the same puzzle") {
  // When the seed was the random state's plain multiple, seed s + 1 drew seed s's numbers less
  // the first, and 16 puzzles of 16 squares took 44 seeds (most repeats of earlier figures).
  GenerateConfig config;
  config.cells = 16;
  const PuzzleSet set = generate_puzzles(config, 16, 1);
  REQUIRE(set.puzzles.size() == 16);
  CHECK(set.seeds <= 20);
}

TEST_CASE("dissect: the checkerboard colour counts refuse figures without a dissection") {
  // The T tetromino has 3 squares of one colour and 1 of the other: no halving (two dominoes
  // would have 2 and 2).
  CHECK_FALSE(colour_counts_allow(parse_grid("###\n.#.\n"), 2));
  CHECK(colour_counts_allow(parse_grid("##\n##\n"), 2));
  CHECK(colour_counts_allow(parse_grid("##\n##\n"), 4));
  CHECK(colour_counts_allow(parse_grid("####\n"), 4));
  // A refusal is a proof: on random figures the oracle never finds a dissection that the
  // colours refuse, for K = 2, 3 and 4; and some figures are refused.
  std::mt19937 random(11);
  int refused = 0;
  for (int trial = 0; trial < 300; ++trial) {
    std::set<Cell> cells{{0, 0}};
    const int n = 4 + static_cast<int>(random() % 9);
    while (static_cast<int>(cells.size()) < n) {
      std::vector<Cell> around;
      for (Cell c : cells)
        for (Cell m : {Cell{c.row - 1, c.col}, Cell{c.row + 1, c.col}, Cell{c.row, c.col - 1},
                       Cell{c.row, c.col + 1}})
          if (!cells.count(m)) around.push_back(m);
      cells.insert(around[random() % around.size()]);
    }
    const Cells figure(cells.begin(), cells.end());
    for (int k : {2, 3, 4}) {
      if (n % k != 0 || colour_counts_allow(figure, k)) continue;
      ++refused;
      CAPTURE(grid_text(figure));
      CHECK(oracle(figure, k, true, false).empty());
    }
  }
  CHECK(refused > 20);
}

namespace {

/// Whether `figure` encloses a hole: an empty square of its box that no path of edge-adjacent
/// empty squares joins to the box's outside.
bool has_hole(const Cells& figure) {
  const std::set<Cell> in(figure.begin(), figure.end());
  int rows = 0, cols = 0;
  for (Cell c : figure) rows = std::max(rows, c.row + 1), cols = std::max(cols, c.col + 1);
  std::set<Cell> outside{{-1, -1}};
  std::vector<Cell> todo{{-1, -1}};
  while (!todo.empty()) {
    const Cell c = todo.back();
    todo.pop_back();
    for (Cell m : {Cell{c.row - 1, c.col}, Cell{c.row + 1, c.col}, Cell{c.row, c.col - 1},
                   Cell{c.row, c.col + 1}})
      if (m.row >= -1 && m.row <= rows && m.col >= -1 && m.col <= cols && !in.count(m) &&
          outside.insert(m).second)
        todo.push_back(m);
  }
  return outside.size() + figure.size() != static_cast<std::size_t>((rows + 2) * (cols + 2));
}

}  // namespace

TEST_CASE("dissect: generating with the halving method gives the puzzles ours and Kotani's give") {
  // The solver only decides which figures are kept: the same puzzles, candidates and seeds,
  // for each of the four generators.
  for (int variant = 0; variant < 4; ++variant) {
    GenerateConfig config;
    config.cells = 16;
    config.holes = variant == 1;
    config.from_square = variant == 2 ? 5 : 0;
    config.from_piece = variant == 3;
    CAPTURE(variant);
    config.method = DissectMethod::Halving;
    const PuzzleSet fast = generate_puzzles(config, 6, 2);
    REQUIRE(fast.puzzles.size() == 6);
    for (DissectMethod method : {DissectMethod::Ours, DissectMethod::Kotani}) {
      config.method = method;
      const PuzzleSet slow = generate_puzzles(config, 6, 2);
      CHECK(slow.candidates == fast.candidates);
      CHECK(slow.seeds == fast.seeds);
      REQUIRE(slow.puzzles.size() == 6);
      for (std::size_t i = 0; i < 6; ++i) {
        CHECK(slow.puzzles[i].figure == fast.puzzles[i].figure);
        CHECK(slow.puzzles[i].solution == fast.puzzles[i].solution);
      }
    }
  }
  GenerateConfig three;
  three.parts = 3;
  three.cells = 9;
  three.method = DissectMethod::Halving;
  CHECK_THROWS_AS(generate_puzzle(three, 1), UsageError);
  GenerateConfig both;
  both.from_piece = true;
  both.from_square = 4;
  CHECK_THROWS_AS(generate_puzzle(both, 1), UsageError);
}

TEST_CASE("dissect: our generator lays copies of one piece, each puzzle unique by the oracle") {
  for (bool holes : {false, true})
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      GenerateConfig config;
      config.cells = 12;
      config.from_piece = true;
      config.holes = holes;
      CAPTURE(holes);
      CAPTURE(seed);
      const std::optional<DissectionPuzzle> puzzle = generate_puzzle(config, seed);
      REQUIRE(puzzle);
      CHECK(puzzle->figure.size() == 12);
      CHECK(edge_connected(puzzle->figure));
      if (!holes) CHECK_FALSE(has_hole(puzzle->figure));
      const std::set<Dissection> all = oracle(puzzle->figure, 2, true, false);
      REQUIRE(all.size() == 1);
      CHECK(*all.begin() == puzzle->solution);
      CHECK_FALSE(symmetric_dissection(puzzle->figure, puzzle->solution));
      const std::optional<DissectionPuzzle> again = generate_puzzle(config, seed);
      REQUIRE(again);
      CHECK(again->figure == puzzle->figure);
    }
  // Holes allowed: some figures of 24 squares have them; without, none.
  GenerateConfig config;
  config.cells = 24;
  config.from_piece = true;
  config.holes = true;
  int with_holes = 0;
  for (const DissectionPuzzle& p : generate_puzzles(config, 60, 3).puzzles)
    with_holes += has_hole(p.figure) ? 1 : 0;
  CHECK(with_holes > 0);
  config.holes = false;
  for (const DissectionPuzzle& p : generate_puzzles(config, 60, 3).puzzles)
    CHECK_FALSE(has_hole(p.figure));
  // Without mirror images the copies are only turned; three pieces: unique by the oracle.
  config.cells = 12;
  config.mirror = false;
  const std::optional<DissectionPuzzle> turned = generate_puzzle(config, 4);
  REQUIRE(turned);
  CHECK(oracle(turned->figure, 2, false, false).size() == 1);
  GenerateConfig three;
  three.parts = 3;
  three.cells = 12;
  three.from_piece = true;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const std::optional<DissectionPuzzle> p = generate_puzzle(three, seed);
    REQUIRE(p);
    CHECK(oracle(p->figure, 3, true, false).size() == 1);
  }
}

TEST_CASE("dissect: our generator's sets are the same with 1 thread or 2, each halving unique") {
  // Larger figures, re-solved by both searches in full (not stopped at the second solution).
  GenerateConfig config;
  config.cells = 28;
  config.from_piece = true;
  PuzzleSet one, two;
  {
    ThreadLimit limit(1);
    one = generate_puzzles(config, 20, 8);
  }
  {
    ThreadLimit limit(2);
    two = generate_puzzles(config, 20, 8);
  }
  REQUIRE(one.puzzles.size() == 20);
  REQUIRE(two.puzzles.size() == 20);
  CHECK(one.candidates == two.candidates);
  for (std::size_t i = 0; i < 20; ++i) {
    CAPTURE(i);
    CHECK(one.puzzles[i].figure == two.puzzles[i].figure);
    const Cells& f = one.puzzles[i].figure;
    CHECK(f.size() == 28);
    CHECK(halvings(f, DissectMethod::Ours, true) == std::set<Dissection>{one.puzzles[i].solution});
    CHECK(halvings(f, DissectMethod::Halving, true) ==
          std::set<Dissection>{one.puzzles[i].solution});
  }
}

TEST_CASE("dissect: our generator with longest_contact lays the copy along the most edges") {
  GenerateConfig config;
  config.cells = 20;
  config.from_piece = true;
  config.longest_contact = true;
  const PuzzleSet tight = generate_puzzles(config, 12, 4);
  REQUIRE(tight.puzzles.size() == 12);
  double tight_cut = 0, loose_cut = 0;
  for (const DissectionPuzzle& p : tight.puzzles) {
    // The only dissection is the one laid: its cut is the most edges that any translation of
    // the second piece, as it lies, shares with the first without overlapping it.
    const std::set<Cell> first(p.solution[0].begin(), p.solution[0].end());
    const Cells shape = normalized(p.solution[1]);
    int most = 0;
    for (int dr = -12; dr <= 12; ++dr)
      for (int dc = -12; dc <= 12; ++dc) {
        int edges = 0;
        bool overlaps = false;
        for (Cell c : shape) {
          const Cell moved{c.row + dr, c.col + dc};
          overlaps |= first.count(moved) > 0;
          for (Cell m : {Cell{moved.row - 1, moved.col}, Cell{moved.row + 1, moved.col},
                         Cell{moved.row, moved.col - 1}, Cell{moved.row, moved.col + 1}})
            edges += static_cast<int>(first.count(m));
        }
        if (!overlaps) most = std::max(most, edges);
      }
    CAPTURE(grid_text(p.figure));
    CHECK(p.attributes.x3 == most);
    tight_cut += p.attributes.x3;
  }
  config.longest_contact = false;
  for (const DissectionPuzzle& p : generate_puzzles(config, 12, 4).puzzles)
    loose_cut += p.attributes.x3;
  CHECK(tight_cut > loose_cut);
  config.longest_contact = true;
  config.cells = 12;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const std::optional<DissectionPuzzle> p = generate_puzzle(config, seed);
    REQUIRE(p);
    CHECK(oracle(p->figure, 2, true, false).size() == 1);
  }
}
