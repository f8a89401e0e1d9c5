#pragma once
/// \file half_square_dissection.hpp
/// Congruent dissections of figures of half-squares (docs/design/dissection.md).

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

namespace tangram {

/// The triangle between square (row, col)'s centre and its side (0 top, 1 right, 2 bottom).
struct Quarter {
  int row = 0;
  int col = 0;
  int side = 0;
  friend bool operator==(Quarter a, Quarter b) {
    return a.row == b.row && a.col == b.col && a.side == b.side;
  }
  friend bool operator!=(Quarter a, Quarter b) { return !(a == b); }
  friend bool operator<(Quarter a, Quarter b) {
    if (a.row != b.row) return a.row < b.row;
    return a.col != b.col ? a.col < b.col : a.side < b.side;
  }
};

/// A set of quarters, sorted (a piece or a figure).
using Quarters = std::vector<Quarter>;

/// A dissection into pieces of quarters: each piece sorted, the pieces sorted.
using HalfDissection = std::vector<Quarters>;

/// The figure of a text grid: '#' full, '.' empty, '7' '9' '1' '3' (or '◤' '◥' '◣' '◢') the
/// half-square in that corner. Throws InputError naming the line and column.
Quarters parse_half_grid(std::string_view text);

/// The text grid of `figure` in ASCII ('?' for a square of other quarters).
std::string half_grid_text(const Quarters& figure);

/// The squares that `quarters` (non-empty) touch, bounds included.
struct SquareBox {
  int first_row = 0, first_col = 0, last_row = 0, last_col = 0;
};
SquareBox square_box(const Quarters& quarters);

/// Whether `quarters` (non-empty) are connected through shared sides.
bool quarters_connected(const Quarters& quarters);

/// `q` under symmetry `t` (transform_cell's) about the top-left corner of square (0, 0).
Quarter transform_quarter(Quarter q, int t);

/// Whether each square `piece` touches holds none, all or one half-square of it.
bool made_of_half_squares(const Quarters& piece);

/// The symmetries t mapping `figure` onto itself up to whole squares (0 among them).
std::vector<int> half_figure_symmetries(const Quarters& figure);

/// The least sorted form of `d` under the figure's symmetries: one per class.
HalfDissection half_canonical_up_to_symmetry(const Quarters& figure, const HalfDissection& d);

/// The most quarters a figure may have.
inline constexpr std::size_t kMaxHalfDissectQuarters = 4096;

/// What to look for.
struct DissectHalvesConfig {
  int parts = 2;                ///< K, the number of pieces
  bool mirror = true;           ///< pieces may be mirror images of each other
  bool halves = true;           ///< each piece made of whole half-squares; false: of quarters
  bool up_to_symmetry = false;  ///< one dissection per class under the figure's symmetries
                                ///< (half_canonical_up_to_symmetry)
  long max_solutions = 0;       ///< stop at this many dissections; 0 = all
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
};

/// What was found.
struct DissectHalvesResult {
  std::vector<HalfDissection> solutions;  ///< distinct, sorted; with up_to_symmetry each the
                                          ///< least of its class
  bool complete = true;  ///< false when max_solutions or the deadline stopped the search
  bool timed_out = false;
  long nodes = 0;  ///< search steps taken
};

/// Throws InputError unless `figure` is non-empty, connected, without repeats, of at most
/// kMaxHalfDissectQuarters, its area a multiple of `parts` pieces; UsageError for `parts` < 1.
void check_half_dissectable(const Quarters& figure, int parts, bool halves);

/// Every dissection into config.parts congruent connected pieces, each once; deterministic.
DissectHalvesResult half_dissect(const Quarters& figure, const DissectHalvesConfig& config = {});

}  // namespace tangram
