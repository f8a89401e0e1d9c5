#pragma once
/// \file congruent_dissection.hpp
/// Congruent dissection puzzles (Y. Kotani, "Automatic Generation of Congruent Figure
/// Dissection Problems"): a polyomino is cut along grid lines into K pieces of the same shape
/// (turned, and mirrored when allowed), each piece edge-connected.
///
/// Two solvers: Kotani's as published (K = 2: piece 1 starts at the first cell, piece 2 at a
/// chosen cell o2 under a chosen rotation and mirror; cells assigned in pairs) and ours for any
/// K (the same pairing, but each piece's start and transform chosen when its first cell comes
/// up, so that no (start, transform) tuple is enumerated up front). Both report every
/// dissection once up to permuting the pieces, and optionally once per class under the
/// figure's own symmetries.

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

/// A dissection: its pieces, each sorted, the pieces sorted (the canonical form that makes two
/// dissections that differ only in the order of their pieces equal).
using Dissection = std::vector<Cells>;

/// The figure of a text grid: '#' a filled cell, '.' (or a space) an empty one, one row a line;
/// rows may differ in length. Throws InputError (one line, naming the line and column) for
/// any other character, or when no cell is filled.
Cells parse_grid(std::string_view text);

/// The text grid of `cells` ('#' and '.', one row a line, each ending in '\n'), in the frame
/// of their bounding box.
std::string grid_text(const Cells& cells);

/// Whether `cells` (non-empty) are edge-connected (corners do not count).
bool edge_connected(const Cells& cells);

/// The image of `cell` under square symmetry `t` in [0, 8): rotation by t % 4 quarter turns,
/// mirrored (columns negated first) when t >= 4. The identity is 0.
Cell transform_cell(Cell cell, int t);

/// `cells` under symmetry `t`, moved so that their bounding box starts at (0, 0), sorted.
Cells normalized(const Cells& cells, int t = 0);

/// Whether `a` and `b` are the same shape after a translation and one of the square symmetries
/// (the four rotations, and their mirror images when `mirror`).
bool congruent(const Cells& a, const Cells& b, bool mirror = true);

/// The most squares a figure may have: the searches recurse once per assigned square.
inline constexpr std::size_t kMaxDissectCells = 4096;

/// Throws InputError (one line) unless `figure` can be asked for K congruent pieces: it is
/// non-empty, of at most kMaxDissectCells squares, edge-connected, without repeated cells,
/// K >= 1 and its area a multiple of K.
void check_dissectable(const Cells& figure, int parts);

/// `d` with its pieces sorted and each piece sorted.
Dissection canonical(Dissection d);

/// The symmetries t (transform_cell) that map `figure` onto itself up to a translation; 0 is
/// always among them.
std::vector<int> figure_symmetries(const Cells& figure);

/// The least canonical form of `d` under the symmetries of `figure` (figure_symmetries): one
/// representative per class of dissections that the figure's symmetries exchange.
Dissection canonical_up_to_symmetry(const Cells& figure, const Dissection& d);

/// Whether a symmetry of `figure` itself (not the identity) carries one piece of `d` onto
/// another and `d` onto itself: the dissection Kotani's generator rejects as trivial, found
/// from the figure's symmetry alone.
bool symmetric_dissection(const Cells& figure, const Dissection& d);

/// Whether the checkerboard colours of `figure` allow `parts` congruent pieces: a piece turned,
/// turned over and moved keeps its counts of dark and light squares (b, w) or swaps them (w, b),
/// so the figure's dark squares must be j b + (K - j) w for some j in 0..K and b + w = N / K.
/// False proves that there is no dissection (two pieces: the dark count must be even or N / 2).
bool colour_counts_allow(const Cells& figure, int parts);

enum class DissectMethod {
  Kotani,   ///< the paper's search (K = 2 only)
  Ours,     ///< pieces opened as their first cell comes up (any K); colour_counts_allow first
  Halving,  ///< K = 2 only: per isometry, the chains s -> T(s) in the figure force the pieces
            ///< (detail/halving_search.hpp); colour_counts_allow first
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

/// Every dissection of `figure` into config.parts congruent edge-connected pieces. Checks the
/// figure (check_dissectable) and throws UsageError for Kotani or Halving with K != 2, or K < 1.
/// Deterministic.
DissectResult dissect(const Cells& figure, const DissectConfig& config = {});

/// Kotani's five attributes of a puzzle, as the paper names them: X1 the squares in a piece,
/// X2 the "surface length" of a piece, X3 the length of the dissection line, X4 1 when the
/// pieces are turned 90 degrees to each other, X5 1 when they are mirror images.
struct DissectionAttributes {
  double x1 = 0, x2 = 0, x3 = 0, x4 = 0, x5 = 0;
};

/// The attributes of dissection `d` of `figure`, as we read the paper (its Fig. 2 example,
/// 7, 10, 4, 1, 1, fits): X1 the squares of a piece; X3 the unit edges between squares of
/// different pieces (the cut); X2 the unit edges of a piece's boundary on the figure's outline
/// (holes included; the mean over the pieces, which for K = 2 is the piece's perimeter less
/// the cut); X4 and X5 from the simplest symmetry that maps piece 1 onto another piece (a
/// translation or half turn before a quarter turn, a turn before a mirror image): X4 = 1 when a
/// quarter turn is needed for some piece, X5 = 1 when a mirror image is.
DissectionAttributes attributes(const Cells& figure, const Dissection& d);

/// The paper's three least-squares estimates.
struct DissectionRating {
  double difficulty1 = 0, difficulty2 = 0, amusement = 0;
};

/// difficulty1 = 0.300 X1 + 0.010 X2 - 0.102 X3 + 0.224 X4 - 0.091 X5 - 2.445, and likewise
/// difficulty2 and amusement with the paper's coefficients.
DissectionRating rate(const DissectionAttributes& a);

/// Generators of puzzles: a random figure, kept when it has exactly one dissection into `parts`
/// congruent pieces and the figure's own symmetry does not make it. Kotani's three (grown,
/// with holes, cut off a square) and ours (from_piece).
struct GenerateConfig {
  int parts = 2;
  int cells = 14;       ///< squares of the whole figure (a multiple of parts)
  bool holes = false;   ///< grown, then some inner squares taken out (holes); with from_piece:
                        ///< the figure may have holes (without: it may not)
  int from_square = 0;  ///< > 0: squares cut off the edge of a from_square x from_square square
  /// Ours: a piece of cells / parts squares grown as Kotani's figures are, then parts - 1 copies
  /// of it, each under a random square symmetry laid at a random place where it touches the
  /// figure so far along an edge without overlapping it (every such place as likely). The figure
  /// has a dissection by construction; it is kept on the same terms as Kotani's.
  bool from_piece = false;
  /// With from_piece: each copy laid only where it touches the figure so far along the most
  /// edges (a long cut, a compact figure), each such place as likely.
  bool longest_contact = false;
  bool mirror = true;  ///< pieces may be mirror images
  /// The solver that checks each figure: by default Halving for two pieces, Ours for more (the
  /// same puzzles with any method that can cut into `parts`).
  std::optional<DissectMethod> method;
  /// Keep only puzzles whose difficulty1 (rate()) is at least this.
  double min_difficulty1 = -std::numeric_limits<double>::infinity();
  long max_candidates = 100000;  ///< figures tried at most (per puzzle)
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

/// One puzzle from `seed` (deterministic: the same seed, the same puzzle on every platform), or
/// none when max_candidates or the deadline came first. Figures grow from one square by random
/// squares on their surface (Kotani's first generator), with holes (his second), or lose random
/// edge squares from a square (his third), or are copies of one random piece (ours,
/// from_piece). Throws UsageError for cells not a positive multiple of parts, a square too small
/// for them, from_piece with from_square, or a method that cannot cut into `parts`.
std::optional<DissectionPuzzle> generate_puzzle(const GenerateConfig& config, std::uint64_t seed);

/// The seed of the i-th puzzle of a set generated from `seed` (generate_puzzles).
std::uint64_t puzzle_seed(std::uint64_t seed, std::uint64_t i);

/// A set of generated puzzles, and what it took.
struct PuzzleSet {
  std::vector<DissectionPuzzle> puzzles;
  long candidates = 0;     ///< figures tried for the puzzles in the set and the ones skipped
  long seeds = 0;          ///< seeds used (puzzles, repeats and seeds that gave none)
  bool complete = true;    ///< false when the deadline came before `count` puzzles, or:
  bool exhausted = false;  ///< kMaxBarrenSeeds seeds in a row gave no new puzzle
};

/// generate_puzzles gives up after this many seeds in a row without a new puzzle (a size with
/// few puzzles, all found; or none at all, as for a domino's two halves).
inline constexpr long kMaxBarrenSeeds = 2000;

/// `count` puzzles from `seed`: generate_puzzle(config, puzzle_seed(seed, i)) for i = 0, 1, ...
/// taken in order of i, a puzzle whose figure repeats an earlier one's (up to a translation,
/// a rotation or a reflection) skipped, until there are `count`, or the deadline comes or
/// kMaxBarrenSeeds seeds in a row give nothing new (then a shorter list, complete false). Seeds run
/// concurrently (parallel.hpp) in batches, but the result is always the first `count` puzzles of
/// that sequence: the same for any number of threads. `progress` (optional) is called on the
/// caller's thread after each batch.
PuzzleSet generate_puzzles(const GenerateConfig& config, std::size_t count, std::uint64_t seed,
                           const std::function<void(const PuzzleSet&)>& progress = {});

}  // namespace tangram
