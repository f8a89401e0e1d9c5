#include "tangram/core/refusals.hpp"

#include "tangram/core/corner_angles.hpp"

namespace tangram {

std::optional<Impossibility> outline_refusal(const Pattern& pattern, const PieceSet& set) {
  Impossibility why;
  if (const std::optional<FigureCorner> corner = unmakeable_corner(pattern, set)) {
    why.kind = Impossibility::Kind::UnmakeableCorner;
    why.at = corner->at;
    why.angle_deg = corner->angle_deg;
    return why;
  }
  if (const std::optional<CornerShortage> shortage = corner_shortage(pattern, set)) {
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
