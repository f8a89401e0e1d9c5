#pragma once
/// \file curved_refusals.hpp
/// Sound refusals for curved sets from the outline's arcs and corners (docs/design/figure.md).

#include <optional>
#include <vector>

#include "tangram/core/geometry/outline.hpp"
#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/piece_set.hpp"
#include "tangram/core/puzzle/solution.hpp"

namespace tangram {

/// How far a figure arc's radius may lie from a piece arc's: this share, or 1.5 px when more.
inline constexpr double kArcRadiusTolerance = 0.08;

/// One kind of piece arc: radius (set units), bulge, and the set's total length of it.
struct ArcKind {
  double radius = 0.0;
  bool convex = true;
  double length = 0.0;
};

/// The set's kinds of arc, radii ascending (arcs within 1e-6 of a radius are one kind).
std::vector<ArcKind> arc_kinds(const PieceSet& set);

/// The interior angles (degrees) of `shape`'s corners, between the tangents meeting there.
std::vector<double> tangent_corner_angles(const PieceShape& shape);

/// The first reason (UnmatchedArc, UnmakeableCorner) why `set` cannot make the figure; nullopt
/// for straight sets or when none holds.
std::optional<Impossibility> curved_refusal(const Pattern& pattern, const PieceSet& set);

}  // namespace tangram
