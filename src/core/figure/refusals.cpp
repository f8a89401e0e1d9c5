#include "tangram/core/figure/refusals.hpp"

#include "tangram/core/figure/corner_angles.hpp"
#include "tangram/core/figure/detail/curved_refusals.hpp"
#include "tangram/core/figure/roughness.hpp"
#include "tangram/core/figure/thinness.hpp"

namespace tangram {

namespace {

/// The corners' refusals: an unmakeable corner, or more corners or angle than the set has.
std::optional<Impossibility> corner_refusal(const Pattern& pattern, const PieceSet& set) {
  // The figure's corners, measured once for both corner refusals.
  const std::vector<FigureCorner> corners =
      figure_corners(pattern.puzzle, min_corner_edge_px(pattern));
  Impossibility why;
  if (const std::optional<FigureCorner> corner = unmakeable_corner(corners, set)) {
    why.kind = Impossibility::Kind::UnmakeableCorner;
    why.at = corner->at;
    why.angle_deg = corner->angle_deg;
    return why;
  }
  if (const std::optional<CornerShortage> shortage = corner_shortage(corners, set)) {
    why.corners = shortage->corners;
    if (shortage->piece_corners_needed > shortage->piece_corners) {
      why.kind = Impossibility::Kind::TooManyCorners;
      why.needed = shortage->piece_corners_needed;
      why.available = shortage->piece_corners;
    } else {
      why.kind = Impossibility::Kind::CornerAngleShortage;
      why.needed = shortage->angle_needed_deg;
      why.available = shortage->angle_available_deg;
    }
    return why;
  }
  return std::nullopt;
}

}  // namespace

std::optional<Impossibility> outline_refusal(const Pattern& pattern, const PieceSet& set) {
  // A set with arcs: its own refusals, from the outline's arcs.
  if (has_arcs(set)) return curved_refusal(pattern, set);
  const double roughness = outline_roughness_px(pattern.puzzle);
  // A rough outline's bends are not the figure's corners: no refusal rests on them.
  if (roughness < kRoughOutlinePx)
    if (std::optional<Impossibility> why = corner_refusal(pattern, set)) return why;
  // The figure's thinness, which a clean outline's resampling (turned figures measure up to
  // 0.59 px) barely moves: a piece that holds a wider disc than the figure fits nowhere.
  if (roughness < kVeryRoughOutlinePx)
    if (const std::optional<TooWide> wide =
            too_wide_piece(pattern.puzzle, set, set.unit_px(pattern.side_px))) {
      Impossibility why;
      why.kind = Impossibility::Kind::PieceTooWide;
      why.shape = wide->shape;
      why.needed = wide->piece_radius;
      why.available = wide->figure_radius;
      return why;
    }
  return std::nullopt;
}

}  // namespace tangram
