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

/// A figure as unit cells: the pattern's puzzle pixels sampled on a grid of `unit_px` cells
/// whose corner is at `origin` (pixel frame).
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

/// The configurations of each shape of `set` on the unit grid, turned by quarter turns
/// (mirrored too when `reflection`), symmetric duplicates left out; nullopt when some shape is
/// not a union of unit squares (vertices not whole numbers, or edges not along the axes).
std::optional<std::vector<std::vector<GridConfiguration>>> grid_configurations(const PieceSet& set,
                                                                               bool reflection);

/// The pattern as unit cells of `set` (PieceSet::unit_px of the pattern), when it lies on such
/// a grid: its bounding box a whole number of cells each way (within 3% of the unit) and every
/// cell at least 90% puzzle or at most 10%; the number of puzzle cells must be the set's area
/// (PieceUse::Exact), at most that (Subset), or any (Copies). nullopt otherwise.
/// `unit_px`: the cell's size in pixels when the scale rule does not give it (0: it does).
std::optional<CellGrid> cell_grid(const Pattern& pattern, const PieceSet& set,
                                  PieceUse use = PieceUse::Exact, double unit_px = 0.0);

/// A piece placed on the grid: shape, configuration index and the grid cell where its cell
/// (0, 0) (GridConfiguration::cells) goes.
struct GridPlacement {
  ShapeId shape = 0;
  int config = 0;  ///< index in grid_configurations()[shape]
  cv::Point cell;
};

/// One of the eight symmetries of a grid's bounding box (a quarter turn only when it is
/// square): cell (x, y) goes to (a x + b y + c, d x + e y + f).
struct GridSymmetry {
  int a = 1, b = 0, c = 0, d = 0, e = 1, f = 0;
  cv::Point operator()(cv::Point p) const { return {a * p.x + b * p.y + c, d * p.x + e * p.y + f}; }
};

/// The symmetries of the figure on `grid`: those of its bounding box that map its puzzle cells
/// onto themselves, the identity first. With `rotations_only`, the rotations among them (for
/// sets whose pieces may not be mirrored, whose mirrored assemblies are none).
std::vector<GridSymmetry> grid_symmetries(const CellGrid& grid, bool rotations_only);

/// Settings of grid_search() and lattice_search(): cover_search()'s (max_solutions counts the
/// assemblies kept), and the symmetries.
struct GridSearchConfig : CoverConfig {
  /// Keep one assembly of each class under the figure's symmetries (grid_symmetries(), with
  /// rotations only unless `reflection`): the least of its images in a fixed order of cells.
  bool up_to_symmetry = false;
  bool reflection = true;  ///< the configurations include mirror images (up_to_symmetry)
};

/// Progress of a running grid_search().
using GridProgress = CoverProgress;

/// What grid_search() found.
using GridSearchResult = PlacedCover<GridPlacement>;

/// Called with each assembly kept, one at a time, in the order of the search (the same whatever
/// the thread count), possibly from a worker thread.
using GridSolutionSink = std::function<void(const std::vector<GridPlacement>&)>;

/// Called about once a second while the search runs, one at a time, from any thread.
using GridProgressSink = std::function<void(const GridProgress&)>;

/// cover_search() over the puzzle cells of `grid` (row by row, or column by column when the grid
/// is wider than high) with the pieces of `set` (copies by count, or as `config.use` says): at
/// each step the first empty puzzle cell is covered by each shape left, largest first, in each
/// configuration whose cells all fall on empty puzzle cells. Each assembly (a set of shapes on
/// sets of cells) is reached exactly once: identical copies are never swapped, and a
/// configuration that repeats another's cells is left out. With a deadline or a stop the
/// assemblies reported are those found, in order, subtree by subtree.
GridSearchResult grid_search(const CellGrid& grid, const PieceSet& set,
                             const std::vector<std::vector<GridConfiguration>>& configs,
                             const GridSearchConfig& config,
                             const GridSolutionSink& on_solution = {},
                             const GridProgressSink& on_progress = {});

/// The pieces of an assembly on the grid, posed in the pattern's pixel frame (true polygons at
/// the grid's scale).
std::vector<PlacedPiece> grid_pieces(const CellGrid& grid, const PieceSet& set,
                                     const std::vector<std::vector<GridConfiguration>>& configs,
                                     const std::vector<GridPlacement>& placements);

}  // namespace tangram
