#pragma once
/// \file half_square_dissection.hpp
/// Congruent dissections of figures made of half-squares (right isosceles triangles, the
/// Tangram's unit): issue 16 item 6, beyond Kotani's squares (congruent_dissection.hpp).
///
/// The lattice: every unit square is cut by both diagonals into four quarter triangles
/// (the tetrakis square tiling); a half-square is two quarters that share a half-diagonal, a
/// full square four. Figures and pieces are sets of quarters, cut along the grid lines and the
/// diagonals; with DissectHalvesConfig::halves (the default) every piece must itself be made
/// of whole half-squares (no half-square cut in two along its other diagonal).
///
/// Congruence. The 8 symmetries of the square (transform_cell) about a square's centre,
/// composed with integer translations, map the quarters onto quarters; an isometry that maps a
/// lattice piece onto another lattice piece is one of these whenever the piece has a boundary
/// edge along a grid line: such an edge has an integer length, while edges along diagonals
/// have lengths in (sqrt 2 / 2) N, so no 45-degree turn can map one onto the other (45-degree
/// rotations are never needed), and the edge's integer end points must go to integer points.
/// Pieces bounded by diagonals only are unions of "diamonds" (two quarters across a grid
/// edge); these may also be moved by half a square along both axes, which maps the diamond
/// lattice onto itself but not the quarters. Such pieces are polyominoes of the diamond
/// lattice (a square grid turned by 45 degrees), and half_dissect finds them with the square
/// solver (dissect) there. So the congruence is exact.

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

namespace tangram {

/// A quarter of the unit square (row, col): the triangle between its centre and its side
/// `side` (0 top, 1 right, 2 bottom, 3 left; rows go down).
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

/// The figure of a text grid, one character a unit square: '#' full, '.' or a space empty,
/// and a half-square by the corner it fills, as on a numeric keypad: '7' top left, '9' top
/// right, '1' bottom left, '3' bottom right (the UTF-8 triangles U+25E4 '◤', U+25E5 '◥',
/// U+25E3 '◣', U+25E2 '◢' are read as the same). Throws InputError (one line, naming the line
/// and column) for any other character, or when nothing is filled.
Quarters parse_half_grid(std::string_view text);

/// The text grid of `figure` in parse_half_grid's ASCII characters, in the frame of the
/// bounding box of its squares; a square whose quarters are not empty, full or one
/// half-square is written '?'.
std::string half_grid_text(const Quarters& figure);

/// The squares that `quarters` (non-empty) touch: rows first_row..last_row, columns
/// first_col..last_col.
struct SquareBox {
  int first_row = 0, first_col = 0, last_row = 0, last_col = 0;
};
SquareBox square_box(const Quarters& quarters);

/// Whether `quarters` (non-empty) are connected through shared sides (a half-diagonal inside a
/// square, or a grid edge between squares); touching at a point does not count.
bool quarters_connected(const Quarters& quarters);

/// The image of quarter `q` under square symmetry `t` in [0, 8) (transform_cell's convention),
/// applied about the origin of the plane (the top-left corner of square (0, 0)).
Quarter transform_quarter(Quarter q, int t);

/// Whether every square that `piece` touches holds none, all, or exactly one half-square
/// (two quarters with adjacent sides) of it.
bool made_of_half_squares(const Quarters& piece);

/// The symmetries t (transform_quarter) that map `figure` onto itself up to a translation by
/// whole squares; 0 is always among them. For a figure with a boundary edge on a grid line these
/// are all of its symmetries (see above).
std::vector<int> half_figure_symmetries(const Quarters& figure);

/// The least form of `d` (each piece sorted, the pieces sorted; the least such list) among its
/// images under the symmetries of `figure`: one representative per class of dissections that
/// the figure's own rotations and reflections exchange. These are half_figure_symmetries(),
/// and when every piece of `d` is bounded by diagonals only (so the figure is too), every
/// symmetry of the figure on the diamond lattice: a figure of diamonds may also be symmetric
/// about a line or point half a square off the quarters' symmetries (never one read from a
/// text grid: its outline turns at grid points only).
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

/// Throws InputError (one line) unless `figure` can be asked for K congruent pieces: non-empty,
/// at most kMaxHalfDissectQuarters quarters, no quarter repeated, connected (quarters_connected),
/// its area a multiple of K pieces (of half-squares when `halves`); UsageError for K < 1.
void check_half_dissectable(const Quarters& figure, int parts, bool halves);

/// Every dissection of `figure` into config.parts congruent connected pieces, each once up to
/// the order of the pieces. Our search (the pairing of congruent_dissection.hpp's DissectMethod::
/// Ours on quarters: the first free quarter goes to piece 1 with its images in the opened
/// pieces, to an opened piece with its preimage in piece 1, or opens the next piece under a
/// chosen symmetry), plus the diamond-lattice search for pieces bounded by diagonals only.
/// config.max_solutions counts classes with up_to_symmetry. Deterministic.
DissectHalvesResult half_dissect(const Quarters& figure, const DissectHalvesConfig& config = {});

}  // namespace tangram
