#pragma once
/// \file straighten.hpp
/// A rough outline's long straight runs as a clean polygon: the figure that a wobbly drawing
/// stands for (docs/design/figure.md, "The straightened outline").

#include <optional>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/geometry/geometry.hpp"
#include "tangram/core/puzzle/pattern.hpp"

namespace tangram {

/// straightened_outline(): a ring's corners are simplified within the first of these many times
/// the noise (1.5 px at least) at which it is long runs.
inline constexpr double kStraightCornerTolerances[] = {2.0, 2.5, 3.0, 3.5, 4.0};
/// straightened_outline(): runs between those corners shorter than this share of the set side
/// are corners rounded by the noise.
inline constexpr double kStraightRunMinShare = 0.15;
/// straightened_outline(): most share of a ring's length such short runs may hold.
inline constexpr double kStraightMaxGapShare = 0.2;
/// straightened_outline(): two runs whose lines meet at less than this many degrees are one edge,
/// and so are two whose points stray at most kStraightMergeNoises x the noise (root mean square)
/// from one line.
inline constexpr double kStraightMergeNoises = 1.25;
inline constexpr double kStraightMergeDeg = 15.0;
/// straightened_outline(): lines meeting at less than this many degrees (and at least
/// kStraightMergeDeg) are a curve, or a corner the noise does not tell: not straightened.
inline constexpr double kStraightMinTurnDeg = 25.0;
/// straightened_outline(): a corner (where two runs' lines meet) lies within this many noises
/// and 2 px of the outline between the runs.
inline constexpr double kStraightCornerNoises = 5.0;
/// straightened_outline(): the straightened figure differs from the drawn one on at most this
/// many noises x the outline's length in pixels...
inline constexpr double kStraightMaxDiffNoises = 1.0;
/// ... and on at least this many px x its length: else there is nothing to straighten.
inline constexpr double kStraightMinDiffPx = 0.25;

/// The figure straightened.
struct StraightenedOutline {
  std::vector<Polygon> rings;  ///< one polygon per boundary (px), outer rings and holes
  cv::Mat1b puzzle;            ///< the rings filled (holes left out), the figure's size
};

/// The figure whose edges are lines fitted to the long straight runs of `pattern`'s outline
/// (noise `noise_px`, outline_noise_px()), consecutive lines meeting at its corners. The runs
/// within kRoughDirectionWindowDeg of the direction most of them share modulo `grid_deg` (0: none)
/// are turned to it, or to the grid itself within RotationPlanConfig::rough_snap_deg; every line
/// is moved along its normal by one distance that gives the polygons the figure's area. nullopt
/// when the outline is not such a figure: a ring with fewer than 3 long runs or too much between
/// them, lines that meet at less than kStraightMinTurnDeg or away from the outline, a result
/// that strays more than kStraightMaxDiffNoises from the drawing or less than kStraightMinDiffPx
/// (a clean figure). Deterministic.
std::optional<StraightenedOutline> straightened_outline(const Pattern& pattern, double noise_px,
                                                        double grid_deg);

}  // namespace tangram
