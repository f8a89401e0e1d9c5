// Piece-set files (io/piece_sets.hpp) and the built-in sets.

#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "tangram/core/base/error.hpp"
#include "tangram/io/piece_sets.hpp"
#include "tangram/io/set_picture.hpp"

using namespace tangram;

namespace {

std::string file_with(const std::string& pieces, const std::string& extra = "") {
  return R"({"format": "tangram-pieces/1", "name": "t", )" + extra + R"("pieces": )" + pieces + "}";
}

}  // namespace

TEST_CASE("piece sets: every built-in set reads, with its published inventory") {
  const std::vector<std::string> names = builtin_piece_set_names();
  REQUIRE(names.size() == 8);
  CHECK(names.front() == "tangram");
  struct Want {
    const char* name;
    std::size_t pieces;
    double area;
    bool arcs;
  };
  const double egg = M_PI * (3 - std::sqrt(2.0)) - 1;  // the file's notes: exact area
  for (const Want& w :
       {Want{"tangram", 7, 1.0, false}, Want{"double-tangram", 14, 2.0, false},
        Want{"stomachion", 14, 144.0, false}, Want{"pentominoes", 12, 60.0, false},
        Want{"chie-no-ita", 7, 1.0, false}, Want{"pythagoras", 7, 1.0, false},
        Want{"egg-of-columbus", 9, egg, true}, Want{"broken-heart", 9, 4 + M_PI, true}}) {
    CAPTURE(w.name);
    const PieceSetFile file = builtin_piece_set(w.name);
    CHECK(file.set.name() == w.name);
    CHECK(file.set.piece_count() == w.pieces);
    CHECK(file.has_arcs == w.arcs);
    // Arcs are flattened into chords of at most 3 degrees: the area falls short by under 0.1%.
    CHECK(file.set.total_area() == doctest::Approx(w.area).epsilon(w.arcs ? 1e-3 : 1e-12));
    CHECK_FALSE(file.source.empty());
    if (!file.figure.empty()) CHECK(std::abs(signed_area(file.figure)) > 0);
    CHECK(render_piece_set(file.set).cols > 100);
  }
}

TEST_CASE("piece sets: the built-in tangram file is PieceSet::tangram()") {
  const PieceSet& a = PieceSet::tangram();
  const PieceSet b = builtin_piece_set("tangram").set;
  REQUIRE(a.shape_count() == b.shape_count());
  for (std::size_t k = 0; k < a.shape_count(); ++k) {
    CHECK(a.shapes()[k].name == b.shapes()[k].name);
    CHECK(a.shapes()[k].count == b.shapes()[k].count);
    REQUIRE(a.shapes()[k].outline.size() == b.shapes()[k].outline.size());
    for (std::size_t i = 0; i < a.shapes()[k].outline.size(); ++i) {
      CHECK(a.shapes()[k].outline[i].x == doctest::Approx(b.shapes()[k].outline[i].x));
      CHECK(a.shapes()[k].outline[i].y == doctest::Approx(b.shapes()[k].outline[i].y));
    }
  }
  CHECK(a.order() == b.order());
}

TEST_CASE("piece sets: pentominoes: symmetries from the geometry") {
  const PieceSetFile file = builtin_piece_set("pentominoes");
  CHECK(file.rotation_step_deg == 90.0);
  CHECK(file.set.grid_step_deg() == 90.0);
  int chiral = 0, convex = 0;
  for (std::size_t k = 0; k < file.set.shape_count(); ++k) {
    chiral += file.set.mirror_distinct(static_cast<ShapeId>(k)) ? 1 : 0;
    convex += file.set.convex(static_cast<ShapeId>(k)) ? 1 : 0;
  }
  CHECK(chiral == 6);  // F, L, N, P, Y, Z
  CHECK(convex == 1);  // I
  CHECK(file.set.rotation_period_deg(*file.set.find("X")) == 90.0);
  CHECK(file.set.rotation_period_deg(*file.set.find("Z")) == 180.0);
  CHECK(file.set.configuration_count(90.0, true) == 63);  // the 63 fixed pentominoes
}

TEST_CASE("piece sets: an arc through its midpoint") {
  // A half disc of radius 1: the arc from (1, 0) to (-1, 0) through (0, 1).
  const PieceSetFile file = piece_set_from_json(
      file_with(R"([{"name": "half", "outline": [[-1, 0], [1, 0], {"through": [0, 1]}]}])"));
  CHECK(file.has_arcs);
  CHECK(file.set.total_area() == doctest::Approx(M_PI / 2).epsilon(1e-3));
  for (const Vec2& v : file.set.shape(0).outline) CHECK(v.y >= -1e-12);
}

TEST_CASE("piece sets: arcs are kept as arcs and written back as arcs") {
  // A half disc of radius 1 about the origin, its outline in each of four ways: either way
  // round (PieceSet reverses a clockwise one), the arc last or first among the items.
  const char* outlines[] = {
      R"([[-1, 0], [1, 0], {"through": [0, 1]}])", R"([{"through": [0, 1]}, [-1, 0], [1, 0]])",
      R"([[1, 0], [-1, 0], {"through": [0, 1]}])", R"([{"through": [0, 1]}, [1, 0], [-1, 0]])"};
  for (const char* outline : outlines) {
    CAPTURE(std::string(outline));
    const PieceSet set =
        piece_set_from_json(
            file_with(std::string(R"([{"name": "half", "outline": )") + outline + "}]"))
            .set;
    const PieceShape& shape = set.shape(0);
    REQUIRE(shape.arcs.size() == 1);
    const PieceArc& arc = shape.arcs[0];
    CHECK(arc.chords == 60);  // 180 degrees in chords of 3
    CHECK(shape.outline.size() == 61);
    CHECK(arc.radius == doctest::Approx(1.0).epsilon(1e-15));
    CHECK(std::abs(arc.centre.x) < 1e-15);
    CHECK(std::abs(arc.centre.y) < 1e-15);
    CHECK(std::abs(arc.sweep_deg) == doctest::Approx(180.0).epsilon(1e-15));
    CHECK(arc.through.x == 0.0);
    CHECK(arc.through.y == 1.0);
    // Written with the arc as an arc, read back number for number.
    const std::string text = piece_set_to_json(set);
    CHECK(text.find(R"({"through": [0, 1]})") != std::string::npos);
    const PieceShape back = piece_set_from_json(text).set.shape(0);
    REQUIRE(back.outline.size() == shape.outline.size());
    for (std::size_t k = 0; k < shape.outline.size(); ++k) {
      CHECK(back.outline[k].x == shape.outline[k].x);
      CHECK(back.outline[k].y == shape.outline[k].y);
    }
    REQUIRE(back.arcs.size() == 1);
    CHECK(back.arcs[0].start == arc.start);
    CHECK(back.arcs[0].sweep_deg == arc.sweep_deg);
    CHECK(back.arcs[0].centre.x == arc.centre.x);
    CHECK(back.arcs[0].radius == arc.radius);
  }
}

TEST_CASE("piece sets: bad files get one line naming the field") {
  const std::pair<std::string, std::string> cases[] = {
      {"{", "malformed JSON"},
      {R"({"format": "tangram-solution/1"})", "wrong format tag"},
      {R"({"format": "tangram-pieces/1", "pieces": []})", "missing \"name\""},
      {file_with("[]"), "\"pieces\" is empty"},
      {file_with(R"([{"name": "a"}])"), "piece 1 (a): missing \"outline\""},
      {file_with(R"([{"name": "a", "count": 0, "outline": [[0,0],[1,0],[0,1]]}])"),
       "piece 1 (a): \"count\" must be a whole number"},
      {file_with(R"([{"name": "a", "outline": [[0,0],[1,0]]}])"), "fewer than 3 vertices"},
      {file_with(R"([{"name": "a", "outline": [[0,0],[1,0],[0,"x"]]}])"),
       "outline item 3 is not a pair of numbers"},
      {file_with(R"([{"name": "a", "outline": [[0,0],[1,1],[1,0],[0,1]]}])"),
       "the outline crosses itself"},
      {file_with(
           R"([{"name": "a", "outline": [[0,0],{"through": [1,1]},{"through": [2,2]},[0,1]]}])"),
       "an arc must lie between two vertices"},
      {file_with(R"([{"name": "a", "outline": [[0,0],{"through": [1,0]},[2,0],[0,1]]}])"),
       "the arc's three points lie on a line"},
      {file_with(
           R"([{"name": "a", "outline": [[0,0],[1,0],[0,1]]}, {"name": "a", "outline": [[0,0],[1,0],[0,1]]}])"),
       "the name is used twice"},
      {file_with(R"([{"name": "a", "outline": [[0,0],[1,0],[0,1]]}])",
                 R"("rotations": {"angles_deg": [0, 45, 90]}, )"),
       "\"angles_deg\" must be the multiples of one step"},
      {file_with(R"([{"name": "a", "outline": [[0,0],[1,0],[0,1]]}])", R"("rotations": {}, )"),
       "\"rotations\" needs one of"},
      // A sliver 1000 units long of area 0.5 beside a unit square: its mask would dwarf any
      // figure (the fuzzer's finding, fuzz/regressions/fuzz_piece_set/).
      {file_with(R"([{"name": "a", "outline": [[0,0],[1,0],[1,1],[0,1]]},
                     {"name": "b", "outline": [[0,0],[1000,0],[0,0.001]]}])"),
       "piece 2 (b): it reaches more than 20 times the set's side"},
  };
  for (const auto& [text, words] : cases) {
    const auto& text_ = text;  // clang 14 lambdas take no bindings
    CAPTURE(text_);
    try {
      piece_set_from_json(text, "x.json");
      FAIL("accepted");
    } catch (const InputError& e) {
      const std::string message = e.what();
      CHECK(message.find("invalid piece set x.json: ") == 0);
      CHECK(message.find(words) != std::string::npos);
      CHECK(message.find('\n') == std::string::npos);
    }
  }
  CHECK_THROWS_WITH_AS(builtin_piece_set("tangrams"), doctest::Contains("no built-in piece set"),
                       InputError);
}

TEST_CASE("piece sets: piece_set_to_json reads back as the same set, for every built-in set") {
  for (const std::string& name : builtin_piece_set_names()) {
    CAPTURE(name);
    const PieceSet set = builtin_piece_set(name).set;
    const std::string text = piece_set_to_json(set);
    CHECK(text.find('\n') == std::string::npos);
    const PieceSet back = piece_set_from_json(text).set;
    CHECK(back.name() == set.name());
    CHECK(back.grid_step_deg() == doctest::Approx(set.grid_step_deg()));
    REQUIRE(back.shape_count() == set.shape_count());
    for (std::size_t s = 0; s < set.shape_count(); ++s) {
      const PieceShape &a = set.shape(static_cast<ShapeId>(s)),
                       &b = back.shape(static_cast<ShapeId>(s));
      CHECK(a.name == b.name);
      CHECK(a.count == b.count);
      REQUIRE(a.outline.size() == b.outline.size());
      for (std::size_t k = 0; k < a.outline.size(); ++k) {
        CHECK(a.outline[k].x == b.outline[k].x);
        CHECK(a.outline[k].y == b.outline[k].y);
      }
      REQUIRE(a.arcs.size() == b.arcs.size());
      for (std::size_t k = 0; k < a.arcs.size(); ++k) {
        const PieceArc &p = a.arcs[k], &q = b.arcs[k];
        CHECK(p.start == q.start);
        CHECK(p.chords == q.chords);
        CHECK(p.centre.x == q.centre.x);
        CHECK(p.centre.y == q.centre.y);
        CHECK(p.radius == q.radius);
        CHECK(p.sweep_deg == q.sweep_deg);
        CHECK(p.through.x == q.through.x);
        CHECK(p.through.y == q.through.y);
      }
      CHECK(back.rotation_period_deg(static_cast<ShapeId>(s)) ==
            set.rotation_period_deg(static_cast<ShapeId>(s)));
      CHECK(back.mirror_distinct(static_cast<ShapeId>(s)) ==
            set.mirror_distinct(static_cast<ShapeId>(s)));
    }
  }
}
