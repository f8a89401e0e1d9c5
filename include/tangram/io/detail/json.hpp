#pragma once
/// \file detail/json.hpp
/// Reading JSON documents with nlohmann-json, as strictly as RFC 8259 asks, and the formatting
/// helpers of the JSON writers (documents.cpp, experiment.cpp and the command line). Internal:
/// not part of the library's interface (the libraries build against nlohmann-json, their users
/// do not need it).

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "tangram/core/geometry/geometry.hpp"

namespace tangram::detail {

/// A parsed JSON document. Numbers are integers or doubles as nlohmann-json parses them; the
/// readers take every number as a double (get<double>()).
using Json = nlohmann::json;

/// The kinds of JSON values, numbers as one.
enum class JsonType { Null, Boolean, Number, String, Array, Object };

/// The kind of `value`.
JsonType json_type(const Json& value);

/// Human name of a value type ("a number", "an object", ...), for error messages.
std::string_view json_type_name(JsonType type);

/// Parses one complete JSON document with nlohmann-json. Strict: no comments, trailing commas,
/// duplicate keys, leading zeros, NaN/Infinity, numbers beyond a double, byte order mark, NUL
/// bytes, unescaped control characters or lone surrogates; nesting deeper than 256 levels is
/// refused. Bytes that are not UTF-8 are taken as they are inside strings (documents hold file
/// names, which may be any bytes). Every number parses to the double nearest to its text ("-0"
/// to -0.0). Throws InputError "malformed JSON at line L, column C: <what>" (line and column
/// 1-based, column in bytes), <what> in nlohmann-json's words for a syntax error.
Json parse_json(std::string_view text);

/// `text` as a JSON string literal, quotes included (", \ and control characters escaped; other
/// bytes, UTF-8 or not, copied as they are).
std::string json_string(std::string_view text);

/// A number in fixed notation with `decimals` digits after the point, locale-independent;
/// values that would print as -0 print as 0, non-finite values print as null.
std::string json_number(double value, int decimals = 6);

/// Throws the InputError `prefix` + `what` (a document that cannot be used).
[[noreturn]] void json_fail(const std::string& prefix, const std::string& what);

/// A point [x, y] whose coordinates are within `limit` either way; `what` names it in messages
/// ("polygon vertex 2", "centre"). Throws InputError `prefix` + `what` + the problem.
Vec2 json_point(const Json& value, double limit, const std::string& prefix,
                const std::string& what);

/// The member `key` of `object` with the given type; nullptr when absent and not `required`.
/// Throws InputError `prefix` + `where` + what is wrong (missing, or of another type).
const Json* json_member(const Json& object, std::string_view key, JsonType type, bool required,
                        const std::string& prefix, const std::string& where);

/// The root object of a document whose "format" member must be `tag`; throws InputError
/// `prefix` + what is wrong (malformed JSON, not an object, no or another format).
Json json_document(std::string_view text, std::string_view tag, const std::string& prefix);

/// The same checks bound to one message prefix, for documents read member by member: every
/// problem is an InputError "<what>: <problem>", e.g. "invalid run record: missing \"seconds\"",
/// "invalid settings: \"threads\" is string, expected number".
class JsonFields {
public:
  /// `what` starts every message ("invalid run record").
  explicit JsonFields(std::string what) : what_(std::move(what)) {}

  /// Throws the InputError "<what>: <problem>".
  [[noreturn]] void fail(const std::string& problem) const;
  /// `text` parsed (parse_json, its errors worded after `what`) as an object whose string
  /// member "format" is `tag`.
  Json document(std::string_view text, std::string_view tag) const;
  /// Member `key` of `object`, which must be there with type `type`.
  const Json& member(const Json& object, std::string_view key, JsonType type) const;
  std::string text(const Json& object, std::string_view key) const;
  double number(const Json& object, std::string_view key) const;
  bool boolean(const Json& object, std::string_view key) const;
  /// The strings of array member `key`.
  std::vector<std::string> texts(const Json& object, std::string_view key) const;
  /// The objects of array member `key`; `item` names one in messages ("a rotation").
  std::vector<const Json*> objects(const Json& object, std::string_view key,
                                   std::string_view item) const;

private:
  std::string what_;
};

}  // namespace tangram::detail
