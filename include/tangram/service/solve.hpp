#pragma once
/// \file solve.hpp
/// The solve service that every front end calls: options checked and mapped (plan_solve), the
/// job run towards its goal with progress, stop and time limit (run_solve), and the outcome
/// with its text and its outputs (documents, pictures). No files are read or written here.

#include <atomic>
#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/enumerate/all_solutions.hpp"
#include "tangram/io/documents.hpp"
#include "tangram/io/picture.hpp"
#include "tangram/io/solve_silhouette.hpp"
#include "tangram/service/solve_options.hpp"

namespace tangram {

/// A solve ready to run: its options checked and mapped for its goal.
struct SolvePlan {
  Goal goal = Goal::One;
  SolverConfig config;  ///< the set, the search's settings, the time limit
  InputConfig input;    ///< how to read the picture (read_for_set; full size to enumerate)
  EnumerationConfig enumeration;   ///< for every goal but One
  std::string use = "exact";       ///< the options' --use, for the texts
  std::vector<PlacedPiece> fixed;  ///< the options' --fixed pieces (Goal::One)
  OptionWords words = cli_words;   ///< how the texts and messages spell options
};

/// Checks `options` (check_solve_options) and maps them (solver_config, validate_config,
/// input_config) in the command line's order. `pieces`: the set, already loaded; null: the
/// one options.pieces names. Throws UsageError or InputError, options spelled by `words`.
SolvePlan plan_solve(const SolveOptions& options, const OptionWords& words = cli_words,
                     const PieceSetFile* pieces = nullptr);

/// Throws UsageError (naming the goal's option) when `pattern` cannot be enumerated as the
/// plan's goal asks (enumeration_refusal); never for Goal::One, nor for Goal::Unique (whose
/// answer is then none by a proof from the outline, or undecided).
void check_enumerable(const SolvePlan& plan, const Pattern& pattern);

/// Where a running solve is: the search's counters (One) or the enumeration's.
struct SolveProgress {
  int pieces_placed = 0;  ///< One: pieces in the current partial assembly
  long placements = 0;
  long backtracks = 0;  ///< One
  long solutions = 0;   ///< assemblies found (not One)
  double seconds = 0.0;
};

/// How a front end follows a solve; every member may be left empty. Callbacks may come from
/// worker threads, one at a time.
struct SolveHooks {
  std::function<void(const SolveProgress&)> progress;
  SearchObserver observer;  ///< One: the search's steps (SolveOptions::show_steps)
  /// All and Unique: each assembly as found (`index` from 0), the pieces in the picture's frame.
  std::function<void(long index, const std::vector<PlacedPiece>& pieces)> assembly;
  const std::atomic<bool>* stop = nullptr;  ///< true ends the solve, keeping what it found
  /// Where the time limit starts (reading the picture may count); default: when it runs.
  std::chrono::steady_clock::time_point started{};
};

/// The answer of a solve, as the command line's exit status tells it (0, 1, 4, 5).
enum class Answer {
  Found,       ///< solved; All: every assembly (or max_solutions); Unique: exactly one
  None,        ///< not solved, no assembly
  Several,     ///< Unique: more than one
  Incomplete,  ///< All, Unique: the time limit or a stop came before the answer was certain
};

/// What a solve found, and its text.
struct SolveResult {
  Goal goal = Goal::One;
  Answer answer = Answer::None;
  /// outcome_name() of how it ended ("solved", "invalid", "time-limit", "exhausted",
  /// "impossible"), or "stopped" when SolveHooks::stop ended it.
  std::string outcome;
  /// The summary `tangram solve` prints: lines, each ending in '\n', naming the pattern as
  /// run_solve() was told.
  std::string summary;
  std::string reason;              ///< One: why not solved, in the summary's words; "" if solved
  std::vector<std::string> notes;  ///< advice after an unsolved search (a rotation step to try)
  SilhouetteSolution search;       ///< One: the assembly, solved or partial
  Enumeration enumeration;         ///< not One: how the enumeration ended
  long found = 0;                  ///< assemblies found (Fewest, Most: 1 or 0)
  std::optional<ChosenAssembly> chosen;  ///< Fewest, Most: the assembly chosen
};

/// Runs `plan` on `silhouette` (read with plan.input), calling `hooks`; `name` names the
/// pattern in the summary. Throws UsageError when the figure cannot be enumerated
/// (enumeration_refusal) before anything runs.
SolveResult run_solve(const SolvePlan& plan, const Silhouette& silhouette, const std::string& name,
                      const SolveHooks& hooks = {});

/// An assembly as the outputs show it: `drawn` with the plan's set (pictures), `documented`
/// with the pieces it uses, of `documented_set` (documents), and the caption of its pictures.
struct FoundAssembly {
  Solution drawn;
  Solution documented;
  PieceSet documented_set = PieceSet::tangram();
  PictureCaption caption;
};

/// The assembly of a One, Fewest or Most result, solved or not.
FoundAssembly result_assembly(const SolvePlan& plan, const SolveResult& result);

/// An assembly of an All or Unique result (as SolveHooks::assembly hands it over), solved;
/// with `pattern`, its coverage measured there (for the caption).
FoundAssembly enumerated_assembly(const SolvePlan& plan, const std::vector<PlacedPiece>& pieces,
                                  const Pattern* pattern = nullptr);

/// The tangram-solution/1 document of `found` (`tangram solve --json`); `with_stats`: the
/// search's counters too (not for the assemblies of an enumeration).
std::string assembly_json(const SolvePlan& plan, const FoundAssembly& found,
                          const std::string& pattern_name, bool with_stats);

/// The header line of `solve --all --json` and `--unique --json` (tangram-solutions/1): the pattern
/// named `pattern_name`, how it was read, the plan's set and how its pieces are used.
std::string enumeration_header_line(const SolvePlan& plan, const std::string& pattern_name);

/// The line of an assembly of an All or Unique result, as SolveHooks::assembly hands it over.
std::string enumeration_assembly_line(const SolvePlan& plan, long index,
                                      const std::vector<PlacedPiece>& pieces);

/// The summary of an enumeration's result: whether it found every assembly and why not, the
/// count, the time and the plan's settings.
SolutionsSummary enumeration_summary(const SolvePlan& plan, const SolveResult& result);

/// The picture of `found` on `pattern` (--image): twice the pattern's size, or its size when
/// its longer side exceeds 1000 px, with its caption and legend.
cv::Mat3b assembly_picture(const SolvePlan& plan, const Pattern& pattern,
                           const FoundAssembly& found);

/// The same picture as SVG (--svg), titled `title`.
std::string assembly_svg_text(const SolvePlan& plan, const Pattern& pattern,
                              const FoundAssembly& found, const std::string& title);

}  // namespace tangram
