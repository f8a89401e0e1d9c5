#pragma once
/// \file verify.hpp
/// The solution checker: exact vector geometry against the puzzle's pixel squares, as the
/// benchmark's referee measures (docs/design/puzzle.md).

#include <string>
#include <utility>
#include <vector>

#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/solution.hpp"

namespace tangram {

/// Acceptance thresholds (shares of the puzzle area unless marked), the referee's by default.
struct VerifyConfig {
  double max_overlap = 0.01;        ///< (sum of piece areas - union area) / puzzle area
  double max_spill = 0.02;          ///< area(union - puzzle) / puzzle area
  double min_coverage = 0.95;       ///< area(union & puzzle) / puzzle area
  double scale_tol = 0.03;          ///< |fitted scale / sqrt(puzzle area) - 1|
  double edge_tol = 0.01;           ///< max relative edge-length error at the fitted scale
  double angle_tol_deg = 1.0;       ///< max interior-angle error
  double max_arc_chord_deg = 10.0;  ///< most of an arc one chord of a placed curved piece spans
};

/// The referee's thresholds with max_spill raised and min_coverage lowered by `rough_band`.
VerifyConfig rough_verify_config(double rough_band);

/// The thresholds `pattern` is checked to: rough_verify_config(pattern.rough_band), exactly
/// the referee's on a clean outline.
VerifyConfig verify_config(const Pattern& pattern);

/// Whether `config` is looser than the referee's on spill or coverage (an approximate check).
bool widened(const VerifyConfig& config);

/// What an approximate check held an assembly to, as "rough outline, checked within 4.4%
/// spill and 90.6% coverage"; empty when `config` is not widened().
std::string approximate_words(const VerifyConfig& config);

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

/// Coverage, spill and overlap of simple piece polygons (px) as shares of pattern.area_px.
AreaMetrics measure_areas(const Pattern& pattern, const std::vector<PlacedPiece>& pieces);

/// The pixels of a raster of `size` whose centres lie inside one of the pieces' polygons (px),
/// as 255; a pixel an edge only touches is not one of them.
cv::Mat1b pixels_inside(cv::Size size, const std::vector<PlacedPiece>& pieces);

/// The pixels of a raster of `size` whose centres lie inside an odd number of `rings` (px): a
/// figure's outer rings and holes. As pixels_inside() does for each piece.
cv::Mat1b pixels_inside_rings(cv::Size size, const std::vector<Polygon>& rings);

/// Share of the puzzle pixels at least `margin_px` inside the figure that no piece covers.
double uncovered_inside(const Pattern& pattern, const std::vector<PlacedPiece>& pieces,
                        int margin_px = 2);

/// Full check: `set`'s pieces, each congruent at a common scale, and the area rules; one reason
/// per failed rule, naming the piece.
VerifyReport verify_solution(const Pattern& pattern, const std::vector<PlacedPiece>& pieces,
                             const PieceSet& set, const VerifyConfig& config);

/// verify_solution() at the thresholds of verify_config(pattern).
VerifyReport verify_solution(const Pattern& pattern, const std::vector<PlacedPiece>& pieces,
                             const PieceSet& set);

namespace detail {

/// The x-extent of a convex polygon within the horizontal strip [y0, y1]; empty (lo > hi) when
/// the polygon does not reach the strip.
std::pair<double, double> x_extent_in_strip(const Polygon& convex, double y0, double y1);

/// The puzzle region as horizontal runs of pixel squares per row (pixel frame).
class PuzzleRuns {
public:
  /// Runs of the nonzero pixels of `puzzle`.
  explicit PuzzleRuns(const cv::Mat1b& puzzle);

  /// Area (px^2) of the part of a convex polygon inside the puzzle region.
  double area_inside(const Polygon& convex) const;

  /// A run: pixels x0 .. x1 - 1 of a row.
  struct Run {
    int x0, x1;
  };
  /// The puzzle's rows.
  int rows() const { return static_cast<int>(row_begin_.size()) - 1; }
  /// The runs of row y, left to right, as [first, last).
  std::pair<const Run*, const Run*> row(int y) const {
    const auto at = static_cast<std::size_t>(y);
    return {runs_.data() + row_begin_[at], runs_.data() + row_begin_[at + 1]};
  }

private:
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

/// Area terms of the intersection of two pieces (`overlap` and `overlap_inside`).
AreaTerms pair_terms(const PuzzleRuns& runs, const Polygon& a, const Polygon& b);

/// AreaMetrics from summed terms (inclusion-exclusion to second order).
AreaMetrics metrics_from_terms(const AreaTerms& total, double puzzle_area_px);

}  // namespace detail

}  // namespace tangram
