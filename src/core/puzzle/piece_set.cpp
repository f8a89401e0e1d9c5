#include "tangram/core/puzzle/piece_set.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "tangram/core/base/error.hpp"

namespace tangram {

namespace {

/// `outline` moved so that its centroid is the origin.
Polygon centred(const Polygon& outline) {
  const Vec2 c = centroid(outline);
  Polygon out;
  out.reserve(outline.size());
  for (const Vec2& v : outline) out.push_back(v - c);
  return out;
}

double radius(Vec2 v) { return std::hypot(v.x, v.y); }

/// Whether every vertex of `a` lies within `tol` of a vertex of `b` and the other way round.
bool same_vertices(const Polygon& a, const Polygon& b, double tol) {
  const auto covered = [tol](const Polygon& from, const Polygon& to) {
    return std::all_of(from.begin(), from.end(), [&](Vec2 v) {
      return std::any_of(to.begin(), to.end(), [&](Vec2 w) { return radius(v - w) <= tol; });
    });
  };
  return covered(a, b) && covered(b, a);
}

/// The turns in (0, 360) degrees (counter-clockwise on screen, as rotate_local) that map
/// `moving` onto `fixed`, both centred on their centroids. Candidates map the farthest vertex
/// of `moving` onto each vertex of `fixed` as far from the centre.
std::vector<double> turns_onto(const Polygon& moving, const Polygon& fixed) {
  double r_max = 0.0;
  for (const Vec2& v : moving) r_max = std::max(r_max, radius(v));
  const double tol = 1e-6 * r_max;
  Vec2 far{};
  for (const Vec2& v : moving)
    if (radius(v) >= r_max - tol) {
      far = v;
      break;
    }
  std::vector<double> turns;
  for (const Vec2& w : fixed) {
    if (std::abs(radius(w) - r_max) > tol) continue;
    // rotate_local turns (x, y) to (x cos t + y sin t, -x sin t + y cos t): on screen
    // (y down) that is the angle atan2(-y, x) growing by t.
    double t = (std::atan2(-w.y, w.x) - std::atan2(-far.y, far.x)) * 180.0 / M_PI;
    t = std::fmod(t + 720.0, 360.0);
    if (t < 1e-7 || t > 360.0 - 1e-7) t = 0.0;
    Polygon turned;
    for (const Vec2& v : moving) turned.push_back(rotate_local(v, t, false));
    if (same_vertices(turned, fixed, tol)) turns.push_back(t);
  }
  return turns;
}

/// Puts arcs in the order of their start vertices.
void sort_arcs_by_start(std::vector<PieceArc>& arcs) {
  std::sort(arcs.begin(), arcs.end(),
            [](const PieceArc& a, const PieceArc& b) { return a.start < b.start; });
}

/// Checks the arcs of `s` (see the PieceSet constructor) and sorts them by start; throws
/// InputError starting with `tag`.
void check_arcs(PieceShape& s, const std::string& tag) {
  const std::size_t n = s.outline.size();
  for (std::size_t k = 0; k < s.arcs.size(); ++k) {
    const PieceArc& arc = s.arcs[k];
    const std::string what = tag + "arc " + std::to_string(k + 1) + ": ";
    if (arc.start >= n) throw InputError(what + "its start is not a vertex of the outline");
    if (arc.chords < 1 || arc.chords >= n)
      throw InputError(what + "it needs from 1 to " + std::to_string(n - 1) + " chords");
    if (!(std::isfinite(arc.centre.x) && std::isfinite(arc.centre.y) &&
          std::isfinite(arc.through.x) && std::isfinite(arc.through.y) &&
          std::isfinite(arc.radius) && arc.radius > 0.0))
      throw InputError(what + "its circle is not finite");
    if (!(std::abs(arc.sweep_deg) > 0.0 && std::abs(arc.sweep_deg) < 360.0))
      throw InputError(what + "its sweep is not in (0, 360) degrees either way");
    const double tol =
        1e-6 * (arc.radius + std::max(std::abs(arc.centre.x), std::abs(arc.centre.y)));
    for (std::size_t j = 0; j <= arc.chords; ++j)
      if (std::abs(radius(s.outline[(arc.start + j) % n] - arc.centre) - arc.radius) > tol)
        throw InputError(what + "vertex " + std::to_string((arc.start + j) % n + 1) +
                         " is not on its circle");
  }
  sort_arcs_by_start(s.arcs);
  for (std::size_t k = 0; k < s.arcs.size(); ++k) {
    const PieceArc& arc = s.arcs[k];
    const std::size_t next = k + 1 < s.arcs.size() ? s.arcs[k + 1].start : s.arcs[0].start + n;
    if (arc.start + arc.chords > next) throw InputError(tag + "two arcs overlap");
  }
}

/// Reverses the outline of `s`, its arcs with it: vertex j becomes vertex n - 1 - j, so an
/// arc runs from the image of its end to the image of its start, the other way round.
void reverse_outline(PieceShape& s) {
  const std::size_t n = s.outline.size();
  std::reverse(s.outline.begin(), s.outline.end());
  for (PieceArc& arc : s.arcs) {
    arc.start = (2 * n - 1 - arc.start - arc.chords) % n;
    arc.sweep_deg = -arc.sweep_deg;
  }
  sort_arcs_by_start(s.arcs);
}

}  // namespace

PieceSet PieceSet::arcs_first() const {
  PieceSet out = *this;
  std::stable_partition(out.order_.begin(), out.order_.end(),
                        [this](ShapeId id) { return !shape(id).arcs.empty(); });
  return out;
}

bool has_arcs(const PieceSet& set) {
  for (const PieceShape& shape : set.shapes())
    if (!shape.arcs.empty()) return true;
  return false;
}

std::vector<bool> inside_arcs(const PieceShape& shape) {
  const std::size_t n = shape.outline.size();
  std::vector<bool> inside(n, false);
  for (const PieceArc& arc : shape.arcs)
    for (std::size_t j = 1; j < arc.chords; ++j) inside[(arc.start + j) % n] = true;
  return inside;
}

double rotation_period_deg(const Polygon& outline) {
  const Polygon c = centred(outline);
  double period = 360.0;
  for (const double t : turns_onto(c, c))
    if (t > 0.0) period = std::min(period, t);
  // A symmetry turn divides the full turn: snap rounding noise away (90.0000000001 -> 90).
  const double k = std::round(360.0 / period);
  return std::abs(360.0 / k - period) < 1e-6 ? 360.0 / k : period;
}

bool mirror_distinct(const Polygon& outline) {
  const Polygon c = centred(outline);
  Polygon mirrored;
  for (const Vec2& v : c) mirrored.push_back(rotate_local(v, 0.0, true));
  return turns_onto(mirrored, c).empty();
}

PieceSet::PieceSet(std::string name, std::vector<PieceShape> shapes, double grid_step_deg)
    : name_(std::move(name)), shapes_(std::move(shapes)), grid_step_deg_(grid_step_deg) {
  const std::string where = "piece set " + (name_.empty() ? std::string("(unnamed)") : name_);
  if (shapes_.empty()) throw InputError(where + " has no shapes");
  if (!(grid_step_deg_ > 0.0 && grid_step_deg_ <= 360.0))
    throw InputError(where + ": the grid step must be in (0, 360] degrees");
  for (std::size_t i = 0; i < shapes_.size(); ++i) {
    PieceShape& s = shapes_[i];
    const std::string tag = where + ", shape " + std::to_string(i + 1) +
                            (s.name.empty() ? std::string() : " (" + s.name + ")") + ": ";
    if (s.name.empty()) throw InputError(tag + "no name");
    for (std::size_t j = 0; j < i; ++j)
      if (shapes_[j].name == s.name) throw InputError(tag + "the name is used twice");
    if (s.outline.size() < 3) throw InputError(tag + "fewer than 3 vertices");
    for (const Vec2& v : s.outline)
      if (!std::isfinite(v.x) || !std::isfinite(v.y))
        throw InputError(tag + "a vertex is not a finite number");
    if (s.count < 1) throw InputError(tag + "count must be at least 1");
    check_arcs(s, tag);
    if (signed_area(s.outline) < 0.0) reverse_outline(s);
    Derived d;
    d.area = tangram::area(s.outline);
    const Box box = bounding_box(s.outline);
    if (!(d.area > 1e-12 * std::max(1e-300, (box.x1 - box.x0) * (box.y1 - box.y0))))
      throw InputError(tag + "the outline has no area");
    d.period_deg = tangram::rotation_period_deg(s.outline);
    d.chiral = tangram::mirror_distinct(s.outline);
    d.convex = is_convex(s.outline);
    d.centroid = tangram::centroid(s.outline);
    for (const Vec2& v : s.outline) reach_ = std::max(reach_, radius(v - d.centroid));
    derived_.push_back(d);
    total_area_ += s.count * d.area;
  }
  // Largest first; areas equal to 1e-9 of the set keep the shapes' order.
  const auto key = [this](ShapeId id) { return std::llround(area(id) / total_area_ * 1e9); };
  for (std::size_t i = 0; i < shapes_.size(); ++i)
    order_.insert(order_.end(), static_cast<std::size_t>(shapes_[i].count),
                  static_cast<ShapeId>(i));
  std::stable_sort(order_.begin(), order_.end(),
                   [&](ShapeId a, ShapeId b) { return key(a) > key(b); });
}

const PieceSet& PieceSet::tangram() {
  static const PieceSet set = [] {
    const double r = std::sqrt(2.0) / 2.0;
    const double a = std::sqrt(2.0) / 4.0;
    // Shape order = the ids of tangram_shapes.
    return PieceSet("tangram",
                    {{"large-triangle", {{0, 0}, {1, 0}, {0.5, 0.5}}, 2},
                     {"medium-triangle", {{0, 0}, {r, 0}, {r / 2, r / 2}}, 1},
                     {"small-triangle", {{0, 0}, {0.5, 0}, {0.25, 0.25}}, 2},
                     {"square", {{0, 0}, {a, 0}, {a, a}, {0, a}}, 1},
                     {"parallelogram", {{0, 0}, {0.5, 0}, {0.75, 0.25}, {0.25, 0.25}}, 1}});
  }();
  return set;
}

std::optional<ShapeId> PieceSet::find(std::string_view name) const {
  for (std::size_t i = 0; i < shapes_.size(); ++i)
    if (shapes_[i].name == name) return static_cast<ShapeId>(i);
  return std::nullopt;
}

std::string PieceSet::shape_names() const {
  std::string names;
  for (std::size_t k = 0; k < order_.size(); ++k)
    if (k == 0 || order_[k] != order_[k - 1])
      names += (names.empty() ? "" : ", ") + shape_name(order_[k]);
  return names;
}

Polygon PieceSet::local_polygon(ShapeId id, double unit_px) const {
  Polygon p = shape(id).outline;
  const Vec2 c = centroid(id);
  for (Vec2& v : p) v = unit_px * (v - c);
  return p;
}

Polygon PieceSet::posed_polygon(ShapeId id, double unit_px, const Pose& pose) const {
  return apply_pose(local_polygon(id, unit_px), pose);
}

std::vector<Configuration> PieceSet::configurations(ShapeId id, double step_deg, bool reflection,
                                                    double offset_deg) const {
  std::vector<Configuration> out;
  if (!(step_deg > 0.0)) return out;  // no rotation set (validate_config refuses such steps)
  const double period = rotation_period_deg(id);
  const int mirrors = (reflection && mirror_distinct(id)) ? 2 : 1;
  for (int m = 0; m < mirrors; ++m)
    for (int k = 0;; ++k) {
      const double angle = k * step_deg;
      if (angle >= period - 1e-9) break;
      double turned = offset_deg == 0.0 ? angle : std::fmod(angle + offset_deg, 360.0);
      if (turned < 0.0) turned += 360.0;
      out.push_back({id, turned, m == 1});
    }
  return out;
}

long PieceSet::configuration_count(double step_deg, bool reflection) const {
  if (!(step_deg > 0.0)) return 0;
  double total = 0.0;
  for (std::size_t i = 0; i < shapes_.size(); ++i) {
    const ShapeId id = static_cast<ShapeId>(i);
    // Angles k * step below the period (as configurations() lists them, with its tolerance).
    const double angles = std::max(0.0, std::ceil((rotation_period_deg(id) - 1e-9) / step_deg));
    total += angles * ((reflection && mirror_distinct(id)) ? 2 : 1);
  }
  return total > 1e15 ? static_cast<long>(1e15) : static_cast<long>(total);
}

}  // namespace tangram
