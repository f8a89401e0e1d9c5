#pragma once
/// \file convex_figures.hpp
/// The convex figures a piece set can form: candidate polygons on the set's lattices, each
/// decided by the exact enumeration (docs/design/generate.md).

#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/enumerate/all_solutions.hpp"
#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/piece_set.hpp"

namespace tangram {

/// A convex polygon on a lattice of a set, in lattice steps.
struct ConvexPolygon {
  double step = 0.0;               ///< the lattice's step, set units
  std::vector<cv::Point> corners;  ///< counter-clockwise as seen (y down), box corner at (0, 0)
  /// Each side as steps of its primitive lattice vector and that vector (side i runs from
  /// corner i to corner i + 1).
  std::vector<int> side_steps;
  std::vector<cv::Point> side_vectors;
};

/// Bounds of the candidate enumeration.
struct ConvexCandidatesConfig {
  bool reflection = true;         ///< the set's pieces may be turned over
  long max_candidates = 100'000;  ///< more candidate polygons than this: refused
  int max_directions = 8;         ///< more edge directions than this: refused
};

/// Every convex polygon of the set's area whose corners lie on one of its lattices
/// (piece_lattices()) and whose sides run along directions of its pieces' sides, one per
/// congruence class, in a fixed order (corners, then perimeter). Throws UsageError when the set
/// has no lattice, or when the directions or candidates exceed `config`'s bounds.
std::vector<ConvexPolygon> convex_candidates(const PieceSet& set,
                                             const ConvexCandidatesConfig& config = {});

/// Every convex polygon of doubled area `twice_area` (lattice cells) with corners on the
/// integer lattice and sides along `directions` (primitive, with their opposites, in order of
/// angle), one per congruence class at `step` set units per lattice step (with `reflection`:
/// mirror images too), in the order found. Throws UsageError beyond `config`'s bounds.
std::vector<ConvexPolygon> lattice_convex_polygons(const std::vector<cv::Point>& directions,
                                                   long twice_area, double step,
                                                   const ConvexCandidatesConfig& config = {});

/// Whether `corners` make a convex polygon, no three consecutive corners on a line.
bool strictly_convex(const std::vector<cv::Point>& corners);

/// The side lengths in lattice steps, "4, 2√2, √2, 6": a side of k steps along a diagonal
/// (1, 1) is k√2; along (1, 2), k√5.
std::string side_lengths_text(const ConvexPolygon& polygon);

/// The polygon as a pattern at `step_px` pixels per lattice step, `margin_px` around it: a
/// pixel is in the figure when its centre is.
Pattern convex_pattern(const ConvexPolygon& polygon, int step_px, int margin_px);

/// What the enumeration found for one candidate.
struct ConvexVerdict {
  Pattern pattern;                  ///< the candidate as enumerated
  std::vector<PlacedPiece> pieces;  ///< an assembly (px), or empty for none
  Enumeration enumeration;          ///< its counts; exhausted: a proof of the count
  std::string refusal;  ///< why it could not be enumerated (enumeration_refusal()), or empty
};

/// Enumerates the assemblies of `set` in `polygon` (config.pieces == set): the first only, or
/// with enumeration.max_solutions > 1 their classes as `enumeration` says.
ConvexVerdict decide_convex_candidate(const ConvexPolygon& polygon, const SolverConfig& config,
                                      const EnumerationConfig& enumeration);

}  // namespace tangram
