#pragma once
/// \file search/stage.hpp
/// A stage of a solve: one search behind one small interface (docs/design/stages.md).

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/solution.hpp"
#include "tangram/core/search/config.hpp"

namespace tangram {

/// What a stage runs on.
struct StageInput {
  const Pattern& pattern;  ///< the figure pieces are placed on
  const Pattern& judge;    ///< the figure assemblies are checked and measured on (solve()'s)
  /// The solve's settings, work_limit_s cut to the stage's Stage::time_share() of the limit.
  const SolverConfig& config;
  const ProgressCallback& progress;
  const SearchObserver& observer;  ///< numbered on after the events of the stages before
};

/// What the stages of one solve hand on to the stages after them.
struct SolveState {
  /// When the solve's time limit started: SearchConfig::started, or when the solve began.
  std::chrono::steady_clock::time_point started;
  /// An exact assembly a stage could not answer with (outside the configured rotations), with
  /// the counters of the search that found it; a later stage may answer with it.
  std::optional<Solution> aside;
  /// The latest unsolved result (partial assembly, counters, how it ended): the answer when no
  /// stage answers.
  std::optional<Solution> unsolved;
  long events = 0;  ///< observer events told so far
  /// Stages that searched their family of assemblies to the end and found none; solve() hands
  /// them to its result (SolveStats::exhausted_stages).
  std::vector<std::string> exhausted;
};

/// One search of a solve.
class Stage {
public:
  virtual ~Stage() = default;
  /// Its name, recorded in SolveStats::found_by when it answers.
  virtual std::string_view name() const = 0;
  /// The share of SearchConfig::time_limit_s it may use, as work (search/work.hpp) counted from
  /// the solve's start ((0, 1]); 1: until the time limit.
  virtual double time_share(const SolverConfig&) const { return 1.0; }
  /// Whether it runs on this figure, set and settings, after what `state` holds.
  virtual bool applies(const StageInput& input, const SolveState& state) const = 0;
  /// Runs within its time share and SearchConfig::stop. Returns an answer (Solution::solved, or
  /// SolveStats::impossible), an unsolved result to stand unless a later stage answers, or
  /// nullopt.
  virtual std::optional<Solution> run(const StageInput& input, SolveState& state) const = 0;
};

/// Stages in the order a solve tries them.
using StageList = std::vector<const Stage*>;

/// `observer` numbering its events' steps on after `told` events and counting them into `told`;
/// empty when `observer` is. Both must outlive the result.
SearchObserver numbered_after(const SearchObserver& observer, long& told);

}  // namespace tangram
