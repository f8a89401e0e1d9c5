// The search on the unit grid (grid_search.hpp): polyomino configurations, figures read as
// cells, assembly counts against a slow enumeration of placement sets, and solve() on the
// pentomino rectangles.

#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "tangram/core/base/parallel.hpp"
#include "tangram/core/enumerate/grid_search.hpp"
#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/core/solve/solve.hpp"
#include "tangram/io/piece_sets.hpp"

using namespace tangram;

namespace {

using Clock = std::chrono::steady_clock;

/// A rows x cols block of unit cells at `unit` px per cell, with a margin, as a pattern; cells
/// listed in `holes` (row, col) are left out.
Pattern block(int rows, int cols, int unit, const std::vector<cv::Point>& holes = {}) {
  cv::Mat1b mask(rows * unit + 20, cols * unit + 20, uchar{0});
  mask(cv::Rect(10, 10, cols * unit, rows * unit)) = 255;
  for (const cv::Point& h : holes) mask(cv::Rect(10 + h.x * unit, 10 + h.y * unit, unit, unit)) = 0;
  return make_pattern(mask);
}

PieceSet polyominoes(const std::string& name, std::vector<PieceShape> shapes) {
  return PieceSet(name, std::move(shapes), 90.0);
}

PieceShape domino(int count) { return {"domino", {{0, 0}, {2, 0}, {2, 1}, {0, 1}}, count}; }

/// An assembly as the oracle sees it: each piece's shape and cells (row * cols + col), sorted.
using CellAssembly = std::vector<std::pair<std::size_t, std::vector<int>>>;

/// Slow reference: every set of placements (shape, configuration, offset) of the set's pieces,
/// chosen in increasing order of a fixed list, that covers the grid's cells exactly once; with
/// `use` Exact all pieces, Subset any of them, Copies any number of each shape.
std::vector<CellAssembly> assemblies_by_enumeration(
    const CellGrid& grid, const PieceSet& set,
    const std::vector<std::vector<GridConfiguration>>& configs, PieceUse use = PieceUse::Exact) {
  struct Placement {
    std::size_t shape;
    std::vector<int> cells;
  };
  std::vector<Placement> all;
  for (std::size_t s = 0; s < configs.size(); ++s)
    for (const GridConfiguration& g : configs[s])
      for (int y = -grid.rows; y < 2 * grid.rows; ++y)
        for (int x = -grid.cols; x < 2 * grid.cols; ++x) {
          Placement p{s, {}};
          bool inside = true;
          for (const cv::Point& d : g.cells) {
            const int cx = x + d.x, cy = y + d.y;
            if (cx < 0 || cy < 0 || cx >= grid.cols || cy >= grid.rows || !grid.cells(cy, cx)) {
              inside = false;
              break;
            }
            p.cells.push_back(cy * grid.cols + cx);
          }
          std::sort(p.cells.begin(), p.cells.end());
          if (inside) all.push_back(p);
        }
  std::vector<int> left;
  for (const PieceShape& shape : set.shapes())
    left.push_back(use == PieceUse::Copies ? 1 << 20 : shape.count);
  std::vector<int> covered(static_cast<std::size_t>(grid.rows * grid.cols), 0);
  const int puzzle = cv::countNonZero(grid.cells);
  std::vector<CellAssembly> found;
  CellAssembly chosen;
  std::function<void(std::size_t, int)> choose = [&](std::size_t from, int filled) {
    if (filled == puzzle) {
      bool all_used = true;
      for (int l : left) all_used = all_used && l == 0;
      if (use != PieceUse::Exact || all_used) {
        CellAssembly sorted = chosen;
        std::sort(sorted.begin(), sorted.end());
        found.push_back(sorted);
      }
      return;
    }
    for (std::size_t i = from; i < all.size(); ++i) {
      const Placement& p = all[i];
      if (left[p.shape] == 0) continue;
      bool free = true;
      for (int c : p.cells) free = free && !covered[static_cast<std::size_t>(c)];
      if (!free) continue;
      for (int c : p.cells) covered[static_cast<std::size_t>(c)] = 1;
      --left[p.shape];
      chosen.push_back({p.shape, p.cells});
      choose(i + 1, filled + static_cast<int>(p.cells.size()));
      chosen.pop_back();
      ++left[p.shape];
      for (int c : p.cells) covered[static_cast<std::size_t>(c)] = 0;
    }
  };
  choose(0, 0);
  return found;
}

long count_by_enumeration(const CellGrid& grid, const PieceSet& set,
                          const std::vector<std::vector<GridConfiguration>>& configs) {
  return static_cast<long>(assemblies_by_enumeration(grid, set, configs).size());
}

/// Slow reference for classes under the figure's symmetry: each assembly's images under the
/// eight symmetries of the square (of the rectangle when it is not square) that map the figure
/// onto itself, the least taken as its class; the number of distinct classes.
long classes_by_enumeration(const CellGrid& grid, const std::vector<CellAssembly>& assemblies,
                            bool reflections) {
  const int w = grid.cols, h = grid.rows;
  std::vector<std::function<cv::Point(cv::Point)>> maps = {
      [](cv::Point p) { return p; },
      [&](cv::Point p) { return cv::Point(w - 1 - p.x, h - 1 - p.y); }};
  if (reflections) {
    maps.push_back([&](cv::Point p) { return cv::Point(w - 1 - p.x, p.y); });
    maps.push_back([&](cv::Point p) { return cv::Point(p.x, h - 1 - p.y); });
  }
  if (w == h) {
    maps.push_back([&](cv::Point p) { return cv::Point(p.y, w - 1 - p.x); });
    maps.push_back([&](cv::Point p) { return cv::Point(h - 1 - p.y, p.x); });
    if (reflections) {
      maps.push_back([&](cv::Point p) { return cv::Point(p.y, p.x); });
      maps.push_back([&](cv::Point p) { return cv::Point(h - 1 - p.y, w - 1 - p.x); });
    }
  }
  std::vector<std::function<cv::Point(cv::Point)>> symmetries;
  for (const auto& m : maps) {
    bool onto = true;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const cv::Point q = m({x, y});
        onto = onto && grid.cells(y, x) == grid.cells(q.y, q.x);
      }
    if (onto) symmetries.push_back(m);
  }
  std::set<CellAssembly> classes;
  for (const CellAssembly& a : assemblies) {
    CellAssembly least;
    for (const auto& m : symmetries) {
      CellAssembly image;
      for (const auto& [shape, cells] : a) {
        std::vector<int> moved;
        for (const int c : cells) {
          const cv::Point q = m({c % w, c / w});
          moved.push_back(q.y * w + q.x);
        }
        std::sort(moved.begin(), moved.end());
        image.push_back({shape, moved});
      }
      std::sort(image.begin(), image.end());
      if (least.empty() || image < least) least = image;
    }
    classes.insert(least);
  }
  return static_cast<long>(classes.size());
}

Clock::time_point in_a_minute() { return Clock::now() + std::chrono::minutes(1); }

/// grid_search() for at most `max_solutions` assemblies within a minute.
GridSearchResult search_grid(const CellGrid& grid, const PieceSet& set,
                             const std::vector<std::vector<GridConfiguration>>& configs,
                             long max_solutions) {
  GridSearchConfig config;
  config.max_solutions = max_solutions;
  config.deadline = in_a_minute();
  return grid_search(grid, set, configs, config);
}

}  // namespace

TEST_CASE("grid configurations: the pentominoes' 63 one-sided orientations; not for the tangram") {
  const PieceSet pentominoes = builtin_piece_set("pentominoes").set;
  const auto configs = grid_configurations(pentominoes, true);
  REQUIRE(configs);
  std::map<std::string, std::size_t> count;
  std::size_t total = 0;
  for (std::size_t s = 0; s < configs->size(); ++s) {
    count[pentominoes.shape_name(static_cast<ShapeId>(s))] = (*configs)[s].size();
    total += (*configs)[s].size();
    for (const GridConfiguration& g : (*configs)[s]) {
      CHECK(g.cells.size() == 5);
      CHECK(g.cells.front() == cv::Point(0, 0));
    }
  }
  CHECK(total == 63);
  CHECK(count["X"] == 1);
  CHECK(count["I"] == 2);
  CHECK(count["F"] == 8);
  CHECK(count["T"] == 4);
  CHECK(count["Z"] == 4);
  // Without mirror images: X 1, I and Z 2 (half-turn symmetric), the 9 others 4 each.
  const auto one_sided = grid_configurations(pentominoes, false);
  REQUIRE(one_sided);
  std::size_t turns = 0;
  for (const auto& c : *one_sided) turns += c.size();
  CHECK(turns == 1 + 2 + 2 + 4 * 9);
  CHECK_FALSE(grid_configurations(PieceSet::tangram(), true));
  // A shape with a whole-number but slanted edge is not a polyomino.
  CHECK_FALSE(grid_configurations(
      polyominoes("slant", {PieceShape{"t", {{0, 0}, {2, 0}, {0, 2}}, 1}}), true));
}

TEST_CASE("cell grid: a figure on the unit grid is read as its cells; off-grid figures are not") {
  const PieceSet dominoes = polyominoes("dominoes", {domino(4)});
  const std::optional<CellGrid> grid = cell_grid(block(2, 4, 30), dominoes);
  REQUIRE(grid);
  CHECK(grid->rows == 2);
  CHECK(grid->cols == 4);
  CHECK(cv::countNonZero(grid->cells) == 8);
  CHECK(grid->origin.x == 10);
  CHECK(grid->unit_px.x == doctest::Approx(30));
  // A 3 x 3 block without its top-right cell is read cell by cell.
  const std::optional<CellGrid> l = cell_grid(block(3, 3, 24, {{2, 0}}), dominoes);
  REQUIRE(l);
  CHECK(l->cells(0, 2) == 0);
  CHECK(l->cells(2, 2) == 255);
  // Another area than the set's, and a notch of half a cell, are not on the grid.
  CHECK_FALSE(cell_grid(block(2, 5, 30), dominoes));
  cv::Mat1b notched(80, 140, uchar{0});
  notched(cv::Rect(10, 10, 120, 60)) = 255;
  notched(cv::Rect(10, 10, 6, 30)) = 0;  // a fifth of the top-left cell
  CHECK_FALSE(cell_grid(make_pattern(notched), dominoes));
}

TEST_CASE("grid search: assembly counts equal a slow enumeration of placement sets") {
  struct Case {
    const char* what;
    PieceSet set;
    Pattern pattern;
    long expected;  ///< known count, -1 = none known
  };
  const PieceShape l_tromino{"L", {{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}}, 4};
  const PieceShape square{"square", {{0, 0}, {2, 0}, {2, 2}, {0, 2}}, 1};
  std::vector<Case> cases;
  // Dominoes on a 2 x n board: Fibonacci numbers.
  const long fibonacci[] = {1, 2, 3, 5, 8, 13};
  for (int n = 1; n <= 6; ++n)
    cases.push_back(
        {"dominoes 2 x n", polyominoes("d", {domino(n)}), block(2, n, 30), fibonacci[n - 1]});
  cases.push_back({"L trominoes, 3 x 4", polyominoes("l", {l_tromino}), block(3, 4, 20), -1});
  cases.push_back({"a square and two dominoes, 2 x 4", polyominoes("s", {square, domino(2)}),
                   block(2, 4, 20), -1});
  cases.push_back(
      {"dominoes around a hole", polyominoes("h", {domino(4)}), block(3, 3, 20, {{1, 1}}), 2});
  for (const Case& c : cases) {
    CAPTURE(c.what);
    const auto configs = grid_configurations(c.set, true);
    REQUIRE(configs);
    const std::optional<CellGrid> grid = cell_grid(c.pattern, c.set);
    REQUIRE(grid);
    const GridSearchResult all = search_grid(*grid, c.set, *configs, 1'000'000);
    CHECK(all.exhausted);
    CHECK(all.solutions == count_by_enumeration(*grid, c.set, *configs));
    if (c.expected >= 0) CHECK(all.solutions == c.expected);
    if (all.solutions > 0) {
      // The first assembly, posed in pixels, passes the checker.
      const std::vector<PlacedPiece> pieces = grid_pieces(*grid, c.set, *configs, all.first);
      CHECK(verify_solution(c.pattern, pieces, c.set).valid);
    }
  }
}

TEST_CASE("grid search: the pentominoes' 3 x 20 rectangle has 2 assemblies up to symmetry") {
  const PieceSet pentominoes = builtin_piece_set("pentominoes").set;
  const auto configs = grid_configurations(pentominoes, true);
  REQUIRE(configs);
  const std::optional<CellGrid> grid = cell_grid(block(3, 20, 20), pentominoes);
  REQUIRE(grid);
  const GridSearchResult all = search_grid(*grid, pentominoes, *configs, 1'000'000);
  CHECK(all.exhausted);
  CHECK(all.solutions == 2 * 4);  // each with its mirror images and half turn
  const GridSearchResult first = search_grid(*grid, pentominoes, *configs, 1);
  CHECK(first.solutions == 1);
  CHECK_FALSE(first.exhausted);
  CHECK(first.first.size() == 12);
}

TEST_CASE("solve: pentomino rectangles are assembled on the unit grid and pass the checker") {
  const PieceSet pentominoes = builtin_piece_set("pentominoes").set;
  for (const cv::Size size : {cv::Size(10, 6), cv::Size(12, 5), cv::Size(15, 4), cv::Size(20, 3)}) {
    CAPTURE(size);
    const Pattern pattern = block(size.height, size.width, 24);
    SolverConfig config;
    config.pieces = pentominoes;
    config.search.rotation_auto = true;
    config.search.time_limit_s = 60.0;
    const Solution solution = solve(pattern, config);
    REQUIRE(solution.solved);
    CHECK(solution.stats.found_by == "grid");
    CHECK(solution.pieces.size() == 12);
    const VerifyReport report = verify_solution(pattern, solution.pieces, pentominoes);
    CHECK(report.valid);
    CHECK(report.metrics.coverage > 0.99);
  }
  // Without the grid search the raster search is used (and is slower; not timed here).
  SolverConfig off;
  off.pieces = pentominoes;
  off.search.grid_search = false;
  off.search.rotation_step_deg = 90.0;
  off.search.time_limit_s = 1.0;
  CHECK(solve(block(3, 20, 24), off).stats.found_by != "grid");
}

namespace {

/// All assemblies of the pentominoes on `pattern`, up to the figure's symmetry or not, with
/// `threads` worker threads, in the order reported.
struct Enumeration {
  GridSearchResult result;
  std::vector<std::vector<GridPlacement>> assemblies;
};

Enumeration enumerate(const Pattern& pattern, const PieceSet& set, bool up_to_symmetry, int threads,
                      PieceUse use = PieceUse::Exact) {
  const auto configs = grid_configurations(set, true);
  REQUIRE(configs);
  const std::optional<CellGrid> grid = cell_grid(pattern, set, use);
  REQUIRE(grid);
  GridSearchConfig config;
  config.max_solutions = 1'000'000;
  config.up_to_symmetry = up_to_symmetry;
  config.use = use;
  config.deadline = Clock::now() + std::chrono::minutes(5);
  ThreadLimit limit(threads);
  Enumeration out;
  out.result = grid_search(*grid, set, *configs, config, [&](const std::vector<GridPlacement>& a) {
    out.assemblies.push_back(a);
  });
  return out;
}

}  // namespace

TEST_CASE("grid search: the pentominoes' known counts, all and up to the figure's symmetry") {
  const PieceSet pentominoes = builtin_piece_set("pentominoes").set;
  struct Board {
    const char* what;
    Pattern pattern;
    long all, up_to_symmetry;
  };
  const std::vector<Board> boards = {
      {"3 x 20", block(3, 20, 8), 8, 2},
      {"8 x 8 without its middle 2 x 2", block(8, 8, 8, {{3, 3}, {3, 4}, {4, 3}, {4, 4}}), 520, 65},
      {"4 x 15", block(4, 15, 8), 1472, 368},
  };
  for (const Board& b : boards) {
    CAPTURE(b.what);
    const Enumeration all = enumerate(b.pattern, pentominoes, false, 2);
    CHECK(all.result.exhausted);
    CHECK(all.result.solutions == b.all);
    CHECK(static_cast<long>(all.assemblies.size()) == b.all);
    const Enumeration classes = enumerate(b.pattern, pentominoes, true, 2);
    CHECK(classes.result.exhausted);
    CHECK(classes.result.solutions == b.up_to_symmetry);
  }
}

TEST_CASE("grid search: the same assemblies in the same order with one thread or two") {
  const PieceSet pentominoes = builtin_piece_set("pentominoes").set;
  const Pattern board = block(4, 15, 8);
  const Enumeration one = enumerate(board, pentominoes, true, 1);
  const Enumeration two = enumerate(board, pentominoes, true, 2);
  REQUIRE(one.assemblies.size() == two.assemblies.size());
  bool same = true;
  for (std::size_t i = 0; i < one.assemblies.size(); ++i)
    for (std::size_t k = 0; k < one.assemblies[i].size(); ++k) {
      const GridPlacement &a = one.assemblies[i][k], &b = two.assemblies[i][k];
      same = same && a.shape == b.shape && a.config == b.config && a.cell == b.cell;
    }
  CHECK(same);
}

namespace {

/// A T tetromino, two L trominoes, two dominoes and two monominoes: small enough for the slow
/// references, varied enough for copies, subsets and symmetry classes.
PieceSet mixed_polyominoes() {
  const PieceShape monomino{"mono", {{0, 0}, {1, 0}, {1, 1}, {0, 1}}, 2};
  const PieceShape bar{"bar", {{0, 0}, {2, 0}, {2, 1}, {0, 1}}, 2};
  const PieceShape l_tromino{"L", {{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}}, 2};
  const PieceShape tetromino_t{
      "T", {{0, 0}, {3, 0}, {3, 1}, {2, 1}, {2, 2}, {1, 2}, {1, 1}, {0, 1}}, 1};
  return polyominoes("mixed", {tetromino_t, l_tromino, bar, monomino});
}

}  // namespace

TEST_CASE("grid search: subsets, copies and classes under symmetry equal the slow references") {
  const PieceSet set = mixed_polyominoes();
  const auto configs = grid_configurations(set, true);
  REQUIRE(configs);
  struct Case {
    const char* what;
    Pattern pattern;
    PieceUse use;
  };
  const std::vector<Case> cases = {
      {"3 x 3, subset", block(3, 3, 20), PieceUse::Subset},
      {"3 x 4, subset", block(3, 4, 20), PieceUse::Subset},
      {"4 x 4 without a corner, subset", block(4, 4, 20, {{0, 0}}), PieceUse::Subset},
      {"2 x 4, copies", block(2, 4, 20), PieceUse::Copies},
      {"3 x 3, copies", block(3, 3, 20), PieceUse::Copies},
      {"3 x 3 without its middle, copies", block(3, 3, 20, {{1, 1}}), PieceUse::Copies},
  };
  for (const Case& c : cases) {
    CAPTURE(c.what);
    const double area = cv::countNonZero(c.pattern.puzzle) / 400.0;
    const std::optional<CellGrid> grid = cell_grid(c.pattern, set, c.use, 20.0);
    REQUIRE(grid);
    CHECK(cv::countNonZero(grid->cells) == static_cast<int>(std::lround(area)));
    const std::vector<CellAssembly> slow = assemblies_by_enumeration(*grid, set, *configs, c.use);
    REQUIRE(!slow.empty());
    for (const bool symmetric : {false, true}) {
      CAPTURE(symmetric);
      GridSearchConfig config;
      config.max_solutions = 1'000'000;
      config.use = c.use;
      config.up_to_symmetry = symmetric;
      config.deadline = in_a_minute();
      std::vector<std::vector<GridPlacement>> found;
      const GridSearchResult result =
          grid_search(*grid, set, *configs, config,
                      [&](const std::vector<GridPlacement>& a) { found.push_back(a); });
      CHECK(result.exhausted);
      CHECK(result.solutions == static_cast<long>(found.size()));
      const long expected =
          symmetric ? classes_by_enumeration(*grid, slow, true) : static_cast<long>(slow.size());
      CHECK(result.solutions == expected);
      // Every assembly reported covers the figure once, with the pieces the use allows.
      for (const std::vector<GridPlacement>& a : found) {
        cv::Mat1i count(grid->rows, grid->cols, 0);
        std::vector<int> used(set.shape_count(), 0);
        for (const GridPlacement& p : a) {
          ++used[static_cast<std::size_t>(p.shape)];
          for (const cv::Point& d :
               (*configs)[static_cast<std::size_t>(p.shape)][static_cast<std::size_t>(p.config)]
                   .cells)
            ++count(p.cell.y + d.y, p.cell.x + d.x);
        }
        bool once = true;
        for (int y = 0; y < grid->rows; ++y)
          for (int x = 0; x < grid->cols; ++x)
            once = once && count(y, x) == (grid->cells(y, x) ? 1 : 0);
        CHECK(once);
        if (c.use == PieceUse::Subset)
          for (std::size_t s = 0; s < used.size(); ++s)
            CHECK(used[s] <= set.shape(static_cast<ShapeId>(s)).count);
      }
    }
  }
}

TEST_CASE(
    "grid search: a cut keeps the first assemblies of the full order; a stop or a deadline ends "
    "it") {
  const PieceSet pentominoes = builtin_piece_set("pentominoes").set;
  const Pattern board = block(8, 8, 8, {{3, 3}, {3, 4}, {4, 3}, {4, 4}});
  const Enumeration all = enumerate(board, pentominoes, false, 2);
  const auto configs = grid_configurations(pentominoes, true);
  const std::optional<CellGrid> grid = cell_grid(board, pentominoes);
  REQUIRE(grid);
  for (const long cut : {1L, 7L, 100L}) {
    CAPTURE(cut);
    GridSearchConfig config;
    config.max_solutions = cut;
    ThreadLimit limit(2);
    std::vector<std::vector<GridPlacement>> first;
    const GridSearchResult r =
        grid_search(*grid, pentominoes, *configs, config,
                    [&](const std::vector<GridPlacement>& a) { first.push_back(a); });
    CHECK_FALSE(r.exhausted);
    REQUIRE(static_cast<long>(first.size()) == cut);
    bool same = true;
    for (std::size_t i = 0; i < first.size(); ++i)
      for (std::size_t k = 0; k < first[i].size(); ++k)
        same = same && first[i][k].cell == all.assemblies[i][k].cell &&
               first[i][k].config == all.assemblies[i][k].config;
    CHECK(same);
  }
  std::atomic<bool> stop{true};
  GridSearchConfig stopped;
  stopped.max_solutions = 1'000'000;
  stopped.stop = &stop;
  const GridSearchResult interrupted = grid_search(*grid, pentominoes, *configs, stopped);
  CHECK(interrupted.interrupted);
  CHECK_FALSE(interrupted.exhausted);
  CHECK(interrupted.solutions < 520);
  GridSearchConfig late;
  late.max_solutions = 1'000'000;
  late.deadline = Clock::now();
  const GridSearchResult timed_out = grid_search(*grid, pentominoes, *configs, late);
  CHECK(timed_out.timed_out);
  CHECK_FALSE(timed_out.exhausted);
}

TEST_CASE(
    "grid search: a class searched once and its images made equal the slow references, "
    "assembly by assembly") {
  // Every piece used once or more, one shape of a single copy: the search keeps that shape to
  // one move per orbit of the figure's symmetries and makes the other assemblies as images.
  const PieceSet set = mixed_polyominoes();
  const auto configs = grid_configurations(set, true);
  REQUIRE(configs);
  struct Case {
    const char* what;
    Pattern pattern;
  };
  const std::vector<Case> cases = {
      {"4 x 4 (8 symmetries)", block(4, 4, 20)},
      {"2 x 8 (4 symmetries)", block(2, 8, 20)},
      {"6 x 3 less its middle's two cells (4 symmetries)", block(3, 6, 20, {{2, 1}, {3, 1}})},
      {"3 x 6 less two corners (2 symmetries)", block(3, 6, 20, {{0, 0}, {5, 2}})},
  };
  for (const Case& c : cases) {
    CAPTURE(c.what);
    const std::optional<CellGrid> grid = cell_grid(c.pattern, set);
    REQUIRE(grid);
    const std::vector<CellAssembly> slow = assemblies_by_enumeration(*grid, set, *configs);
    REQUIRE(!slow.empty());
    for (const bool symmetric : {false, true})
      for (const int threads : {1, 2}) {
        CAPTURE(symmetric);
        CAPTURE(threads);
        GridSearchConfig config;
        config.max_solutions = 1'000'000;
        config.up_to_symmetry = symmetric;
        config.deadline = in_a_minute();
        ThreadLimit limit(threads);
        std::vector<CellAssembly> found;
        const GridSearchResult result =
            grid_search(*grid, set, *configs, config, [&](const std::vector<GridPlacement>& a) {
              CellAssembly cells;
              for (const GridPlacement& p : a) {
                std::vector<int> covered;
                for (const cv::Point& d : (*configs)[static_cast<std::size_t>(p.shape)]
                                                    [static_cast<std::size_t>(p.config)]
                                                        .cells)
                  covered.push_back((p.cell.y + d.y) * grid->cols + p.cell.x + d.x);
                std::sort(covered.begin(), covered.end());
                cells.push_back({static_cast<std::size_t>(p.shape), covered});
              }
              std::sort(cells.begin(), cells.end());
              found.push_back(cells);
            });
        CHECK(result.exhausted);
        CHECK(result.solutions == static_cast<long>(found.size()));
        std::set<CellAssembly> distinct(found.begin(), found.end());
        CHECK(distinct.size() == found.size());
        if (!symmetric) {
          CHECK(distinct == std::set<CellAssembly>(slow.begin(), slow.end()));
        } else {
          CHECK(result.solutions == classes_by_enumeration(*grid, slow, true));
          // The classes' least images make the same classes as the slow reference's.
          CHECK(classes_by_enumeration(*grid, found, true) == result.solutions);
        }
      }
  }
}
