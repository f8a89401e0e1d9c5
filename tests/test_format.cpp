// Numbers as text (tangram/core/base/format.hpp): the same digits as printf, whatever the
// locale, for every formatter the project used to write by hand or through a stream.

#include <doctest/doctest.h>

#include <climits>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <string>

#include "tangram/core/base/format.hpp"

using namespace tangram::detail;

namespace {

std::string printf_text(const char* format, int precision, double value) {
  char buffer[512];
  std::snprintf(buffer, sizeof buffer, format, precision, value);
  return buffer;
}

}  // namespace

TEST_CASE("format: fixed, signed_fixed and general print printf's digits") {
  CHECK(fixed(2.5, 2) == "2.50");
  CHECK(fixed(0.125, 2) == "0.12");  // exactly between: to even, as printf
  CHECK(fixed(-0.001, 2) == "-0.00");
  CHECK(fixed(1e300, 1).size() == 303);
  CHECK(fixed(std::nan(""), 1) == "nan");
  CHECK(fixed(-std::numeric_limits<double>::infinity(), 3) == "-inf");
  CHECK(signed_fixed(1.5, 1) == "+1.5");
  CHECK(signed_fixed(-0.04, 1) == "-0.0");
  CHECK(signed_fixed(0.0, 1) == "+0.0");
  CHECK(general(360) == "360");
  CHECK(general(0.5) == "0.5");
  CHECK(general(1234567) == "1.23457e+06");
  CHECK(general(0.0123, 2) == "0.012");
  CHECK(general(2.0 / 3.0) == "0.666667");

  std::mt19937_64 random(2019);
  std::uniform_real_distribution<double> wide(-1e6, 1e6), unit(0.0, 1.0);
  for (int i = 0; i < 20000; ++i) {
    const double value = i % 3 == 0   ? wide(random)
                         : i % 3 == 1 ? std::round(wide(random)) / 1000.0
                                      : std::ldexp(unit(random), int(random() % 200) - 100);
    for (int digits = 0; digits <= 7; ++digits) {
      CAPTURE(value);
      CAPTURE(digits);
      CHECK(fixed(value, digits) == printf_text("%.*f", digits, value));
      CHECK(signed_fixed(value, digits) == printf_text("%+.*f", digits, value));
      if (digits > 0) CHECK(general(value, digits) == printf_text("%.*g", digits, value));
    }
  }
}

TEST_CASE("format: padded whole numbers") {
  CHECK(padded(7, 2) == "07");
  CHECK(padded(42, 2) == "42");
  CHECK(padded(123, 2) == "123");
  CHECK(padded(5, 4) == "0005");
  CHECK(padded(0, 0) == "0");
  CHECK(padded(-5, 3) == "-05");
  CHECK(padded(LLONG_MIN, 2) == std::to_string(LLONG_MIN));
}
