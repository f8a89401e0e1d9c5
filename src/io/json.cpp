#include "tangram/io/detail/json.hpp"

#include <charconv>
#include <cmath>
#include <system_error>

#include "tangram/core/error.hpp"

namespace tangram::detail {

const JsonValue* JsonValue::find(std::string_view key) const {
  if (type != Type::Object) return nullptr;
  for (const auto& [name, value] : object)
    if (name == key) return &value;
  return nullptr;
}

std::string_view json_type_name(JsonValue::Type type) {
  switch (type) {
    case JsonValue::Type::Null: return "null";
    case JsonValue::Type::Boolean: return "a boolean";
    case JsonValue::Type::Number: return "a number";
    case JsonValue::Type::String: return "a string";
    case JsonValue::Type::Array: return "an array";
    case JsonValue::Type::Object: return "an object";
  }
  return "?";
}

namespace {

/// Deep enough for any sensible document, shallow enough for the recursion to be safe.
constexpr int kMaxDepth = 256;

class Parser {
public:
  explicit Parser(std::string_view text) : text_(text) {}

  JsonValue document() {
    skip_whitespace();
    JsonValue value = parse_value(0);
    skip_whitespace();
    if (pos_ != text_.size()) fail("unexpected text after the document");
    return value;
  }

private:
  [[noreturn]] void fail(const std::string& what) const {
    int line = 1;
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < pos_ && i < text_.size(); ++i)
      if (text_[i] == '\n') {
        ++line;
        line_start = i + 1;
      }
    throw InputError("malformed JSON at line " + std::to_string(line) + ", column " +
                     std::to_string(pos_ - line_start + 1) + ": " + what);
  }

  bool at_end() const { return pos_ >= text_.size(); }
  /// The current character, or '\0' at the end (never a valid token start).
  char peek() const { return at_end() ? '\0' : text_[pos_]; }

  void skip_whitespace() {
    while (!at_end() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r'))
      ++pos_;
  }

  void expect(char c) {
    if (at_end() || text_[pos_] != c) fail(std::string("expected '") + c + "'");
    ++pos_;
  }

  JsonValue parse_value(int depth) {
    if (at_end()) fail("unexpected end of input, expected a value");
    switch (peek()) {
      case '{': return parse_object(depth + 1);
      case '[': return parse_array(depth + 1);
      case '"': {
        JsonValue v;
        v.type = JsonValue::Type::String;
        v.string = parse_string();
        return v;
      }
      case 't': return parse_literal("true", JsonValue::Type::Boolean, true);
      case 'f': return parse_literal("false", JsonValue::Type::Boolean, false);
      case 'n': return parse_literal("null", JsonValue::Type::Null, false);
      default:
        if (peek() == '-' || (peek() >= '0' && peek() <= '9')) return parse_number();
        fail("expected a value");
    }
  }

  JsonValue parse_literal(std::string_view word, JsonValue::Type type, bool boolean) {
    if (text_.substr(pos_, word.size()) != word) fail("expected a value");
    pos_ += word.size();
    JsonValue v;
    v.type = type;
    v.boolean = boolean;
    return v;
  }

  void check_depth(int depth) const {
    if (depth > kMaxDepth) fail("nesting deeper than " + std::to_string(kMaxDepth) + " levels");
  }

  JsonValue parse_object(int depth) {
    check_depth(depth);
    expect('{');
    JsonValue v;
    v.type = JsonValue::Type::Object;
    skip_whitespace();
    if (peek() == '}') {
      ++pos_;
      return v;
    }
    for (;;) {
      skip_whitespace();
      if (peek() != '"') fail("expected a string key");
      const std::size_t key_pos = pos_;
      std::string key = parse_string();
      if (v.find(key) != nullptr) {
        pos_ = key_pos;
        fail("duplicate key " + json_string(key));
      }
      skip_whitespace();
      expect(':');
      skip_whitespace();
      JsonValue member = parse_value(depth);
      v.object.emplace_back(std::move(key), std::move(member));
      skip_whitespace();
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      if (peek() == '}') {
        ++pos_;
        return v;
      }
      fail("expected ',' or '}'");
    }
  }

  JsonValue parse_array(int depth) {
    check_depth(depth);
    expect('[');
    JsonValue v;
    v.type = JsonValue::Type::Array;
    skip_whitespace();
    if (peek() == ']') {
      ++pos_;
      return v;
    }
    for (;;) {
      skip_whitespace();
      v.array.push_back(parse_value(depth));
      skip_whitespace();
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      if (peek() == ']') {
        ++pos_;
        return v;
      }
      fail("expected ',' or ']'");
    }
  }

  unsigned parse_hex4() {
    unsigned code = 0;
    for (int i = 0; i < 4; ++i, ++pos_) {
      const char c = peek();
      unsigned digit = 0;
      if (c >= '0' && c <= '9') digit = static_cast<unsigned>(c - '0');
      else if (c >= 'a' && c <= 'f') digit = static_cast<unsigned>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') digit = static_cast<unsigned>(c - 'A' + 10);
      else fail("expected four hexadecimal digits after \\u");
      code = code * 16 + digit;
    }
    return code;
  }

  static void append_utf8(std::string& out, unsigned code) {
    if (code < 0x80) {
      out += static_cast<char>(code);
    } else if (code < 0x800) {
      out += static_cast<char>(0xC0 | (code >> 6));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
      out += static_cast<char>(0xE0 | (code >> 12));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (code >> 18));
      out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    }
  }

  /// A \u escape (pos_ after the 'u'), joining a UTF-16 surrogate pair into one code point.
  unsigned parse_unicode_escape() {
    const unsigned code = parse_hex4();
    if (code >= 0xDC00 && code <= 0xDFFF) fail("lone low surrogate in \\u escape");
    if (code < 0xD800 || code > 0xDBFF) return code;
    if (text_.substr(pos_, 2) != "\\u") fail("high surrogate not followed by a low surrogate");
    pos_ += 2;
    const unsigned low = parse_hex4();
    if (low < 0xDC00 || low > 0xDFFF) fail("high surrogate not followed by a low surrogate");
    return 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
  }

  std::string parse_string() {
    expect('"');
    std::string out;
    for (;;) {
      if (at_end()) fail("unterminated string");
      const char c = text_[pos_];
      if (c == '"') {
        ++pos_;
        return out;
      }
      if (static_cast<unsigned char>(c) < 0x20) fail("control character in a string");
      if (c != '\\') {
        out += c;
        ++pos_;
        continue;
      }
      ++pos_;
      const char e = peek();
      ++pos_;
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': append_utf8(out, parse_unicode_escape()); break;
        default: --pos_; fail("invalid escape in a string");
      }
    }
  }

  bool digit_at(std::size_t i) const {
    return i < text_.size() && text_[i] >= '0' && text_[i] <= '9';
  }

  /// JSON number grammar: -? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?
  JsonValue parse_number() {
    const std::size_t start = pos_;
    std::size_t i = pos_;
    if (text_[i] == '-') ++i;
    if (!digit_at(i)) fail("expected a digit");
    if (text_[i] == '0') {
      ++i;
      if (digit_at(i)) fail("leading zero in a number");
    } else {
      while (digit_at(i)) ++i;
    }
    if (i < text_.size() && text_[i] == '.') {
      ++i;
      if (!digit_at(i)) fail("expected a digit after the decimal point");
      while (digit_at(i)) ++i;
    }
    if (i < text_.size() && (text_[i] == 'e' || text_[i] == 'E')) {
      ++i;
      if (i < text_.size() && (text_[i] == '+' || text_[i] == '-')) ++i;
      if (!digit_at(i)) fail("expected a digit in the exponent");
      while (digit_at(i)) ++i;
    }
    JsonValue v;
    v.type = JsonValue::Type::Number;
    const auto [end, error] = std::from_chars(text_.data() + start, text_.data() + i, v.number);
    if (error != std::errc() || end != text_.data() + i || !std::isfinite(v.number))
      fail("number out of range");
    pos_ = i;
    return v;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace

JsonValue parse_json(std::string_view text) { return Parser(text).document(); }

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
  char buffer[400];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value,
                                    std::chars_format::fixed, decimals);
  return std::string(buffer, result.ptr);
}

}  // namespace tangram::detail
