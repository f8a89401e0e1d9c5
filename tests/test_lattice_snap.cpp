// The set's exact lattice and the lattice snap (lattice_snap.hpp): the Tangram square, disturbed
// as the raster search leaves it and snapped, comes back with every vertex exactly on the
// lattice (a + b sqrt 2) / 4, at 45 degrees and turned; an assembly with a piece truly off the
// lattice is left alone.

#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "square_assembly.hpp"
#include "tangram/core/geometry/outline.hpp"
#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/core/refine/detail/lattice_snap.hpp"
#include "tangram/core/refine/snap.hpp"
#include "tangram/io/piece_sets.hpp"

using namespace tangram;

namespace {

const double kRoot2 = std::sqrt(2.0);

/// `pieces` re-posed at `unit_px` (as the search poses them: at the pattern's own scale).
std::vector<PlacedPiece> posed_at(std::vector<PlacedPiece> pieces, double unit_px) {
  for (PlacedPiece& p : pieces)
    p.polygon = PieceSet::tangram().posed_polygon(p.shape, unit_px, p.pose);
  return pieces;
}

/// The largest distance between a vertex of `pieces` and the same vertex of `truth`, both taken
/// relative to their first piece's first vertex and turned back by their own direction (the
/// first piece's angle modulo 45 degrees): the lattice fixes shapes, not where they lie.
double relative_miss(const std::vector<PlacedPiece>& pieces,
                     const std::vector<PlacedPiece>& truth) {
  double worst = 0.0;
  const Vec2 o = pieces[0].polygon[0], t = truth[0].polygon[0];
  const double a = -std::fmod(pieces[0].pose.angle_deg, 45.0);
  const double b = -std::fmod(truth[0].pose.angle_deg, 45.0);
  for (std::size_t p = 0; p < pieces.size(); ++p)
    for (std::size_t i = 0; i < pieces[p].polygon.size(); ++i) {
      const Vec2 d = rotate_local(pieces[p].polygon[i] - o, a, false) -
                     rotate_local(truth[p].polygon[i] - t, b, false);
      worst = std::max(worst, std::hypot(d.x, d.y));
    }
  return worst;
}

}  // namespace

TEST_CASE("set_lattice: the Tangram's quarters of 1 and sqrt 2, the pentominoes' integers") {
  const std::optional<SetLattice> tangram = set_lattice(PieceSet::tangram());
  REQUIRE(tangram);
  CHECK(tangram->grid_deg == 45.0);
  CHECK(tangram->root == doctest::Approx(kRoot2));
  CHECK(tangram->denominator == 4);
  const std::optional<SetLattice> pentominoes = set_lattice(builtin_piece_set("pentominoes").set);
  REQUIRE(pentominoes);
  CHECK(pentominoes->root == 0.0);
  CHECK(pentominoes->denominator == 1);
  // The Stomachion's outlines are in steps of its 12 x 12 grid: whole numbers.
  const std::optional<SetLattice> stomachion = set_lattice(builtin_piece_set("stomachion").set);
  REQUIRE(stomachion);
  CHECK(stomachion->root == 0.0);
  CHECK(stomachion->denominator == 1);
  // Curved pieces have no lattice.
  CHECK_FALSE(set_lattice(builtin_piece_set("egg-of-columbus").set));
}

TEST_CASE("lattice_value: the simplest (a + b r) / q within the tolerance") {
  const SetLattice tangram = *set_lattice(PieceSet::tangram());
  const std::optional<LatticeValue> v = lattice_value((3.0 + 2.0 * kRoot2) / 4.0, tangram, 1e-9);
  REQUIRE(v);
  CHECK(v->a == 3);
  CHECK(v->b == 2);
  CHECK(lattice_value(-kRoot2 / 4.0, tangram, 1e-9)->b == -1);
  CHECK(lattice_value(0.0, tangram, 1e-9)->a == 0);
  CHECK_FALSE(lattice_value(0.3, tangram, 1e-9));
  // A wide tolerance finds something simpler than the nearest.
  const std::optional<LatticeValue> near = lattice_value(0.26, tangram, 0.02);
  REQUIRE(near);
  CHECK(near->a == 1);
  CHECK(near->b == 0);
}

TEST_CASE(
    "lattice_check: the exact square is on the lattice, at 45 degrees and turned; "
    "a piece moved or turned off it is not") {
  for (const double turn : {0.0, 30.0, 45.0 + 12.5}) {
    CAPTURE(turn);
    const std::vector<PlacedPiece> square = test::square_assembly(160.0, {120.0, 120.0}, turn);
    const LatticeCheck exact = lattice_check(square, PieceSet::tangram(), 160.0);
    CHECK(exact.on());
    CHECK(exact.direction_deg == doctest::Approx(std::fmod(turn, 45.0)));
    std::vector<PlacedPiece> moved = square;
    moved[3].pose.centre = moved[3].pose.centre + Vec2{0.01, 0.0};
    moved = posed_at(moved, 160.0);
    const LatticeCheck off = lattice_check(moved, PieceSet::tangram(), 160.0);
    CHECK_FALSE(off.on());
    CHECK(off.off_coordinates >= 4);
    // Moved by an exact lattice value far out in the dense lattice, (-85 + 60 sqrt 2) / 4 (about
    // -0.037): a near miss, not an assembly's value.
    std::vector<PlacedPiece> far = square;
    const double near_miss = (-85.0 + 60.0 * kRoot2) / 4.0;
    far[3].pose.centre = far[3].pose.centre + rotate_local({160.0 * near_miss, 0.0}, turn, false);
    far = posed_at(far, 160.0);
    const LatticeCheck far_check = lattice_check(far, PieceSet::tangram(), 160.0);
    CHECK(far_check.height <= 10);  // 4 (E + 1), the square 1 or sqrt 2 set units across
    CHECK_FALSE(far_check.on());
    std::vector<PlacedPiece> turned = square;
    turned[5].pose.angle_deg += 10.0;
    turned = posed_at(turned, 160.0);
    CHECK(lattice_check(turned, PieceSet::tangram(), 160.0).worst_turn_deg ==
          doctest::Approx(10.0));
    CHECK_FALSE(lattice_check(turned, PieceSet::tangram(), 160.0).on());
  }
}

TEST_CASE("lattice snap: a square slightly disturbed comes back exactly, corner by corner") {
  for (const double turn : {0.0, 30.0, 45.0 + 12.5}) {
    CAPTURE(turn);
    const std::vector<PlacedPiece> truth = test::square_assembly(160.0, {120.3, 119.6}, turn);
    const Pattern pattern = make_pattern(test::rasterise(truth, {240, 240}));
    // Shifted by up to 0.04 px and turned by up to 0.01 degrees: the contacts the snap leaves,
    // but not exact.
    std::vector<PlacedPiece> pieces = test::disturbed_assembly(truth, 160.0, 0.04, 0.01);
    CHECK_FALSE(lattice_check(pieces, PieceSet::tangram(), 160.0).on());
    const LatticeSnapReport report = lattice_snap(pattern, PieceSet::tangram(), pieces);
    REQUIRE(report.applied);
    CHECK(report.turned == 7);
    CHECK(report.fixed == 6);  // every piece meets another corner to corner
    CHECK(report.slid + report.rounded == 0);
    CHECK(lattice_check(pieces, PieceSet::tangram(), 160.0).on());
    // The square's own shape, to rounding (turned pieces in the direction the outline gives,
    // some thousandths of a degree off the true one).
    CHECK(relative_miss(pieces, truth) < 1e-9 * 160.0);
  }
}

TEST_CASE("lattice snap: a disturbed square, snapped, comes back exactly on the lattice") {
  for (const double turn : {0.0, 17.0, 45.0 + 29.5}) {
    CAPTURE(turn);
    const std::vector<PlacedPiece> square = test::square_assembly(160.0, {120.3, 119.6}, turn);
    const Pattern pattern = make_pattern(test::rasterise(square, {240, 240}));
    const double unit_px = PieceSet::tangram().unit_px(pattern.side_px);
    // The exact square at the pattern's scale (the search poses pieces at it).
    const std::vector<PlacedPiece> truth = test::square_assembly(unit_px, {120.3, 119.6}, turn);
    const std::vector<OutlineRing> outline = vectorise_outline(pattern.puzzle);
    // As the raster search leaves them: a pixel off, and turned ones a degree off.
    const std::vector<PlacedPiece> raster =
        test::disturbed_assembly(truth, unit_px, 1.0, turn == 0.0 ? 0.0 : 1.0);

    SnapConfig without;
    without.lattice = false;
    std::vector<PlacedPiece> snapped = raster;
    REQUIRE(snap_checked(pattern, PieceSet::tangram(), outline, snapped, without));

    std::vector<PlacedPiece> pieces = snapped;
    const LatticeSnapReport report = lattice_snap(pattern, PieceSet::tangram(), pieces);
    CHECK(report.applied);
    CHECK(report.fixed == 6);
    CHECK(lattice_check(pieces, PieceSet::tangram(), unit_px).on());
    CHECK(relative_miss(pieces, truth) < 1e-9 * unit_px);
    // And kept: it passes the checker and is no worse.
    std::vector<PlacedPiece> checked = snapped;
    CHECK(lattice_snap_checked(pattern, PieceSet::tangram(), checked));
    CHECK(lattice_check(checked, PieceSet::tangram(), unit_px).on());
    const AreaMetrics before = measure_areas(pattern, snapped),
                      after = measure_areas(pattern, checked);
    CHECK(after.coverage >= before.coverage - kLatticeCoverageGive);
    CHECK(after.overlap <= before.overlap + kLatticeOverlapGive);
    // snap_checked() does both by default.
    std::vector<PlacedPiece> both = raster;
    REQUIRE(snap_checked(pattern, PieceSet::tangram(), outline, both));
    CHECK(lattice_check(both, PieceSet::tangram(), unit_px).on());
  }
}

TEST_CASE("lattice snap: a corner sliding along an edge keeps to the edge, its slide rounded") {
  // The square with its small triangle at the right taken out and laid against the right side,
  // hypotenuse on x = 1, slid down by about 0.55 set units: a figure with a notch and a bump.
  const double unit_px = 160.0;
  std::vector<PlacedPiece> pieces = test::square_assembly(unit_px, {120.0, 120.0}, 0.0);
  // The small triangle (1,0)(1,0.5)(0.75,0.25) turned to point right: (1,s)(1,s+.5)(1.25,s+.25).
  const double slide = 0.55 + 0.3 / unit_px;  // off the lattice by 0.3 px
  PlacedPiece& small = pieces[5];
  REQUIRE(small.shape == tangram_shapes::small_triangle);
  small.pose.angle_deg = std::fmod(small.pose.angle_deg + 180.0, 360.0);
  const Vec2 corner{120.0 - 80.0, 120.0 - 80.0};  // the square's top left, set (0, 0)
  small.pose.centre = corner + unit_px * Vec2{1.0 + 0.25 / 3.0, slide + 0.25};
  small.polygon = PieceSet::tangram().posed_polygon(small.shape, unit_px, small.pose);
  const Pattern pattern = make_pattern(test::rasterise(pieces, {260, 240}));
  const double unit = unit_px;  // lattice_snap() takes the pieces' own scale

  std::vector<PlacedPiece> moved = pieces;
  const LatticeSnapReport report = lattice_snap(pattern, PieceSet::tangram(), moved);
  REQUIRE(report.applied);
  CHECK(report.slid == 1);
  CHECK(lattice_check(moved, PieceSet::tangram(), unit).on());
  // The small triangle still has its hypotenuse on the square's right side (the medium
  // triangle's rightmost corners) ...
  const auto extreme_x = [](const Polygon& polygon, bool least) {
    double x = polygon[0].x;
    for (const Vec2& v : polygon) x = least ? std::min(x, v.x) : std::max(x, v.x);
    return x;
  };
  CHECK(std::abs(extreme_x(moved[5].polygon, true) - extreme_x(moved[2].polygon, false)) <
        1e-9 * unit);
  // ... moved along it by no more than the rounding window, not across it.
  const Vec2 shift =
      (moved[5].polygon[0] - moved[0].polygon[0]) - (pieces[5].polygon[0] - pieces[0].polygon[0]);
  CHECK(std::abs(shift.x) < 1e-6);
  CHECK(std::abs(shift.y) <= LatticeSnapConfig{}.window_px + 1e-9);
  CHECK(std::abs(shift.y) > 1e-3);
}

TEST_CASE("lattice snap: a piece turned off the grid leaves the assembly alone") {
  // The square with its square piece turned by 10 degrees about its centre (as masks/20-24 turn
  // a piece): no lattice holds it.
  std::vector<PlacedPiece> pieces = test::square_assembly(160.0, {120.0, 120.0}, 0.0);
  pieces[3].pose.angle_deg += 10.0;
  pieces = posed_at(pieces, 160.0);
  const Pattern pattern = make_pattern(test::rasterise(pieces, {240, 240}));
  const std::vector<PlacedPiece> before = pieces;
  const LatticeSnapReport report = lattice_snap(pattern, PieceSet::tangram(), pieces);
  CHECK_FALSE(report.applied);
  CHECK(std::string(report.refusal) == "a piece is turned off the grid");
  CHECK_FALSE(lattice_snap_checked(pattern, PieceSet::tangram(), pieces));
  for (std::size_t p = 0; p < pieces.size(); ++p)
    CHECK(test::same_vertices(pieces[p].polygon, before[p].polygon, 0.0));
}

TEST_CASE(
    "lattice snap: kept when it passes the checker and gives up at most a fifth of a "
    "percent of coverage") {
  const auto report = [](bool valid, double coverage, double overlap) {
    VerifyReport r;
    r.valid = valid;
    r.metrics.coverage = coverage;
    r.metrics.overlap = overlap;
    return r;
  };
  // kilogram-dev's page4-183 at 45-degree steps: the lattice search's assembly and the same on
  // the set's own lattice (overlap gone, 0.00097 less covered).
  CHECK(lattice_snap_acceptable(report(true, 0.99583, 0.00080), report(true, 0.99486, 0.0)));
  // No overlap to lose, a little coverage (page5-151's vertex-search assembly).
  CHECK(lattice_snap_acceptable(report(true, 0.99661, 0.0), report(true, 0.99634, 0.0)));
  // More coverage lost than the give, or more overlap: refused.
  CHECK_FALSE(lattice_snap_acceptable(report(true, 0.99600, 0.0), report(true, 0.99390, 0.0)));
  CHECK_FALSE(lattice_snap_acceptable(report(true, 0.99600, 0.0), report(true, 0.99700, 0.0002)));
  // The checker decides first: an invalid result never, an invalid start always improved.
  CHECK_FALSE(lattice_snap_acceptable(report(true, 0.99, 0.0), report(false, 0.999, 0.0)));
  CHECK(lattice_snap_acceptable(report(false, 0.90, 0.02), report(true, 0.96, 0.0)));
}
