#pragma once
/// \file puzzle_assembly.hpp
/// Random edge-to-edge assemblies of a piece set on its lattice, the figures of new puzzles
/// (docs/puzzles.md).

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/enumerate/all_solutions.hpp"
#include "tangram/core/enumerate/lattice_search.hpp"
#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/piece_set.hpp"
#include "tangram/core/puzzle/solution.hpp"

namespace tangram {

/// Which placements a new piece prefers: the longest boundary shared with the figure so far
/// (compact) or the shortest (sprawling).
enum class PuzzleStyle { Compact, Sprawling };

/// How random assemblies are laid.
struct PuzzleAssemblyConfig {
  PuzzleStyle style = PuzzleStyle::Compact;
  bool holes = false;      ///< a figure with a hole is kept (false: redrawn)
  bool reflection = true;  ///< the set's pieces may be turned over
  int attempts = 20;       ///< assemblies drawn before random_assembly() gives up
  int parts = 1;           ///< the figure's parts: the pieces split into this many, laid apart
};

/// An assembly on a lattice: each piece a configuration at a lattice point, every corner a
/// lattice point; `outlines` in lattice steps, counter-clockwise as seen, box at (0, 0).
struct PuzzleAssembly {
  double step = 0.0;                             ///< the lattice's step, set units
  std::vector<LatticePlacement> placements;      ///< per piece, into the lattice's configs
  std::vector<std::vector<cv::Point>> outlines;  ///< per piece, in steps
  cv::Size size;                                 ///< the bounding box, in steps
  int holes = 0;                                 ///< holes in the figure (assembly_holes())
};

/// One random assembly of every piece of `set` on `lattice` (piece_lattices()): pieces in a
/// random order cut into config.parts runs, each piece of a run laid corner to corner and edge
/// along edge with one of its run already laid (a full side or part of one), overlapping none;
/// the runs left to right a step apart. nullopt after config.attempts failed draws.
std::optional<PuzzleAssembly> random_assembly(const PieceSet& set, const PieceLattice& lattice,
                                              const PuzzleAssemblyConfig& config,
                                              std::mt19937_64& rng);

/// Whether the interiors of two outlines (lattice steps) overlap.
bool outlines_overlap(const std::vector<cv::Point>& a, const std::vector<cv::Point>& b);

/// The length of boundary the two outlines share (in steps): sides along one another.
double shared_boundary(const std::vector<cv::Point>& a, const std::vector<cv::Point>& b);

/// The holes of the union of `outlines` (steps), counted on samples at the four quarter
/// triangles of each lattice cell (exact when every side is axis-parallel or diagonal).
int assembly_holes(const std::vector<std::vector<cv::Point>>& outlines, cv::Size size);

/// A key of the figure the same for its turned and mirrored copies (and for any assembly of
/// the same figure): its quarter-cell samples, least over the square's eight symmetries.
std::vector<std::int32_t> assembly_figure_key(const PuzzleAssembly& assembly);

/// The figure as a pattern at `step_px` pixels per lattice step, `margin_px` around it: a
/// pixel is in it when its centre, nudged off the lattice's lines, is in a piece.
Pattern assembly_pattern(const PuzzleAssembly& assembly, int step_px, int margin_px);

/// The assembly's pieces posed in assembly_pattern()'s pixels, for `set` and `lattice`.
std::vector<PlacedPiece> assembly_pieces(const PuzzleAssembly& assembly, const PieceSet& set,
                                         const PieceLattice& lattice, int step_px, int margin_px);

}  // namespace tangram

namespace tangram {

/// The corners of an assembly's outline (holes' included), exactly on the lattice.
struct OutlineCorners {
  int corners = 0;  ///< points where the outline turns
  int joined = 0;   ///< of them, those two or more pieces make together (no one piece's corner)
};
OutlineCorners outline_corners(const PuzzleAssembly& assembly);

/// The same count for pieces posed anywhere (pixels): corners within `tolerance_px` of one
/// another are one point, angles summing to a straight or full turn within 0.1 rad are none.
OutlineCorners outline_corners(const std::vector<PlacedPiece>& pieces, double tolerance_px);

/// Whether a figure has one assembly: the exact enumeration (up to the figure's symmetry,
/// max_solutions 2) and its verdict.
struct PuzzleUniqueness {
  Enumeration enumeration;
  std::string refusal;  ///< why it could not be enumerated, or empty
  /// Exhaustive and exactly one class: no time limit decides it.
  bool unique() const {
    return refusal.empty() && enumeration.solutions == 1 && enumeration.exhausted;
  }
  /// Two classes found: certainly not unique.
  bool ambiguous() const { return enumeration.solutions >= 2; }
};

/// Enumerates `pattern`'s assemblies of config.pieces up to its symmetry, stopping at two.
PuzzleUniqueness puzzle_uniqueness(const Pattern& pattern, const SolverConfig& solver);

}  // namespace tangram
