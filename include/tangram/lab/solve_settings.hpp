#pragma once
/// \file solve_settings.hpp
/// The settings that `tangram solve` and `tangram serve` share: how their option values become
/// a SolverConfig, and which combinations of the enumeration options (--all, --use,
/// --figure-area, --max-solutions) they refuse. Both front ends fill a SolveSettings from their
/// own options (flags, a JSON object) and add only their own checks; the messages are the
/// command line's lines, word for word, so the server's errors read as the command line's.

#include <optional>
#include <string>

#include "tangram/core/enumerate/all_solutions.hpp"
#include "tangram/core/solve/solve.hpp"
#include "tangram/io/piece_sets.hpp"

namespace tangram {

/// Option values as the command line spells them (names, "auto" or degrees).
struct SolveSettings {
  /// --strategy: a placement strategy name (strategy_from_name); unset: SolverConfig's default.
  std::optional<std::string> strategy;
  std::string search = "ours";  ///< --search: ours, paper or vertex
  /// --rotation-step: "auto" (rotation_plan.hpp), a step in degrees, or empty: the set's own.
  std::string rotation_step = "auto";
  bool reflection = true;     ///< pieces may be mirrored (if the set allows); --no-reflection
  double time_limit_s = 0.0;  ///< --time-limit (s)
  int threads = 0;            ///< --threads; 0 = one per core
  bool all = false;           ///< --all: every assembly
  bool unique = false;        ///< --unique: stop at the second assembly (command line)
  std::string use = "exact";  ///< --use: exact, subset or copies (piece_use_from_name)
  double figure_area = 0.0;   ///< --figure-area: the figure's area in set units; 0 = unset
  bool max_solutions_given = false;  ///< --max-solutions was given
  bool show_steps = false;           ///< the search's steps are asked for (--frames, --verbose)
};

/// The SolverConfig of `settings` for the piece set `pieces` (already loaded, its own rotation
/// step and mirroring), or for SolverConfig's default set when null: the set, its rotation step
/// unless --rotation-step replaces it, reflection if both the set and the settings allow it, the
/// strategy, search, time limit and threads. Throws UsageError "--rotation-step: ...",
/// "--strategy: unknown strategy '...' (choose one of ...)" or "--search: unknown search '...'
/// (choose ours, paper or vertex)". Ranges are left to validate_config.
SolverConfig configure_solver(const SolveSettings& settings, const PieceSetFile* pieces);

/// The enumeration checks, in three steps so that each front end can put its own checks between
/// them in the command line's order: check_piece_use, [--prefer's value, --max-solutions'
/// range], check_figure_area, [--up-to-symmetry, --prefer, --unique], check_enumeration,
/// [--svg]. Each throws UsageError with the command line's line.

/// --use names a use: exact, subset or copies.
void check_piece_use(const SolveSettings& settings);

/// --figure-area is a positive finite number, given exactly when --use is subset or copies.
void check_figure_area(const SolveSettings& settings);

/// --max-solutions needs --all or --use subset or copies (--unique refuses it before); and when
/// the run enumerates (--all, --unique, --use subset|copies), neither --search paper nor the
/// search's steps apply.
void check_enumeration(const SolveSettings& settings);

/// How far an enumeration's count goes, in words: "all of them: the search was exhaustive",
/// "at least: the time limit ended the search", "at least: interrupted" or "at least: stopped
/// at --max-solutions N" (`max_solutions` the run's).
std::string count_qualifier(const Enumeration& found, long max_solutions);

}  // namespace tangram
