#pragma once
/// \file congruent_dissection.hpp
/// Congruent dissections of polyominoes and their generators, after Y. Kotani (docs/design/
/// dissection.md).

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tangram {

/// A unit square of a grid figure: row (down) and column (right).
struct Cell {
  int row = 0;
  int col = 0;
  friend bool operator==(Cell a, Cell b) { return a.row == b.row && a.col == b.col; }
  friend bool operator!=(Cell a, Cell b) { return !(a == b); }
  friend bool operator<(Cell a, Cell b) { return a.row != b.row ? a.row < b.row : a.col < b.col; }
};

/// A set of cells, sorted row by row (a piece, or a whole figure).
using Cells = std::vector<Cell>;

/// A dissection: each piece sorted, the pieces sorted (canonical).
using Dissection = std::vector<Cells>;

/// The figure of a text grid ('#' filled, '.' or space empty). Throws InputError naming the
/// line and column of another character, or for no cell.
Cells parse_grid(std::string_view text);

/// The text grid of `cells` in their bounding box, each line ending in '\n'.
std::string grid_text(const Cells& cells);

/// Whether `cells` (non-empty) are edge-connected (corners do not count).
bool edge_connected(const Cells& cells);

/// `cell` under symmetry `t` in [0, 8): t % 4 quarter turns, mirrored first when t >= 4.
Cell transform_cell(Cell cell, int t);

/// `cells` under symmetry `t`, moved so that their bounding box starts at (0, 0), sorted.
Cells normalized(const Cells& cells, int t = 0);

/// Whether `a` and `b` are congruent (mirror images only when `mirror`).
bool congruent(const Cells& a, const Cells& b, bool mirror = true);

/// The most squares a figure may have: the searches recurse once per assigned square.
inline constexpr std::size_t kMaxDissectCells = 4096;

/// Throws InputError unless `figure` is non-empty, edge-connected, without repeats, of at most
/// kMaxDissectCells squares, and `parts` >= 1 divides its area.
void check_dissectable(const Cells& figure, int parts);

/// `d` with its pieces sorted and each piece sorted.
Dissection canonical(Dissection d);

/// The symmetries t mapping `figure` onto itself up to a translation (0 among them).
std::vector<int> figure_symmetries(const Cells& figure);

/// The least canonical form of `d` under the figure's symmetries: one per class.
Dissection canonical_up_to_symmetry(const Cells& figure, const Dissection& d);

/// Whether a symmetry of `figure` itself makes `d` (trivial for Kotani's generator).
bool symmetric_dissection(const Cells& figure, const Dissection& d);

/// Whether the checkerboard colours allow `parts` congruent pieces; false proves there is none.
bool colour_counts_allow(const Cells& figure, int parts);

enum class DissectMethod {
  Kotani,   ///< the paper's search (K = 2 only)
  Ours,     ///< pieces opened as their first cell comes up (any K); colours checked first
  Halving,  ///< K = 2: each isometry's chains s -> T(s) force the pieces; colours checked first
};

/// What to look for.
struct DissectConfig {
  int parts = 2;                ///< K, the number of pieces
  bool mirror = true;           ///< pieces may be mirror images of each other
  bool up_to_symmetry = false;  ///< one dissection per class under the figure's symmetries
  long max_solutions = 0;       ///< stop at this many (distinct) dissections; 0 = all
  DissectMethod method = DissectMethod::Ours;
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
};

/// What was found.
struct DissectResult {
  std::vector<Dissection> solutions;  ///< distinct, sorted, each canonical
  bool complete = true;  ///< false when max_solutions or the deadline stopped the search
  bool timed_out = false;
  long nodes = 0;  ///< search steps taken
};

/// Every dissection into config.parts congruent connected pieces; deterministic. Throws as
/// check_dissectable(), UsageError for a method that cannot cut into K.
DissectResult dissect(const Cells& figure, const DissectConfig& config = {});

/// Kotani's five attributes X1 to X5 of a puzzle.
struct DissectionAttributes {
  double x1 = 0, x2 = 0, x3 = 0, x4 = 0, x5 = 0;
};

/// The attributes of `d` as we read the paper (docs/design/dissection.md).
DissectionAttributes attributes(const Cells& figure, const Dissection& d);

/// The paper's three least-squares estimates.
struct DissectionRating {
  double difficulty1 = 0, difficulty2 = 0, amusement = 0;
};

/// The paper's three linear estimates of `a`.
DissectionRating rate(const DissectionAttributes& a);

/// Generators: random figures with exactly one non-trivial dissection.
struct GenerateConfig {
  int parts = 2;
  int cells = 14;       ///< squares of the whole figure (a multiple of parts)
  bool holes = false;   ///< grown, then some inner squares taken out (holes); with from_piece:
                        ///< the figure may have holes (without: it may not)
  int from_square = 0;  ///< > 0: squares cut off the edge of a from_square x from_square square
  /// Ours: copies of one random piece laid edge to edge.
  bool from_piece = false;
  /// With from_piece: each copy laid only where it touches the figure along the most edges.
  bool longest_contact = false;
  bool mirror = true;  ///< pieces may be mirror images
  /// The solver that checks each figure: by default Halving for two pieces, Ours for more.
  std::optional<DissectMethod> method;
  /// Keep only puzzles whose difficulty1 (rate()) is at least this.
  double min_difficulty1 = -std::numeric_limits<double>::infinity();
  long max_candidates = 100000;  ///< figures tried at most (per puzzle)
  /// generate_puzzles: figures tried at most in all, a bound that does not hang on the clock;
  /// 0 = none.
  long max_total_candidates = 0;
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
};

/// A generated puzzle, its one dissection and Kotani's rating of it.
struct DissectionPuzzle {
  Cells figure;  ///< in the frame of its text grid (grid_text): least row and column 0
  Dissection solution;
  DissectionAttributes attributes;
  DissectionRating rating;
  long candidates = 0;     ///< figures tried for this one
  std::uint64_t seed = 0;  ///< the seed it came from (generate_puzzle)
};

/// One puzzle from `seed` (the same on every platform), or none within the limits. Throws
/// UsageError for an inconsistent config.
std::optional<DissectionPuzzle> generate_puzzle(const GenerateConfig& config, std::uint64_t seed);

/// The seed of the i-th puzzle of a set generated from `seed` (generate_puzzles).
std::uint64_t puzzle_seed(std::uint64_t seed, std::uint64_t i);

/// Why generate_puzzles stopped.
enum class GenerateStop {
  count,       ///< all `count` puzzles found
  deadline,    ///< GenerateConfig::deadline
  barren,      ///< kMaxBarrenSeeds seeds in a row gave no new puzzle
  candidates,  ///< GenerateConfig::max_total_candidates figures tried
};

/// A set of generated puzzles, and what it took.
struct PuzzleSet {
  std::vector<DissectionPuzzle> puzzles;
  long candidates = 0;  ///< figures tried for the puzzles in the set and the ones skipped
  long seeds = 0;       ///< seeds used (puzzles, repeats and seeds that gave none)
  GenerateStop stop = GenerateStop::count;
  bool complete() const { return stop == GenerateStop::count; }
};

/// generate_puzzles gives up after this many seeds in a row without a new puzzle.
inline constexpr long kMaxBarrenSeeds = 2000;

/// The first `count` distinct puzzles of generate_puzzle(config, puzzle_seed(seed, i)), the same
/// for any thread count. `progress` runs on the caller's thread.
PuzzleSet generate_puzzles(const GenerateConfig& config, std::size_t count, std::uint64_t seed,
                           const std::function<void(const PuzzleSet&)>& progress = {});

}  // namespace tangram
