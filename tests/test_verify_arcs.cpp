// The checker on curved pieces (core/verify.hpp): an arc is compared as an arc, whatever
// chords a placed piece draws it with. The assemblies are the built-in curved sets' own
// ("assembly" of src/io/sets/*.json), drawn here with their arcs sampled at other steps or
// spoilt.

#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/io/piece_sets.hpp"

using namespace tangram;

namespace {

// How one arc of the assembly is drawn.
enum class ArcDrawing {
  True,      // on its circle
  Straight,  // its chord alone
  Wider,     // on a circle of 1.25 times its radius through its ends, bulging the same way
  Inverted,  // mirrored in its chord: bulging the other way
};

// The arc from a to b through m, sampled by the fewest equal chords of at most `step_deg`:
// the points after a, up to and without b.
std::vector<Vec2> drawn_arc(Vec2 a, Vec2 m, Vec2 b, double step_deg, ArcDrawing drawing) {
  if (drawing == ArcDrawing::Straight) return {};
  const double d = 2.0 * (a.x * (m.y - b.y) + m.x * (b.y - a.y) + b.x * (a.y - m.y));
  const double a2 = dot(a, a), m2 = dot(m, m), b2 = dot(b, b);
  Vec2 c{(a2 * (m.y - b.y) + m2 * (b.y - a.y) + b2 * (a.y - m.y)) / d,
         (a2 * (b.x - m.x) + m2 * (a.x - b.x) + b2 * (m.x - a.x)) / d};
  double r = std::hypot(a.x - c.x, a.y - c.y);
  if (drawing == ArcDrawing::Wider) {
    // The centre moves away from the bulge along the chord's bisector.
    const Vec2 mid = 0.5 * (a + b), half = 0.5 * (b - a);
    const Vec2 axis = (1.0 / std::hypot(mid.x - c.x, mid.y - c.y)) * (c - mid);
    r *= 1.25;
    c = mid + std::sqrt(r * r - dot(half, half)) * axis;
  }
  const auto angle = [&](Vec2 p) { return std::atan2(p.y - c.y, p.x - c.x); };
  const auto ccw = [](double from, double to) {
    const double s = std::fmod(to - from, 2 * M_PI);
    return s < 0 ? s + 2 * M_PI : s;
  };
  const double t0 = angle(a), t1 = angle(b);
  const double sweep = ccw(t0, angle(m)) < ccw(t0, t1) ? ccw(t0, t1) : -ccw(t1, t0);
  const int steps = static_cast<int>(std::ceil(std::abs(sweep) * 180.0 / M_PI / step_deg - 1e-9));
  std::vector<Vec2> points;
  for (int k = 1; k < steps; ++k) {
    const double t = t0 + sweep * k / steps;
    Vec2 p{c.x + r * std::cos(t), c.y + r * std::sin(t)};
    if (drawing == ArcDrawing::Inverted) {  // reflected in the line through a and b
      const Vec2 u = (1.0 / std::hypot(b.x - a.x, b.y - a.y)) * (b - a);
      const Vec2 w = p - a;
      p = a + (2.0 * dot(w, u)) * u - w;
    }
    points.push_back(p);
  }
  return points;
}

// A built-in curved set with its file's assembly, drawn at 100 px per set unit turned by 17
// degrees (within 480 x 460 px), and the pattern of that assembly drawn with 1-degree chords.
struct CurvedAssembly {
  PieceSet set = PieceSet::tangram();
  nlohmann::json assembly;

  explicit CurvedAssembly(const std::string& name) : set(builtin_piece_set(name).set) {
    std::ifstream in(std::string(TANGRAM_SOURCE_DIR) + "/src/io/sets/" + name + ".json");
    std::stringstream text;
    text << in.rdbuf();
    assembly = nlohmann::json::parse(text.str()).at("assembly");
  }

  // The pixel frame: turned by 17 degrees about the set's origin, moved into the picture.
  static Vec2 to_px(Vec2 v) {
    const double t = 17.0 * M_PI / 180.0, unit = 100.0;
    return {130.0 + unit * (v.x * std::cos(t) - v.y * std::sin(t)),
            30.0 + unit * (v.x * std::sin(t) + v.y * std::cos(t))};
  }

  // The pieces with arcs sampled every `step_deg`; arc `spoilt_arc` (counted over the whole
  // assembly from 0) drawn as `drawing`.
  std::vector<PlacedPiece> pieces(double step_deg, int spoilt_arc = -1,
                                  ArcDrawing drawing = ArcDrawing::True) const {
    std::vector<PlacedPiece> out;
    int arc = 0;
    for (const auto& item : assembly) {
      const auto& vertices = item.at("vertices");
      const std::size_t n = vertices.size();
      const auto point = [&](std::size_t i) {
        const auto& entry = vertices[i % n];
        const auto& v = entry.is_object() ? entry.at("through") : entry;
        return Vec2{v[0].get<double>(), v[1].get<double>()};
      };
      Polygon outline;
      for (std::size_t i = 0; i < n; ++i) {
        if (!vertices[i].is_object()) {
          outline.push_back(point(i));
          continue;
        }
        const ArcDrawing how = arc++ == spoilt_arc ? drawing : ArcDrawing::True;
        for (const Vec2& p : drawn_arc(point(i + n - 1), point(i), point(i + 1), step_deg, how))
          outline.push_back(p);
      }
      PlacedPiece piece;
      piece.shape = *set.find(item.at("piece").get<std::string>());
      for (const Vec2& v : outline) piece.polygon.push_back(to_px(v));
      piece.pose.centre = centroid(piece.polygon);
      out.push_back(piece);
    }
    return out;
  }

  // The puzzle: pixels whose centre lies in a piece drawn with 1-degree chords.
  Pattern pattern() const {
    cv::Mat1b mask(460, 480, uchar{0});
    for (const PlacedPiece& p : pieces(1.0)) {
      const Box box = bounding_box(p.polygon);
      for (int i = static_cast<int>(box.y0); i <= static_cast<int>(box.y1); ++i)
        for (int j = static_cast<int>(box.x0); j <= static_cast<int>(box.x1); ++j)
          if (inside_polygon(p.polygon, {j + 0.5, i + 0.5})) mask(i, j) = 255;
    }
    return make_pattern(mask);
  }
};

std::string all_reasons(const VerifyReport& report) {
  std::string all;
  for (const std::string& r : report.reasons) all += r + "; ";
  return all;
}

bool gives_reason(const VerifyReport& report, const std::string& text) {
  return all_reasons(report).find(text) != std::string::npos;
}

}  // namespace

TEST_CASE("verify arcs: the curved sets' assemblies pass with arcs in 1 to 9 degree chords") {
  for (const char* name : {"egg-of-columbus", "broken-heart"}) {
    const CurvedAssembly fixture(name);
    const Pattern pattern = fixture.pattern();
    for (const double step : {1.0, 3.0, 5.0, 9.0}) {
      const std::string set_name = name;
      CAPTURE(set_name);
      CAPTURE(step);
      const VerifyReport report = verify_solution(pattern, fixture.pieces(step), fixture.set);
      INFO(all_reasons(report));
      CHECK(report.valid);
      CHECK(report.max_edge_err < 1e-9);
      CHECK(report.max_angle_err_deg < 1e-9);
      CHECK(report.metrics.coverage > 0.98);
    }
  }
}

TEST_CASE("verify arcs: points a little off (0.2 px at 100 px per unit) still pass") {
  for (const char* name : {"egg-of-columbus", "broken-heart"}) {
    const CurvedAssembly fixture(name);
    const Pattern pattern = fixture.pattern();
    for (const double step : {1.0, 5.0}) {
      std::mt19937 rng(5);
      std::uniform_real_distribution<double> jitter(-0.2, 0.2);
      std::vector<PlacedPiece> pieces = fixture.pieces(step);
      for (PlacedPiece& p : pieces)
        for (Vec2& v : p.polygon) v = v + Vec2{jitter(rng), jitter(rng)};
      const VerifyReport report = verify_solution(pattern, pieces, fixture.set);
      const std::string set_name = name;
      CAPTURE(set_name);
      CAPTURE(step);
      INFO(all_reasons(report));
      CHECK(report.valid);
      CHECK(report.max_edge_err > 1e-3);
    }
  }
}

TEST_CASE("verify arcs: chords wider than 10 degrees of an arc are refused") {
  const CurvedAssembly fixture("broken-heart");
  const VerifyReport report = verify_solution(fixture.pattern(), fixture.pieces(12.0), fixture.set);
  CHECK_FALSE(report.valid);
  // The quarter discs' 90 degrees in 8 chords of 11.25 degrees.
  CHECK(gives_reason(report, "piece 0 (quarter-disc) arc 1 has a chord spanning 11."));
  CHECK(gives_reason(report, " deg of it (at most 10.0)"));
  CHECK_FALSE(gives_reason(report, "not congruent"));
}

TEST_CASE("verify arcs: a straightened, wider or inverted arc is refused, naming piece and arc") {
  struct Case {
    const char* set;
    int arc;          // arc of the assembly spoilt
    const char* tag;  // the piece that holds it
  };
  const Case cases[] = {{"egg-of-columbus", 0, "piece 3 (cap-sector) arc 1 "},
                        {"egg-of-columbus", 3, "piece 6 (side) arc 1 "},
                        {"egg-of-columbus", 5, "piece 8 (base) arc 1 "},
                        {"broken-heart", 0, "piece 0 (quarter-disc) arc 1 "},
                        {"broken-heart", 4, "piece 4 (eighth-disc) arc 1 "}};
  const std::pair<ArcDrawing, const char*> drawings[] = {
      {ArcDrawing::Straight, "is straight"},
      {ArcDrawing::Wider, "is off its circle"},
      {ArcDrawing::Inverted, "bulges the wrong way"}};
  for (const Case& c : cases) {
    const CurvedAssembly fixture(c.set);
    const Pattern pattern = fixture.pattern();
    for (const auto& [drawing, words] : drawings) {
      const VerifyReport report =
          verify_solution(pattern, fixture.pieces(3.0, c.arc, drawing), fixture.set);
      const std::string piece = c.tag, expected = words;
      CAPTURE(piece);
      CAPTURE(expected);
      INFO(all_reasons(report));
      CHECK_FALSE(report.valid);
      CHECK(gives_reason(report, std::string(c.tag) + words));
      CHECK_FALSE(gives_reason(report, "not congruent"));  // the corners are right
      for (const std::string& r : report.reasons) CHECK(r.find('\n') == std::string::npos);
    }
  }
}

TEST_CASE("verify arcs: a curved piece's corners are still compared") {
  const CurvedAssembly fixture("egg-of-columbus");
  std::vector<PlacedPiece> pieces = fixture.pieces(3.0);
  Polygon& side = pieces[5].polygon;  // a side piece: its straight corner moved by 4 px
  side.back() = side.back() + Vec2{4.0, 0.0};
  const VerifyReport report = verify_solution(fixture.pattern(), pieces, fixture.set);
  INFO(all_reasons(report));
  CHECK_FALSE(report.valid);
  CHECK(gives_reason(report, "piece 5 (side) not congruent"));
  // Too few points for the corners and an arc point each.
  pieces[3].polygon.resize(2);
  CHECK(gives_reason(verify_solution(fixture.pattern(), pieces, fixture.set),
                     "piece 3 (cap-sector): 2 vertices (expected at least 4)"));
}
