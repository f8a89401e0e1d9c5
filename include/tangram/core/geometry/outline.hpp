#pragma once
/// \file outline.hpp
/// The figure's outline as vectors at sub-pixel precision: each boundary (outer outlines and
/// holes' outlines) simplified into straight stretches, each stretch's line fitted to the
/// midpoints between the figure's boundary pixels and the outside pixels next to them, and the
/// corners where consecutive fitted lines meet. A pixel belongs to the figure when its centre
/// does (the raster covers a pixel at least half), so the true edge passes between the inside
/// and the outside pixel centres: the crack midpoints straddle it without bias.

#include <cstddef>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/geometry/geometry.hpp"

namespace tangram {

/// A circular arc of a ring, replacing some of its edges (which are then chords or tangents of
/// the curve, kept as they are for users of straight edges only).
struct OutlineArc {
  Vec2 from, to;  ///< its ends (px), in the ring's order; equal for a full circle
  Vec2 centre;    ///< centre of the fitted circle (px)
  double radius = 0.0;
  /// Signed angle (degrees) from `from` to `to` about the centre, in the ring's order, positive
  /// as atan2(y - centre.y, x - centre.x) grows; +-360 for a full circle.
  double sweep_deg = 0.0;
  /// The figure lies inside the circle along the arc (a disc's rim); otherwise outside (a bite).
  bool convex = true;
  /// The ring edges it replaces: first_edge, first_edge + 1, ... (modulo the ring's size),
  /// `edges` of them; each lies mostly on the arc.
  std::size_t first_edge = 0;
  std::size_t edges = 0;
  double rms_px = 0.0;  ///< root mean square distance of the crack midpoints from the circle
  /// Length of the arc (px).
  double length() const;
};

/// One boundary of the figure.
struct OutlineRing {
  /// The corners in order, pixel frame; edge i runs from corners[i] to corners[i + 1] (the
  /// last back to the first). Outer rings run clockwise on screen (positive signed_area()),
  /// holes the other way, so that the figure lies to the same side of every edge.
  Polygon corners;
  /// Per edge: the stretch of boundary pixels it was fitted to was long enough for a line fit
  /// (otherwise the edge joins the simplified outline's vertices: short stretches, curves).
  std::vector<bool> fitted;
  bool hole = false;
  /// For a hole, the index of the outer ring that holds it; -1 for an outer ring.
  int parent = -1;
  /// The ring's circular arcs in the ring's order (empty for straight figures); `corners` and
  /// `fitted` do not depend on them.
  std::vector<OutlineArc> arcs = {};
};

/// The indices into `contour` (a closed pixel contour) of the vertices cv::approxPolyDP keeps
/// within `tolerance_px`, in order: the simplified outline's corners as contour positions.
std::vector<std::size_t> simplified_indices(const std::vector<cv::Point>& contour,
                                            double tolerance_px);

/// How far (px) the simplified outline may stray from the boundary pixels.
inline constexpr double kOutlineTolerancePx = 1.5;

/// The figure's boundaries (nonzero pixels of `puzzle` are the figure, 8-connected parts), each
/// simplified within `tolerance_px`; rings with fewer than 3 corners (specks) are left out.
/// Deterministic.
std::vector<OutlineRing> vectorise_outline(const cv::Mat1b& puzzle,
                                           double tolerance_px = kOutlineTolerancePx);

}  // namespace tangram
