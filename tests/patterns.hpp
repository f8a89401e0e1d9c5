#pragma once
// The patterns of masks/ and the settings the tests solve them with.

#include <string>

#include "tangram/core/solve/solve.hpp"
#include "tangram/io/pattern_png.hpp"

namespace tangram::test {

/// The masks/ folder of the source tree, with a trailing slash.
inline const std::string kMasks = std::string(TANGRAM_SOURCE_DIR) + "/masks/";

/// The pattern masks/`name`.
inline Pattern mask_pattern(const std::string& name) { return load_pattern_png(kMasks + name); }

/// The search at 45-degree steps (the paper's), capped at 120 s, with the default strategy.
inline SolverConfig config_45(SearchMode mode = SearchMode::Ours) {
  SolverConfig config;
  config.search.mode = mode;
  config.search.rotation_step_deg = 45.0;
  config.search.time_limit_s = 120.0;
  return config;
}

}  // namespace tangram::test
