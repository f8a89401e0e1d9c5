#include "tangram/core/figure/rotation_plan.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "tangram/core/figure/angles.hpp"
#include "tangram/core/puzzle/roughness.hpp"

namespace tangram {

namespace {

/// outline_direction() at the set's grid step, the outline's arcs left out for a set with arcs;
/// rough_outline_direction() with `noise_px` > 0.
std::optional<OutlineDirection> curved_outline_direction(const Pattern& pattern,
                                                         const PieceSet& set,
                                                         double noise_px = 0.0) {
  std::vector<OutlineRing> outline;
  if (has_arcs(set)) outline = vectorise_outline(pattern.puzzle);
  const std::vector<OutlineRing>* arcs = has_arcs(set) ? &outline : nullptr;
  if (noise_px > 0.0) return rough_outline_direction(pattern, set.grid_step_deg(), noise_px, arcs);
  return outline_direction(pattern, set.grid_step_deg(), kDirectionMinEdgeShare, arcs);
}

/// How far (px) from an arc's circle a boundary pixel's centre counts as on the arc.
constexpr double kNearArcPx = 2.0;

/// outline_noise_px(); for a set with arcs, without the pixels on the outline's arcs (an arc's
/// sagitta over the measure's chord, 1.5 px at a radius of 75 px, is no noise), and 0 when
/// the rest is not noisy (kNoisyOutlinePx).
double plan_noise_px(const Pattern& pattern, const PieceSet& set) {
  if (!has_arcs(set)) return outline_noise_px(pattern.puzzle);
  const std::vector<OutlineArc> arcs = outline_arcs(vectorise_outline(pattern.puzzle));
  const double noise = outline_noise_px(pattern.puzzle, [&arcs](cv::Point p) {
    // The boundary pixel's centre.
    const Vec2 centre{p.x + 0.5, p.y + 0.5};
    return std::any_of(arcs.begin(), arcs.end(),
                       [&](const OutlineArc& arc) { return near_arc(arc, centre, kNearArcPx); });
  });
  return noise >= kNoisyOutlinePx ? noise : 0.0;
}

}  // namespace

double grid_turn(const OutlineDirection& direction, double grid_deg,
                 const RotationPlanConfig& config) {
  const double off = angle_distance(direction.residue_deg, 0.0, grid_deg);
  return off < config.snap_deg ? 0.0 : direction.residue_deg;
}

std::vector<double> rough_inset_ladder(double noise_px) {
  std::vector<double> rungs;
  if (!(noise_px > 0.0)) return rungs;
  const double from = kRoughLadderFromNoises * noise_px, to = kRoughLadderToNoises * noise_px;
  // Each rung sets up its masks and search: a very noisy outline gets no more of them.
  const double apart = std::max(kRoughLadderRungPx, (to - from) / (kMaxRoughRungs - 1));
  for (int k = 0; k < kMaxRoughRungs && from + k * apart <= to + 1e-9; ++k)
    rungs.push_back(from + k * apart);
  return rungs;
}

std::vector<RotationStage> auto_rotation_plan(const Pattern& pattern, const PieceSet& set,
                                              double fine_step_deg,
                                              const RotationPlanConfig& config) {
  std::vector<RotationStage> plan;
  const double grid = set.grid_step_deg();
  // Clean outlines (every figure of masks/ and KiloGram) have no band: the plan as before.
  const double noise =
      config.rough_ladder && pattern.rough_band > 0.0 ? plan_noise_px(pattern, set) : 0.0;
  if (noise > 0.0) {
    const std::optional<OutlineDirection> direction = curved_outline_direction(pattern, set, noise);
    if (direction && direction->share >= config.min_share) {
      RotationPlanConfig snap = config;
      snap.snap_deg = config.rough_snap_deg;
      const double offset = grid_turn(*direction, grid, snap);
      // A rung too tight is refused or exhausted in a tenth of a second; the first one that
      // is not spends the grid stage's time, and the rungs after it are left out.
      for (const double rung : rough_inset_ladder(noise))
        plan.push_back({grid, offset, config.grid_share, rung});
    }
    plan.push_back({fine_step_deg, 0.0, 1.0});
    return plan;
  }
  if (const std::optional<OutlineDirection> direction = curved_outline_direction(pattern, set);
      direction && direction->share >= config.min_share) {
    const double offset = grid_turn(*direction, grid, config);
    // The grid stage searches what the fine stage would not search as well: coarser masks, or
    // angles off the fine step's own.
    if (grid > fine_step_deg || offset != 0.0) plan.push_back({grid, offset, config.grid_share});
  }
  plan.push_back({fine_step_deg, 0.0, 1.0});
  return plan;
}

std::optional<MissedDirection> missed_direction(const Pattern& pattern, const PieceSet& set,
                                                double step_deg, double offset_deg,
                                                const RotationPlanConfig& config) {
  const double grid = set.grid_step_deg();
  if (!(step_deg > 0.0)) return std::nullopt;
  const std::optional<OutlineDirection> direction = curved_outline_direction(pattern, set);
  if (!direction || direction->share < config.min_share) return std::nullopt;
  const double residue = direction->residue_deg;
  const double near = std::max(config.snap_deg, std::min(step_deg / 2.0, 0.5));
  // The rotations modulo the grid step repeat after 360 degrees at the latest.
  const long turns = static_cast<long>(std::ceil(360.0 / step_deg));
  for (long k = 0; k <= turns; ++k)
    if (angle_distance(offset_deg + k * step_deg, residue, grid) <= near) return std::nullopt;
  MissedDirection missed;
  missed.residue_deg = residue;
  missed.grid_deg = grid;
  for (int n = 1; grid / n >= 1.0; ++n) {
    const double step = grid / n;
    if (std::abs(step - std::round(step)) > 1e-9) continue;  // whole degrees only
    if (angle_distance(residue, 0.0, step) <= config.snap_deg) {
      missed.step_deg = step;
      break;
    }
  }
  return missed;
}

}  // namespace tangram
