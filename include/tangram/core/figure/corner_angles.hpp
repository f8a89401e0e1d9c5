#pragma once
/// \file corner_angles.hpp
/// Sound refusals of straight-edged sets from the figure's corners (docs/design/figure.md).

#include <optional>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/piece_set.hpp"

namespace tangram {

/// How far (degrees) a measured corner may lie from the pieces' sums before refusing.
inline constexpr double kCornerToleranceDeg = 10.0;

/// A corner of the figure: its position (px), its interior angle (degrees, in (0, 360)) and
/// how far the angle may be off (three standard errors of its edges' fitted directions), which
/// the refusals add to their tolerance.
struct FigureCorner {
  Vec2 at;
  double angle_deg = 0.0;
  double uncertainty_deg = 0.0;
};

/// The figure's corners where straight stretches of at least `min_edge_px` meet (holes too).
std::vector<FigureCorner> figure_corners(const cv::Mat1b& puzzle, double min_edge_px);

/// The angles (ascending, up to 360) that at most one corner per piece adds up to; empty for arcs.
std::vector<double> corner_sums(const PieceSet& set);

/// The first figure corner whose angle no sum (plus 180 at a reflex corner) makes within
/// `tolerance_deg` plus the corner's uncertainty; nullopt when all can be made or the set has arcs.
std::optional<FigureCorner> unmakeable_corner(const cv::Mat1b& puzzle, const PieceSet& set,
                                              double min_edge_px,
                                              double tolerance_deg = kCornerToleranceDeg);

/// The least of the pieces' corners and angle the figure's corners take, against the set's.
struct CornerShortage {
  int corners = 0;                   ///< the figure's corners counted
  int piece_corners_needed = 0;      ///< the pieces' corners they take at least
  int piece_corners = 0;             ///< the set's corners (copies counted; straight ones not)
  double angle_needed_deg = 0.0;     ///< the pieces' corner angle they take at least
  double angle_available_deg = 0.0;  ///< the sum of the set's corner angles
};

/// The shortage when the figure's corners need more than the set has; nullopt otherwise and
/// for a set with arcs.
std::optional<CornerShortage> corner_shortage(const cv::Mat1b& puzzle, const PieceSet& set,
                                              double min_edge_px,
                                              double tolerance_deg = kCornerToleranceDeg);

/// The same, of corners measured already (figure_corners()).
std::optional<CornerShortage> corner_shortage(const std::vector<FigureCorner>& corners,
                                              const PieceSet& set,
                                              double tolerance_deg = kCornerToleranceDeg);

/// corner_shortage() of the pattern as the searches judge it (as unmakeable_corner() below).
std::optional<CornerShortage> corner_shortage(const Pattern& pattern, const PieceSet& set);

/// The searches' min_edge_px: a tenth of the pattern's side, 12 px or more.
double min_corner_edge_px(const Pattern& pattern);

/// The same, of corners measured already (figure_corners()).
std::optional<FigureCorner> unmakeable_corner(const std::vector<FigureCorner>& corners,
                                              const PieceSet& set,
                                              double tolerance_deg = kCornerToleranceDeg);

/// unmakeable_corner() as the searches judge it (min_corner_edge_px(), kCornerToleranceDeg).
std::optional<FigureCorner> unmakeable_corner(const Pattern& pattern, const PieceSet& set);

}  // namespace tangram
