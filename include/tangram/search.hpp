#pragma once
/// \file search.hpp
/// The assembly search: Algorithm 1 of Yamada et al. 2019 (largest-first placement with
/// validation and backtracking), and this project's stronger default built on the same steps.

#include <chrono>
#include <functional>

#include "tangram/pattern.hpp"
#include "tangram/placement.hpp"
#include "tangram/solution.hpp"

namespace tangram {

/// Which search procedure to run.
enum class SearchMode {
  /// Algorithm 1 as published: configurations of the current piece in order, one candidate
  /// (the lowest-cost skeleton endpoint) per configuration, the paper's two validation rules,
  /// backtracking to the previous piece when a piece runs out of configurations.
  Paper,
  /// This project's default: skeleton endpoints plus the free area's corners and short-edge
  /// middles, up to `candidates_per_config` per configuration, all ranked together by cost; the
  /// paper's rules plus a forward check that every remaining piece still has a collision-free
  /// position; a complete assembly must pass verify_solution(); limited discrepancy search,
  /// and when it has exhausted its candidates before the time limit, the same search again with
  /// four times as many candidates per configuration (while that adds candidates).
  Ours,
};

/// Placement settings.
struct PlacementConfig {
  Strategy strategy = Strategy::DistanceTransform;
};

/// Search settings.
struct SearchConfig {
  SearchMode mode = SearchMode::Ours;
  double rotation_step_deg = 1.0;      ///< rotations 0, step, 2 step, ... (0 < step <= 360)
  bool reflection = true;              ///< allow the mirrored parallelogram
  double time_limit_s = 360.0;         ///< give up (unsolved) after this many seconds
  int threads = 0;                     ///< worker threads, 0 = all cores
  int candidates_per_config = 5;       ///< Ours only: positions tried per configuration
  bool corners = true;                 ///< Ours only: corners join the skeleton endpoints
  bool widen = true;                   ///< Ours only: widen the candidates when exhausted
  /// Inward offset (px) of the raster piece masks; negative = automatic (see raster.hpp).
  double inset_px = -1.0;
  bool polish = true;                  ///< refine the final poses sub-pixel (polish.hpp)
};

/// Everything the solver needs besides the pattern.
struct SolverConfig {
  PlacementConfig placement;
  SearchConfig search;
};

/// Progress of a running search, reported after every placement or removal.
struct SearchProgress {
  int pieces_placed = 0;
  long placements_tried = 0;
  long backtracks = 0;
  double seconds = 0.0;
};

/// Called with progress; may be empty.
using ProgressCallback = std::function<void(const SearchProgress&)>;

/// Checks ranges (step, limits, threads, candidates); throws UsageError with the option's name.
void validate_config(const SolverConfig& config);

/// Assembles the seven pieces into `pattern`. Deterministic: the same pattern and config give
/// the same solution whatever the thread count. Returns an unsolved Solution when the search
/// space is exhausted or the time limit is reached.
Solution solve(const Pattern& pattern, const SolverConfig& config,
               const ProgressCallback& progress = {});

}  // namespace tangram
