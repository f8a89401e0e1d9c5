#include "tangram/io/documents.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <type_traits>
#include <vector>

#include "tangram/core/base/error.hpp"
#include "tangram/core/enumerate/all_solutions.hpp"
#include "tangram/core/puzzle/piece_set.hpp"
#include "tangram/io/detail/json.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/piece_sets.hpp"

namespace tangram {

namespace {

using detail::Json;
using detail::JsonType;

using detail::json_fail;

constexpr std::string_view kSolutionFormat = "tangram-solution/1";

/// Coordinates beyond this magnitude are refused, as by the referee: no pattern is that large.
constexpr double kMaxSolutionCoordinate = 1e7;

/// Angles beyond this magnitude (degrees) are refused: in radians they lose every digit below a
/// turn, and 1e308 degrees overflow to infinity.
constexpr double kMaxAngleDeg = 1e6;

/// An angle member (degrees) of `item`, or nullopt when absent and optional.
std::optional<double> parse_angle(const Json& item, std::string_view key, bool required,
                                  const std::string& prefix, const std::string& where);

/// A piece's polygon may have at most this many vertices per corner of the piece.
constexpr std::size_t kMaxVerticesPerCorner = 4;

using detail::json_member;

/// The text of a string value.
const std::string& text_of(const Json& value) { return value.get_ref<const std::string&>(); }

/// A number value as a double.
double number_of(const Json& value) { return value.get<double>(); }

/// The shape of `set` named by the "name" member of `item`.
ShapeId parse_shape(const Json& item, const PieceSet& set, const std::string& prefix,
                    const std::string& where) {
  const std::string& name =
      text_of(*json_member(item, "name", JsonType::String, true, prefix, where));
  const auto shape = set.find(name);
  if (!shape)
    json_fail(prefix, where + "unknown piece name " + detail::json_string(name) + " (expected " +
                          set.shape_names() + ")");
  return *shape;
}

/// A point [x, y]; `what` names it in messages ("polygon vertex 2", "centre").
Vec2 parse_point(const Json& point, const std::string& prefix, const std::string& what) {
  return detail::json_point(point, kMaxSolutionCoordinate, prefix, what);
}

/// The optional "reflected" and "angle_deg" members of `item` into `pose`.
void parse_orientation(const Json& item, Pose& pose, const std::string& prefix,
                       const std::string& where) {
  if (const auto* reflected =
          json_member(item, "reflected", JsonType::Boolean, false, prefix, where))
    pose.reflected = reflected->get<bool>();
  if (const auto angle = parse_angle(item, "angle_deg", false, prefix, where))
    pose.angle_deg = *angle;
}

std::optional<double> parse_angle(const Json& item, std::string_view key, bool required,
                                  const std::string& prefix, const std::string& where) {
  const auto* value = json_member(item, key, JsonType::Number, required, prefix, where);
  if (value == nullptr) return std::nullopt;
  const double angle = number_of(*value);
  if (!(std::abs(angle) <= kMaxAngleDeg))
    json_fail(prefix, where + "\"" + std::string(key) + "\" is out of range (at most " +
                          std::to_string(static_cast<long>(kMaxAngleDeg)) + " degrees either way)");
  return angle;
}

PlacedPiece parse_piece(const Json& item, std::size_t index, const PieceSet& set,
                        const std::string& prefix) {
  const std::string where = "piece " + std::to_string(index + 1) + ": ";
  if (!item.is_object()) json_fail(prefix, where + "not an object");
  PlacedPiece piece;
  piece.shape = parse_shape(item, set, prefix, where);
  const Json& points = *json_member(item, "polygon", JsonType::Array, true, prefix, where);
  if (points.size() < 3) json_fail(prefix, where + "polygon has fewer than 3 vertices");
  // A true-size piece has as many vertices as corners; a few more (split edges) are judged
  // by the checker, far more only cost time.
  const std::size_t corners = set.shape(piece.shape).outline.size();
  if (points.size() > kMaxVerticesPerCorner * corners)
    json_fail(prefix, where + "polygon has " + std::to_string(points.size()) +
                          " vertices, more than " + std::to_string(kMaxVerticesPerCorner) +
                          " times the " + std::to_string(corners) + " corners of a " +
                          set.shape_name(piece.shape));
  for (std::size_t i = 0; i < points.size(); ++i)
    piece.polygon.push_back(
        parse_point(points[i], prefix, where + "polygon vertex " + std::to_string(i + 1)));
  parse_orientation(item, piece.pose, prefix, where);
  piece.pose.centre = centroid(piece.polygon);
  return piece;
}

/// The stage the outcome flags of files written before "found_by" name: "on_grid", "on_lattice",
/// "by_vertices" and "off_rotations" (with "by_vertices"); empty when none is true.
std::string found_by_of_flags(const Json& block, const std::string& prefix,
                              const std::string& where) {
  const auto flag = [&](std::string_view key) {
    const auto* v = json_member(block, key, JsonType::Boolean, false, prefix, where);
    return v != nullptr && v->get<bool>();
  };
  if (flag("on_grid")) return "grid";
  if (flag("on_lattice")) return "lattice";
  if (flag("off_rotations")) return "vertex-off-rotations";
  if (flag("by_vertices")) return "vertex";
  return "";
}

SolveStats parse_stats(const Json& block, const std::string& prefix) {
  const std::string where = "stats: ";
  SolveStats stats;
  const auto number = [&](std::string_view key, auto& field) {
    using Field = std::remove_reference_t<decltype(field)>;
    const auto* v = json_member(block, key, JsonType::Number, false, prefix, where);
    if (v == nullptr) return;
    const double value = number_of(*v);
    if constexpr (std::is_integral_v<Field>)
      if (std::abs(value) >= static_cast<double>(std::numeric_limits<Field>::max()))
        json_fail(prefix, where + "\"" + std::string(key) + "\" is out of range");
    field = static_cast<Field>(value);
  };
  number("seconds", stats.seconds);
  number("refine_seconds", stats.refine_seconds);
  number("work_seconds", stats.work_seconds);
  number("placements_tried", stats.placements_tried);
  number("backtracks", stats.backtracks);
  number("validations_failed", stats.validations_failed);
  number("repeats_skipped", stats.repeats_skipped);
  number("coverage", stats.coverage);
  number("overlap", stats.overlap);
  number("spill", stats.spill);
  number("rough_band", stats.rough_band);
  number("threads", stats.threads);
  if (const auto* v = json_member(block, "timed_out", JsonType::Boolean, false, prefix, where))
    stats.timed_out = v->get<bool>();
  if (const auto* v = json_member(block, "found_by", JsonType::String, false, prefix, where))
    stats.found_by = text_of(*v);
  else
    stats.found_by = found_by_of_flags(block, prefix, where);
  number("rotation_step_deg", stats.rotation_step_deg);
  number("rotation_offset_deg", stats.rotation_offset_deg);
  number("rotation_stages", stats.rotation_stages);
  return stats;
}

/// Largest work size (px) a "reading" may record: more than any picture's side.
constexpr double kMaxWorkSizePx = 1e9;

/// The "reading" object: how the pattern was read (InputConfig's recorded fields).
InputConfig parse_reading(const Json& block, const std::string& prefix) {
  const std::string where = "reading: ";
  InputConfig reading;
  if (const auto* v = json_member(block, "threshold", JsonType::Number, false, prefix, where)) {
    reading.threshold = number_of(*v);
    if (!(reading.threshold >= 1.0 && reading.threshold <= 255.0))
      json_fail(prefix, where + "\"threshold\" must be in [1, 255]");
  }
  if (const auto* v = json_member(block, "invert", JsonType::String, false, prefix, where)) {
    const auto mode = invert_mode_from_name(text_of(*v));
    if (!mode)
      json_fail(prefix, where + "\"invert\" must be \"auto\", \"yes\" or \"no\", not " +
                            detail::json_string(text_of(*v)));
    reading.invert = *mode;
  }
  if (const auto* v = json_member(block, "clean", JsonType::Boolean, false, prefix, where))
    reading.clean = v->get<bool>();
  if (const auto* v = json_member(block, "fill_outline", JsonType::Boolean, false, prefix, where))
    reading.fill_outline = v->get<bool>();
  const auto found = block.find("work_size");
  if (found != block.end()) {
    const Json& v = *found;
    const bool whole = v.is_number() && number_of(v) >= 0.0 && number_of(v) <= kMaxWorkSizePx &&
                       number_of(v) == std::floor(number_of(v));
    if (v.is_string() && text_of(v) == "auto")
      reading.work_size_px = kWorkSizeAuto;
    else if (whole)
      reading.work_size_px = static_cast<int>(number_of(v));
    else
      json_fail(prefix, where + "\"work_size\" must be \"auto\" or a whole number of pixels");
  }
  return reading;
}

/// The "reading" object of solution_to_json; the threshold in the fewest digits that read back
/// to the same double (std::to_chars' shortest form: 128, 127.3).
std::string reading_to_json(const InputConfig& reading) {
  using detail::json_string;
  char threshold[32];
  const auto written = std::to_chars(threshold, threshold + sizeof threshold, reading.threshold);
  return "{\"threshold\": " + std::string(threshold, written.ptr) +
         ", \"invert\": " + json_string(invert_mode_name(reading.invert)) +
         ", \"clean\": " + (reading.clean ? "true" : "false") +
         ", \"fill_outline\": " + (reading.fill_outline ? "true" : "false") + ", \"work_size\": " +
         (reading.work_size_px == kWorkSizeAuto ? std::string("\"auto\"")
                                                : std::to_string(reading.work_size_px)) +
         "}";
}

/// A placed piece as an item of "pieces": its name, orientation and polygon (px).
std::string piece_to_json(const PlacedPiece& piece, const PieceSet& set) {
  using detail::json_number;
  std::string out = "{\"name\": " + detail::json_string(set.shape_name(piece.shape)) +
                    ", \"reflected\": " + (piece.pose.reflected ? "true" : "false") +
                    ", \"angle_deg\": " + json_number(piece.pose.angle_deg) + ", \"polygon\": [";
  for (std::size_t k = 0; k < piece.polygon.size(); ++k)
    out += (k == 0 ? "[" : ", [") + json_number(piece.polygon[k].x) + ", " +
           json_number(piece.polygon[k].y) + "]";
  return out + "]}";
}

/// The "pieces" array of `document` (at most `most` of them) read with `set`; none when absent.
std::vector<PlacedPiece> parse_pieces(const Json& document, const PieceSet& set, std::size_t most,
                                      const std::string& prefix) {
  std::vector<PlacedPiece> out;
  const auto* pieces = json_member(document, "pieces", JsonType::Array, false, prefix, "");
  if (pieces == nullptr) return out;
  if (pieces->size() > most)
    json_fail(prefix, std::to_string(pieces->size()) + " pieces, more than the " +
                          std::to_string(most) + " of the set");
  for (std::size_t i = 0; i < pieces->size(); ++i)
    out.push_back(parse_piece((*pieces)[i], i, set, prefix));
  return out;
}

/// The set a document's pieces are read with: `given` when there is one (the document must not
/// name another); else the built-in set the document names (`named`, its "piece_set"); else the
/// set the document embeds (its "set": a set that is not built in); else the Tangram. A set
/// embedded under a built-in name is not used: the built-in geometry is the authority.
PieceSet document_set(const Json& document, const std::string& named, const PieceSet* given,
                      const std::string& prefix) {
  if (given != nullptr) {
    if (!named.empty() && named != given->name())
      json_fail(prefix, "its pieces are of the set " + detail::json_string(named) + ", not of " +
                            detail::json_string(given->name()));
    return *given;
  }
  if (named.empty() || named == PieceSet::tangram().name()) return PieceSet::tangram();
  const std::vector<std::string> builtins = builtin_piece_set_names();
  if (std::find(builtins.begin(), builtins.end(), named) != builtins.end())
    return builtin_piece_set(named).set;
  const Json* embedded = json_member(document, "set", JsonType::Object, false, prefix, "");
  if (embedded == nullptr)
    json_fail(prefix, "its pieces are of the set " + detail::json_string(named) +
                          ", which is not built in nor given in the document (\"set\"): its "
                          "piece-set file is needed to read it");
  PieceSet set = PieceSet::tangram();
  try {
    set = piece_set_from_json(embedded->dump()).set;
  } catch (const InputError& e) {
    json_fail(prefix, "\"set\": " + e.tagged());
  }
  if (set.name() != named)
    json_fail(prefix, "\"set\" is named " + detail::json_string(set.name()) + ", \"piece_set\" " +
                          detail::json_string(named));
  return set;
}

/// A parsed tangram-solution/1 document, `prefix` starting its messages; `given` as for
/// parse_solution().
SolutionDocument parse_solution_json(const Json& document, const std::string& prefix,
                                     const PieceSet* given) {
  SolutionDocument parsed;
  if (const auto* name = json_member(document, "piece_set", JsonType::String, false, prefix, ""))
    parsed.piece_set = text_of(*name);
  parsed.pieces = document_set(document, parsed.piece_set, given, prefix);
  const PieceSet& set = parsed.pieces;
  Solution& solution = parsed.solution;
  solution.solved =
      json_member(document, "solved", JsonType::Boolean, true, prefix, "")->get<bool>();
  solution.pieces = parse_pieces(document, set, set.piece_count(), prefix);
  if (const auto* stats = json_member(document, "stats", JsonType::Object, false, prefix, ""))
    solution.stats = parse_stats(*stats, prefix);
  if (const auto* reading = json_member(document, "reading", JsonType::Object, false, prefix, ""))
    parsed.reading = parse_reading(*reading, prefix);
  return parsed;
}

/// Parses a document; `source` (a path, or empty) appears in error messages. `given`: the set
/// to read the pieces with, or nullptr for the one the document names.
SolutionDocument parse_solution(const std::string& text, const std::string& source,
                                const PieceSet* given) {
  const std::string prefix =
      "invalid solution document" + (source.empty() ? std::string() : " " + source) + ": ";
  return parse_solution_json(detail::json_document(text, kSolutionFormat, prefix), prefix, given);
}

/// Most pieces an assembly line of `--use copies` may hold (a figure of 10^5 unit cells).
constexpr std::size_t kMaxCopiesPieces = 100000;

/// A JSON text as one line: its only line breaks are layout (strings escape theirs).
std::string one_line(std::string text) {
  text.erase(std::remove(text.begin(), text.end(), '\n'), text.end());
  return text + "\n";
}

/// A whole number member of `object` within [0, `most`]; `fallback` when absent and optional.
long whole_member(const Json& object, std::string_view key, bool required, long fallback,
                  double most, const std::string& prefix, const std::string& where) {
  const auto* v = json_member(object, key, JsonType::Number, required, prefix, where);
  if (v == nullptr) return fallback;
  const double value = number_of(*v);
  if (!(value >= 0.0 && value <= most && value == std::floor(value)))
    json_fail(prefix, where + "\"" + std::string(key) + "\" must be a whole number in [0, " +
                          detail::json_number(most, 0) + "]");
  return static_cast<long>(value);
}

/// The "use" member of `object` (default exact).
PieceUse parse_use(const Json& object, const std::string& prefix, const std::string& where) {
  const auto* v = json_member(object, "use", JsonType::String, false, prefix, where);
  if (v == nullptr) return PieceUse::Exact;
  const auto use = piece_use_from_name(text_of(*v));
  if (!use)
    json_fail(prefix, where + "\"use\" must be \"exact\", \"subset\" or \"copies\", not " +
                          detail::json_string(text_of(*v)));
  return *use;
}

/// The "summary" record's object.
SolutionsSummary parse_summary(const Json& block, const std::string& prefix) {
  const std::string where = "summary: ";
  SolutionsSummary s;
  s.complete = json_member(block, "complete", JsonType::Boolean, true, prefix, where)->get<bool>();
  s.reason = text_of(*json_member(block, "reason", JsonType::String, true, prefix, where));
  if (const auto* v = json_member(block, "answer", JsonType::String, false, prefix, where))
    s.answer = text_of(*v);
  constexpr double kMost = 9e15;  // exact in a double
  s.count = whole_member(block, "count", true, 0, kMost, prefix, where);
  s.placements = whole_member(block, "placements", false, 0, kMost, prefix, where);
  s.threads = static_cast<int>(whole_member(block, "threads", false, 0, 1e6, prefix, where));
  s.symmetries = whole_member(block, "symmetries", false, 1, 1e6, prefix, where);
  if (const auto* v = json_member(block, "seconds", JsonType::Number, false, prefix, where))
    s.seconds = number_of(*v);
  if (const auto* v = json_member(block, "method", JsonType::String, false, prefix, where))
    s.method = text_of(*v);
  if (const auto* v = json_member(block, "lattice_step", JsonType::Number, false, prefix, where))
    s.lattice_step = number_of(*v);
  if (const auto* v =
          json_member(block, "lattice_turn_deg", JsonType::Number, false, prefix, where))
    s.lattice_turn_deg = number_of(*v);
  const auto* settings = json_member(block, "settings", JsonType::Object, false, prefix, where);
  if (settings == nullptr) return s;
  const std::string in = "summary: settings: ";
  SolutionsSettings& o = s.settings;
  if (const auto* v = json_member(*settings, "pieces", JsonType::String, false, prefix, in))
    o.pieces = text_of(*v);
  o.use = parse_use(*settings, prefix, in);
  if (const auto* v = json_member(*settings, "figure_area", JsonType::Number, false, prefix, in))
    o.figure_area = number_of(*v);
  if (const auto* v =
          json_member(*settings, "up_to_symmetry", JsonType::Boolean, false, prefix, in))
    o.up_to_symmetry = v->get<bool>();
  if (const auto* v = json_member(*settings, "reflection", JsonType::Boolean, false, prefix, in))
    o.reflection = v->get<bool>();
  o.max_solutions = whole_member(*settings, "max_solutions", false, 0, kMost, prefix, in);
  const auto limit = settings->find("time_limit_s");
  if (limit != settings->end() && !limit->is_null()) {
    if (!limit->is_number()) json_fail(prefix, in + "\"time_limit_s\" must be a number or null");
    o.time_limit_s = number_of(*limit);
  }
  return s;
}

/// Parses JSON lines of assemblies (tangram-solutions/1 or the older form); `source` (a path,
/// or empty) appears in error messages, `given` as for parse_solution().
SolutionLines parse_solution_lines(const std::string& text, const std::string& source,
                                   const PieceSet* given) {
  const std::string what = "invalid solution lines" + (source.empty() ? "" : " " + source);
  SolutionLines parsed;
  bool first = true;
  bool ended = false;  // the summary was read
  std::size_t number = 0;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line(text.data() + at, end - at);
    at = end + 1;
    ++number;
    if (line.empty()) continue;
    const std::string prefix = what + ": line " + std::to_string(number) + ": ";
    Json record;
    try {
      record = detail::parse_json(line);
    } catch (const InputError& e) {
      throw InputError(prefix + e.tagged());
    }
    if (!record.is_object()) json_fail(prefix, "not an object");
    if (ended) json_fail(prefix, "a record after the summary");
    const auto format = record.find("format");
    const std::string tag =
        format != record.end() && format->is_string() ? format->get<std::string>() : "";
    if (first) {
      first = false;
      parsed.older_form = tag == kSolutionFormat;
      if (!parsed.older_form) {
        if (tag != kSolutionsFormat)
          json_fail(prefix, "the first record is not a header of \"" +
                                std::string(kSolutionsFormat) + "\" nor a \"" +
                                std::string(kSolutionFormat) + "\" document");
        SolutionsHeader& h = parsed.header;
        const std::string named =
            text_of(*json_member(record, "piece_set", JsonType::String, true, prefix, ""));
        h.set = document_set(record, named, given, prefix);
        if (const auto* v = json_member(record, "pattern", JsonType::String, false, prefix, ""))
          h.pattern = text_of(*v);
        if (const auto* v = json_member(record, "reading", JsonType::Object, false, prefix, ""))
          h.reading = parse_reading(*v, prefix);
        h.use = parse_use(record, prefix, "");
        continue;
      }
    }
    if (parsed.older_form) {
      if (tag != kSolutionFormat)
        json_fail(prefix, "not a \"" + std::string(kSolutionFormat) + "\" document as line 1 is");
      SolutionDocument document = parse_solution_json(record, prefix, given);
      if (parsed.assemblies.empty()) {
        if (const auto* v = json_member(record, "pattern", JsonType::String, false, prefix, ""))
          parsed.header.pattern = text_of(*v);
        parsed.header.set = document.pieces;
        parsed.header.reading = document.reading;
      }
      parsed.assemblies.push_back(std::move(document));
      continue;
    }
    if (const auto* summary = json_member(record, "summary", JsonType::Object, false, prefix, "")) {
      parsed.summary = parse_summary(*summary, prefix);
      ended = true;
      continue;
    }
    if (record.find("pieces") == record.end())
      json_fail(prefix, "neither an assembly (\"pieces\") nor the summary (\"summary\")");
    const SolutionsHeader& h = parsed.header;
    const long index = whole_member(record, "index", true, 0, 9e15, prefix, "");
    if (index != static_cast<long>(parsed.assemblies.size()))
      json_fail(prefix, "\"index\" " + std::to_string(index) + " where " +
                            std::to_string(parsed.assemblies.size()) + " comes next");
    std::vector<PlacedPiece> pieces = parse_pieces(
        record, h.set, h.use == PieceUse::Copies ? kMaxCopiesPieces : h.set.piece_count(), prefix);
    if (pieces.empty()) json_fail(prefix, "an assembly of no pieces");
    SolutionDocument document;
    document.solution.solved = true;
    document.reading = h.reading;
    if (h.use == PieceUse::Exact) {
      document.solution.pieces = std::move(pieces);
      document.pieces = h.set;
    } else {
      // As `solve --all` documented it before: the pieces it used as their own set.
      UsedPieces used = used_pieces(h.set, pieces, h.use);
      document.solution.pieces = std::move(used.pieces);
      document.pieces = std::move(used.set);
    }
    document.piece_set = document.pieces.name();
    parsed.assemblies.push_back(std::move(document));
  }
  if (first) json_fail(what + ": ", "no records");
  return parsed;
}

constexpr std::string_view kArrangementTag = "tangram-arrangement/1";

/// Parses an arrangement document; `source` (a path, or empty) appears in error messages.
/// `given`: the set to read the pieces with, or nullptr for the one the document names.
ArrangementDocument parse_arrangement(const std::string& text, const std::string& source,
                                      const PieceSet* given) {
  const std::string prefix =
      "invalid arrangement" + (source.empty() ? std::string() : " " + source) + ": ";
  const Json document = detail::json_document(text, kArrangementTag, prefix);
  ArrangementDocument parsed;
  if (const auto* name = json_member(document, "piece_set", JsonType::String, false, prefix, ""))
    parsed.piece_set = text_of(*name);
  parsed.pieces = document_set(document, parsed.piece_set, given, prefix);
  Arrangement& arrangement = parsed.arrangement;
  if (const auto* name = json_member(document, "name", JsonType::String, false, prefix, ""))
    arrangement.name = text_of(*name);
  if (const auto* from = json_member(document, "source", JsonType::String, false, prefix, ""))
    arrangement.source = text_of(*from);
  const Json& pieces = *json_member(document, "pieces", JsonType::Array, true, prefix, "");
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const Json& item = pieces[i];
    const std::string where = "piece " + std::to_string(i) + ": ";
    if (!item.is_object()) json_fail(prefix, where + "not an object");
    ArrangedPiece piece;
    piece.shape = parse_shape(item, parsed.pieces, prefix, where);
    piece.pose.centre =
        parse_point(*json_member(item, "centre", JsonType::Array, true, prefix, where), prefix,
                    where + "centre");
    parse_orientation(item, piece.pose, prefix, where);
    arrangement.pieces.push_back(piece);
  }
  if (const auto* turns = json_member(document, "turns", JsonType::Array, false, prefix, ""))
    for (std::size_t t = 0; t < turns->size(); ++t) {
      const Json& item = (*turns)[t];
      const std::string where = "turn " + std::to_string(t + 1) + ": ";
      if (!item.is_object()) json_fail(prefix, where + "not an object");
      Turn turn;
      for (const Json& index : *json_member(item, "pieces", JsonType::Array, true, prefix, where)) {
        if (!index.is_number() || number_of(index) != std::floor(number_of(index)) ||
            std::abs(number_of(index)) > 1e6)
          json_fail(prefix, where + "\"pieces\" must hold piece indices (whole numbers)");
        turn.pieces.push_back(static_cast<int>(number_of(index)));
      }
      turn.pivot = parse_point(*json_member(item, "pivot", JsonType::Array, true, prefix, where),
                               prefix, where + "pivot");
      turn.angle_deg = *parse_angle(item, "angle_deg", true, prefix, where);
      arrangement.turns.push_back(turn);
    }
  if (const auto rotate = parse_angle(document, "rotate_deg", false, prefix, ""))
    arrangement.rotate_deg = *rotate;
  return parsed;
}

}  // namespace

std::string solution_to_json(const Solution& solution, const PieceSet& set,
                             const std::string& pattern_path, bool with_stats,
                             const std::optional<InputConfig>& reading) {
  using detail::json_number;
  using detail::json_string;
  std::string out = "{\"format\": " + json_string(kSolutionFormat) +
                    ", \"piece_set\": " + json_string(set.name()) +
                    ", \"set\": " + piece_set_to_json(set) +
                    ", \"pattern\": " + json_string(pattern_path) +
                    ", \"solved\": " + (solution.solved ? "true" : "false");
  if (solution.solved && solution.stats.rough_band > 0.0)
    out += ", \"approximate\": " +
           json_string(approximate_words(rough_verify_config(solution.stats.rough_band)));
  if (reading) out += ", \"reading\": " + reading_to_json(*reading);
  out += ", \"pieces\": [";
  for (std::size_t i = 0; i < solution.pieces.size(); ++i)
    out += (i == 0 ? "\n  " : ",\n  ") + piece_to_json(solution.pieces[i], set);
  if (!solution.pieces.empty()) out += "\n";
  if (!with_stats) return out + "]}\n";
  const SolveStats& s = solution.stats;
  out += "], \"stats\": {\"seconds\": " + json_number(s.seconds) +
         ", \"placements_tried\": " + std::to_string(s.placements_tried) +
         ", \"backtracks\": " + std::to_string(s.backtracks) +
         ", \"validations_failed\": " + std::to_string(s.validations_failed) +
         ", \"repeats_skipped\": " + std::to_string(s.repeats_skipped) +
         ", \"coverage\": " + json_number(s.coverage) + ", \"overlap\": " + json_number(s.overlap) +
         ", \"spill\": " + json_number(s.spill) + ", \"threads\": " + std::to_string(s.threads) +
         ", \"timed_out\": " + (s.timed_out ? "true" : "false");
  if (s.rough_band > 0.0) out += ", \"rough_band\": " + json_number(s.rough_band);
  if (!s.found_by.empty()) out += ", \"found_by\": " + json_string(s.found_by);
  if (s.refine_seconds > 0.0) out += ", \"refine_seconds\": " + json_number(s.refine_seconds);
  if (s.work_seconds > 0.0) out += ", \"work_seconds\": " + json_number(s.work_seconds);
  if (s.rotation_step_deg > 0.0)
    out += ", \"rotation_step_deg\": " + json_number(s.rotation_step_deg) +
           ", \"rotation_offset_deg\": " + json_number(s.rotation_offset_deg) +
           ", \"rotation_stages\": " + std::to_string(s.rotation_stages);
  out += "}}\n";
  return out;
}

std::string solution_to_json_line(const Solution& solution, const PieceSet& set,
                                  const std::string& pattern_path, bool with_stats,
                                  const std::optional<InputConfig>& reading) {
  return one_line(solution_to_json(solution, set, pattern_path, with_stats, reading));
}

std::string solutions_header_line(const SolutionsHeader& header) {
  using detail::json_string;
  std::string out = "{\"format\": " + json_string(kSolutionsFormat) +
                    ", \"pattern\": " + json_string(header.pattern) +
                    ", \"piece_set\": " + json_string(header.set.name()) +
                    ", \"use\": " + json_string(piece_use_name(header.use));
  if (header.reading) out += ", \"reading\": " + reading_to_json(*header.reading);
  return one_line(out + ", \"set\": " + piece_set_to_json(header.set) + "}");
}

std::string solutions_assembly_line(long index, const std::vector<PlacedPiece>& pieces,
                                    const PieceSet& set) {
  std::string out = "{\"index\": " + std::to_string(index) + ", \"pieces\": [";
  for (std::size_t i = 0; i < pieces.size(); ++i)
    out += (i == 0 ? "" : ", ") + piece_to_json(pieces[i], set);
  return one_line(out + "]}");
}

std::string solutions_summary_line(const SolutionsSummary& summary) {
  using detail::json_number;
  using detail::json_string;
  const SolutionsSettings& o = summary.settings;
  std::string out =
      "{\"summary\": {\"complete\": " + std::string(summary.complete ? "true" : "false") +
      ", \"reason\": " + json_string(summary.reason) +
      (summary.answer.empty() ? std::string() : ", \"answer\": " + json_string(summary.answer)) +
      ", \"count\": " + std::to_string(summary.count) +
      ", \"placements\": " + std::to_string(summary.placements) +
      ", \"seconds\": " + json_number(summary.seconds, 3) +
      ", \"threads\": " + std::to_string(summary.threads) +
      ", \"method\": " + json_string(summary.method);
  if (summary.method == "lattice")
    out += ", \"lattice_step\": " + json_number(summary.lattice_step) +
           ", \"lattice_turn_deg\": " + json_number(summary.lattice_turn_deg);
  out += ", \"symmetries\": " + std::to_string(summary.symmetries) +
         ", \"settings\": {\"pieces\": " + json_string(o.pieces) +
         ", \"use\": " + json_string(piece_use_name(o.use));
  if (o.use != PieceUse::Exact) out += ", \"figure_area\": " + json_number(o.figure_area);
  out += std::string(", \"up_to_symmetry\": ") + (o.up_to_symmetry ? "true" : "false") +
         ", \"reflection\": " + (o.reflection ? "true" : "false") +
         ", \"max_solutions\": " + std::to_string(o.max_solutions) + ", \"time_limit_s\": " +
         (o.time_limit_s ? json_number(*o.time_limit_s, 3) : std::string("null")) + "}}}";
  return one_line(out);
}

bool is_solution_lines(std::string_view text) {
  const std::size_t end = text.find('\n');
  if (end == std::string_view::npos) return false;
  Json first;
  try {
    first = detail::parse_json(text.substr(0, end));
  } catch (const InputError&) {
    return false;  // not a line by itself: a document laid out on several lines, or no JSON
  }
  const auto format = first.is_object() ? first.find("format") : first.end();
  if (!first.is_object() || format == first.end() || !format->is_string()) return false;
  const std::string& tag = format->get_ref<const std::string&>();
  if (tag == kSolutionsFormat) return true;
  // One tangram-solution/1 line alone is a document; more lines make JSON lines.
  return tag == kSolutionFormat && text.find_first_not_of(" \t\r\n", end) != std::string_view::npos;
}

SolutionLines solution_lines_from_text(const std::string& text, const PieceSet* pieces,
                                       const std::string& source) {
  return parse_solution_lines(text, source, pieces);
}

SolutionLines read_solution_lines(const std::string& path, const ReadLimits& limits,
                                  const PieceSet* pieces) {
  return parse_solution_lines(
      read_input_file(path, "solution", limits.max_document_bytes, Limit::DocumentBytes), path,
      pieces);
}

Solution solution_from_json(const std::string& text) {
  return parse_solution(text, "", nullptr).solution;
}

SolutionDocument solution_document_from_json(const std::string& text, const PieceSet* pieces,
                                             const std::string& source) {
  return parse_solution(text, source, pieces);
}

Arrangement arrangement_from_json(const std::string& text) {
  return parse_arrangement(text, "", nullptr).arrangement;
}

Arrangement read_arrangement_json(const std::string& path, const ReadLimits& limits) {
  return read_arrangement_document(path, limits, nullptr).arrangement;
}

ArrangementDocument arrangement_document_from_json(const std::string& text,
                                                   const PieceSet* pieces) {
  return parse_arrangement(text, "", pieces);
}

ArrangementDocument read_arrangement_document(const std::string& path, const ReadLimits& limits,
                                              const PieceSet* pieces) {
  return parse_arrangement(
      read_input_file(path, "arrangement", limits.max_document_bytes, Limit::DocumentBytes), path,
      pieces);
}

SolutionDocument read_solution_document(const std::string& path, const ReadLimits& limits,
                                        const PieceSet* pieces) {
  return parse_solution(
      read_input_file(path, "solution", limits.max_document_bytes, Limit::DocumentBytes), path,
      pieces);
}

Solution read_solution_json(const std::string& path, const ReadLimits& limits) {
  return read_solution_document(path, limits).solution;
}

}  // namespace tangram
