// Exact assemblies end to end: figures of masks/ solved by the raster search (the exact lattice
// search left out) and snapped, rendered four times finer than the figure: no background pixel
// lies between two pieces that touch along an edge. Without the snap the same renderings show such
// slivers, so the check can fail.

#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "patterns.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/core/solve/solve.hpp"

using namespace tangram;

namespace {

constexpr int kScale = 4;  // rendering pixels per figure pixel

/// Pixels of a rendering `kScale` times finer than the figure that no piece covers and that lie
/// between two pieces touching along an edge: two edges of different pieces running opposite
/// ways less than `reach` figure pixels apart (within 2 degrees of parallel), the pixel's centre
/// strictly between their lines (by more than 0.01 px) and beside the stretch they share.
int slivers(const std::vector<PlacedPiece>& pieces, cv::Size figure_size, double reach = 1.0) {
  const cv::Size size(figure_size.width * kScale, figure_size.height * kScale);
  cv::Mat1b covered(size, uchar{0});
  for (const PlacedPiece& piece : pieces) {
    std::vector<cv::Point> points;
    for (const Vec2& v : piece.polygon)  // pixel centres of the rendering: (j + 0.5) / kScale
      points.emplace_back(static_cast<int>(std::lround((v.x * kScale - 0.5) * 256)),
                          static_cast<int>(std::lround((v.y * kScale - 0.5) * 256)));
    cv::fillPoly(covered, std::vector<std::vector<cv::Point>>{points}, cv::Scalar(255), cv::LINE_8,
                 8);
  }
  cv::Mat1b between(size, uchar{0});
  const double cos_parallel = std::cos(2.0 * CV_PI / 180.0);
  for (std::size_t i = 0; i < pieces.size(); ++i)
    for (std::size_t j = i + 1; j < pieces.size(); ++j) {
      const Polygon& a = pieces[i].polygon;
      const Polygon& b = pieces[j].polygon;
      for (std::size_t e = 0; e < a.size(); ++e)
        for (std::size_t f = 0; f < b.size(); ++f) {
          const Vec2 p = a[e], q = a[(e + 1) % a.size()];
          const Vec2 r = b[f], t = b[(f + 1) % b.size()];
          const double le = std::hypot(q.x - p.x, q.y - p.y);
          const Vec2 u = (1.0 / le) * (q - p);
          const Vec2 w = (1.0 / std::hypot(t.x - r.x, t.y - r.y)) * (t - r);
          if (dot(u, w) > -cos_parallel) continue;
          const Vec2 n{-u.y, u.x};
          const double gap_r = dot(n, r - p), gap_t = dot(n, t - p);
          if (std::abs(gap_r) > reach || std::abs(gap_t) > reach) continue;
          const double lo = std::max(0.0, std::min(dot(u, r - p), dot(u, t - p)));
          const double hi = std::min(le, std::max(dot(u, r - p), dot(u, t - p)));
          if (hi - lo < 1.0) continue;
          // Pixels beside the shared stretch, strictly between the two lines.
          const cv::Rect box =
              cv::Rect(
                  cv::Point(
                      static_cast<int>(std::floor(std::min({p.x, q.x, r.x, t.x}) * kScale)) - 2,
                      static_cast<int>(std::floor(std::min({p.y, q.y, r.y, t.y}) * kScale)) - 2),
                  cv::Point(
                      static_cast<int>(std::ceil(std::max({p.x, q.x, r.x, t.x}) * kScale)) + 3,
                      static_cast<int>(std::ceil(std::max({p.y, q.y, r.y, t.y}) * kScale)) + 3)) &
              cv::Rect(cv::Point(0, 0), size);
          for (int y = box.y; y < box.y + box.height; ++y)
            for (int x = box.x; x < box.x + box.width; ++x) {
              const Vec2 c{(x + 0.5) / kScale, (y + 0.5) / kScale};
              const double along = dot(u, c - p);
              if (along < lo + 0.25 || along > hi - 0.25) continue;
              // Signed distances from a's line and from b's line (b's measured the same way).
              const double from_a = dot(n, c - p);
              const double from_b = dot(n, c - r) - (gap_t - gap_r) *
                                                        (dot(u, c - p) - dot(u, r - p)) /
                                                        (dot(u, t - p) - dot(u, r - p));
              if ((from_a > 0.01 && from_b < -0.01) || (from_a < -0.01 && from_b > 0.01))
                between(y, x) = 255;
            }
        }
    }
  cv::Mat1b gaps;
  cv::bitwise_and(between, ~covered, gaps);
  return cv::countNonZero(gaps);
}

}  // namespace

TEST_CASE("exact assemblies: no background between touching pieces of snapped solutions") {
  // At 45 degrees, turned by an odd angle, with holes and parts.
  const std::vector<std::string> figures = {"02-page9-11.png",        "03-page5-219.png",
                                            "05-page6-124.png",       "07-page8-216.png",
                                            "20-page5-11-turned.png", "25-page1-162-rotated.png"};
  int without_snap = 0;
  for (const std::string& name : figures) {
    CAPTURE(name);
    const Pattern pattern = test::mask_pattern(name);
    SolverConfig config;
    config.search.rotation_auto = true;
    config.search.grid_search = false;  // the raster search's assemblies, not the lattice's
    config.search.time_limit_s = 120.0;
    const Solution snapped = solve(pattern, config);
    REQUIRE(snapped.solved);
    CHECK(slivers(snapped.pieces, pattern.puzzle.size()) == 0);
    CHECK(measure_areas(pattern, snapped.pieces).overlap < 0.0005);
    CHECK(uncovered_inside(pattern, snapped.pieces) < 0.001);

    config.search.snap = false;
    const Solution polished = solve(pattern, config);
    REQUIRE(polished.solved);
    without_snap += slivers(polished.pieces, pattern.puzzle.size());
  }
  CHECK(without_snap > 100);
}

TEST_CASE("exact assemblies: the lattice stage's assembly is fitted to the figure's outline") {
  // Placed by the figure's box, these two covered 0.9926 and 0.9918 (one on the axes, one on a
  // turned lattice); fitted to the outline as the vertex stage's assemblies are, they cover more.
  for (const char* name : {"15-page4-165.png", "29-page3-61-rotated.png"}) {
    CAPTURE(name);
    const Pattern pattern = test::mask_pattern(name);
    SolverConfig config;
    config.search.rotation_auto = true;
    const Solution solution = solve(pattern, config);
    REQUIRE(solution.solved);
    CHECK(solution.stats.found_by == "lattice");
    const AreaMetrics m = measure_areas(pattern, solution.pieces);
    CHECK(m.coverage > 0.995);
    CHECK(m.overlap < 0.0005);
    CHECK(uncovered_inside(pattern, solution.pieces) < 0.001);
    CHECK(slivers(solution.pieces, pattern.puzzle.size()) == 0);
  }
}
