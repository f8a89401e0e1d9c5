#pragma once
/// \file fuzz_common.hpp
/// What every libFuzzer target shares: one thread (the machine is small and a fuzzer is one
/// process), and a check that only tangram::Error leaves the library.

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <typeinfo>

#include <opencv2/core.hpp>

#include "tangram/core/base/error.hpp"

namespace tangram_fuzz {

/// OpenCV sequential: a fuzzer is one process per core.
inline void init_common() { cv::setNumThreads(1); }

/// The source tree (for masks/): $TANGRAM_SOURCE_DIR, else the one the target was built from.
inline std::string source_dir() {
  if (const char* dir = std::getenv("TANGRAM_SOURCE_DIR"); dir && *dir) return dir;
  return TANGRAM_SOURCE_DIR;
}

/// Runs `body`; tangram::Error is a refusal (fine), any other exception is a bug: it is
/// printed on `fd`'s stream and the process aborts, so that libFuzzer saves the input.
template <typename Body>
void expect_only_tangram_errors(const char* what, Body&& body, std::FILE* out = stderr) {
  try {
    body();
  } catch (const tangram::Error&) {
    // An input the library refuses with a message: the expected outcome for most inputs.
  } catch (const std::exception& e) {
    std::fprintf(out, "\n%s: exception other than tangram::Error escaped: %s: %s\n", what,
                 typeid(e).name(), e.what());
    std::fflush(out);
    std::abort();
  } catch (...) {
    std::fprintf(out, "\n%s: non-std exception escaped\n", what);
    std::fflush(out);
    std::abort();
  }
}

}  // namespace tangram_fuzz
