#pragma once
/// \file rotation_plan.hpp
/// Rotations chosen from the figure (`--rotation-step auto`). A figure made of pieces turned by
/// multiples of the set's grid step (45 degrees for the Tangram) is solved fastest and most
/// exactly at that step: its masks need the least inset and every piece edge can lie on the
/// outline. A figure turned as a whole by some angle has its edges at that angle modulo the
/// grid step: the grid turned by it is as good. Other figures (pieces at unrelated angles,
/// curved sets) need the fine step. The plan tries the grid step first, turned to the direction
/// the outline's edges share, for a share of the time, then the fine step with the rest.

#include <optional>
#include <vector>

#include "tangram/core/figure/angles.hpp"
#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/piece_set.hpp"

namespace tangram {

/// One search of a plan: rotations offset, offset + step, ...; it ends (unsolved) at
/// `until_share` of the time limit, counted from the start of the solve.
struct RotationStage {
  double step_deg = 1.0;
  double offset_deg = 0.0;
  double until_share = 1.0;
};

/// Settings of auto_rotation_plan().
struct RotationPlanConfig {
  /// The outline's shared direction (angles.hpp, outline_direction) must carry at least this
  /// share of its long edges' length for the grid stage to be tried.
  double min_share = 0.5;
  /// A residue within this many degrees of 0 (or of the grid step) counts as 0: no offset.
  double snap_deg = 0.25;
  /// The grid stage ends at this share of the time limit when finer steps follow (a quarter
  /// lost a KiloGram figure that 45-degree steps solve in 17 s of 60).
  double grid_share = 0.5;
};

/// The residue of `direction` modulo `grid_deg` as a turn of the grid: 0 when it lies within
/// `snap_deg` of 0 (or of the grid step).
double grid_turn(const OutlineDirection& direction, double grid_deg,
                 const RotationPlanConfig& config = {});

/// The stages for `pattern` and `set` with `fine_step_deg` as the last resort. When the
/// outline's long edges share a direction modulo the set's grid step (outline_direction, at
/// least `min_share` of their length; arcs left out for a set with arcs), first the grid step
/// turned to that direction (grid_turn()), until `grid_share` of the time limit; left
/// out when it would search what the fine stage searches (grid step not coarser than the fine
/// step, and no offset). Then the fine step, offset 0, until the time limit. Never empty.
std::vector<RotationStage> auto_rotation_plan(const Pattern& pattern, const PieceSet& set,
                                              double fine_step_deg,
                                              const RotationPlanConfig& config = {});

/// The outline's direction that a fixed step misses, and a step that reaches it.
struct MissedDirection {
  double residue_deg = 0.0;  ///< the outline's direction modulo the grid step (OutlineDirection)
  double grid_deg = 45.0;    ///< the set's grid step
  /// The largest whole number of degrees of the form grid / n (n = 1, 2, ...) whose multiples
  /// come within `snap_deg` of the direction; 1 when none does.
  double step_deg = 1.0;
};

/// When the outline's edges share a direction (as for auto_rotation_plan) that none of the
/// rotations offset + k step comes near, modulo the grid step (near: within `snap_deg`, or
/// within half the step up to 0.5 degrees, which polishing turns away): that direction and a
/// step that reaches it. nullopt when a rotation comes near or the outline has no shared
/// direction.
std::optional<MissedDirection> missed_direction(const Pattern& pattern, const PieceSet& set,
                                                double step_deg, double offset_deg = 0.0,
                                                const RotationPlanConfig& config = {});

}  // namespace tangram
