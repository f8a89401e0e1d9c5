#include "tangram/core/raster/detail/invariants.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "tangram/core/geometry/geometry.hpp"

namespace tangram {

void invariant_violated(const char* what, const char* file, int line) {
  std::fprintf(stderr, "tangram: invariant violated: %s (%s:%d)\n", what, file, line);
  std::abort();
}

bool mask_matches_polygon(const ConfigurationMask& config, double inset_px) {
  const Polygon& polygon = config.local_polygon;
  const RunMask& mask = config.mask;
  const Box box = bounding_box(polygon);
  // Lattice point (dx, dy) is the anchor pixel's offset; the polygon is around the centroid,
  // which sits at the anchor (raster.hpp).
  const double eps = 1e-6;
  for (int i = 0; i < mask.runs(); ++i)
    for (int k = 0; k < mask.len[i]; ++k) {
      const Vec2 p{static_cast<double>(mask.x0[i] + k), static_cast<double>(mask.dy[i])};
      if (!inside_polygon(polygon, p, eps)) return false;
    }
  // Every lattice point deeper than the inset by a pixel is a cell.
  cv::Point anchor;
  const cv::Mat1b cells = run_mask_image(mask, anchor);
  for (int y = static_cast<int>(std::floor(box.y0)); y <= static_cast<int>(std::ceil(box.y1)); ++y)
    for (int x = static_cast<int>(std::floor(box.x0)); x <= static_cast<int>(std::ceil(box.x1));
         ++x) {
      const Vec2 p{double(x), double(y)};
      if (!inside_polygon(polygon, p) || boundary_distance(polygon, p) < inset_px + 1.0) continue;
      const int cx = x + anchor.x, cy = y + anchor.y;
      if (mask.pixels == 0 || cx < 0 || cy < 0 || cx >= cells.cols || cy >= cells.rows ||
          cells(cy, cx) == 0)
        return false;
    }
  return true;
}

bool cells_are_empty(const cv::Mat1b& empty, const RunMask& mask, cv::Point anchor) {
  for (int i = 0; i < mask.runs(); ++i)
    for (int k = 0; k < mask.len[i]; ++k) {
      const int x = anchor.x + mask.x0[i] + k, y = anchor.y + mask.dy[i];
      if (x < 0 || y < 0 || x >= empty.cols || y >= empty.rows || empty(y, x) == 0) return false;
    }
  return true;
}

bool state_matches_rebuild(const LayoutState& state) {
  const LayoutState rebuilt = make_layout_state(state.empty);
  if (state.empty_bits.rows() != rebuilt.empty_bits.rows() ||
      state.empty_bits.cols() != rebuilt.empty_bits.cols())
    return false;
  for (int y = 0; y < rebuilt.empty_bits.rows(); ++y)
    for (int w = 0; w < rebuilt.empty_bits.words_per_row(); ++w)
      if (state.empty_bits.row(y)[w] != rebuilt.empty_bits.row(y)[w]) return false;
  if (state.region_px != rebuilt.region_px) return false;
  if (state.depth.empty()) return true;  // place_cells() without add_depth() yet
  if (cv::norm(state.depth, rebuilt.depth, cv::NORM_INF) > 1e-3) return false;
  return std::abs(state.max_depth - rebuilt.max_depth) <= 1e-3f;
}

bool all_finite(const cv::Mat& values) { return cv::checkRange(values, true); }

bool polygons_disjoint(const std::vector<PlacedPiece>& pieces, double tolerance_px2) {
  for (std::size_t i = 0; i < pieces.size(); ++i)
    for (std::size_t j = i + 1; j < pieces.size(); ++j)
      if (overlap_area(pieces[i].polygon, pieces[j].polygon) > tolerance_px2) return false;
  return true;
}

}  // namespace tangram
