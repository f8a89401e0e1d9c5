// core/generate/convex_figures.hpp: the candidate polygons against a slow reference (a box with
// its corners cut), the published count of convex polygons of 16 half squares, and the convex
// figures of the pentominoes decided by the enumeration.

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <map>
#include <set>
#include <vector>

#include "tangram/core/generate/convex_figures.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/io/piece_sets.hpp"

using tangram::ConvexPolygon;

namespace {

/// The eight directions of the Tangram's sides on its lattice, in order of angle.
const std::vector<cv::Point> kEight = {{-1, -1}, {0, -1}, {1, -1}, {1, 0},
                                       {1, 1},   {0, 1},  {-1, 1}, {-1, 0}};
const std::vector<cv::Point> kFour = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};

/// The slow reference: a convex polygon with sides along the eight directions is a w x h box
/// with a right isosceles triangle of legs a, b, c, d cut off its corners (clockwise from the
/// top left). Counts the classes of doubled area `twice` under the box's eight symmetries.
std::size_t cut_boxes(long twice) {
  std::set<std::array<int, 6>> classes;
  for (int w = 1; w <= twice; ++w)
    for (int h = 1; h <= twice; ++h)
      for (int a = 0; a <= std::min(w, h); ++a)
        for (int b = 0; a + b <= w && b <= h; ++b)
          for (int c = 0; b + c <= h && c <= w; ++c)
            for (int d = 0; c + d <= w && a + d <= h; ++d) {
              if (2L * w * h - (a * a + b * b + c * c + d * d) != twice) continue;
              std::array<int, 6> t{w, h, a, b, c, d}, best = t;
              for (int mirror = 0; mirror < 2; ++mirror) {
                for (int turn = 0; turn < 4; ++turn) {
                  t = {t[1], t[0], t[5], t[2], t[3], t[4]};  // a quarter turn
                  best = std::min(best, t);
                }
                t = {t[0], t[1], t[3], t[2], t[5], t[4]};  // the mirror image
              }
              classes.insert(best);
            }
  return classes.size();
}

/// A polygon's class key: its corners turned and (with `mirror`) reflected by the square's
/// symmetries, moved to (0, 0) and sorted, the least of those.
std::vector<cv::Point> class_key(const std::vector<cv::Point>& corners, bool mirror) {
  const auto less = [](cv::Point a, cv::Point b) { return a.x != b.x ? a.x < b.x : a.y < b.y; };
  std::vector<cv::Point> best;
  for (int s = 0; s < (mirror ? 8 : 4); ++s) {
    std::vector<cv::Point> t;
    for (cv::Point p : corners) {
      for (int q = 0; q < s % 4; ++q) p = {-p.y, p.x};  // a quarter turn
      if (s >= 4) p.x = -p.x;
      t.push_back(p);
    }
    const int x0 =
        std::min_element(t.begin(), t.end(), [](auto a, auto b) { return a.x < b.x; })->x;
    const int y0 =
        std::min_element(t.begin(), t.end(), [](auto a, auto b) { return a.y < b.y; })->y;
    for (cv::Point& p : t) p -= cv::Point(x0, y0);
    std::sort(t.begin(), t.end(), less);
    if (best.empty() ||
        std::lexicographical_compare(t.begin(), t.end(), best.begin(), best.end(), less))
      best = t;
  }
  return best;
}

using KeySet = std::set<std::vector<std::pair<int, int>>>;

std::vector<std::pair<int, int>> pairs(const std::vector<cv::Point>& points) {
  std::vector<std::pair<int, int>> out;
  for (const cv::Point p : points) out.emplace_back(p.x, p.y);
  return out;
}

/// The brute force: every set of 3 to 8 points of the `box` x `box` lattice square (0..box-1)
/// that is in strictly convex position with every side along an allowed direction
/// (`diagonals`: the 45 degree ones too), by doubled area, as class keys.
std::map<long, KeySet> brute_force_convex(int box, bool diagonals, bool mirror) {
  std::vector<cv::Point> grid;
  for (int y = 0; y < box; ++y)
    for (int x = 0; x < box; ++x) grid.emplace_back(x, y);
  const auto cross = [](cv::Point o, cv::Point a, cv::Point b) {
    return long{a.x - o.x} * (b.y - o.y) - long{a.y - o.y} * (b.x - o.x);
  };
  std::map<long, KeySet> found;
  for (unsigned mask = 0; mask < (1U << grid.size()); ++mask) {
    const int n = __builtin_popcount(mask);
    if (n < 3 || n > 8) continue;
    std::vector<cv::Point> pts;
    for (std::size_t i = 0; i < grid.size(); ++i)
      if (mask & (1U << i)) pts.push_back(grid[i]);  // sorted by y, then x
    // Andrew's monotone chain, collinear points dropped: all points must be corners.
    std::vector<cv::Point> hull(2 * pts.size());
    std::size_t k = 0;
    for (std::size_t i = 0; i < pts.size(); ++i) {
      while (k >= 2 && cross(hull[k - 2], hull[k - 1], pts[i]) <= 0) --k;
      hull[k++] = pts[i];
    }
    for (std::size_t i = pts.size() - 1, lower = k + 1; i-- > 0;) {
      while (k >= lower && cross(hull[k - 2], hull[k - 1], pts[i]) <= 0) --k;
      hull[k++] = pts[i];
    }
    hull.resize(k - 1);
    if (hull.size() != pts.size()) continue;
    bool sides_ok = true;
    long area2 = 0;
    for (std::size_t i = 0; i < hull.size(); ++i) {
      const cv::Point a = hull[i], b = hull[(i + 1) % hull.size()], d = b - a;
      sides_ok =
          sides_ok && (d.x == 0 || d.y == 0 || (diagonals && std::abs(d.x) == std::abs(d.y)));
      area2 += long{a.x} * b.y - long{a.y} * b.x;
    }
    if (sides_ok) found[std::abs(area2)].insert(pairs(class_key(hull, mirror)));
  }
  return found;
}

}  // namespace

TEST_CASE("convex polygons on a lattice: as many as the cut boxes, each convex, of the area") {
  for (long twice = 1; twice <= 24; ++twice) {
    CAPTURE(twice);
    const std::vector<ConvexPolygon> found = tangram::lattice_convex_polygons(kEight, twice, 1.0);
    CHECK(found.size() == cut_boxes(twice));
    for (const ConvexPolygon& p : found) {
      CHECK(tangram::strictly_convex(p.corners));
      long area2 = 0;
      for (std::size_t i = 0; i < p.corners.size(); ++i) {
        const cv::Point a = p.corners[i], b = p.corners[(i + 1) % p.corners.size()];
        area2 += long{a.x} * b.y - long{a.y} * b.x;
      }
      CHECK(std::abs(area2) == twice);
    }
  }
  // Four directions: the rectangles w x h = A, w <= h.
  CHECK(tangram::lattice_convex_polygons(kFour, 2 * 60, 1.0).size() == 6);
  CHECK(tangram::lattice_convex_polygons(kFour, 2 * 7, 1.0).size() == 1);
}

TEST_CASE("convex polygons: the same classes as a brute force over the points of a 4 x 4 box") {
  constexpr int kBox = 4;  // lattice points 0..3: polygons up to 3 x 3 steps
  for (const bool diagonals : {true, false})
    for (const bool mirror : {true, false}) {
      CAPTURE(diagonals);
      CAPTURE(mirror);
      const std::map<long, KeySet> brute = brute_force_convex(kBox, diagonals, mirror);
      tangram::ConvexCandidatesConfig config;
      config.reflection = mirror;
      for (long twice = 1; twice <= 2 * (kBox - 1) * (kBox - 1); ++twice) {
        CAPTURE(twice);
        KeySet listed;
        for (const ConvexPolygon& p :
             tangram::lattice_convex_polygons(diagonals ? kEight : kFour, twice, 1.0, config)) {
          int width = 0, height = 0;  // corners start at (0, 0)
          for (const cv::Point c : p.corners) {
            width = std::max(width, c.x);
            height = std::max(height, c.y);
          }
          if (width <= kBox - 1 && height <= kBox - 1)
            CHECK(listed.insert(pairs(class_key(p.corners, mirror))).second);  // one per class
        }
        const auto it = brute.find(twice);
        CHECK(listed == (it == brute.end() ? KeySet{} : it->second));
      }
    }
}

TEST_CASE("convex polygons: 16 half squares make 20 (Wang and Hsiung, 1942)") {
  // The half square of legs 1 has area 1/2: 16 of them, doubled area 16.
  CHECK(tangram::lattice_convex_polygons(kEight, 16, 1.0).size() == 20);
}

TEST_CASE("convex polygons: the pattern's pixels hold the polygon's area") {
  for (const ConvexPolygon& p : tangram::lattice_convex_polygons(kEight, 16, 1.0)) {
    long area2 = 0;
    for (std::size_t i = 0; i < p.corners.size(); ++i) {
      const cv::Point a = p.corners[i], b = p.corners[(i + 1) % p.corners.size()];
      area2 += long{a.x} * b.y - long{a.y} * b.x;
    }
    const tangram::Pattern pattern = tangram::convex_pattern(p, 20, 10);
    // A sloped side through pixel centres counts every other pixel: within half a pixel a row.
    CHECK(std::abs(pattern.area_px - std::abs(area2) * 400 / 2) <= 2 * long(p.corners.size()));
  }
}

TEST_CASE("convex figures of the pentominoes: the four rectangles, the others proved empty") {
  const tangram::PieceSet set = tangram::builtin_piece_set("pentominoes").set;
  const std::vector<ConvexPolygon> candidates = tangram::convex_candidates(set);
  REQUIRE(candidates.size() == 6);  // 1x60, 2x30, 3x20, 4x15, 5x12, 6x10
  tangram::SolverConfig config;
  config.pieces = set;
  tangram::EnumerationConfig first;
  first.max_solutions = 1;
  std::vector<std::string> formed;
  for (const ConvexPolygon& p : candidates) {
    const tangram::ConvexVerdict v = tangram::decide_convex_candidate(p, config, first);
    CHECK(v.refusal.empty());
    CHECK(v.enumeration.solutions == static_cast<long>(!v.pieces.empty()));
    if (v.pieces.empty()) CHECK(v.enumeration.exhausted);  // none is a proof
    if (!v.pieces.empty()) formed.push_back(tangram::side_lengths_text(p));
  }
  std::sort(formed.begin(), formed.end());
  CHECK(formed ==
        std::vector<std::string>{"3, 20, 3, 20", "4, 15, 4, 15", "5, 12, 5, 12", "6, 10, 6, 10"});
}

TEST_CASE("convex figures: Tangram 13, Chie no Ita 16, Pythagoras 12, each assembly checked") {
  const std::vector<std::pair<std::string, int>> published = {
      {"tangram", 13}, {"chie-no-ita", 16}, {"pythagoras", 12}};
  for (const auto& [name, count] : published) {
    const auto& name_ = name;  // clang 14 lambdas take no bindings
    CAPTURE(name_);
    const tangram::PieceSet set = tangram::builtin_piece_set(name).set;
    tangram::SolverConfig config;
    config.pieces = set;
    tangram::EnumerationConfig first;
    first.max_solutions = 1;
    int formed = 0;
    for (const ConvexPolygon& p : tangram::convex_candidates(set)) {
      CHECK(tangram::strictly_convex(p.corners));
      const tangram::ConvexVerdict v = tangram::decide_convex_candidate(p, config, first);
      CHECK(v.refusal.empty());
      CHECK((v.enumeration.exhausted || v.enumeration.solutions == 1));  // one, or a proof of none
      if (v.pieces.empty()) continue;
      ++formed;
      CHECK(tangram::verify_solution(v.pattern, v.pieces, set).valid);
    }
    CHECK(formed == count);
  }
}
