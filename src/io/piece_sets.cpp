#include "tangram/io/piece_sets.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "tangram/core/base/error.hpp"
#include "tangram/core/base/format.hpp"
#include "tangram/io/detail/json.hpp"
#include "tangram/io/files.hpp"

namespace tangram {

namespace detail {
/// The built-in sets' files: name and text (builtin_sets.cpp, generated from src/io/sets/).
struct BuiltinSetText {
  const char* name;
  const char* text;
};
extern const BuiltinSetText kBuiltinSets[];
extern const std::size_t kBuiltinSetCount;
}  // namespace detail

namespace {

/// A piece may reach at most this many times the set's side from its centroid.
constexpr double kMaxPieceReach = 20.0;

using detail::Json;
using detail::JsonType;

using detail::json_fail;

constexpr std::string_view kPieceSetFormat = "tangram-pieces/1";

/// Coordinates beyond this magnitude are refused: no set is that large.
constexpr double kMaxSetCoordinate = 1e6;

/// An arc flattened into chords: the points after its start, up to and without its end, and
/// its circle.
struct FlatArc {
  std::vector<Vec2> points;
  Vec2 centre;
  double radius = 0.0;
  double sweep = 0.0;  ///< radians, signed as PieceArc::sweep_deg
};

/// The arc from `a` to `b` through `m` as chords of at most 3 degrees of turn. Nullopt when a,
/// m and b are collinear (then the edge is straight). It is worked out from the lesser of its
/// ends (x, then y) and turned round when `a` is the greater: the arc from b to a through m
/// gives the same numbers in reverse order and the opposite sweep, so an outline that
/// PieceSet reverses reads back as itself (piece_set_to_json).
std::optional<FlatArc> flatten_arc(Vec2 a, Vec2 m, Vec2 b) {
  const bool turned = b.x < a.x || (b.x == a.x && b.y < a.y);
  if (turned) std::swap(a, b);
  // The circle through a, m, b.
  const double d = 2.0 * (a.x * (m.y - b.y) + m.x * (b.y - a.y) + b.x * (a.y - m.y));
  const double scale = std::max({std::abs(a.x), std::abs(a.y), std::abs(b.x), std::abs(b.y),
                                 std::abs(m.x), std::abs(m.y), 1.0});
  if (std::abs(d) < 1e-12 * scale * scale) return std::nullopt;
  const double a2 = dot(a, a), m2 = dot(m, m), b2 = dot(b, b);
  const Vec2 c{(a2 * (m.y - b.y) + m2 * (b.y - a.y) + b2 * (a.y - m.y)) / d,
               (a2 * (b.x - m.x) + m2 * (a.x - b.x) + b2 * (m.x - a.x)) / d};
  const double r = std::hypot(a.x - c.x, a.y - c.y);
  const auto angle = [&](Vec2 p) { return std::atan2(p.y - c.y, p.x - c.x); };
  const double t0 = angle(a), tm = angle(m), t1 = angle(b);
  // Sweep from t0 to t1 in the direction that passes tm.
  const auto ccw = [](double from, double to) {  // angle from `from` to `to`, in [0, 2 pi)
    double s = std::fmod(to - from, 2 * M_PI);
    return s < 0 ? s + 2 * M_PI : s;
  };
  const bool forward = ccw(t0, tm) < ccw(t0, t1);
  const double sweep = forward ? ccw(t0, t1) : -ccw(t1, t0);
  const int steps = std::max(2, static_cast<int>(std::ceil(std::abs(sweep) / (M_PI / 60.0))));
  FlatArc arc;
  for (int k = 1; k < steps; ++k) {
    const double t = t0 + sweep * k / steps;
    arc.points.push_back({c.x + r * std::cos(t), c.y + r * std::sin(t)});
  }
  if (turned) std::reverse(arc.points.begin(), arc.points.end());
  arc.centre = c;
  arc.radius = r;
  arc.sweep = turned ? -sweep : sweep;
  return arc;
}

/// An outline: vertices with optional {"through": [x, y]} arcs between them, flattened; the
/// arcs go to `arcs` (PieceShape::arcs).
Polygon parse_outline(const Json& value, const std::string& prefix, const std::string& where,
                      std::vector<PieceArc>& arcs) {
  struct Item {
    Vec2 point;
    bool through;
  };
  std::vector<Item> items;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const Json& item = value[i];
    const std::string what = where + "outline item " + std::to_string(i + 1);
    if (item.is_object()) {
      const Json* through =
          detail::json_member(item, "through", JsonType::Array, true, prefix, what + ": ");
      if (item.size() != 1) json_fail(prefix, what + ": an arc object holds only \"through\"");
      items.push_back(
          {detail::json_point(*through, kMaxSetCoordinate, prefix, what + " \"through\""), true});
    } else {
      items.push_back({detail::json_point(item, kMaxSetCoordinate, prefix, what), false});
    }
  }
  const std::size_t n = items.size();
  std::size_t vertices = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (!items[i].through) {
      ++vertices;
      continue;
    }
    if (items[(i + n - 1) % n].through || items[(i + 1) % n].through)
      json_fail(prefix, where + "outline item " + std::to_string(i + 1) +
                            ": an arc must lie between two vertices");
  }
  if (vertices < 2 || (vertices < 3 && vertices == n))
    json_fail(prefix, where + "the outline has fewer than 3 vertices");
  Polygon polygon;
  bool leading_arc = false;  // the first item is an arc: it starts at the last vertex
  for (std::size_t i = 0; i < n; ++i) {
    if (!items[i].through) {
      polygon.push_back(items[i].point);
      continue;
    }
    const Vec2 a = items[(i + n - 1) % n].point, b = items[(i + 1) % n].point;
    const auto flat = flatten_arc(a, items[i].point, b);
    if (!flat)
      json_fail(prefix, where + "outline item " + std::to_string(i + 1) +
                            ": the arc's three points lie on a line");
    PieceArc arc;
    arc.start = polygon.empty() ? 0 : polygon.size() - 1;
    leading_arc = leading_arc || polygon.empty();
    arc.chords = flat->points.size() + 1;
    arc.centre = flat->centre;
    arc.radius = flat->radius;
    arc.sweep_deg = flat->sweep * 180.0 / M_PI;
    arc.through = items[i].point;
    arcs.push_back(arc);
    polygon.insert(polygon.end(), flat->points.begin(), flat->points.end());
  }
  if (leading_arc) arcs.front().start = polygon.size() - 1;
  if (polygon.size() > kMaxOutlineVertices)
    json_fail(prefix, where + "the outline has more than " + std::to_string(kMaxOutlineVertices) +
                          " vertices");
  return polygon;
}

/// True when two edges of the ring cross or touch other than at their shared vertex.
bool self_intersecting(const Polygon& ring) {
  const std::size_t n = ring.size();
  const auto orient = [](Vec2 a, Vec2 b, Vec2 c) {
    const double v = cross(b - a, c - a);
    return v > 1e-12 ? 1 : v < -1e-12 ? -1 : 0;
  };
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) {
      if (j == i + 1 || (i == 0 && j == n - 1)) continue;  // neighbours share a vertex
      const Vec2 a = ring[i], b = ring[(i + 1) % n], c = ring[j], d = ring[(j + 1) % n];
      const int o1 = orient(a, b, c), o2 = orient(a, b, d), o3 = orient(c, d, a),
                o4 = orient(c, d, b);
      if (o1 * o2 < 0 && o3 * o4 < 0) return true;
    }
  return false;
}

}  // namespace

PieceSetFile piece_set_from_json(std::string_view text, const std::string& source) {
  const std::string prefix =
      "invalid piece set" + (source.empty() ? std::string() : " " + source) + ": ";
  const Json document = detail::json_document(text, kPieceSetFormat, prefix);
  const auto text_member = [&](std::string_view key, bool required) {
    const Json* value = detail::json_member(document, key, JsonType::String, required, prefix, "");
    return value ? value->get<std::string>() : std::string();
  };
  PieceSetFile file;
  const std::string name = text_member("name", true);
  if (name.empty()) json_fail(prefix, "\"name\" is empty");
  file.title = text_member("title", false);
  file.source = text_member("source", false);
  file.notes = text_member("notes", false);
  file.units = text_member("units", false);
  if (const Json* mirror =
          detail::json_member(document, "mirror", JsonType::Boolean, false, prefix, ""))
    file.mirror = mirror->get<bool>();
  if (const Json* rotations =
          detail::json_member(document, "rotations", JsonType::Object, false, prefix, "")) {
    const Json* step = detail::json_member(*rotations, "step_deg", JsonType::Number, false, prefix,
                                           "\"rotations\": ");
    const Json* angles = detail::json_member(*rotations, "angles_deg", JsonType::Array, false,
                                             prefix, "\"rotations\": ");
    if ((step == nullptr) == (angles == nullptr))
      json_fail(prefix, "\"rotations\" needs one of \"step_deg\" and \"angles_deg\"");
    if (step != nullptr) {
      file.rotation_step_deg = step->get<double>();
    } else {
      // The multiples of one step from 0, in order: that step.
      std::vector<double> list;
      for (const Json& a : *angles) {
        if (!a.is_number()) json_fail(prefix, "\"rotations\": \"angles_deg\" must hold numbers");
        list.push_back(a.get<double>());
      }
      const double s = list.size() >= 2 ? list[1] - list[0] : 360.0;
      bool even = !list.empty() && list[0] == 0.0 && s > 0.0 &&
                  std::abs(360.0 / s - std::round(360.0 / s)) < 1e-9 &&
                  static_cast<double>(list.size()) == std::round(360.0 / s);
      for (std::size_t k = 0; even && k < list.size(); ++k) even = std::abs(list[k] - k * s) < 1e-9;
      if (!even)
        json_fail(prefix,
                  "\"rotations\": \"angles_deg\" must be the multiples of one step from 0 "
                  "below 360 (other lists are not supported yet)");
      file.rotation_step_deg = s;
    }
    if (!(file.rotation_step_deg > 0.0 && file.rotation_step_deg <= 360.0))
      json_fail(prefix, "\"rotations\": the step must be in (0, 360] degrees");
  }
  if (const Json* figure =
          detail::json_member(document, "figure", JsonType::Array, false, prefix, "")) {
    std::vector<PieceArc> arcs;  // the figure is only drawn, as its chords
    file.figure = parse_outline(*figure, prefix, "\"figure\": ", arcs);
  }
  const Json& pieces = *detail::json_member(document, "pieces", JsonType::Array, true, prefix, "");
  if (pieces.empty()) json_fail(prefix, "\"pieces\" is empty");
  std::vector<PieceShape> shapes;
  std::size_t total = 0;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const Json& item = pieces[i];
    const std::string where = "piece " + std::to_string(i + 1) + ": ";
    if (!item.is_object()) json_fail(prefix, where + "not an object");
    PieceShape shape;
    shape.name = detail::json_member(item, "name", JsonType::String, true, prefix, where)
                     ->get<std::string>();
    const std::string named = "piece " + std::to_string(i + 1) + " (" + shape.name + "): ";
    if (const Json* count =
            detail::json_member(item, "count", JsonType::Number, false, prefix, named)) {
      const double c = count->get<double>();
      if (!(c >= 1 && c <= static_cast<double>(kMaxSetPieces) && c == std::floor(c)))
        json_fail(prefix, named + "\"count\" must be a whole number from 1 to " +
                              std::to_string(kMaxSetPieces));
      shape.count = static_cast<int>(c);
    }
    total += static_cast<std::size_t>(shape.count);
    if (total > kMaxSetPieces)
      json_fail(prefix, "more than " + std::to_string(kMaxSetPieces) + " pieces");
    const Json& outline =
        *detail::json_member(item, "outline", JsonType::Array, true, prefix, named);
    shape.outline = parse_outline(outline, prefix, named, shape.arcs);
    file.has_arcs = file.has_arcs || !shape.arcs.empty();
    if (self_intersecting(shape.outline)) json_fail(prefix, named + "the outline crosses itself");
    shapes.push_back(std::move(shape));
  }
  try {
    file.set = PieceSet(name, std::move(shapes), file.rotation_step_deg);
  } catch (const InputError& e) {
    throw InputError(prefix + e.tagged());
  }
  // The masks are rasterised at the set's scale: a piece far longer than the set's side (the
  // square root of its area) would need a mask far larger than any figure.
  const double side = std::sqrt(file.set.total_area());
  for (std::size_t k = 0; k < file.set.shape_count(); ++k) {
    const ShapeId id = static_cast<ShapeId>(k);
    double reach = 0.0;
    for (const Vec2& p : file.set.local_polygon(id, 1.0))
      reach = std::max(reach, std::hypot(p.x, p.y));
    if (!(reach <= kMaxPieceReach * side))
      json_fail(prefix, "piece " + std::to_string(k + 1) + " (" + file.set.shape_name(id) +
                            "): it reaches more than " +
                            std::to_string(static_cast<int>(kMaxPieceReach)) +
                            " times the set's side (the square root of its area) from its centre");
  }
  return file;
}

std::vector<std::string> builtin_piece_set_names() {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < detail::kBuiltinSetCount; ++i)
    names.push_back(detail::kBuiltinSets[i].name);
  std::sort(names.begin(), names.end(), [](const std::string& a, const std::string& b) {
    return (a == "tangram") != (b == "tangram") ? a == "tangram" : a < b;
  });
  return names;
}

PieceSetFile builtin_piece_set(std::string_view name) {
  for (std::size_t i = 0; i < detail::kBuiltinSetCount; ++i)
    if (name == detail::kBuiltinSets[i].name)
      return piece_set_from_json(detail::kBuiltinSets[i].text,
                                 "(built-in " + std::string(name) + ")");
  std::string names;
  for (const std::string& n : builtin_piece_set_names()) names += (names.empty() ? "" : ", ") + n;
  throw InputError("no built-in piece set named '" + std::string(name) +
                   "' (the built-in sets: " + names + "; or give a piece-set file)");
}

PieceSetFile load_piece_set(const std::string& name_or_path, const ReadLimits& limits) {
  for (std::size_t i = 0; i < detail::kBuiltinSetCount; ++i)
    if (name_or_path == detail::kBuiltinSets[i].name) return builtin_piece_set(name_or_path);
  if (name_or_path.find('/') == std::string::npos && name_or_path.find('.') == std::string::npos)
    return builtin_piece_set(name_or_path);  // a name, not a file: says which names exist
  return piece_set_from_json(
      read_input_file(name_or_path, "piece set", limits.max_document_bytes, Limit::DocumentBytes),
      name_or_path);
}

}  // namespace tangram

namespace tangram {

std::string piece_set_to_json(const PieceSet& set) {
  using detail::json_string;
  // 17 significant digits: every double reads back as itself.
  const auto exact = [](double v) { return detail::general(v, 17); };
  std::string out =
      "{\"format\": " + json_string(kPieceSetFormat) + ", \"name\": " + json_string(set.name()) +
      ", \"rotations\": {\"step_deg\": " + exact(set.grid_step_deg()) + "}, \"pieces\": [";
  for (std::size_t s = 0; s < set.shape_count(); ++s) {
    const PieceShape& shape = set.shape(static_cast<ShapeId>(s));
    out += std::string(s == 0 ? "" : ", ") + "{\"name\": " + json_string(shape.name) +
           ", \"count\": " + std::to_string(shape.count) + ", \"outline\": [";
    std::string items;
    const auto item = [&](Vec2 v, bool through) {
      items += std::string(items.empty() ? "" : ", ") + (through ? "{\"through\": [" : "[") +
               exact(v.x) + ", " + exact(v.y) + (through ? "]}" : "]");
    };
    // Each vertex that is not inside an arc, each arc's "through" point after its start; an
    // arc from the last vertex whose points begin the outline goes first, as it was read.
    const std::size_t n = shape.outline.size();
    const std::vector<bool> inside = inside_arcs(shape);
    const PieceArc* leading = nullptr;
    for (const PieceArc& arc : shape.arcs)
      if (arc.start == n - 1 && arc.chords > 1) leading = &arc;
    if (leading) item(leading->through, true);
    for (std::size_t k = 0; k < n; ++k) {
      if (inside[k]) continue;
      item(shape.outline[k], false);
      for (const PieceArc& arc : shape.arcs)
        if (arc.start == k && &arc != leading) item(arc.through, true);
    }
    out += items + "]}";
  }
  return out + "]}";
}

}  // namespace tangram
