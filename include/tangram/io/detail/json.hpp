#pragma once
/// \file detail/json.hpp
/// Strict JSON reading (RFC 8259) and writing helpers. Internal (nlohmann-json stays private).

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "tangram/core/geometry/geometry.hpp"

namespace tangram::detail {

/// A parsed JSON document; readers take every number as a double.
using Json = nlohmann::json;

/// The kinds of JSON values, numbers as one.
enum class JsonType { Null, Boolean, Number, String, Array, Object };

/// The kind of `value`.
JsonType json_type(const Json& value);

/// Human name of a value type ("a number", "an object", ...), for error messages.
std::string_view json_type_name(JsonType type);

/// Parses one JSON document strictly (docs/design/io.md). Throws InputError "malformed JSON at
/// line L, column C: <what>".
Json parse_json(std::string_view text);

/// `text` as a JSON string literal (other bytes than ", \ and controls copied as they are).
std::string json_string(std::string_view text);

/// `value` with `decimals` fixed digits; -0 as 0, non-finite as null.
std::string json_number(double value, int decimals = 6);

/// Throws the InputError `prefix` + `what` (a document that cannot be used).
[[noreturn]] void json_fail(const std::string& prefix, const std::string& what);

/// A point [x, y] within `limit` either way. Throws InputError `prefix` + `what` + the problem.
Vec2 json_point(const Json& value, double limit, const std::string& prefix,
                const std::string& what);

/// Member `key` of type `type`; nullptr when absent and not `required`. Throws InputError.
const Json* json_member(const Json& object, std::string_view key, JsonType type, bool required,
                        const std::string& prefix, const std::string& where);

/// The root object of a document whose "format" is `tag`. Throws InputError.
Json json_document(std::string_view text, std::string_view tag, const std::string& prefix);

/// The same checks bound to one message prefix: InputError "<what>: <problem>".
class JsonFields {
public:
  /// `what` starts every message ("invalid run record").
  explicit JsonFields(std::string what) : what_(std::move(what)) {}

  /// Throws the InputError "<what>: <problem>".
  [[noreturn]] void fail(const std::string& problem) const;
  /// `text` parsed as an object whose "format" is `tag`.
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
