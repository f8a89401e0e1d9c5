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

bool every_piece_fits(const LayoutState& state,
                      const std::vector<const std::vector<ConfigurationMask>*>& remaining) {
  std::atomic<bool> all_fit{true};
  parallel_for(remaining.size(), [&](std::size_t i) {
    if (!all_fit.load(std::memory_order_relaxed)) return;
    const bool fits = std::any_of(remaining[i]->begin(), remaining[i]->end(),
                                  [&](const ConfigurationMask& c) {
                                    return has_collision_free_position(state.runs, c.mask);
                                  });
    if (!fits) all_fit.store(false, std::memory_order_relaxed);
  });
  return all_fit.load();
}

}  // namespace tangram
