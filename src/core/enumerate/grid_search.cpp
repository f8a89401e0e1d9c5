#include "tangram/core/enumerate/grid_search.hpp"

#include <algorithm>
#include <cmath>

#include <opencv2/imgproc.hpp>

namespace tangram {

namespace {

/// Whether `v` is within 1e-6 of a whole number.
bool whole(double v) { return std::abs(v - std::round(v)) < 1e-6; }

/// The cells (unit squares) inside a polygon with whole-number vertices and axis-parallel
/// edges, as (x, y) of their top-left corners, sorted row by row.
std::vector<cv::Point> cells_of(const Polygon& polygon) {
  const Box box = bounding_box(polygon);
  std::vector<cv::Point> cells;
  for (int y = static_cast<int>(std::round(box.y0)); y < static_cast<int>(std::round(box.y1)); ++y)
    for (int x = static_cast<int>(std::round(box.x0)); x < static_cast<int>(std::round(box.x1));
         ++x)
      if (inside_polygon(polygon, {x + 0.5, y + 0.5})) cells.emplace_back(x, y);
  std::sort(cells.begin(), cells.end(),
            [](cv::Point a, cv::Point b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
  return cells;
}

/// Fraction of puzzle pixels in the pixel rectangle [x0, x1) x [y0, y1), from the integral
/// image `sum` of the 0/1 puzzle mask.
double puzzle_share(const cv::Mat1i& sum, int x0, int y0, int x1, int y1) {
  const int area = (x1 - x0) * (y1 - y0);
  if (area <= 0) return 0.0;
  const int n = sum(y1, x1) - sum(y0, x1) - sum(y1, x0) + sum(y0, x0);
  return static_cast<double>(n) / area;
}

}  // namespace

std::optional<std::vector<std::vector<GridConfiguration>>> grid_configurations(const PieceSet& set,
                                                                               bool reflection) {
  std::vector<std::vector<GridConfiguration>> out(set.shape_count());
  for (std::size_t s = 0; s < set.shape_count(); ++s) {
    const ShapeId id = static_cast<ShapeId>(s);
    const Polygon& outline = set.shape(id).outline;
    for (std::size_t i = 0; i < outline.size(); ++i) {
      const Vec2 a = outline[i], b = outline[(i + 1) % outline.size()];
      if (!whole(a.x) || !whole(a.y) || (std::abs(a.x - b.x) > 1e-6 && std::abs(a.y - b.y) > 1e-6))
        return std::nullopt;
    }
    const Polygon local = set.local_polygon(id, 1.0);
    std::vector<std::vector<cv::Point>> seen;
    for (const Configuration& config : set.configurations(id, 90.0, reflection)) {
      // The posed outline moved so that its bounding box starts at (0, 0): whole numbers again.
      const Polygon posed = apply_pose(local, Pose{{0.0, 0.0}, config.angle_deg, config.reflected});
      const Box box = bounding_box(posed);
      Polygon placed;
      for (const Vec2& v : posed)
        placed.push_back({std::round(v.x - box.x0), std::round(v.y - box.y0)});
      std::vector<cv::Point> cells = cells_of(placed);
      if (cells.empty() || std::find(seen.begin(), seen.end(), cells) != seen.end()) continue;
      seen.push_back(cells);
      GridConfiguration grid;
      grid.config = config;
      const cv::Point first = cells.front();
      for (const cv::Point& c : cells) grid.cells.push_back(c - first);
      // The centroid was at (0, 0) before the move by -box.x0, -box.y0.
      grid.centre = {-box.x0 - first.x, -box.y0 - first.y};
      out[s].push_back(std::move(grid));
    }
  }
  return out;
}

std::optional<CellGrid> cell_grid(const Pattern& pattern, const PieceSet& set, PieceUse use,
                                  double unit_px) {
  if (pattern.puzzle.empty() || pattern.area_px == 0) return std::nullopt;
  const double area_units = set.total_area();
  if (!whole(area_units)) return std::nullopt;
  const double unit = unit_px > 0.0 ? unit_px : set.unit_px(pattern.side_px);
  const cv::Rect box = cv::boundingRect(pattern.puzzle);
  const int cols = static_cast<int>(std::lround(box.width / unit));
  const int rows = static_cast<int>(std::lround(box.height / unit));
  if (cols < 1 || rows < 1 || static_cast<double>(cols) * rows > 1e6) return std::nullopt;
  const Vec2 cell{static_cast<double>(box.width) / cols, static_cast<double>(box.height) / rows};
  if (std::abs(cell.x - unit) > 0.03 * unit || std::abs(cell.y - unit) > 0.03 * unit)
    return std::nullopt;
  cv::Mat1i sum;
  cv::integral(pattern.puzzle != 0, sum, CV_32S);
  sum /= 255;
  CellGrid grid;
  grid.cols = cols;
  grid.rows = rows;
  grid.origin = {static_cast<double>(box.x), static_cast<double>(box.y)};
  grid.unit_px = cell;
  grid.cells = cv::Mat1b(rows, cols, uchar{0});
  long puzzle_cells = 0;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const int x0 = box.x + static_cast<int>(std::lround(c * cell.x));
      const int x1 = box.x + static_cast<int>(std::lround((c + 1) * cell.x));
      const int y0 = box.y + static_cast<int>(std::lround(r * cell.y));
      const int y1 = box.y + static_cast<int>(std::lround((r + 1) * cell.y));
      const double share = puzzle_share(sum, x0, y0, x1, y1);
      if (share > 0.1 && share < 0.9) return std::nullopt;  // the figure is off the grid
      if (share >= 0.9) {
        grid.cells(r, c) = 255;
        ++puzzle_cells;
      }
    }
  const long area = std::lround(area_units);
  if (use == PieceUse::Exact ? puzzle_cells != area
                             : use == PieceUse::Subset && puzzle_cells > area)
    return std::nullopt;
  return grid;
}

std::vector<GridSymmetry> grid_symmetries(const CellGrid& grid, bool rotations_only) {
  const int w = grid.cols - 1, h = grid.rows - 1;
  // The identity, the half turn, the two mirrors; then with a square box the quarter turns and
  // the two diagonal mirrors.
  std::vector<GridSymmetry> all = {{1, 0, 0, 0, 1, 0}, {-1, 0, w, 0, -1, h}};
  if (!rotations_only) all.insert(all.end(), {{-1, 0, w, 0, 1, 0}, {1, 0, 0, 0, -1, h}});
  if (grid.cols == grid.rows) {
    all.insert(all.end(), {{0, -1, h, 1, 0, 0}, {0, 1, 0, -1, 0, w}});
    if (!rotations_only) all.insert(all.end(), {{0, 1, 0, 1, 0, 0}, {0, -1, h, -1, 0, w}});
  }
  std::vector<GridSymmetry> out;
  for (const GridSymmetry& t : all) {
    bool maps = true;
    for (int y = 0; y < grid.rows && maps; ++y)
      for (int x = 0; x < grid.cols && maps; ++x) {
        const cv::Point q = t({x, y});
        maps = grid.cells(y, x) == grid.cells(q.y, q.x);
      }
    if (maps) out.push_back(t);
  }
  return out;
}

GridSearchResult grid_search(const CellGrid& grid, const PieceSet& set,
                             const std::vector<std::vector<GridConfiguration>>& configs,
                             const GridSearchConfig& config, const GridSolutionSink& on_solution,
                             const GridProgressSink& on_progress) {
  // The puzzle cells in scan order: along the shorter side, line by line.
  const bool column_major = grid.cols > grid.rows;
  cv::Mat1i index(grid.rows, grid.cols, -1);
  CoverProblem problem = cover_problem(set);
  const int lines = column_major ? grid.cols : grid.rows;
  const int along = column_major ? grid.rows : grid.cols;
  for (int l = 0; l < lines; ++l)
    for (int k = 0; k < along; ++k) {
      const cv::Point p = column_major ? cv::Point(l, k) : cv::Point(k, l);
      if (grid.cells(p.y, p.x)) index(p.y, p.x) = problem.points++;
    }
  // Every configuration at every offset where all its cells are puzzle cells.
  std::vector<GridPlacement> placements;
  for (std::size_t s = 0; s < configs.size(); ++s)
    for (std::size_t k = 0; k < configs[s].size(); ++k) {
      const GridConfiguration& g = configs[s][k];
      for (int y = 0; y < grid.rows; ++y)
        for (int x = 0; x < grid.cols; ++x) {
          CoverMove move{static_cast<ShapeId>(s), {}};
          for (const cv::Point& d : g.cells) {
            const cv::Point p(x + d.x, y + d.y);
            if (p.x >= grid.cols || p.y >= grid.rows || p.x < 0 || p.y < 0 || index(p.y, p.x) < 0)
              break;
            move.points.push_back(index(p.y, p.x));
          }
          if (move.points.size() != g.cells.size()) continue;
          problem.moves.push_back(std::move(move));
          placements.push_back({static_cast<ShapeId>(s), static_cast<int>(k), {x, y}});
        }
    }
  // The figure's symmetries as permutations of the moves (the identity left out): one class
  // representative searched, every image made from it unless up to symmetry.
  problem.every_image = !config.up_to_symmetry;
  const std::vector<GridSymmetry> symmetries = grid_symmetries(grid, !config.reflection);
  if (symmetries.size() > 1) {  // not the identity alone: the moves' keys are worth making
    std::vector<cv::Point> cell_at(static_cast<std::size_t>(problem.points));
    for (int y = 0; y < grid.rows; ++y)
      for (int x = 0; x < grid.cols; ++x)
        if (index(y, x) >= 0) cell_at[static_cast<std::size_t>(index(y, x))] = {x, y};
    const MoveKeys keys(problem, [&](std::size_t m) { return problem.moves[m].points; });
    for (std::size_t t = 1; t < symmetries.size(); ++t) {
      // Each move's image is a move: the configurations of a shape include its mirror images
      // when the symmetries do.
      std::optional<std::vector<int>> image_of = keys.permutation([&](std::size_t m) {
        std::vector<int> key;
        for (const int p : problem.moves[m].points) {
          const cv::Point q = symmetries[t](cell_at[static_cast<std::size_t>(p)]);
          key.push_back(index(q.y, q.x));
        }
        return key;
      });
      if (image_of) problem.symmetries.push_back(std::move(*image_of));
    }
  }
  return cover_placed(problem, config, placements, on_solution, on_progress);
}

std::vector<PlacedPiece> grid_pieces(const CellGrid& grid, const PieceSet& set,
                                     const std::vector<std::vector<GridConfiguration>>& configs,
                                     const std::vector<GridPlacement>& placements) {
  // One scale for the true polygons: the mean of the cell's width and height.
  const double unit = 0.5 * (grid.unit_px.x + grid.unit_px.y);
  std::vector<PlacedPiece> pieces;
  for (const GridPlacement& p : placements) {
    const GridConfiguration& g =
        configs[static_cast<std::size_t>(p.shape)][static_cast<std::size_t>(p.config)];
    Pose pose;
    pose.angle_deg = g.config.angle_deg;
    pose.reflected = g.config.reflected;
    pose.centre = {grid.origin.x + grid.unit_px.x * (p.cell.x + g.centre.x),
                   grid.origin.y + grid.unit_px.y * (p.cell.y + g.centre.y)};
    pieces.push_back({p.shape, pose, set.posed_polygon(p.shape, unit, pose)});
  }
  return pieces;
}

}  // namespace tangram
