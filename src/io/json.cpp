#include "tangram/io/detail/json.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <vector>

#include "tangram/core/base/error.hpp"
#include "tangram/core/base/format.hpp"

namespace tangram::detail {

JsonType json_type(const Json& value) {
  switch (value.type()) {
    case Json::value_t::boolean: return JsonType::Boolean;
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
    case Json::value_t::number_float: return JsonType::Number;
    case Json::value_t::string: return JsonType::String;
    case Json::value_t::array: return JsonType::Array;
    case Json::value_t::object: return JsonType::Object;
    default: return JsonType::Null;  // null; binary and discarded values are never parsed
  }
}

std::string_view json_type_name(JsonType type) {
  switch (type) {
    case JsonType::Null: return "null";
    case JsonType::Boolean: return "a boolean";
    case JsonType::Number: return "a number";
    case JsonType::String: return "a string";
    case JsonType::Array: return "an array";
    case JsonType::Object: return "an object";
  }
  return "?";
}

namespace {

/// Deep enough for any sensible document, shallow enough for everything built on it.
constexpr std::size_t kMaxDepth = 256;

/// At most this many bytes of what nlohmann-json quotes as "last read" (an unterminated string
/// would otherwise be quoted whole).
constexpr std::size_t kMaxQuoted = 60;

/// What the lexer reads in place of a byte that is not part of well-formed UTF-8.
constexpr char kStrayStandIn = '?';

/// Hands the text to nlohmann-json's lexer one byte at a time, a stray byte (not UTF-8) as
/// kStrayStandIn, and records how many bytes the lexer has taken, so that the reader knows
/// where in the text each event happened.
class CountingIterator {
public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = char;

  CountingIterator(const char* at, const char* begin, const std::vector<bool>* stray,
                   std::size_t* taken)
      : at_(at), begin_(begin), stray_(stray), taken_(taken) {}
  char operator*() const {
    return stray_ != nullptr && (*stray_)[static_cast<std::size_t>(at_ - begin_)] ? kStrayStandIn
                                                                                  : *at_;
  }
  CountingIterator& operator++() {
    ++at_;
    *taken_ = static_cast<std::size_t>(at_ - begin_);
    return *this;
  }
  CountingIterator operator++(int) {
    CountingIterator before = *this;
    ++*this;
    return before;
  }
  bool operator==(const CountingIterator& other) const { return at_ == other.at_; }
  bool operator!=(const CountingIterator& other) const { return at_ != other.at_; }

private:
  const char* at_;
  const char* begin_;
  const std::vector<bool>* stray_;  ///< null when there is no stray byte
  std::size_t* taken_;
};

/// The bytes of `text` that are not part of well-formed UTF-8 (the Unicode Standard's table
/// 3-7: no overlong forms, surrogates or code points beyond U+10FFFF); empty when there are none.
std::vector<bool> stray_bytes(std::string_view text) {
  std::vector<bool> stray;
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = [&](std::size_t at) { return static_cast<unsigned char>(text[at]); };
    const unsigned lead = byte(i);
    if (lead < 0x80) {
      ++i;
      continue;
    }
    std::size_t length = 0;
    unsigned low = 0x80, high = 0xBF;  // the range of the second byte
    if (lead >= 0xC2 && lead <= 0xDF)
      length = 2;
    else if (lead == 0xE0)
      length = 3, low = 0xA0;
    else if (lead == 0xED)
      length = 3, high = 0x9F;
    else if (lead >= 0xE1 && lead <= 0xEF)
      length = 3;
    else if (lead == 0xF0)
      length = 4, low = 0x90;
    else if (lead == 0xF4)
      length = 4, high = 0x8F;
    else if (lead >= 0xF1 && lead <= 0xF3)
      length = 4;
    bool whole =
        length > 0 && i + length <= text.size() && byte(i + 1) >= low && byte(i + 1) <= high;
    for (std::size_t k = 2; whole && k < length; ++k)
      whole = byte(i + k) >= 0x80 && byte(i + k) <= 0xBF;
    if (whole) {
      i += length;
      continue;
    }
    if (stray.empty()) stray.resize(text.size());
    stray[i++] = true;
  }
  return stray;
}

/// Builds the document from nlohmann-json's SAX events, with the checks nlohmann-json does not
/// make (depth, duplicate keys, the sign of -0), and turns its errors into InputError. Bytes
/// that are not UTF-8 are kept in strings as they are (the writers copy a file name's bytes,
/// whatever they are): the lexer reads a stand-in, the string gets the byte back.
class Reader {
public:
  explicit Reader(std::string_view text) : text_(text) {}

  Json document() {
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") fail(0, "byte order mark (JSON text has none)");
    // nlohmann-json takes a NUL byte for the end of the input; JSON allows none anywhere.
    nul_ = std::min(text_.find('\0'), text_.size());
    stray_ = stray_bytes(text_);
    const std::vector<bool>* stray = stray_.empty() ? nullptr : &stray_;
    Json::sax_parse(CountingIterator(text_.data(), text_.data(), stray, &taken_),
                    CountingIterator(text_.data() + nul_, text_.data(), stray, &taken_), this);
    if (nul_ < text_.size()) fail(nul_, "NUL byte");
    return std::move(root_);
  }

  // The SAX interface of nlohmann::json::sax_parse.
  bool null() { return add(nullptr); }
  bool boolean(bool value) { return add(value); }
  bool number_integer(Json::number_integer_t value) {
    // The integer 0 has no sign; "-0" is -0.0, as every other number is the nearest double.
    if (value == 0 && text_[number_start()] == '-') return add(-0.0);
    return add(value);
  }
  bool number_unsigned(Json::number_unsigned_t value) { return add(value); }
  bool number_float(Json::number_float_t value, const std::string& /*text*/) { return add(value); }
  bool string(std::string& value) {
    restore_stray_bytes(value);
    return add(std::move(value));
  }
  bool binary(Json::binary_t& value) { return add(std::move(value)); }  // not in JSON text
  bool start_object(std::size_t /*size*/) { return open(Json::object()); }
  bool start_array(std::size_t /*size*/) { return open(Json::array()); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }
  bool key(std::string& key) {
    restore_stray_bytes(key);
    Json& object = *open_.back();
    if (object.contains(key)) fail(string_start(), "duplicate key " + json_string(key));
    member_ = &object[key];
    return true;
  }
  bool parse_error(std::size_t position, const std::string& /*last_token*/,
                   const Json::exception& error) {
    if (error.id == 406) {  // out_of_range: a number beyond a double ("1e999")
      const std::size_t start = number_start();
      fail(start,
           "number out of range: " + std::string(text_.substr(start, number_end(start) - start)));
    }
    // `position` counts the bytes read, the offending one included (one past the end at the
    // end). An error at the end of a text cut at a NUL byte is that byte's.
    const std::size_t at = position > 0 ? position - 1 : 0;
    if (at >= nul_ && nul_ < text_.size()) fail(nul_, "NUL byte");
    fail(at, description(error.what()));
  }

private:
  /// Places `value` in the container being read (or makes it the document).
  Json* place(Json&& value) {
    if (open_.empty()) {
      root_ = std::move(value);
      return &root_;
    }
    Json& container = *open_.back();
    if (container.is_array()) {
      container.push_back(std::move(value));
      return &container.back();
    }
    *member_ = std::move(value);
    return member_;
  }

  bool add(Json&& value) {
    place(std::move(value));
    return true;
  }

  bool open(Json&& container) {
    // The bracket is the last byte the lexer took.
    if (open_.size() + 1 > kMaxDepth)
      fail(taken_ - 1, "nesting deeper than " + std::to_string(kMaxDepth) + " levels");
    open_.push_back(place(std::move(container)));
    return true;
  }

  bool close() {
    open_.pop_back();
    return true;
  }

  [[noreturn]] void fail(std::size_t pos, const std::string& what) const {
    int line = 1;
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < pos && i < text_.size(); ++i)
      if (text_[i] == '\n') {
        ++line;
        line_start = i + 1;
      }
    throw InputError("malformed JSON at line " + std::to_string(line) + ", column " +
                     std::to_string(pos - line_start + 1) + ": " + what);
  }

  /// nlohmann-json's message "[json.exception.parse_error.101] parse error at line 1, column
  /// 5: syntax error while parsing value - invalid literal; last read: 'tru'" without its
  /// prefix and position (the caller gives its own), the quoted text cut short.
  static std::string description(const std::string& message) {
    std::string what = message;
    const std::size_t error = what.find("parse error");
    if (error != std::string::npos) {
      const std::size_t colon = what.find(": ", error);
      what = colon == std::string::npos ? what.substr(error) : what.substr(colon + 2);
    }
    const std::string quote = "last read: '";
    const std::size_t quoted = what.find(quote);
    if (quoted != std::string::npos && what.size() > quoted + quote.size() + kMaxQuoted + 1)
      what = what.substr(0, quoted + quote.size() + kMaxQuoted) + "...'";
    return what;
  }

  static bool number_char(char c) {
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
  }

  bool digit_at(std::size_t i) const {
    return i < text_.size() && text_[i] >= '0' && text_[i] <= '9';
  }

  /// The first byte of the number the lexer has just read: it has taken the number and, unless
  /// the text ends there, the byte after it.
  std::size_t number_start() const {
    std::size_t start = std::min(taken_, text_.size());
    if (start > 0 && !number_char(text_[start - 1])) --start;
    while (start > 0 && number_char(text_[start - 1])) --start;
    return start;
  }

  /// One past the last byte of the number starting at `start` (one the lexer accepted).
  std::size_t number_end(std::size_t start) const {
    std::size_t i = start;
    if (i < text_.size() && text_[i] == '-') ++i;
    while (digit_at(i)) ++i;
    if (i < text_.size() && text_[i] == '.')
      for (++i; digit_at(i);) ++i;
    if (i < text_.size() && (text_[i] == 'e' || text_[i] == 'E')) {
      ++i;
      if (i < text_.size() && (text_[i] == '+' || text_[i] == '-')) ++i;
      while (digit_at(i)) ++i;
    }
    return i;
  }

  /// The opening quote of the string the lexer has just read (its closing quote is the last
  /// byte taken; no quote between them is unescaped).
  std::size_t string_start() const {
    std::size_t at = taken_ - 1;
    while (at > 0) {
      --at;
      if (text_[at] != '"') continue;
      std::size_t backslashes = 0;
      while (backslashes < at && text_[at - 1 - backslashes] == '\\') ++backslashes;
      if (backslashes % 2 == 0) return at;
    }
    return at;
  }

  /// The string the lexer has just read (`decoded`) with its stray bytes in place of their
  /// stand-ins: its text is walked escape by escape beside what the lexer made of it.
  void restore_stray_bytes(std::string& decoded) const {
    if (stray_.empty()) return;
    const std::size_t open = string_start(), close = taken_ - 1;
    if (std::find(stray_.begin() + open, stray_.begin() + close, true) == stray_.begin() + close)
      return;
    std::string out;
    std::size_t d = 0;
    for (std::size_t i = open + 1; i < close;) {
      if (text_[i] != '\\') {
        out += stray_[i] ? text_[i] : decoded[d];
        ++i;
        ++d;
        continue;
      }
      // \X gives one byte, \uXXXX a code point of 1 to 3 bytes in UTF-8, a surrogate pair 4.
      std::size_t escape = 2, bytes = 1;
      if (text_[i + 1] == 'u') {
        unsigned code = 0;
        std::from_chars(text_.data() + i + 2, text_.data() + i + 6, code, 16);
        escape = 6;
        bytes = code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
        if (code >= 0xD800 && code <= 0xDBFF) escape = 12, bytes = 4;
      }
      out.append(decoded, d, bytes);
      d += bytes;
      i += escape;
    }
    decoded = std::move(out);
  }

  std::string_view text_;
  std::vector<bool> stray_;  ///< the bytes that are not UTF-8; empty when there are none
  std::size_t nul_ = 0;      ///< the first NUL byte, or the text's size
  std::size_t taken_ = 0;    ///< bytes the lexer has read
  Json root_;
  std::vector<Json*> open_;  ///< the containers being read, innermost last
  Json* member_ = nullptr;   ///< the member of the innermost object whose value comes next
};

}  // namespace

Json parse_json(std::string_view text) { return Reader(text).document(); }

std::string json_string(std::string_view text) {
  static const char* const kHex = "0123456789abcdef";
  std::string out = "\"";
  for (const char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          out += "\\u00";
          out += kHex[(c >> 4) & 0xF];
          out += kHex[c & 0xF];
        } else {
          out += c;
        }
    }
  }
  out += '"';
  return out;
}

std::string json_number(double value, int decimals) {
  if (!std::isfinite(value)) return "null";
  // Anything that rounds to zero prints as "0.000000", never "-0.000000".
  if (std::abs(value) < 0.5 * std::pow(10.0, -decimals)) value = 0.0;
  return fixed(value, decimals);
}

void json_fail(const std::string& prefix, const std::string& what) {
  throw InputError(prefix + what);
}

Vec2 json_point(const Json& value, double limit, const std::string& prefix,
                const std::string& what) {
  if (!value.is_array() || value.size() != 2 || !value[0].is_number() || !value[1].is_number())
    json_fail(prefix, what + " is not a pair of numbers [x, y]");
  const Vec2 v{value[0].get<double>(), value[1].get<double>()};
  if (!(std::abs(v.x) <= limit && std::abs(v.y) <= limit))
    json_fail(prefix,
              what + " is out of range (at most " + json_number(limit, 0) + " units either way)");
  return v;
}

const Json* json_member(const Json& object, std::string_view key, JsonType type, bool required,
                        const std::string& prefix, const std::string& where) {
  const auto found = object.find(key);
  if (found == object.end()) {
    if (required) throw InputError(prefix + where + "missing \"" + std::string(key) + "\"");
    return nullptr;
  }
  if (json_type(*found) != type)
    throw InputError(prefix + where + "\"" + std::string(key) + "\" is " +
                     std::string(json_type_name(json_type(*found))) + ", expected " +
                     std::string(json_type_name(type)));
  return &*found;
}

Json json_document(std::string_view text, std::string_view tag, const std::string& prefix) {
  Json document;
  try {
    document = parse_json(text);
  } catch (const InputError& e) {
    throw InputError(prefix + e.tagged());
  }
  if (!document.is_object()) throw InputError(prefix + "the document is not an object");
  const auto format = document.find("format");
  if (format == document.end())
    throw InputError(prefix + "missing \"format\" (expected \"" + std::string(tag) + "\")");
  if (!format->is_string() || format->get_ref<const std::string&>() != tag)
    throw InputError(prefix + "wrong format tag " +
                     (format->is_string() ? json_string(format->get_ref<const std::string&>())
                                          : std::string(json_type_name(json_type(*format)))) +
                     " (expected \"" + std::string(tag) + "\")");
  return document;
}

void JsonFields::fail(const std::string& problem) const {
  throw InputError(what_ + ": " + problem);
}

Json JsonFields::document(std::string_view text, std::string_view tag) const {
  return json_document(text, tag, what_ + ": ");
}

const Json& JsonFields::member(const Json& object, std::string_view key, JsonType type) const {
  return *json_member(object, key, type, true, what_ + ": ", "");
}

std::string JsonFields::text(const Json& object, std::string_view key) const {
  return member(object, key, JsonType::String).get<std::string>();
}

double JsonFields::number(const Json& object, std::string_view key) const {
  return member(object, key, JsonType::Number).get<double>();
}

bool JsonFields::boolean(const Json& object, std::string_view key) const {
  return member(object, key, JsonType::Boolean).get<bool>();
}

std::vector<std::string> JsonFields::texts(const Json& object, std::string_view key) const {
  std::vector<std::string> texts;
  for (const Json& item : member(object, key, JsonType::Array)) {
    if (json_type(item) != JsonType::String)
      fail("\"" + std::string(key) + "\" holds " + std::string(json_type_name(json_type(item))));
    texts.push_back(item.get<std::string>());
  }
  return texts;
}

std::vector<const Json*> JsonFields::objects(const Json& object, std::string_view key,
                                             std::string_view item) const {
  std::vector<const Json*> objects;
  for (const Json& value : member(object, key, JsonType::Array)) {
    if (!value.is_object()) fail(std::string(item) + " is not an object");
    objects.push_back(&value);
  }
  return objects;
}

}  // namespace tangram::detail
