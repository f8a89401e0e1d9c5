#include "tangram/core/raster/detail/validation.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>

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
  // search stops at its first cell that deep (mask_depth's `enough`). It looks first where the
  // first configuration's deepest cell goes when the piece is turned (and mirrored) as this
  // one: the configurations are one shape, so that cell is usually deep enough at once. The
  // least is exact in any order, on any number of threads.
  const ConfigurationMask& front = configurations.front();
  cv::Point deepest;
  std::atomic<float> least{
      mask_depth(front.mask, std::numeric_limits<float>::infinity(), nullptr, &deepest)};
  // That cell in the shape's own frame (rotate_local() undone: turned back, then mirrored).
  Vec2 local = rotate_local(Vec2{static_cast<double>(deepest.x), static_cast<double>(deepest.y)},
                            -front.config.angle_deg, false);
  if (front.config.reflected) local.y = -local.y;
  parallel_for(configurations.size() - 1, [&](std::size_t i) {
    const Configuration& config = configurations[i + 1].config;
    const Vec2 there = rotate_local(local, config.angle_deg, config.reflected);
    const cv::Point near{static_cast<int>(std::lround(there.x)),
                         static_cast<int>(std::lround(there.y))};
    const float depth = mask_depth(configurations[i + 1].mask, least.load(), &near);
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
