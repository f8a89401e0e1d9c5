#pragma once
/// \file lattice_search.hpp
/// Every assembly of a polygon set on a square lattice (docs/design/enumerate.md).

#include <memory>
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

/// The least distance (px) a lattice search's sample must keep from every line a piece's edge
/// can follow, for the pixel under it to tell the figure's side for certain: 0.71 px of a pixel's
/// reach and 0.5 px of the lattice's placing (docs/design/enumerate.md).
constexpr double kLatticeClearancePx = 1.2;

/// A figure on a lattice, with the configurations of each shape that keep to it.
struct LatticeFigure {
  double step = 0.0;  ///< the lattice's step in set units: 1/m or sqrt(2)/m
  Vec2 origin;        ///< pixel position of lattice point (0, 0): its box centred on the figure's
  Vec2 step_px;       ///< the step in pixels, across and down
  int cols = 0, rows = 0;  ///< steps across the figure's bounding box
  std::vector<std::vector<LatticeConfiguration>> configs;  ///< per shape
  /// The figure turned so that its outline runs along the lattice (null: not turned); origin
  /// and steps are in its pixels, lattice_search() samples it and lattice_pieces() turns back.
  std::shared_ptr<const Pattern> turned;
  double turn_deg = 0.0;  ///< the turn from `turned` back to the input's frame (Pose degrees)
  cv::Matx23d back = cv::Matx23d(1, 0, 0, 0, 1, 0);  ///< `turned`'s pixels -> the input's
  /// The least distance (px) of lattice_search()'s samples from a line through lattice points
  /// along one of the figure's outline edges (the lines reading its pixels depends on).
  double clearance_px = 0.0;
  /// Whether every sample's pixel tells its side (kLatticeClearancePx): only then does a search
  /// that finds none prove none on the lattice.
  bool readable() const { return clearance_px >= kLatticeClearancePx; }
};

/// A lattice of a set: its step and each shape's configurations with corners on it.
struct PieceLattice {
  double step = 0.0;                                       ///< set units: 1/m or sqrt(2)/m
  std::vector<std::vector<LatticeConfiguration>> configs;  ///< per shape
};

/// The set's lattices, at most one of each kind (1/m, then sqrt(2)/m; m <= 16): the coarsest
/// on which every shape has a configuration with its corners on lattice points.
std::vector<PieceLattice> piece_lattices(const PieceSet& set, bool reflection);

/// The lattice the figure lies on at `unit_px` pixels per set unit: its bounding box a whole
/// number of steps and its corners on lattice points, as it is or turned by its outline's
/// direction modulo the set's grid step (outline_direction()); nullopt when none. The step is
/// the area's (unit_px), not the pixel box's, which can be a pixel short.
std::optional<LatticeFigure> lattice_figure(const Pattern& pattern, const PieceSet& set,
                                            bool reflection, double unit_px);

/// A piece on the lattice: shape, configuration and the point of its box's corner.
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

/// Every assembly of `set` in `pattern` on `figure` (on figure.turned when set), in order;
/// overlapping covers rejected.
LatticeSearchResult lattice_search(
    const Pattern& pattern, const LatticeFigure& figure, const PieceSet& set,
    const GridSearchConfig& config,
    const std::function<void(const std::vector<LatticePlacement>&)>& on_solution = {},
    const CoverProgressSink& on_progress = {});

/// The pieces of an assembly on the lattice, posed in the input pattern's pixel frame at
/// `unit_px` (turned back when the figure was turned).
std::vector<PlacedPiece> lattice_pieces(const LatticeFigure& figure, const PieceSet& set,
                                        double unit_px,
                                        const std::vector<LatticePlacement>& placements);

}  // namespace tangram
