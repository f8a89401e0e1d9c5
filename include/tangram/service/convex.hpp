#pragma once
/// \file convex.hpp
/// The convex-figures job of every front end (`tangram generate convex`): the options checked,
/// each candidate polygon of the set decided by the exact enumeration, the figures named and
/// the run worded.

#include <atomic>
#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "tangram/core/generate/convex_figures.hpp"
#include "tangram/service/option_words.hpp"
#include "tangram/service/solve.hpp"

namespace tangram {

/// The options of `tangram generate convex`; the comment of each names its option.
struct ConvexOptions {
  std::string pieces = "tangram";      ///< --pieces: a built-in set's name or a piece-set file
  bool all = false;                    ///< --all: count each figure's assemblies
  double time_limit_s = kNoTimeLimit;  ///< --time-limit (s), the whole run; none by default
  int threads = 0;                     ///< --threads; 0 = all cores
};

/// Refuses values `tangram generate convex` refuses. Throws UsageError.
void check_convex_options(const ConvexOptions& options, const OptionWords& words = cli_words);

/// A candidate polygon and what the enumeration found in it.
struct ConvexFigure {
  std::string name;  ///< "square", "trapezoid-2", "hexagon-1"... (formed figures only)
  ConvexPolygon polygon;
  ConvexVerdict verdict;
  bool formed() const { return !verdict.pieces.empty(); }
  /// No assembly, and the enumeration was exhaustive: a proof.
  bool proved_empty() const { return !formed() && verdict.enumeration.exhausted; }
};

/// What a run found.
struct ConvexFigures {
  SolvePlan plan;                       ///< the set and settings the figures were decided with
  std::vector<ConvexFigure> formed;     ///< in the candidates' order
  std::vector<ConvexFigure> rejected;   ///< proved to have no assembly
  std::vector<ConvexFigure> undecided;  ///< not decided (time limit, stop, or refused)
  long candidates = 0;
  double seconds = 0.0;
  /// Found: every candidate decided (with --all every count exhaustive); Incomplete: some not;
  /// None: no convex figure.
  Answer answer = Answer::None;
  /// "13 convex figures of tangram (37 candidates, 24 proved to have no assembly) in 0.2 s".
  std::string summary;
};

/// Called after each candidate: candidates decided, of all, figures formed so far.
using ConvexProgress = std::function<void(long decided, long candidates, long formed)>;

/// Runs `options` (after check_convex_options); the time limit counts from `started`, `stop`
/// (may be null) ends the run early. Throws UsageError for a set without convex candidates to
/// list.
ConvexFigures generate_convex_figures(const ConvexOptions& options,
                                      std::chrono::steady_clock::time_point started,
                                      const ConvexProgress& progress = {},
                                      const std::atomic<bool>* stop = nullptr,
                                      const OptionWords& words = cli_words);

/// The figure's tangram-solution/1 document, naming its picture `pattern_name`.
std::string convex_figure_json(const ConvexFigures& run, const ConvexFigure& figure,
                               const std::string& pattern_name);

}  // namespace tangram
