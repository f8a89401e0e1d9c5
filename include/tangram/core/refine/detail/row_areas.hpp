#pragma once
/// \file row_areas.hpp
/// Areas of convex polygons inside the puzzle at a cost that does not grow with its runs.

#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/geometry/geometry.hpp"
#include "tangram/core/puzzle/verify.hpp"

namespace tangram::detail {

/// The puzzle region per pixel row: its runs and their running lengths (pixel frame).
class RowAreas {
public:
  /// The nonzero pixels of `puzzle`.
  explicit RowAreas(const cv::Mat1b& puzzle);
  /// The runs of `runs`.
  explicit RowAreas(const PuzzleRuns& runs);

  /// PuzzleRuns::area_inside() to rounding, in O(vertices^2 + log runs) per row the polygon
  /// spans (plus the runs under its sloped edges), however many runs a row has.
  double area_inside(const Polygon& convex) const;

  /// detail::piece_terms() with this area.
  AreaTerms piece_terms(const Polygon& polygon) const;
  /// detail::pair_terms() with this area.
  AreaTerms pair_terms(const Polygon& a, const Polygon& b) const;

private:
  struct Run {
    double x0, x1;  ///< the run covers [x0, x1)
    double before;  ///< length of the row's runs before it
  };
  /// Length of row y's runs within [a, b].
  double length_in(int y, double a, double b) const;
  /// Integral over row y's runs of the linear function through (a, ha) and (b, hb), a < b.
  double linear_in(int y, double a, double ha, double b, double hb) const;

  std::vector<int> row_begin_;  ///< runs of row y are runs_[row_begin_[y], row_begin_[y+1])
  std::vector<Run> runs_;
};

}  // namespace tangram::detail
