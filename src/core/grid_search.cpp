#include "tangram/core/grid_search.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <limits>
#include <mutex>

#include "tangram/core/parallel.hpp"

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
  if (use == PieceUse::Exact ? puzzle_cells != area : use == PieceUse::Subset && puzzle_cells > area)
    return std::nullopt;
  return grid;
}

namespace {

using Clock = std::chrono::steady_clock;

/// The puzzle cells of a grid in scan order and every placement that covers a cell first, as
/// bits over the scan indices: the problem grid_search() works on, shared by its threads.
struct CellProblem {
  /// A placement: a configuration of a shape with its cell (0, 0) at `at`.
  struct Move {
    ShapeId shape = 0;
    int config = 0;
    cv::Point at;
    std::uint64_t mask = 0;    ///< its bits in the first word (word0)
    int word0 = 0, words = 0;  ///< first word of its bits and how many (in `bits`, from `bit`)
    int bit = 0;
    int cell = 0;              ///< offset of its scan indices in `cells_of`, `size` of them
    int size = 0;
  };

  CellProblem(const CellGrid& grid, const PieceSet& set,
              const std::vector<std::vector<GridConfiguration>>& configs, PieceUse use) {
    const bool column_major = grid.cols > grid.rows;
    index = cv::Mat1i(grid.rows, grid.cols, -1);
    const int lines = column_major ? grid.cols : grid.rows;
    const int along = column_major ? grid.rows : grid.cols;
    for (int l = 0; l < lines; ++l)
      for (int k = 0; k < along; ++k) {
        const cv::Point p = column_major ? cv::Point(l, k) : cv::Point(k, l);
        if (!grid.cells(p.y, p.x)) continue;
        index(p.y, p.x) = static_cast<int>(cell.size());
        cell.push_back(p);
      }
    cells = static_cast<int>(cell.size());
    words = (cells + 63) / 64;
    for (const ShapeId id : set.order())
      if (std::find(order.begin(), order.end(), id) == order.end()) order.push_back(id);
    for (std::size_t s = 0; s < set.shape_count(); ++s) {
      const int count = set.shape(static_cast<ShapeId>(s)).count;
      left.push_back(use == PieceUse::Copies ? std::numeric_limits<int>::max() : count);
      pieces += use == PieceUse::Copies ? 0 : count;
    }
    // Each configuration's first cell in the scan order: the one that covers the empty cell.
    std::vector<std::vector<cv::Point>> first(configs.size());
    for (std::size_t s = 0; s < configs.size(); ++s)
      for (const GridConfiguration& g : configs[s]) {
        cv::Point f = g.cells.front();  // row by row: the cells are sorted that way
        if (column_major)
          for (const cv::Point& c : g.cells)
            if (c.x < f.x || (c.x == f.x && c.y < f.y)) f = c;
        first[s].push_back(f);
      }
    start.push_back(0);
    std::vector<int> indices;
    for (int i = 0; i < cells; ++i) {
      for (const ShapeId id : order) {
        const auto s = static_cast<std::size_t>(id);
        for (std::size_t k = 0; k < configs[s].size(); ++k) {
          const cv::Point at = cell[static_cast<std::size_t>(i)] - first[s][k];
          indices.clear();
          for (const cv::Point& d : configs[s][k].cells) {
            const cv::Point p = at + d;
            if (p.x < 0 || p.y < 0 || p.x >= grid.cols || p.y >= grid.rows || index(p.y, p.x) < 0)
              break;
            indices.push_back(index(p.y, p.x));
          }
          if (indices.size() != configs[s][k].cells.size()) continue;
          Move move;
          move.shape = id;
          move.config = static_cast<int>(k);
          move.at = at;
          const int last = *std::max_element(indices.begin(), indices.end());
          move.word0 = i / 64;
          move.words = last / 64 - move.word0 + 1;
          move.bit = static_cast<int>(bits.size());
          bits.resize(bits.size() + static_cast<std::size_t>(move.words), 0);
          for (const int c : indices)
            bits[static_cast<std::size_t>(move.bit + c / 64 - move.word0)] |= std::uint64_t{1} << (c % 64);
          move.cell = static_cast<int>(cells_of.size());
          move.size = static_cast<int>(indices.size());
          cells_of.insert(cells_of.end(), indices.begin(), indices.end());
          move.mask = bits[static_cast<std::size_t>(move.bit)];
          moves.push_back(move);
        }
      }
      start.push_back(static_cast<int>(moves.size()));
    }
    index_by_window();
  }

  /// The moves at each cell sorted by what they need of the `window` cells after it: for each
  /// pattern of those cells' freedom, the moves (in their order) whose cells there are all
  /// free, so that a search looks only at moves that fit near the cell. The widest window whose
  /// lists stay within kMaxListed entries.
  void index_by_window() {
    constexpr std::size_t kMaxListed = std::size_t{1} << 24;
    for (window = 8; window > 0; window -= 2) {
      std::size_t listed = 0;
      for (const Move& move : moves)
        listed += std::size_t{1} << (window - std::min(window, ahead(move)));
      if (listed <= kMaxListed) break;
    }
    const std::size_t patterns = std::size_t{1} << window;
    lists.assign(static_cast<std::size_t>(cells) * patterns + 1, 0);
    listed.clear();
    for (int i = 0; i < cells; ++i)
      for (std::size_t q = 0; q < patterns; ++q) {
        lists[static_cast<std::size_t>(i) * patterns + q] = static_cast<int>(listed.size());
        for (int m = start[static_cast<std::size_t>(i)]; m < start[static_cast<std::size_t>(i) + 1]; ++m)
          if ((needs(moves[static_cast<std::size_t>(m)], i) & ~q) == 0) listed.push_back(m);
      }
    lists.back() = static_cast<int>(listed.size());
  }

  /// How many of the move's cells lie in the window after its first cell.
  int ahead(const Move& move) const {
    int n = 0;
    for (int k = 0; k < move.size; ++k) {
      const int c = cells_of[static_cast<std::size_t>(move.cell + k)] - cells_of[static_cast<std::size_t>(move.cell)];
      n += c >= 1 && c <= window ? 1 : 0;
    }
    return n;
  }

  /// The window cells the move covers at cell `i` (its first): bit k-1 for cell i + k.
  std::size_t needs(const Move& move, int i) const {
    std::size_t bits_needed = 0;
    for (int k = 0; k < move.size; ++k) {
      const int c = cells_of[static_cast<std::size_t>(move.cell + k)] - i;
      if (c >= 1 && c <= window) bits_needed |= std::size_t{1} << (c - 1);
    }
    return bits_needed;
  }

  int cells = 0, words = 0;
  std::vector<cv::Point> cell;  ///< scan index -> grid cell
  cv::Mat1i index;              ///< grid cell -> scan index, -1 outside the figure
  std::vector<ShapeId> order;   ///< distinct shapes, largest first
  std::vector<int> left;        ///< copies of each shape at the start
  int pieces = 0;               ///< pieces in all (0 with PieceUse::Copies: no limit)
  std::vector<Move> moves;      ///< the moves covering cell i first: [start[i], start[i + 1])
  std::vector<int> start;
  std::vector<std::uint64_t> bits;
  std::vector<int> cells_of;
  int window = 0;            ///< cells after a move's first by which the moves are indexed
  std::vector<int> lists;    ///< cell i, pattern q: listed[lists[i * 2^window + q], ... + 1)
  std::vector<int> listed;   ///< move indices
};

/// What a subtree's search found: its assemblies (as move indices, when they are reported one
/// by one), their number, and whether it was searched to the end.
struct Subtree {
  std::vector<int> prefix;  ///< the moves that lead to it
  bool complete = false;    ///< the prefix is itself an assembly
  long count = 0;
  std::vector<int> moves;   ///< the assemblies found, one after the other
  std::vector<int> ends;    ///< where each ends in `moves`
  bool finished = false;    ///< searched to the end (or to max_solutions of its own)
};

/// One thread's search state: free cells, copies left, moves made.
class CellWalker {
public:
  /// Why run() returned false.
  enum class Stop { None, Deadline, Interrupt, Cancelled };

  CellWalker(const CellProblem& problem, const std::vector<GridSymmetry>& symmetries,
             const GridSearchConfig& config)
      : p_(problem), symmetries_(symmetries), config_(config) {
    reset();
  }

  void reset() {
    free_.assign(static_cast<std::size_t>(p_.words), 0);
    for (int c = 0; c < p_.cells; ++c) free_[static_cast<std::size_t>(c / 64)] |= std::uint64_t{1} << (c % 64);
    left_ = p_.left;
    pieces_left_ = p_.pieces;
    placed_.clear();
  }

  void place(int m) {
    const CellProblem::Move& move = p_.moves[static_cast<std::size_t>(m)];
    for (int w = 0; w < move.words; ++w)
      free_[static_cast<std::size_t>(move.word0 + w)] &= ~p_.bits[static_cast<std::size_t>(move.bit + w)];
    --left_[static_cast<std::size_t>(move.shape)];
    --pieces_left_;
    placed_.push_back(m);
  }

  void unplace() {
    const CellProblem::Move& move = p_.moves[static_cast<std::size_t>(placed_.back())];
    for (int w = 0; w < move.words; ++w)
      free_[static_cast<std::size_t>(move.word0 + w)] |= p_.bits[static_cast<std::size_t>(move.bit + w)];
    ++left_[static_cast<std::size_t>(move.shape)];
    ++pieces_left_;
    placed_.pop_back();
  }

  /// Searches below the moves made: `leaf()` for each assembly completed, `cut()` for each
  /// state `max_depth` moves deep (the moves in placed()); either returning false stops it, as
  /// do the deadline, the stop flag and `cancelled()`. True when the subtree was searched to
  /// the end.
  template <class Leaf, class Cut, class Cancelled>
  bool run(std::size_t max_depth, Leaf&& leaf, Cut&& cut, Cancelled&& cancelled) {
    const int empty = next_empty(0);
    if (empty == p_.cells) return leaf();
    std::vector<Frame> stack;
    stack.push_back(frame(empty));
    while (!stack.empty()) {
      Frame& f = stack.back();
      if (f.placed) {
        unplace();
        f.placed = false;
      }
      int found = -1;
      while (f.next < f.end) {
        const int m = p_.listed[static_cast<std::size_t>(f.next++)];
        const CellProblem::Move& move = p_.moves[static_cast<std::size_t>(m)];
        if (left_[static_cast<std::size_t>(move.shape)] != 0 && fits(move)) {
          found = m;
          break;
        }
      }
      if (found < 0) {
        stack.pop_back();
        continue;
      }
      place(found);
      f.placed = true;
      if ((++nodes_ & 4095) == 0 && (stop_ = poll(cancelled)) != Stop::None) return false;
      const int next = next_empty(f.cell + 1);
      if (next == p_.cells) {
        if (!leaf()) return false;
        continue;
      }
      if (pieces_left_ == 0) continue;  // cells left and no piece to cover them
      if (placed_.size() >= max_depth) {
        if (!cut()) return false;
        continue;
      }
      stack.push_back(frame(next));
    }
    return true;
  }

  /// Whether the assembly in placed() is the least of its images under the symmetries (by the
  /// shape and first cell of the piece on each cell, in scan order).
  bool canonical() {
    label(symmetries_.front(), own_);
    for (std::size_t t = 1; t < symmetries_.size(); ++t) {
      label(symmetries_[t], image_);
      if (image_ < own_) return false;
    }
    return true;
  }

  const std::vector<int>& placed() const { return placed_; }
  long nodes() const { return nodes_; }
  Stop stop() const { return stop_; }

private:
  template <class Cancelled>
  Stop poll(Cancelled&& cancelled) {
    if (config_.stop != nullptr && config_.stop->load(std::memory_order_relaxed)) return Stop::Interrupt;
    if (cancelled(nodes_)) return Stop::Cancelled;
    if (Clock::now() > config_.deadline) return Stop::Deadline;
    return Stop::None;
  }

  /// A cell being covered: the next move to try there, the end of its moves, and whether one
  /// of them is placed now.
  struct Frame {
    int cell, next, end;
    bool placed;
  };

  /// The frame of an empty cell: the moves listed for the freedom of the cells after it.
  Frame frame(int cell) const {
    const std::size_t at = (static_cast<std::size_t>(cell) << p_.window) + window_bits(cell + 1);
    return {cell, p_.lists[at], p_.lists[at + 1], false};
  }

  /// The freedom of the p_.window cells from scan index `from` on (bit k for from + k).
  std::size_t window_bits(int from) const {
    if (p_.window == 0) return 0;
    const int w = from / 64, b = from % 64;
    std::uint64_t x = w < p_.words ? free_[static_cast<std::size_t>(w)] >> b : 0;
    if (b != 0 && w + 1 < p_.words) x |= free_[static_cast<std::size_t>(w) + 1] << (64 - b);
    return static_cast<std::size_t>(x & ((std::uint64_t{1} << p_.window) - 1));
  }

  bool fits(const CellProblem::Move& move) const {
    if ((free_[static_cast<std::size_t>(move.word0)] & move.mask) != move.mask) return false;
    for (int w = 1; w < move.words; ++w) {
      const std::uint64_t b = p_.bits[static_cast<std::size_t>(move.bit + w)];
      if ((free_[static_cast<std::size_t>(move.word0 + w)] & b) != b) return false;
    }
    return true;
  }

  /// The first empty cell at scan index `from` or after; p_.cells when none.
  int next_empty(int from) const {
    int w = from / 64;
    if (w >= p_.words) return p_.cells;
    std::uint64_t x = free_[static_cast<std::size_t>(w)] & (~std::uint64_t{0} << (from % 64));
    while (x == 0) {
      if (++w == p_.words) return p_.cells;
      x = free_[static_cast<std::size_t>(w)];
    }
    return w * 64 + __builtin_ctzll(x);
  }

  /// The assembly's image under `t`, as a label per scan index: shape and the piece's first
  /// scan index, so that two labellings are equal exactly when the assemblies are.
  void label(const GridSymmetry& t, std::vector<long long>& out) {
    out.assign(static_cast<std::size_t>(p_.cells), 0);
    for (const int m : placed_) {
      const CellProblem::Move& move = p_.moves[static_cast<std::size_t>(m)];
      int least = p_.cells;
      mapped_.clear();
      for (int k = 0; k < move.size; ++k) {
        const cv::Point c = t(p_.cell[static_cast<std::size_t>(p_.cells_of[static_cast<std::size_t>(move.cell + k)])]);
        const int i = p_.index(c.y, c.x);
        mapped_.push_back(i);
        least = std::min(least, i);
      }
      const long long value = (static_cast<long long>(move.shape) + 1) * (p_.cells + 1) + least;
      for (const int i : mapped_) out[static_cast<std::size_t>(i)] = value;
    }
  }

  const CellProblem& p_;
  const std::vector<GridSymmetry>& symmetries_;
  const GridSearchConfig& config_;
  std::vector<std::uint64_t> free_;  ///< bit per scan index: puzzle cell not covered yet
  std::vector<int> left_;            ///< per shape: copies not placed yet
  int pieces_left_ = 0;              ///< pieces not placed (negative with PieceUse::Copies)
  std::vector<int> placed_;          ///< the moves made, in order
  long nodes_ = 0;
  Stop stop_ = Stop::None;
  std::vector<long long> own_, image_;
  std::vector<int> mapped_;
};

/// Subtrees at least this many when the tree allows: enough for two threads to share evenly.
constexpr std::size_t kSubtrees = 512;

}  // namespace

std::string_view piece_use_name(PieceUse use) {
  switch (use) {
    case PieceUse::Exact: return "exact";
    case PieceUse::Subset: return "subset";
    case PieceUse::Copies: return "copies";
  }
  return "exact";
}

std::optional<PieceUse> piece_use_from_name(std::string_view name) {
  for (const PieceUse use : {PieceUse::Exact, PieceUse::Subset, PieceUse::Copies})
    if (piece_use_name(use) == name) return use;
  return std::nullopt;
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
  const Clock::time_point started = Clock::now();
  const long max_solutions = std::max(1L, config.max_solutions);
  const CellProblem problem(grid, set, configs, config.use);
  const std::vector<GridSymmetry> symmetries =
      config.up_to_symmetry ? grid_symmetries(grid, !config.reflection)
                            : std::vector<GridSymmetry>{GridSymmetry{}};
  GridSearchResult result;
  const auto keep = [&](CellWalker& walker) {
    return symmetries.size() == 1 || walker.canonical();
  };

  // The subtrees: the states a fixed number of moves deep, in the search's order, the depth
  // the least that gives kSubtrees of them (or the whole tree); the same for any thread count.
  std::vector<Subtree> subtrees;
  {
    CellWalker walker(problem, symmetries, config);
    const auto never = [](long) { return false; };
    for (std::size_t depth = 1;; ++depth) {
      subtrees.clear();
      walker.reset();
      bool deeper = false;
      const bool whole = walker.run(
          depth,
          [&] {
            if (keep(walker)) subtrees.push_back({walker.placed(), true, 0, {}, {}, false});
            return true;
          },
          [&] {
            deeper = true;
            subtrees.push_back({walker.placed(), false, 0, {}, {}, false});
            return true;
          },
          never);
      result.nodes += walker.nodes();
      if (walker.stop() != CellWalker::Stop::None) {
        result.timed_out = walker.stop() == CellWalker::Stop::Deadline;
        result.interrupted = walker.stop() == CellWalker::Stop::Interrupt;
        return result;
      }
      (void)whole;  // the walk stops only on the deadline or the stop flag, handled above
      if (!deeper || subtrees.size() >= kSubtrees) break;
    }
  }

  // Each subtree searched by one thread, taken in order; reported in order as soon as all the
  // subtrees before it are done.
  std::mutex report_mutex, progress_mutex;
  std::size_t reported_upto = 0;  // subtrees before it are reported
  std::vector<char> done(subtrees.size(), 0);
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> cancel_after{std::numeric_limits<std::size_t>::max()};
  std::atomic<long> found{0}, nodes{0};
  std::atomic<bool> timed_out{false}, interrupted{false};
  std::atomic<long long> next_progress{0};
  const auto report = [&](Subtree& tree) {  // under report_mutex
    for (std::size_t k = 0; k < tree.ends.size() && result.solutions < max_solutions; ++k) {
      const std::size_t from = k == 0 ? 0 : static_cast<std::size_t>(tree.ends[k - 1]);
      std::vector<GridPlacement> placements;
      for (std::size_t i = from; i < static_cast<std::size_t>(tree.ends[k]); ++i) {
        const CellProblem::Move& move = problem.moves[static_cast<std::size_t>(tree.moves[i])];
        placements.push_back({move.shape, move.config, move.at});
      }
      if (result.solutions == 0) result.first = placements;
      ++result.solutions;
      if (on_solution) on_solution(placements);
    }
    tree.moves = {};
    tree.ends = {};
  };
  const auto search_subtree = [&](std::size_t index, CellWalker& walker) {
    Subtree& tree = subtrees[index];
    const auto store = [&] {
      ++tree.count;
      found.fetch_add(1, std::memory_order_relaxed);
      tree.moves.insert(tree.moves.end(), walker.placed().begin(), walker.placed().end());
      tree.ends.push_back(static_cast<int>(tree.moves.size()));
      return tree.count < max_solutions;
    };
    long polled = walker.nodes();
    const auto cancelled = [&](long walked) {
      nodes.fetch_add(walked - polled, std::memory_order_relaxed);
      polled = walked;
      if (on_progress) {
        const long long now = std::chrono::duration_cast<std::chrono::milliseconds>(
                                  Clock::now() - started).count();
        long long due = next_progress.load();
        if (now >= due && next_progress.compare_exchange_strong(due, now + 1000)) {
          std::lock_guard<std::mutex> lock(progress_mutex);
          on_progress({found.load(), nodes.load(), static_cast<double>(now) / 1000.0});
        }
      }
      return index > cancel_after.load(std::memory_order_relaxed);
    };
    if (tree.complete) {
      walker.reset();
      for (const int m : tree.prefix) walker.place(m);
      store();
      tree.finished = true;
    } else {
      walker.reset();
      for (const int m : tree.prefix) walker.place(m);
      tree.finished = walker.run(
          std::numeric_limits<std::size_t>::max(), [&] { return !keep(walker) || store(); },
          [] { return true; }, cancelled);
      if (!tree.finished && walker.stop() == CellWalker::Stop::None) tree.finished = true;  // own max
      nodes.fetch_add(walker.nodes() - polled, std::memory_order_relaxed);
      if (walker.stop() == CellWalker::Stop::Deadline) timed_out = true;
      if (walker.stop() == CellWalker::Stop::Interrupt) interrupted = true;
    }
    std::lock_guard<std::mutex> lock(report_mutex);
    done[index] = 1;
    while (reported_upto < subtrees.size() && done[reported_upto] &&
           subtrees[reported_upto].finished && result.solutions < max_solutions) {
      report(subtrees[reported_upto]);
      if (++reported_upto < subtrees.size() && result.solutions >= max_solutions)
        cancel_after = reported_upto - 1;
    }
  };
  const std::size_t workers =
      std::min(subtrees.size(), static_cast<std::size_t>(std::max(1, max_threads())));
  parallel_for(workers, [&](std::size_t) {
    CellWalker walker(problem, symmetries, config);
    for (std::size_t i; (i = next++) < subtrees.size();) {
      if (i > cancel_after.load() || timed_out || interrupted) break;
      search_subtree(i, walker);
    }
  });
  result.nodes += nodes.load();
  result.timed_out = timed_out;
  result.interrupted = interrupted && !timed_out;
  // Stopped early: what the subtrees found, in order, reported after the finished ones.
  for (std::size_t i = reported_upto; i < subtrees.size() && result.solutions < max_solutions; ++i)
    report(subtrees[i]);
  result.exhausted = !result.timed_out && !result.interrupted && result.solutions < max_solutions;
  return result;
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
