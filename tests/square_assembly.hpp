#pragma once
/// \file square_assembly.hpp
/// Test fixture: the seven pieces assembled into the classic Tangram square, and a rasteriser
/// that turns an assembly into a puzzle mask by pixel-centre sampling.

#include <cmath>
#include <stdexcept>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/geometry/geometry.hpp"
#include "tangram/core/puzzle/piece_set.hpp"
#include "tangram/core/puzzle/solution.hpp"

namespace tangram::test {

/// True when the two polygons have the same vertices (in any cyclic order) within `tol`.
inline bool same_vertices(const Polygon& a, const Polygon& b, double tol = 1e-9) {
  if (a.size() != b.size()) return false;
  for (const Vec2& p : a) {
    bool found = false;
    for (const Vec2& q : b) found = found || std::hypot(p.x - q.x, p.y - q.y) <= tol;
    if (!found) return false;
  }
  return true;
}

/// The square assembly in piece units (set side 1, y down): two large triangles on the top and
/// left, the small triangle, square, small triangle, parallelogram (mirrored) and medium
/// triangle filling the bottom-right half.
inline std::vector<std::pair<ShapeId, Polygon>> unit_square_assembly() {
  namespace K = tangram_shapes;
  return {{K::large_triangle, {{0, 0}, {1, 0}, {0.5, 0.5}}},
          {K::large_triangle, {{0, 0}, {0.5, 0.5}, {0, 1}}},
          {K::medium_triangle, {{0.5, 1}, {1, 0.5}, {1, 1}}},
          {K::square, {{0.5, 0.5}, {0.75, 0.25}, {1, 0.5}, {0.75, 0.75}}},
          {K::parallelogram, {{0, 1}, {0.25, 0.75}, {0.75, 0.75}, {0.5, 1}}},
          {K::small_triangle, {{1, 0}, {1, 0.5}, {0.75, 0.25}}},
          {K::small_triangle, {{0.5, 0.5}, {0.75, 0.75}, {0.25, 0.75}}}};
}

/// The square assembly with set side `side_px`, turned by `turn_deg` counter-clockwise on screen
/// about the square's centre, which is placed at `centre` (pixel frame). Poses are found by
/// trying every multiple of 45 degrees, mirrored or not, and polygons are posed_polygon.
inline std::vector<PlacedPiece> square_assembly(double side_px, Vec2 centre, double turn_deg) {
  std::vector<PlacedPiece> out;
  for (const auto& [kind, unit] : unit_square_assembly()) {
    const Vec2 c = centroid(unit);
    bool found = false;
    for (int refl = 0; refl < 2 && !found; ++refl)
      for (int angle = 0; angle < 360 && !found; angle += 45) {
        const Pose unit_pose{c, static_cast<double>(angle), refl == 1};
        if (!same_vertices(PieceSet::tangram().posed_polygon(kind, 1.0, unit_pose), unit)) continue;
        found = true;
        PlacedPiece piece;
        piece.shape = kind;
        piece.pose.centre = centre + rotate_local(side_px * (c - Vec2{0.5, 0.5}), turn_deg, false);
        piece.pose.angle_deg = std::fmod(angle + turn_deg + 360.0, 360.0);
        piece.pose.reflected = refl == 1;
        piece.polygon = PieceSet::tangram().posed_polygon(kind, side_px, piece.pose);
        out.push_back(piece);
      }
    if (!found) throw std::logic_error("square assembly: no pose reproduces a piece");
  }
  return out;
}

/// The assembly with each piece shifted by up to `shift_px` and turned by up to `turn_deg` (a
/// fixed pseudo-random pattern over seven pieces), posed again at `unit_px`: as the raster search
/// leaves a Tangram assembly.
inline std::vector<PlacedPiece> disturbed_assembly(std::vector<PlacedPiece> pieces, double unit_px,
                                                   double shift_px, double turn_deg) {
  const double offsets[][3] = {{0.7, -0.4, 0.5},   {-0.9, 0.3, -0.8}, {0.2, 0.95, 0.3},
                               {-0.5, -0.8, -0.6}, {0.85, 0.6, 0.9},  {-0.3, -0.2, -0.2},
                               {0.4, -0.9, 0.7}};
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    Pose& pose = pieces[i].pose;
    pose.centre = pose.centre + Vec2{shift_px * offsets[i % 7][0], shift_px * offsets[i % 7][1]};
    pose.angle_deg += turn_deg * offsets[i % 7][2];
    pieces[i].polygon = PieceSet::tangram().posed_polygon(pieces[i].shape, unit_px, pose);
  }
  return pieces;
}

/// A mask of the given size where a pixel is 255 when its centre lies in some piece polygon.
inline cv::Mat1b rasterise(const std::vector<PlacedPiece>& pieces, cv::Size size) {
  cv::Mat1b mask(size, uchar{0});
  for (int i = 0; i < size.height; ++i)
    for (int j = 0; j < size.width; ++j)
      for (const PlacedPiece& p : pieces)
        if (inside_convex(p.polygon, {j + 0.5, i + 0.5})) {
          mask(i, j) = 255;
          break;
        }
  return mask;
}

}  // namespace tangram::test
