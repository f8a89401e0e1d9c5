#pragma once
// Small helpers shared by the tests' checks.

#include <string>

#include "tangram/core/error.hpp"

namespace tangram::test {

/// The message of the InputError thrown by `f`, or "" when nothing is thrown.
template <typename F>
std::string input_error(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

/// Whether `text` holds `part`.
inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace tangram::test
