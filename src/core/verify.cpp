#include "tangram/core/verify.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "tangram/core/detail/format.hpp"

namespace tangram {

using detail::fixed;
using detail::signed_fixed;

namespace detail {

PuzzleRuns::PuzzleRuns(const cv::Mat1b& puzzle) {
  row_begin_.reserve(static_cast<std::size_t>(puzzle.rows) + 1);
  for (int y = 0; y < puzzle.rows; ++y) {
    row_begin_.push_back(static_cast<int>(runs_.size()));
    const uchar* row = puzzle.ptr<uchar>(y);
    int x = 0;
    while (x < puzzle.cols) {
      if (row[x] == 0) {
        ++x;
        continue;
      }
      const int x0 = x;
      while (x < puzzle.cols && row[x] != 0) ++x;
      runs_.push_back({x0, x});
    }
  }
  row_begin_.push_back(static_cast<int>(runs_.size()));
}

namespace {

// The x-extent of a convex polygon within the horizontal strip [y0, y1]; empty (lo > hi) when
// the polygon does not reach the strip.
std::pair<double, double> x_extent_in_strip(const Polygon& convex, double y0, double y1) {
  double lo = HUGE_VAL, hi = -HUGE_VAL;
  const std::size_t n = convex.size();
  for (std::size_t i = 0; i < n; ++i) {
    Vec2 p = convex[i], q = convex[(i + 1) % n];
    if (p.y > q.y) std::swap(p, q);
    if (q.y < y0 || p.y > y1) continue;
    const double dy = q.y - p.y;
    const double xa = (p.y >= y0 || dy <= 0.0) ? p.x : p.x + (q.x - p.x) * (y0 - p.y) / dy;
    const double xb = (q.y <= y1 || dy <= 0.0) ? q.x : p.x + (q.x - p.x) * (y1 - p.y) / dy;
    lo = std::min({lo, xa, xb});
    hi = std::max({hi, xa, xb});
  }
  return {lo, hi};
}

}  // namespace

double PuzzleRuns::area_inside(const Polygon& convex) const {
  if (convex.size() < 3) return 0.0;
  const Box box = bounding_box(convex);
  const double x_lo = box.x0, x_hi = box.x1, y_lo = box.y0, y_hi = box.y1;
  if (!std::isfinite(x_lo + x_hi + y_lo + y_hi)) return 0.0;
  const double rows = static_cast<double>(row_begin_.size()) - 1.0;
  const int y_first = static_cast<int>(std::clamp(std::floor(y_lo), 0.0, rows));
  const int y_last = static_cast<int>(std::clamp(std::ceil(y_hi), 0.0, rows)) - 1;
  // Consecutive rows in which one run holds the polygon's whole extent form a band: the
  // polygon's area in the band is all inside the puzzle and takes one area_in_box call.
  double sum = 0.0;
  int band_begin = -1;
  auto close_band = [&](int band_end) {
    if (band_begin >= 0) sum += area_in_box(convex, x_lo, band_begin, x_hi, band_end);
    band_begin = -1;
  };
  for (int y = y_first; y <= y_last; ++y) {
    const auto [ex_lo, ex_hi] = x_extent_in_strip(convex, y, y + 1);
    int first = row_begin_[y], last = row_begin_[y + 1];  // runs meeting (ex_lo, ex_hi)
    while (first < last && runs_[first].x1 <= ex_lo) ++first;
    while (last > first && runs_[last - 1].x0 >= ex_hi) --last;
    if (last - first == 1 && runs_[first].x0 <= ex_lo && runs_[first].x1 >= ex_hi) {
      if (band_begin < 0) band_begin = y;
      continue;
    }
    close_band(y);
    for (int r = first; r < last; ++r)
      sum += area_in_box(convex, runs_[r].x0, y, runs_[r].x1, y + 1);
  }
  close_band(y_last + 1);
  return sum;
}

AreaTerms piece_terms(const PuzzleRuns& runs, const Polygon& polygon) {
  AreaTerms terms;
  terms.piece = area(polygon);
  for (const Polygon& part : convex_parts(polygon)) terms.inside += runs.area_inside(part);
  return terms;
}

namespace {

// True when the bounding boxes of a and b share interior points.
bool boxes_meet(const Polygon& a, const Polygon& b) {
  auto box = [](const Polygon& p) {
    std::array<double, 4> bb = {p[0].x, p[0].y, p[0].x, p[0].y};
    for (const Vec2& v : p) {
      bb[0] = std::min(bb[0], v.x);
      bb[1] = std::min(bb[1], v.y);
      bb[2] = std::max(bb[2], v.x);
      bb[3] = std::max(bb[3], v.y);
    }
    return bb;
  };
  const auto ba = box(a), bb = box(b);
  return ba[0] < bb[2] && bb[0] < ba[2] && ba[1] < bb[3] && bb[1] < ba[3];
}

}  // namespace

AreaTerms pair_terms(const PuzzleRuns& runs, const Polygon& a, const Polygon& b) {
  AreaTerms terms;
  if (a.size() < 3 || b.size() < 3 || !boxes_meet(a, b)) return terms;
  for (const Polygon& pa : convex_parts(a))
    for (const Polygon& pb : convex_parts(b)) {
      const Polygon common = clip_convex(pa, pb);
      const double shared = area(common);
      terms.overlap += shared;
      if (shared > 0.0) terms.overlap_inside += runs.area_inside(common);
    }
  return terms;
}

AreaMetrics metrics_from_terms(const AreaTerms& total, double puzzle_area_px) {
  AreaMetrics m;
  if (puzzle_area_px <= 0.0) return m;
  const double union_area = total.piece - total.overlap;
  const double union_inside = total.inside - total.overlap_inside;
  m.overlap = std::max(0.0, total.overlap) / puzzle_area_px;
  m.spill = std::max(0.0, union_area - union_inside) / puzzle_area_px;
  m.coverage = std::max(0.0, union_inside) / puzzle_area_px;
  return m;
}

}  // namespace detail

AreaMetrics measure_areas(const Pattern& pattern, const std::vector<PlacedPiece>& pieces) {
  const detail::PuzzleRuns runs(pattern.puzzle);
  detail::AreaTerms total;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    total += detail::piece_terms(runs, pieces[i].polygon);
    for (std::size_t j = i + 1; j < pieces.size(); ++j)
      total += detail::pair_terms(runs, pieces[i].polygon, pieces[j].polygon);
  }
  return detail::metrics_from_terms(total, static_cast<double>(pattern.area_px));
}

namespace {

// ---------------------------------------------------------------------------------------------
// Congruence, as tangram-referee checks it: clean the ring, fit the standard piece by a
// similarity (Procrustes) over cyclic shifts and mirror, fit one common scale over all pieces,
// then compare edge lengths and interior angles at that scale.
// ---------------------------------------------------------------------------------------------

// Drops repeated vertices and vertices exactly on a straight continuation of their edges
// (relative tolerance 1e-9, the referee's clean_ring); a closing duplicate is a repeated vertex.
Polygon clean_ring(Polygon pts) {
  if (pts.empty()) return pts;
  const Box box = bounding_box(pts);
  const double eps = 1e-9 * std::max({1.0, box.x1 - box.x0, box.y1 - box.y0});
  bool changed = true;
  while (changed && pts.size() >= 3) {
    changed = false;
    const std::size_t n = pts.size();
    for (std::size_t i = 0; i < n; ++i) {
      const Vec2 u = pts[i] - pts[(i + n - 1) % n], v = pts[(i + 1) % n] - pts[i];
      const double lu = std::hypot(u.x, u.y), lv = std::hypot(v.x, v.y);
      const bool repeated = lu <= eps;
      const bool straight = std::abs(cross(u, v)) <= 1e-9 * lu * lv && dot(u, v) > 0;
      if (repeated || straight) {
        pts.erase(pts.begin() + static_cast<std::ptrdiff_t>(i));
        changed = true;
        break;
      }
    }
  }
  return pts;
}

Polygon centred_on_vertex_mean(Polygon pts) {
  Vec2 mean;
  for (const Vec2& v : pts) mean = mean + v;
  mean = (1.0 / static_cast<double>(pts.size())) * mean;
  for (Vec2& v : pts) v = v - mean;
  return pts;
}

// The best similarity fit of the standard piece onto a positively oriented polygon with the
// same vertex count. The fitted scale of this piece alone is c / ss.
struct Match {
  Polygon standard;  // matched standard vertices, centred on their vertex mean (piece units)
  Polygon polygon;   // matched polygon vertices, centred on their vertex mean (px)
  double c = 0.0;    // Procrustes cross term |sum s.q + i sum s x q|
  double ss = 0.0;   // sum |s|^2
};

Match best_match(const Polygon& pts, const Polygon& outline) {
  const Polygon poly = centred_on_vertex_mean(pts);
  const std::size_t n = poly.size();
  double qq = 0.0;
  for (const Vec2& v : poly) qq += dot(v, v);
  Match best;
  double best_resid = 0.0;
  bool have = false;
  for (bool mirrored : {false, true}) {
    Polygon s = outline;
    if (mirrored) {
      for (Vec2& v : s) v.y = -v.y;
      std::reverse(s.begin(), s.end());
    }
    s = centred_on_vertex_mean(s);
    double ss = 0.0;
    for (const Vec2& v : s) ss += dot(v, v);
    for (std::size_t k = 0; k < n; ++k) {
      double d = 0.0, x = 0.0;
      for (std::size_t i = 0; i < n; ++i) {
        d += dot(s[i], poly[(i + k) % n]);
        x += cross(s[i], poly[(i + k) % n]);
      }
      const double c = std::hypot(d, x);
      const double resid = qq - c * c / ss;
      if (!have || resid < best_resid - 1e-12 * ss) {
        have = true;
        best_resid = resid;
        best.standard = s;
        best.polygon.assign(poly.begin() + static_cast<std::ptrdiff_t>(k), poly.end());
        best.polygon.insert(best.polygon.end(), poly.begin(),
                            poly.begin() + static_cast<std::ptrdiff_t>(k));
        best.c = c;
        best.ss = ss;
      }
    }
  }
  return best;
}

// Interior angle (degrees) at each vertex of a positively oriented polygon.
std::vector<double> interior_angles(const Polygon& pts) {
  const std::size_t n = pts.size();
  std::vector<double> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 prev = pts[(i + n - 1) % n] - pts[i], next = pts[(i + 1) % n] - pts[i];
    out[i] = std::abs(std::atan2(cross(prev, next), dot(prev, next))) * 180.0 / M_PI;
  }
  return out;
}

double edge_length(const Polygon& pts, std::size_t i) {
  const Vec2 d = pts[(i + 1) % pts.size()] - pts[i];
  return std::hypot(d.x, d.y);
}

struct ShapeError {
  double edge = 0.0;       // max relative edge-length error
  double angle_deg = 0.0;  // max interior-angle error
};

ShapeError shape_error(const Match& m, double scale) {
  ShapeError e;
  const std::vector<double> got = interior_angles(m.polygon), want = interior_angles(m.standard);
  for (std::size_t i = 0; i < m.polygon.size(); ++i) {
    e.edge = std::max(e.edge, std::abs(edge_length(m.polygon, i) /
                                           (scale * edge_length(m.standard, i)) - 1.0));
    e.angle_deg = std::max(e.angle_deg, std::abs(got[i] - want[i]));
  }
  return e;
}

std::string piece_tag(std::size_t index, const std::string& name) {
  return "piece " + std::to_string(index) + " (" + name + ")";
}

bool all_finite(const Polygon& pts) {
  return std::all_of(pts.begin(), pts.end(),
                     [](Vec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); });
}

// Count, multiset, congruence and scale rules; fills the shape fields of `report`.
void check_pieces(const Pattern& pattern, const std::vector<PlacedPiece>& pieces,
                  const PieceSet& set, const VerifyConfig& config, VerifyReport& report) {
  if (pieces.size() != set.piece_count())
    report.reasons.push_back(std::to_string(pieces.size()) + " pieces (expected " +
                             std::to_string(set.piece_count()) + ")");
  std::map<ShapeId, int> want, got;
  for (ShapeId k : set.order()) ++want[k];
  for (const PlacedPiece& p : pieces) ++got[p.shape];
  if (got != want) {
    std::string counts;
    for (const auto& [shape, count] : got)
      counts += (counts.empty() ? "" : " ") +
                (shape >= 0 && static_cast<std::size_t>(shape) < set.shape_count()
                     ? set.shape_name(shape)
                     : "shape " + std::to_string(shape)) +
                "=" +
                std::to_string(count);
    report.reasons.push_back("wrong piece multiset: " + counts);
  }

  std::vector<std::optional<Match>> matches(pieces.size());
  double sum_c = 0.0, sum_ss = 0.0;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const PlacedPiece& piece = pieces[i];
    if (piece.shape < 0 || static_cast<std::size_t>(piece.shape) >= set.shape_count()) {
      report.reasons.push_back("piece " + std::to_string(i) + ": no shape " +
                               std::to_string(piece.shape) + " in the set " + set.name());
      continue;
    }
    const std::string& name = set.shape_name(piece.shape);
    if (!all_finite(piece.polygon)) {
      report.reasons.push_back(piece_tag(i, name) + ": non-finite coordinate");
      continue;
    }
    Polygon pts = clean_ring(piece.polygon);
    const Polygon& outline = set.shape(piece.shape).outline;
    const std::size_t expected = outline.size();
    if (pts.size() != expected) {
      report.reasons.push_back(piece_tag(i, name) + ": " + std::to_string(pts.size()) +
                               " vertices (expected " + std::to_string(expected) + ")");
      continue;
    }
    if (set.convex(piece.shape) && !is_convex(pts)) {
      report.reasons.push_back(piece_tag(i, name) + ": not convex");
      continue;
    }
    if (signed_area(pts) < 0) std::reverse(pts.begin(), pts.end());
    matches[i] = best_match(pts, outline);
    sum_c += matches[i]->c;
    sum_ss += matches[i]->ss;
  }
  if (sum_ss <= 0.0) return;

  // Common scale: least squares over all fitted pieces, sum c / sum ss (the referee's fit).
  const double scale = sum_c / sum_ss;
  const double unit = set.unit_px(pattern.side_px);
  report.scale_ratio = scale / unit;
  if (std::abs(report.scale_ratio - 1.0) > config.scale_tol)
    report.reasons.push_back(
        "piece scale " + fixed(scale, 2) + " px is " +
        signed_fixed(100.0 * (report.scale_ratio - 1.0), 1) + "% from s = " +
        fixed(unit, 2) + " px (tolerance " + fixed(100.0 * config.scale_tol, 1) + "%)");
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    if (!matches[i]) continue;
    const ShapeError e = shape_error(*matches[i], scale);
    report.max_edge_err = std::max(report.max_edge_err, e.edge);
    report.max_angle_err_deg = std::max(report.max_angle_err_deg, e.angle_deg);
    if (e.edge > config.edge_tol || e.angle_deg > config.angle_tol_deg)
      report.reasons.push_back(piece_tag(i, set.shape_name(pieces[i].shape)) +
                               " not congruent: edge error " + fixed(100.0 * e.edge, 2) +
                               "%, angle error " + fixed(e.angle_deg, 2) + " deg");
  }
}

}  // namespace

VerifyReport verify_solution(const Pattern& pattern, const std::vector<PlacedPiece>& pieces,
                             const PieceSet& set, const VerifyConfig& config) {
  VerifyReport report;
  check_pieces(pattern, pieces, set, config, report);

  std::vector<PlacedPiece> measurable;
  for (const PlacedPiece& p : pieces)
    if (p.polygon.size() >= 3 && all_finite(p.polygon)) measurable.push_back(p);
  report.metrics = measure_areas(pattern, measurable);
  const AreaMetrics& m = report.metrics;
  if (m.overlap > config.max_overlap)
    report.reasons.push_back("overlap " + fixed(m.overlap, 4) + " > " +
                             fixed(config.max_overlap, 4));
  if (m.spill > config.max_spill)
    report.reasons.push_back("spill " + fixed(m.spill, 4) + " > " + fixed(config.max_spill, 4));
  if (m.coverage < config.min_coverage)
    report.reasons.push_back("coverage " + fixed(m.coverage, 4) + " < " +
                             fixed(config.min_coverage, 4));
  report.valid = report.reasons.empty();
  return report;
}

}  // namespace tangram
