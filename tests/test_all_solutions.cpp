// Every assembly of a figure (all_solutions.hpp): what is refused, the assemblies posed in
// pixels pass the checker, and the sets of a subset's or copies' assemblies.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>
#include <utility>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "checks.hpp"
#include "patterns.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/core/base/parallel.hpp"
#include "tangram/core/enumerate/all_solutions.hpp"
#include "tangram/core/enumerate/lattice_search.hpp"
#include "tangram/core/geometry/geometry.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/core/solve/solve.hpp"
#include "tangram/io/piece_sets.hpp"

using namespace tangram;

namespace {

/// The cells (row, col) of a rows x cols grid at `unit` px per cell with a 10 px margin.
Pattern cells_pattern(int rows, int cols, int unit, const std::vector<cv::Point>& cells) {
  cv::Mat1b mask(rows * unit + 20, cols * unit + 20, uchar{0});
  for (const cv::Point& c : cells)
    mask(cv::Rect(10 + c.y * unit, 10 + c.x * unit, unit, unit)) = 255;
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

TEST_CASE("all solutions: refused for figures on no grid or lattice, a missing area") {
  SolverConfig tangram;
  // A disc lies on no lattice.
  cv::Mat1b disc(240, 240, uchar{0});
  cv::circle(disc, {120, 120}, 110, cv::Scalar(255), cv::FILLED);
  const Pattern round = make_pattern(disc);
  const auto refusal = enumeration_refusal(round, tangram, {});
  REQUIRE(refusal);
  CHECK(test::contains(*refusal, "lattice"));
  CHECK_THROWS_AS(enumerate_assemblies(round, tangram, {}, {}), UsageError);

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
  const Enumeration e = enumerate_assemblies(
      board, config, {}, [&](const std::vector<PlacedPiece>& pieces) { found.push_back(pieces); });
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
  const Enumeration e = enumerate_assemblies(
      staircase, config, subset,
      [&](const std::vector<PlacedPiece>& pieces) { found.push_back(pieces); });
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
  // The one chosen, as solutions: drawn in the set's pieces, documented in those it uses.
  const ChosenAssembly chosen =
      chosen_assembly(staircase, config.pieces, found.front(), e, PieceUse::Subset);
  CHECK(chosen.drawn.solved);
  CHECK(chosen.drawn.pieces.size() == 11);
  CHECK(chosen.drawn.stats.placements_tried == e.nodes);
  CHECK(chosen.drawn.stats.coverage == doctest::Approx(1.0).epsilon(0.01));
  CHECK(chosen.used_set.name() == "pentominoes-subset");
  CHECK(verify_solution(staircase, chosen.documented.pieces, chosen.used_set).valid);
  CHECK(chosen.documented.stats.coverage == chosen.drawn.stats.coverage);
  const ChosenAssembly none = chosen_assembly(staircase, config.pieces, {}, e, PieceUse::Subset);
  CHECK_FALSE(none.drawn.solved);
  CHECK_FALSE(none.documented.solved);
  CHECK(none.used_set.name() == "pentominoes");
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

TEST_CASE("all solutions: a turned figure's assemblies are fitted as the lattice stage's answer") {
  // The lattice is placed by the figure's box; placed so, these four covered 0.9918.
  const Pattern figure = test::mask_pattern("29-page3-61-rotated.png");
  SolverConfig config;
  config.search.rotation_auto = true;
  std::vector<std::vector<PlacedPiece>> found;
  const Enumeration e = enumerate_assemblies(
      figure, config, {}, [&](const std::vector<PlacedPiece>& p) { found.push_back(p); });
  CHECK(e.method == "lattice");
  REQUIRE(found.size() == 4);
  for (const std::vector<PlacedPiece>& pieces : found) {
    CHECK(verify_solution(figure, pieces, config.pieces).valid);
    const AreaMetrics m = measure_areas(figure, pieces);
    CHECK(m.coverage > 0.995);
    CHECK(m.overlap < 1e-4);
  }
  // The answer of a solve, from the lattice stage, is placed alike.
  const Solution solved = solve(figure, config);
  REQUIRE(solved.solved);
  CHECK(solved.stats.found_by == "lattice");
  CHECK(measure_areas(figure, solved.pieces).coverage ==
        doctest::Approx(measure_areas(figure, found[0]).coverage).epsilon(1e-4));
  // Without the snap, none is fitted.
  config.search.snap = false;
  std::vector<PlacedPiece> unfitted;
  enumerate_assemblies(figure, config, {}, [&](const std::vector<PlacedPiece>& p) {
    if (unfitted.empty()) unfitted = p;
  });
  CHECK(measure_areas(figure, unfitted).coverage < 0.993);
}

TEST_CASE("all solutions: the Tangram square on its lattice, 8 assemblies, one up to symmetry") {
  SolverConfig tangram;
  tangram.search.rotation_auto = true;
  const Pattern square = rectangle(1, 1, 240);
  std::vector<std::vector<PlacedPiece>> found;
  const Enumeration e = enumerate_assemblies(
      square, tangram, {}, [&](const std::vector<PlacedPiece>& p) { found.push_back(p); });
  CHECK(e.method == "lattice");
  CHECK(e.lattice_step == doctest::Approx(0.25));
  CHECK(e.exhausted);
  // The square's one assembly under its eight symmetries (the two large and the two small
  // triangles are never swapped).
  CHECK(e.solutions == 8);
  REQUIRE(found.size() == 8);
  for (const std::vector<PlacedPiece>& pieces : found)
    CHECK(verify_solution(square, pieces, tangram.pieces).valid);
  EnumerationConfig classes;
  classes.up_to_symmetry = true;
  const Enumeration one = enumerate_assemblies(square, tangram, classes, {});
  CHECK(one.solutions == 1);
  CHECK(one.symmetries == 8);
}

TEST_CASE(
    "all solutions: half squares on a 2 x 2 square equal a count by hand, all and up to symmetry") {
  // Eight copies of the right triangle with legs 1: each unit cell is cut by one of its two
  // diagonals, 2^4 ways.
  SolverConfig config;
  config.pieces = PieceSet("halves", {PieceShape{"half", {{0, 0}, {1, 0}, {0, 1}}, 8}}, 90.0);
  config.search.rotation_auto = false;
  config.search.rotation_step_deg = 90.0;
  const Pattern square = rectangle(1, 1, 240);
  std::vector<std::vector<PlacedPiece>> found;
  const Enumeration e = enumerate_assemblies(
      square, config, {}, [&](const std::vector<PlacedPiece>& p) { found.push_back(p); });
  CHECK(e.method == "lattice");
  CHECK(e.exhausted);
  CHECK(e.solutions == 16);
  for (const std::vector<PlacedPiece>& pieces : found)
    CHECK(verify_solution(square, pieces, config.pieces).valid);
  // By hand: a cut per cell, '\\' (0) or '/' (1), cells (row, col) as bits r * 2 + c. Quarter
  // turns and the mirrors in the axes swap the two cuts; the half turn and the diagonal
  // mirrors keep them.
  const auto image = [](int cuts, int t) {
    int out = 0;
    for (int r = 0; r < 2; ++r)
      for (int c = 0; c < 2; ++c) {
        int cut = (cuts >> (r * 2 + c)) & 1, rr = r, cc = c;
        switch (t) {
          case 1:
            rr = c;
            cc = 1 - r;
            cut ^= 1;
            break;  // quarter turn
          case 2:
            rr = 1 - r;
            cc = 1 - c;
            break;  // half turn
          case 3:
            rr = 1 - c;
            cc = r;
            cut ^= 1;
            break;  // three quarters
          case 4:
            cc = 1 - c;
            cut ^= 1;
            break;  // mirror left-right
          case 5:
            rr = 1 - r;
            cut ^= 1;
            break;  // mirror top-bottom
          case 6:
            rr = c;
            cc = r;
            break;  // main diagonal
          case 7:
            rr = 1 - c;
            cc = 1 - r;
            break;  // other diagonal
          default: break;
        }
        out |= cut << (rr * 2 + cc);
      }
    return out;
  };
  std::set<int> classes;
  for (int cuts = 0; cuts < 16; ++cuts) {
    int least = cuts;
    for (int t = 1; t < 8; ++t) least = std::min(least, image(cuts, t));
    classes.insert(least);
  }
  EnumerationConfig up_to;
  up_to.up_to_symmetry = true;
  const Enumeration c = enumerate_assemblies(square, config, up_to, {});
  CHECK(c.symmetries == 8);
  CHECK(c.solutions == static_cast<long>(classes.size()));
}

TEST_CASE(
    "solve: a figure on the set's lattice is solved there, exactly; off it the raster search goes "
    "on" *
    doctest::test_suite("slow")) {
  SolverConfig tangram;
  tangram.search.rotation_auto = true;
  tangram.search.time_limit_s = 60.0;
  const Pattern square = rectangle(1, 1, 240);
  const Solution solution = solve(square, tangram);
  REQUIRE(solution.solved);
  CHECK(solution.stats.found_by == "lattice");
  CHECK(verify_solution(square, solution.pieces, tangram.pieces).valid);
  // Off: the raster search.
  SolverConfig raster = tangram;
  raster.search.grid_search = false;
  CHECK(solve(square, raster).stats.found_by != "lattice");
  // A 7 x 9 rectangle: its box is no whole number of quarters of the square's side.
  cv::Mat1b oblong(300, 260, uchar{0});
  oblong(cv::Rect(20, 20, 210, 270)) = 255;
  SolverConfig brief = tangram;
  brief.search.time_limit_s = 1.0;
  CHECK(solve(make_pattern(oblong), brief).stats.found_by != "lattice");
}

TEST_CASE("all solutions: no two assemblies found are the same pieces at the same poses") {
  // Two of the Tangram figures of masks/ on the lattice (14 and 11 assemblies), and the 3 x 20
  // rectangle's 8: each pair differs by more than a pixel or a degree in some piece, pieces
  // matched by shape and position (so that swapped copies would count as the same).
  SolverConfig tangram;
  tangram.search.rotation_auto = true;
  const std::vector<std::pair<Pattern, SolverConfig>> figures = {
      {test::mask_pattern("12-page1-105.png"), tangram},
      {test::mask_pattern("06-page7-107.png"), tangram},
      {rectangle(3, 20, 20), pentominoes()}};
  for (const auto& figure : figures) {
    const Pattern& pattern = figure.first;
    const SolverConfig& config = figure.second;
    std::vector<std::vector<PlacedPiece>> found;
    const Enumeration e = enumerate_assemblies(
        pattern, config, {}, [&](const std::vector<PlacedPiece>& p) { found.push_back(p); });
    REQUIRE(e.exhausted);
    REQUIRE(found.size() >= 8);
    const auto same_pose = [&config](const PlacedPiece& a, const PlacedPiece& b) {
      return a.shape == b.shape &&
             std::hypot(a.pose.centre.x - b.pose.centre.x, a.pose.centre.y - b.pose.centre.y) <
                 1.0 &&
             a.pose.reflected == b.pose.reflected &&
             std::abs(std::remainder(a.pose.angle_deg - b.pose.angle_deg,
                                     config.pieces.rotation_period_deg(a.shape))) < 1.0;
    };
    long same = 0;
    for (std::size_t i = 0; i < found.size(); ++i)
      for (std::size_t j = i + 1; j < found.size(); ++j) {
        bool all_matched = found[i].size() == found[j].size();
        for (const PlacedPiece& a : found[i]) {
          bool matched = false;
          for (const PlacedPiece& b : found[j]) matched = matched || same_pose(a, b);
          all_matched = all_matched && matched;
        }
        same += all_matched ? 1 : 0;
      }
    CHECK(same == 0);
  }
}

TEST_CASE(
    "all solutions: a figure that would need too many placements is refused, not enumerated") {
  // 260 x 260 cells of 2 px with copies of the pentominoes: 67600 cells times 63 orientations.
  cv::Mat1b mask(540, 540, uchar{0});
  mask(cv::Rect(10, 10, 520, 520)) = 255;
  EnumerationConfig copies;
  copies.use = PieceUse::Copies;
  copies.figure_area = 260.0 * 260.0;
  const auto refusal = enumeration_refusal(make_pattern(mask), pentominoes(), copies);
  REQUIRE(refusal);
  CHECK(test::contains(*refusal, "too many cells"));
  // A tenth of it each way is enumerated.
  copies.figure_area = 26.0 * 26.0;
  CHECK_FALSE(enumeration_refusal(make_pattern(mask), pentominoes(), copies));
}

namespace {

/// An assembly on the lattice as the oracle sees it: each piece's shape and corners (lattice
/// points), sorted.
using Corners = std::vector<std::pair<int, int>>;  ///< (x, y)
using LatticeAssembly = std::vector<std::pair<int, Corners>>;

LatticeAssembly sorted_assembly(LatticeAssembly a) {
  for (auto& piece : a) std::sort(piece.second.begin(), piece.second.end());
  std::sort(a.begin(), a.end());
  return a;
}

/// A lattice placement's corners.
Corners placed_corners(const LatticeFigure& figure, const LatticePlacement& p) {
  Corners corners;
  for (const cv::Point& c :
       figure.configs[static_cast<std::size_t>(p.shape)][static_cast<std::size_t>(p.config)]
           .corners)
    corners.emplace_back(c.x + p.at.x, c.y + p.at.y);
  return corners;
}

/// Slow reference for a rectangle of figure.cols x figure.rows steps: every set of placements
/// (each shape's lattice configurations at every offset in the box), chosen in increasing order
/// of a fixed list, that uses each shape its count of times with no two pieces overlapping
/// (their areas then fill the box: the set's area is the figure's).
std::set<LatticeAssembly> lattice_oracle(const LatticeFigure& figure, const PieceSet& set) {
  struct Placement {
    int shape;
    Corners corners;
    Polygon outline;
  };
  std::vector<Placement> all;
  for (std::size_t s = 0; s < figure.configs.size(); ++s)
    for (std::size_t c = 0; c < figure.configs[s].size(); ++c) {
      const LatticeConfiguration& lc = figure.configs[s][c];
      for (int j = 0; j + lc.size.height <= figure.rows; ++j)
        for (int i = 0; i + lc.size.width <= figure.cols; ++i) {
          Placement p{
              static_cast<int>(s),
              placed_corners(figure, {static_cast<ShapeId>(s), static_cast<int>(c), {i, j}}),
              {}};
          for (const auto& [x, y] : p.corners) p.outline.push_back({double(x), double(y)});
          all.push_back(p);
        }
    }
  // Whether each two placements overlap, computed once.
  std::vector<std::vector<char>> overlap(all.size(), std::vector<char>(all.size(), 0));
  for (std::size_t i = 0; i < all.size(); ++i)
    for (std::size_t k = 0; k < i; ++k)
      overlap[i][k] = overlap[k][i] = overlap_area(all[i].outline, all[k].outline) > 1e-9;
  std::vector<int> left;
  for (const PieceShape& shape : set.shapes()) left.push_back(shape.count);
  std::set<LatticeAssembly> found;
  std::vector<std::size_t> chosen;
  std::function<void(std::size_t)> choose = [&](std::size_t from) {
    if (std::all_of(left.begin(), left.end(), [](int l) { return l == 0; })) {
      LatticeAssembly a;
      double covered = 0.0;
      for (const std::size_t i : chosen) {
        a.push_back({all[i].shape, all[i].corners});
        covered += area(all[i].outline);
      }
      CHECK(covered == doctest::Approx(double(figure.cols) * figure.rows));
      found.insert(sorted_assembly(a));
      return;
    }
    for (std::size_t i = from; i < all.size(); ++i) {
      if (left[static_cast<std::size_t>(all[i].shape)] == 0) continue;
      bool apart = true;
      for (const std::size_t k : chosen) apart = apart && !overlap[i][k];
      if (!apart) continue;
      --left[static_cast<std::size_t>(all[i].shape)];
      chosen.push_back(i);
      choose(i + 1);
      chosen.pop_back();
      ++left[static_cast<std::size_t>(all[i].shape)];
    }
  };
  choose(0);
  return found;
}

/// The classes of `assemblies` under the symmetries of a cols x rows box (mirror images
/// included): each assembly's least image.
std::set<LatticeAssembly> lattice_classes(const std::set<LatticeAssembly>& assemblies, int cols,
                                          int rows) {
  std::vector<std::function<cv::Point(cv::Point)>> maps = {
      [](cv::Point p) { return p; }, [&](cv::Point p) { return cv::Point(cols - p.x, rows - p.y); },
      [&](cv::Point p) { return cv::Point(cols - p.x, p.y); },
      [&](cv::Point p) { return cv::Point(p.x, rows - p.y); }};
  if (cols == rows)
    maps.insert(maps.end(), {[&](cv::Point p) { return cv::Point(p.y, p.x); },
                             [&](cv::Point p) { return cv::Point(rows - p.y, cols - p.x); },
                             [&](cv::Point p) { return cv::Point(p.y, cols - p.x); },
                             [&](cv::Point p) { return cv::Point(rows - p.y, p.x); }});
  std::set<LatticeAssembly> classes;
  for (const LatticeAssembly& a : assemblies) {
    LatticeAssembly least = a;
    for (const auto& map : maps) {
      LatticeAssembly image = a;
      for (auto& piece : image)
        for (auto& [x, y] : piece.second) {
          const cv::Point q = map({x, y});
          x = q.x;
          y = q.y;
        }
      least = std::min(least, sorted_assembly(image));
    }
    classes.insert(least);
  }
  return classes;
}

}  // namespace

TEST_CASE("lattice search: small rectangles' assemblies and classes equal a brute-force oracle") {
  // Triangles, squares and a parallelogram (not its own mirror image) on the unit lattice, one
  // copy of some shapes (the search then cuts one to a representative per class) and several
  // of others; with one thread and two.
  const PieceShape big{"big", {{0, 0}, {2, 0}, {0, 2}}, 1};
  const PieceShape half{"half", {{0, 0}, {1, 0}, {0, 1}}, 4};
  const PieceShape para{"para", {{0, 0}, {1, 0}, {2, 1}, {1, 1}}, 1};
  const auto squares = [](int n) {
    return PieceShape{"square", {{0, 0}, {1, 0}, {1, 1}, {0, 1}}, n};
  };
  const auto halves = [&](int n) { return PieceShape{"half", half.outline, n}; };
  struct Case {
    const char* what;
    int rows, cols;
    PieceSet set;
  };
  const std::vector<Case> cases = {
      {"2 x 2", 2, 2, PieceSet("a", {big, halves(2), squares(1)}, 90.0)},
      {"2 x 3", 2, 3, PieceSet("b", {big, halves(4), squares(2)}, 90.0)},
      {"3 x 3", 3, 3, PieceSet("c", {big, para, halves(4), squares(4)}, 90.0)},
  };
  for (const Case& c : cases) {
    CAPTURE(c.what);
    const Pattern pattern = rectangle(c.rows, c.cols, 40);
    const double unit_px = c.set.unit_px(pattern.side_px);
    const std::optional<LatticeFigure> figure = lattice_figure(pattern, c.set, true, unit_px);
    REQUIRE(figure);
    REQUIRE(figure->cols == c.cols);
    REQUIRE(figure->rows == c.rows);
    const std::set<LatticeAssembly> slow = lattice_oracle(*figure, c.set);
    REQUIRE(!slow.empty());
    const std::set<LatticeAssembly> slow_classes = lattice_classes(slow, c.cols, c.rows);
    for (const bool up_to_symmetry : {false, true})
      for (const int threads : {1, 2}) {
        CAPTURE(up_to_symmetry);
        CAPTURE(threads);
        ThreadLimit limit(threads);
        GridSearchConfig config;
        config.max_solutions = 1'000'000;
        config.up_to_symmetry = up_to_symmetry;
        std::vector<LatticeAssembly> found;
        const LatticeSearchResult result = lattice_search(
            pattern, *figure, c.set, config, [&](const std::vector<LatticePlacement>& a) {
              LatticeAssembly assembly;
              for (const LatticePlacement& p : a)
                assembly.push_back({static_cast<int>(p.shape), placed_corners(*figure, p)});
              found.push_back(sorted_assembly(assembly));
            });
        CHECK(result.exhausted);
        CHECK(result.solutions == static_cast<long>(found.size()));
        const std::set<LatticeAssembly> distinct(found.begin(), found.end());
        CHECK(distinct.size() == found.size());
        if (up_to_symmetry) {
          CHECK(distinct.size() == slow_classes.size());
          CHECK(lattice_classes(distinct, c.cols, c.rows) == slow_classes);
        } else {
          CHECK(distinct == slow);
        }
      }
  }
}

namespace {

/// The cover problem of a rows x cols board (point r * cols + c) by shapes given as cells (row,
/// col), each at every translation and quarter turn, with `counts` copies.
CoverProblem board_problem(int rows, int cols, const std::vector<std::vector<cv::Point>>& shapes,
                           const std::vector<int>& counts, CoverChoice choice) {
  CoverProblem problem;
  problem.points = rows * cols;
  problem.counts = counts;
  problem.choice = choice;
  for (std::size_t s = 0; s < shapes.size(); ++s) {
    problem.order.push_back(static_cast<ShapeId>(s));
    std::set<std::vector<int>> seen;
    std::vector<cv::Point> turned = shapes[s];
    for (int turn = 0; turn < 4; ++turn) {
      for (cv::Point& p : turned) p = {p.y, -p.x};
      for (int r = -4; r < rows + 4; ++r)
        for (int c = -4; c < cols + 4; ++c) {
          std::vector<int> points;
          for (const cv::Point& p : turned) {
            const int y = p.x + r, x = p.y + c;
            if (y < 0 || x < 0 || y >= rows || x >= cols) break;
            points.push_back(y * cols + x);
          }
          std::sort(points.begin(), points.end());
          if (points.size() == turned.size() && seen.insert(points).second)
            problem.moves.push_back({static_cast<ShapeId>(s), points});
        }
    }
  }
  return problem;
}

/// The covers of board_problem(), found by cover_search() with `threads` threads, as sorted move
/// sets.
std::set<std::vector<int>> board_covers(int rows, int cols,
                                        const std::vector<std::vector<cv::Point>>& shapes,
                                        const std::vector<int>& counts, PieceUse use,
                                        CoverChoice choice, int threads, long* nodes = nullptr,
                                        std::vector<std::vector<int>>* in_order = nullptr) {
  const CoverProblem problem = board_problem(rows, cols, shapes, counts, choice);
  ThreadLimit limit(threads);
  CoverConfig config;
  config.max_solutions = 1'000'000;
  config.use = use;
  std::set<std::vector<int>> covers;
  const CoverResult result = cover_search(problem, config, [&](const std::vector<int>& moves) {
    std::vector<int> sorted = moves;
    std::sort(sorted.begin(), sorted.end());
    CHECK(covers.insert(sorted).second);  // each cover once
    if (in_order) in_order->push_back(sorted);
  });
  CHECK(result.exhausted);
  CHECK(result.solutions == static_cast<long>(covers.size()));
  if (nodes) *nodes = result.nodes;
  return covers;
}

}  // namespace

TEST_CASE("cover search: the fewest-moves choice finds the covers the first empty point finds") {
  // Monominoes, dominoes, L and straight trominoes on small boards: every use, one thread and
  // two; the fewest-moves search reports the same covers, in one order for any thread count.
  const std::vector<std::vector<cv::Point>> shapes = {
      {{0, 0}}, {{0, 0}, {0, 1}}, {{0, 0}, {1, 0}, {1, 1}}, {{0, 0}, {0, 1}, {0, 2}}};
  struct Case {
    int rows, cols;
    std::vector<int> counts;
    PieceUse use;
  };
  const std::vector<Case> cases = {
      {3, 4, {0, 3, 1, 1}, PieceUse::Exact},  {4, 4, {1, 3, 1, 2}, PieceUse::Exact},
      {3, 3, {2, 2, 2, 2}, PieceUse::Subset}, {3, 4, {1, 1, 1, 1}, PieceUse::Copies},
      {2, 5, {1, 1, 1, 1}, PieceUse::Copies},
  };
  for (const Case& c : cases) {
    CAPTURE(c.rows);
    CAPTURE(c.cols);
    CAPTURE(piece_use_name(c.use));
    const auto first =
        board_covers(c.rows, c.cols, shapes, c.counts, c.use, CoverChoice::FirstEmpty, 1);
    REQUIRE(!first.empty());
    long one_nodes = 0, two_nodes = 0;
    std::vector<std::vector<int>> one_order, two_order;
    CHECK(board_covers(c.rows, c.cols, shapes, c.counts, c.use, CoverChoice::FewestMoves, 1,
                       &one_nodes, &one_order) == first);
    CHECK(board_covers(c.rows, c.cols, shapes, c.counts, c.use, CoverChoice::FewestMoves, 2,
                       &two_nodes, &two_order) == first);
    CHECK(one_order == two_order);
    CHECK(one_nodes == two_nodes);
  }
}

TEST_CASE("cover search: the moves it reports are one thread's in order, any thread count") {
  // Dominoes and L-trominoes on 6 x 6, stopped after the first, second or 40th cover: the moves
  // reported end at that cover (2966 moves to the first), however the threads shared the
  // subtrees and however far the other threads went.
  const std::vector<std::vector<cv::Point>> shapes = {{{0, 0}, {0, 1}}, {{0, 0}, {1, 0}, {1, 1}}};
  const CoverProblem problem = board_problem(6, 6, shapes, {6, 8}, CoverChoice::FirstEmpty);
  const auto nodes = [&](long max_solutions, int threads) {
    ThreadLimit limit(threads);
    CoverConfig config;
    config.max_solutions = max_solutions;
    const CoverResult result = cover_search(problem, config, {});
    CHECK(result.solutions == max_solutions);
    return result.nodes;
  };
  CHECK(nodes(1, 1) == 2966);
  for (const long max_solutions : {1L, 2L, 40L}) {
    CAPTURE(max_solutions);
    const long one = nodes(max_solutions, 1);
    for (int repeat = 0; repeat < 5; ++repeat) CHECK(nodes(max_solutions, 2) == one);
  }
}

TEST_CASE("cover search: a node budget ends it where one thread in order would, any thread count") {
  // Dominoes and L-trominoes on 6 x 6: thousands of covers. For each budget, one thread and two
  // report the same covers in the same order and end alike; what they report is a prefix of the
  // covers without a budget, and a larger budget reports at least as much (one thread in the
  // search's order is the reference).
  const std::vector<std::vector<cv::Point>> shapes = {{{0, 0}, {0, 1}}, {{0, 0}, {1, 0}, {1, 1}}};
  const CoverProblem problem = board_problem(6, 6, shapes, {6, 8}, CoverChoice::FirstEmpty);
  struct Run {
    std::vector<std::vector<int>> covers;
    CoverResult result;
  };
  const auto run = [&](long max_solutions, long max_nodes, int threads) {
    ThreadLimit limit(threads);
    CoverConfig config;
    config.max_solutions = max_solutions;
    config.max_nodes = max_nodes;
    Run out;
    out.result = cover_search(problem, config,
                              [&](const std::vector<int>& moves) { out.covers.push_back(moves); });
    return out;
  };
  for (const long max_solutions : {1L, 40L, 1'000'000L}) {
    CAPTURE(max_solutions);
    const Run all = run(max_solutions, 0, 1);
    REQUIRE(all.result.solutions > 0);
    std::size_t before = 0;
    int cut_between = 0;  // budgets that ended the search after some covers, before the last
    // (The first cover comes after 2966 moves, the 40th after 3579, the last after 10.1 M.)
    for (const long budget :
         {1L, 300L, 2'965L, 2'966L, 3'300L, 3'600L, 5'000L, 60'000L, 400'000L, 100'000'000L}) {
      CAPTURE(budget);
      const Run one = run(max_solutions, budget, 1);
      const Run two = run(max_solutions, budget, 2);
      CHECK(two.covers == one.covers);
      CHECK(two.result.out_of_nodes == one.result.out_of_nodes);
      CHECK(two.result.exhausted == one.result.exhausted);
      CHECK(two.result.nodes == one.result.nodes);
      CHECK(one.result.nodes <= budget);
      REQUIRE(one.covers.size() <= all.covers.size());
      CHECK(std::equal(one.covers.begin(), one.covers.end(), all.covers.begin()));
      CHECK(one.covers.size() >= before);
      before = one.covers.size();
      if (!one.result.out_of_nodes) CHECK(one.covers == all.covers);
      if (one.result.out_of_nodes && !one.covers.empty()) ++cut_between;
    }
    if (max_solutions > 1) CHECK(cut_between >= 2);
    // The largest budget ends nothing; the smallest ends the search before its first cover.
    CHECK_FALSE(run(max_solutions, 100'000'000L, 2).result.out_of_nodes);
    CHECK(run(max_solutions, 1, 2).result.out_of_nodes);
  }
}
