#pragma once
/// \file surd_geometry.hpp
/// Exact geometry on Z[sqrt 2]^2 for polygons with edges in the eight 45-degree directions.

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

/// The direction of `v` among the eight (0: +x, 1: +x +y, 2: +y, ..., 7: +x -y); -1 for none.
int surd_direction(SurdPoint v);

/// Twice the signed area of a ring (shoelace), exactly.
Surd twice_signed_area(const SurdRing& ring);

/// Whether `p` lies inside the region bounded by `rings` (even-odd), an edge inside when
/// `boundary_inside`.
bool surd_inside(SurdPoint p, const std::vector<SurdRing>& rings, bool boundary_inside);

/// Whether the open interior of the convex `piece` meets the closed segment from `p` to `q`.
bool segment_meets_interior(SurdPoint p, SurdPoint q, const SurdRing& piece);

/// The region bounded by `rings` less the convex `piece` inside it, as rings that do not touch
/// themselves (outer positive, holes negative), in an order that follows the input.
std::vector<SurdRing> surd_difference(const std::vector<SurdRing>& rings, const SurdRing& piece);

}  // namespace tangram
