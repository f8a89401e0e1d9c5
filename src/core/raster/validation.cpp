#include "tangram/core/raster/detail/validation.hpp"

#include <algorithm>

#include "tangram/core/raster/morphology.hpp"

namespace tangram {

PieceNeeds piece_needs(const std::vector<ConfigurationMask>& configurations) {
  PieceNeeds needs;
  bool first = true;
  for (const ConfigurationMask& c : configurations) {
    if (first || c.mask.pixels < needs.pixels) needs.pixels = c.mask.pixels;
    if (first || c.mask.max_depth < needs.depth) needs.depth = c.mask.max_depth;
    first = false;
  }
  return needs;
}

bool region_rule_holds(const LayoutState& state, const PieceNeeds& largest_remaining) {
  return state.largest_region_px() >= largest_remaining.pixels;
}

bool depth_rule_holds(const LayoutState& state, const PieceNeeds& largest_remaining) {
  return largest_remaining.depth <= state.max_depth;
}

bool paper_rules_hold(const LayoutState& state, const PieceNeeds& largest_remaining) {
  return region_rule_holds(state, largest_remaining) && depth_rule_holds(state, largest_remaining);
}

bool every_piece_fits(const LayoutState& state, const std::vector<const PieceMasks*>& remaining) {
  // Pieces in order, the likeliest misfit (the largest) first; each piece's configuration
  // groups are tried in parallel. Trying pieces in parallel too did more work than it saved:
  // the search already places several candidates at once.
  for (const PieceMasks* piece : remaining)
    if (!any_configuration_fits(state.runs, *piece)) return false;
  return true;
}

}  // namespace tangram
