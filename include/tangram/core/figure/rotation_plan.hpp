#pragma once
/// \file rotation_plan.hpp
/// Rotations chosen from the figure (`--rotation-step auto`; docs/design/figure.md).

#include <optional>
#include <vector>

#include "tangram/core/figure/angles.hpp"
#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/piece_set.hpp"

namespace tangram {

/// One search of a plan: rotations offset + k step (degrees), until `until_share` of the limit,
/// the pieces' masks inset by `extra_inset_px` more than the search's automatic inset.
struct RotationStage {
  double step_deg = 1.0;
  double offset_deg = 0.0;
  double until_share = 1.0;
  double extra_inset_px =
      0.0;  ///< > 0: a rung of the rough outline's ladder (auto_rotation_plan())
};

/// Settings of auto_rotation_plan().
struct RotationPlanConfig {
  /// Share of the long edges' length the outline's direction must carry for the grid stage.
  double min_share = 0.5;
  /// A residue within this many degrees of 0 (or of the grid step) counts as 0: no offset.
  double snap_deg = 0.25;
  /// The grid stage ends at this share of the time limit when finer steps follow.
  double grid_share = 0.5;
  /// On a rough outline (Pattern::rough_band > 0), the grid stage as a ladder of extra insets
  /// (the search's inset is automatic). false: the masks' inset is fixed by the caller.
  bool rough_ladder = true;
  /// A residue of a rough outline's direction within this many degrees of 0 (or of the grid
  /// step) counts as 0: the measure's error on outlines jittered by up to +-3 px.
  double rough_snap_deg = 2.5;
};

/// The rungs of the rough outline's inset ladder, in the order tried: extra insets (px) from
/// kRoughLadderFromNoises to kRoughLadderToNoises x the noise, kRoughLadderRungPx apart (further
/// when that would make more than kMaxRoughRungs), the least first.
inline constexpr double kRoughLadderFromNoises = 1.0;
inline constexpr double kRoughLadderToNoises = 2.5;
inline constexpr double kRoughLadderRungPx = 0.125;
inline constexpr int kMaxRoughRungs = 32;
std::vector<double> rough_inset_ladder(double noise_px);

/// The residue of `direction` modulo `grid_deg`; 0 within `snap_deg` of 0 or the grid step.
double grid_turn(const OutlineDirection& direction, double grid_deg,
                 const RotationPlanConfig& config = {});

/// The grid step turned by grid_turn() until `grid_share` when the outline has a direction, then
/// `fine_step_deg` until the limit. Never empty. On a rough outline (Pattern::rough_band > 0, and
/// `rough_ladder`) the direction is rough_outline_direction()'s, snapped within `rough_snap_deg`,
/// and the grid stage is one stage per rung of rough_inset_ladder(), each until `grid_share`: the
/// least inset whose search is not refused or exhausted at once gets the grid stage's time.
std::vector<RotationStage> auto_rotation_plan(const Pattern& pattern, const PieceSet& set,
                                              double fine_step_deg,
                                              const RotationPlanConfig& config = {});

/// The outline's direction that a fixed step misses, and a step that reaches it.
struct MissedDirection {
  double residue_deg = 0.0;  ///< the outline's direction modulo the grid step (OutlineDirection)
  double grid_deg = 45.0;    ///< the set's grid step
  /// The largest whole degrees grid / n whose multiples come within `snap_deg`; else 1.
  double step_deg = 1.0;
};

/// The outline's direction when no rotation offset + k step comes near it, and a step that does;
/// nullopt otherwise.
std::optional<MissedDirection> missed_direction(const Pattern& pattern, const PieceSet& set,
                                                double step_deg, double offset_deg = 0.0,
                                                const RotationPlanConfig& config = {});

}  // namespace tangram
