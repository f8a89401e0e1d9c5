#include "tangram/core/refine/detail/row_areas.hpp"

#include <algorithm>
#include <cmath>

namespace tangram::detail {

RowAreas::RowAreas(const cv::Mat1b& puzzle) : RowAreas(PuzzleRuns(puzzle)) {}

RowAreas::RowAreas(const PuzzleRuns& runs) {
  row_begin_.reserve(static_cast<std::size_t>(runs.rows()) + 1);
  for (int y = 0; y < runs.rows(); ++y) {
    row_begin_.push_back(static_cast<int>(runs_.size()));
    double before = 0.0;
    for (auto [run, last] = runs.row(y); run != last; ++run) {
      runs_.push_back({static_cast<double>(run->x0), static_cast<double>(run->x1), before});
      before += run->x1 - run->x0;
    }
  }
  row_begin_.push_back(static_cast<int>(runs_.size()));
}

double RowAreas::length_in(int y, double a, double b) const {
  const auto first = runs_.begin() + row_begin_[static_cast<std::size_t>(y)];
  const auto last = runs_.begin() + row_begin_[static_cast<std::size_t>(y) + 1];
  // Length of the row's runs left of x.
  const auto up_to = [&](double x) {
    auto it = std::upper_bound(first, last, x, [](double v, const Run& r) { return v < r.x0; });
    if (it == first) return 0.0;
    --it;
    return it->before + std::min(x, it->x1) - it->x0;
  };
  return up_to(b) - up_to(a);
}

double RowAreas::linear_in(int y, double a, double ha, double b, double hb) const {
  const auto first = runs_.begin() + row_begin_[static_cast<std::size_t>(y)];
  const auto last = runs_.begin() + row_begin_[static_cast<std::size_t>(y) + 1];
  auto it = std::upper_bound(first, last, a, [](double v, const Run& r) { return v < r.x1; });
  const double slope = (hb - ha) / (b - a);
  double sum = 0.0;
  for (; it != last && it->x0 < b; ++it) {
    const double u = std::max(a, it->x0), v = std::min(b, it->x1);
    if (v > u) sum += (v - u) * (ha + slope * (0.5 * (u + v) - a));
  }
  return sum;
}

namespace {

// Length of the vertical chord of a convex polygon at x within [y0, y1].
double chord_in_strip(const Polygon& convex, double x, double y0, double y1) {
  double lo = HUGE_VAL, hi = -HUGE_VAL;
  const std::size_t n = convex.size();
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 p = convex[i], q = convex[(i + 1) % n];
    if (p.x == q.x || x < std::min(p.x, q.x) || x > std::max(p.x, q.x)) continue;
    const double y = p.y + (q.y - p.y) * (x - p.x) / (q.x - p.x);
    lo = std::min(lo, y);
    hi = std::max(hi, y);
  }
  return std::max(0.0, std::min(hi, y1) - std::max(lo, y0));
}

}  // namespace

double RowAreas::area_inside(const Polygon& convex) const {
  if (convex.size() < 3) return 0.0;
  const Box box = bounding_box(convex);
  if (!std::isfinite(box.x0 + box.x1 + box.y0 + box.y1)) return 0.0;
  const double rows = static_cast<double>(row_begin_.size()) - 1.0;
  const int y_first = static_cast<int>(std::clamp(std::floor(box.y0), 0.0, rows));
  const int y_last = static_cast<int>(std::clamp(std::ceil(box.y1), 0.0, rows)) - 1;
  const std::size_t n = convex.size();
  std::vector<double> xs;
  double sum = 0.0;
  // Rows [band_begin, y) each have one run covering the polygon's part in them (most rows of a
  // piece inside the figure): their share is the polygon's area between their lines, as
  // PuzzleRuns::area_inside() takes it.
  int band_begin = -1;
  const auto close_band = [&](int y) {
    if (band_begin >= 0) sum += area_in_box(convex, box.x0, band_begin, box.x1, y);
    band_begin = -1;
  };
  for (int y = y_first; y <= y_last; ++y) {
    const double y0 = y, y1 = y + 1.0;
    const auto [lo, hi] = x_extent_in_strip(convex, y0, y1);
    const auto first = runs_.begin() + row_begin_[static_cast<std::size_t>(y)];
    const auto last = runs_.begin() + row_begin_[static_cast<std::size_t>(y) + 1];
    const auto after =
        std::upper_bound(first, last, lo, [](double v, const Run& r) { return v < r.x0; });
    if (lo <= hi && after != first && std::prev(after)->x1 >= hi) {
      if (band_begin < 0) band_begin = y;
      continue;
    }
    close_band(y);
    if (!(lo < hi)) continue;
    // Where the chord's length within the strip bends: the vertices inside the strip and the
    // edges' crossings of its two lines. Between two of them it is linear.
    xs.clear();
    for (std::size_t i = 0; i < n; ++i) {
      const Vec2 p = convex[i], q = convex[(i + 1) % n];
      if (p.y >= y0 && p.y <= y1) xs.push_back(p.x);
      for (const double line : {y0, y1})
        if ((p.y < line && q.y > line) || (p.y > line && q.y < line))
          xs.push_back(p.x + (q.x - p.x) * (line - p.y) / (q.y - p.y));
    }
    if (xs.size() < 2) continue;
    std::sort(xs.begin(), xs.end());
    for (std::size_t k = 0; k + 1 < xs.size(); ++k) {
      const double a = xs[k], b = xs[k + 1];
      if (!(b - a > 1e-12)) continue;
      // The chord at a quarter and three quarters, extended to the ends (it is linear; at a
      // vertical edge its value at the end itself is ambiguous).
      const double h1 = chord_in_strip(convex, a + 0.25 * (b - a), y0, y1);
      const double h2 = chord_in_strip(convex, a + 0.75 * (b - a), y0, y1);
      const double ha = 1.5 * h1 - 0.5 * h2, hb = 1.5 * h2 - 0.5 * h1;
      if (std::abs(h2 - h1) <= 1e-12)
        sum += 0.5 * (h1 + h2) * length_in(y, a, b);
      else
        sum += linear_in(y, a, ha, b, hb);
    }
  }
  close_band(y_last + 1);
  return sum;
}

AreaTerms RowAreas::piece_terms(const Polygon& polygon) const {
  AreaTerms terms;
  terms.piece = area(polygon);
  for (const Polygon& part : convex_parts(polygon)) terms.inside += area_inside(part);
  return terms;
}

AreaTerms RowAreas::pair_terms(const Polygon& a, const Polygon& b) const {
  AreaTerms terms;
  if (a.size() < 3 || b.size() < 3) return terms;
  const Box ba = bounding_box(a), bb = bounding_box(b);
  if (!(ba.x0 < bb.x1 && bb.x0 < ba.x1 && ba.y0 < bb.y1 && bb.y0 < ba.y1)) return terms;
  for (const Polygon& pa : convex_parts(a))
    for (const Polygon& pb : convex_parts(b)) {
      const Polygon common = clip_convex(pa, pb);
      const double shared = area(common);
      terms.overlap += shared;
      if (shared > 0.0) terms.overlap_inside += area_inside(common);
    }
  return terms;
}

}  // namespace tangram::detail
