#include "tangram/core/exact/detail/surd_search.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "tangram/core/puzzle/verify.hpp"

namespace tangram {

namespace {

using Clock = std::chrono::steady_clock;

const double kSurdRoot2 = std::sqrt(2.0);

/// The nearest a + b sqrt 2 to `v` with |b| <= `most_b`, and its distance.
std::pair<Surd, double> nearest_surd(double v, int most_b) {
  Surd best;
  double error = INFINITY;
  for (int b = -most_b; b <= most_b; ++b) {
    const double a = std::round(v - b * kSurdRoot2);
    const double e = std::abs(v - a - b * kSurdRoot2);
    if (e < error - 1e-12) {
      error = e;
      best = {std::int64_t(a), b};
    }
  }
  return {best, error};
}

/// The simplest a + b sqrt 2 within `tolerance` of `v` (|b| <= 8) and its cost: the error
/// over the tolerance plus a quarter per unit of |a| + |b|, so that a length the outline
/// measured a pixel off is not taken for a far more intricate one nearer to it (1.686 =
/// 13 - 8 sqrt 2 for the 1.657 = -4 + 4 sqrt 2 of a figure's edge); nullopt when none is
/// within.
std::optional<std::pair<Surd, double>> simplest_surd(double v, double tolerance) {
  std::optional<std::pair<Surd, double>> best;
  for (int b = -8; b <= 8; ++b)
    for (const double a : {std::floor(v - b * kSurdRoot2), std::ceil(v - b * kSurdRoot2)}) {
      const double e = std::abs(v - a - b * kSurdRoot2);
      const double cost = e / tolerance + 0.25 * (std::abs(a) + std::abs(b));
      if (e <= tolerance && (!best || cost < best->second - 1e-12))
        best = {Surd{std::int64_t(a), b}, cost};
    }
  return best;
}

/// The exact offsets from the first corner of `polygon` (set units) in steps of `step`;
/// nullopt when one is off the lattice.
std::optional<SurdRing> exact_offsets(const Polygon& polygon, double step) {
  SurdRing ring;
  for (const Vec2& v : polygon) {
    const auto [x, ex] = nearest_surd((v.x - polygon[0].x) / step, 64);
    const auto [y, ey] = nearest_surd((v.y - polygon[0].y) / step, 64);
    if (ex > 1e-6 || ey > 1e-6) return std::nullopt;
    ring.push_back({x, y});
  }
  return ring;
}

/// The ring's corners sorted (a key for the same polygon however it starts).
SurdRing sorted_corners(SurdRing ring) {
  std::sort(ring.begin(), ring.end(), lex_less);
  return ring;
}

Vec2 to_px(SurdPoint p, Vec2 origin, double step_px) {
  return {origin.x + p.x.value() * step_px, origin.y + p.y.value() * step_px};
}

/// A convex corner of the remainder: where, the edge a piece is laid along (its direction and
/// whether it leaves the corner), and the interior angle in 45-degree steps.
struct SurdCorner {
  SurdPoint at;
  int along = 0;
  bool out = true;
  int angle45 = 0;
};

/// A piece laid at a corner.
struct SurdPlacement {
  std::size_t form = 0;
  SurdRing ring;
};

struct SurdBox {
  double x0, y0, x1, y1;
};

SurdBox ring_box(const SurdRing& ring) {
  SurdBox b{INFINITY, INFINITY, -INFINITY, -INFINITY};
  for (const SurdPoint& p : ring) {
    const double x = p.x.value(), y = p.y.value();
    b = {std::min(b.x0, x), std::min(b.y0, y), std::max(b.x1, x), std::max(b.y1, y)};
  }
  return b;
}

/// The lattice vertex search's cost model (search/work.hpp): nominal seconds per node
/// (docs/design/determinism.md).
constexpr double kNodeSeconds = 40e-6;

class SurdSearch {
public:
  SurdSearch(const PieceSet& set, std::vector<SurdTurn> forms, const SurdFigure& figure,
             const Pattern& judge, const AssemblyCheck& accept, const SearchConfig& search,
             Clock::time_point deadline, double unit_px, const ProgressCallback& progress,
             const SearchObserver& observer, bool memo)
      : set_(set),
        forms_(std::move(forms)),
        figure_(figure),
        judge_(judge),
        accept_(accept),
        stop_(search.stop),
        work_(search.work),
        work_limit_s_(search.work_limit_s),
        deadline_(deadline),
        unit_px_(unit_px),
        progress_(progress),
        observer_(observer),
        memo_(memo),
        started_(search.started == Clock::time_point{} ? Clock::now() : search.started) {
    left_.assign(set.shape_count(), 0);
    for (const ShapeId id : set.order()) ++left_[std::size_t(id)];
    for (const SurdTurn& form : forms_)
      if (area2_.size() <= std::size_t(form.shape) || area2_[std::size_t(form.shape)] == Surd{}) {
        area2_.resize(std::max(area2_.size(), std::size_t(form.shape) + 1));
        area2_[std::size_t(form.shape)] = twice_signed_area(form.offsets);
      }
    // Per corner of each form: the directions of its edges out and in, and whether an earlier
    // form's corner of the same shape lays the same polygon about the same point.
    std::vector<std::pair<ShapeId, SurdRing>> seen;
    for (const SurdTurn& form : forms_) {
      const std::size_t n = form.offsets.size();
      FormCorners c;
      for (std::size_t v = 0; v < n; ++v) {
        c.out.push_back(surd_direction(form.offsets[(v + 1) % n] - form.offsets[v]));
        c.in.push_back(surd_direction(form.offsets[v] - form.offsets[(v + n - 1) % n]));
        SurdRing about;
        for (const SurdPoint& o : form.offsets) about.push_back(o - form.offsets[v]);
        std::pair<ShapeId, SurdRing> key{form.shape, sorted_corners(std::move(about))};
        c.repeated.push_back(std::find(seen.begin(), seen.end(), key) != seen.end());
        if (!c.repeated.back()) seen.push_back(std::move(key));
      }
      corners_.push_back(std::move(c));
    }
  }

  /// Twice the area of the pieces, exactly.
  Surd total_area2() const {
    Surd sum;
    for (std::size_t s = 0; s < area2_.size(); ++s)
      for (int k = 0; k < left_[s]; ++k) sum = sum + area2_[s];
    return sum;
  }

  /// Fills `rings` with the pieces left, depth first; true when an assembly was accepted (it
  /// is then in assembly()).
  bool fill(const std::vector<SurdRing>& rings) {
    if (work_ != nullptr) work_->charge(kNodeSeconds);
    check_time();
    if (placed_.size() == set_.piece_count()) return complete();
    // A remainder and pieces left seen before, whose search found no assembly at all (none
    // refused either, which would depend on the pieces placed), has none now.
    std::vector<std::int64_t> key = state_key(rings);
    if (dead_.count(key) > 0) {
      ++memo_hits_;
      return false;
    }
    const long refused_before = rejected_;
    const std::vector<SurdPlacement> best = chosen_placements(rings);
    for (const SurdPlacement& p : best) {
      ++tried_;
      const ShapeId shape = forms_[p.form].shape;
      placed_.push_back(p);
      --left_[std::size_t(shape)];
      if (placed_.size() > deepest_.size()) deepest_ = placed_;
      if (progress_ || observer_) {
        shown_.push_back(pieces({p}).front());
        tell(SearchEventType::Placed, shown_.back());
      }
      const std::vector<SurdRing> rest = surd_difference(rings, p.ring);
      if (areas_fit(rest) && fill(rest)) return true;
      placed_.pop_back();
      ++left_[std::size_t(shape)];
      ++backtracks_;
      if (progress_ || observer_) {
        const PlacedPiece removed = shown_.back();
        shown_.pop_back();
        tell(SearchEventType::Removed, removed);
      }
    }
    if (memo_ && rejected_ == refused_before) dead_.insert(std::move(key));
    return false;
  }

  std::vector<PlacedPiece> pieces(const std::vector<SurdPlacement>& placements) const {
    std::vector<PlacedPiece> out;
    for (const SurdPlacement& p : placements) {
      const SurdTurn& form = forms_[p.form];
      Polygon px;
      const Vec2 origin = part_origin(p.ring[0]);
      for (const SurdPoint& v : p.ring) px.push_back(to_px(v, origin, figure_.step_px));
      Pose pose = form.pose;
      pose.centre = centroid(px);
      out.push_back({form.shape, pose, set_.posed_polygon(form.shape, unit_px_, pose)});
    }
    return out;
  }

  struct TimeUp {};

  /// The origin of the figure's part that holds `p` (the smallest outer ring holding it).
  Vec2 part_origin(SurdPoint p) const {
    const SurdFigure::Part* best = nullptr;
    Surd best_area2;
    for (const SurdFigure::Part& part : figure_.parts) {
      if (!surd_inside(p, {part.outer}, true)) continue;
      const Surd area2 = twice_signed_area(part.outer);
      if (!best || area2 < best_area2) {
        best = &part;
        best_area2 = area2;
      }
    }
    return best ? best->origin : figure_.parts.front().origin;
  }

  const std::vector<PlacedPiece>& assembly() const { return assembly_; }
  std::vector<PlacedPiece> deepest() const { return pieces(deepest_); }
  long tried_ = 0, backtracks_ = 0, rejected_ = 0, step_ = 0, memo_hits_ = 0;

private:
  double elapsed() const { return std::chrono::duration<double>(Clock::now() - started_).count(); }

  void tell(SearchEventType type, const PlacedPiece& piece) {
    tell_vertex_event(progress_, observer_, step_, type, piece, shown_,
                      SearchProgress{int(placed_.size()), tried_, backtracks_, elapsed()});
  }

  void check_time() const {
    if (Clock::now() > deadline_ || (stop_ != nullptr && stop_->load(std::memory_order_relaxed)) ||
        work_reached(work_, work_limit_s_))
      throw TimeUp{};
  }

  bool complete() {
    std::vector<PlacedPiece> candidate = pieces(placed_);
    if (verify_solution(judge_, candidate, set_).valid && (!accept_ || accept_(candidate))) {
      assembly_ = std::move(candidate);
      return true;
    }
    ++rejected_;
    return false;
  }

  /// The pieces left and the remainder's rings, each from its least corner, in order: the
  /// same for the same state however it was reached.
  std::vector<std::int64_t> state_key(const std::vector<SurdRing>& rings) const {
    std::vector<std::vector<std::int64_t>> parts;
    for (const SurdRing& ring : rings) {
      const std::size_t first =
          std::size_t(std::min_element(ring.begin(), ring.end(), lex_less) - ring.begin());
      std::vector<std::int64_t> part;
      for (std::size_t i = 0; i < ring.size(); ++i) {
        const SurdPoint p = ring[(first + i) % ring.size()];
        part.insert(part.end(), {p.x.a, p.x.b, p.y.a, p.y.b});
      }
      parts.push_back(std::move(part));
    }
    std::sort(parts.begin(), parts.end());
    std::vector<std::int64_t> key(left_.begin(), left_.end());
    for (const std::vector<std::int64_t>& part : parts) {
      key.push_back(std::int64_t(part.size()));
      key.insert(key.end(), part.begin(), part.end());
    }
    return key;
  }

  /// The convex corners of the remainder, sharpest first.
  std::vector<SurdCorner> corners(const std::vector<SurdRing>& rings) const {
    std::vector<SurdCorner> out;
    for (const SurdRing& ring : rings) {
      const std::size_t n = ring.size();
      for (std::size_t i = 0; i < n; ++i) {
        const SurdPoint in = ring[i] - ring[(i + n - 1) % n],
                        out_edge = ring[(i + 1) % n] - ring[i];
        const int din = surd_direction(in), dout = surd_direction(out_edge);
        const int turn = (dout - din + 8) % 8;
        if (turn == 0 || turn >= 4) continue;  // straight or reflex
        SurdCorner c;
        c.at = ring[i];
        c.angle45 = 4 - turn;
        // The longer edge (compared in doubles: the lengths of two lattice vectors in the
        // eight directions differ by far more than rounding when they differ).
        const double lin = std::hypot(in.x.value(), in.y.value());
        const double lout = std::hypot(out_edge.x.value(), out_edge.y.value());
        c.out = lout >= lin;
        c.along = c.out ? dout : din;
        out.push_back(c);
      }
    }
    std::stable_sort(out.begin(), out.end(), [](const SurdCorner& a, const SurdCorner& b) {
      return a.angle45 < b.angle45;
    });
    return out;
  }

  /// An edge of the remainder and its bounding box in doubles (to pass over it cheaply).
  struct Edge {
    SurdPoint p, q;
    double x0, y0, x1, y1;
  };

  static std::vector<Edge> edges(const std::vector<SurdRing>& rings) {
    std::vector<Edge> out;
    for (const SurdRing& ring : rings)
      for (std::size_t i = 0; i < ring.size(); ++i) {
        const SurdPoint p = ring[i], q = ring[(i + 1) % ring.size()];
        const double px = p.x.value(), py = p.y.value(), qx = q.x.value(), qy = q.y.value();
        out.push_back(
            {p, q, std::min(px, qx), std::min(py, qy), std::max(px, qx), std::max(py, qy)});
      }
    return out;
  }

  /// Whether the piece lies in the remainder: laid at a convex corner inside its angle, it
  /// does when no edge of the remainder meets its interior.
  bool inside(const SurdRing& piece, const std::vector<Edge>& edges) const {
    const SurdBox pb = ring_box(piece);
    constexpr double eps = 1e-9;
    for (const Edge& e : edges) {
      if (e.x1 <= pb.x0 + eps || e.x0 >= pb.x1 - eps || e.y1 <= pb.y0 + eps || e.y0 >= pb.y1 - eps)
        continue;
      if (segment_meets_interior(e.p, e.q, piece)) return false;
    }
    return true;
  }

  /// The pieces that fit at `corner`: each shape left (largest first), each turn and vertex
  /// whose angle fits, laid with its edge along the corner's; the same polygon twice left out.
  /// Only the first `most` are looked for (a corner with that many is not taken).
  std::vector<SurdPlacement> placements(const SurdCorner& corner, const std::vector<Edge>& edges,
                                        std::size_t most) const {
    std::vector<SurdPlacement> out;
    for (std::size_t f = 0; f < forms_.size(); ++f) {
      const SurdTurn& form = forms_[f];
      if (left_[std::size_t(form.shape)] == 0) continue;
      const FormCorners& c = corners_[f];
      for (std::size_t v = 0; v < form.offsets.size(); ++v) {
        if (c.repeated[v] || form.angle45[v] > corner.angle45 ||
            (corner.out ? c.out[v] : c.in[v]) != corner.along)
          continue;
        SurdPlacement p;
        p.form = f;
        for (const SurdPoint& o : form.offsets) p.ring.push_back(corner.at + (o - form.offsets[v]));
        if (inside(p.ring, edges)) out.push_back(std::move(p));
        if (out.size() >= most) return out;
      }
    }
    std::stable_sort(out.begin(), out.end(), [&](const SurdPlacement& a, const SurdPlacement& b) {
      return forms_[a.form].rank < forms_[b.form].rank;
    });
    return out;
  }

  /// The placements at the corner with the fewest; the first with at most one is taken at
  /// once (a corner with none ends the level).
  std::vector<SurdPlacement> chosen_placements(const std::vector<SurdRing>& rings) const {
    std::vector<SurdPlacement> best;
    bool chosen = false;
    const std::vector<Edge> all = edges(rings);
    for (const SurdCorner& corner : corners(rings)) {
      std::vector<SurdPlacement> here =
          placements(corner, all, chosen ? best.size() : std::numeric_limits<std::size_t>::max());
      if (!chosen || here.size() < best.size()) {
        best = std::move(here);
        chosen = true;
      }
      if (best.size() <= 1) break;
    }
    return best;
  }

  /// Whether each part of the remainder has exactly the area of some of the pieces left.
  bool areas_fit(const std::vector<SurdRing>& rings) const {
    std::vector<std::size_t> outers;
    std::vector<Surd> area2;
    for (const SurdRing& ring : rings) area2.push_back(twice_signed_area(ring));
    for (std::size_t i = 0; i < rings.size(); ++i)
      if (area2[i].sign() > 0) outers.push_back(i);
    if (outers.size() <= 1) return true;  // one part: the pieces' area, as the figure had
    std::vector<Surd> part(rings.size());
    for (const std::size_t o : outers) part[o] = area2[o];
    for (std::size_t h = 0; h < rings.size(); ++h) {
      if (area2[h].sign() > 0) continue;
      // The hole belongs to the smallest outer ring holding a corner of it off that ring.
      std::optional<std::size_t> into;
      for (const std::size_t o : outers) {
        const std::vector<SurdRing> outer{rings[o]};
        const auto off_ring = std::find_if(rings[h].begin(), rings[h].end(), [&](SurdPoint p) {
          return surd_inside(p, outer, false) || !surd_inside(p, outer, true);
        });
        const bool holds = off_ring != rings[h].end() && surd_inside(*off_ring, outer, false);
        if (holds && (!into || area2[o] < area2[*into])) into = o;
      }
      if (into) part[*into] = part[*into] + area2[h];
    }
    std::vector<Surd> sums{Surd{}};
    for (std::size_t s = 0; s < area2_.size(); ++s) {
      const std::size_t before = sums.size();
      for (int k = 1; k <= left_[s]; ++k)
        for (std::size_t i = 0; i < before; ++i)
          sums.push_back(sums[i] + Surd{k * area2_[s].a, k * area2_[s].b});
    }
    return std::all_of(outers.begin(), outers.end(), [&](std::size_t o) {
      return std::find(sums.begin(), sums.end(), part[o]) != sums.end();
    });
  }

  const PieceSet& set_;
  const std::vector<SurdTurn> forms_;
  const SurdFigure& figure_;
  const Pattern& judge_;
  const AssemblyCheck& accept_;
  const std::atomic<bool>* stop_;
  WorkMeter* const work_;      ///< SearchConfig::work
  const double work_limit_s_;  ///< SearchConfig::work_limit_s
  const Clock::time_point deadline_;
  const double unit_px_;
  std::vector<Surd> area2_;  ///< per shape: twice its area in steps squared
  struct FormCorners {
    std::vector<int> out, in;    ///< surd_direction() of the edges leaving and reaching it
    std::vector<bool> repeated;  ///< the same polygon as an earlier form's corner lays
  };
  std::vector<FormCorners> corners_;  ///< per form
  std::vector<int> left_;
  std::vector<SurdPlacement> placed_, deepest_;
  std::vector<PlacedPiece> assembly_;
  const ProgressCallback& progress_;
  const SearchObserver& observer_;
  const bool memo_;
  const Clock::time_point started_;
  std::vector<PlacedPiece> shown_;            ///< placed_ in pixels, with a progress or an observer
  std::set<std::vector<std::int64_t>> dead_;  ///< state_key() of states without assemblies
};

}  // namespace

std::vector<SurdTurn> surd_turns(const PieceSet& set, bool reflection, double step) {
  std::vector<SurdTurn> forms;
  std::vector<ShapeId> ranked;
  for (const ShapeId id : set.order())
    if (std::find(ranked.begin(), ranked.end(), id) == ranked.end()) ranked.push_back(id);
  for (std::size_t r = 0; r < ranked.size(); ++r) {
    const ShapeId id = ranked[r];
    const Polygon base = set.local_polygon(id, 1.0);
    for (const bool mirror : {false, true}) {
      if (mirror && !(reflection && set.mirror_distinct(id))) continue;
      for (int turn = 0; turn < 8; ++turn) {
        SurdTurn form;
        form.shape = id;
        form.rank = int(r);
        form.pose = Pose{{0.0, 0.0}, 45.0 * turn, mirror};
        Polygon posed = apply_pose(base, form.pose);
        if (signed_area(posed) < 0.0) std::reverse(posed.begin(), posed.end());
        std::optional<SurdRing> offsets = exact_offsets(posed, step);
        if (!offsets) return {};
        form.offsets = std::move(*offsets);
        const std::size_t n = form.offsets.size();
        for (std::size_t i = 0; i < n; ++i) {
          const int in = surd_direction(form.offsets[i] - form.offsets[(i + n - 1) % n]);
          const int out = surd_direction(form.offsets[(i + 1) % n] - form.offsets[i]);
          if (in < 0 || out < 0) return {};
          form.angle45.push_back(4 - (out - in + 8) % 8);
        }
        forms.push_back(std::move(form));
      }
    }
  }
  return forms;
}

std::optional<double> surd_step(const PieceSet& set, bool reflection) {
  if (std::abs(set.grid_step_deg() - 45.0) > 1e-9) return std::nullopt;
  if (has_arcs(set)) return std::nullopt;
  for (std::size_t s = 0; s < set.shape_count(); ++s)
    if (!set.convex(ShapeId(s))) return std::nullopt;
  for (int m = 1; m <= 16; ++m)
    if (!surd_turns(set, reflection, 1.0 / m).empty()) return 1.0 / m;
  return std::nullopt;
}

namespace {

/// A ring of the outline snapped onto the lattice, relative to its first corner.
struct SnappedRing {
  SurdRing ring;      ///< from (0, 0)
  Polygon corners;    ///< the outline's corners they stand for (px), the lines moved
  double cost = 0.0;  ///< simplest_surd()'s costs summed over the edges
};

/// `corners` (an outline ring) snapped: each edge turned to the nearest of the eight
/// directions (its corners within kEdgePx of that line), the edges' lines moved out by
/// `grow_px` (the raster's boundary can sit a pixel in or out, which shortens or lengthens
/// an edge between sharp corners by twice as much or more), the corners where the moved lines
/// meet, each edge's length snapped within kEdgePx; nullopt when an edge is off the
/// directions or the lengths, or the ring does not close.
std::optional<SnappedRing> snap_ring(const Polygon& corners, double step_px, double grow_px) {
  constexpr double kEdgePx = 2.0;
  const std::size_t n = corners.size();
  std::vector<int> dirs;
  std::vector<Vec2> units, through;
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 e = corners[(i + 1) % n] - corners[i];
    const int dir = int(std::lround(std::atan2(e.y, e.x) / (M_PI / 4.0)) + 8) % 8;
    const Vec2 unit{std::cos(dir * M_PI / 4.0), std::sin(dir * M_PI / 4.0)};
    if (std::hypot(e.x, e.y) < kEdgePx) continue;  // a step of the raster at a corner
    if (std::abs(cross(e, unit)) > kEdgePx) return std::nullopt;
    if (!dirs.empty() && dir == dirs.back()) continue;  // one line
    const Vec2 outward{unit.y, -unit.x};                // the figure lies to the left of every edge
    dirs.push_back(dir);
    units.push_back(unit);
    through.push_back(0.5 * (corners[i] + corners[(i + 1) % n]) + grow_px * outward);
  }
  while (dirs.size() > 1 && dirs.back() == dirs.front()) {
    dirs.pop_back();
    units.pop_back();
    through.pop_back();
  }
  const std::size_t m = dirs.size();
  if (m < 3) return std::nullopt;
  SnappedRing out;
  // Corner i: where the lines of edges i - 1 and i meet.
  for (std::size_t i = 0; i < m; ++i) {
    const std::size_t h = (i + m - 1) % m;
    const double det = cross(units[h], units[i]);
    if (std::abs(det) < 1e-9) return std::nullopt;
    const double t = cross(through[i] - through[h], units[i]) / det;
    out.corners.push_back(through[h] + t * units[h]);
  }
  out.ring.push_back({});
  for (std::size_t i = 0; i < m; ++i) {
    const Vec2 e = out.corners[(i + 1) % m] - out.corners[i];
    const bool diagonal = dirs[i] % 2 == 1;
    const double scale = diagonal ? step_px * kSurdRoot2 : step_px;
    const double length = dot(e, units[i]);
    const auto snapped = simplest_surd(length / scale, kEdgePx / scale);
    if (!snapped || snapped->first.sign() <= 0) return std::nullopt;
    const Surd* s = &snapped->first;
    out.cost += snapped->second;
    const int sx = units[i].x > 0.5 ? 1 : units[i].x < -0.5 ? -1 : 0;
    const int sy = units[i].y > 0.5 ? 1 : units[i].y < -0.5 ? -1 : 0;
    const Surd zero;
    const SurdPoint step{sx > 0 ? *s : sx < 0 ? -*s : zero, sy > 0 ? *s : sy < 0 ? -*s : zero};
    out.ring.push_back(out.ring.back() + step);
  }
  if (out.ring.back() != out.ring.front()) return std::nullopt;  // the ring does not close
  out.ring.pop_back();
  return out;
}

}  // namespace

std::optional<SurdFigure> snap_surd_figure(const std::vector<OutlineRing>& outline,
                                           double step_px) {
  constexpr double kCornerPx = 3.0;
  if (outline.empty() || !(step_px > 0.0)) return std::nullopt;
  SurdFigure figure;
  figure.step_px = step_px;
  // Each ring snapped, the boundary moved by the amount that snaps best (a quarter pixel at a
  // time).
  std::vector<SnappedRing> rings;
  for (const OutlineRing& outline_ring : outline) {
    std::optional<SnappedRing> ring;
    for (int k = -8; k <= 8 && outline_ring.corners.size() >= 3; ++k) {
      std::optional<SnappedRing> r = snap_ring(outline_ring.corners, step_px, 0.25 * k);
      if (r && (!ring || r->cost < ring->cost - 1e-9)) ring = std::move(r);
    }
    if (!ring) return std::nullopt;
    const Surd area2 = twice_signed_area(ring->ring);
    if (area2.sign() == 0 || (area2.sign() < 0) != outline_ring.hole) return std::nullopt;
    rings.push_back(std::move(*ring));
  }
  // Where each ring's first corner goes: a hole's from its outer ring's, on the same lattice
  // (pieces join them); an outer ring's from the first's, wherever it is (the parts are apart,
  // each on a lattice of its own, its own origin below).
  const auto offset = [&](Vec2 from, Vec2 to) -> std::optional<SurdPoint> {
    const auto x = simplest_surd((to.x - from.x) / step_px, kCornerPx / step_px);
    const auto y = simplest_surd((to.y - from.y) / step_px, kCornerPx / step_px);
    if (!x || !y) return std::nullopt;
    return SurdPoint{x->first, y->first};
  };
  std::vector<SurdPoint> starts(rings.size());
  for (std::size_t r = 0; r < rings.size(); ++r) {
    const int parent = outline[r].hole ? outline[r].parent : -1;
    if (parent >= 0 && (std::size_t(parent) >= r || outline[std::size_t(parent)].hole))
      return std::nullopt;  // holes follow their outer rings
    const std::size_t from = parent >= 0 ? std::size_t(parent) : 0;
    const std::optional<SurdPoint> o = offset(rings[from].corners[0], rings[r].corners[0]);
    if (!o) return std::nullopt;
    starts[r] = r == 0 ? SurdPoint{} : starts[from] + *o;
    for (SurdPoint& p : rings[r].ring) p = p + starts[r];
  }
  // Each part's origin: the one that puts its corners (its holes' too) best on the outline's,
  // each within kCornerPx.
  for (std::size_t r = 0; r < rings.size(); ++r) {
    if (outline[r].hole) continue;
    Vec2 sum{};
    int count = 0;
    for (std::size_t q = 0; q < rings.size(); ++q) {
      if (q != r && !(outline[q].hole && std::size_t(outline[q].parent) == r)) continue;
      for (std::size_t i = 0; i < rings[q].ring.size(); ++i, ++count)
        sum = sum + (rings[q].corners[i] - Vec2{rings[q].ring[i].x.value() * step_px,
                                                rings[q].ring[i].y.value() * step_px});
    }
    const Vec2 origin = (1.0 / count) * sum;
    for (std::size_t q = 0; q < rings.size(); ++q) {
      if (q != r && !(outline[q].hole && std::size_t(outline[q].parent) == r)) continue;
      for (std::size_t i = 0; i < rings[q].ring.size(); ++i) {
        const Vec2 d = rings[q].corners[i] - to_px(rings[q].ring[i], origin, step_px);
        if (std::hypot(d.x, d.y) > kCornerPx) return std::nullopt;
      }
    }
    figure.parts.push_back({rings[r].ring, origin});
  }
  for (SnappedRing& ring : rings) figure.rings.push_back(std::move(ring.ring));
  // Traced again so that no ring touches itself (collinear corners dropped on the way).
  figure.rings = surd_difference(figure.rings, {});
  return figure;
}

std::optional<Solution> surd_vertex_search(const Pattern& pattern, const SolverConfig& config,
                                           const Pattern& judge, const AssemblyCheck& accept,
                                           Clock::time_point deadline,
                                           const ProgressCallback& progress,
                                           const SearchObserver& observer, long* events,
                                           bool memo) {
  const Clock::time_point started = Clock::now();
  const PieceSet& set = config.pieces;
  const std::optional<double> step = surd_step(set, config.search.reflection);
  if (!step) return std::nullopt;
  const double unit_px = set.unit_px(pattern.side_px);
  const std::optional<SurdFigure> figure =
      snap_surd_figure(vectorise_outline(pattern.puzzle), *step * unit_px);
  if (!figure) return std::nullopt;
  SurdSearch search(set, surd_turns(set, config.search.reflection, *step), *figure, judge, accept,
                    config.search, deadline, unit_px, progress, observer, memo);
  Surd figure_area2;
  for (const SurdRing& ring : figure->rings) figure_area2 = figure_area2 + twice_signed_area(ring);
  if (figure_area2 != search.total_area2()) return std::nullopt;  // not the set's area
  Solution solution;
  try {
    solution.solved = search.fill(figure->rings);
  } catch (const SurdSearch::TimeUp&) {
    solution.stats.timed_out = true;
    solution.stats.stopped = stop_requested(config.search);
  }
  // Searched to the end, with no complete assembly refused: at a convex corner of what is left,
  // some piece has a corner with an edge along the corner's longer edge, and every such piece is
  // tried, so every exact assembly of the figure would have been found (docs/design/exact.md).
  if (!solution.solved && !solution.stats.timed_out && search.rejected_ == 0) {
    Impossibility why;
    why.kind = Impossibility::Kind::NoCornerAssembly;
    solution.stats.impossible = why;
  }
  solution.pieces = solution.solved ? search.assembly() : search.deepest();
  if (events) *events = search.step_;
  solution.stats.placements_tried = search.tried_;
  solution.stats.backtracks = search.backtracks_;
  solution.stats.validations_failed = search.rejected_;
  solution.stats.threads = 1;
  const AreaMetrics m = measure_areas(judge, solution.pieces);
  solution.stats.coverage = m.coverage;
  solution.stats.overlap = m.overlap;
  solution.stats.spill = m.spill;
  solution.stats.seconds = std::chrono::duration<double>(Clock::now() - started).count();
  return solution;
}

}  // namespace tangram
