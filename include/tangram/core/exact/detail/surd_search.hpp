#pragma once
/// \file surd_search.hpp
/// The vertex search in exact (a + b sqrt 2) arithmetic (docs/design/exact.md).

#include <chrono>
#include <optional>
#include <vector>

#include "tangram/core/exact/vertex_search.hpp"
#include "tangram/core/geometry/detail/surd_geometry.hpp"
#include "tangram/core/geometry/outline.hpp"
#include "tangram/core/puzzle/piece_set.hpp"

namespace tangram {

/// The largest step 1/m (set units, m <= 16) keeping every turned shape's corners on the
/// lattice; nullopt for curved, non-convex or non-45-degree sets.
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

/// Every shape (largest first) at every 45-degree turn and mirror, in steps of `step`; empty
/// when a corner is off the lattice.
std::vector<SurdTurn> surd_turns(const PieceSet& set, bool reflection, double step);

/// A figure snapped onto the lattice: rings in steps, each part with its own pixel origin.
struct SurdFigure {
  struct Part {
    SurdRing outer;
    Vec2 origin;  ///< the pixel position of lattice point (0, 0) for this part
  };
  double step_px = 0.0;  ///< the step in pixels
  std::vector<SurdRing> rings;
  std::vector<Part> parts;
};

/// The outline snapped onto the lattice of `step_px` pixels; nullopt when an edge is off it by
/// over 1.5 px, a ring does not close, or a corner moves over 2.5 px.
std::optional<SurdFigure> snap_surd_figure(const std::vector<OutlineRing>& outline, double step_px);

/// The lattice vertex search: nullopt off a lattice, else its result by `deadline`.
/// Deterministic; `memo` false (tests) re-searches dead states.
std::optional<Solution> surd_vertex_search(const Pattern& pattern, const SolverConfig& config,
                                           const Pattern& judge, const AssemblyCheck& accept,
                                           std::chrono::steady_clock::time_point deadline,
                                           const ProgressCallback& progress = {},
                                           const SearchObserver& observer = {},
                                           long* events = nullptr, bool memo = true);

}  // namespace tangram
