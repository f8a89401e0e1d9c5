#include "tangram/core/puzzle/verify.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "tangram/core/base/format.hpp"

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

/// The pixels a piece's polygon touches, as cv::fillPoly fills them (its edges included).
cv::Mat1b covered_pixels(cv::Size size, const std::vector<PlacedPiece>& pieces) {
  // Pieces filled by pixel centres: OpenCV's pixel (i, j) has its centre at (j, i), the pixel
  // frame's at (j + 0.5, i + 0.5); 8 fractional bits.
  constexpr int kShift = 8;
  cv::Mat1b covered(size, uchar{0});
  for (const PlacedPiece& piece : pieces) {
    std::vector<cv::Point> points;
    for (const Vec2& v : piece.polygon)
      points.emplace_back(static_cast<int>(std::lround((v.x - 0.5) * (1 << kShift))),
                          static_cast<int>(std::lround((v.y - 0.5) * (1 << kShift))));
    cv::fillPoly(covered, std::vector<std::vector<cv::Point>>{points}, cv::Scalar(255), cv::LINE_8,
                 kShift);
  }
  return covered;
}

/// Sets (255) the pixels of `mask` whose centres lie inside an odd number of `rings`.
void fill_inside(cv::Mat1b& mask, const Polygon* rings, std::size_t count) {
  std::vector<double> xs;
  for (int row = 0; row < mask.rows; ++row) {
    const double y = row + 0.5;
    xs.clear();
    for (const Polygon* ring = rings; ring != rings + count; ++ring)
      for (std::size_t i = 0; i < ring->size(); ++i) {
        const Vec2 a = (*ring)[i], b = (*ring)[(i + 1) % ring->size()];
        if ((a.y <= y) != (b.y <= y)) xs.push_back(a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y));
      }
    std::sort(xs.begin(), xs.end());
    for (std::size_t k = 0; k + 1 < xs.size(); k += 2) {
      // Pixels whose centre c + 0.5 lies in [xs[k], xs[k + 1]).
      const int from = std::max(0, static_cast<int>(std::ceil(xs[k] - 0.5)));
      const int to = std::min(mask.cols, static_cast<int>(std::ceil(xs[k + 1] - 0.5)));
      for (int c = from; c < to; ++c) mask(row, c) = 255;
    }
  }
}

}  // namespace

cv::Mat1b pixels_inside(cv::Size size, const std::vector<PlacedPiece>& pieces) {
  cv::Mat1b mask(size, uchar{0});
  for (const PlacedPiece& piece : pieces) fill_inside(mask, &piece.polygon, 1);
  return mask;
}

cv::Mat1b pixels_inside_rings(cv::Size size, const std::vector<Polygon>& rings) {
  cv::Mat1b mask(size, uchar{0});
  fill_inside(mask, rings.data(), rings.size());
  return mask;
}

double uncovered_inside(const Pattern& pattern, const std::vector<PlacedPiece>& pieces,
                        int margin_px) {
  if (pattern.area_px == 0) return 0.0;
  const cv::Mat1b covered = covered_pixels(pattern.puzzle.size(), pieces);
  cv::Mat1b inside;
  const cv::Mat disc =
      cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(2 * margin_px + 1, 2 * margin_px + 1));
  cv::erode(pattern.puzzle, inside, disc, cv::Point(-1, -1), 1, cv::BORDER_CONSTANT, cv::Scalar(0));
  cv::Mat1b gaps;
  cv::bitwise_and(inside, ~covered, gaps);
  return static_cast<double>(cv::countNonZero(gaps)) / static_cast<double>(pattern.area_px);
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

// An arc of a matched piece: the shape's arc in the frame of Match::standard and the placed
// points that stand for it, in the frame of Match::polygon.
struct ArcStretch {
  std::size_t number = 0;  // 1 + its index in PieceShape::arcs (messages)
  Vec2 centre;             // of its circle, in the standard's frame (set units)
  double radius = 0.0;     // set units
  double sweep = 0.0;      // radians, signed in the standard's frame (as PieceArc::sweep_deg)
  Polygon points;          // its start corner, the points between, its end corner (px)
};

// The best similarity fit of the standard piece onto a positively oriented polygon with the
// same vertex count, or of a curved shape's corners onto the polygon's matched corners. The
// fitted scale of this piece alone is c / ss; the fitted turn takes a standard vector s to
// the polygon's (turn.x s.x - turn.y s.y, turn.y s.x + turn.x s.y).
struct Match {
  Polygon standard;     // matched standard vertices, centred on their vertex mean (piece units)
  Polygon polygon;      // matched polygon vertices, centred on their vertex mean (px)
  double c = 0.0;       // Procrustes cross term |sum s.q + i sum s x q|
  double ss = 0.0;      // sum |s|^2
  Vec2 turn{1.0, 0.0};  // cos and sin of the fitted rotation
  std::vector<ArcStretch> arcs;  // the arcs of a curved shape
};

// The Procrustes terms of a fit of `standard` onto `polygon`, vertex i onto vertex i, both
// centred on their vertex means: fills c, ss and turn of `m`; returns sum |q|^2.
double procrustes(const Polygon& standard, const Polygon& polygon, Match& m) {
  double d = 0.0, x = 0.0, qq = 0.0;
  m.ss = 0.0;
  for (std::size_t i = 0; i < standard.size(); ++i) {
    d += dot(standard[i], polygon[i]);
    x += cross(standard[i], polygon[i]);
    m.ss += dot(standard[i], standard[i]);
    qq += dot(polygon[i], polygon[i]);
  }
  m.c = std::hypot(d, x);
  m.turn = m.c > 0.0 ? Vec2{d / m.c, x / m.c} : Vec2{1.0, 0.0};
  return qq;
}

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
    e.edge = std::max(
        e.edge, std::abs(edge_length(m.polygon, i) / (scale * edge_length(m.standard, i)) - 1.0));
    e.angle_deg = std::max(e.angle_deg, std::abs(got[i] - want[i]));
  }
  return e;
}

// ---------------------------------------------------------------------------------------------
// Curved shapes: an arc is compared as an arc. The shape's corners (the outline's vertices not
// inside an arc) are matched to points of the placed polygon in order, each straight edge to
// one edge and each arc to a stretch of any number of points; the corners are then fitted and
// compared as a polygon (edges and angles, an arc's edge being its chord), and each arc's
// stretch must lie on the posed circle, in order, in chords of at most max_arc_chord_deg.
// ---------------------------------------------------------------------------------------------

// A curved shape seen by its corners: corner i, then edge i to corner i + 1 (cyclically),
// straight or one of the shape's arcs.
struct CornerRing {
  struct Arc {
    std::size_t number = 0;  // 1 + its index in PieceShape::arcs
    Vec2 centre;
    double radius = 0.0;
    double sweep = 0.0;  // radians
  };
  Polygon corners;
  std::vector<std::optional<Arc>> edges;  // nullopt: straight
};

CornerRing corner_ring(const PieceShape& shape) {
  const std::size_t n = shape.outline.size();
  const std::vector<bool> inside = inside_arcs(shape);
  std::vector<int> arc_from(n, -1);  // the arc starting at each vertex
  for (std::size_t a = 0; a < shape.arcs.size(); ++a)
    arc_from[shape.arcs[a].start] = static_cast<int>(a);
  CornerRing ring;
  for (std::size_t v = 0; v < n; ++v) {
    if (inside[v]) continue;
    ring.corners.push_back(shape.outline[v]);
    if (arc_from[v] < 0) {
      ring.edges.emplace_back();
      continue;
    }
    const PieceArc& arc = shape.arcs[static_cast<std::size_t>(arc_from[v])];
    ring.edges.push_back(CornerRing::Arc{static_cast<std::size_t>(arc_from[v]) + 1, arc.centre,
                                         arc.radius, arc.sweep_deg * M_PI / 180.0});
  }
  return ring;
}

// The ring mirrored as best_match mirrors a standard piece (y -> -y, order reversed), then
// turned so that edge 0 is straight when any edge is.
CornerRing oriented_ring(const CornerRing& ring, bool mirrored) {
  const std::size_t k = ring.corners.size();
  CornerRing out = ring;
  if (mirrored)
    for (std::size_t j = 0; j < k; ++j) {
      out.corners[j] = {ring.corners[k - 1 - j].x, -ring.corners[k - 1 - j].y};
      // Edge j joins the images of corners k - 1 - j and k - 2 - j: edge k - 2 - j run
      // backwards in a mirror, which keeps the sign of its sweep.
      out.edges[j] = ring.edges[(2 * k - 2 - j) % k];
      if (out.edges[j]) out.edges[j]->centre.y = -out.edges[j]->centre.y;
    }
  std::size_t first = 0;
  while (first < k && out.edges[first]) ++first;
  if (first == k) return out;
  std::rotate(out.corners.begin(), out.corners.begin() + static_cast<std::ptrdiff_t>(first),
              out.corners.end());
  std::rotate(out.edges.begin(), out.edges.begin() + static_cast<std::ptrdiff_t>(first),
              out.edges.end());
  return out;
}

// A similarity of the plane as complex numbers: z -> to + b (z - from).
struct Similarity {
  Vec2 from, to, b{1.0, 0.0};
  Vec2 operator()(Vec2 z) const {
    const Vec2 w = z - from;
    return to + Vec2{b.x * w.x - b.y * w.y, b.y * w.x + b.x * w.y};
  }
};

// The similarity taking standard points s0, s1 to placed points q0, q1.
Similarity similarity_through(Vec2 s0, Vec2 s1, Vec2 q0, Vec2 q1) {
  const Vec2 u = q1 - q0, v = s1 - s0;
  const double vv = dot(v, v);
  return {s0, q0, vv > 0.0 ? Vec2{dot(u, v) / vv, cross(v, u) / vv} : Vec2{1.0, 0.0}};
}

// Corners of `ring` assigned to points of the placed ring `pts` (indices from `begin`, rising,
// below begin + pts.size(), taken modulo it): corner 0 to `begin`, each straight edge to the
// next point. An arc's end and the corners that straight edges join to it (a run) go where
// `guess` puts them nearest, in the squared distances summed over the run, within reach
// (`first_end` for edge 0 when it is an arc and there is no guess yet); without `guess` the
// similarity through the first two corners guides. Empty when the corners cannot close.
std::vector<std::size_t> assign_corners(const CornerRing& ring, const Polygon& pts,
                                        std::size_t begin, std::size_t first_end,
                                        std::optional<Similarity> guess) {
  const std::size_t k = ring.corners.size(), n = pts.size();
  const auto at = [&](std::size_t i) { return pts[i % n]; };
  std::vector<std::size_t> idx{begin};
  for (std::size_t e = 0; e < k; ++e) {
    const std::size_t from = idx.back();
    if (!ring.edges[e]) {
      idx.push_back(from + 1);
      continue;
    }
    // The run: corners e + 1 ... e + run, joined by straight edges; corner k is corner 0.
    std::size_t run = 1;
    while (e + run < k && !ring.edges[e + run]) ++run;
    const std::size_t last = begin + n - (k - e - 1);  // the rest need a step each
    std::size_t to = from + 1;
    if (e + run == k) {
      to = begin + n - (run - 1);
    } else if (!guess && e == 0) {
      to = first_end;
    } else {
      if (!guess)
        guess = similarity_through(ring.corners[0], ring.corners[1], at(idx[0]), at(idx[1]));
      std::vector<Vec2> want;
      for (std::size_t j = 0; j < run; ++j) want.push_back((*guess)(ring.corners[e + 1 + j]));
      double best = HUGE_VAL;
      for (std::size_t t = from + 1; t + run - 1 <= last; ++t) {
        double sum = 0.0;
        for (std::size_t j = 0; j < run; ++j) {
          const Vec2 d = at(t + j) - want[j];
          sum += dot(d, d);
        }
        if (sum < best) {
          best = sum;
          to = t;
        }
      }
    }
    if (to <= from || to > last) return {};
    idx.push_back(to);
  }
  if (idx.back() != begin + n) return {};
  idx.pop_back();  // corner k is corner 0 again
  return idx;
}

// The best fit of a curved shape onto a positively oriented placed polygon, as best_match: over
// the mirror, the point standing for corner 0 (and, for a shape of arcs only, the end of the
// first arc), corners assigned by assign_corners, then assigned again guided by the fit of
// those; the least residual relative to the corners' spread wins. Nullopt when the polygon
// has fewer points than the shape has corners.
std::optional<Match> best_curved_match(const Polygon& pts, const PieceShape& shape) {
  const CornerRing plain = corner_ring(shape);
  const std::size_t n = pts.size(), k = plain.corners.size();
  if (n < k) return std::nullopt;
  std::optional<Match> best;
  double best_resid = HUGE_VAL;
  std::vector<std::size_t> best_idx;
  CornerRing best_ring;
  for (bool mirrored : {false, true}) {
    const CornerRing ring = oriented_ring(plain, mirrored);
    const Polygon standard = centred_on_vertex_mean(ring.corners);
    const bool all_arcs = ring.edges[0].has_value();
    for (std::size_t begin = 0; begin < n; ++begin)
      for (std::size_t first_end = begin + 1; first_end < (all_arcs ? begin + n : begin + 2);
           ++first_end) {
        std::vector<std::size_t> idx = assign_corners(ring, pts, begin, first_end, std::nullopt);
        for (int pass = 0; pass < 2 && !idx.empty(); ++pass) {
          Polygon corners;
          for (std::size_t i : idx) corners.push_back(pts[i % n]);
          Match m;
          const Polygon placed = centred_on_vertex_mean(corners);
          const double qq = procrustes(standard, placed, m);
          if (!(qq > 0.0)) break;
          const double resid = 1.0 - m.c * m.c / (m.ss * qq);
          if (resid < best_resid - 1e-12) {
            best_resid = resid;
            m.standard = standard;
            m.polygon = placed;
            best = m;
            best_idx = idx;
            best_ring = ring;
          }
          if (pass == 1) break;
          // Again, guided by the fit of all corners.
          const double scale = m.c / m.ss;
          Similarity fit;
          fit.from = ring.corners[0] - standard[0];  // the standard corners' vertex mean
          fit.to = corners[0] - placed[0];           // the placed corners' vertex mean
          fit.b = scale * m.turn;
          std::vector<std::size_t> again = assign_corners(ring, pts, begin, first_end, fit);
          if (again == idx) break;
          idx = std::move(again);
        }
      }
  }
  if (!best) return best;
  // The arcs' stretches, in the frames of the fit.
  const Vec2 standard_mean = best_ring.corners[0] - best->standard[0];
  const Vec2 placed_mean = pts[best_idx[0] % n] - best->polygon[0];
  for (std::size_t e = 0; e < k; ++e) {
    const auto& arc = best_ring.edges[e];
    if (!arc) continue;
    ArcStretch stretch{arc->number, arc->centre - standard_mean, arc->radius, arc->sweep, {}};
    const std::size_t end = e + 1 < k ? best_idx[e + 1] : best_idx[0] + n;
    for (std::size_t i = best_idx[e]; i <= end; ++i)
      stretch.points.push_back(pts[i % n] - placed_mean);
    best->arcs.push_back(std::move(stretch));
  }
  return best;
}

// What is wrong with one arc of a matched piece at the common `scale`, or "" when nothing is:
// its stretch must have a point between its corners, bulge the way of the posed arc, lie on
// the posed circle within edge_tol of its radius, and run from its start to its end in order
// in chords of at most max_arc_chord_deg. `err` takes the largest relative radial error.
std::string arc_fault(const ArcStretch& arc, Vec2 turn, double scale, const VerifyConfig& config,
                      double& err) {
  const Vec2 centre = Similarity{{}, {}, scale * turn}(arc.centre);
  const double radius = scale * arc.radius;
  const Vec2 start = arc.points.front(), chord = arc.points.back() - start;
  const double chord_len = std::hypot(chord.x, chord.y);
  // Signed distance from the chord's line; the posed arc's middle sets the side it bulges to.
  const auto side = [&](Vec2 v) {
    return chord_len > 0.0 ? cross(chord, v - start) / chord_len : 0.0;
  };
  const double mid_angle = std::atan2(start.y - centre.y, start.x - centre.x) + 0.5 * arc.sweep;
  const double bulge = side(centre + radius * Vec2{std::cos(mid_angle), std::sin(mid_angle)});
  const double tol = config.edge_tol * radius;
  double far = 0.0;  // the signed distance of the point farthest from the chord
  double off = 0.0;  // the largest distance of a point from the circle, relative to its radius
  for (std::size_t i = 1; i + 1 < arc.points.size(); ++i) {
    if (std::abs(side(arc.points[i])) > std::abs(far)) far = side(arc.points[i]);
    const Vec2 d = arc.points[i] - centre;
    off = std::max(off, std::abs(std::hypot(d.x, d.y) / radius - 1.0));
  }
  err = std::max(err, off);
  if (arc.points.size() < 3 || (std::abs(far) <= tol && std::abs(bulge) > 2.0 * tol))
    return "is straight (no point off its chord)";
  if (far * bulge < 0.0 && std::abs(far) > tol) return "bulges the wrong way";
  if (off > config.edge_tol)
    return "is off its circle (radius " + fixed(radius, 2) + " px): a point " +
           fixed(100.0 * off, 2) + "% of the radius from it (tolerance " +
           fixed(100.0 * config.edge_tol, 2) + "%)";
  const double way = arc.sweep < 0.0 ? -1.0 : 1.0;
  double total = 0.0, widest = 0.0;
  for (std::size_t i = 1; i < arc.points.size(); ++i) {
    const Vec2 a = arc.points[i - 1] - centre, b = arc.points[i] - centre;
    const double step = way * std::atan2(cross(a, b), dot(a, b));
    if (!(step > 0.0)) return "does not run from its start to its end in order";
    total += step;
    widest = std::max(widest, step * 180.0 / M_PI);
  }
  if (total > std::abs(arc.sweep) + M_PI) return "does not run from its start to its end in order";
  if (widest > config.max_arc_chord_deg)
    return "has a chord spanning " + fixed(widest, 1) + " deg of it (at most " +
           fixed(config.max_arc_chord_deg, 1) + ")";
  return "";
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
                "=" + std::to_string(count);
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
    const PieceShape& shape = set.shape(piece.shape);
    if (!shape.arcs.empty()) {
      // A curved piece: its corners are matched, its arcs compared as arcs (arc_fault).
      if (signed_area(pts) < 0) std::reverse(pts.begin(), pts.end());
      matches[i] = best_curved_match(pts, shape);
      if (!matches[i]) {
        report.reasons.push_back(
            piece_tag(i, name) + ": " + std::to_string(pts.size()) +
            " vertices (expected at least " +
            std::to_string(corner_ring(shape).corners.size() + shape.arcs.size()) + ")");
        continue;
      }
      sum_c += matches[i]->c;
      sum_ss += matches[i]->ss;
      continue;
    }
    const Polygon& outline = shape.outline;
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
    report.reasons.push_back("piece scale " + fixed(scale, 2) + " px is " +
                             signed_fixed(100.0 * (report.scale_ratio - 1.0), 1) +
                             "% from s = " + fixed(unit, 2) + " px (tolerance " +
                             fixed(100.0 * config.scale_tol, 1) + "%)");
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    if (!matches[i]) continue;
    const ShapeError e = shape_error(*matches[i], scale);
    report.max_edge_err = std::max(report.max_edge_err, e.edge);
    report.max_angle_err_deg = std::max(report.max_angle_err_deg, e.angle_deg);
    const std::string tag = piece_tag(i, set.shape_name(pieces[i].shape));
    if (e.edge > config.edge_tol || e.angle_deg > config.angle_tol_deg)
      report.reasons.push_back(tag + " not congruent: edge error " + fixed(100.0 * e.edge, 2) +
                               "%, angle error " + fixed(e.angle_deg, 2) + " deg");
    for (const ArcStretch& arc : matches[i]->arcs) {
      const std::string fault =
          arc_fault(arc, matches[i]->turn, scale, config, report.max_edge_err);
      if (!fault.empty())
        report.reasons.push_back(tag + " arc " + std::to_string(arc.number) + " " + fault);
    }
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

VerifyReport verify_solution(const Pattern& pattern, const std::vector<PlacedPiece>& pieces,
                             const PieceSet& set) {
  return verify_solution(pattern, pieces, set, verify_config(pattern));
}

VerifyConfig rough_verify_config(double rough_band) {
  VerifyConfig config;
  config.max_spill += rough_band;
  config.min_coverage -= rough_band;
  return config;
}

VerifyConfig verify_config(const Pattern& pattern) {
  return rough_verify_config(pattern.rough_band);
}

bool widened(const VerifyConfig& config) {
  const VerifyConfig referee;
  return config.max_spill > referee.max_spill || config.min_coverage < referee.min_coverage;
}

std::string approximate_words(const VerifyConfig& config) {
  if (!widened(config)) return "";
  return "rough outline, checked within " + fixed(100.0 * config.max_spill, 1) + "% spill and " +
         fixed(100.0 * config.min_coverage, 1) + "% coverage";
}

}  // namespace tangram
