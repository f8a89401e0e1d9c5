#pragma once
/// \file generate.hpp
/// The generate job of every front end (`tangram generate dissection`, Python's generate()):
/// Kotani's congruent dissection puzzles from a seed (congruent_dissection.hpp), its options
/// checked, the puzzles sorted, named and worded.

#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "tangram/core/dissection/congruent_dissection.hpp"
#include "tangram/service/option_words.hpp"
#include "tangram/service/solve.hpp"

namespace tangram {

/// The most squares GenerateOptions::cells takes: generating means solving many figures.
inline constexpr int kMaxGenerateCells = 200;
/// The most puzzles GenerateOptions::count takes.
inline constexpr long kMaxGenerateCount = 100000;

/// The options of puzzle generation; the comment of each names its option of `tangram generate
/// dissection`.
struct GenerateOptions {
  int parts = 2;                             ///< --parts: K
  int cells = 0;                             ///< --cells: N, squares of the whole figure (required)
  bool holes = false;                        ///< --holes
  int from_square = 0;                       ///< --from-square: S
  bool from_piece = false;                   ///< --from-piece
  bool long_cut = false;                     ///< --long-cut
  std::string method;                        ///< --method; empty: halving for K = 2, ours for more
  bool mirror = true;                        ///< not --no-mirror
  long count = 10;                           ///< --count: M
  std::uint64_t seed = 1;                    ///< --seed
  double time_limit_s = kDefaultTimeLimitS;  ///< --time-limit (s)
  long max_candidates = 0;                   ///< --max-candidates: figures tried in all; 0 = any
  double min_difficulty = -std::numeric_limits<double>::infinity();  ///< --min-difficulty
  std::string sort;  ///< --sort: empty (seed order), amusement, difficulty1 or difficulty2
  int threads = 0;   ///< --threads; 0 = all cores
};

/// Refuses values and combinations that `tangram generate dissection` refuses. Throws
/// UsageError.
void check_generate_options(const GenerateOptions& options, const OptionWords& words = cli_words);

/// A generated puzzle and its name ("puzzle-001", in the order of the list).
struct NamedPuzzle {
  std::string name;
  DissectionPuzzle puzzle;
};

/// What a generation gave.
struct GeneratedPuzzles {
  std::vector<NamedPuzzle> puzzles;         ///< sorted as --sort asks, named in that order
  long requested = 0;                       ///< --count
  long candidates = 0;                      ///< figures tried
  long seeds = 0;                           ///< seeds used
  GenerateStop stop = GenerateStop::count;  ///< why it stopped
  bool mirror = true;                       ///< the pieces may be mirror images
  Answer answer = Answer::None;             ///< Found (all), Incomplete (fewer), None
  bool complete() const { return stop == GenerateStop::count; }  ///< all `requested` found
  /// "N of M puzzles in X s (C candidates, S seeds; ...)", the line `tangram generate
  /// dissection` prints before the sheet's path.
  std::string summary;
};

/// Generates the puzzles `options` ask for (after check_generate_options), calling `progress`
/// with the puzzles so far; the time limit counts from `started`.
GeneratedPuzzles generate_dissection_puzzles(
    const GenerateOptions& options, std::chrono::steady_clock::time_point started,
    const std::function<void(const PuzzleSet& so_far)>& progress = {},
    const OptionWords& words = cli_words);

/// The heading of the puzzles' sheet: "12 congruent dissection puzzles: 14 squares into 2
/// pieces, with holes (seed 1)".
std::string puzzles_title(const GenerateOptions& options, std::size_t puzzles);

}  // namespace tangram
