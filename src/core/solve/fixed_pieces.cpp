// A solve with some pieces kept where they are (fixed_pieces.hpp).

#include "tangram/core/solve/fixed_pieces.hpp"

#include <cmath>
#include <string>
#include <utility>

#include <opencv2/imgproc.hpp>

#include "tangram/core/base/error.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/core/solve/solve.hpp"

namespace tangram {

namespace {

/// Pixels an opening may take from a corner of the figure; a sliver along an edge is longer.
constexpr int kCornerTipPx = 10;

/// `pattern` less the pixels `fixed` covers, without the slivers along the fixed pieces that a
/// piece placed a pixel off leaves: what a 3 x 3 opening removes, save a corner's small tip.
Pattern less_pieces(const Pattern& pattern, const std::vector<PlacedPiece>& fixed, double side_px) {
  const cv::Mat1b covered = pixels_inside(pattern.puzzle.size(), fixed);
  cv::Mat1b left, opened, thin;
  cv::bitwise_and(pattern.puzzle, ~covered, left);
  cv::morphologyEx(left, opened, cv::MORPH_OPEN,
                   cv::getStructuringElement(cv::MORPH_RECT, cv::Size(3, 3)));
  cv::bitwise_and(left, ~opened, thin);
  cv::Mat labels, stats, centroids;
  const int n = cv::connectedComponentsWithStats(thin, labels, stats, centroids, 8, CV_32S);
  for (int k = 1; k < n; ++k)
    if (stats.at<int>(k, cv::CC_STAT_AREA) > kCornerTipPx) left.setTo(0, labels == k);
  Pattern out;
  out.puzzle = left;
  out.area_px = cv::countNonZero(left);
  out.side_px = side_px;
  return out;
}

}  // namespace

RemainingFigure remaining_figure(const Pattern& pattern, const PieceSet& set,
                                 const std::vector<PlacedPiece>& fixed) {
  std::vector<int> left(set.shape_count());
  for (std::size_t s = 0; s < left.size(); ++s) left[s] = set.shape(static_cast<ShapeId>(s)).count;
  for (const PlacedPiece& piece : fixed) {
    if (piece.shape < 0 || static_cast<std::size_t>(piece.shape) >= left.size())
      throw InputError("a fixed piece names no shape of the set " + set.name());
    if (--left[static_cast<std::size_t>(piece.shape)] < 0)
      throw InputError("the fixed pieces hold " + set.shape_name(piece.shape) +
                       " more often than the set " + set.name() + " has it");
  }
  RemainingFigure out;
  std::vector<PieceShape> shapes;
  for (std::size_t s = 0; s < left.size(); ++s) {
    if (left[s] == 0) continue;
    PieceShape shape = set.shape(static_cast<ShapeId>(s));
    shape.count = left[s];
    shapes.push_back(std::move(shape));
    out.shape_in_set.push_back(static_cast<ShapeId>(s));
  }
  const double unit_px = set.unit_px(pattern.side_px);
  double area = 0.0;
  if (!shapes.empty()) {
    out.pieces.emplace(set.name(), std::move(shapes), set.grid_step_deg());
    area = out.pieces->total_area();
  }
  out.pattern = less_pieces(pattern, fixed, unit_px * std::sqrt(area));
  return out;
}

Solution solve_around(const std::vector<PlacedPiece>& fixed, const Pattern& pattern,
                      const SolverConfig& config, const ProgressCallback& progress,
                      const SearchObserver& observer, const Pattern* judge) {
  const RemainingFigure left = remaining_figure(pattern, config.pieces, fixed);
  Solution inner;
  if (left.pieces && left.pattern.area_px > 0) {
    SolverConfig rest = config;
    rest.pieces = *left.pieces;
    const std::optional<Pattern> left_judge =
        judge ? std::optional<Pattern>(remaining_figure(*judge, config.pieces, fixed).pattern)
              : std::nullopt;
    inner = solve(left.pattern, rest, progress, observer, left_judge ? &*left_judge : nullptr);
    for (PlacedPiece& piece : inner.pieces)
      piece.shape = left.shape_in_set[static_cast<std::size_t>(piece.shape)];
  } else {
    inner.solved = !left.pieces.has_value();  // every piece fixed: the whole is judged below
  }
  Solution out;
  out.stats = std::move(inner.stats);
  out.pieces = fixed;
  out.pieces.insert(out.pieces.end(), inner.pieces.begin(), inner.pieces.end());
  if (!inner.solved) return out;
  const VerifyReport report = verify_solution(judge ? *judge : pattern, out.pieces, config.pieces);
  out.solved = report.valid;
  out.stats.coverage = report.metrics.coverage;
  out.stats.overlap = report.metrics.overlap;
  out.stats.spill = report.metrics.spill;
  return out;
}

}  // namespace tangram
