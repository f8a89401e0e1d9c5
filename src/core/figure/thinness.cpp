#include "tangram/core/figure/thinness.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include <opencv2/imgproc.hpp>

namespace tangram {

namespace {

/// The runs of the nonzero pixels of `mask`, row by row, left to right.
void mask_runs(const cv::Mat1b& mask, std::vector<int>& rows, std::vector<int>& firsts,
               std::vector<int>& lengths) {
  for (int y = 0; y < mask.rows; ++y) {
    const uchar* row = mask.ptr<uchar>(y);
    for (int x = 0; x < mask.cols;) {
      if (row[x] == 0) {
        ++x;
        continue;
      }
      const int first = x;
      while (x < mask.cols && row[x] != 0) ++x;
      rows.push_back(y);
      firsts.push_back(first);
      lengths.push_back(x - first);
    }
  }
}

/// How much wider than the deepest pixel's distance a disc inside the figure may be (px): a
/// pixel centre lies within 0.71 px of the disc's centre (figure_inradius_px()).
constexpr double kFigureDiscMarginPx = 0.71;

/// Margins of too_wide_piece(): the piece's disc must exceed the figure's bound by this factor
/// (the checker lets the scale be 3% off) plus this many pixels (the figure's reading).
constexpr double kScaleMargin = 1.05;
constexpr double kPixelMargin = 1.5;

/// The radius of the widest disc inside convex `polygon`: the linear programme "largest r with
/// every edge at least r from the centre" is optimal where three edges are active, so every
/// triple of edges is tried.
double convex_inradius(const Polygon& polygon) {
  const std::size_t n = polygon.size();
  const double orientation = signed_area(polygon) > 0.0 ? 1.0 : -1.0;
  // Edge i as n_i . c >= n_i . p_i + r, n_i the unit normal pointing inside.
  std::vector<Vec2> normal(n);
  std::vector<double> offset(n);
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 p = polygon[i], q = polygon[(i + 1) % n];
    const double length = std::hypot(q.x - p.x, q.y - p.y);
    normal[i] = length > 0.0
                    ? Vec2{-(q.y - p.y) * orientation / length, (q.x - p.x) * orientation / length}
                    : Vec2{0.0, 0.0};
    offset[i] = normal[i].x * p.x + normal[i].y * p.y;
  }
  double best = 0.0;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      for (std::size_t k = j + 1; k < n; ++k) {
        // n . c - r = offset for the three edges (Cramer's rule on (cx, cy, r)).
        const std::size_t e[3] = {i, j, k};
        double a[3][3], b[3];
        for (int row = 0; row < 3; ++row)
          a[row][0] = normal[e[row]].x, a[row][1] = normal[e[row]].y, a[row][2] = -1.0,
          b[row] = offset[e[row]];
        const auto det = [](const double m[3][3]) {
          return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
                 m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
                 m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
        };
        const double d = det(a);
        if (std::abs(d) < 1e-12) continue;
        double solution[3];
        for (int column = 0; column < 3; ++column) {
          double m[3][3];
          for (int row = 0; row < 3; ++row)
            for (int c = 0; c < 3; ++c) m[row][c] = c == column ? b[row] : a[row][c];
          solution[column] = det(m) / d;
        }
        const Vec2 centre{solution[0], solution[1]};
        // The disc's true clearance: the least distance to any edge (at most the solved r).
        double clearance = solution[2];
        for (std::size_t m = 0; m < n; ++m)
          clearance =
              std::min(clearance, normal[m].x * centre.x + normal[m].y * centre.y - offset[m]);
        best = std::max(best, clearance);
      }
  return best;
}

/// How far from `near` (cells, each way) deepest_cell_distance() measures first.
constexpr int kNearReach = 2;

}  // namespace

float deepest_cell_distance(const std::vector<int>& row, const std::vector<int>& first,
                            const std::vector<int>& length, float enough, const cv::Point* near,
                            cv::Point* deepest) {
  // The distance of cell (x, y) squared is the least of dr^2 + h^2 over the rows at dr from it, h
  // being the distance from x to the nearest cell outside in that row; rows are scanned outwards
  // while dr^2 can still lower it, and cells that cannot beat the best so far are skipped.
  const int runs = static_cast<int>(row.size());
  if (runs == 0) return 0.0f;
  const int top = row.front();
  const int rows = row.back() - top + 1;
  // The runs of row r (from the top) are [begin[r], begin[r + 1]).
  std::vector<int> begin(static_cast<std::size_t>(rows) + 1, 0);
  for (int i = 0; i < runs; ++i) ++begin[static_cast<std::size_t>(row[i] - top) + 1];
  for (std::size_t r = 1; r < begin.size(); ++r) begin[r] += begin[r - 1];
  const auto runs_of = [&](int r) {
    return std::pair<int, int>{begin[static_cast<std::size_t>(r)],
                               begin[static_cast<std::size_t>(r) + 1]};
  };
  // Distance from column x to the nearest cell outside in row r (0 when x is outside).
  const auto across = [&](int r, int x) -> long {
    if (r < 0 || r >= rows) return 0;
    for (auto [i, end] = runs_of(r); i < end; ++i) {
      const int a = first[i], b = a + length[i];
      if (x >= a && x < b) return std::min(x - a + 1, b - x);
    }
    return 0;
  };
  int left = first[0], right = first[0] + length[0];
  for (int i = 1; i < runs; ++i)
    left = std::min(left, first[i]), right = std::max(right, first[i] + length[i]);
  // The first and last row of each column, found when a cell of the column is first measured
  // (a guess right measures a few columns): a cell's distance to the outside is at most that to
  // the rows just beyond them.
  std::vector<int> column_top(static_cast<std::size_t>(right - left), -1);
  std::vector<int> column_bottom(static_cast<std::size_t>(right - left), -1);
  const auto vertical = [&](int r, int x) -> long {
    const std::size_t c = static_cast<std::size_t>(x - left);
    if (column_top[c] < 0) {
      int t = 0, b = rows - 1;
      while (across(t, x) == 0) ++t;  // the column holds the cell measured: both ends exist
      while (across(b, x) == 0) --b;
      column_top[c] = t;
      column_bottom[c] = b;
    }
    return std::min(r - column_top[c] + 1, column_bottom[c] + 1 - r);
  };
  long best = 0;  // squared
  cv::Point best_cell{first[0], top};
  // Measures cell x of row r, in the run [a, b) (h: its distance to the run's ends); true when
  // it is the deepest so far and at least `enough` deep, which ends the search.
  const auto measure = [&](int r, int x, long h) {
    const long v = vertical(r, x);
    long d2 = std::min(h * h, v * v);
    for (long dr = 1; d2 > best && dr * dr < d2; ++dr)
      for (const int other : {r - static_cast<int>(dr), r + static_cast<int>(dr)}) {
        const long w = across(other, x);
        d2 = std::min(d2, dr * dr + w * w);
      }
    if (d2 <= best) return false;
    best = d2;
    best_cell = {x, r + top};
    return std::sqrt(static_cast<float>(best)) >= enough;
  };
  const auto result = [&] {
    if (deepest != nullptr) *deepest = best_cell;
    // As cv::distanceTransform (DIST_L2, DIST_MASK_PRECISE) rounds it: the float root of the
    // exact integer.
    return std::sqrt(static_cast<float>(best));
  };
  // The guess first: the cells around `near`.
  if (near != nullptr)
    for (int dy = -kNearReach; dy <= kNearReach; ++dy)
      for (int dx = -kNearReach; dx <= kNearReach; ++dx) {
        const int r = near->y + dy - top, x = near->x + dx;
        if (r < 0 || r >= rows) continue;
        const long h = across(r, x);
        if (h * h > best && measure(r, x, h)) return result();
      }
  // Rows from the middle outwards and cells from each run's middle outwards: the deepest cells
  // tend to come first, and the bounds then end each scan early.
  const int middle = (rows - 1) / 2;
  for (int k = 0; k < rows; ++k) {
    const int r = k % 2 == 0 ? middle + k / 2 : middle - (k + 1) / 2;
    const long down = std::min(r + 1, rows - r);  // to the rows above and below the mask
    if (down * down <= best) continue;
    for (auto [i, end] = runs_of(r); i < end; ++i) {
      const int a = first[i], b = a + length[i];
      const int centre = a + (b - a - 1) / 2;
      for (int side = 0; side < 2; ++side)
        for (int x = side == 0 ? centre : centre + 1; x >= a && x < b; x += side == 0 ? -1 : 1) {
          const long h = std::min(x - a + 1, b - x);
          if (h * h <= best) break;  // h only falls further from the middle
          if (measure(r, x, h)) return result();
        }
    }
  }
  return result();
}

float deepest_pixel_distance(const cv::Mat1b& mask, float enough) {
  std::vector<int> rows, firsts, lengths;
  mask_runs(mask, rows, firsts, lengths);
  return deepest_cell_distance(rows, firsts, lengths, enough);
}

double piece_inradius(const PieceSet& set, ShapeId shape) {
  const Polygon unit = set.local_polygon(shape, 1.0);
  if (is_convex(unit)) return convex_inradius(unit);
  // Otherwise the shape drawn 400 px across. fillPoly also fills pixels the outline touches, up
  // to a pixel outside, and the transform measures to the nearest pixel centre left empty: its
  // largest value exceeds the radius by less than 2.5 px (1 + 0.71 + rounding).
  const Box box = bounding_box(unit);
  const double scale = 400.0 / std::max(box.x1 - box.x0, box.y1 - box.y0);
  constexpr int margin = 4, shift = 8;
  std::vector<cv::Point> outline;
  for (const Vec2& v : unit)
    outline.emplace_back(
        static_cast<int>(std::lround(((v.x - box.x0) * scale + margin) * (1 << shift))),
        static_cast<int>(std::lround(((v.y - box.y0) * scale + margin) * (1 << shift))));
  cv::Mat1b mask(static_cast<int>(std::ceil((box.y1 - box.y0) * scale)) + 2 * margin,
                 static_cast<int>(std::ceil((box.x1 - box.x0) * scale)) + 2 * margin, uchar{0});
  cv::fillPoly(mask, std::vector<std::vector<cv::Point>>{outline}, cv::Scalar(255), cv::LINE_8,
               shift);
  return std::max(0.0, deepest_pixel_distance(mask) - 2.5) / scale;
}

double figure_inradius_px(const cv::Mat1b& puzzle) {
  // A disc of radius R inside the figure holds the pixel centre p nearest its centre (within
  // 0.71 px), and every pixel centre within R - 0.71 of p is in: R <= the transform + 0.71.
  return deepest_pixel_distance(puzzle) + kFigureDiscMarginPx;
}

std::optional<TooWide> too_wide_piece(const cv::Mat1b& puzzle, const PieceSet& set,
                                      double unit_px) {
  if (!(unit_px > 0.0) || set.shape_count() == 0 || cv::countNonZero(puzzle) == 0)
    return std::nullopt;
  std::vector<double> radius(set.shape_count());
  for (std::size_t s = 0; s < radius.size(); ++s)
    radius[s] = piece_inradius(set, static_cast<ShapeId>(s));
  // A figure this deep holds every shape's disc (the test below, solved for the depth, with a
  // hundredth of a pixel to spare): the depth is measured only until it is known to be.
  const double widest_px = *std::max_element(radius.begin(), radius.end()) * unit_px;
  const double enough = widest_px / kScaleMargin - kPixelMargin - kFigureDiscMarginPx + 0.01;
  const float depth = deepest_pixel_distance(
      puzzle, std::nextafter(static_cast<float>(std::max(0.0, enough)), HUGE_VALF));
  if (depth >= enough) return std::nullopt;
  const double figure_px = depth + kFigureDiscMarginPx;  // figure_inradius_px(): depth exact
  const double bound_px = kScaleMargin * (figure_px + kPixelMargin);
  std::optional<TooWide> widest;
  for (std::size_t s = 0; s < radius.size(); ++s)
    if (radius[s] * unit_px > bound_px && (!widest || radius[s] > widest->piece_radius))
      widest = TooWide{static_cast<ShapeId>(s), radius[s], figure_px / unit_px};
  return widest;
}

}  // namespace tangram
