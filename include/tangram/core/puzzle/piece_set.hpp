#pragma once
/// \file piece_set.hpp
/// Piece sets as values: named shapes (polygons in set units, curved edges recorded as circular
/// arcs beside the chords that flatten them) with the number of copies of each, their
/// symmetries computed from the geometry, and the configurations (rotation, mirror) a piece
/// can take. The seven-piece Tangram is one instance (PieceSet::tangram()); nothing
/// else in the core knows how many pieces a set has or what they look like.

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

/// A circular arc of a shape's outline, in set units. The outline holds the arc as chords: its
/// vertices start, start + 1, ..., start + chords (indices modulo the outline's size) lie on
/// the arc, in order. Everything that uses the outline (the search's masks, areas, symmetries)
/// uses those chords; the checker (verify.hpp) compares a placed piece's arc with the circle.
struct PieceArc {
  std::size_t start = 0;   ///< index of the outline vertex where the arc begins
  std::size_t chords = 0;  ///< chords the arc is flattened into; it ends at vertex start + chords
  Vec2 centre;             ///< centre of the arc's circle
  double radius = 0.0;     ///< radius of the arc's circle
  /// Signed angle in degrees from the arc's start to its end about the centre, positive as
  /// atan2(y - centre.y, x - centre.x) grows (y down: clockwise on screen); 0 < |sweep| < 360.
  double sweep_deg = 0.0;
  /// A point of the arc between its ends: a piece-set file's "through" point, which
  /// piece_set_to_json() (io/piece_sets.hpp) writes back so that the file reads as the same set.
  Vec2 through;
};

/// One shape of a set.
struct PieceShape {
  std::string name;  ///< unique in the set; names the piece in documents ("large-triangle")
  /// The outline in set units, y down, either orientation (stored with positive signed area).
  /// Arcs are in it as chords (see PieceArc).
  Polygon outline;
  int count = 1;  ///< copies of the shape in the set
  /// The outline's circular arcs, empty for a piece with straight edges only. Stored in the
  /// order of their start vertices, renumbered when the outline is reversed.
  std::vector<PieceArc> arcs = {};
};

/// For each vertex of the outline of a shape of a PieceSet (its arcs checked), whether it lies
/// inside one of its arcs (between the arc's ends); the other vertices are the shape's corners.
std::vector<bool> inside_arcs(const PieceShape& shape);

/// One orientation of a piece: rotation and mirror, without translation.
struct Configuration {
  ShapeId shape = 0;
  double angle_deg = 0.0;  ///< counter-clockwise on screen, in [0, rotation period)
  bool reflected = false;  ///< mirrored top-to-bottom before the rotation
};

/// Smallest rotation in (0, 360] degrees that maps `outline` onto itself about its centroid,
/// found from the geometry (vertices compared within 1e-6 of the outline's size): 360 when
/// only the full turn does.
double rotation_period_deg(const Polygon& outline);

/// True when the mirror image of `outline` is not a rotation of it (a chiral shape).
bool mirror_distinct(const Polygon& outline);

/// A set of pieces: shapes with copies. Immutable once made; cheap to copy.
class PieceSet {
public:
  /// Checks the shapes and computes what depends on them. Throws InputError (naming the shape)
  /// for no shapes, an empty or repeated name, an outline with fewer than 3 vertices, a
  /// non-finite vertex or no area, a count below 1, or an arc that is not a circular arc of
  /// the outline (vertices off its circle within 1e-6 of its size, a start out of range, no
  /// chord, arcs that overlap, a sweep not in (0, 360) degrees either way, a radius not
  /// positive and finite). A clockwise outline is reversed, its arcs with it.
  /// `grid_step_deg`: the turns the set's figures are usually made of (the Tangram's 45
  /// degrees, a polyomino's 90), by which the default inset judges a rotation step exact.
  PieceSet(std::string name, std::vector<PieceShape> shapes, double grid_step_deg = 45.0);

  /// The seven Tangram pieces, in piece units (the full set is the unit square, y down), as
  /// ../shared/tools/README.md defines them: large (0,0)(1,0)(.5,.5) twice; medium
  /// (0,0)(r,0)(r/2,r/2) with r = sqrt(2)/2; small (0,0)(.5,0)(.25,.25) twice; square of side
  /// sqrt(2)/4; parallelogram (0,0)(.5,0)(.75,.25)(.25,.25). Shape ids: see tangram_shapes.
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
  /// Whether the shape is convex (is_convex() of its outline).
  bool convex(ShapeId id) const { return derived_[static_cast<std::size_t>(id)].convex; }

  /// The pieces in the order they are placed, one entry per copy: largest area first (Yamada et
  /// al. 2019, Sec. III-C); equal areas keep the shapes' order, so runs are reproducible and the
  /// copies of a shape are adjacent.
  const std::vector<ShapeId>& order() const { return order_; }
  /// Number of pieces (copies counted).
  std::size_t piece_count() const { return order_.size(); }
  /// Total area of the pieces (copies counted) in set units, arcs counted as their chords.
  double total_area() const { return total_area_; }
  /// Largest distance of a vertex from its shape's centroid, in set units: how far a turn of a
  /// piece moves its outline.
  double reach() const { return reach_; }

  /// Pixels per set unit when the set's pieces together cover `area_side_px` squared pixels
  /// (a figure's Pattern::side_px, the square root of its area): the scale rule, by which the
  /// set's total area equals the figure's. For the Tangram (area 1) it is `area_side_px`.
  double unit_px(double area_side_px) const { return area_side_px / std::sqrt(total_area_); }

  /// The shape scaled by `unit_px` (pixels per set unit) and centred on its centroid.
  Polygon local_polygon(ShapeId id, double unit_px) const;
  /// The true polygon of the shape at `pose` (pixel frame), scaled by `unit_px`.
  Polygon posed_polygon(ShapeId id, double unit_px, const Pose& pose) const;

  /// The configurations of a shape for rotations 0, step, 2 step, ... below its rotation
  /// period, each turned further by `offset_deg` (angles reduced modulo 360), times
  /// {unmirrored, mirrored} when `reflection` is on and the shape is mirror distinct. Symmetric
  /// duplicates are left out. Order: unmirrored angles by k, then mirrored angles by k. Empty
  /// when `step_deg` is not positive.
  std::vector<Configuration> configurations(ShapeId id, double step_deg, bool reflection,
                                            double offset_deg = 0.0) const;
  /// Number of configurations of the distinct shapes that `step_deg` and `reflection` imply
  /// (configurations() summed over shapes, copies counted once), without listing them.
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
