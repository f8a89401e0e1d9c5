#pragma once
/// \file surd_geometry.hpp
/// Exact plane geometry on the lattice Z[sqrt 2] x Z[sqrt 2] for polygons whose edges run in
/// the eight directions of 45-degree turns (the Tangram's figures): a coordinate is a + b sqrt 2
/// for whole a and b (in units of a step chosen elsewhere), and sums, differences, products,
/// signs and comparisons are exact, so a remainder of a figure after pieces are cut away has
/// no slivers, no tolerance and no clipping failures. Used by the lattice vertex search
/// (surd_search.hpp).
///
/// Orientation: a ring's signed area is the shoelace sum as geometry.hpp's signed_area(); outer
/// rings and pieces run with a positive one, holes with a negative one, so that the region lies
/// to the same side of every edge.

#include <cstdint>
#include <vector>

namespace tangram {

/// a + b sqrt 2, exactly.
struct Surd {
  std::int64_t a = 0, b = 0;
  double value() const;
  /// -1, 0 or 1: the sign of a + b sqrt 2 (exact).
  int sign() const;
};

inline Surd operator+(Surd x, Surd y) { return {x.a + y.a, x.b + y.b}; }
inline Surd operator-(Surd x, Surd y) { return {x.a - y.a, x.b - y.b}; }
inline Surd operator-(Surd x) { return {-x.a, -x.b}; }
inline Surd operator*(Surd x, Surd y) { return {x.a * y.a + 2 * x.b * y.b, x.a * y.b + x.b * y.a}; }
inline bool operator==(Surd x, Surd y) { return x.a == y.a && x.b == y.b; }
inline bool operator!=(Surd x, Surd y) { return !(x == y); }
inline bool operator<(Surd x, Surd y) { return (x - y).sign() < 0; }
inline bool operator<=(Surd x, Surd y) { return (x - y).sign() <= 0; }

struct SurdPoint {
  Surd x, y;
};

inline SurdPoint operator+(SurdPoint p, SurdPoint q) { return {p.x + q.x, p.y + q.y}; }
inline SurdPoint operator-(SurdPoint p, SurdPoint q) { return {p.x - q.x, p.y - q.y}; }
inline bool operator==(SurdPoint p, SurdPoint q) { return p.x == q.x && p.y == q.y; }
inline bool operator!=(SurdPoint p, SurdPoint q) { return !(p == q); }
inline Surd cross(SurdPoint p, SurdPoint q) { return p.x * q.y - p.y * q.x; }
inline Surd dot(SurdPoint p, SurdPoint q) { return p.x * q.x + p.y * q.y; }
/// Lexicographic order (x, then y): for sorting and keys.
bool lex_less(SurdPoint p, SurdPoint q);

/// A closed ring without the closing repeat.
using SurdRing = std::vector<SurdPoint>;

/// The direction of a nonzero vector among the eight of 45-degree turns, numbered with the
/// turning sense of a positive signed area (0: +x, 1: +x +y, 2: +y, ..., 7: +x -y); -1 when it
/// is zero or in no such direction.
int surd_direction(SurdPoint v);

/// Twice the signed area of a ring (shoelace), exactly.
Surd twice_signed_area(const SurdRing& ring);

/// Whether `p` lies inside the region bounded by `rings` (outer rings and holes; even-odd rule),
/// points on an edge counted as inside when `boundary_inside`. Every edge must run in one of
/// the eight directions.
bool surd_inside(SurdPoint p, const std::vector<SurdRing>& rings, bool boundary_inside);

/// Whether the open interior of the convex ring `piece` meets the closed segment from `p` to
/// `q` (separating axes: the piece's edge normals and the segment's). Edges in the eight
/// directions.
bool segment_meets_interior(SurdPoint p, SurdPoint q, const SurdRing& piece);

/// The region bounded by `rings` less the convex ring `piece`, which must lie inside it (no
/// edge of the region meeting its interior): the region's boundary and the piece's reversed,
/// cancelled where they overlap, traced into rings that do not touch themselves (parts meeting
/// at a point become separate rings), collinear vertices dropped. Ring starts and order
/// follow the input, so the result is deterministic.
std::vector<SurdRing> surd_difference(const std::vector<SurdRing>& rings, const SurdRing& piece);

}  // namespace tangram
