#pragma once
/// \file verify.hpp
/// The project's own solution checker. It measures a finished assembly with exact vector
/// geometry the way ../shared/tools/tangram-referee does: the puzzle region is the union of its
/// pixel squares, the pieces are their true polygons.
///
/// Congruence: a straight piece must have its shape's vertex count (after dropping repeated and
/// collinear vertices) and is fitted over cyclic shifts and the mirror. A curved piece (a shape
/// with PieceShape::arcs) is compared arc as arc: its corners (the outline's vertices not
/// inside an arc) are matched in order to points of the placed polygon and fitted the same way,
/// edges and angles compared on the polygon of the corners (an arc's edge is its chord); each
/// arc's stretch of the placed polygon, any number of points but at least one between its
/// corners, must lie on the posed circle (the shape's radius times the common scale, about the
/// posed centre) within edge_tol of the radius, bulge the same way, and run from its start
/// corner to its end corner in order, no chord spanning more than max_arc_chord_deg of it. So a
/// curved piece sampled more finely or more coarsely than the set's 3-degree chords passes.
/// Each point of the polygon is tried as the first corner, so a curved piece takes time
/// quadratic in its points (cubic for a shape whose edges are all arcs).
/// Areas (coverage, spill, overlap) are those of the polygons as given: an arc counts as its
/// chords.

#include <string>
#include <vector>

#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/solution.hpp"

namespace tangram {

/// Acceptance thresholds; the defaults are the referee's.
struct VerifyConfig {
  double max_overlap = 0.01;        ///< (sum of piece areas - union area) / puzzle area
  double max_spill = 0.02;          ///< area(union - puzzle) / puzzle area
  double min_coverage = 0.95;       ///< area(union & puzzle) / puzzle area
  double scale_tol = 0.03;          ///< |fitted scale / sqrt(puzzle area) - 1|
  double edge_tol = 0.01;           ///< max relative edge-length error at the fitted scale
  double angle_tol_deg = 1.0;       ///< max interior-angle error
  double max_arc_chord_deg = 10.0;  ///< most of an arc one chord of a placed curved piece spans
};

/// Area measures of an assembly, all as shares of the puzzle area.
struct AreaMetrics {
  double coverage = 0.0;
  double spill = 0.0;
  double overlap = 0.0;
};

/// What the checker found.
struct VerifyReport {
  bool valid = false;
  std::vector<std::string> reasons;  ///< one entry per failed rule, empty when valid
  AreaMetrics metrics;
  double scale_ratio = 0.0;   ///< fitted scale / sqrt(puzzle area)
  double max_edge_err = 0.0;  ///< relative; for an arc its points' radial error too
  double max_angle_err_deg = 0.0;
};

/// Coverage, spill and overlap of piece polygons (simple; a non-convex one is measured by its
/// convex_parts()) against the pattern, as shares of
/// pattern.area_px. Piece areas inside the puzzle are exact; overlaps are summed over pairs of
/// pieces, so the result equals the referee's whenever no point lies in three pieces. A region
/// of area t covered by three pieces counts 3t in overlap (referee: 2t) and nothing in coverage
/// or spill (referee: t), so the overlap rule dominates there.
AreaMetrics measure_areas(const Pattern& pattern, const std::vector<PlacedPiece>& pieces);

/// Share of the puzzle area in pixels at least `margin_px` inside the figure (the puzzle eroded
/// by a disc of that radius) whose centre no piece covers: the gaps of an assembly away from the
/// outline, where an exact assembly leaves none (its pieces follow the true outline, which the
/// raster only blurs by a pixel).
double uncovered_inside(const Pattern& pattern, const std::vector<PlacedPiece>& pieces,
                        int margin_px = 2);

/// Full check: the pieces of `set` (each shape as many times as it has copies), each congruent
/// to its shape at a common scale (curved pieces arc as arc, see above), and the area rules of
/// VerifyConfig. Each failed rule gives one line, naming the piece (and the arc) at fault.
VerifyReport verify_solution(const Pattern& pattern, const std::vector<PlacedPiece>& pieces,
                             const PieceSet& set, const VerifyConfig& config = {});

namespace detail {

/// The puzzle region as the union of its pixel squares, stored as horizontal runs of puzzle
/// pixels per row: run [x0, x1) in row y is the rectangle [x0, x1] x [y, y+1] (pixel frame).
class PuzzleRuns {
public:
  /// Runs of the nonzero pixels of `puzzle`.
  explicit PuzzleRuns(const cv::Mat1b& puzzle);

  /// Area (px^2) of the part of a convex polygon inside the puzzle region: the sum of
  /// area_in_box over the runs that meet the polygon, where rows whose runs hold the polygon's
  /// whole extent are merged into one box.
  double area_inside(const Polygon& convex) const;

private:
  struct Run {
    int x0, x1;
  };
  std::vector<int> row_begin_;  ///< runs of row y are runs_[row_begin_[y], row_begin_[y+1])
  std::vector<Run> runs_;
};

/// Area terms (px^2) of one piece or pair of pieces; measure_areas sums them over the assembly.
struct AreaTerms {
  double piece = 0.0;           ///< sum of piece areas
  double inside = 0.0;          ///< sum of piece areas inside the puzzle
  double overlap = 0.0;         ///< sum of pairwise intersection areas
  double overlap_inside = 0.0;  ///< sum of pairwise intersection areas inside the puzzle

  /// Adds the terms of `other`.
  AreaTerms& operator+=(const AreaTerms& other) {
    piece += other.piece;
    inside += other.inside;
    overlap += other.overlap;
    overlap_inside += other.overlap_inside;
    return *this;
  }
};

/// Area terms of one piece alone (`piece` and `inside`), summed over its convex parts.
AreaTerms piece_terms(const PuzzleRuns& runs, const Polygon& polygon);

/// Area terms of the intersection of two pieces (`overlap` and `overlap_inside`), summed over
/// pairs of their convex parts.
AreaTerms pair_terms(const PuzzleRuns& runs, const Polygon& a, const Polygon& b);

/// AreaMetrics from summed terms, by second-order inclusion-exclusion (exact unless three
/// pieces overlap at one point): union = piece - overlap, union & puzzle = inside -
/// overlap_inside.
AreaMetrics metrics_from_terms(const AreaTerms& total, double puzzle_area_px);

}  // namespace detail

}  // namespace tangram
