#pragma once
/// \file corner_angles.hpp
/// A sound refusal from the figure's outline: at a corner of a figure, the pieces that touch it
/// meet with corners of their own whose angles add up to the figure's angle there (at a reflex
/// corner one piece may instead pass with a straight edge, adding 180 degrees). A figure
/// corner whose angle no choice of the set's corners makes (at most one corner of each piece)
/// has no assembly. The corners are measured on the raster: the outline simplified within
/// 1.5 px, the corners where two straight stretches at least `min_edge_px` long meet, the
/// angle between lines fitted to the stretches' middle parts. Sets with curved pieces are never
/// refused this way (an arc meets an edge at any angle).

#include <optional>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/pattern.hpp"
#include "tangram/core/piece_set.hpp"

namespace tangram {

/// How far (degrees) a measured corner may lie from every angle the pieces' corners make before
/// the figure is refused: the measurement's error on clean figures stays well under it, and
/// the Tangram's sums are 45 degrees apart.
inline constexpr double kCornerToleranceDeg = 10.0;

/// A corner of the figure: its position (px) and its interior angle (degrees, in (0, 360)).
struct FigureCorner {
  Vec2 at;
  double angle_deg = 0.0;
};

/// The figure's corners (see the file comment), along its outer outlines and its holes'.
std::vector<FigureCorner> figure_corners(const cv::Mat1b& puzzle, double min_edge_px);

/// The angles (degrees, ascending, up to 360) that corners of the set's pieces can add up to
/// with at most one corner of each piece (copies counted); empty for a set with arcs.
std::vector<double> corner_sums(const PieceSet& set);

/// The first corner of the figure whose angle is no sum of corner_sums() (nor, at a reflex
/// corner, such a sum plus 180) within `tolerance_deg`; corners within `tolerance_deg` of 180
/// are none. nullopt when every corner can be made, or the set has arcs.
std::optional<FigureCorner> unmakeable_corner(const cv::Mat1b& puzzle, const PieceSet& set,
                                              double min_edge_px,
                                              double tolerance_deg = kCornerToleranceDeg);

/// unmakeable_corner() of the pattern as the searches judge it: stretches of at least a tenth
/// of the pattern's side (12 px or more), kCornerToleranceDeg.
std::optional<FigureCorner> unmakeable_corner(const Pattern& pattern, const PieceSet& set);

}  // namespace tangram
