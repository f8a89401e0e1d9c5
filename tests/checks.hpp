#pragma once
// Small helpers shared by the tests' checks.

#include <string>

#include "tangram/core/error.hpp"

namespace tangram::test {

/// The message (what()) of the E thrown by `f`, or "" when nothing is thrown.
template <typename E, typename F>
std::string thrown_message(F&& f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  }
  return "";
}

/// The message of the InputError thrown by `f`, or "" when nothing is thrown.
template <typename F>
std::string input_error(F&& f) {
  return thrown_message<InputError>(f);
}

/// Whether `text` holds `part`.
inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace tangram::test
