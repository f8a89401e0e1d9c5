#pragma once
/// \file angles.hpp
/// Angle hints: the directions of a silhouette's straight edges tell which rotations its pieces
/// probably have. Every Tangram piece has its edges at multiples of 45 degrees from its own
/// axes, so a piece turned by `a` degrees has edge directions congruent to `a` modulo 45; a
/// silhouette's long edges, taken modulo 45, point at the rotations worth trying first.

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

/// Rotations modulo 45 degrees (in [0, 45), multiples of `step_deg`) that the long edges of the
/// pattern's contours (outer boundaries and holes, approximated by polygons) support, strongest
/// first by total edge length. Angles are counter-clockwise on screen, as Pose::angle_deg. Each
/// edge's direction is rounded to the step, and its length also counts for the neighbouring
/// residue when the direction lies between two steps. Empty when no edge is long enough.
std::vector<double> dominant_residues(const Pattern& pattern, const AngleHintConfig& config = {});

/// The direction a silhouette's outline shares: figures made of pieces turned by multiples of a
/// set's grid step (45 degrees for the Tangram), and then the whole figure turned by some angle
/// `a`, have all their straight edges at `a` modulo the grid step.
struct OutlineDirection {
  double residue_deg = 0.0;  ///< `a` modulo the grid step, in [0, grid step), counter-clockwise
  double share = 0.0;        ///< share of the long edges' length that points at it (0..1)
};

/// outline_direction()'s default: edges shorter than this share of the set side are ignored.
inline constexpr double kDirectionMinEdgeShare = 0.05;

/// The residue modulo `modulus_deg` at which most of the length of the pattern's long straight
/// edges points (edges shorter than `min_edge_share` of the set side ignored), measured to a
/// fraction of a degree: each edge's direction is a line fitted to the contour pixels between
/// its corners (their ends left out), and the residue is the length-weighted circular mean of
/// the directions within 2 degrees of the strongest one. nullopt without long edges, or when
/// `modulus_deg` does not divide 180 (an edge's direction is only defined modulo 180).
/// With `skip_arcs_of` (for sets with arcs: the pattern's vectorise_outline()), the contour
/// pixels along its circular arcs (OutlineRing::arcs) are left out of the fits, and an edge with
/// less than half of its pixels left with them: chords of a curve point anywhere, and a straight
/// edge that runs on into an arc at a tangent is bent by it. The edge's weight is then its length
/// times the share of its pixels kept.
std::optional<OutlineDirection> outline_direction(
    const Pattern& pattern, double modulus_deg, double min_edge_share = kDirectionMinEdgeShare,
    const std::vector<OutlineRing>* skip_arcs_of = nullptr);

/// The distance between two angles modulo `modulus_deg` (> 0), in [0, modulus / 2].
double angle_distance(double a_deg, double b_deg, double modulus_deg);

/// Whether `angle_deg` is congruent to one of `residues` modulo 45 (within 1e-6 degrees).
bool matches_residue(double angle_deg, const std::vector<double>& residues);

}  // namespace tangram
