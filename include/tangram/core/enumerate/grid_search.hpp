#pragma once
/// \file grid_search.hpp
/// Polyomino sets on their unit grid, searched completely (docs/design/enumerate.md).

#include <atomic>
#include <chrono>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/enumerate/cover_search.hpp"
#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/piece_set.hpp"
#include "tangram/core/puzzle/solution.hpp"

namespace tangram {

/// A figure as unit cells of `unit_px` from `origin` (pixel frame).
struct CellGrid {
  int cols = 0, rows = 0;
  cv::Mat1b cells;  ///< rows x cols, 255 = puzzle cell
  Vec2 origin;      ///< pixel position of the grid's top-left corner
  Vec2 unit_px;     ///< cell width and height in pixels
};

/// One configuration of a polyomino shape as cells, relative to its first cell (row by row).
struct GridConfiguration {
  Configuration config;
  std::vector<cv::Point> cells;  ///< (dx, dy) from the first cell; the first is (0, 0)
  Vec2 centre;  ///< the shape's centroid, in cells, relative to the first cell's corner
};

/// Each shape's distinct quarter turns (and mirrors) as cells; nullopt unless all are
/// polyominoes.
std::optional<std::vector<std::vector<GridConfiguration>>> grid_configurations(const PieceSet& set,
                                                                               bool reflection);

/// The pattern as `set`'s unit cells when it lies on the grid; nullopt otherwise. `unit_px`: the
/// cell size (0: by the scale rule).
std::optional<CellGrid> cell_grid(const Pattern& pattern, const PieceSet& set,
                                  PieceUse use = PieceUse::Exact, double unit_px = 0.0);

/// A piece on the grid: shape, configuration and the cell where its first cell goes.
struct GridPlacement {
  ShapeId shape = 0;
  int config = 0;  ///< index in grid_configurations()[shape]
  cv::Point cell;
};

/// A symmetry of a grid's box: (x, y) goes to (a x + b y + c, d x + e y + f).
struct GridSymmetry {
  int a = 1, b = 0, c = 0, d = 0, e = 1, f = 0;
  cv::Point operator()(cv::Point p) const { return {a * p.x + b * p.y + c, d * p.x + e * p.y + f}; }
};

/// The figure's symmetries on `grid`, the identity first (only rotations if `rotations_only`).
std::vector<GridSymmetry> grid_symmetries(const CellGrid& grid, bool rotations_only);

/// Settings of grid_search() and lattice_search().
struct GridSearchConfig : CoverConfig {
  /// Keep one assembly per class under the figure's symmetries.
  bool up_to_symmetry = false;
  bool reflection = true;  ///< the configurations include mirror images (up_to_symmetry)
};

/// Progress of a running grid_search().
using GridProgress = CoverProgress;

/// What grid_search() found.
using GridSearchResult = PlacedCover<GridPlacement>;

/// Called with each assembly in order, one at a time, possibly from a worker thread.
using GridSolutionSink = std::function<void(const std::vector<GridPlacement>&)>;

/// Called about once a second while the search runs, one at a time, from any thread.
using GridProgressSink = std::function<void(const GridProgress&)>;

/// Every assembly of `set` on `grid` (as `config.use` says), each once, in order.
GridSearchResult grid_search(const CellGrid& grid, const PieceSet& set,
                             const std::vector<std::vector<GridConfiguration>>& configs,
                             const GridSearchConfig& config,
                             const GridSolutionSink& on_solution = {},
                             const GridProgressSink& on_progress = {});

/// The pieces of an assembly on the grid, posed in the pattern's pixel frame.
std::vector<PlacedPiece> grid_pieces(const CellGrid& grid, const PieceSet& set,
                                     const std::vector<std::vector<GridConfiguration>>& configs,
                                     const std::vector<GridPlacement>& placements);

}  // namespace tangram
