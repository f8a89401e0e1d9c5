#pragma once
/// \file thinness.hpp
/// The widest disc a figure or a piece holds: a piece wider than the figure fits nowhere
/// (docs/design/refusals.md).

#include <limits>
#include <optional>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/puzzle/piece_set.hpp"

namespace tangram {

/// The largest exact Euclidean distance (px) from a cell of the given runs to a cell outside them,
/// as cv::distanceTransform (DIST_L2, DIST_MASK_PRECISE) gives it. Run i covers the cells
/// [first[i], first[i] + length[i]) of row row[i]; runs sorted by row, disjoint. With `enough`:
/// once a cell at least that far in is found, that cell's distance (>= `enough`) at once; the
/// result is exact whenever it is below `enough`. With `near` (column x, row y), a guess at a
/// deep cell: the cells around it are measured first (faster when right, the same result).
/// `deepest`, if given, receives a cell (x, y) at the distance returned.
float deepest_cell_distance(const std::vector<int>& row, const std::vector<int>& first,
                            const std::vector<int>& length,
                            float enough = std::numeric_limits<float>::infinity(),
                            const cv::Point* near = nullptr, cv::Point* deepest = nullptr);

/// deepest_cell_distance() of the nonzero pixels of `mask` (beyond its border is outside): the
/// largest value of their distance transform, exact whenever below `enough`.
float deepest_pixel_distance(const cv::Mat1b& mask,
                             float enough = std::numeric_limits<float>::infinity());

/// A bound (set units) from below on the radius of the widest disc inside `shape`: exact for a
/// convex shape, otherwise within 1% of the shape's extent.
double piece_inradius(const PieceSet& set, ShapeId shape);

/// A bound (px) from above on the radius of the widest disc inside the figure whose pixels are
/// the nonzero ones of `puzzle` (each pixel in when its centre is, give or take a pixel).
double figure_inradius_px(const cv::Mat1b& puzzle);

/// A shape that fits nowhere in the figure at `unit_px` pixels per set unit because the figure
/// holds no disc as wide as the shape's, with margins for the pixels and the scale; nullopt when
/// every shape's disc fits.
struct TooWide {
  ShapeId shape = 0;
  double piece_radius = 0.0;   ///< set units
  double figure_radius = 0.0;  ///< set units, the bound from above
};
std::optional<TooWide> too_wide_piece(const cv::Mat1b& puzzle, const PieceSet& set, double unit_px);

}  // namespace tangram
