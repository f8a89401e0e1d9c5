#pragma once
/// \file solution.hpp
/// An assembly of a set's pieces and the statistics of the search that produced it.

#include <string>
#include <vector>

#include "tangram/core/geometry.hpp"
#include "tangram/core/piece_set.hpp"

namespace tangram {

/// One piece of an assembly: its shape, its pose and its true (full-size) polygon in the pixel
/// frame of the pattern.
struct PlacedPiece {
  ShapeId shape = 0;  ///< index in the set (PieceSet::shapes())
  Pose pose;
  Polygon polygon;
};

/// Counters of one search run.
struct SolveStats {
  double seconds = 0.0;           ///< wall-clock time of solve(), rasterising the masks included
  long placements_tried = 0;      ///< placements executed (Algorithm 1, line 9)
  long backtracks = 0;            ///< pieces removed because the next piece ran out of options
  long validations_failed = 0;    ///< placements undone by the validation (Sec. III-D)
  double coverage = 0.0;          ///< covered share of the puzzle area (exact, true polygons)
  double overlap = 0.0;           ///< overlapping area / puzzle area
  double spill = 0.0;             ///< area outside the puzzle / puzzle area
  int threads = 0;                ///< worker threads used
  bool timed_out = false;         ///< the time limit ended the search
};

/// The outcome of a solve. When `solved` is false `pieces` may hold a partial assembly.
struct Solution {
  bool solved = false;
  std::vector<PlacedPiece> pieces;
  SolveStats stats;
};

}  // namespace tangram
