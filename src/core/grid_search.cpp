#include "tangram/core/grid_search.hpp"

#include <algorithm>
#include <cmath>

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
  std::sort(cells.begin(), cells.end(), [](cv::Point a, cv::Point b) {
    return a.y != b.y ? a.y < b.y : a.x < b.x;
  });
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

std::optional<std::vector<std::vector<GridConfiguration>>> grid_configurations(
    const PieceSet& set, bool reflection) {
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
      for (const Vec2& v : posed) placed.push_back({std::round(v.x - box.x0), std::round(v.y - box.y0)});
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

std::optional<CellGrid> cell_grid(const Pattern& pattern, const PieceSet& set) {
  if (pattern.puzzle.empty() || pattern.area_px == 0) return std::nullopt;
  const double area_units = set.total_area();
  if (!whole(area_units)) return std::nullopt;
  const double unit = set.unit_px(pattern.side_px);
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
  if (puzzle_cells != std::lround(area_units)) return std::nullopt;
  return grid;
}

namespace {

/// The first-empty-cell search of grid_search().
class CellSearch {
public:
  CellSearch(const CellGrid& grid, const PieceSet& set,
             const std::vector<std::vector<GridConfiguration>>& configs, long max_solutions,
             std::chrono::steady_clock::time_point deadline)
      : grid_(grid), configs_(configs), max_solutions_(max_solutions), deadline_(deadline) {
    free_ = grid.cells.clone();
    for (std::size_t s = 0; s < set.shape_count(); ++s) {
      left_.push_back(set.shape(static_cast<ShapeId>(s)).count);
      pieces_ += left_.back();
    }
    // The larger shapes first: they have fewer places to go.
    for (const ShapeId id : set.order())
      if (std::find(order_.begin(), order_.end(), id) == order_.end()) order_.push_back(id);
    // Cells are scanned along the shorter side (fewer ways to fill a short line), column by
    // column in a wide grid; a configuration then covers the first empty cell with its own
    // first cell in that order.
    column_major_ = grid.cols > grid.rows;
    first_.resize(configs.size());
    for (std::size_t s = 0; s < configs.size(); ++s)
      for (const GridConfiguration& g : configs[s]) {
        cv::Point f = g.cells.front();
        if (column_major_)
          for (const cv::Point& c : g.cells)
            if (c.x < f.x || (c.x == f.x && c.y < f.y)) f = c;
        first_[s].push_back(f);
      }
  }

  GridSearchResult run() {
    dfs(0);
    result_.exhausted = !stopped_;
    return result_;
  }

private:
  bool fits(const GridConfiguration& g, cv::Point at) const {
    for (const cv::Point& d : g.cells) {
      const cv::Point p = at + d;
      if (p.x < 0 || p.y < 0 || p.x >= grid_.cols || p.y >= grid_.rows || !free_(p.y, p.x))
        return false;
    }
    return true;
  }

  void mark(const GridConfiguration& g, cv::Point at, uchar value) {
    for (const cv::Point& d : g.cells) free_(at.y + d.y, at.x + d.x) = value;
  }

  /// The cell at position `index` of the scan.
  cv::Point cell_at(int index) const {
    return column_major_ ? cv::Point(index / grid_.rows, index % grid_.rows)
                         : cv::Point(index % grid_.cols, index / grid_.cols);
  }

  void dfs(int from) {
    // The first empty puzzle cell in the scan order.
    const int total = grid_.cols * grid_.rows;
    int index = from;
    while (index < total) {
      const cv::Point p = cell_at(index);
      if (free_(p.y, p.x)) break;
      ++index;
    }
    if (index == total || placed_.size() == pieces_) {
      if (index == total && placed_.size() == pieces_) {
        if (result_.solutions++ == 0) result_.first = placed_;
        if (result_.solutions >= max_solutions_) stopped_ = true;
      }
      return;
    }
    const cv::Point empty = cell_at(index);
    for (const ShapeId id : order_) {
      const auto s = static_cast<std::size_t>(id);
      if (left_[s] == 0) continue;
      for (std::size_t k = 0; k < configs_[s].size(); ++k) {
        const GridConfiguration& g = configs_[s][k];
        const cv::Point at = empty - first_[s][k];  // where the configuration's (0, 0) goes
        if (!fits(g, at)) continue;
        if ((++result_.nodes & 1023) == 0 && std::chrono::steady_clock::now() > deadline_) {
          result_.timed_out = stopped_ = true;
        }
        if (stopped_) return;
        mark(g, at, 0);
        --left_[s];
        placed_.push_back({id, static_cast<int>(k), at});
        dfs(index + 1);
        placed_.pop_back();
        ++left_[s];
        mark(g, at, 255);
        if (stopped_) return;
      }
    }
  }

  const CellGrid& grid_;
  const std::vector<std::vector<GridConfiguration>>& configs_;
  const long max_solutions_;
  const std::chrono::steady_clock::time_point deadline_;
  cv::Mat1b free_;              ///< 255 = puzzle cell not covered yet
  std::vector<int> left_;       ///< per shape: copies not placed yet
  std::vector<ShapeId> order_;  ///< distinct shapes, largest first
  bool column_major_ = false;   ///< cells scanned column by column
  std::vector<std::vector<cv::Point>> first_;  ///< per configuration: its first cell
  std::size_t pieces_ = 0;
  std::vector<GridPlacement> placed_;
  GridSearchResult result_;
  bool stopped_ = false;
};

}  // namespace

GridSearchResult grid_search(const CellGrid& grid, const PieceSet& set,
                             const std::vector<std::vector<GridConfiguration>>& configs,
                             long max_solutions, std::chrono::steady_clock::time_point deadline) {
  return CellSearch(grid, set, configs, std::max(1L, max_solutions), deadline).run();
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
