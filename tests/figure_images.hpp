#pragma once
/// \file figure_images.hpp
/// Test fixture: pictures of a real Tangram figure as they come from scanners and drawing
/// programs. The figure is masks/02-page9-11 (one part around a rectangular hole, set side
/// 200 px in its 291 x 291 mask), taken from its ground-truth polygons so that it can be drawn
/// at any scale, anti-aliased, inverted, as an outline, on any canvas.

#include <string>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "tangram/core/geometry/geometry.hpp"
#include "tangram/io/documents.hpp"

namespace tangram::test {

/// The ground-truth pieces of masks/02-page9-11 (pixel frame of its 291 x 291 mask, set side
/// 200 px, a 10 px margin).
inline const std::vector<Polygon>& figure_polygons() {
  static const std::vector<Polygon> polygons = [] {
    std::vector<Polygon> out;
    const Solution truth =
        read_solution_json(std::string(TANGRAM_SOURCE_DIR) + "/masks/02-page9-11.truth.json");
    for (const PlacedPiece& piece : truth.pieces) out.push_back(piece.polygon);
    return out;
  }();
  return polygons;
}

/// Size of masks/02-page9-11.png, the figure's own canvas at scale 1.
inline constexpr int kFigureCanvasPx = 291;

/// The figure scaled by `scale` about the origin and moved by `offset` (pixel frame).
inline std::vector<Polygon> figure(double scale, Vec2 offset = {0.0, 0.0}) {
  std::vector<Polygon> out;
  for (const Polygon& polygon : figure_polygons()) {
    Polygon p;
    for (const Vec2& v : polygon) p.push_back(offset + scale * v);
    out.push_back(p);
  }
  return out;
}

/// Fractional bits of the fixed-point vertices handed to cv::fillPoly.
inline constexpr int kDrawShift = 8;

/// The polygons as fixed-point OpenCV contours: pixel (i, j) covers [j, j+1) x [i, i+1) while
/// OpenCV's integer coordinates are pixel centres, hence the half-pixel shift.
inline std::vector<std::vector<cv::Point>> contours(const std::vector<Polygon>& polygons) {
  std::vector<std::vector<cv::Point>> out;
  for (const Polygon& polygon : polygons) {
    std::vector<cv::Point> points;
    for (const Vec2& v : polygon)
      points.emplace_back(cvRound((v.x - 0.5) * (1 << kDrawShift)),
                          cvRound((v.y - 0.5) * (1 << kDrawShift)));
    out.push_back(points);
  }
  return out;
}

/// A grey picture: `polygons` filled with grey level `ink` on `paper`, each piece drawn on its
/// own (shared edges get ink from both sides), anti-aliased when `antialiased`.
inline cv::Mat1b draw(const std::vector<Polygon>& polygons, cv::Size size, uchar ink, uchar paper,
                      bool antialiased = true) {
  cv::Mat1b image(size, paper);
  for (const auto& contour : contours(polygons))
    cv::fillPoly(image, std::vector<std::vector<cv::Point>>{contour}, cv::Scalar(ink),
                 antialiased ? cv::LINE_AA : cv::LINE_8, kDrawShift);
  return image;
}

/// A grey picture anti-aliased by coverage: `polygons` drawn without anti-aliasing at
/// `factor` times the size, then each pixel the mean of its factor x factor block (ink where
/// the block is covered, paper elsewhere), as a renderer or a scanner would give it.
inline cv::Mat1b draw_by_coverage(const std::vector<Polygon>& polygons, cv::Size size, uchar ink,
                                  uchar paper, int factor = 4) {
  std::vector<Polygon> fine;
  for (const Polygon& polygon : polygons) {
    Polygon p;
    for (const Vec2& v : polygon) p.push_back(static_cast<double>(factor) * v);
    fine.push_back(p);
  }
  const cv::Mat1b large = draw(fine, size * factor, ink, paper, false);
  cv::Mat1b out;
  cv::resize(large, out, size, 0, 0, cv::INTER_AREA);
  return out;
}

/// An outline drawing of `polygons`: the boundary of their union (outside and holes) drawn in
/// black on white with anti-aliased strokes `thickness` px wide centred on it. The boundary is
/// traced on a 4x raster and drawn with sub-pixel vertices, so it is within 1/8 px of the true
/// one.
inline cv::Mat1b draw_outline(const std::vector<Polygon>& polygons, cv::Size size, int thickness) {
  constexpr int kFactor = 4;
  std::vector<Polygon> fine;
  for (const Polygon& polygon : polygons) {
    Polygon p;
    for (const Vec2& v : polygon) p.push_back(static_cast<double>(kFactor) * v);
    fine.push_back(p);
  }
  cv::Mat1b large = draw(fine, size * kFactor, 255, 0, false);
  std::vector<std::vector<cv::Point>> traced;
  cv::findContours(large, traced, cv::RETR_LIST, cv::CHAIN_APPROX_SIMPLE);
  std::vector<std::vector<cv::Point>> lines;
  for (const auto& contour : traced) {
    std::vector<cv::Point> points;
    for (const cv::Point& p : contour)  // 4x pixel centre -> pixel frame -> OpenCV at 1x
      points.emplace_back(cvRound(((p.x + 0.5) / kFactor - 0.5) * (1 << kDrawShift)),
                          cvRound(((p.y + 0.5) / kFactor - 0.5) * (1 << kDrawShift)));
    lines.push_back(points);
  }
  cv::Mat1b image(size, uchar{255});
  cv::polylines(image, lines, true, cv::Scalar(0), thickness, cv::LINE_AA, kDrawShift);
  return image;
}

/// The figure at scale 1 on its own canvas, anti-aliased by coverage, black on white.
inline cv::Mat1b figure_picture() {
  return draw_by_coverage(figure(1.0), cv::Size(kFigureCanvasPx, kFigureCanvasPx), 0, 255);
}

}  // namespace tangram::test
