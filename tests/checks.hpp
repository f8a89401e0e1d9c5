#pragma once
// Small helpers shared by the tests' checks.

#include <sstream>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/base/error.hpp"

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

/// Whether `err` is exactly one line, an error of ours ("tangram: error: ...").
inline bool one_error_line(const std::string& err) {
  return err.rfind("tangram: error: ", 0) == 0 && err.find('\n') == err.size() - 1;
}

/// The lines of `text`.
inline std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> result;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) result.push_back(line);
  return result;
}

/// Whether two masks are the same size and equal everywhere.
inline bool same_mask(const cv::Mat1b& a, const cv::Mat1b& b) {
  return a.size() == b.size() && cv::countNonZero(a != b) == 0;
}

}  // namespace tangram::test
