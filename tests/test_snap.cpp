// The exact snap (snap.hpp): a raster-like assembly, every piece off by up to a pixel and a
// degree, comes back edge to edge: pieces that touch share their edges exactly, nothing
// overlaps, and the pieces fill their square without a gap.

#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "square_assembly.hpp"
#include "tangram/core/geometry/outline.hpp"
#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/core/refine/snap.hpp"
#include "tangram/io/piece_sets.hpp"

using namespace tangram;

namespace {

/// Area of the convex hull of all the pieces' vertices.
double hull_area(const std::vector<PlacedPiece>& pieces) {
  Polygon vertices;
  std::vector<cv::Point2f> points;
  for (const PlacedPiece& p : pieces)
    for (const Vec2& v : p.polygon) {
      vertices.push_back(v);
      points.emplace_back(static_cast<float>(v.x), static_cast<float>(v.y));
    }
  std::vector<int> hull;
  cv::convexHull(points, hull);
  Polygon polygon;
  for (const int h : hull) polygon.push_back(vertices[static_cast<std::size_t>(h)]);
  return area(polygon);
}

double total_overlap(const std::vector<PlacedPiece>& pieces) {
  double sum = 0.0;
  for (std::size_t i = 0; i < pieces.size(); ++i)
    for (std::size_t j = i + 1; j < pieces.size(); ++j)
      sum += overlap_area(pieces[i].polygon, pieces[j].polygon);
  return sum;
}

double total_area(const std::vector<PlacedPiece>& pieces) {
  double sum = 0.0;
  for (const PlacedPiece& p : pieces) sum += area(p.polygon);
  return sum;
}

}  // namespace

TEST_CASE("snap: a disturbed square comes back edge to edge, at 45 degrees and turned") {
  for (const double turn : {0.0, 17.0, 45.0 + 29.5}) {
    CAPTURE(turn);
    const std::vector<PlacedPiece> truth = test::square_assembly(160.0, {120.3, 119.6}, turn);
    const Pattern pattern = make_pattern(test::rasterise(truth, {240, 240}));
    REQUIRE(pattern.side_px == doctest::Approx(160.0).epsilon(0.01));
    // The raster search's pieces sit on its rotation step: at 45 degrees exactly; turned, off
    // by up to a degree.
    const double scale = PieceSet::tangram().unit_px(pattern.side_px);
    std::vector<PlacedPiece> pieces =
        test::disturbed_assembly(truth, scale, 1.0, turn == 0.0 ? 0.0 : 1.0);
    const double before_gaps = hull_area(pieces) - total_area(pieces) + total_overlap(pieces);
    CHECK(before_gaps > 10.0);

    const SnapReport report =
        snap(pattern, PieceSet::tangram(), vectorise_outline(pattern.puzzle), pieces);
    CHECK(report.turned == (turn == 0.0 ? 0 : 7));
    CHECK(report.piece_contacts > 10);
    CHECK(report.outline_contacts > 4);
    CHECK(report.piece_residual_px < 1e-3);
    // Nothing overlaps, and the pieces fill their hull: no gap anywhere between them.
    CHECK(total_overlap(pieces) < 1e-3);
    CHECK(hull_area(pieces) - total_area(pieces) < 0.05);
    // True size kept; the assembly lies where the figure is, to a fraction of a pixel.
    for (std::size_t i = 0; i < pieces.size(); ++i) {
      CHECK(
          area(pieces[i].polygon) ==
          doctest::Approx(area(truth[i].polygon) * scale * scale / (160.0 * 160.0)).epsilon(1e-9));
      CHECK(std::hypot(pieces[i].pose.centre.x - truth[i].pose.centre.x,
                       pieces[i].pose.centre.y - truth[i].pose.centre.y) < 0.6);
    }
    const AreaMetrics m = measure_areas(pattern, pieces);
    CHECK(m.coverage > 0.995);
    CHECK(uncovered_inside(pattern, pieces) == 0.0);
  }
}

TEST_CASE("snap: pieces out of reach of each other and of the outline stay where they are") {
  const std::vector<PlacedPiece> truth = test::square_assembly(160.0, {120.0, 120.0}, 0.0);
  const Pattern pattern = make_pattern(test::rasterise(truth, {240, 240}));
  // Each piece alone, far from the others: nothing to snap to.
  std::vector<PlacedPiece> pieces = truth;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    pieces[i].pose.centre = {1000.0 + 300.0 * static_cast<double>(i), 1000.0};
    pieces[i].polygon = PieceSet::tangram().posed_polygon(pieces[i].shape, 160.0, pieces[i].pose);
  }
  const std::vector<PlacedPiece> before = pieces;
  const SnapReport report =
      snap(pattern, PieceSet::tangram(), vectorise_outline(pattern.puzzle), pieces);
  CHECK(report.piece_contacts == 0);
  CHECK(report.outline_contacts == 0);
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    CHECK(pieces[i].pose.centre.x == doctest::Approx(before[i].pose.centre.x));
    CHECK(pieces[i].pose.centre.y == doctest::Approx(before[i].pose.centre.y));
  }
}

TEST_CASE("uncovered_inside: gaps away from the outline, none for the exact assembly") {
  const std::vector<PlacedPiece> truth = test::square_assembly(160.0, {120.0, 120.0}, 0.0);
  const Pattern pattern = make_pattern(test::rasterise(truth, {240, 240}));
  CHECK(uncovered_inside(pattern, truth) == 0.0);
  // The square taken out: its area less a rim of the margin is uncovered.
  std::vector<PlacedPiece> without_square;
  double square_area = 0.0;
  for (const PlacedPiece& p : truth)
    if (p.shape == tangram_shapes::square)
      square_area = area(p.polygon);
    else
      without_square.push_back(p);
  const double share = uncovered_inside(pattern, without_square);
  CHECK(share > 0.5 * square_area / static_cast<double>(pattern.area_px));
  CHECK(share <= square_area / static_cast<double>(pattern.area_px));
}

TEST_CASE("snap: curved pieces' arcs onto the outline's arc, their radii met edge to edge") {
  // Two of the broken heart's quarter discs make a half disc: each turned about its arc's
  // centre, which both put at the half disc's centre.
  PieceShape quarter = builtin_piece_set("broken-heart").set.shape(0);
  REQUIRE(quarter.name == "quarter-disc");
  quarter.count = 2;
  const PieceSet set("two-quarters", {quarter});
  const double radius_px = 100.0;
  const Vec2 centre{150.3, 140.6};
  cv::Mat1b mask(260, 300, uchar{0});
  // The half disc above its horizontal diameter.
  for (int y = 0; y < mask.rows; ++y)
    for (int x = 0; x < mask.cols; ++x)
      mask(y, x) =
          std::hypot(x + 0.5 - centre.x, y + 0.5 - centre.y) < radius_px && y + 0.5 < centre.y ? 255
                                                                                               : 0;
  const Pattern pattern = make_pattern(mask);
  const double unit_px = set.unit_px(pattern.side_px);
  REQUIRE(unit_px == doctest::Approx(radius_px).epsilon(0.01));
  const Polygon local = set.local_polygon(0, unit_px);
  const Vec2 arc_centre = local[0] + unit_px * (quarter.arcs[0].centre - quarter.outline[0]);
  std::vector<PlacedPiece> truth;
  for (const double angle : {45.0, 315.0}) {
    PlacedPiece piece;
    piece.shape = 0;
    piece.pose.angle_deg = angle;
    piece.pose.centre = centre - apply_pose({arc_centre}, Pose{{0.0, 0.0}, angle, false})[0];
    piece.polygon = set.posed_polygon(0, unit_px, piece.pose);
    truth.push_back(piece);
  }
  // The two quarters fill the half disc (the quarter faces up at 0 degrees; turned 45
  // degrees either way).
  REQUIRE(measure_areas(pattern, truth).coverage > 0.99);
  std::vector<PlacedPiece> pieces = truth;
  const Vec2 shifts[] = {{1.1, -0.8}, {-0.9, 1.0}};
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    pieces[i].pose.centre = pieces[i].pose.centre + shifts[i];
    pieces[i].polygon = set.posed_polygon(0, unit_px, pieces[i].pose);
  }
  const double before = measure_areas(pattern, pieces).coverage;
  const SnapReport report = snap(pattern, set, vectorise_outline(pattern.puzzle), pieces);
  CHECK(report.piece_contacts > 0);
  CHECK(report.outline_contacts > 0);
  CHECK(report.piece_residual_px < 1e-3);
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    CAPTURE(i);
    // Back where the truth has it, to a fraction of a pixel (the outline's arc centre is
    // measured on the pixels): the arcs' centres on the outline's, the radii shared exactly.
    CHECK(std::hypot(pieces[i].pose.centre.x - truth[i].pose.centre.x,
                     pieces[i].pose.centre.y - truth[i].pose.centre.y) < 0.5);
    CHECK(area(pieces[i].polygon) == doctest::Approx(area(truth[i].polygon)).epsilon(1e-9));
  }
  CHECK(total_overlap(pieces) < 1e-3);
  CHECK(measure_areas(pattern, pieces).coverage > before + 0.005);
}
