#include "tangram/validation.hpp"

#include <algorithm>
#include <atomic>

#include "tangram/morphology.hpp"
#include "tangram/parallel.hpp"

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
  std::atomic<bool> all_fit{true};
  parallel_for(remaining.size(), [&](std::size_t i) {
    if (!all_fit.load(std::memory_order_relaxed)) return;
    if (!any_configuration_fits(state.runs, *remaining[i]))
      all_fit.store(false, std::memory_order_relaxed);
  });
  return all_fit.load();
}

}  // namespace tangram
