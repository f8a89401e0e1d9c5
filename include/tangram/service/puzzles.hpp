#pragma once
/// \file puzzles.hpp
/// The silhouette-puzzle job of every front end (`tangram generate puzzles`): random
/// edge-to-edge assemblies of a set, kept when the exact enumeration finds one assembly, repeats
/// skipped, each rated (docs/puzzles.md).

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "tangram/core/generate/puzzle_assembly.hpp"
#include "tangram/service/option_words.hpp"
#include "tangram/service/solve.hpp"

namespace tangram {

/// The options of `tangram generate puzzles`; the comment of each names its option.
struct PuzzleOptions {
  std::string pieces = "tangram";   ///< --pieces: a built-in set's name or a piece-set file
  int count = 10;                   ///< --count: puzzles wanted
  std::uint64_t seed = 1;           ///< --seed
  std::string style = "sprawling";  ///< --style: sprawling or compact
  bool holes = false;               ///< --holes: figures with holes allowed
  int parts = 1;                    ///< --parts: the figure's parts (pieces laid apart)
  long budget = 2000;               ///< --budget: placements each rating search may make
  long max_candidates = 0;          ///< --max-candidates: figures drawn at most (0: 50 per puzzle)
  int threads = 0;                  ///< --threads; 0 = all cores
};

/// Refuses values `tangram generate puzzles` refuses. Throws UsageError.
void check_puzzle_options(const PuzzleOptions& options, const OptionWords& words = cli_words);

/// A search's effort on a figure, stopped after a budget of placements.
struct SearchEffort {
  long placements = 0;  ///< placements made, summed over the solve's stages
  long backtracks = 0;
  bool solved = false;  ///< it found an assembly within the budget
};

/// A puzzle's difficulty and what it is made of (docs/puzzles.md).
struct PuzzleRating {
  long enumeration = 0;  ///< placements of the enumeration that proved it unique (0: not run)
  SearchEffort paper;    ///< Algorithm 1 as published (--search paper), the set's own step
  SearchEffort search;   ///< the default search
  int corners = 0;       ///< corners of the outline
  int joined = 0;        ///< of them, made by two or more pieces together
  int holes = 0;
  int parts = 1;
  double rating = 0.0;  ///< the difficulty, 0 (easy) to 10
};

/// The rating of `r`'s measures (its `rating` left out): docs/puzzles.md's formula.
double puzzle_rating(const PuzzleRating& r);

/// Rates the figure of `image` (a silhouette read as `tangram solve` reads it) for the set
/// `pieces`: Algorithm 1 and the default search, each on one thread stopped after `budget`
/// placements; corners counted on `assembly` (the image's pixels; null: the default search's
/// assembly, none when it found none); holes and parts on the figure. The same on any thread.
/// Throws UsageError or InputError.
PuzzleRating rate_figure(const cv::Mat& image, const std::string& pieces, long budget,
                         const std::vector<PlacedPiece>* assembly = nullptr,
                         const OptionWords& words = cli_words);

/// The header of puzzles.csv's measures and rating, without its leading name and pieces.
extern const std::string_view kRatingColumns;

/// `r` as a puzzles.csv row's measures and rating (kRatingColumns), no newline.
std::string rating_cells(const PuzzleRating& r);

/// A generated puzzle.
struct SilhouettePuzzle {
  std::string name;    ///< "puzzle-001", in the order kept
  long candidate = 0;  ///< the candidate index it came from (its RNG stream)
  PuzzleAssembly assembly;
  Pattern pattern;                  ///< the silhouette, margin round it
  std::vector<PlacedPiece> pieces;  ///< its one assembly, in the pattern's pixels
  PuzzleRating rating;
};

/// What a run made.
struct SilhouettePuzzles {
  SolvePlan plan;  ///< the set and settings the puzzles were decided with
  std::vector<SilhouettePuzzle> puzzles;
  long candidates = 0;  ///< figures drawn
  long repeats = 0;     ///< the same figure as an earlier one, turned or mirrored
  long ambiguous = 0;   ///< two assemblies or more
  long skipped = 0;     ///< no figure drawn, or not enumerable
  double seconds = 0.0;
  Answer answer = Answer::None;  ///< Found: --count made; Incomplete: fewer; None: none
  std::string summary;           ///< "10 puzzles of tangram (53 figures drawn: ...) in 2.1 s"
};

/// Called after each candidate: candidates drawn, puzzles kept so far.
using PuzzleProgress = std::function<void(long candidates, long kept)>;

/// Runs `options` (after check_puzzle_options()). The same seed gives the same puzzles for any
/// thread count. Throws UsageError for a set without a lattice.
SilhouettePuzzles make_silhouette_puzzles(const PuzzleOptions& options,
                                          const PuzzleProgress& progress = {},
                                          const OptionWords& words = cli_words);

/// The puzzle's tangram-solution/1 document, naming its picture `pattern_name`.
std::string silhouette_puzzle_json(const SilhouettePuzzles& run, const SilhouettePuzzle& puzzle,
                                   const std::string& pattern_name);

/// puzzles.csv: name, pieces, then kRatingColumns.
std::string silhouette_puzzles_csv(const SilhouettePuzzles& run);

}  // namespace tangram
