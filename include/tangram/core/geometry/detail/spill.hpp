#pragma once
/// \file spill.hpp
/// A piece's area outside a region (its spill), exact or bounded (docs/design/geometry.md).

#include <vector>

#include "tangram/core/geometry/geometry.hpp"

namespace tangram {

/// Distance from `p` to the segment from `a` to `b`.
double segment_distance(Vec2 p, Vec2 a, Vec2 b);

/// Whether `p` lies inside the region bounded by `rings` (even-odd rule).
bool inside_rings(Vec2 p, const std::vector<Polygon>& rings);

/// Distance from `p` to the nearest edge of `rings` (infinity when there are none).
double distance_to_rings(Vec2 p, const std::vector<Polygon>& rings);

/// A lower bound on the spill of the simple polygon `piece`; 0 when every vertex is inside.
double spill_lower_bound(const Polygon& piece, const std::vector<Polygon>& rings);

/// The spill of the convex `piece` out of `rings` (outer positive, holes negative), exactly.
double convex_spill(const Polygon& piece, const std::vector<Polygon>& rings);

}  // namespace tangram
