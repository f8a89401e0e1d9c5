#include "tangram/core/raster/detail/validation.hpp"

#include <algorithm>
#include <atomic>

#include "tangram/core/base/parallel.hpp"
#include "tangram/core/raster/morphology.hpp"

namespace tangram {

PieceNeeds piece_needs(const std::vector<ConfigurationMask>& configurations) {
  PieceNeeds needs;
  if (configurations.empty()) return needs;
  needs.pixels = configurations.front().mask.pixels;
  for (const ConfigurationMask& c : configurations)
    needs.pixels = std::min(needs.pixels, c.mask.pixels);
  // The least depth: only a depth below the least found so far matters, so each configuration's
  // search stops at its first cell that deep (mask_depth's `enough`). The least is exact in any
  // order, on any number of threads.
  std::atomic<float> least{mask_depth(configurations.front().mask)};
  parallel_for(configurations.size() - 1, [&](std::size_t i) {
    const float depth = mask_depth(configurations[i + 1].mask, least.load());
    float seen = least.load();
    while (depth < seen && !least.compare_exchange_weak(seen, depth)) {}
  });
  needs.depth = least.load();
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
