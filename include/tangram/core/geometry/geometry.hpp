#pragma once
/// \file geometry.hpp
/// Plane geometry in the pixel frame: origin at the image's top-left corner, x right, y down,
/// pixel (row i, col j) covers [j, j+1) x [i, i+1). Lengths in px unless marked set units.

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

/// Signed shoelace area; positive when the vertices run clockwise on screen (y down).
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

/// Rigid placement: mirror y -> -y if `reflected`, rotate `angle_deg` counter-clockwise on
/// screen, move the centroid to `centre` (px). As in tangram-solution/1 documents.
struct Pose {
  Vec2 centre;
  double angle_deg = 0.0;
  bool reflected = false;
};

/// An angle in degrees brought into [0, 360).
double normalised_angle(double angle_deg);

/// Applies the mirror and rotation of `pose` (not its translation) to a local vector.
Vec2 rotate_local(Vec2 local, double angle_deg, bool reflected);

/// `local` (around the origin) posed by `pose`, keeping its orientation.
Polygon apply_pose(const Polygon& local, const Pose& pose);

/// A convex polygon's edges moved inward by `distance` (>= 0); empty when nothing is left.
Polygon inset_convex(const Polygon& convex, double distance);

/// `subject` clipped to the convex `clip` (Sutherland-Hodgman; exact for convex subjects).
Polygon clip_convex(const Polygon& subject, const Polygon& clip);

/// Area of the part of a convex polygon inside the axis-aligned box [x0,x1] x [y0,y1].
double area_in_box(const Polygon& convex, double x0, double y0, double x1, double y1);

/// True when point `p` lies inside the convex polygon (boundary counts as inside within `eps`).
bool inside_convex(const Polygon& convex, Vec2 p, double eps = 0.0);

/// Distance from `p` to the nearest point of the polygon's boundary (any simple polygon).
double boundary_distance(const Polygon& polygon, Vec2 p);

/// True when `p` lies inside the simple polygon (even-odd) or within `eps` of its boundary.
bool inside_polygon(const Polygon& polygon, Vec2 p, double eps = 0.0);

/// Radius of the largest circle inside the simple polygon, within 0.1% of its size.
double inscribed_radius(const Polygon& polygon);

/// Convex polygons with disjoint interiors whose union is the simple polygon, same orientation.
std::vector<Polygon> convex_parts(const Polygon& polygon);

/// Area shared by two simple polygons (summed over their convex parts).
double overlap_area(const Polygon& a, const Polygon& b);

/// True when every turn has the sign of the area, within 1e-9 of the edges' lengths.
bool is_convex(const Polygon& polygon);

}  // namespace tangram
