#include "tangram/core/refine/detail/lattice_snap.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <tuple>

#include "tangram/core/figure/angles.hpp"
#include "tangram/core/figure/rotation_plan.hpp"
#include "tangram/core/puzzle/verify.hpp"

namespace tangram {
namespace {

constexpr long kLatticeMaxA = 400, kLatticeMaxB = 100;
// Edge vectors of the set's outlines are exact lattice values to rounding.
constexpr double kLatticeExact = 1e-9;

/// A point of the lattice: both coordinates lattice values.
struct LatticePoint {
  LatticeValue x, y;
};

LatticeValue operator+(LatticeValue u, LatticeValue v) { return {u.a + v.a, u.b + v.b}; }
LatticeValue operator-(LatticeValue u, LatticeValue v) { return {u.a - v.a, u.b - v.b}; }
bool operator==(LatticeValue u, LatticeValue v) { return u.a == v.a && u.b == v.b; }
LatticePoint operator+(LatticePoint p, LatticePoint q) { return {p.x + q.x, p.y + q.y}; }
LatticePoint operator-(LatticePoint p, LatticePoint q) { return {p.x - q.x, p.y - q.y}; }
bool operator==(LatticePoint p, LatticePoint q) { return p.x == q.x && p.y == q.y; }

Vec2 point_value(LatticePoint p, const SetLattice& lattice) {
  return {p.x.value(lattice), p.y.value(lattice)};
}

/// Every lattice value within `window` of `v` (|a| <= kLatticeMaxA, |b| <= kLatticeMaxB), simplest
/// first (smallest |a| + |b|, then the nearest).
std::vector<LatticeValue> lattice_values_near(double v, const SetLattice& lattice, double window,
                                              long height = kLatticeMaxB) {
  std::vector<std::tuple<long, double, LatticeValue>> found;
  const long b_max = lattice.root == 0.0 ? 0 : std::min(height, kLatticeMaxB);
  const long a_max = std::min(height == kLatticeMaxB ? kLatticeMaxA : height, kLatticeMaxA);
  const double q = lattice.denominator;
  for (long b = -b_max; b <= b_max; ++b) {
    const double centre = v * q - static_cast<double>(b) * lattice.root;
    const long lo = static_cast<long>(std::ceil(centre - window * q));
    const long hi = static_cast<long>(std::floor(centre + window * q));
    for (long a = std::max(lo, -a_max); a <= std::min(hi, a_max); ++a) {
      const LatticeValue candidate{a, b};
      found.emplace_back(std::labs(a) + std::labs(b), std::abs(candidate.value(lattice) - v),
                         candidate);
    }
  }
  std::sort(found.begin(), found.end(), [](const auto& l, const auto& r) {
    return std::tie(std::get<0>(l), std::get<1>(l), std::get<2>(l).b) <
           std::tie(std::get<0>(r), std::get<1>(r), std::get<2>(r).b);
  });
  std::vector<LatticeValue> values;
  for (const auto& f : found) values.push_back(std::get<2>(f));
  return values;
}

/// Whether some lattice value lies within `tolerance` of `v` (lattice_value() without choosing:
/// the search stops at the first, trying b = 0, 1, -1, 2, ...).
bool near_lattice(double v, const SetLattice& lattice, double tolerance,
                  long height = kLatticeMaxB) {
  const long b_max = lattice.root == 0.0 ? 0 : std::min(height, kLatticeMaxB);
  const long a_max = std::min(height == kLatticeMaxB ? kLatticeMaxA : height, kLatticeMaxA);
  const double q = lattice.denominator;
  for (long k = 0; k <= 2 * b_max; ++k) {
    const long b = k % 2 == 0 ? k / 2 : -(k + 1) / 2;
    const double x = v * q - static_cast<double>(b) * lattice.root;
    const double a = std::round(x);
    if (std::abs(a) <= a_max && std::abs(x - a) <= tolerance * q) return true;
  }
  return false;
}

/// The largest |a| and |b| of a simple lattice value in an assembly whose vertices span
/// `extent` set units (the larger side of their box in the grid frame): q (extent + 1). A
/// vertex's coordinate relative to another is a sum of edge components, each |a|, |b| <= q;
/// values beyond are the dense lattice's near misses, not an assembly's.
long height_bound(double extent, const SetLattice& lattice) {
  return static_cast<long>(std::ceil(lattice.denominator * (extent + 1.0)));
}

/// `v` turned back by `direction_deg` (clockwise on screen), in set units.
Vec2 grid_frame(Vec2 v, double direction_deg, double unit_px) {
  return (1.0 / unit_px) * rotate_local(v, -direction_deg, false);
}

/// A line that a piece's reference corner (its polygon's vertex 0) must lie on.
struct LatticeLine {
  LatticePoint through;
  LatticePoint direction;
};

/// A corner of one piece on a corner of another.
struct LatticeCornerContact {
  int p, i, q, j;
};
/// Corner j of piece q on the inside of edge k (vertices k, k + 1) of piece p.
struct LatticeEdgeContact {
  int q, j, p, k;
};

/// The unique point of two lines that are not parallel, when it is a lattice point.
std::optional<LatticePoint> lattice_meet(const LatticeLine& l, const LatticeLine& m,
                                         const SetLattice& lattice) {
  const Vec2 p = point_value(l.through, lattice), d = point_value(l.direction, lattice);
  const Vec2 q = point_value(m.through, lattice), e = point_value(m.direction, lattice);
  const double det = cross(d, e);
  if (std::abs(det) < 1e-9 * std::hypot(d.x, d.y) * std::hypot(e.x, e.y)) return std::nullopt;
  const double t = cross(q - p, e) / det;
  const Vec2 x = p + t * d;
  const std::optional<LatticeValue> dx = lattice_value(x.x - p.x, lattice, kLatticeExact);
  const std::optional<LatticeValue> dy = lattice_value(x.y - p.y, lattice, kLatticeExact);
  if (!dx || !dy) return std::nullopt;
  return l.through + LatticePoint{*dx, *dy};
}

/// The point of `line` nearest `want` whose slide from the line's point is simplest within
/// `window` (lattice_values_near along the coordinate the line moves most in, |a|, |b| at most
/// `height`).
std::optional<LatticePoint> lattice_slide(const LatticeLine& line, Vec2 want,
                                          const SetLattice& lattice, double window, long height) {
  const Vec2 p = point_value(line.through, lattice), d = point_value(line.direction, lattice);
  const bool along_x = std::abs(d.x) >= std::abs(d.y);
  const double ratio = along_x ? d.y / d.x : d.x / d.y;
  const double wanted = along_x ? want.x - p.x : want.y - p.y;
  for (const LatticeValue u : lattice_values_near(wanted, lattice, window, height)) {
    const std::optional<LatticeValue> w =
        lattice_value(u.value(lattice) * ratio, lattice, kLatticeExact);
    if (!w) continue;
    return line.through + (along_x ? LatticePoint{u, *w} : LatticePoint{*w, u});
  }
  return std::nullopt;
}

}  // namespace

std::optional<LatticeValue> lattice_value(double v, const SetLattice& lattice, double tolerance) {
  const std::vector<LatticeValue> near = lattice_values_near(v, lattice, tolerance);
  if (near.empty()) return std::nullopt;
  return near.front();
}

std::optional<SetLattice> set_lattice(const PieceSet& set) {
  SetLattice lattice;
  lattice.grid_deg = set.grid_step_deg();
  if (std::abs(lattice.grid_deg - 45.0) < 1e-9)
    lattice.root = std::sqrt(2.0);
  else if (std::abs(lattice.grid_deg - 90.0) < 1e-9 || std::abs(lattice.grid_deg - 180.0) < 1e-9)
    lattice.root = 0.0;
  else
    return std::nullopt;
  std::vector<double> coordinates;
  for (const PieceShape& shape : set.shapes()) {
    if (!shape.arcs.empty()) return std::nullopt;
    const std::size_t n = shape.outline.size();
    for (int k = 0; k * lattice.grid_deg < 360.0 - 1e-9; ++k)
      for (const bool mirrored : {false, true})
        for (std::size_t i = 0; i < n; ++i) {
          const Vec2 e = rotate_local(shape.outline[(i + 1) % n] - shape.outline[i],
                                      k * lattice.grid_deg, mirrored);
          coordinates.push_back(e.x);
          coordinates.push_back(e.y);
        }
  }
  for (lattice.denominator = 1; lattice.denominator <= 48; ++lattice.denominator)
    if (std::all_of(coordinates.begin(), coordinates.end(),
                    [&](double c) { return near_lattice(c, lattice, kLatticeExact); }))
      return lattice;
  return std::nullopt;
}

LatticeCheck lattice_check(const std::vector<PlacedPiece>& pieces, const PieceSet& set,
                           double unit_px, double tolerance) {
  LatticeCheck check;
  const std::optional<SetLattice> lattice = set_lattice(set);
  if (!lattice || pieces.empty() || pieces.front().polygon.empty()) return check;
  check.lattice = true;
  const double grid = lattice->grid_deg;
  check.direction_deg = std::fmod(normalised_angle(pieces.front().pose.angle_deg), grid);
  const Vec2 origin = pieces.front().polygon.front();
  std::vector<Vec2> coordinates;
  Vec2 low{0.0, 0.0}, high{0.0, 0.0};
  for (const PlacedPiece& piece : pieces) {
    check.worst_turn_deg = std::max(
        check.worst_turn_deg, angle_distance(piece.pose.angle_deg, check.direction_deg, grid));
    for (const Vec2& v : piece.polygon) {
      const Vec2 g = grid_frame(v - origin, check.direction_deg, unit_px);
      coordinates.push_back(g);
      low = {std::min(low.x, g.x), std::min(low.y, g.y)};
      high = {std::max(high.x, g.x), std::max(high.y, g.y)};
    }
  }
  check.height = height_bound(std::max(high.x - low.x, high.y - low.y), *lattice);
  for (const Vec2& g : coordinates) {
    check.off_coordinates += !near_lattice(g.x, *lattice, tolerance, check.height);
    check.off_coordinates += !near_lattice(g.y, *lattice, tolerance, check.height);
  }
  return check;
}

LatticeSnapReport lattice_snap(const Pattern& pattern, const PieceSet& set,
                               std::vector<PlacedPiece>& pieces, const LatticeSnapConfig& config) {
  LatticeSnapReport report;
  const std::optional<SetLattice> lattice = set_lattice(set);
  if (!lattice) {
    report.refusal = "the set has no lattice";
    return report;
  }
  if (pieces.empty()) {
    report.refusal = "no pieces";
    return report;
  }
  // The pieces' own scale (true size: their areas are the set's), which is the pattern's unless
  // they were posed on another reading of the figure.
  double pieces_area = 0.0;
  for (const PlacedPiece& piece : pieces) pieces_area += area(piece.polygon);
  const double unit_px = std::sqrt(pieces_area / set.total_area());
  const double grid = lattice->grid_deg;

  // The direction: the outline's, as snap() turns the pieces (0 within a quarter degree of it);
  // without one, the first piece's.
  double direction = std::fmod(normalised_angle(pieces.front().pose.angle_deg), grid);
  if (const std::optional<OutlineDirection> outline = outline_direction(pattern, grid)) {
    direction = outline->residue_deg;
    const double snap_deg = RotationPlanConfig{}.snap_deg;
    if (direction < snap_deg || grid - direction < snap_deg) direction = 0.0;
  }
  std::vector<PlacedPiece> moved = pieces;
  for (PlacedPiece& piece : moved) {
    const double target = direction + grid * std::round((piece.pose.angle_deg - direction) / grid);
    const double turn = std::abs(target - piece.pose.angle_deg);
    if (turn > config.max_turn_deg) {
      report.refusal = "a piece is turned off the grid";
      return report;
    }
    if (turn == 0.0) continue;
    piece.pose.angle_deg = normalised_angle(target);
    piece.polygon = set.posed_polygon(piece.shape, unit_px, piece.pose);
    ++report.turned;
  }

  // Each piece's corners in the grid frame (set units), and exactly relative to its vertex 0.
  const std::size_t n = moved.size();
  std::vector<std::vector<Vec2>> grid_corners(n);
  std::vector<std::vector<LatticePoint>> offsets(n);
  for (std::size_t p = 0; p < n; ++p) {
    for (const Vec2& v : moved[p].polygon)
      grid_corners[p].push_back(grid_frame(v, direction, unit_px));
    for (const Vec2& g : grid_corners[p]) {
      const std::optional<LatticeValue> x =
          lattice_value(g.x - grid_corners[p][0].x, *lattice, kLatticeExact);
      const std::optional<LatticeValue> y =
          lattice_value(g.y - grid_corners[p][0].y, *lattice, kLatticeExact);
      if (!x || !y) {
        report.refusal = "a piece's corners are off the lattice";
        return report;
      }
      offsets[p].push_back({*x, *y});
    }
  }

  // The snapped assembly's contacts.
  const double reach = config.contact_px / unit_px;
  std::vector<LatticeCornerContact> corners;
  std::vector<LatticeEdgeContact> edges;
  std::vector<int> contacts_of(n, 0);
  for (std::size_t p = 0; p < n; ++p)
    for (std::size_t q = 0; q < n; ++q) {
      if (p == q) continue;
      const std::vector<Vec2>& P = grid_corners[p];
      const std::vector<Vec2>& Q = grid_corners[q];
      for (std::size_t j = 0; j < Q.size(); ++j) {
        for (std::size_t i = 0; i < P.size(); ++i) {
          if (p < q && std::hypot(P[i].x - Q[j].x, P[i].y - Q[j].y) <= reach) {
            corners.push_back({static_cast<int>(p), static_cast<int>(i), static_cast<int>(q),
                               static_cast<int>(j)});
            ++contacts_of[p];
            ++contacts_of[q];
          }
          const Vec2 a = P[i], b = P[(i + 1) % P.size()];
          const double length = std::hypot(b.x - a.x, b.y - a.y);
          const Vec2 u = (1.0 / length) * (b - a);
          const double t = dot(u, Q[j] - a);
          if (t > reach && t < length - reach && std::abs(cross(u, Q[j] - a)) <= reach) {
            edges.push_back({static_cast<int>(q), static_cast<int>(j), static_cast<int>(p),
                             static_cast<int>(i)});
            ++contacts_of[p];
            ++contacts_of[q];
          }
        }
      }
    }

  // Placement from the piece with the most contacts, at the lattice's origin.
  std::vector<std::optional<LatticePoint>> at(n);
  const std::size_t root = static_cast<std::size_t>(
      std::max_element(contacts_of.begin(), contacts_of.end()) - contacts_of.begin());
  at[root] = LatticePoint{};
  const auto wanted = [&](std::size_t q) { return grid_corners[q][0] - grid_corners[root][0]; };
  const double window = config.window_px / unit_px;
  const long height = lattice_check(moved, set, unit_px).height;
  for (std::size_t placed = 1; placed < n; ++placed) {
    // Per unplaced piece: a position fixed by a corner, or the lines its vertex 0 must lie on.
    int best_rank = -1, best_count = -1;
    std::size_t best = n;
    std::optional<LatticePoint> best_at;
    std::vector<LatticeLine> best_lines;
    for (std::size_t q = 0; q < n; ++q) {
      if (at[q]) continue;
      std::optional<LatticePoint> fixed;
      int count = 0;
      for (const LatticeCornerContact& c : corners) {
        const bool q_first = static_cast<std::size_t>(c.p) == q;
        const bool q_second = static_cast<std::size_t>(c.q) == q;
        if (!q_first && !q_second) continue;
        const std::size_t other = static_cast<std::size_t>(q_first ? c.q : c.p);
        if (!at[other]) continue;
        ++count;
        const int mine = q_first ? c.i : c.j, theirs = q_first ? c.j : c.i;
        if (!fixed)
          fixed = *at[other] + offsets[other][static_cast<std::size_t>(theirs)] -
                  offsets[q][static_cast<std::size_t>(mine)];
      }
      std::vector<LatticeLine> lines;
      for (const LatticeEdgeContact& e : edges) {
        const std::size_t p = static_cast<std::size_t>(e.p), r = static_cast<std::size_t>(e.q);
        if (r == q && at[p]) {  // q's corner on a placed piece's edge
          const std::vector<LatticePoint>& o = offsets[p];
          const LatticePoint a = *at[p] + o[static_cast<std::size_t>(e.k)];
          const LatticePoint b = *at[p] + o[(static_cast<std::size_t>(e.k) + 1) % o.size()];
          lines.push_back({a - offsets[q][static_cast<std::size_t>(e.j)], b - a});
        } else if (p == q && at[r]) {  // a placed piece's corner on q's edge
          const std::vector<LatticePoint>& o = offsets[q];
          const LatticePoint v = *at[r] + offsets[r][static_cast<std::size_t>(e.j)];
          const LatticePoint a = o[static_cast<std::size_t>(e.k)];
          lines.push_back({v - a, o[(static_cast<std::size_t>(e.k) + 1) % o.size()] - a});
        }
      }
      count += static_cast<int>(lines.size());
      int rank = 0;
      if (fixed) {
        rank = 3;
      } else {
        for (std::size_t l = 0; l < lines.size() && !fixed; ++l)
          for (std::size_t m = l + 1; m < lines.size() && !fixed; ++m)
            fixed = lattice_meet(lines[l], lines[m], *lattice);
        rank = fixed ? 2 : lines.empty() ? 0 : 1;
      }
      if (rank > best_rank || (rank == best_rank && count > best_count)) {
        best_rank = rank;
        best_count = count;
        best = q;
        best_at = fixed;
        best_lines = lines;
      }
    }
    if (best_rank >= 2) {
      at[best] = best_at;
      ++report.fixed;
      continue;
    }
    if (best_rank == 1)
      at[best] = lattice_slide(best_lines.front(), wanted(best), *lattice, window, height);
    if (at[best]) {
      ++report.slid;
      continue;
    }
    const std::vector<LatticeValue> x =
        lattice_values_near(wanted(best).x, *lattice, window, height);
    const std::vector<LatticeValue> y =
        lattice_values_near(wanted(best).y, *lattice, window, height);
    if (x.empty() || y.empty()) {
      report.refusal = "no lattice point near a piece";
      return report;
    }
    at[best] = LatticePoint{x.front(), y.front()};
    ++report.rounded;
  }

  // Every contact of the snapped assembly must still hold.
  const auto corner_at = [&](int p, int i) {
    return *at[static_cast<std::size_t>(p)] +
           offsets[static_cast<std::size_t>(p)][static_cast<std::size_t>(i)];
  };
  for (const LatticeCornerContact& c : corners)
    if (!(corner_at(c.p, c.i) == corner_at(c.q, c.j))) {
      report.refusal = "the contacts contradict the lattice";
      return report;
    }
  for (const LatticeEdgeContact& e : edges) {
    const std::size_t size = offsets[static_cast<std::size_t>(e.p)].size();
    const Vec2 a = point_value(corner_at(e.p, e.k), *lattice);
    const Vec2 b = point_value(
        corner_at(e.p, static_cast<int>((static_cast<std::size_t>(e.k) + 1) % size)), *lattice);
    const Vec2 v = point_value(corner_at(e.q, e.j), *lattice);
    if (std::abs(cross(b - a, v - a)) > kLatticeExact * std::hypot(b.x - a.x, b.y - a.y)) {
      report.refusal = "the contacts contradict the lattice";
      return report;
    }
  }

  // One pixel origin for all: the mean of what each piece's vertex 0 asks.
  Vec2 origin{0.0, 0.0};
  for (std::size_t p = 0; p < n; ++p)
    origin = origin + (1.0 / static_cast<double>(n)) *
                          (moved[p].polygon[0] -
                           rotate_local(unit_px * point_value(*at[p], *lattice), direction, false));
  for (std::size_t p = 0; p < n; ++p) {
    Polygon polygon;
    for (const LatticePoint& o : offsets[p])
      polygon.push_back(
          origin + rotate_local(unit_px * point_value(*at[p] + o, *lattice), direction, false));
    moved[p].pose.centre = moved[p].pose.centre + (polygon[0] - moved[p].polygon[0]);
    moved[p].polygon = std::move(polygon);
  }
  // Simple values only: roundings add up along chains of pieces.
  if (!lattice_check(moved, set, unit_px).on()) {
    report.refusal = "the lattice values are not simple";
    return report;
  }
  pieces = std::move(moved);
  report.applied = true;
  return report;
}

bool lattice_snap_acceptable(const VerifyReport& before, const VerifyReport& after) {
  if (!after.valid) return false;
  if (!before.valid) return true;
  return after.metrics.coverage >= before.metrics.coverage - kLatticeCoverageGive &&
         after.metrics.overlap <= before.metrics.overlap + kLatticeOverlapGive;
}

bool lattice_snap_checked(const Pattern& pattern, const PieceSet& set,
                          std::vector<PlacedPiece>& pieces, const LatticeSnapConfig& config) {
  const VerifyReport before = verify_solution(pattern, pieces, set);
  LatticeSnapConfig narrower = config;
  for (int attempt = 0; attempt < 3; ++attempt, narrower.window_px /= 2.0) {
    std::vector<PlacedPiece> moved = pieces;
    const LatticeSnapReport report = lattice_snap(pattern, set, moved, narrower);
    if (!report.applied) return false;
    const VerifyReport after = verify_solution(pattern, moved, set);
    if (lattice_snap_acceptable(before, after)) {
      pieces = std::move(moved);
      return true;
    }
    // Only a rounding can change with the window.
    if (report.slid + report.rounded == 0) return false;
  }
  return false;
}

}  // namespace tangram
