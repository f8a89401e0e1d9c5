#include <doctest/doctest.h>

#include <random>

#include "square_assembly.hpp"
#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/core/refine/polish.hpp"

using namespace tangram;

namespace {

double objective(const AreaMetrics& m) { return m.overlap + m.spill + (1.0 - m.coverage); }

// The square assembly of side 200 px turned by `turn_deg`, its raster, and a copy of the
// pieces with every centre moved by a random offset of at most `max_offset` px.
struct Jittered {
  std::vector<PlacedPiece> truth;
  Pattern pattern;
  std::vector<PlacedPiece> pieces;

  Jittered(double turn_deg, double max_offset, unsigned seed)
      : truth(test::square_assembly(200.0, {160.3, 158.6}, turn_deg)),
        pattern(make_pattern(test::rasterise(truth, {320, 320}))),
        pieces(truth) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> radius(0.0, max_offset), angle(0.0, 6.283185307179586);
    for (PlacedPiece& p : pieces) {
      const double r = radius(rng), a = angle(rng);
      p.pose.centre = p.pose.centre + Vec2{r * std::cos(a), r * std::sin(a)};
      p.polygon = PieceSet::tangram().posed_polygon(p.shape, pattern.side_px, p.pose);
    }
  }
};

}  // namespace

TEST_CASE("polish: a jittered square assembly becomes valid with less overlap and spill") {
  for (const double turn : {0.0, 30.0}) {
    for (unsigned seed = 1; seed <= 3; ++seed) {
      Jittered j(turn, 1.0, seed);
      const AreaMetrics before = measure_areas(j.pattern, j.pieces);
      polish(j.pattern, PieceSet::tangram(), j.pieces);
      const AreaMetrics after = measure_areas(j.pattern, j.pieces);
      CAPTURE(turn);
      CAPTURE(seed);
      CHECK(after.overlap + after.spill < before.overlap + before.spill);
      CHECK(objective(after) <= objective(before));
      const VerifyReport report = verify_solution(j.pattern, j.pieces, PieceSet::tangram());
      CHECK(report.valid);
      CHECK(after.overlap < 0.002);
    }
  }
}

TEST_CASE("polish: pieces stay within max_shift_px of their start and keep their polygons posed") {
  Jittered j(30.0, 1.0, 11);
  const std::vector<PlacedPiece> start = j.pieces;
  PolishConfig config;
  config.max_shift_px = 0.3;
  polish(j.pattern, PieceSet::tangram(), j.pieces, config);
  for (std::size_t k = 0; k < start.size(); ++k) {
    const Vec2 d = j.pieces[k].pose.centre - start[k].pose.centre;
    CHECK(std::hypot(d.x, d.y) <= 0.3 + 1e-9);
    CHECK(j.pieces[k].pose.angle_deg == start[k].pose.angle_deg);
    const PlacedPiece& p = j.pieces[k];
    CHECK(test::same_vertices(
        p.polygon, PieceSet::tangram().posed_polygon(p.shape, j.pattern.side_px, p.pose)));
  }
}

TEST_CASE("polish: small turns are allowed only within max_turn_deg") {
  Jittered j(30.0, 1.0, 5);
  for (PlacedPiece& p : j.pieces) {
    p.pose.angle_deg += 0.8;
    p.polygon = PieceSet::tangram().posed_polygon(p.shape, j.pattern.side_px, p.pose);
  }
  const std::vector<PlacedPiece> start = j.pieces;
  const double before = objective(measure_areas(j.pattern, j.pieces));
  PolishConfig config;
  config.max_turn_deg = 1.0;
  polish(j.pattern, PieceSet::tangram(), j.pieces, config);
  const double after = objective(measure_areas(j.pattern, j.pieces));
  CHECK(after < before);
  bool turned = false;
  for (std::size_t k = 0; k < start.size(); ++k) {
    double d = j.pieces[k].pose.angle_deg - start[k].pose.angle_deg;
    d -= 360.0 * std::round(d / 360.0);
    CHECK(std::abs(d) <= 1.0 + 1e-9);
    turned = turned || std::abs(d) > 0.05;
  }
  CHECK(turned);
  CHECK(verify_solution(j.pattern, j.pieces, PieceSet::tangram()).valid);
}

TEST_CASE("polish: never increases the objective, even from the exact assembly") {
  for (unsigned seed = 20; seed < 26; ++seed) {
    Jittered j(seed * 7.0, 2.0 * (seed % 3), seed);
    const double before = objective(measure_areas(j.pattern, j.pieces));
    polish(j.pattern, PieceSet::tangram(), j.pieces);
    CAPTURE(seed);
    CHECK(objective(measure_areas(j.pattern, j.pieces)) <= before);
  }
}

TEST_CASE("polish: the same input gives the same poses") {
  Jittered a(30.0, 1.0, 9), b(30.0, 1.0, 9);
  polish(a.pattern, PieceSet::tangram(), a.pieces);
  polish(b.pattern, PieceSet::tangram(), b.pieces);
  for (std::size_t k = 0; k < a.pieces.size(); ++k) {
    CHECK(a.pieces[k].pose.centre.x == b.pieces[k].pose.centre.x);
    CHECK(a.pieces[k].pose.centre.y == b.pieces[k].pose.centre.y);
    CHECK(a.pieces[k].pose.angle_deg == b.pieces[k].pose.angle_deg);
  }
}

TEST_CASE("polish: a pose tried again reuses the area terms measured there") {
  for (unsigned seed = 30; seed < 34; ++seed) {
    Jittered j(seed * 11.0, 1.5, seed);
    PolishConfig config;
    config.max_turn_deg = 1.0;
    const PolishReport report = polish(j.pattern, PieceSet::tangram(), j.pieces, config);
    CAPTURE(seed);
    // Each trial needs the moved piece's own terms and its terms with each other piece.
    const long terms = report.trials * static_cast<long>(j.pieces.size());
    CHECK(report.measured + report.reused == terms);
    CHECK(report.reused > terms / 4);
  }
}

TEST_CASE(
    "polish: the trial cap, the deadline and a cancel bound its work, never making it worse") {
  for (const long cap : {0L, 1L, 7L, 40L}) {
    Jittered j(30.0, 1.0, 3);
    const double before = objective(measure_areas(j.pattern, j.pieces));
    PolishConfig config;
    config.max_trials = cap;
    const PolishReport report = polish(j.pattern, PieceSet::tangram(), j.pieces, config);
    CAPTURE(cap);
    CHECK(report.trials <= cap);
    CHECK(report.capped);
    CHECK(report.moves <= report.trials);
    CHECK(objective(measure_areas(j.pattern, j.pieces)) <= before);
  }
  // Uncapped it stops by itself, within the default cap.
  Jittered free(30.0, 1.0, 3);
  const PolishReport report = polish(free.pattern, PieceSet::tangram(), free.pieces);
  CHECK_FALSE(report.capped);
  CHECK(report.trials > 40);
  CHECK(report.trials < PolishConfig{}.max_trials);
  // A deadline already passed: no trial, the pieces as they were.
  Jittered late(30.0, 1.0, 3);
  const std::vector<PlacedPiece> start = late.pieces;
  PolishConfig past;
  past.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  const PolishReport none = polish(late.pattern, PieceSet::tangram(), late.pieces, past);
  CHECK(none.trials == 0);
  CHECK(none.capped);
  for (std::size_t k = 0; k < start.size(); ++k)
    CHECK(late.pieces[k].pose.centre.x == start[k].pose.centre.x);
  // Cancelled after 16 trials: it stops at its next look (every 8 trials).
  Jittered dropped(30.0, 1.0, 3);
  PolishConfig cancel;
  long looks = 0;
  cancel.cancelled = [&looks] { return ++looks > 2; };
  const PolishReport stopped = polish(dropped.pattern, PieceSet::tangram(), dropped.pieces, cancel);
  CHECK(stopped.capped);
  CHECK(stopped.trials == 16);
}
