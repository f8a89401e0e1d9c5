#pragma once
/// \file solve/detail/exact_answer.hpp
/// The answer of an exact stage (grid, lattice): its assembly checked and measured.

#include <chrono>
#include <optional>
#include <vector>

#include "tangram/core/search/stage.hpp"

namespace tangram::detail {

/// `pieces` as a solved Solution with `nodes` placements, measured on input.judge and timed from
/// `start`; nullopt when verify_solution() refuses them there.
std::optional<Solution> exact_answer(std::vector<PlacedPiece> pieces, long nodes,
                                     const StageInput& input,
                                     std::chrono::steady_clock::time_point start);

/// When an exact stage's clock starts: SearchConfig::started, or now.
std::chrono::steady_clock::time_point stage_start(const SearchConfig& search);

}  // namespace tangram::detail
