#pragma once
/// \file curved_refusals.hpp
/// Sound refusals for sets with curved pieces, from the figure's vectorised outline
/// (outline.hpp, its arcs). In an exact assembly a stretch of the figure's outline that is a
/// circular arc lies along arcs of pieces of the same radius that bulge the same way (a
/// straight edge or another curvature cannot follow it), so:
/// - a figure arc whose radius no piece arc of its kind (convex: the figure inside the circle,
///   or concave) has, within the measurement's tolerance, cannot be made;
/// - the figure's arcs of one radius and kind cannot be longer than the pieces' arcs of that
///   radius and kind together;
/// - at a corner of the figure (where straight edges and arcs meet at an angle other than 180
///   degrees) the pieces meet with corners whose angles, measured between the tangents of
///   their edges and arcs, add up to the figure's (or, at a reflex corner, pass with an edge
///   or arc adding 180 degrees).
/// Straight-edged sets are left to refusals.hpp.

#include <optional>
#include <vector>

#include "tangram/core/geometry/outline.hpp"
#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/piece_set.hpp"
#include "tangram/core/puzzle/solution.hpp"

namespace tangram {

/// How far a figure arc's radius may lie from a piece arc's and still be taken for it: this
/// share of the radius, or 1.5 px when more (the outline's radii are good to a fraction of a
/// pixel, the scale to well under a percent; the sets' radii differ by far more).
inline constexpr double kArcRadiusTolerance = 0.08;

/// One kind of piece arc: radius (set units), bulging out of the piece or into it, and the
/// length of all such arcs of the set's pieces (copies counted).
struct ArcKind {
  double radius = 0.0;
  bool convex = true;
  double length = 0.0;
};

/// The set's kinds of arc, radii ascending (arcs within 1e-6 of a radius are one kind).
std::vector<ArcKind> arc_kinds(const PieceSet& set);

/// The interior angles (degrees) of the corners of `shape`, measured between the tangents of
/// the edges and arcs that meet there; vertices inside arcs are no corners.
std::vector<double> tangent_corner_angles(const PieceShape& shape);

/// The first reason (see the file comment) the figure's outline gives why `set` cannot make it;
/// nullopt for a set without arcs or when none holds. Kinds: UnmatchedArc (an arc whose radius
/// no piece arc has: available 0; or more arc length of a radius than the pieces have),
/// UnmakeableCorner.
std::optional<Impossibility> curved_refusal(const Pattern& pattern, const PieceSet& set);

}  // namespace tangram
