#pragma once
/// \file angles.hpp
/// Angle hints from the directions of a silhouette's long edges (docs/design/figure.md).

#include <optional>
#include <vector>

#include "tangram/core/geometry/outline.hpp"
#include "tangram/core/puzzle/pattern.hpp"

namespace tangram {

/// How edges are read from the silhouette.
struct AngleHintConfig {
  double step_deg = 1.0;          ///< residues are multiples of this (the rotation step)
  double epsilon_px = 1.5;        ///< polygon approximation tolerance of the contours
  double min_edge_share = 0.05;   ///< edges shorter than this share of the set side are ignored
  double min_weight_share = 0.1;  ///< a residue needs this share of the counted edge length
  int max_residues = 4;           ///< at most this many residues, strongest first
};

/// Rotations in [0, 45) degrees (multiples of `step_deg`) that the pattern's long edges support,
/// strongest first; empty without long edges.
std::vector<double> dominant_residues(const Pattern& pattern, const AngleHintConfig& config = {});

/// The direction a silhouette's straight edges share modulo a grid step.
struct OutlineDirection {
  double residue_deg = 0.0;  ///< `a` modulo the grid step, in [0, grid step), counter-clockwise
  double share = 0.0;        ///< share of the long edges' length that points at it (0..1)
};

/// outline_direction()'s default: edges shorter than this share of the set side are ignored.
inline constexpr double kDirectionMinEdgeShare = 0.05;

/// Where most of the long edges' length points modulo `modulus_deg` (must divide 180); nullopt
/// without long edges. `skip_arcs_of` (vectorise_outline()): leave the arcs' pixels out.
std::optional<OutlineDirection> outline_direction(
    const Pattern& pattern, double modulus_deg, double min_edge_share = kDirectionMinEdgeShare,
    const std::vector<OutlineRing>* skip_arcs_of = nullptr);

/// rough_outline_direction(): corners are simplified within this many times the outline's noise
/// (1.5 px at least), so that its wobble makes no corner.
inline constexpr double kRoughCornerNoises = 2.0;
/// rough_outline_direction(): straight runs shorter than this share of the set side are ignored.
inline constexpr double kRoughRunMinShare = 0.15;
/// rough_outline_direction(): a run counts for a direction within this many degrees of it.
inline constexpr double kRoughDirectionWindowDeg = 5.0;

/// outline_direction() on a rough outline whose noise is `noise_px` (outline_noise_px()): read on
/// its long straight runs, between corners simplified within kRoughCornerNoises x the noise, runs
/// under kRoughRunMinShare of the set side ignored, each run counted within
/// kRoughDirectionWindowDeg of a direction. nullopt without such runs or for a modulus that does
/// not divide 180.
std::optional<OutlineDirection> rough_outline_direction(
    const Pattern& pattern, double modulus_deg, double noise_px,
    const std::vector<OutlineRing>* skip_arcs_of = nullptr);

/// The distance between two angles modulo `modulus_deg` (> 0), in [0, modulus / 2].
double angle_distance(double a_deg, double b_deg, double modulus_deg);

/// Whether `angle_deg` is congruent to one of `residues` modulo 45 (within 1e-6 degrees).
bool matches_residue(double angle_deg, const std::vector<double>& residues);

}  // namespace tangram
