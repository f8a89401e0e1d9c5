#pragma once
/// \file spill.hpp
/// The area of a piece that lies outside a region (its "spill"), for the vertex search
/// (vertex_search.hpp): exactly for a convex piece, by clipping each of the region's rings to
/// the piece (clip_convex of geometry.hpp: Sutherland-Hodgman, which is exact in area for any
/// ring against a convex window and has no topology to get wrong), and a cheaper lower bound
/// for any piece, to set aside a placement that spills too much without clipping it.
///
/// The bound: a vertex v of the piece outside the region, at distance d from it, has the open
/// disc of radius d about v outside the region; within the disc, the piece holds the sector at
/// v between its two edges, of radius r = min(d, the distance from v to the piece's other
/// edges) (no other edge enters that disc, so the sector is the piece's). The sector's area,
/// half the interior angle times r squared, is spilled; the bound is the largest over the
/// vertices. It is never more than the true spill (tests/test_spill_bound.cpp compares it with
/// a brute-force count), and it costs one pass over the region's edges per vertex.
/// The rings are given with their orientation: outer rings of positive signed_area(), holes of
/// negative.

#include <vector>

#include "tangram/core/geometry/geometry.hpp"

namespace tangram {

/// Distance from `p` to the segment from `a` to `b`.
double segment_distance(Vec2 p, Vec2 a, Vec2 b);

/// Whether `p` lies inside the region bounded by `rings` (outer rings and holes, any
/// orientation; even-odd rule, so a point in a hole is outside).
bool inside_rings(Vec2 p, const std::vector<Polygon>& rings);

/// Distance from `p` to the nearest edge of `rings` (infinity when there are none).
double distance_to_rings(Vec2 p, const std::vector<Polygon>& rings);

/// A lower bound on the area of the simple polygon `piece` outside the region bounded by
/// `rings` (see the file comment); 0 when every vertex of the piece is inside.
double spill_lower_bound(const Polygon& piece, const std::vector<Polygon>& rings);

/// The area of the convex polygon `piece` outside the region bounded by the oriented `rings`:
/// the piece's area less the signed areas of the rings clipped to it.
double convex_spill(const Polygon& piece, const std::vector<Polygon>& rings);

}  // namespace tangram
