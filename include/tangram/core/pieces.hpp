#pragma once
/// \file pieces.hpp
/// The seven Tangram pieces, their symmetries and the configurations (rotation, mirror) a
/// piece can take.

#include <array>
#include <optional>
#include <string_view>
#include <vector>

#include "tangram/core/geometry.hpp"

namespace tangram {

/// The five shapes of the Tangram set.
enum class PieceKind { LargeTriangle, MediumTriangle, SmallTriangle, Square, Parallelogram };

/// The name used in tangram-solution/1 ("large-triangle", ...).
std::string_view piece_name(PieceKind kind);

/// Inverse of piece_name; nullopt for an unknown name.
std::optional<PieceKind> piece_kind_from_name(std::string_view name);

/// The seven pieces in largest-first order (Yamada et al. 2019, Sec. III-C): two large
/// triangles, the medium triangle, the square, the parallelogram, two small triangles. Ties in
/// area keep this fixed order so that runs are reproducible.
const std::array<PieceKind, 7>& tangram_set();

/// The standard piece in piece units (set side 1), y down, exactly as ../shared/tools/README.md
/// defines it: large (0,0)(1,0)(.5,.5); medium (0,0)(r,0)(r/2,r/2) with r = sqrt(2)/2; small
/// (0,0)(.5,0)(.25,.25); square side sqrt(2)/4; parallelogram (0,0)(.5,0)(.75,.25)(.25,.25).
Polygon standard_polygon(PieceKind kind);

/// The standard piece scaled to `side_px` (set side in pixels) and centred on its centroid.
Polygon local_polygon(PieceKind kind, double side_px);

/// Area of the piece in piece units (1/4, 1/8 or 1/16 of the set).
double piece_area_units(PieceKind kind);

/// Smallest rotation (degrees) that maps the piece onto itself: 360 for the triangles (their
/// only symmetry is a reflection), 90 for the square, 180 for the parallelogram.
int rotation_period_deg(PieceKind kind);

/// True when the mirror image is not a rotation of the piece (only the parallelogram).
bool mirror_distinct(PieceKind kind);

/// One orientation of a piece: rotation and mirror, without translation.
struct Configuration {
  PieceKind kind = PieceKind::LargeTriangle;
  double angle_deg = 0.0;  ///< counter-clockwise on screen, in [0, rotation period)
  bool reflected = false;  ///< mirrored top-to-bottom before the rotation
};

/// All configurations of a piece for rotations 0, step, 2*step, ... below the piece's rotation
/// period, times {unmirrored, mirrored} when `reflection` is on and the piece is mirror
/// distinct. Symmetric duplicates are left out. Order: unmirrored angles ascending, then
/// mirrored angles ascending. Empty when `step_deg` is not positive.
std::vector<Configuration> configurations(PieceKind kind, double step_deg, bool reflection);

/// The true polygon of a piece of set side `side_px` at `pose` (pixel frame).
Polygon posed_polygon(PieceKind kind, double side_px, const Pose& pose);

}  // namespace tangram
