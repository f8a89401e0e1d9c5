#pragma once
/// \file grid_search.hpp
/// The raster method at the set's own resolution. When every piece is a union of unit squares
/// (a polyomino set: the pentominoes, any set of squares and bars) and the figure lies on a grid
/// of unit cells, one pixel per cell rasterises the pieces exactly, and each configuration's
/// collision-free positions are exact too. The search then takes as candidates only the
/// placements that cover the first empty cell (along the shorter side, line by line: the
/// bottom-left sweep made exact):
/// every assembly covers that cell with some piece, so nothing is lost, and each assembly is
/// reached once (copies are taken by count, never in swapped order). It is complete: it finds
/// an assembly when the figure has one on the grid, and can count them all.
///
/// solve() tries it first (SearchConfig::grid_search) when the set and the figure allow it and
/// falls back to the raster search otherwise.

#include <chrono>
#include <optional>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/pattern.hpp"
#include "tangram/core/piece_set.hpp"
#include "tangram/core/solution.hpp"

namespace tangram {

/// A figure as unit cells: the pattern's puzzle pixels sampled on a grid of `unit_px` cells
/// whose corner is at `origin` (pixel frame).
struct CellGrid {
  int cols = 0, rows = 0;
  cv::Mat1b cells;        ///< rows x cols, 255 = puzzle cell
  Vec2 origin;            ///< pixel position of the grid's top-left corner
  Vec2 unit_px;           ///< cell width and height in pixels
};

/// One configuration of a polyomino shape as cells, relative to its first cell (row by row).
struct GridConfiguration {
  Configuration config;
  std::vector<cv::Point> cells;  ///< (dx, dy) from the first cell; the first is (0, 0)
  Vec2 centre;  ///< the shape's centroid, in cells, relative to the first cell's corner
};

/// The configurations of each shape of `set` on the unit grid, turned by quarter turns
/// (mirrored too when `reflection`), symmetric duplicates left out; nullopt when some shape is
/// not a union of unit squares (vertices not whole numbers, or edges not along the axes).
std::optional<std::vector<std::vector<GridConfiguration>>> grid_configurations(
    const PieceSet& set, bool reflection);

/// The pattern as unit cells of `set` (PieceSet::unit_px of the pattern), when it lies on such
/// a grid: its bounding box a whole number of cells each way (within 3% of the unit) and every
/// cell at least 90% puzzle or at most 10%; the number of puzzle cells must be the set's area.
/// nullopt otherwise.
std::optional<CellGrid> cell_grid(const Pattern& pattern, const PieceSet& set);

/// A piece placed on the grid: shape, configuration index and the grid cell where its cell
/// (0, 0) (GridConfiguration::cells) goes.
struct GridPlacement {
  ShapeId shape = 0;
  int config = 0;  ///< index in grid_configurations()[shape]
  cv::Point cell;
};

/// What grid_search() found.
struct GridSearchResult {
  std::vector<GridPlacement> first;  ///< the first assembly found (empty when none)
  long solutions = 0;                ///< assemblies found (at most the number asked for)
  long nodes = 0;                    ///< placements made
  bool exhausted = false;            ///< every assembly was visited (the count is exact)
  bool timed_out = false;            ///< the deadline ended the search
};

/// Depth-first search over the cells of `grid` with the pieces of `set` (copies by count): at
/// each step the first empty puzzle cell (row by row, or column by column when the grid is
/// wider than high) is covered by each remaining shape in
/// each configuration whose cells all fall on empty puzzle cells. Stops after `max_solutions`
/// assemblies or at `deadline`.
GridSearchResult grid_search(const CellGrid& grid, const PieceSet& set,
                             const std::vector<std::vector<GridConfiguration>>& configs,
                             long max_solutions, std::chrono::steady_clock::time_point deadline);

/// The pieces of an assembly on the grid, posed in the pattern's pixel frame (true polygons at
/// the grid's scale).
std::vector<PlacedPiece> grid_pieces(const CellGrid& grid, const PieceSet& set,
                                     const std::vector<std::vector<GridConfiguration>>& configs,
                                     const std::vector<GridPlacement>& placements);

}  // namespace tangram
