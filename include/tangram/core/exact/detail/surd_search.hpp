#pragma once
/// \file surd_search.hpp
/// The vertex search (vertex_search.hpp) in exact arithmetic, for figures on the Tangram's
/// lattice: every piece of the set, at every 45-degree turn (and mirrored), has its corners at
/// (a + b sqrt 2) g of each other for whole a, b and a step g of 1/m set units
/// (surd_geometry.hpp), and so has every assembly of such pieces laid corner to corner. When
/// the figure's outline snaps onto that lattice (each edge in one of the eight directions and
/// of such a length, within 1.5 px, the rings closing exactly and the area exactly the set's),
/// the search runs on the exact remainder: a piece is laid at a convex corner with its edge
/// along the corner's longer edge, kept only when no edge of the remainder meets its interior
/// (no spill, no tolerance), and cut away exactly; no opening, no simplification, no
/// Boost.Geometry. Each level takes the corner with the fewest such placements (a corner with
/// none ends it), the pieces largest first, one copy per shape (copies never swapped), the
/// remainder's parts must each have the area of some of the pieces left, exactly, and a state
/// (remainder and pieces left) found dead once is not searched again.
///
/// It is an accelerator: an assembly must still pass verify_solution() on the judge pattern
/// and `accept`; a figure that does not snap, or whose lattice search finds nothing, is left to
/// the vertex search on the outline.

#include <chrono>
#include <optional>
#include <vector>

#include "tangram/core/exact/vertex_search.hpp"
#include "tangram/core/geometry/detail/surd_geometry.hpp"
#include "tangram/core/geometry/outline.hpp"
#include "tangram/core/puzzle/piece_set.hpp"

namespace tangram {

/// The lattice step of `set` in set units: the largest 1/m (m up to 16) such that every shape at
/// every 45-degree turn, mirrored too when `reflection`, has its corners at lattice offsets of
/// each other; nullopt when there is none, a shape is curved or not convex, or the set's
/// figures are not made of 45-degree turns (PieceSet::grid_step_deg()).
std::optional<double> surd_step(const PieceSet& set, bool reflection);

/// A shape at one of the eight turns, mirrored or not, on the lattice.
struct SurdTurn {
  ShapeId shape = 0;
  int rank = 0;  ///< the shape's place in the largest-first order (PieceSet::order())
  Pose pose;     ///< the turn and mirror image (centre unset)
  /// The corners' offsets from the first one, in steps, with a positive signed area.
  SurdRing offsets;
  std::vector<int> angle45;  ///< the interior angle at each corner, in 45-degree steps
};

/// Every shape of `set` (largest first) at every 45-degree turn, mirrored too when
/// `reflection` and the shape is mirror distinct, in steps of `step` set units; empty when a
/// corner is off the lattice.
std::vector<SurdTurn> surd_turns(const PieceSet& set, bool reflection, double step);

/// A figure snapped onto the lattice: its rings (outer positive, holes negative, no ring
/// touching itself) in steps. A part of the figure (an outer ring and its holes) is on a
/// lattice of its own: parts apart from each other are at any distance, so each has its own
/// origin, and their rings are put at the lattice offset nearest to it.
struct SurdFigure {
  struct Part {
    SurdRing outer;
    Vec2 origin;  ///< the pixel position of lattice point (0, 0) for this part
  };
  double step_px = 0.0;  ///< the step in pixels
  std::vector<SurdRing> rings;
  std::vector<Part> parts;
};

/// The figure's outline rings snapped onto the lattice of `step_px` pixels (see the file
/// comment); nullopt when an edge is off the eight directions or off the lattice's lengths by
/// more than 1.5 px, a ring does not close, or a snapped corner is more than 2.5 px from the
/// outline's.
std::optional<SurdFigure> snap_surd_figure(const std::vector<OutlineRing>& outline, double step_px);

/// The lattice vertex search on `pattern` with config.pieces (see the file comment): nullopt
/// when the set or the figure is not on a lattice; otherwise its result (unsolved when it found
/// nothing by `deadline`, SolveStats::timed_out when the deadline or SearchConfig::stop ended
/// it). Honours SearchConfig::reflection; single threaded and deterministic. `progress` and
/// `observer` as for vertex_search() (events numbered from 1; `events`, when given, is set to
/// how many there were). A remainder and pieces left whose search found no assembly at all
/// (none refused either) are remembered and not searched again; `memo` false (for tests) searches
/// them again: the same assemblies in the same order, in more placements.
std::optional<Solution> surd_vertex_search(const Pattern& pattern, const SolverConfig& config,
                                           const Pattern& judge, const AssemblyCheck& accept,
                                           std::chrono::steady_clock::time_point deadline,
                                           const ProgressCallback& progress = {},
                                           const SearchObserver& observer = {},
                                           long* events = nullptr, bool memo = true);

}  // namespace tangram
