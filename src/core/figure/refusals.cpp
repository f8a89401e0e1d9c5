#include "tangram/core/figure/refusals.hpp"

#include "tangram/core/figure/corner_angles.hpp"
#include "tangram/core/figure/detail/curved_refusals.hpp"
#include "tangram/core/figure/roughness.hpp"

namespace tangram {

std::optional<Impossibility> outline_refusal(const Pattern& pattern, const PieceSet& set) {
  // A set with arcs: its own refusals, from the outline's arcs.
  if (has_arcs(set)) return curved_refusal(pattern, set);
  // A rough outline's bends are not the figure's corners: no refusal rests on them.
  if (outline_roughness_px(pattern.puzzle) >= kRoughOutlinePx) return std::nullopt;
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

}  // namespace tangram
