#pragma once
/// \file lattice_search.hpp
/// Every assembly of a polygon set whose pieces keep their corners on a square lattice: the
/// Stomachion on its 12 x 12 grid (quarter turns and mirror images keep its corners on whole
/// numbers), the Tangram with every piece in the orientations whose corners fall on quarters of
/// the square's side. The figure is sampled at a few points per lattice cell, placed so that no
/// sample lies on a line that a piece's edge can follow; a piece placed on the lattice covers the
/// samples inside it, and cover_search() finds the sets of placements that cover every sample
/// once. An assembly is kept only when no two of its pieces overlap (exact areas on the lattice,
/// overlap_area()): samples alone could miss a thin overlap.
///
/// Complete for its family: an assembly of the figure in which every piece has its corners on
/// the lattice is found, once (copies never swapped). Assemblies with a piece off the lattice
/// (a Tangram piece turned 45 degrees from the others' family, a piece shifted by a fraction of
/// the step) are not in the family and are not counted.

#include <optional>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/enumerate/cover_search.hpp"
#include "tangram/core/enumerate/grid_search.hpp"
#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/piece_set.hpp"
#include "tangram/core/puzzle/solution.hpp"

namespace tangram {

/// A configuration whose corners fall on the lattice.
struct LatticeConfiguration {
  Configuration config;
  std::vector<cv::Point> corners;  ///< the outline in lattice steps, bounding box at (0, 0)
  cv::Size size;                   ///< the bounding box, in steps
  Vec2 centre;                     ///< the centroid, in steps from the box's corner
};

/// A figure on a lattice, with the configurations of each shape that keep to it.
struct LatticeFigure {
  double step = 0.0;       ///< the lattice's step in set units: 1/m or sqrt(2)/m
  Vec2 origin;             ///< pixel position of lattice point (0, 0): the figure's box corner
  Vec2 step_px;            ///< the step in pixels, across and down
  int cols = 0, rows = 0;  ///< steps across the figure's bounding box
  std::vector<std::vector<LatticeConfiguration>> configs;  ///< per shape
};

/// The lattice the figure lies on: the set's own step of one of two kinds (1/m or sqrt(2)/m set
/// units, m up to 16: the coarsest at which every shape has a configuration, at the set's
/// turns set.grid_step_deg() and mirrored when `reflection`, with its corners on the lattice),
/// at least 6 px, when the figure's bounding box is a whole number of steps each way (within
/// 5% of a step or 1.5 px). `unit_px`: pixels per set unit. nullopt when neither.
std::optional<LatticeFigure> lattice_figure(const Pattern& pattern, const PieceSet& set,
                                            bool reflection, double unit_px);

/// A piece placed on the lattice: shape, configuration (index in LatticeFigure::configs) and
/// the lattice point where its bounding box's corner goes.
struct LatticePlacement {
  ShapeId shape = 0;
  int config = 0;
  cv::Point at;
};

/// What lattice_search() found.
struct LatticeSearchResult : PlacedCover<LatticePlacement> {
  long rejected = 0;           ///< covers of the samples whose pieces overlap: not assemblies
  std::size_t symmetries = 1;  ///< the figure's symmetries used (1: the identity only)
};

/// Enumerates the assemblies of `set` in `pattern` on `figure` (cover_search() with the
/// settings of `config`), each reported to `on_solution` as placements, in order.
LatticeSearchResult lattice_search(
    const Pattern& pattern, const LatticeFigure& figure, const PieceSet& set,
    const GridSearchConfig& config,
    const std::function<void(const std::vector<LatticePlacement>&)>& on_solution = {},
    const CoverProgressSink& on_progress = {});

/// The pieces of an assembly on the lattice, posed in the pattern's pixel frame at `unit_px`.
std::vector<PlacedPiece> lattice_pieces(const LatticeFigure& figure, const PieceSet& set,
                                        double unit_px,
                                        const std::vector<LatticePlacement>& placements);

}  // namespace tangram
