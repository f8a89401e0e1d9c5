#pragma once
/// \file outline.hpp
/// The figure's outline as sub-pixel vectors: fitted edges and arcs (docs/design/geometry.md).

#include <cstddef>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/geometry/geometry.hpp"

namespace tangram {

/// A circular arc of a ring, over some of its edges (which stay as chords).
struct OutlineArc {
  Vec2 from, to;  ///< its ends (px), in the ring's order; equal for a full circle
  Vec2 centre;    ///< centre of the fitted circle (px)
  double radius = 0.0;
  /// Signed degrees from `from` to `to`, positive as atan2(y, x) about the centre grows.
  double sweep_deg = 0.0;
  /// The figure lies inside the circle along the arc (a disc's rim); otherwise outside (a bite).
  bool convex = true;
  /// The ring edges it covers: `edges` from first_edge on, modulo the ring's size.
  std::size_t first_edge = 0;
  std::size_t edges = 0;
  double rms_px = 0.0;  ///< root mean square distance of the crack midpoints from the circle
  /// Length of the arc (px).
  double length() const;
};

/// Whether `p` (px) lies within `tolerance_px` of `arc`'s circle, within its sweep.
bool near_arc(const OutlineArc& arc, Vec2 p, double tolerance_px);

/// One boundary of the figure.
struct OutlineRing {
  /// The corners in order (px); outer rings clockwise on screen (positive signed_area()), holes
  /// the other way.
  Polygon corners;
  /// Per edge: whether its line was fitted (else it joins simplified vertices).
  std::vector<bool> fitted;
  bool hole = false;
  /// For a hole, the index of the outer ring that holds it; -1 for an outer ring.
  int parent = -1;
  /// The ring's circular arcs in order (empty for straight figures).
  std::vector<OutlineArc> arcs = {};
};

/// The indices into the closed `contour` of the vertices cv::approxPolyDP keeps, in order.
std::vector<std::size_t> simplified_indices(const std::vector<cv::Point>& contour,
                                            double tolerance_px);

/// How far (px) the simplified outline may stray from the boundary pixels.
inline constexpr double kOutlineTolerancePx = 1.5;

/// The boundaries of the nonzero pixels, simplified within `tolerance_px`; specks (fewer than 3
/// corners) left out. Deterministic.
std::vector<OutlineRing> vectorise_outline(const cv::Mat1b& puzzle,
                                           double tolerance_px = kOutlineTolerancePx);

/// The arcs of every ring of `rings`, ring by ring.
std::vector<OutlineArc> outline_arcs(const std::vector<OutlineRing>& rings);

}  // namespace tangram
