// core/generate/convex_figures.hpp: the candidate polygons against a slow reference (a box with
// its corners cut), the published count of convex polygons of 16 half squares, and the convex
// figures of the pentominoes decided by the enumeration.

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
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
