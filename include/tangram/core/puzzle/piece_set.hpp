#pragma once
/// \file piece_set.hpp
/// Piece sets as values: named shapes in set units (y down), copies, symmetries, configurations.

#include <cmath>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tangram/core/geometry/geometry.hpp"

namespace tangram {

/// Index of a shape in its set (PieceSet::shapes()). Configurations and placed pieces carry it.
using ShapeId = int;

/// A circular arc of a shape's outline (set units), held there as chords start .. start + chords.
struct PieceArc {
  std::size_t start = 0;   ///< index of the outline vertex where the arc begins
  std::size_t chords = 0;  ///< chords the arc is flattened into; it ends at vertex start + chords
  Vec2 centre;             ///< centre of the arc's circle
  double radius = 0.0;     ///< radius of the arc's circle
  /// Signed degrees from start to end, positive as atan2(y, x) about the centre grows.
  double sweep_deg = 0.0;
  /// A point of the arc between its ends: the piece-set file's "through" point, written back.
  Vec2 through;
};

/// One shape of a set.
struct PieceShape {
  std::string name;  ///< unique in the set; names the piece in documents ("large-triangle")
  /// The outline in set units, y down, stored with positive signed area; arcs as chords.
  Polygon outline;
  int count = 1;  ///< copies of the shape in the set
  /// The outline's circular arcs by start vertex; empty for straight edges only.
  std::vector<PieceArc> arcs = {};
};

/// Per outline vertex: whether it lies inside an arc (the others are the shape's corners).
std::vector<bool> inside_arcs(const PieceShape& shape);

/// One orientation of a piece: rotation and mirror, without translation.
struct Configuration {
  ShapeId shape = 0;
  double angle_deg = 0.0;  ///< counter-clockwise on screen, in [0, rotation period)
  bool reflected = false;  ///< mirrored top-to-bottom before the rotation
};

/// Smallest rotation in (0, 360] degrees mapping `outline` onto itself about its centroid.
double rotation_period_deg(const Polygon& outline);

/// True when the mirror image of `outline` is not a rotation of it (a chiral shape).
bool mirror_distinct(const Polygon& outline);

/// A set of pieces: shapes with copies. Immutable once made; cheap to copy.
class PieceSet {
public:
  /// Throws InputError naming a bad shape; reverses clockwise outlines. `grid_step_deg`: the
  /// turn figures are usually made of (Tangram 45, polyominoes 90).
  PieceSet(std::string name, std::vector<PieceShape> shapes, double grid_step_deg = 45.0);

  /// The seven Tangram pieces, the full set the unit square (ids: tangram_shapes).
  static const PieceSet& tangram();

  const std::string& name() const { return name_; }
  /// The turns the set's figures are usually made of (see the constructor).
  double grid_step_deg() const { return grid_step_deg_; }
  const std::vector<PieceShape>& shapes() const { return shapes_; }
  std::size_t shape_count() const { return shapes_.size(); }
  const PieceShape& shape(ShapeId id) const { return shapes_[static_cast<std::size_t>(id)]; }
  const std::string& shape_name(ShapeId id) const { return shape(id).name; }
  /// The shape called `name`; nullopt when the set has none.
  std::optional<ShapeId> find(std::string_view name) const;
  /// The shape names, largest first (as order()), separated by ", " (for messages).
  std::string shape_names() const;

  /// Area of a shape in set units (of its outline: arcs count as their chords).
  double area(ShapeId id) const { return derived_[static_cast<std::size_t>(id)].area; }
  /// rotation_period_deg() of the shape's outline.
  double rotation_period_deg(ShapeId id) const {
    return derived_[static_cast<std::size_t>(id)].period_deg;
  }
  /// mirror_distinct() of the shape's outline.
  bool mirror_distinct(ShapeId id) const { return derived_[static_cast<std::size_t>(id)].chiral; }
  /// The centroid of the shape's outline (set units): local_polygon()'s origin.
  Vec2 centroid(ShapeId id) const { return derived_[static_cast<std::size_t>(id)].centroid; }
  /// Whether the shape is convex (is_convex() of its outline).
  bool convex(ShapeId id) const { return derived_[static_cast<std::size_t>(id)].convex; }

  /// One entry per copy, largest area first, ties in shape order (copies adjacent).
  const std::vector<ShapeId>& order() const { return order_; }
  /// This set with the pieces of shapes that have arcs first, each part in order()'s order:
  /// the order of searches that place the curved pieces first.
  PieceSet arcs_first() const;
  /// Number of pieces (copies counted).
  std::size_t piece_count() const { return order_.size(); }
  /// Total area of the pieces (copies counted) in set units, arcs counted as their chords.
  double total_area() const { return total_area_; }
  /// Largest distance of a vertex from its shape's centroid (set units).
  double reach() const { return reach_; }

  /// Pixels per set unit when the pieces cover `area_side_px` squared pixels (the scale rule).
  double unit_px(double area_side_px) const { return area_side_px / std::sqrt(total_area_); }

  /// The shape scaled by `unit_px` (pixels per set unit) and centred on its centroid.
  Polygon local_polygon(ShapeId id, double unit_px) const;
  /// The true polygon of the shape at `pose` (pixel frame), scaled by `unit_px`.
  Polygon posed_polygon(ShapeId id, double unit_px, const Pose& pose) const;

  /// Rotations offset_deg + k step_deg below the period, then mirrored ones when `reflection`
  /// and chiral; no duplicates, empty when `step_deg` <= 0.
  std::vector<Configuration> configurations(ShapeId id, double step_deg, bool reflection,
                                            double offset_deg = 0.0) const;
  /// configurations() summed over the shapes (copies once), without listing them.
  long configuration_count(double step_deg, bool reflection) const;

private:
  struct Derived {
    double area = 0.0;
    double period_deg = 360.0;
    bool chiral = false;
    bool convex = true;
    Vec2 centroid;
  };
  std::string name_;
  std::vector<PieceShape> shapes_;
  std::vector<Derived> derived_;
  std::vector<ShapeId> order_;
  double total_area_ = 0.0;
  double reach_ = 0.0;
  double grid_step_deg_ = 45.0;
};

/// Whether some piece of `set` has arcs (a curved set).
bool has_arcs(const PieceSet& set);

/// The shape ids of PieceSet::tangram().
namespace tangram_shapes {
inline constexpr ShapeId large_triangle = 0;
inline constexpr ShapeId medium_triangle = 1;
inline constexpr ShapeId small_triangle = 2;
inline constexpr ShapeId square = 3;
inline constexpr ShapeId parallelogram = 4;
}  // namespace tangram_shapes

}  // namespace tangram
