#pragma once
/// \file detail/format.hpp
/// Numbers as text, the one place that says how: std::to_chars, so locale-independent and
/// exactly printf's digits ("%.*f", "%.*g") without printf or a stream. Pure functions, no I/O.
/// Internal: not part of the library's interface.

#include <charconv>
#include <cstddef>
#include <string>

namespace tangram::detail {

/// `value` with `decimals` digits after the point, as printf's "%.*f": fixed(2.5, 2) ==
/// "2.50", fixed(-0.001, 2) == "-0.00", fixed(NAN, 1) == "nan".
inline std::string fixed(double value, int decimals) {
  // Room for a sign, the 309 integer digits of the largest double, the point and the decimals.
  std::string text(311 + static_cast<std::size_t>(decimals > 0 ? decimals : 0), '\0');
  const auto result = std::to_chars(text.data(), text.data() + text.size(), value,
                                    std::chars_format::fixed, decimals);
  text.resize(static_cast<std::size_t>(result.ptr - text.data()));
  return text;
}

/// fixed() with a sign always, as printf's "%+.*f": "+1.5", "-0.2", "+0.0".
inline std::string signed_fixed(double value, int decimals) {
  std::string text = fixed(value, decimals);
  return text.front() == '-' ? text : "+" + text;
}

/// `value` with at most `digits` significant digits and no trailing zeros, as printf's "%.*g"
/// (and a stream's default format when digits is 6): general(360) == "360", general(0.5) ==
/// "0.5", general(1234567) == "1.23457e+06", general(0.0123, 2) == "0.012".
inline std::string general(double value, int digits = 6) {
  // Room for a sign, the digits, the point and an exponent such as "e-308".
  std::string text(8 + static_cast<std::size_t>(digits > 0 ? digits : 6), '\0');
  const auto result = std::to_chars(text.data(), text.data() + text.size(), value,
                                    std::chars_format::general, digits);
  text.resize(static_cast<std::size_t>(result.ptr - text.data()));
  return text;
}

/// A whole number with at least `width` digits, zeros in front, as printf's "%0*lld":
/// padded(7, 2) == "07", padded(123, 2) == "123", padded(-5, 3) == "-05".
inline std::string padded(long long value, int width) {
  std::string digits = std::to_string(value < 0 ? -(value + 1) + 1ULL : value + 0ULL);
  const int sign = value < 0 ? 1 : 0;
  if (static_cast<int>(digits.size()) + sign < width)
    digits.insert(0, static_cast<std::size_t>(width - sign) - digits.size(), '0');
  return (sign ? "-" : "") + digits;
}

}  // namespace tangram::detail
