#pragma once
/// \file detail/json.hpp
/// A small, strict JSON reader and the formatting helpers of the JSON writers (io.cpp and the
/// command line). Internal: not part of the library's interface.

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tangram::detail {

/// A parsed JSON value (RFC 8259).
struct JsonValue {
  /// The kinds of JSON values.
  enum class Type { Null, Boolean, Number, String, Array, Object };

  Type type = Type::Null;
  bool boolean = false;  ///< when type == Boolean
  double number = 0.0;   ///< when type == Number (always finite)
  std::string string;    ///< when type == String, UTF-8
  std::vector<JsonValue> array;                            ///< when type == Array
  std::vector<std::pair<std::string, JsonValue>> object;   ///< when type == Object, in order

  /// The member `key` of an object; nullptr when absent or when this is not an object.
  const JsonValue* find(std::string_view key) const;
};

/// Human name of a value type ("a number", "an object", ...), for error messages.
std::string_view json_type_name(JsonValue::Type type);

/// Parses one complete JSON document by recursive descent. Strict: no comments, trailing
/// commas, duplicate keys, leading zeros, NaN/Infinity, byte order mark, unescaped control
/// characters or lone surrogates; nesting deeper than 256 levels is refused. Throws InputError
/// "malformed JSON at line L, column C: <what>" (line and column 1-based, column in bytes).
JsonValue parse_json(std::string_view text);

/// `text` as a JSON string literal, quotes included (", \ and control characters escaped).
std::string json_string(std::string_view text);

/// A number in fixed notation with `decimals` digits after the point, locale-independent;
/// values that would print as -0 print as 0, non-finite values print as null.
std::string json_number(double value, int decimals = 6);

}  // namespace tangram::detail
