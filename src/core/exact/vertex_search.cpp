#include "tangram/core/exact/vertex_search.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>

// Boost 1.74's Geometry includes headers of Math that Boost deprecated since.
#define BOOST_ALLOW_DEPRECATED_HEADERS
// Its internal assertions call the handlers below (they throw GeometryFailure) instead of
// aborting: the buffer asserts on nearly parallel edges (line_line_intersection, seen on a
// remainder of kilogram-dev-rotated's page1-56), and a failed clipping costs one placement.
#define BOOST_GEOMETRY_ENABLE_ASSERT_HANDLER
#include <boost/geometry.hpp>
#include <stdexcept>
#include <string>

#include "tangram/core/base/error.hpp"
#include "tangram/core/exact/detail/surd_search.hpp"
#include "tangram/core/geometry/detail/spill.hpp"
#include "tangram/core/geometry/outline.hpp"
#include "tangram/core/puzzle/verify.hpp"

namespace tangram {
namespace {

/// A Boost.Geometry assertion failed: the operation's result is not to be used.
struct GeometryFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace
}  // namespace tangram

namespace boost::geometry {

void assertion_failed(char const* expr, char const* function, char const* /*file*/, long /*line*/) {
  throw tangram::GeometryFailure(std::string("Boost.Geometry: ") + expr + " in " + function);
}

void assertion_failed_msg(char const* expr, char const* msg, char const* function, char const* file,
                          long line) {
  assertion_failed((std::string(expr) + " (" + msg + ")").c_str(), function, file, line);
}

}  // namespace boost::geometry

namespace tangram {

namespace {

namespace bg = boost::geometry;
/// Boost.Geometry's types in the pixel frame: counter-clockwise in Boost's sense (y up) is a
/// positive signed_area() here, as the outlines' outer rings and the pieces run; closed rings.
using VxPoint = bg::model::d2::point_xy<double>;
using VxPolygon = bg::model::polygon<VxPoint, false, true>;
using VxRegion = bg::model::multi_polygon<VxPolygon>;
using VxRing = VxPolygon::ring_type;
using Clock = std::chrono::steady_clock;

constexpr double kDegPerRad = 180.0 / M_PI;

VxRing vx_ring(const Polygon& polygon) {
  VxRing ring;
  for (const Vec2& v : polygon) ring.push_back(VxPoint(v.x, v.y));
  if (!polygon.empty()) ring.push_back(ring.front());
  return ring;
}

/// The ring's vertices without the closing repeat.
Polygon vx_vertices(const VxRing& ring) {
  Polygon out;
  for (std::size_t i = 0; i + 1 < ring.size(); ++i) out.push_back({ring[i].x(), ring[i].y()});
  return out;
}

/// Every ring of the region (outer rings and holes) as vertices.
std::vector<Polygon> vx_rings(const VxRegion& region) {
  std::vector<Polygon> rings;
  for (const VxPolygon& polygon : region) {
    rings.push_back(vx_vertices(polygon.outer()));
    for (const VxRing& inner : polygon.inners()) rings.push_back(vx_vertices(inner));
  }
  return rings;
}

double vx_length(Vec2 v) { return std::hypot(v.x, v.y); }

/// A ring split where it passes through a point twice (parts of a figure meeting at a point:
/// a vertex repeated, or a vertex on another edge) into loops that do not.
std::vector<Polygon> vx_loops(Polygon ring) {
  constexpr double kTouchPx = 1e-3;
  const std::size_t n = ring.size();
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      const std::size_t k = (j + 1) % n;
      if (j == i || k == i || vx_length(ring[j] - ring[i]) < kTouchPx ||
          vx_length(ring[k] - ring[i]) < kTouchPx ||
          segment_distance(ring[i], ring[j], ring[k]) >= kTouchPx)
        continue;
      ring.insert(ring.begin() + long(j + 1), ring[i]);  // the touch made a repeated vertex
      return vx_loops(std::move(ring));
    }
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      if (vx_length(ring[i] - ring[j]) < kTouchPx) {
        Polygon inner(ring.begin() + long(i), ring.begin() + long(j));
        Polygon outer(ring.begin(), ring.begin() + long(i));
        outer.insert(outer.end(), ring.begin() + long(j), ring.end());
        std::vector<Polygon> loops = vx_loops(std::move(inner));
        for (Polygon& loop : vx_loops(std::move(outer))) loops.push_back(std::move(loop));
        return loops;
      }
  if (ring.size() < 3) return {};
  return {ring};
}

/// Steps of the grid every coordinate given to the clipping is rounded to (1/1024 px): points
/// that nearly coincide (a piece's vertex put on a corner of the remainder) then coincide
/// exactly, a case Boost.Geometry's overlay handles where it can fail on nearly coincident ones.
constexpr double kGridPerPx = 1024.0;

template <class Geometry>
void vx_snap(Geometry& geometry) {
  bg::for_each_point(geometry, [](VxPoint& p) {
    p.x(std::round(p.x() * kGridPerPx) / kGridPerPx);
    p.y(std::round(p.y() * kGridPerPx) / kGridPerPx);
  });
}

/// The loops of `ring` (vx_loops) added to `outers` or `holes`: a hole's all to the holes, an
/// outer ring's by their orientation (a loop running backwards is a hole touching it).
void vx_split(const Polygon& ring, bool hole, std::vector<Polygon>& outers,
              std::vector<Polygon>& holes) {
  for (Polygon& loop : vx_loops(ring))
    (!hole && signed_area(loop) > 0.0 ? outers : holes).push_back(std::move(loop));
}

/// The ring without the corners where its edges nearly run on (within 1e-9 radians) or nearly
/// back (a spike of under half a square pixel): Boost 1.74's buffer asserts ("intersecting")
/// at a join of two nearly parallel edges. The area moves by less than that of the spikes.
VxRing vx_despiked(const VxRing& ring) {
  Polygon p = vx_vertices(ring);
  for (bool changed = true; changed && p.size() > 3;) {
    changed = false;
    for (std::size_t i = 0; i < p.size() && p.size() > 3; ++i) {
      const std::size_t n = p.size();
      const Vec2 in = p[i] - p[(i + n - 1) % n], out = p[(i + 1) % n] - p[i];
      const double twice_area = std::abs(cross(in, out));
      const bool on = dot(in, out) >= 0.0 && twice_area <= 1e-9 * vx_length(in) * vx_length(out);
      const bool back = dot(in, out) < 0.0 && twice_area < 1.0;
      if (on || back) {
        p.erase(p.begin() + long(i));
        changed = true;
      }
    }
  }
  return vx_ring(p);
}

/// Polygons of outer rings with holes, each hole in the smallest outer ring that holds its
/// centroid (an island's holes in the island, not in the ring around the island's hole).
VxRegion vx_region(const std::vector<Polygon>& outers, const std::vector<Polygon>& holes) {
  VxRegion region;
  for (const Polygon& outer : outers) {
    region.emplace_back();
    region.back().outer() = vx_ring(outer);
  }
  bg::correct(region);
  for (const Polygon& hole : holes) {
    const Vec2 c = centroid(hole);
    std::optional<std::size_t> into;
    for (std::size_t k = 0; k < region.size(); ++k) {
      VxPolygon outer;
      outer.outer() = region[k].outer();
      if (bg::within(VxPoint(c.x, c.y), outer) &&
          (!into || bg::area(outer.outer()) < bg::area(region[*into].outer())))
        into = k;
    }
    if (into) region[*into].inners().push_back(vx_ring(hole));
  }
  bg::correct(region);
  return region;
}

/// A piece's polygon for the clipping: on the grid, oriented and closed for Boost.
VxPolygon vx_polygon(const Polygon& polygon) {
  VxPolygon out;
  out.outer() = vx_ring(polygon);
  vx_snap(out);
  bg::correct(out);
  return out;
}

/// The area of `piece` outside `region`, measured twice (as the difference and as what the
/// intersection leaves) because either clipping may fail on a degenerate meeting of edges: the
/// smaller of the two.
double vx_spill(const VxPolygon& piece, const VxRegion& region) {
  VxRegion outside, inside;
  try {
    bg::difference(piece, region, outside);
    bg::intersection(piece, region, inside);
  } catch (const GeometryFailure&) {
    return bg::area(piece);  // unmeasured: taken as spilled whole, the placement dropped
  }
  return std::max(0.0, std::min(bg::area(outside), bg::area(piece) - bg::area(inside)));
}

/// Interior angle (degrees) at a vertex whose edges come in along `in` and leave along `out`,
/// the figure to the left in Boost's sense (positive signed_area()): under 180 when convex.
double vx_interior_angle_deg(Vec2 in, Vec2 out) {
  return 180.0 - std::atan2(cross(in, out), dot(in, out)) * kDegPerRad;
}

double vx_perimeter(const Polygon& polygon) {
  double sum = 0.0;
  for (std::size_t i = 0; i < polygon.size(); ++i)
    sum += vx_length(polygon[(i + 1) % polygon.size()] - polygon[i]);
  return sum;
}

/// The tolerances, in pixels, for a figure whose set side is `side_px`
/// (docs/design/exact.md).
struct VxTolerances {
  double spill_band_px = 0.0;     ///< a piece may spill by this times its perimeter
  double open_px = 0.0;           ///< the remainder is opened by this radius
  double simplify_px = 1.0;       ///< and simplified within this
  double short_px = 2.5;          ///< edges shorter than this are merged into a corner
  double angle_deg = 4.0;         ///< a piece's corner fits a corner this much wider
  double straight_deg = 4.0;      ///< a corner this close to 180 degrees is no corner
  double spill_budget_px2 = 0.0;  ///< all pieces together spill at most this
  double lost_budget_px2 = 0.0;   ///< the remainder may lose at most this
  double speck_px2 = 0.0;         ///< parts and holes smaller than this are dropped
};

VxTolerances vx_tolerances(const Pattern& pattern) {
  VxTolerances t;
  const double side = pattern.side_px;
  const double area = double(pattern.area_px);
  t.spill_band_px = 0.75 + 0.004 * side;
  t.open_px = 0.75 + 0.003 * side;
  t.spill_budget_px2 = 0.015 * area;
  t.lost_budget_px2 = 0.015 * area;
  t.speck_px2 = 4.0 * t.open_px * t.open_px;
  return t;
}

/// One way up of a shape: the local polygon (centroid at the origin), mirrored or not, and the
/// interior angle at each of its vertices.
struct VxForm {
  ShapeId shape = 0;
  bool reflected = false;
  Polygon base;   ///< PieceSet::local_polygon (unmirrored)
  Polygon local;  ///< base mirrored when `reflected` (the order apply_pose gives)
  std::vector<double> angle_deg;
};

/// A convex corner of the remaining silhouette and the edge a piece is laid along there.
struct VxCorner {
  Vec2 at;
  Vec2 along;       ///< direction of the corner's longer edge
  bool out = true;  ///< that edge leaves the corner (else it arrives)
  double angle_deg = 0.0;
  double edge_px = 0.0;  ///< its length
  int fits = 0;          ///< piece corners (forms' vertices) narrow enough for it
};

/// A piece laid at a corner and how much of it lies outside the remaining silhouette.
struct VxPlacement {
  PlacedPiece piece;
  double spill_px2 = 0.0;
  int rank = 0;  ///< the shape's place in the largest-first order
};

/// Corners tried per level before the one with the fewest placements is taken.
constexpr int kCornersCompared = 3;

/// The vertex search's cost model (search/work.hpp), in nominal seconds: per corner whose
/// placements are clipped, and per placement clipped (docs/design/determinism.md).
constexpr double kCornerSeconds = 60e-6;
constexpr double kClipSeconds = 3e-6;

class VertexSearch {
public:
  VertexSearch(const Pattern& pattern, const SolverConfig& config, const ProgressCallback& progress,
               const SearchObserver& observer, const Pattern& judge, const AssemblyCheck& accept)
      : pattern_(pattern),
        set_(config.pieces),
        progress_(progress),
        observer_(observer),
        judge_(judge),
        accept_(accept),
        tol_(vx_tolerances(pattern)),
        unit_px_(set_.unit_px(pattern.side_px)),
        pruning_(config.search.vertex_pruning) {
    started_ = config.search.started == Clock::time_point{} ? Clock::now() : config.search.started;
    stop_ = config.search.stop;
    work_ = config.search.work;
    work_limit_s_ = config.search.work_limit_s;
    deadline_ = started_ + std::chrono::duration_cast<Clock::duration>(
                               std::chrono::duration<double>(config.search.time_limit_s));
    left_.assign(set_.shape_count(), 0);
    for (const ShapeId id : set_.order()) {
      if (left_[std::size_t(id)]++ > 0) continue;
      rank_.push_back(id);
      for (const bool mirror : {false, true}) {
        if (mirror && !(config.search.reflection && set_.mirror_distinct(id))) continue;
        VxForm form;
        form.shape = id;
        form.reflected = mirror;
        form.base = set_.local_polygon(id, unit_px_);
        form.local = apply_pose(form.base, Pose{{0.0, 0.0}, 0.0, mirror});
        const std::size_t n = form.local.size();
        for (std::size_t i = 0; i < n; ++i)
          form.angle_deg.push_back(
              vx_interior_angle_deg(form.local[i] - form.local[(i + n - 1) % n],
                                    form.local[(i + 1) % n] - form.local[i]));
        forms_.push_back(std::move(form));
      }
    }
  }

  Solution run() {
    Solution solution;
    VxRegion region = silhouette();
    double lost = 0.0;
    bool found = false;
    if (const std::optional<VxRegion> tidy = tidied(region, lost)) {
      try {
        found = fill(*tidy, 0.0, lost);
      } catch (const TimeUp&) {
        solution.stats.timed_out = true;
        solution.stats.stopped = stop_ != nullptr && stop_->load();
      }
    }
    solution.solved = found;
    solution.pieces = found ? placed_ : deepest_;
    solution.stats.placements_tried = tried_;
    solution.stats.backtracks = backtracks_;
    solution.stats.validations_failed = rejected_;
    solution.stats.threads = 1;
    const AreaMetrics m = measure_areas(judge_, solution.pieces);
    solution.stats.coverage = m.coverage;
    solution.stats.overlap = m.overlap;
    solution.stats.spill = m.spill;
    solution.stats.seconds = elapsed();
    return solution;
  }

private:
  struct TimeUp {};

  double elapsed() const { return std::chrono::duration<double>(Clock::now() - started_).count(); }

  void check_time() const {
    if (Clock::now() >= deadline_ || (stop_ != nullptr && stop_->load(std::memory_order_relaxed)) ||
        work_reached(work_, work_limit_s_))
      throw TimeUp{};
  }

  /// The figure's outline (outline.hpp) as polygons with holes, a ring that touches itself
  /// (parts meeting at a point) split there.
  VxRegion silhouette() const {
    std::vector<Polygon> outers, holes;
    for (const OutlineRing& ring : vectorise_outline(pattern_.puzzle))
      vx_split(ring.corners, ring.hole, outers, holes);
    return vx_region(outers, holes);
  }

  /// The smallest area among the pieces still to place (px^2); 0 when none is left.
  double smallest_left() const {
    double smallest = 0.0;
    for (const ShapeId id : rank_)
      if (left_[std::size_t(id)] > 0) {
        const double a = set_.area(id) * unit_px_ * unit_px_;
        smallest = smallest == 0.0 ? a : std::min(smallest, a);
      }
    return smallest;
  }

  /// The remainder opened, simplified and rid of parts that no remaining piece fits, the area
  /// dropped added to `lost`; nullopt when more is lost than the budget allows.
  std::optional<VxRegion> tidied(const VxRegion& region, double& lost) const {
    const double before = bg::area(region);
    namespace bs = bg::strategy::buffer;
    const bs::join_miter join(10.0);
    const bs::end_flat end;
    const bs::point_square point;
    const bs::side_straight side;
    // Polygon by polygon: Boost.Geometry's buffer can lose a polygon that touches another at a
    // point. An opening that takes more than a band of open_px along the outline has failed
    // too, and the polygon is kept as it is.
    VxRegion opened;
    for (const VxPolygon& polygon : region) {
      VxPolygon clean = polygon;
      clean.outer() = vx_despiked(clean.outer());
      for (VxRing& inner : clean.inners()) inner = vx_despiked(inner);
      VxRegion eroded, grown;
      // Despiked first (a spike or a straight corner made the buffer assert); an assertion
      // it still fails keeps the polygon unopened.
      bool failed = false;
      try {
        bg::buffer(clean, eroded, bs::distance_symmetric<double>(-tol_.open_px), side, join, end,
                   point);
        if (!eroded.empty())
          bg::buffer(eroded, grown, bs::distance_symmetric<double>(tol_.open_px), side, join, end,
                     point);
      } catch (const GeometryFailure&) {
        failed = true;
      }
      const double area = bg::area(polygon);
      if (failed || (area - bg::area(grown) > 2.0 * tol_.open_px * bg::perimeter(polygon) &&
                     area > 2.0 * tol_.open_px * bg::perimeter(polygon)))
        grown = VxRegion{polygon};
      for (VxPolygon& part : grown) opened.push_back(std::move(part));
    }
    // Simplified polygon by polygon, ring by ring, each ring split where it touches itself
    // (the opening joins parts that meet at a point into one ring). Simplifying moves the
    // outline by at most simplify_px: when a polygon's area changes more, or it comes out
    // invalid, it is kept as the opening left it.
    VxRegion simple;
    for (const VxPolygon& polygon : opened) {
      std::vector<Polygon> outers, holes;
      const auto add = [&](const VxRing& ring, bool hole) {
        VxRing simple_ring;
        bg::simplify(ring, simple_ring, tol_.simplify_px);
        vx_split(merged_short_edges(vx_vertices(simple_ring)), hole, outers, holes);
      };
      add(polygon.outer(), false);
      for (const VxRing& inner : polygon.inners()) add(inner, true);
      VxRegion parts = vx_region(outers, holes);
      vx_snap(parts);
      const double moved = tol_.simplify_px * bg::perimeter(polygon) + tol_.speck_px2;
      if (!bg::is_valid(parts) || std::abs(bg::area(parts) - bg::area(polygon)) > moved) {
        parts = VxRegion{polygon};
        vx_snap(parts);
      }
      for (VxPolygon& part : parts) simple.push_back(std::move(part));
    }
    const double smallest = smallest_left();
    const double too_small = std::max(tol_.speck_px2, 0.85 * smallest);
    VxRegion kept;
    for (VxPolygon& polygon : simple) {
      if (bg::area(polygon) < too_small) continue;
      auto& inners = polygon.inners();
      inners.erase(std::remove_if(inners.begin(), inners.end(),
                                  [&](const VxRing& r) { return -bg::area(r) < tol_.speck_px2; }),
                   inners.end());
      kept.push_back(std::move(polygon));
    }
    lost += std::max(0.0, before - bg::area(kept));
    if (lost > tol_.lost_budget_px2) return std::nullopt;
    return kept;
  }

  /// Whether each part of the remainder has about the area of some of the pieces left
  /// together (within a third of the smallest one's area): a part of 2.5 pentominoes, say,
  /// cannot be filled.
  bool areas_fit(const VxRegion& region) const {
    std::vector<double> sums{0.0};
    for (const ShapeId id : rank_) {
      const double a = set_.area(id) * unit_px_ * unit_px_;
      const std::size_t before = sums.size();
      for (int k = 1; k <= left_[std::size_t(id)]; ++k)
        for (std::size_t i = 0; i < before; ++i) sums.push_back(sums[i] + k * a);
    }
    std::sort(sums.begin(), sums.end());
    const double slack = smallest_left() / 3.0;
    return std::all_of(region.begin(), region.end(), [&](const VxPolygon& part) {
      const double a = bg::area(part);
      const auto it = std::lower_bound(sums.begin(), sums.end(), a - slack);
      return it != sums.end() && *it <= a + slack;
    });
  }

  /// The ring with each edge shorter than tol_.short_px (a step the noise leaves where a
  /// piece's edge nearly continues the silhouette's) taken out: its ends replaced by the point
  /// where the edges before and after it meet, or both dropped when those are nearly parallel.
  Polygon merged_short_edges(Polygon ring) const {
    for (bool changed = true; changed && ring.size() > 3;) {
      changed = false;
      const std::size_t n = ring.size();
      for (std::size_t i = 0; i < n && !changed; ++i) {
        const std::size_t j = (i + 1) % n;
        if (vx_length(ring[j] - ring[i]) >= tol_.short_px) continue;
        const Vec2 a = ring[(i + n - 1) % n], d = ring[(j + 1) % n];
        const Vec2 before = ring[i] - a, after = d - ring[j];
        const double turn = std::abs(std::atan2(cross(before, after), dot(before, after)));
        std::optional<Vec2> corner;
        if (turn * kDegPerRad > tol_.straight_deg) {
          // Where the line a + s before meets the line d - t after.
          const double s = cross(d - a, after) / cross(before, after);
          const Vec2 x = a + s * before;
          if (vx_length(x - ring[i]) <= 2.0 * tol_.short_px)
            corner = x;
          else
            continue;
        }
        const std::size_t first = std::min(i, j), second = std::max(i, j);
        ring.erase(ring.begin() + long(second));
        if (corner)
          ring[first] = *corner;
        else
          ring.erase(ring.begin() + long(first));
        changed = true;
      }
    }
    return ring;
  }

  /// The convex corners of the remainder, fewest fitting piece corners first (then sharpest,
  /// longest edge, top-left), ties impossible but for equal points.
  std::vector<VxCorner> corners(const VxRegion& region) const {
    std::vector<VxCorner> out;
    const auto add_ring = [&](const VxRing& ring) {
      const Polygon p = vx_vertices(ring);
      const std::size_t n = p.size();
      if (n < 3) return;
      for (std::size_t i = 0; i < n; ++i) {
        const Vec2 in = p[i] - p[(i + n - 1) % n], out_edge = p[(i + 1) % n] - p[i];
        const double angle = vx_interior_angle_deg(in, out_edge);
        if (angle > 180.0 - tol_.straight_deg) continue;
        VxCorner c;
        c.at = p[i];
        c.angle_deg = angle;
        c.out = vx_length(out_edge) >= vx_length(in);
        c.along = c.out ? out_edge : in;
        c.edge_px = vx_length(c.along);
        for (const VxForm& form : forms_)
          if (left_[std::size_t(form.shape)] > 0)
            for (const double a : form.angle_deg) c.fits += a <= angle + tol_.angle_deg;
        if (c.fits > 0) out.push_back(c);  // else too sharp for any piece: noise at a pinch
      }
    };
    for (const VxPolygon& polygon : region) {
      add_ring(polygon.outer());
      for (const VxRing& inner : polygon.inners()) add_ring(inner);
    }
    std::sort(out.begin(), out.end(), [](const VxCorner& a, const VxCorner& b) {
      if (a.fits != b.fits) return a.fits < b.fits;
      if (a.angle_deg != b.angle_deg) return a.angle_deg < b.angle_deg;
      if (a.edge_px != b.edge_px) return a.edge_px > b.edge_px;
      if (a.at.y != b.at.y) return a.at.y < b.at.y;
      return a.at.x < b.at.x;
    });
    return out;
  }

  /// The pieces that may fit at `corner`, before clipping: each remaining shape (largest
  /// first), each way up, each vertex narrow enough put on the corner with its edge along the
  /// corner's longer edge; the same polygon twice left out, and, given the remainder's `rings`
  /// (with SearchConfig::vertex_pruning), those whose spill's lower bound is already too much.
  std::vector<VxPlacement> candidates(const VxCorner& corner, double spilled,
                                      const std::vector<Polygon>* rings) const {
    std::vector<VxPlacement> out;
    const double along_deg = std::atan2(corner.along.y, corner.along.x) * kDegPerRad;
    for (const VxForm& form : forms_) {
      if (left_[std::size_t(form.shape)] == 0) continue;
      const int rank = int(std::find(rank_.begin(), rank_.end(), form.shape) - rank_.begin());
      const std::size_t n = form.local.size();
      for (std::size_t v = 0; v < n; ++v) {
        if (form.angle_deg[v] > corner.angle_deg + tol_.angle_deg) continue;
        const Vec2 edge = corner.out ? form.local[(v + 1) % n] - form.local[v]
                                     : form.local[v] - form.local[(v + n - 1) % n];
        double angle = std::atan2(edge.y, edge.x) * kDegPerRad - along_deg;
        angle = std::fmod(angle + 720.0, 360.0);
        Pose pose{{0.0, 0.0}, angle, form.reflected};
        pose.centre = corner.at - apply_pose(form.base, pose)[v];
        Polygon polygon = apply_pose(form.base, pose);
        const bool repeated = std::any_of(out.begin(), out.end(), [&](const VxPlacement& p) {
          return p.piece.shape == form.shape && same_polygon(p.piece.polygon, polygon);
        });
        if (repeated) continue;
        if (rings) {
          // A hundredth of a pixel along the perimeter off the bound covers the grid that
          // vx_polygon() rounds the piece to for the clipping.
          const double perimeter = vx_perimeter(polygon);
          const double allowed =
              std::min(tol_.spill_band_px * perimeter, tol_.spill_budget_px2 - spilled);
          if (spill_lower_bound(polygon, *rings) > allowed + 0.01 * perimeter) continue;
        }
        out.push_back({PlacedPiece{form.shape, pose, std::move(polygon)}, 0.0, rank});
      }
    }
    check_time();
    return out;
  }

  /// The `candidates` that fit the remainder `region`: those that spill too much left out;
  /// within a shape, the least spill first. Given the region's `rings`
  /// (SearchConfig::vertex_pruning), a convex piece's spill is convex_spill() (spill.hpp)
  /// instead of Boost.Geometry's clipping.
  std::vector<VxPlacement> clipped(std::vector<VxPlacement> candidates, const VxRegion& region,
                                   const std::vector<Polygon>* rings, double spilled) const {
    std::vector<VxPlacement> out;
    for (VxPlacement& p : candidates) {
      p.spill_px2 = rings && set_.convex(p.piece.shape)
                        ? convex_spill(p.piece.polygon, *rings)
                        : vx_spill(vx_polygon(p.piece.polygon), region);
      if (p.spill_px2 > tol_.spill_band_px * vx_perimeter(p.piece.polygon) ||
          spilled + p.spill_px2 > tol_.spill_budget_px2)
        continue;
      out.push_back(std::move(p));
    }
    if (work_ != nullptr)
      work_->charge(kClipSeconds * static_cast<double>(candidates.size()) + kCornerSeconds);
    check_time();
    std::stable_sort(out.begin(), out.end(), [](const VxPlacement& a, const VxPlacement& b) {
      return a.rank != b.rank ? a.rank < b.rank : a.spill_px2 < b.spill_px2;
    });
    return out;
  }

  /// The placements tried at this level: those of the corner with the fewest among the
  /// first kCornersCompared corners (in corners()'s order), or with SearchConfig::
  /// vertex_pruning among all of them; the first corner with at most one is taken at once (a
  /// corner with none ends the level: no assembly fills it).
  std::vector<VxPlacement> chosen_placements(const VxRegion& region, double spilled) const {
    const std::vector<VxCorner> all = corners(region);
    const std::vector<Polygon> rings = pruning_ ? vx_rings(region) : std::vector<Polygon>{};
    const std::size_t compared = pruning_ ? all.size() : std::size_t(kCornersCompared);
    std::vector<VxPlacement> best;
    bool chosen = false;
    for (std::size_t k = 0; k < all.size() && k < compared; ++k) {
      std::vector<VxPlacement> here =
          clipped(candidates(all[k], spilled, pruning_ ? &rings : nullptr), region,
                  pruning_ ? &rings : nullptr, spilled);
      if (!chosen || here.size() < best.size()) {
        best = std::move(here);
        chosen = true;
      }
      if (best.size() <= 1) break;
    }
    return best;
  }

  /// Whether two polygons have the same vertices (within a millionth of the unit), in any
  /// order.
  bool same_polygon(const Polygon& a, const Polygon& b) const {
    if (a.size() != b.size()) return false;
    const double eps = 1e-6 * unit_px_;
    return std::all_of(a.begin(), a.end(), [&](Vec2 p) {
      return std::any_of(b.begin(), b.end(), [&](Vec2 q) { return vx_length(p - q) <= eps; });
    });
  }

  void tell(SearchEventType type, const PlacedPiece& piece) {
    tell_vertex_event(progress_, observer_, step_, type, piece, placed_,
                      SearchProgress{int(placed_.size()), tried_, backtracks_, elapsed()});
  }

  /// Fills the remainder `region` with the pieces left, depth first; true when an assembly
  /// was found and accepted (it is then in placed_).
  bool fill(const VxRegion& region, double spilled, double lost) {
    check_time();
    if (placed_.size() == set_.piece_count()) {
      if (verify_solution(judge_, placed_, set_).valid) {
        if (!accept_) return true;
        std::vector<PlacedPiece> candidate = placed_;
        if (accept_(candidate)) {
          placed_ = std::move(candidate);
          return true;
        }
      }
      ++rejected_;
      return false;
    }
    const std::vector<VxPlacement> best = chosen_placements(region, spilled);
    for (const VxPlacement& p : best) {
      ++tried_;
      placed_.push_back(p.piece);
      --left_[std::size_t(p.piece.shape)];
      if (placed_.size() > deepest_.size()) deepest_ = placed_;
      tell(SearchEventType::Placed, p.piece);
      const VxPolygon piece = vx_polygon(p.piece.polygon);
      VxRegion rest;
      double lost_after = lost;
      std::optional<VxRegion> tidy;
      try {
        bg::difference(region, piece, rest);
        // A failed clipping shows in the areas: the piece takes its area less its spill.
        const double expected = bg::area(region) - (bg::area(piece) - p.spill_px2);
        const bool clipped = std::abs(bg::area(rest) - expected) <= 0.01 * bg::area(piece) + 4.0;
        if (clipped) tidy = tidied(rest, lost_after);
      } catch (const GeometryFailure&) {
        tidy.reset();  // a clipping Boost.Geometry gave up on: this placement is not made
      }
      if (tidy && areas_fit(*tidy) && fill(*tidy, spilled + p.spill_px2, lost_after)) return true;
      placed_.pop_back();
      ++left_[std::size_t(p.piece.shape)];
      ++backtracks_;
      tell(SearchEventType::Removed, p.piece);
    }
    return false;
  }

  const Pattern& pattern_;
  const PieceSet& set_;
  const ProgressCallback& progress_;
  const SearchObserver& observer_;
  const Pattern& judge_;
  const AssemblyCheck& accept_;
  const VxTolerances tol_;
  const double unit_px_;
  const bool pruning_;  ///< SearchConfig::vertex_pruning
  Clock::time_point started_, deadline_;
  const std::atomic<bool>* stop_ = nullptr;  ///< SearchConfig::stop
  WorkMeter* work_ = nullptr;                ///< SearchConfig::work
  double work_limit_s_ = 0.0;                ///< SearchConfig::work_limit_s
  std::vector<VxForm> forms_;  ///< shapes largest first, each unmirrored then mirrored
  std::vector<ShapeId> rank_;  ///< the distinct shapes, largest first
  std::vector<int> left_;      ///< per shape: copies still to place
  std::vector<PlacedPiece> placed_, deepest_;
  long tried_ = 0, backtracks_ = 0, rejected_ = 0, step_ = 0;
};

}  // namespace

void tell_vertex_event(const ProgressCallback& progress, const SearchObserver& observer, long& step,
                       SearchEventType type, const PlacedPiece& piece,
                       const std::vector<PlacedPiece>& assembly, const SearchProgress& now) {
  if (progress) progress(now);
  if (!observer) return;
  SearchEvent event;
  event.step = ++step;
  event.type = type;
  event.level = int(assembly.size()) - (type == SearchEventType::Placed ? 1 : 0);
  event.piece = piece;
  event.assembly = assembly;
  event.seconds = now.seconds;
  observer(event);
}

Solution vertex_search(const Pattern& pattern, const SolverConfig& config,
                       const ProgressCallback& progress, const SearchObserver& observer,
                       const Pattern* judge, const AssemblyCheck& accept) {
  if (has_arcs(config.pieces)) throw UsageError("the vertex search needs straight-edged pieces");
  // SearchConfig::vertex_lattice: first on the figure's exact lattice when it has one, for up
  // to half the time limit (surd_search.hpp); the outline's search, in the same time limit,
  // when that finds nothing (its events numbered on from the lattice search's).
  WorkMeter own_meter;
  const SolverConfig metered = with_work_meter(config, own_meter);
  if (config.search.vertex_pruning && config.search.vertex_lattice) {
    SolverConfig timed = metered;
    if (timed.search.started == Clock::time_point{}) timed.search.started = Clock::now();
    const Clock::time_point started = timed.search.started;
    const Clock::time_point deadline =
        started + std::chrono::duration_cast<Clock::duration>(
                      std::chrono::duration<double>(config.search.time_limit_s));
    // Half of the work left to this search (of the time limit when it has no share).
    SolverConfig lattice = timed;
    const double now = timed.search.work->seconds();
    const double budget = std::isfinite(config.search.work_limit_s) ? config.search.work_limit_s
                                                                    : config.search.time_limit_s;
    lattice.search.work_limit_s = now + 0.5 * std::max(0.0, budget - now);
    long events = 0;
    std::optional<Solution> exact = surd_vertex_search(
        pattern, lattice, judge ? *judge : pattern, accept, deadline, progress, observer, &events);
    if (exact && (exact->solved || exact->stats.impossible || stop_requested(config.search))) {
      exact->stats.seconds = std::chrono::duration<double>(Clock::now() - started).count();
      return *exact;
    }
    const SearchObserver numbered = !observer ? SearchObserver{} : [&](const SearchEvent& e) {
      SearchEvent on = e;
      on.step += events;
      observer(on);
    };
    return VertexSearch(pattern, timed, progress, numbered, judge ? *judge : pattern, accept).run();
  }
  return VertexSearch(pattern, metered, progress, observer, judge ? *judge : pattern, accept).run();
}

}  // namespace tangram
