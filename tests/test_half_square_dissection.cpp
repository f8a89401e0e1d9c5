// Congruent dissections of half-square figures (issue 16 item 6): half_dissect agrees exactly
// with a brute-force oracle (every labelling of the quarters, congruence decided on the
// triangles of a finer tiling, independently of the search's lattice maps) on every small
// figure, and gives hand-checked counts.

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "labellings.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/core/dissection/congruent_dissection.hpp"
#include "tangram/core/dissection/half_square_dissection.hpp"

using namespace tangram;

namespace {

using Point = std::array<int, 2>;  // (row, column), doubled: square corners are even
using Triangle = std::array<Point, 3>;

/// The three corners of quarter q, doubled: its side's two ends and the square's centre.
std::array<Point, 3> corners(Quarter q) {
  const int r = 2 * q.row, c = 2 * q.col;
  const std::array<Point, 4> square{{{r, c}, {r, c + 2}, {r + 2, c + 2}, {r + 2, c}}};
  return {square[static_cast<std::size_t>(q.side)],
          square[static_cast<std::size_t>((q.side + 1) % 4)], Point{r + 1, c + 1}};
}

/// Whether two quarters share a side: two corners in common.
bool share_side(Quarter a, Quarter b) {
  int common = 0;
  for (Point p : corners(a))
    for (Point q : corners(b)) common += p == q ? 1 : 0;
  return common == 2;
}

bool connected(const Quarters& piece) {
  std::vector<bool> seen(piece.size(), false);
  std::vector<std::size_t> todo{0};
  seen[0] = true;
  std::size_t reached = 1;
  while (!todo.empty()) {
    const std::size_t i = todo.back();
    todo.pop_back();
    for (std::size_t j = 0; j < piece.size(); ++j)
      if (!seen[j] && share_side(piece[i], piece[j])) seen[j] = true, ++reached, todo.push_back(j);
  }
  return reached == piece.size();
}

/// Whether the piece's quarters in every square are all four or two that share a side.
bool whole_halves(const Quarters& piece) {
  for (Quarter q : piece) {
    Quarters same;
    for (Quarter o : piece)
      if (o.row == q.row && o.col == q.col) same.push_back(o);
    if (same.size() != 4 && !(same.size() == 2 && share_side(same[0], same[1]))) return false;
  }
  return true;
}

/// `p` under square symmetry t about the origin, written out: t % 4 quarter turns
/// (r, c) -> (c, -r), after negating the column when t >= 4.
Point turn(Point p, int t) {
  int r = p[0], c = t >= 4 ? -p[1] : p[1];
  for (int k = 0; k < t % 4; ++k) {
    const int rr = c;
    c = -r;
    r = rr;
  }
  return {r, c};
}

/// The two triangles of each quarter cut by its square's midline (a finer tiling), under square
/// symmetry `t` about the origin, each triangle's corners sorted, in the quarters' order.
std::vector<Triangle> fine_triangles(const Quarters& quarters, int t) {
  const auto move = [t](Point p) { return turn(p, t); };
  std::vector<Triangle> out;
  for (Quarter q : quarters) {
    const auto [a, b, centre] = corners(q);
    const Point mid{(a[0] + b[0]) / 2, (a[1] + b[1]) / 2};
    out.push_back({move(a), move(mid), move(centre)});
    out.push_back({move(mid), move(b), move(centre)});
  }
  for (Triangle& tri : out) std::sort(tri.begin(), tri.end());
  return out;
}

/// The least corner of `triangles` (each sorted, non-empty).
Point least_point(const std::vector<Triangle>& triangles) {
  Point least = triangles[0][0];
  for (const Triangle& tri : triangles) least = std::min(least, tri[0]);
  return least;
}

/// The piece as triangles of the tiling by unit squares cut along both diagonals and both
/// midlines (each quarter in two), under square symmetry `t` about the origin, moved so that
/// its least corner is at the origin, sorted. That tiling is kept by every isometry that can
/// carry one quarter piece onto another (quarter turns, mirrors, integer translations and the
/// half-square shift along both axes), so equal lists mean congruent pieces and conversely.
std::vector<Triangle> shape(const Quarters& piece, int t) {
  std::vector<Triangle> out = fine_triangles(piece, t);
  const Point least = least_point(out);
  for (Triangle& tri : out)
    for (Point& p : tri) p = {p[0] - least[0], p[1] - least[1]};
  std::sort(out.begin(), out.end());
  return out;
}

bool same_shape(const Quarters& a, const Quarters& b, bool mirror) {
  if (a.size() != b.size()) return false;
  const std::vector<Triangle> target = shape(b, 0);
  for (int t = 0; t < (mirror ? 8 : 4); ++t)
    if (shape(a, t) == target) return true;
  return false;
}

/// The dissections the oracle finds, for the four settings of (mirror, halves).
struct OracleSets {
  std::set<HalfDissection> sets[2][2];  ///< [mirror][halves]
};

/// Every labelling of the quarters with K labels in order of first use, N/K quarters each
/// (for_each_equal_split).
OracleSets oracle(const Quarters& figure, int parts) {
  OracleSets found;
  test::for_each_equal_split(figure, parts, [&](HalfDissection d) {
    bool halves = true, turned = true, any = true;
    for (const Quarters& piece : d) {
      if (!connected(piece)) return;
      halves = halves && whole_halves(piece);
      any = any && same_shape(piece, d[0], true);
      turned = turned && same_shape(piece, d[0], false);
    }
    for (Quarters& piece : d) std::sort(piece.begin(), piece.end());
    std::sort(d.begin(), d.end());
    for (int m = 0; m < 2; ++m)
      for (int h = 0; h < 2; ++h)
        if ((m ? any : turned) && (!h || halves)) found.sets[m][h].insert(d);
  });
  return found;
}

/// Labellings the oracle walks: N! / ((N/K)!^K K!).
double labellings(std::size_t n, int parts) {
  double v = 1;
  for (std::size_t i = 2; i <= n; ++i) v *= static_cast<double>(i);
  const std::size_t size = n / static_cast<std::size_t>(parts);
  for (int k = 0; k < parts; ++k)
    for (std::size_t i = 2; i <= size; ++i) v /= static_cast<double>(i);
  for (int k = 2; k <= parts; ++k) v /= k;
  return v;
}

std::size_t count(const std::string& grid, int parts, bool mirror = true, bool halves = true) {
  DissectHalvesConfig config;
  config.parts = parts;
  config.mirror = mirror;
  config.halves = halves;
  return half_dissect(parse_half_grid(grid), config).solutions.size();
}

}  // namespace

TEST_CASE("half-square grid: the keypad corners and the UTF-8 triangles read the same") {
  const Quarters ascii = parse_half_grid("#7\n13\n9.\n");
  CHECK(ascii.size() == 4 + 2 * 4);
  CHECK(parse_half_grid("#\xE2\x97\xA4\n\xE2\x97\xA3\xE2\x97\xA2\n\xE2\x97\xA5.\n") == ascii);
  CHECK(half_grid_text(ascii) == "#7\n13\n9.\n");
  // '7' fills the top-left corner: the top and left quarters.
  CHECK(parse_half_grid("7") == Quarters{{0, 0, 0}, {0, 0, 3}});
  CHECK_THROWS_AS(parse_half_grid("#x"), InputError);
  CHECK_THROWS_AS(parse_half_grid("..\n"), InputError);
}

TEST_CASE("half-square grid: corners only do not connect, and areas must divide") {
  CHECK_FALSE(quarters_connected(parse_half_grid("9\n.7")));  // '9' and '7' meet at a point
  CHECK(quarters_connected(parse_half_grid("3\n7")));         // they share the grid edge
  CHECK_FALSE(quarters_connected(parse_half_grid("79")));     // share the corner (0, 1) only
  CHECK(quarters_connected(parse_half_grid("97")));           // a triangle: a shared side
  CHECK_THROWS_AS(check_half_dissectable(parse_half_grid("#.#"), 2, true), InputError);
  CHECK_THROWS_AS(check_half_dissectable(parse_half_grid("#7"), 2, true), InputError);
  CHECK_NOTHROW(check_half_dissectable(parse_half_grid("#7"), 3, true));
  CHECK_NOTHROW(check_half_dissectable(parse_half_grid("#7"), 2, false));
}

TEST_CASE("half-square symmetries: each of the 8 maps a quarter's triangle onto a quarter") {
  for (int row = -2; row <= 2; ++row)
    for (int col = -2; col <= 2; ++col)
      for (int side = 0; side < 4; ++side)
        for (int t = 0; t < 8; ++t) {
          const Quarter q{row, col, side};
          std::array<Point, 3> moved = corners(q), image = corners(transform_quarter(q, t));
          for (Point& p : moved) p = turn(p, t);
          std::sort(moved.begin(), moved.end());
          std::sort(image.begin(), image.end());
          CHECK(moved == image);
        }
  CHECK(made_of_half_squares(parse_half_grid("#9")));
  CHECK_FALSE(made_of_half_squares(Quarters{{0, 0, 0}, {0, 0, 2}}));
  CHECK_FALSE(made_of_half_squares(Quarters{{0, 0, 0}}));
}

TEST_CASE("half-square dissection: hand-checked counts") {
  // A 2 x 1 rectangle of 4 half-squares halves only across its middle: every other pair of
  // half-squares leaves two half-squares that touch at a point.
  CHECK(count("##", 2) == 1);
  // The right isosceles triangle of 4 half-squares (legs 2): halved only along the altitude to
  // its hypotenuse (also without mirror images: each half is itself symmetric) ...
  CHECK(count("#7\n7.", 2) == 1);
  CHECK(count("#7\n7.", 2, false) == 1);
  // ... and quartered into its half-squares in two ways (the full square cut either way).
  CHECK(count("#7\n7.", 4) == 2);
  // The 2 x 2 square into 4 congruent triangles: only the two diagonals' cross.
  DissectHalvesConfig four;
  four.parts = 4;
  const Quarters square = parse_half_grid("##\n##");
  const DissectHalvesResult r = half_dissect(square, four);
  const Quarters triangle = parse_half_grid("97"), unit = parse_half_grid("#");
  std::size_t triangles = 0, unit_squares = 0;
  for (const HalfDissection& d : r.solutions) {
    triangles += same_shape(d[0], triangle, true) ? 1 : 0;
    unit_squares += same_shape(d[0], unit, true) ? 1 : 0;
  }
  CHECK(triangles == 1);
  CHECK(unit_squares == 1);
  // And nothing else: a parallelogram of two half-squares in the top row, or in a column,
  // leaves a corner half-square that touches no free half-square of its piece's shape.
  CHECK(r.solutions.size() == 2);
  CHECK(r.complete);
  four.max_solutions = 1;
  const DissectHalvesResult first = half_dissect(square, four);
  CHECK(first.solutions.size() == 1);
  CHECK_FALSE(first.complete);
  // The diamond of 4 half-squares around a grid point, into 2 pieces of quarters: cut along
  // either grid line through its centre, or into two "dominoes" of diamonds either way; with
  // the diamond-lattice search run after the quarter search, max_solutions still holds.
  DissectHalvesConfig two;
  two.halves = false;
  const Quarters diamond = parse_half_grid("31\n97");
  CHECK(half_dissect(diamond, two).solutions.size() == 4);
  two.max_solutions = 3;
  const DissectHalvesResult three = half_dissect(diamond, two);
  CHECK(three.solutions.size() == 3);
  CHECK_FALSE(three.complete);
}

TEST_CASE("half-square dissection: ours equals the brute-force oracle on every small figure" *
          doctest::test_suite("slow")) {
  // Every figure of a 2 x 2, 1 x 3 or 3 x 1 box of squares, each square empty, full or one of
  // the four half-squares (6 states), that is connected; K = 2, 3, 4 where the oracle's
  // labellings stay few; mirror images allowed or not; pieces of half-squares or of quarters.
  const char states[] = {'.', '#', '7', '9', '1', '3'};
  std::size_t figures = 0, compared = 0, with_solutions = 0;
  for (const auto [rows, cols] : {std::array<int, 2>{2, 2}, {1, 3}, {3, 1}}) {
    const int cells = rows * cols;
    int total = 1;
    for (int i = 0; i < cells; ++i) total *= 6;
    for (int code = 0; code < total; ++code) {
      std::string grid;
      for (int i = 0, v = code; i < cells; ++i, v /= 6) {
        grid += states[v % 6];
        if (i % cols == cols - 1) grid += '\n';
      }
      if (grid.find_first_not_of(".\n") == std::string::npos) continue;
      const Quarters figure = parse_half_grid(grid);
      if (!quarters_connected(figure)) continue;
      ++figures;
      for (int parts = 2; parts <= 4; ++parts) {
        if (figure.size() % static_cast<std::size_t>(parts) != 0) continue;
        if (labellings(figure.size(), parts) > 3e6) continue;
        const OracleSets expected = oracle(figure, parts);
        for (int m = 0; m < 2; ++m)
          for (int h = 0; h < 2; ++h) {
            if (h && figure.size() % (2 * static_cast<std::size_t>(parts)) != 0) continue;
            DissectHalvesConfig config;
            config.parts = parts;
            config.mirror = m == 1;
            config.halves = h == 1;
            const DissectHalvesResult got = half_dissect(figure, config);
            const std::set<HalfDissection>& want = expected.sets[m][h];
            CAPTURE(grid);
            CAPTURE(parts);
            CAPTURE(m);
            CAPTURE(h);
            CHECK(std::vector<HalfDissection>(want.begin(), want.end()) == got.solutions);
            ++compared;
            with_solutions += want.empty() ? 0 : 1;
          }
      }
    }
  }
  CHECK(figures == 308);
  CHECK(compared > 1000);
  CHECK(with_solutions > 100);
}

namespace {

/// Whether one of the 8 symmetries and an integer translation maps `a` onto `b`: the maps the
/// quarter search uses.
bool lattice_congruent(const Quarters& a, const Quarters& b) {
  const auto normal = [](Quarters q) {
    int r0 = q[0].row, c0 = q[0].col;
    for (const Quarter& x : q) r0 = std::min(r0, x.row), c0 = std::min(c0, x.col);
    for (Quarter& x : q) x = {x.row - r0, x.col - c0, x.side};
    std::sort(q.begin(), q.end());
    return q;
  };
  for (int t = 0; t < 8; ++t) {
    Quarters moved;
    for (Quarter q : a) moved.push_back(transform_quarter(q, t));
    if (normal(moved) == normal(b)) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("half-square dissection: pieces bounded by diagonals may be half a square apart") {
  // Six "diamonds" (two quarters across a grid edge) in a 2 x 3 block of the diamond lattice:
  // its L-shaped halves map onto each other by a half turn about a point that is no centre of
  // the quarters' symmetries, nor is any other symmetry or translation of the quarter lattice.
  const Quarters figure{{-1, 0, 2}, {0, -1, 1}, {0, -1, 2}, {0, 0, 0},  {0, 0, 1}, {0, 0, 2},
                        {0, 0, 3},  {0, 1, 3},  {1, -1, 0}, {1, -1, 1}, {1, 0, 0}, {1, 0, 3}};
  REQUIRE(quarters_connected(figure));
  DissectHalvesConfig config;
  config.halves = false;
  const DissectHalvesResult r = half_dissect(figure, config);
  const std::set<HalfDissection> want = oracle(figure, 2).sets[1][0];
  CHECK(std::vector<HalfDissection>(want.begin(), want.end()) == r.solutions);
  std::size_t off_lattice = 0;
  for (const HalfDissection& d : r.solutions) off_lattice += lattice_congruent(d[0], d[1]) ? 0 : 1;
  CHECK(off_lattice > 0);
}

TEST_CASE("half-square dissection: its dissections into whole squares are the square solver's") {
  std::size_t compared = 0;
  for (const char* grid :
       {"###\n###\n###\n", "####\n####\n", "#.\n#.\n##\n##\n", "###\n#.#\n###\n"})
    for (int parts : {2, 3, 4}) {
      const Cells cells = parse_grid(grid);
      if (cells.size() % static_cast<std::size_t>(parts) != 0) continue;
      DissectConfig square;
      square.parts = parts;
      std::set<HalfDissection> expected;
      for (const Dissection& d : dissect(cells, square).solutions) {
        HalfDissection h;
        for (const Cells& piece : d) {
          h.emplace_back();
          for (Cell c : piece)
            for (int side = 0; side < 4; ++side) h.back().push_back({c.row, c.col, side});
        }
        expected.insert(h);  // pieces and quarters already in order
      }
      DissectHalvesConfig config;
      config.parts = parts;
      std::set<HalfDissection> whole;
      for (const HalfDissection& d : half_dissect(parse_half_grid(grid), config).solutions)
        if (std::all_of(d.begin(), d.end(), [](const Quarters& piece) {
              return half_grid_text(piece).find_first_of("1379") == std::string::npos;
            }))
          whole.insert(d);
      CAPTURE(std::string(grid));
      CAPTURE(parts);
      CHECK(whole == expected);
      compared += expected.size();
    }
  CHECK(compared == 19);  // the square solver's dissections of these figures, summed
}

namespace {

/// An isometry of the plane on the doubled points: square symmetry `t` about the origin (turn),
/// then a translation by `shift` (one unit is half a square).
struct Isometry {
  int t = 0;
  Point shift{};
};

std::vector<Triangle> moved(const std::vector<Triangle>& triangles, const Isometry& m) {
  std::vector<Triangle> out;
  for (Triangle tri : triangles) {
    for (Point& p : tri) {
      const Point q = turn(p, m.t);
      p = {q[0] + m.shift[0], q[1] + m.shift[1]};
    }
    std::sort(tri.begin(), tri.end());
    out.push_back(tri);
  }
  std::sort(out.begin(), out.end());
  return out;
}

/// Every isometry that maps `figure` onto itself, by brute force on the fine triangles: each of
/// the 8 square symmetries, then the translation that brings the least corner back, kept when
/// the triangles come back as a set. Half-square translations are found too.
std::vector<Isometry> own_isometries(const Quarters& figure) {
  std::vector<Isometry> out;
  std::vector<Triangle> base = fine_triangles(figure, 0);
  std::sort(base.begin(), base.end());
  for (int t = 0; t < 8; ++t) {
    const std::vector<Triangle> turned = fine_triangles(figure, t);
    const Point from = least_point(turned), to = least_point(base);
    const Isometry m{t, {to[0] - from[0], to[1] - from[1]}};
    if (moved(fine_triangles(figure, 0), m) == base) out.push_back(m);
  }
  return out;
}

/// `d` (a dissection of `figure`) under isometry `m` of the figure, each piece sorted, the
/// pieces sorted; none when some piece's image is not made of the figure's quarters.
std::optional<HalfDissection> image_of(const Quarters& figure, const HalfDissection& d,
                                       const Isometry& m) {
  std::map<Triangle, Quarter> quarter_of;
  for (Quarter q : figure)
    for (const Triangle& tri : fine_triangles({q}, 0)) quarter_of[tri] = q;
  HalfDissection out;
  for (const Quarters& piece : d) {
    std::map<Quarter, int> halves;
    for (const Triangle& tri : moved(fine_triangles(piece, 0), m)) ++halves[quarter_of.at(tri)];
    out.emplace_back();
    for (const auto& [q, n] : halves) {
      if (n != 2) return std::nullopt;
      out.back().push_back(q);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

/// The dissections' classes under the figure's isometries, by brute force: each class's least
/// member, and the size of its orbit.
std::map<HalfDissection, std::size_t> classes(const Quarters& figure,
                                              const std::vector<HalfDissection>& all) {
  const std::vector<Isometry> own = own_isometries(figure);
  std::map<HalfDissection, std::size_t> out;
  for (const HalfDissection& d : all) {
    std::set<HalfDissection> orbit;
    for (const Isometry& m : own)
      if (std::optional<HalfDissection> image = image_of(figure, d, m)) orbit.insert(*image);
    out[*orbit.begin()] = orbit.size();
  }
  return out;
}

std::vector<HalfDissection> solutions(const Quarters& figure, int parts, bool up_to_symmetry,
                                      bool mirror = true, bool halves = true) {
  DissectHalvesConfig config;
  config.parts = parts;
  config.up_to_symmetry = up_to_symmetry;
  config.mirror = mirror;
  config.halves = halves;
  return half_dissect(figure, config).solutions;
}

/// half_dissect with up_to_symmetry against the brute-force classes of all its dissections:
/// the same representatives, and orbits that add up to all. Returns the number of classes.
std::size_t check_classes(const Quarters& figure, int parts, bool mirror = true,
                          bool halves = true) {
  const std::vector<HalfDissection> all = solutions(figure, parts, false, mirror, halves);
  const std::map<HalfDissection, std::size_t> want = classes(figure, all);
  std::vector<HalfDissection> representatives;
  std::size_t orbits = 0;
  for (const auto& [d, size] : want) representatives.push_back(d), orbits += size;
  CHECK(orbits == all.size());
  CHECK(solutions(figure, parts, true, mirror, halves) == representatives);
  return representatives.size();
}

}  // namespace

TEST_CASE("half-square dissection up to symmetry: hand counts and the brute-force classes") {
  // The 2 x 2 square into 4: unit squares, or the diagonals' cross; each is its own class.
  CHECK(check_classes(parse_half_grid("##\n##"), 4) == 2);
  // The triangle of 4 half-squares: halved 1 way; quartered 2 ways, the full square cut along
  // the triangle's mirror line or across it, each its own mirror image: 2 classes.
  CHECK(check_classes(parse_half_grid("#7\n7."), 2) == 1);
  CHECK(check_classes(parse_half_grid("#7\n7."), 4) == 2);
  // The unit square halved along either diagonal: one class.
  CHECK(check_classes(parse_half_grid("#"), 2) == 1);
  // The diamond around a grid point, into 2 pieces of quarters: the two cuts along grid lines
  // are one class, the two into dominoes of diamonds another.
  CHECK(check_classes(parse_half_grid("31\n97"), 2, true, false) == 2);
  CHECK(half_figure_symmetries(parse_half_grid("31\n97")).size() == 8);
  CHECK(half_figure_symmetries(parse_half_grid("#9")) == std::vector<int>{0});
  // The 3 x 3 square halved: 30 dissections (README); the 4 x 4: 196.
  const Quarters three = parse_half_grid("###\n###\n###");
  CHECK(solutions(three, 2, false).size() == 30);
  // Up to the square's 8 symmetries (orbits of 1 to 8), as the brute force counts them.
  CHECK(check_classes(three, 2) == 8);
  const Quarters four = parse_half_grid("####\n####\n####\n####");
  CHECK(solutions(four, 2, false).size() == 196);
  CHECK(check_classes(four, 2) == 50);
  CHECK(check_classes(four, 4) > 0);
  CHECK(check_classes(three, 3) > 0);
  CHECK(check_classes(three, 2, false) > 0);
  // A figure without symmetry: its classes are its dissections.
  const Quarters lopsided = parse_half_grid("##7\n#9.\n");
  CHECK(half_figure_symmetries(lopsided) == std::vector<int>{0});
  CHECK(check_classes(lopsided, 2) == solutions(lopsided, 2, false).size());
}

TEST_CASE(
    "half-square dissection up to symmetry: a figure of diamonds symmetric off the "
    "quarter lattice") {
  // The six diamonds of the test above: a 2 x 3 block of the diamond lattice, whose mirror
  // lines run along diagonals through the middle of a grid edge, which are no mirror lines of
  // the quarter lattice. Its dissections into diamonds are exchanged by them too.
  const Quarters figure{{-1, 0, 2}, {0, -1, 1}, {0, -1, 2}, {0, 0, 0},  {0, 0, 1}, {0, 0, 2},
                        {0, 0, 3},  {0, 1, 3},  {1, -1, 0}, {1, -1, 1}, {1, 0, 0}, {1, 0, 3}};
  CHECK(own_isometries(figure).size() > half_figure_symmetries(figure).size());
  for (int parts : {2, 3})
    for (bool mirror : {true, false}) {
      CAPTURE(parts);
      CAPTURE(mirror);
      CHECK(check_classes(figure, parts, mirror, false) > 0);
    }
}

TEST_CASE("half-square dissection up to symmetry: every small figure against the brute force") {
  // Every connected figure of a 2 x 2, 1 x 3 or 3 x 1 box of squares (as above), K = 2..4,
  // mirror images or not, pieces of half-squares or of quarters.
  const char states[] = {'.', '#', '7', '9', '1', '3'};
  std::size_t compared = 0, merged = 0;
  for (const auto [rows, cols] : {std::array<int, 2>{2, 2}, {1, 3}, {3, 1}}) {
    int total = 1;
    for (int i = 0; i < rows * cols; ++i) total *= 6;
    for (int code = 0; code < total; ++code) {
      std::string grid;
      for (int i = 0, v = code; i < rows * cols; ++i, v /= 6) {
        grid += states[v % 6];
        if (i % cols == cols - 1) grid += '\n';
      }
      if (grid.find_first_not_of(".\n") == std::string::npos) continue;
      const Quarters figure = parse_half_grid(grid);
      if (!quarters_connected(figure)) continue;
      for (int parts = 2; parts <= 4; ++parts)
        for (int h = 0; h < 2; ++h) {
          if (figure.size() % ((h ? 2 : 1) * static_cast<std::size_t>(parts)) != 0) continue;
          for (int m = 0; m < 2; ++m) {
            CAPTURE(grid);
            CAPTURE(parts);
            CAPTURE(m);
            CAPTURE(h);
            const std::size_t n = check_classes(figure, parts, m == 1, h == 1);
            merged += solutions(figure, parts, false, m == 1, h == 1).size() - n;
            ++compared;
          }
        }
    }
  }
  CHECK(compared > 1000);
  CHECK(merged > 100);
}
