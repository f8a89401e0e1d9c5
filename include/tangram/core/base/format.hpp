#pragma once
/// \file format.hpp
/// Numbers as text with printf's digits, locale-independent. Internal (tangram::detail).

#include <charconv>
#include <cstddef>
#include <string>

namespace tangram::detail {

/// printf's "%.*f": fixed(2.5, 2) == "2.50", fixed(-0.001, 2) == "-0.00".
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

/// printf's "%.*g": general(0.5) == "0.5", general(1234567) == "1.23457e+06".
inline std::string general(double value, int digits = 6) {
  // Room for a sign, the digits, the point and an exponent such as "e-308".
  std::string text(8 + static_cast<std::size_t>(digits > 0 ? digits : 6), '\0');
  const auto result = std::to_chars(text.data(), text.data() + text.size(), value,
                                    std::chars_format::general, digits);
  text.resize(static_cast<std::size_t>(result.ptr - text.data()));
  return text;
}

/// printf's "%0*lld": padded(7, 2) == "07", padded(-5, 3) == "-05".
inline std::string padded(long long value, int width) {
  std::string digits = std::to_string(value < 0 ? -(value + 1) + 1ULL : value + 0ULL);
  const int sign = value < 0 ? 1 : 0;
  if (static_cast<int>(digits.size()) + sign < width)
    digits.insert(0, static_cast<std::size_t>(width - sign) - digits.size(), '0');
  return (sign ? "-" : "") + digits;
}

}  // namespace tangram::detail
