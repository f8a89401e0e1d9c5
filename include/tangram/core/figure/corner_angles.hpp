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
///
/// A second refusal counts: the pieces meeting at distinct corners of the figure use distinct
/// corners of their own, so a figure whose corners need more of the pieces' corners, or more of
/// their angle, than the whole set has, has no assembly either (corner_shortage()).

#include <optional>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/piece_set.hpp"

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

/// What the figure's corners take of the pieces' corners when they ask for more than the set
/// has: at each corner (those of figure_corners() not within the tolerance of 180 degrees and
/// made by some sum), the fewest of the pieces' corners and the least angle of a sum that makes
/// it within the tolerance, added up over the corners.
struct CornerShortage {
  int corners = 0;                   ///< the figure's corners counted
  int piece_corners_needed = 0;      ///< the pieces' corners they take at least
  int piece_corners = 0;             ///< the set's corners (copies counted; straight ones not)
  double angle_needed_deg = 0.0;     ///< the pieces' corner angle they take at least
  double angle_available_deg = 0.0;  ///< the sum of the set's corner angles
};

/// The shortage (see CornerShortage) when the figure's corners need more of the pieces'
/// corners, or more angle, than the set has; nullopt otherwise, and for a set with arcs.
std::optional<CornerShortage> corner_shortage(const cv::Mat1b& puzzle, const PieceSet& set,
                                              double min_edge_px,
                                              double tolerance_deg = kCornerToleranceDeg);

/// The same, of corners measured already (figure_corners()).
std::optional<CornerShortage> corner_shortage(const std::vector<FigureCorner>& corners,
                                              const PieceSet& set,
                                              double tolerance_deg = kCornerToleranceDeg);

/// corner_shortage() of the pattern as the searches judge it (as unmakeable_corner() below).
std::optional<CornerShortage> corner_shortage(const Pattern& pattern, const PieceSet& set);

/// The shortest straight stretch on either side of a corner that the searches' refusals measure:
/// a tenth of the pattern's side, 12 px or more.
double min_corner_edge_px(const Pattern& pattern);

/// The same, of corners measured already (figure_corners()).
std::optional<FigureCorner> unmakeable_corner(const std::vector<FigureCorner>& corners,
                                              const PieceSet& set,
                                              double tolerance_deg = kCornerToleranceDeg);

/// unmakeable_corner() of the pattern as the searches judge it: stretches of at least a tenth
/// of the pattern's side (12 px or more), kCornerToleranceDeg.
std::optional<FigureCorner> unmakeable_corner(const Pattern& pattern, const PieceSet& set);

}  // namespace tangram
