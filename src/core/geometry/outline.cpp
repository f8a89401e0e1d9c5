#include "tangram/core/geometry/outline.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <deque>
#include <map>
#include <mutex>
#include <optional>

#include <opencv2/imgproc.hpp>

namespace tangram {

namespace {

/// A line through `point` along the unit vector `direction`.
struct Line {
  Vec2 point;
  Vec2 direction;
};

Vec2 pixel_centre(const cv::Point& p) { return {p.x + 0.5, p.y + 0.5}; }

/// The line fitted to the crack midpoints of contour points from..to (indices modulo the
/// contour's size, `to` after `from`) without a few points at each end, where the boundary
/// bends into its corners; nullopt when the stretch is too short for a fit.
std::optional<Line> fitted_line(const cv::Mat1b& puzzle, const std::vector<cv::Point>& contour,
                                std::size_t from, std::size_t to, double tolerance_px) {
  const std::size_t n = contour.size();
  const std::size_t steps = (to + n - from) % n;
  const Vec2 a = pixel_centre(contour[from]), b = pixel_centre(contour[to % n]);
  const double length = std::hypot(b.x - a.x, b.y - a.y);
  if (steps < 4 || length < 4.0) return std::nullopt;
  const Vec2 along{(b.x - a.x) / length, (b.y - a.y) / length};
  const std::size_t margin = std::max<std::size_t>(1, std::min<std::size_t>(steps / 4, 3));
  const auto inside = [&](int x, int y) {
    return x >= 0 && y >= 0 && x < puzzle.cols && y < puzzle.rows && puzzle(y, x) != 0;
  };
  std::vector<cv::Point2d> midpoints;
  for (std::size_t k = margin; k + margin <= steps; ++k) {
    const cv::Point& p = contour[(from + k) % n];
    for (const cv::Point d :
         {cv::Point(1, 0), cv::Point(-1, 0), cv::Point(0, 1), cv::Point(0, -1)}) {
      if (inside(p.x + d.x, p.y + d.y)) continue;
      const Vec2 m{p.x + 0.5 + d.x / 2.0, p.y + 0.5 + d.y / 2.0};
      // Only cracks along this stretch (a thin part's far side, a neighbouring stretch's
      // cracks stay out).
      if (std::abs(cross(along, m - a)) <= tolerance_px + 1.0) midpoints.emplace_back(m.x, m.y);
    }
  }
  if (midpoints.size() < 3) return std::nullopt;
  cv::Vec4d line;
  cv::fitLine(midpoints, line, cv::DIST_L2, 0, 0.001, 0.001);
  Vec2 direction{line[0], line[1]};
  if (dot(direction, along) < 0) direction = -1.0 * direction;
  return Line{{line[2], line[3]}, direction};
}

/// Where two lines meet; nullopt when they are within `min_sine` of parallel.
std::optional<Vec2> intersection(const Line& p, const Line& q, double min_sine) {
  const double denominator = cross(p.direction, q.direction);
  if (std::abs(denominator) < min_sine) return std::nullopt;
  const double t = cross(q.point - p.point, q.direction) / denominator;
  return p.point + t * p.direction;
}

/// The foot of `v` on the line.
Vec2 project(const Line& line, Vec2 v) {
  return line.point + dot(v - line.point, line.direction) * line.direction;
}

// A run of contour points is an arc when a circle fits its crack midpoints this well (px)...
constexpr double kArcRmsPx = 0.4;
constexpr double kArcMaxPx = 1.2;
// ... and a line does not: some midpoint lies this far (px) from the best line.
constexpr double kLineMaxPx = 1.5;
// An arc turns at least this much (degrees) and its radius lies in these bounds (px; the
// upper one times the figure's size): flatter runs are straight edges to the eye of the
// pixels.
constexpr double kMinArcSweepDeg = 20.0;
constexpr double kMinArcRadiusPx = 4.0;

/// The crack midpoints of the contour, each with the index of its contour point.
struct Cracks {
  std::vector<Vec2> points;
  std::vector<std::size_t> first;  ///< per contour point, the index of its first midpoint; plus end
};

Cracks crack_midpoints(const cv::Mat1b& puzzle, const std::vector<cv::Point>& contour) {
  const auto inside = [&](int x, int y) {
    return x >= 0 && y >= 0 && x < puzzle.cols && y < puzzle.rows && puzzle(y, x) != 0;
  };
  Cracks cracks;
  for (const cv::Point& p : contour) {
    cracks.first.push_back(cracks.points.size());
    for (const cv::Point d : {cv::Point(1, 0), cv::Point(0, 1), cv::Point(-1, 0), cv::Point(0, -1)})
      if (!inside(p.x + d.x, p.y + d.y))
        cracks.points.push_back({p.x + 0.5 + d.x / 2.0, p.y + 0.5 + d.y / 2.0});
  }
  cracks.first.push_back(cracks.points.size());
  return cracks;
}

/// A circle fitted to points, with the distances of the points from it.
struct CircleFit {
  Vec2 centre;
  double radius = 0.0;
  double rms = 0.0;
  double max = 0.0;
  bool ok = false;
};

/// Algebraic (Kasa) fit refined by Gauss-Newton steps on the geometric distances.
CircleFit fit_circle(const std::vector<Vec2>& points) {
  CircleFit fit;
  if (points.size() < 5) return fit;
  Vec2 mean{0.0, 0.0};
  for (const Vec2 p : points) mean = mean + p;
  mean = (1.0 / static_cast<double>(points.size())) * mean;
  // Least squares of the rows (q.x, q.y, 1) x = -|q|^2, by its 3 x 3 normal equations (the
  // points are centred: well conditioned), solved by OpenCV's own SVD, not LAPACK's.
  // (The sums of the products one by one: the same numbers as summing the outer products.)
  double xx = 0.0, xy = 0.0, x1 = 0.0, yy = 0.0, y1 = 0.0, n = 0.0, bx = 0.0, by = 0.0, b1 = 0.0;
  for (const Vec2 p : points) {
    const Vec2 q = p - mean;
    const double r2 = -(q.x * q.x + q.y * q.y);
    xx += q.x * q.x;
    xy += q.x * q.y;
    x1 += q.x;
    yy += q.y * q.y;
    y1 += q.y;
    n += 1.0;
    bx += r2 * q.x;
    by += r2 * q.y;
    b1 += r2;
  }
  const cv::Matx33d ata(xx, xy, x1, xy, yy, y1, x1, y1, n);
  const cv::Vec3d atb(bx, by, b1);
  cv::Vec3d x;
  if (!cv::solve(ata, atb, x, cv::DECOMP_SVD)) return fit;
  Vec2 c{-x(0) / 2.0, -x(1) / 2.0};
  double radius2 = c.x * c.x + c.y * c.y - x(2);
  if (!(radius2 > 0.0) || !std::isfinite(radius2)) return fit;
  double radius = std::sqrt(radius2);
  for (int step = 0; step < 8; ++step) {
    double jxx = 0.0, jxy = 0.0, jx1 = 0.0, jyy = 0.0, jy1 = 0.0, j11 = 0.0;
    double rx = 0.0, ry = 0.0, r1 = 0.0;
    for (const Vec2 p : points) {
      const Vec2 q = p - mean - c;
      const double d = std::hypot(q.x, q.y);
      if (d < 1e-12) continue;
      const double jx = -q.x / d, jy = -q.y / d;
      const double res = d - radius;
      jxx += jx * jx;
      jxy += jx * jy;
      jx1 -= jx;
      jyy += jy * jy;
      jy1 -= jy;
      j11 += 1.0;
      rx += res * jx;
      ry += res * jy;
      r1 -= res;
    }
    const cv::Matx33d jtj(jxx, jxy, jx1, jxy, jyy, jy1, jx1, jy1, j11);
    const cv::Vec3d jtr(rx, ry, r1);
    cv::Vec3d delta;
    if (!cv::solve(jtj, -jtr, delta, cv::DECOMP_CHOLESKY)) break;
    c = c + Vec2{delta[0], delta[1]};
    radius += delta[2];
    if (std::abs(delta[0]) + std::abs(delta[1]) + std::abs(delta[2]) < 1e-9) break;
  }
  if (!(radius > 0.0) || !std::isfinite(radius)) return fit;
  double squares = 0.0;
  for (const Vec2 p : points) {
    const Vec2 q = p - mean - c;
    const double miss = std::abs(std::hypot(q.x, q.y) - radius);
    squares += miss * miss;
    fit.max = std::max(fit.max, miss);
  }
  fit.centre = mean + c;
  fit.radius = radius;
  fit.rms = std::sqrt(squares / static_cast<double>(points.size()));
  fit.ok = true;
  return fit;
}

/// The largest distance of the points from their best line (total least squares).
double line_miss(const std::vector<Vec2>& points) {
  std::vector<cv::Point2d> p;
  for (const Vec2 v : points) p.emplace_back(v.x, v.y);
  cv::Vec4d line;
  cv::fitLine(p, line, cv::DIST_L2, 0, 0.001, 0.001);
  double worst = 0.0;
  for (const Vec2 v : points)
    worst = std::max(worst, std::abs(cross({line[0], line[1]}, v - Vec2{line[2], line[3]})));
  return worst;
}

/// Signed angle (degrees) turned about `c` going from a to b through the shorter way.
double turn_deg(Vec2 c, Vec2 a, Vec2 b) {
  const Vec2 u = a - c, w = b - c;
  return std::atan2(cross(u, w), dot(u, w)) * 180.0 / kPi;
}

/// Finds the arcs of one contour (docs/design/geometry.md). `kept` are simplified_indices().
class ArcFinder {
public:
  ArcFinder(const cv::Mat1b& puzzle, const std::vector<cv::Point>& contour,
            const std::vector<std::size_t>& kept)
      : puzzle_(puzzle), contour_(contour), kept_(kept), cracks_(crack_midpoints(puzzle, contour)) {
    max_radius_px_ = 4.0 * std::max(puzzle.rows, puzzle.cols);
  }

  std::vector<OutlineArc> arcs() const {
    const std::size_t m = kept_.size(), n = contour_.size();
    std::vector<OutlineArc> found;
    if (m < 3 || n < 12) return found;
    // The whole ring one circle: a disc, or a round hole.
    {
      const std::vector<Vec2> all = cracks_.points;
      const CircleFit fit = fit_circle(all);
      if (is_arc(fit, all, 360.0)) {
        OutlineArc arc = make_arc(fit, 0, n, 0, m);
        const Vec2 start = on_circle(fit, pixel_centre(contour_[0]));
        arc.from = arc.to = start;
        arc.sweep_deg = turn_sign(fit) * 360.0;
        found.push_back(arc);
        return found;
      }
    }
    // Start at a vertex where the two edges around it do not make one arc (a corner), or at
    // the worst fitting one.
    std::size_t start = 0;
    double worst = -1.0;
    for (std::size_t i = 0; i < m; ++i) {
      const CircleFit fit = fit_circle(points(kept_[(i + m - 1) % m], kept_[(i + 1) % m]));
      const double badness = fit.ok ? fit.max : 1e9;
      if (badness > worst) {
        worst = badness;
        start = i;
      }
    }
    // Runs of edges, greedily grown while a circle fits them.
    struct Run {
      std::size_t edge, edges;  // ring edges (offsets from `start`)
      CircleFit fit;
    };
    std::vector<Run> runs;
    for (std::size_t i = 0; i < m;) {
      std::size_t best = 0;
      CircleFit best_fit;
      for (std::size_t j = i + 1; j <= m; ++j) {
        const CircleFit fit =
            fit_circle(inner_points(kept_[(start + i) % m], kept_[(start + j) % m]));
        if (!fit.ok || fit.rms > kArcRmsPx || fit.max > kArcMaxPx) break;
        best = j - i;
        best_fit = fit;
      }
      if (best > 0) {
        const std::vector<Vec2> p =
            inner_points(kept_[(start + i) % m], kept_[(start + i + best) % m]);
        const double sweep =
            std::abs(sweep_of(best_fit, kept_[(start + i) % m], kept_[(start + i + best) % m]));
        if (is_arc(best_fit, p, sweep)) {
          runs.push_back({i, best, best_fit});
          i += best;
          continue;
        }
      }
      ++i;
    }
    // Neighbouring runs that one circle fits are one arc (a corner pixel can stop a run early).
    for (std::size_t k = 0; runs.size() > 1 && k < runs.size();) {
      const std::size_t next = (k + 1) % runs.size();
      Run& a = runs[k];
      const Run& b = runs[next];
      if ((a.edge + a.edges) % m != b.edge || a.edges + b.edges > m) {
        ++k;
        continue;
      }
      const CircleFit fit = fit_circle(
          inner_points(kept_[(start + a.edge) % m], kept_[(start + b.edge + b.edges) % m]));
      if (!fit.ok || fit.rms > kArcRmsPx || fit.max > kArcMaxPx) {
        ++k;
        continue;
      }
      a.edges += b.edges;
      a.fit = fit;
      runs.erase(runs.begin() + static_cast<std::ptrdiff_t>(next));
      if (next < k) --k;
    }
    // Contour positions of each run's ends, then each boundary moved to the contour point where
    // the curves on either side fit best: the next run's circle, or the line of the straight
    // stretch up to the next simplified vertex (an arc may run into a tangent line without a
    // corner, and the simplified outline's vertices fall anywhere near it).
    const std::size_t r = runs.size();
    std::vector<std::size_t> from(r), to(r);
    for (std::size_t k = 0; k < r; ++k) {
      from[k] = kept_[(start + runs[k].edge) % m];
      to[k] = kept_[(start + runs[k].edge + runs[k].edges) % m];
    }
    const auto forward = [&](std::size_t a, std::size_t b) { return (b + n - a) % n; };
    // The simplified vertex after (before) contour position c, at least a few points away.
    const auto vertex_after = [&](std::size_t c) {
      std::size_t best = n;
      for (const std::size_t v : kept_)
        if (forward(c, v) > 3 && (best == n || forward(c, v) < forward(c, best))) best = v;
      return best;
    };
    const auto vertex_before = [&](std::size_t c) {
      std::size_t best = n;
      for (const std::size_t v : kept_)
        if (forward(v, c) > 3 && (best == n || forward(v, c) < forward(v, best))) best = v;
      return best;
    };
    for (int pass = 0; pass < 2; ++pass) {
      for (std::size_t k = 0; k < r; ++k) {
        const std::size_t next = (k + 1) % r;
        const bool joined = r > 1 && to[k] == from[next];
        // The split searched from a third of the arc back to the end of what follows.
        const std::size_t lo = (to[k] + n - forward(from[k], to[k]) / 3) % n;
        const std::size_t end = joined ? to[next] : vertex_after(to[k]);
        if (end == n ||
            (!joined && forward(to[k], end) > forward(to[k], from[next]) && r > 1 && next != k))
          continue;
        const std::size_t span = forward(lo, end);
        double best_cost = 1e300;
        std::size_t best_split = to[k];
        for (std::size_t step = 1; step + 2 < span; ++step) {
          const std::size_t split = (lo + step) % n;
          const double cost =
              circle_sse(from[k], split) + (joined ? circle_sse(split, end) : line_sse(split, end));
          if (cost < best_cost) {
            best_cost = cost;
            best_split = split;
          }
        }
        to[k] = best_split;
        if (joined) from[next] = best_split;
      }
      // The starts after straight stretches, likewise.
      for (std::size_t k = 0; k < r; ++k) {
        const std::size_t previous = (k + r - 1) % r;
        if (r > 1 && to[previous] == from[k]) continue;
        const std::size_t begin = vertex_before(from[k]);
        if (begin == n || (r > 1 && forward(begin, from[k]) > forward(to[previous], from[k])))
          continue;
        const std::size_t hi = (from[k] + forward(from[k], to[k]) / 3) % n;
        const std::size_t span = forward(begin, hi);
        double best_cost = 1e300;
        std::size_t best_split = from[k];
        for (std::size_t step = 2; step + 1 < span; ++step) {
          const std::size_t split = (begin + step) % n;
          const double cost = line_sse(begin, split) + circle_sse(split, to[k]);
          if (cost < best_cost) {
            best_cost = cost;
            best_split = split;
          }
        }
        from[k] = best_split;
      }
    }
    for (std::size_t k = 0; k < r; ++k) {
      const std::vector<Vec2> p = inner_points(from[k], to[k]);
      const CircleFit fit = fit_circle(p);
      const double sweep = sweep_of(fit, from[k], to[k]);
      if (!is_arc(fit, p, std::abs(sweep))) continue;
      // The edges mostly on the arc: those whose middle contour point lies within it.
      std::vector<bool> on_arc(m);
      std::size_t edges = 0;
      for (std::size_t e = 0; e < m; ++e) {
        const std::size_t a = kept_[e], b = kept_[(e + 1) % m];
        const std::size_t middle = (a + ((b + n - a) % n) / 2) % n;
        on_arc[e] = (middle + n - from[k]) % n < (to[k] + n - from[k]) % n;
        edges += on_arc[e] ? 1 : 0;
      }
      std::size_t first_edge = 0;
      for (std::size_t e = 0; e < m; ++e)
        if (on_arc[e] && !on_arc[(e + m - 1) % m]) first_edge = e;
      OutlineArc arc = make_arc(fit, from[k], to[k], first_edge, edges);
      arc.sweep_deg = sweep;
      arc.from = on_circle(fit, pixel_centre(contour_[from[k]]));
      arc.to = on_circle(fit, pixel_centre(contour_[to[k]]));
      found.push_back(arc);
    }
    std::sort(found.begin(), found.end(),
              [](const OutlineArc& a, const OutlineArc& b) { return a.first_edge < b.first_edge; });
    return found;
  }

private:
  /// Crack midpoints of contour points from..to (cyclic, `to` included).
  std::vector<Vec2> points(std::size_t from, std::size_t to) const {
    const std::size_t n = contour_.size();
    std::vector<Vec2> out;
    const std::size_t steps = (to + n - from) % n;
    for (std::size_t k = 0; k <= steps; ++k) {
      const std::size_t c = (from + k) % n;
      for (std::size_t i = cracks_.first[c]; i < cracks_.first[c + 1]; ++i)
        out.push_back(cracks_.points[i]);
    }
    return out;
  }
  /// points() without two contour points at each end (the pixels of a corner there).
  std::vector<Vec2> inner_points(std::size_t from, std::size_t to) const {
    const std::size_t n = contour_.size();
    const std::size_t steps = (to + n - from) % n;
    const std::size_t margin = std::min<std::size_t>(2, steps / 8);
    return points((from + margin) % n, (to + n - margin) % n);
  }
  /// Sum of squared distances of the crack midpoints of from..to from their best circle
  /// (remembered: the boundaries' searches ask for the same stretches again).
  double circle_sse(std::size_t from, std::size_t to) const {
    const auto [at, fresh] = circle_sse_.try_emplace({from, to}, 0.0);
    if (!fresh) return at->second;
    const std::vector<Vec2> p = points(from, to);
    const CircleFit fit = fit_circle(p);
    at->second = fit.ok ? fit.rms * fit.rms * static_cast<double>(p.size()) : 1e300;
    return at->second;
  }
  /// ... from their best line.
  double line_sse(std::size_t from, std::size_t to) const {
    const std::vector<Vec2> p = points(from, to);
    if (p.size() < 3) return 0.0;
    std::vector<cv::Point2d> q;
    for (const Vec2 v : p) q.emplace_back(v.x, v.y);
    cv::Vec4d line;
    cv::fitLine(q, line, cv::DIST_L2, 0, 0.001, 0.001);
    double sum = 0.0;
    for (const Vec2 v : p) {
      const double d = cross({line[0], line[1]}, v - Vec2{line[2], line[3]});
      sum += d * d;
    }
    return sum;
  }

  bool is_arc(const CircleFit& fit, const std::vector<Vec2>& p, double sweep_deg) const {
    return fit.ok && fit.rms <= kArcRmsPx && fit.max <= kArcMaxPx &&
           fit.radius >= kMinArcRadiusPx && fit.radius <= max_radius_px_ &&
           sweep_deg >= kMinArcSweepDeg && line_miss(p) > kLineMaxPx;
  }

  /// +1 when the contour runs the way atan2 grows about the circle's centre, else -1.
  double turn_sign(const CircleFit& fit) const {
    double sum = 0.0;
    const std::size_t n = contour_.size();
    const std::size_t step = std::max<std::size_t>(1, n / 32);
    for (std::size_t k = 0; k < n; k += step)
      sum +=
          turn_deg(fit.centre, pixel_centre(contour_[k]), pixel_centre(contour_[(k + step) % n]));
    return sum >= 0 ? 1.0 : -1.0;
  }

  /// Angle turned about the circle's centre along the contour from..to.
  double sweep_of(const CircleFit& fit, std::size_t from, std::size_t to) const {
    if (!fit.ok) return 0.0;
    const std::size_t n = contour_.size();
    const std::size_t steps = (to + n - from) % n;
    double sum = 0.0;
    for (std::size_t k = 0; k < steps; k += 4) {
      const std::size_t next = std::min(k + 4, steps);
      sum += turn_deg(fit.centre, pixel_centre(contour_[(from + k) % n]),
                      pixel_centre(contour_[(from + next) % n]));
    }
    return sum;
  }

  static Vec2 on_circle(const CircleFit& fit, Vec2 p) {
    const Vec2 d = p - fit.centre;
    const double l = std::hypot(d.x, d.y);
    return l < 1e-12 ? p : fit.centre + (fit.radius / l) * d;
  }

  OutlineArc make_arc(const CircleFit& fit, std::size_t from, std::size_t to,
                      std::size_t first_edge, std::size_t edges) const {
    OutlineArc arc;
    arc.centre = fit.centre;
    arc.radius = fit.radius;
    arc.rms_px = fit.rms;
    arc.first_edge = first_edge;
    arc.edges = edges;
    // Convex when the figure lies on the centre's side of the arc at its middle.
    const std::size_t n = contour_.size();
    const Vec2 middle =
        on_circle(fit, pixel_centre(contour_[(from + ((to + n - from) % n) / 2) % n]));
    const Vec2 towards =
        middle + (std::min(3.0, fit.radius / 2.0) / fit.radius) * (fit.centre - middle);
    const Vec2 away = middle - (3.0 / fit.radius) * (fit.centre - middle);
    arc.convex = inside(towards) || !inside(away);
    return arc;
  }

  bool inside(Vec2 p) const {
    const int x = static_cast<int>(std::floor(p.x)), y = static_cast<int>(std::floor(p.y));
    return x >= 0 && y >= 0 && x < puzzle_.cols && y < puzzle_.rows && puzzle_(y, x) != 0;
  }

  const cv::Mat1b& puzzle_;
  const std::vector<cv::Point>& contour_;
  const std::vector<std::size_t>& kept_;
  Cracks cracks_;
  double max_radius_px_ = 0.0;
  /// circle_sse() of the stretches asked for so far, by (from, to).
  mutable std::map<std::pair<std::size_t, std::size_t>, double> circle_sse_;
};

OutlineRing vectorise_ring(const cv::Mat1b& puzzle, const std::vector<cv::Point>& contour,
                           double tolerance_px) {
  OutlineRing ring;
  const std::vector<std::size_t> kept = simplified_indices(contour, tolerance_px);
  const std::size_t m = kept.size();
  if (m < 3) return ring;
  std::vector<std::optional<Line>> lines(m);
  for (std::size_t i = 0; i < m; ++i)
    lines[i] = fitted_line(puzzle, contour, kept[i], kept[(i + 1) % m], tolerance_px);
  constexpr double kMinSine = 0.05;  // about 3 degrees: flatter meetings keep the pixel vertex
  for (std::size_t i = 0; i < m; ++i) {
    const Vec2 vertex = pixel_centre(contour[kept[i]]);
    const std::optional<Line>& before = lines[(i + m - 1) % m];
    const std::optional<Line>& after = lines[i];
    Vec2 corner = vertex;
    std::optional<Vec2> meeting;
    if (before && after) meeting = intersection(*before, *after, kMinSine);
    const auto near = [&](Vec2 p) {
      return std::hypot(p.x - vertex.x, p.y - vertex.y) <= tolerance_px + 2.0;
    };
    if (meeting && near(*meeting))
      corner = *meeting;
    else if (before && near(project(*before, vertex)))
      corner = project(*before, vertex);
    else if (after && near(project(*after, vertex)))
      corner = project(*after, vertex);
    ring.corners.push_back(corner);
    ring.fitted.push_back(after.has_value());
  }
  ring.arcs = ArcFinder(puzzle, contour, kept).arcs();
  // An arc's end next to a fitted straight edge: where the circle meets the edge's line.
  for (OutlineArc& arc : ring.arcs) {
    if (arc.edges == 0 || arc.edges >= m) continue;
    const auto meet = [&](const std::optional<Line>& line, Vec2& end) {
      if (!line) return;
      const Vec2 foot = project(*line, arc.centre);
      const double d = std::hypot(foot.x - arc.centre.x, foot.y - arc.centre.y);
      // A line that meets the circle at a shallow angle (a tangent, measured) meets it at the
      // foot of the centre.
      const double half = d > std::cos(15.0 * kPi / 180.0) * arc.radius
                              ? 0.0
                              : std::sqrt(std::max(0.0, arc.radius * arc.radius - d * d));
      Vec2 best = foot;
      for (const double sign : {-1.0, 1.0}) {
        const Vec2 p = foot + (sign * half) * line->direction;
        if (std::hypot(p.x - end.x, p.y - end.y) < std::hypot(best.x - end.x, best.y - end.y))
          best = p;
      }
      const double reach =
          half == 0.0 ? std::max(tolerance_px + 2.0, 0.3 * arc.radius) : tolerance_px + 2.0;
      if (std::hypot(best.x - end.x, best.y - end.y) <= reach) end = best;
    };
    meet(lines[(arc.first_edge + m - 1) % m], arc.from);
    meet(lines[(arc.first_edge + arc.edges) % m], arc.to);
    // The sweep to the ends as placed: of the turns from `from` to `to`, the one nearest it.
    const double turn = turn_deg(arc.centre, arc.from, arc.to);
    double sweep = turn;
    for (const double candidate : {turn - 360.0, turn + 360.0})
      if (std::abs(candidate - arc.sweep_deg) < std::abs(sweep - arc.sweep_deg)) sweep = candidate;
    arc.sweep_deg = sweep;
  }
  return ring;
}

}  // namespace

double OutlineArc::length() const { return std::abs(sweep_deg) * kPi / 180.0 * radius; }

bool near_arc(const OutlineArc& arc, Vec2 p, double tolerance_px) {
  const Vec2 d = p - arc.centre;
  if (std::abs(std::hypot(d.x, d.y) - arc.radius) > tolerance_px) return false;
  if (std::abs(arc.sweep_deg) >= 360.0) return true;
  const Vec2 f = arc.from - arc.centre;
  const double turn = (std::atan2(d.y, d.x) - std::atan2(f.y, f.x)) * 180.0 / M_PI;
  // The turn from `from` to p in the arc's direction, in [0, 360).
  double along = std::fmod(arc.sweep_deg >= 0.0 ? turn : -turn, 360.0);
  if (along < 0.0) along += 360.0;
  return along <= std::abs(arc.sweep_deg);
}

std::vector<OutlineArc> outline_arcs(const std::vector<OutlineRing>& rings) {
  std::vector<OutlineArc> arcs;
  for (const OutlineRing& ring : rings) arcs.insert(arcs.end(), ring.arcs.begin(), ring.arcs.end());
  return arcs;
}

std::vector<std::size_t> simplified_indices(const std::vector<cv::Point>& contour,
                                            double tolerance_px) {
  std::vector<cv::Point> simple;
  cv::approxPolyDP(contour, simple, tolerance_px, true);
  std::vector<std::size_t> kept;
  std::size_t at = 0;
  for (const cv::Point& v : simple) {  // approxPolyDP keeps contour points, in order
    for (std::size_t k = 0; k < contour.size(); ++k, at = (at + 1) % contour.size())
      if (contour[at] == v) break;
    kept.push_back(at);
  }
  return kept;
}

namespace {

std::vector<OutlineRing> vectorise_afresh(const cv::Mat1b& puzzle, double tolerance_px) {
  std::vector<std::vector<cv::Point>> contours;
  std::vector<cv::Vec4i> hierarchy;
  cv::findContours(puzzle != 0, contours, hierarchy, cv::RETR_CCOMP, cv::CHAIN_APPROX_NONE);
  // Outer rings first (in the order findContours gives), then the holes, each after its parent.
  std::vector<OutlineRing> rings;
  std::vector<int> ring_of(contours.size(), -1);
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t c = 0; c < contours.size(); ++c) {
      const bool hole = hierarchy[c][3] >= 0;
      if (hole != (pass == 1)) continue;
      OutlineRing ring = vectorise_ring(puzzle, contours[c], tolerance_px);
      if (ring.corners.size() < 3) continue;
      ring.hole = hole;
      if (hole) {
        ring.parent = ring_of[static_cast<std::size_t>(hierarchy[c][3])];
        if (ring.parent < 0) continue;  // its outer ring was a speck
      }
      // Outer rings clockwise on screen (positive signed area), holes the other way.
      if ((signed_area(ring.corners) > 0) == hole) {
        std::reverse(ring.corners.begin(), ring.corners.end());
        // Edge i ran from corner i to i + 1; reversed, edge j runs from corner j to j + 1 of
        // the new order, which is the old edge m - 2 - j (modulo m).
        const std::size_t m = ring.fitted.size();
        std::vector<bool> fitted(m);
        for (std::size_t j = 0; j < m; ++j) fitted[j] = ring.fitted[(2 * m - 2 - j) % m];
        ring.fitted = fitted;
        for (OutlineArc& arc : ring.arcs) {
          std::swap(arc.from, arc.to);
          arc.sweep_deg = -arc.sweep_deg;
          arc.first_edge = (3 * m - 1 - arc.first_edge - arc.edges) % m;
        }
        std::reverse(ring.arcs.begin(), ring.arcs.end());
      }
      ring_of[c] = static_cast<int>(rings.size());
      rings.push_back(std::move(ring));
    }
  }
  return rings;
}

/// The outlines of the last pictures vectorised: one solve asks for its figure's several times
/// (the refusals, the stages, the snap, the rotation plan), and an outline with arcs takes tens
/// of milliseconds. A picture is found only when equal to one kept, pixel for pixel.
class OutlineMemo {
public:
  std::vector<OutlineRing> get(const cv::Mat1b& puzzle, double tolerance_px) {
    const bool keepable = puzzle.total() <= kMaxPixels;
    if (keepable) {
      const std::lock_guard<std::mutex> lock(mutex_);
      for (const Entry& e : entries_)
        if (e.tolerance_px == tolerance_px && same_pixels(e.puzzle, puzzle)) return e.rings;
    }
    std::vector<OutlineRing> rings = vectorise_afresh(puzzle, tolerance_px);
    if (keepable) {
      const std::lock_guard<std::mutex> lock(mutex_);
      entries_.push_front(Entry{puzzle.clone(), tolerance_px, rings});
      if (entries_.size() > kEntries) entries_.pop_back();
    }
    return rings;
  }

private:
  static constexpr std::size_t kEntries = 4;
  static constexpr std::size_t kMaxPixels = std::size_t{1} << 22;  // 4 MB a picture at most
  struct Entry {
    cv::Mat1b puzzle;
    double tolerance_px;
    std::vector<OutlineRing> rings;
  };
  static bool same_pixels(const cv::Mat1b& a, const cv::Mat1b& b) {
    if (a.size() != b.size()) return false;
    for (int y = 0; y < a.rows; ++y)
      if (std::memcmp(a.ptr(y), b.ptr(y), static_cast<std::size_t>(a.cols)) != 0) return false;
    return true;
  }
  std::mutex mutex_;
  std::deque<Entry> entries_;  ///< the latest first
};

}  // namespace

std::vector<OutlineRing> vectorise_outline(const cv::Mat1b& puzzle, double tolerance_px) {
  static OutlineMemo memo;
  return memo.get(puzzle, tolerance_px);
}

}  // namespace tangram
