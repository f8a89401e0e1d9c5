#pragma once
/// \file geometry.hpp
/// Plane geometry in the pixel frame: origin at the image's top-left corner, x right, y down,
/// pixel (row i, col j) covers [j, j+1) x [i, i+1). All lengths are in pixels unless a comment
/// says "piece units" (the full seven-piece square has side 1).

#include <vector>

namespace tangram {

/// pi, for angles in radians.
inline constexpr double kPi = 3.14159265358979323846;

/// A point or vector in the plane.
struct Vec2 {
  double x = 0.0;
  double y = 0.0;
};

inline Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
inline Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
inline Vec2 operator*(double k, Vec2 a) { return {k * a.x, k * a.y}; }
inline double dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }
inline double cross(Vec2 a, Vec2 b) { return a.x * b.y - a.y * b.x; }

/// A simple polygon as its vertex list (no closing duplicate).
using Polygon = std::vector<Vec2>;

/// Signed shoelace area; positive when the vertices run clockwise on screen (y down), i.e.
/// counter-clockwise in the usual y-up convention.
double signed_area(const Polygon& polygon);

/// Absolute area.
double area(const Polygon& polygon);

/// Axis-aligned bounding box (pixel frame).
struct Box {
  double x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0;
};

/// Bounding box of the vertices (all zero for an empty polygon).
Box bounding_box(const Polygon& polygon);

/// Area centroid (for a degenerate polygon: the vertex mean).
Vec2 centroid(const Polygon& polygon);

/// Rigid placement of a piece: first mirror top-to-bottom (y -> -y) if `reflected`, then rotate
/// by `angle_deg` counter-clockwise on screen, then translate the piece's centroid to `centre`
/// (pixel frame). Same convention as ../shared/tools (tangram-solution/1).
struct Pose {
  Vec2 centre;
  double angle_deg = 0.0;
  bool reflected = false;
};

/// An angle in degrees brought into [0, 360).
double normalised_angle(double angle_deg);

/// Applies the mirror and rotation of `pose` (not its translation) to a local vector.
Vec2 rotate_local(Vec2 local, double angle_deg, bool reflected);

/// Transforms polygon vertices given around the origin by `pose`. Mirroring reverses the vertex
/// order, so the result keeps the orientation of the input.
Polygon apply_pose(const Polygon& local, const Pose& pose);

/// Offsets every edge of a convex polygon inward by `distance` (>= 0). Returns an empty polygon
/// when the piece vanishes.
Polygon inset_convex(const Polygon& convex, double distance);

/// Intersection of any polygon `subject` with a convex polygon `clip` (Sutherland-Hodgman).
/// Exact for convex subjects; for the tangram pieces both are convex.
Polygon clip_convex(const Polygon& subject, const Polygon& clip);

/// Area of the part of a convex polygon inside the axis-aligned box [x0,x1] x [y0,y1].
double area_in_box(const Polygon& convex, double x0, double y0, double x1, double y1);

/// True when point `p` lies inside the convex polygon (boundary counts as inside within `eps`).
bool inside_convex(const Polygon& convex, Vec2 p, double eps = 0.0);

/// Distance from `p` to the nearest point of the polygon's boundary (any simple polygon).
double boundary_distance(const Polygon& polygon, Vec2 p);

/// True when point `p` lies inside the simple polygon (even-odd rule) or within `eps` of its
/// boundary.
bool inside_polygon(const Polygon& polygon, Vec2 p, double eps = 0.0);

/// Radius of the largest circle inside the simple polygon, within 0.1% of its size: the best
/// of a 24 x 24 grid of centres, refined by a pattern search.
double inscribed_radius(const Polygon& polygon);

/// Convex polygons whose union is the simple polygon `polygon` and whose interiors are
/// disjoint: the polygon itself when it is convex, else an ear-clipping triangulation with
/// neighbouring parts merged while they stay convex. Orientation as the input's.
std::vector<Polygon> convex_parts(const Polygon& polygon);

/// Area shared by two simple polygons (summed over their convex parts).
double overlap_area(const Polygon& a, const Polygon& b);

/// True when the polygon is convex: every turn has the sign of its area, up to 1e-9 of the
/// edges' lengths (either orientation; collinear vertices allowed).
bool is_convex(const Polygon& polygon);

}  // namespace tangram
