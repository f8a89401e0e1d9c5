#pragma once
/// \file solve_options.hpp
/// The options of a solve, named and valued as `tangram solve` names them, and how they become
/// the core's configuration. Every front end fills a SolveOptions; messages name the options
/// through the front end's OptionWords (the command line's by default).

#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tangram/core/enumerate/all_solutions.hpp"
#include "tangram/core/search/config.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/piece_sets.hpp"
#include "tangram/io/silhouette.hpp"
#include "tangram/service/option_words.hpp"

namespace tangram {

/// What a solve looks for.
enum class Goal {
  One,     ///< one assembly of every piece: the search
  All,     ///< every assembly (--all)
  Unique,  ///< whether there is exactly one: stops at the second (--unique)
  Fewest,  ///< of the assemblies of some pieces or of copies, one with the fewest pieces
  Most,    ///< ... one with the most pieces (--prefer more)
};

/// "one", "all", "unique", "fewest", "most".
std::string_view goal_name(Goal goal);

/// The time limit of a solve unless told otherwise (s): the command line's, the server's and
/// Python's default (`tangram experiment` keeps the paper's 360 s).
inline constexpr double kDefaultTimeLimitS = 60.0;

/// SolveOptions::time_limit_s for none: the solve runs until it is done or stopped, as `solve
/// --all` does without --time-limit. The core is given kNoTimeLimitS instead.
inline constexpr double kNoTimeLimit = std::numeric_limits<double>::infinity();

/// The time limit (s) the core is given for kNoTimeLimit: about 32 years.
inline constexpr double kNoTimeLimitS = 1e9;

/// The largest max_solutions.
inline constexpr long kMaxSolutionsLimit = 1'000'000'000;

/// A solve's options; the comment of each names its option of `tangram solve`.
struct SolveOptions {
  std::string pieces = "tangram";      ///< --pieces: a built-in set's name or a piece-set file
  std::string strategy;                ///< --strategy; empty: SolverConfig's (dt)
  std::string search = "ours";         ///< --search: ours, paper or vertex
  std::string rotation_step = "auto";  ///< --rotation-step: auto, degrees; empty: the set's own
  bool reflection = true;  ///< not --no-reflection (mirror images, if the set allows them)
  int candidates = SearchConfig{}.candidates_per_config;  ///< --candidates
  bool corners = SearchConfig{}.corners;                  ///< not --no-corners
  bool widen = SearchConfig{}.widen;                      ///< not --no-widen
  bool angle_hints = SearchConfig{}.angle_hints;          ///< not --no-angle-hints
  double inset_px = SearchConfig{}.inset_px;              ///< --inset; negative: automatic
  bool polish = SearchConfig{}.polish;                    ///< not --no-polish
  bool snap = SearchConfig{}.snap;                        ///< not --no-snap
  bool lattice_snap = SearchConfig{}.lattice_snap;        ///< not --no-lattice-snap
  bool exact = SearchConfig{}.grid_search;                ///< not --no-exact
  double time_limit_s = kDefaultTimeLimitS;               ///< --time-limit (s); kNoTimeLimit: none
  int threads = 0;                                        ///< --threads; 0 = all cores

  double threshold = InputConfig{}.threshold;  ///< --threshold (8-bit luminance)
  std::string invert = "auto";                 ///< --invert: auto, yes or no
  bool clean = true;                           ///< not --no-clean
  bool fill_outline = false;                   ///< --fill-outline
  std::string work_size = "auto";              ///< --work-size: auto, 0 or pixels
  ReadLimits limits;                           ///< --max-pixels, --max-image-mb

  bool all = false;                  ///< --all
  bool unique = false;               ///< --unique
  long max_solutions = 1'000'000;    ///< --max-solutions
  bool max_solutions_given = false;  ///< --max-solutions was given
  bool up_to_symmetry = false;       ///< --up-to-symmetry
  std::string use = "exact";         ///< --use: exact, subset or copies
  double figure_area = 0.0;          ///< --figure-area (square set units); 0 = not given
  std::string prefer = "fewer";      ///< --prefer: fewer or more
  /// --fixed: pieces kept where they are (the picture's frame), the others assembled around them.
  std::vector<PlacedPiece> fixed;
  /// The raster search's steps are watched (--frames, --verbose): the exact searches are skipped.
  bool show_steps = false;
};

/// The goal the options ask for: All, Unique, else Fewest or Most for --use subset or copies,
/// else One.
Goal goal_of(const SolveOptions& options);

/// Refuses values and combinations that `tangram solve` refuses (--use, --prefer,
/// --max-solutions, --figure-area, --up-to-symmetry, --unique, and --search paper or watched
/// steps with an enumeration), in its order. Throws UsageError, options spelled by `words`.
void check_solve_options(const SolveOptions& options, const OptionWords& words = cli_words);

/// How the picture is read (threshold, invert, clean, fill_outline, work_size), validated.
/// Throws UsageError.
InputConfig input_config(const SolveOptions& options, const OptionWords& words = cli_words);

/// The set `options.pieces` names (load_piece_set); its errors prefixed by the option's words.
PieceSetFile load_pieces(const SolveOptions& options, const OptionWords& words = cli_words);

/// The SolverConfig of `options` with the set `pieces` (null: SolverConfig's default set when
/// options.pieces names it, else load_pieces()): the set's own rotation step unless
/// rotation_step replaces it, reflection if both the set and the options allow it. Throws
/// UsageError for an unknown strategy or search or a bad step; ranges are validate_config's.
SolverConfig solver_config(const SolveOptions& options, const OptionWords& words = cli_words,
                           const PieceSetFile* pieces = nullptr);

/// How far an enumeration's count goes, in words: "all of them: the search was exhaustive",
/// "at least: the time limit ended the search", "at least: interrupted" or "at least: stopped
/// at --max-solutions N".
std::string count_qualifier(const Enumeration& found, long max_solutions,
                            const OptionWords& words = cli_words);

}  // namespace tangram
