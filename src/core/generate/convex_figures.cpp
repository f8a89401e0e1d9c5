#include "tangram/core/generate/convex_figures.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <tuple>

#include "tangram/core/base/error.hpp"
#include "tangram/core/enumerate/lattice_search.hpp"
#include "tangram/core/generate/detail/lattice_vectors.hpp"

namespace tangram {

namespace {

using Key = std::vector<std::tuple<std::int64_t, std::int64_t, std::int64_t>>;

using detail::cross;
using detail::dot;
using detail::primitive;

/// The primitive directions of the sides of every configuration on `lattice`, with their
/// opposites, in order of angle.
std::vector<cv::Point> side_directions(const PieceLattice& lattice) {
  std::vector<cv::Point> out;
  for (const auto& shape : lattice.configs)
    for (const LatticeConfiguration& c : shape)
      for (std::size_t i = 0; i < c.corners.size(); ++i) {
        const cv::Point d = primitive(c.corners[(i + 1) % c.corners.size()] - c.corners[i]);
        for (const cv::Point v : {d, -d})
          if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
      }
  std::sort(out.begin(), out.end(),
            [](cv::Point a, cv::Point b) { return std::atan2(a.y, a.x) < std::atan2(b.y, b.x); });
  return out;
}

/// The congruence key of a polygon given by its sides (lattice vectors) at `step`: per corner
/// the side's squared length and its dot and cross products with the next side, in set units
/// squared (scaled and rounded), least over the cyclic shifts and, with `reflection`, over the
/// mirror image too.
Key congruence_key(const std::vector<cv::Point>& sides, double step, bool reflection) {
  const double unit = step * step * 1e6;  // lengths squared to 1e-6 set units squared
  const auto sequence = [&](const std::vector<cv::Point>& s) {
    Key k;
    for (std::size_t i = 0; i < s.size(); ++i) {
      const cv::Point a = s[i], b = s[(i + 1) % s.size()];
      k.emplace_back(std::llround(double(dot(a, a)) * unit), std::llround(double(dot(a, b)) * unit),
                     std::llround(double(cross(a, b)) * unit));
    }
    return k;
  };
  const auto least_shift = [](const Key& k) {
    Key best = k;
    for (std::size_t shift = 1; shift < k.size(); ++shift) {
      Key turned(k.begin() + static_cast<std::ptrdiff_t>(shift), k.end());
      turned.insert(turned.end(), k.begin(), k.begin() + static_cast<std::ptrdiff_t>(shift));
      best = std::min(best, turned);
    }
    return best;
  };
  Key best = least_shift(sequence(sides));
  if (reflection) {
    // The mirror image (x -> -x), walked the same way round: the sides reversed and mirrored.
    std::vector<cv::Point> mirrored;
    for (auto it = sides.rbegin(); it != sides.rend(); ++it) mirrored.emplace_back(it->x, -it->y);
    best = std::min(best, least_shift(sequence(mirrored)));
  }
  return best;
}

/// C(n, k) as a double (a bound on the enumeration's work).
double choose(int n, int k) {
  double c = 1.0;
  for (int i = 1; i <= k; ++i) c = c * (n - k + i) / i;
  return c;
}

/// A candidate found, before the congruence classes are taken.
struct Found {
  ConvexPolygon polygon;
  Key key;
  double perimeter = 0.0;
};

/// The polygon of sides k[i] * d[i] (zero sides left out), its box corner at (0, 0).
ConvexPolygon polygon_of(const std::vector<int>& k, const std::vector<cv::Point>& d, double step) {
  ConvexPolygon p;
  p.step = step;
  cv::Point at(0, 0);
  for (std::size_t i = 0; i < k.size(); ++i) {
    if (k[i] == 0) continue;
    p.corners.push_back(at);
    p.side_steps.push_back(k[i]);
    p.side_vectors.push_back(d[i]);
    at += k[i] * d[i];
  }
  int x0 = 0, y0 = 0;
  for (const cv::Point c : p.corners) {
    x0 = std::min(x0, c.x);
    y0 = std::min(y0, c.y);
  }
  for (cv::Point& c : p.corners) c -= cv::Point(x0, y0);
  return p;
}

}  // namespace

bool strictly_convex(const std::vector<cv::Point>& corners) {
  const std::size_t n = corners.size();
  if (n < 3) return false;
  int sign = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const cv::Point a = corners[(i + 1) % n] - corners[i];
    const cv::Point b = corners[(i + 2) % n] - corners[(i + 1) % n];
    const std::int64_t c = cross(a, b);
    if (c == 0) return false;
    const int s = c > 0 ? 1 : -1;
    if (sign != 0 && s != sign) return false;
    sign = s;
  }
  // Turning one way at every corner, the sides must also go round once only.
  double turned = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const cv::Point a = corners[(i + 1) % n] - corners[i];
    const cv::Point b = corners[(i + 2) % n] - corners[(i + 1) % n];
    turned += std::atan2(double(cross(a, b)), double(dot(a, b)));
  }
  return std::abs(std::abs(turned) - 2.0 * CV_PI) < 1e-6;
}

namespace {

/// lattice_convex_polygons() with each polygon's key and perimeter (set units), adding to
/// `found` those whose key `seen` does not hold yet.
void walk_polygons(const std::vector<cv::Point>& d, long twice_area, double step,
                   const ConvexCandidatesConfig& config, const std::string& what,
                   std::vector<Found>& found, std::map<Key, std::size_t>& seen) {
  const int n = static_cast<int>(d.size());
  if (n < 3) return;
  if (n > config.max_directions)
    throw UsageError(
        what + " have sides in " + std::to_string(n) + " directions on their lattice (at most " +
        std::to_string(config.max_directions) + "): too many candidate polygons to list");
  // Pick: the boundary's lattice points (the sum of the steps) are at most 2A + 2.
  const int most_steps = static_cast<int>(twice_area) + 2;
  if (choose(most_steps + n - 2, n - 2) > 2e9)
    throw UsageError(what + " make too large a figure to list its convex figures (" +
                     std::to_string(most_steps) + " lattice steps around)");
  // The last two steps follow from the closure: a d[n-2] + b d[n-1] = -(the others).
  const cv::Point p = d[static_cast<std::size_t>(n - 2)], q = d[static_cast<std::size_t>(n - 1)];
  const std::int64_t det = cross(p, q);
  std::vector<int> k(static_cast<std::size_t>(n), 0);
  // Per i: the longest of the directions from i on, and whether they turn by less than a half
  // turn (then every sum of them lies in the cone between d[i] and d[n-1]).
  std::vector<std::int64_t> longest(static_cast<std::size_t>(n), 0);  // squared
  std::vector<bool> narrow(static_cast<std::size_t>(n), false);
  for (int i = n - 1; i >= 0; --i) {
    const cv::Point v = d[static_cast<std::size_t>(i)];
    longest[static_cast<std::size_t>(i)] =
        std::max(i + 1 < n ? longest[static_cast<std::size_t>(i) + 1] : 0, dot(v, v));
    const double from = std::atan2(v.y, v.x), to = std::atan2(q.y, q.x);
    narrow[static_cast<std::size_t>(i)] = to - from < kPi - 1e-9;
  }
  // Whether the directions from i on can close a walk at `sum` within `left` steps: not when
  // even their longest steps cannot cover the distance, nor when the way back lies outside
  // their cone. Sound: it drops no polygon (tests: the candidates against the unpruned walk).
  const auto can_close = [&](int i, int left, cv::Point sum) {
    const cv::Point r = -sum;
    const auto is = static_cast<std::size_t>(i);
    if (dot(r, r) > std::int64_t{left} * left * longest[is]) return false;
    if (narrow[is] && (cross(d[is], r) < 0 || cross(r, q) < 0)) return false;
    return true;
  };
  std::function<void(int, int, cv::Point)> walk = [&](int i, int used, cv::Point sum) {
    if (!can_close(i, most_steps - used, sum)) return;
    if (i == n - 2) {
      const cv::Point r = -sum;
      const std::int64_t an = cross(r, q), bn = cross(p, r);
      if (an % det != 0 || bn % det != 0) return;
      const std::int64_t a = an / det, b = bn / det;
      if (a < 0 || b < 0 || used + a + b > most_steps) return;
      k[static_cast<std::size_t>(n - 2)] = static_cast<int>(a);
      k[static_cast<std::size_t>(n - 1)] = static_cast<int>(b);
      if (std::count_if(k.begin(), k.end(), [](int v) { return v > 0; }) < 3) return;
      // The closed walk's area first (twice it: the sum over side pairs i < j of their cross
      // products), before a polygon is built.
      std::int64_t twice = 0;
      for (int i1 = 0; i1 < n; ++i1)
        for (int j1 = i1 + 1; j1 < n; ++j1)
          twice += std::int64_t{k[static_cast<std::size_t>(i1)]} * k[static_cast<std::size_t>(j1)] *
                   cross(d[static_cast<std::size_t>(i1)], d[static_cast<std::size_t>(j1)]);
      if (std::abs(twice) != twice_area) return;
      ConvexPolygon polygon = polygon_of(k, d, step);
      const std::size_t m = polygon.corners.size();
      if (std::abs(detail::twice_signed_area(polygon.corners)) != twice_area) return;
      std::vector<cv::Point> sides;
      for (std::size_t j = 0; j < m; ++j)
        sides.push_back(polygon.side_steps[j] * polygon.side_vectors[j]);
      Key key = congruence_key(sides, step, config.reflection);
      if (seen.count(key) != 0) return;
      if (static_cast<long>(found.size()) >= config.max_candidates)
        throw UsageError(what + " have more than " + std::to_string(config.max_candidates) +
                         " candidate polygons");
      double perimeter = 0.0;
      for (std::size_t j = 0; j < m; ++j)
        perimeter += polygon.side_steps[j] *
                     std::hypot(polygon.side_vectors[j].x, polygon.side_vectors[j].y);
      seen.emplace(key, found.size());
      found.push_back({std::move(polygon), std::move(key), perimeter * step});
      return;
    }
    // The last free direction: only the steps that leave both closing coefficients >= 0 (a
    // range found from their linear forms, widened by one; the leaf checks each exactly).
    int first = 0, last = most_steps - used;
    if (i == n - 3) {
      const cv::Point v = d[static_cast<std::size_t>(i)], r = -sum;
      // a(t) det = cross(r, q) - t cross(v, q) and b(t) det = cross(p, r) - t cross(p, v).
      for (const auto& [at0, slope] :
           {std::pair<double, double>{double(cross(r, q)), double(cross(v, q))},
            std::pair<double, double>{double(cross(p, r)), double(cross(p, v))}}) {
        // Keep t with (at0 - t slope) / det >= 0.
        const double a0 = at0 / double(det), s1 = slope / double(det);
        if (std::abs(s1) < 1e-12) {
          if (a0 < -1e-9) return;
          continue;
        }
        const double bound = a0 / s1;
        if (s1 > 0)
          last = std::min(last, static_cast<int>(std::floor(bound)) + 1);
        else
          first = std::max(first, static_cast<int>(std::ceil(bound)) - 1);
      }
      first = std::max(first, 0);
    }
    for (int steps = first; steps <= last && used + steps <= most_steps; ++steps) {
      k[static_cast<std::size_t>(i)] = steps;
      walk(i + 1, used + steps, sum + steps * d[static_cast<std::size_t>(i)]);
    }
    k[static_cast<std::size_t>(i)] = 0;
  };
  walk(0, 0, cv::Point(0, 0));
}

std::vector<ConvexPolygon> polygons_of(std::vector<Found>& found) {
  std::vector<ConvexPolygon> out;
  out.reserve(found.size());
  for (Found& f : found) out.push_back(std::move(f.polygon));
  return out;
}

}  // namespace

std::vector<ConvexPolygon> lattice_convex_polygons(const std::vector<cv::Point>& directions,
                                                   long twice_area, double step,
                                                   const ConvexCandidatesConfig& config) {
  std::vector<Found> found;
  std::map<Key, std::size_t> seen;
  walk_polygons(directions, twice_area, step, config, "the directions", found, seen);
  return polygons_of(found);
}

std::vector<ConvexPolygon> convex_candidates(const PieceSet& set,
                                             const ConvexCandidatesConfig& config) {
  const std::vector<PieceLattice> lattices = piece_lattices(set, config.reflection);
  if (lattices.empty())
    throw UsageError("the set " + set.name() +
                     " lies on no lattice: its convex figures cannot be listed");
  std::vector<Found> found;
  std::map<Key, std::size_t> seen;
  for (const PieceLattice& lattice : lattices) {
    // The area in lattice cells, doubled (a whole number for a polygon on the lattice).
    const double twice = 2.0 * set.total_area() / (lattice.step * lattice.step);
    const long target = std::lround(twice);
    if (std::abs(twice - double(target)) > 1e-6) continue;  // no lattice polygon has this area
    walk_polygons(side_directions(lattice), target, lattice.step, config,
                  "the pieces of " + set.name(), found, seen);
  }
  std::sort(found.begin(), found.end(), [](const Found& a, const Found& b) {
    const std::size_t ca = a.polygon.corners.size(), cb = b.polygon.corners.size();
    if (ca != cb) return ca < cb;
    if (std::abs(a.perimeter - b.perimeter) > 1e-9) return a.perimeter < b.perimeter;
    return a.key < b.key;
  });
  return polygons_of(found);
}

std::string side_lengths_text(const ConvexPolygon& polygon) {
  std::string out;
  for (std::size_t i = 0; i < polygon.side_steps.size(); ++i) {
    const cv::Point v = polygon.side_vectors[i];
    const std::int64_t squared = dot(v, v);
    std::string root;
    if (squared != 1) {
      const auto r = static_cast<std::int64_t>(std::llround(std::sqrt(double(squared))));
      root = r * r == squared ? std::string() : "√" + std::to_string(squared);
      if (root.empty() && r != 1) root = "*" + std::to_string(r);
    }
    const int steps = polygon.side_steps[i];
    out += (i == 0 ? "" : ", ") +
           (steps == 1 && !root.empty() && root[0] != '*' ? root : std::to_string(steps) + root);
  }
  return out;
}

Pattern convex_pattern(const ConvexPolygon& polygon, int step_px, int margin_px) {
  int cols = 0, rows = 0;
  std::vector<cv::Point> at;  // corners in half pixels: pixel (i, j) has its centre at (2i+1, 2j+1)
  for (const cv::Point c : polygon.corners) {
    at.emplace_back(2 * (margin_px + c.x * step_px), 2 * (margin_px + c.y * step_px));
    cols = std::max(cols, c.x * step_px + 2 * margin_px);
    rows = std::max(rows, c.y * step_px + 2 * margin_px);
  }
  // Orientation: the sign every inner point's cross products share.
  const int sign = detail::twice_signed_area(at) > 0 ? 1 : -1;
  cv::Mat1b mask(rows, cols, uchar{0});
  for (int y = 0; y < rows; ++y)
    for (int x = 0; x < cols; ++x) {
      const cv::Point centre(2 * x + 1, 2 * y + 1);
      bool outside = false, counted = true;
      for (std::size_t j = 0; j < at.size() && !outside; ++j) {
        const cv::Point side = at[(j + 1) % at.size()] - at[j];
        const std::int64_t c = sign * cross(side, centre - at[j]);
        outside = c < 0;
        if (c == 0) {
          // A sloped side through pixel centres: its centres are an odd number l of primitive
          // steps from the nearer corner, and every other one counts (l = 1, 5, 9...), so that
          // the pixels' area is the polygon's, the corners' pixels are in and the side looks
          // the same from both ends (a symmetric figure stays symmetric).
          const cv::Point d = primitive(side);
          const std::int64_t length = dot(side, d) / dot(d, d);
          const std::int64_t from = dot(centre - at[j], d) / dot(d, d);
          const std::int64_t l = std::min(from, length - from);
          counted = counted && ((l - 1) / 2) % 2 == 0;
        }
      }
      if (!outside && counted) mask(y, x) = 255;
    }
  return make_pattern(mask);
}

ConvexVerdict decide_convex_candidate(const ConvexPolygon& polygon, const SolverConfig& config,
                                      const EnumerationConfig& enumeration) {
  // Steps of 25 px (the lattice search samples them well; a Tangram's square is 100 px), a
  // step's margin around for the picture.
  const int step_px = 25;
  ConvexVerdict verdict;
  verdict.pattern = convex_pattern(polygon, step_px, step_px);
  if (std::optional<std::string> why = enumeration_refusal(verdict.pattern, config, enumeration)) {
    verdict.refusal = *why;
    return verdict;
  }
  verdict.enumeration = enumerate_assemblies(verdict.pattern, config, enumeration,
                                             [&](const std::vector<PlacedPiece>& pieces) {
                                               if (verdict.pieces.empty()) verdict.pieces = pieces;
                                             });
  return verdict;
}

}  // namespace tangram
