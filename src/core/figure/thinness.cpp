#include "tangram/core/figure/thinness.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include <opencv2/imgproc.hpp>

namespace tangram {

namespace {

/// The largest value of the distance transform (px, precise) of the nonzero pixels of `mask`,
/// its outside counted as zero.
double widest_distance(const cv::Mat1b& mask) {
  cv::Mat1b padded;
  cv::copyMakeBorder(cv::Mat1b(mask != 0), padded, 1, 1, 1, 1, cv::BORDER_CONSTANT, 0);
  cv::Mat1f distance;
  cv::distanceTransform(padded, distance, cv::DIST_L2, cv::DIST_MASK_PRECISE);
  double most = 0.0;
  cv::minMaxLoc(distance, nullptr, &most);
  return most;
}

/// Margins of too_wide_piece(): the piece's disc must exceed the figure's bound by this factor
/// (the checker lets the scale be 3% off) plus this many pixels (the figure's reading).
constexpr double kScaleMargin = 1.05;
constexpr double kPixelMargin = 1.5;

}  // namespace

double piece_inradius(const PieceSet& set, ShapeId shape) {
  // The shape drawn 400 px across: the distance transform's largest value is the radius within
  // a pixel (the pixel centres' rounding), so one pixel less is a bound from below.
  const Polygon unit = set.local_polygon(shape, 1.0);
  const Box box = bounding_box(unit);
  const double scale = 400.0 / std::max(box.x1 - box.x0, box.y1 - box.y0);
  constexpr int margin = 4, shift = 8;
  std::vector<cv::Point> outline;
  for (const Vec2& v : unit)
    outline.emplace_back(
        static_cast<int>(std::lround(((v.x - box.x0) * scale + margin) * (1 << shift))),
        static_cast<int>(std::lround(((v.y - box.y0) * scale + margin) * (1 << shift))));
  cv::Mat1b mask(static_cast<int>(std::ceil((box.y1 - box.y0) * scale)) + 2 * margin,
                 static_cast<int>(std::ceil((box.x1 - box.x0) * scale)) + 2 * margin, uchar{0});
  cv::fillPoly(mask, std::vector<std::vector<cv::Point>>{outline}, cv::Scalar(255), cv::LINE_8,
               shift);
  return std::max(0.0, widest_distance(mask) - 1.0) / scale;
}

double figure_inradius_px(const cv::Mat1b& puzzle) {
  // A disc of radius R inside the figure holds the pixel centre p nearest its centre (within
  // 0.71 px), and every pixel centre within R - 0.71 of p is in: R <= the transform + 0.71.
  return widest_distance(puzzle) + 0.71;
}

std::optional<TooWide> too_wide_piece(const cv::Mat1b& puzzle, const PieceSet& set,
                                      double unit_px) {
  if (!(unit_px > 0.0) || cv::countNonZero(puzzle) == 0) return std::nullopt;
  const double figure_px = figure_inradius_px(puzzle);
  const double bound_px = kScaleMargin * (figure_px + kPixelMargin);
  std::optional<TooWide> widest;
  for (std::size_t s = 0; s < set.shape_count(); ++s) {
    const ShapeId id = static_cast<ShapeId>(s);
    const double radius = piece_inradius(set, id);
    if (radius * unit_px > bound_px && (!widest || radius > widest->piece_radius))
      widest = TooWide{id, radius, figure_px / unit_px};
  }
  return widest;
}

}  // namespace tangram
