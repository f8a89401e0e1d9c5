#pragma once
/// \file optional_tool.hpp
/// Tests that need a program not every machine has (GNU parallel, a Slurm cluster): skipped
/// where it is missing, failed where it is required (CI sets TANGRAM_REQUIRE_ALL=1).

#include <cstdlib>
#include <sstream>
#include <string>

#include <doctest/doctest.h>

namespace tangram::test {

/// Set when the running test case skipped; tests/main.cpp reads and clears it per test case.
inline bool& skipped_current_case() {
  static bool skipped = false;
  return skipped;
}

/// Whether missing `tool` fails a test: TANGRAM_REQUIRE_ALL=1, unless TANGRAM_MAY_SKIP (a
/// comma-separated list) names the tool.
inline bool tool_required(const std::string& tool) {
  const char* all = std::getenv("TANGRAM_REQUIRE_ALL");
  if (all == nullptr || std::string(all) != "1") return false;
  const char* may_skip = std::getenv("TANGRAM_MAY_SKIP");
  std::istringstream names(may_skip == nullptr ? "" : may_skip);
  for (std::string name; std::getline(names, name, ',');)
    if (name == tool) return false;
  return true;
}

/// Whether the test case may use `tool` (`present`: it answers here). If not, the case fails
/// when tool_required(), else is marked skipped (the run exits 77, ctest's skip), and should
/// return; `how` says how to get the tool.
inline bool tool_available(bool present, const std::string& tool, const std::string& how) {
  if (present) return true;
  if (tool_required(tool)) {
    FAIL_CHECK(tool << " is missing, and TANGRAM_REQUIRE_ALL=1 requires it (" << how << ")");
  } else {
    MESSAGE("skipped: " << tool << " is missing (" << how << ")");
    skipped_current_case() = true;
  }
  return false;
}

}  // namespace tangram::test
