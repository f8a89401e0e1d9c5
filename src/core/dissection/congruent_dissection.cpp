#include "tangram/core/dissection/congruent_dissection.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <string>

#include "tangram/core/base/error.hpp"
#include "tangram/core/base/parallel.hpp"
#include "tangram/core/dissection/detail/dissection_found.hpp"
#include "tangram/core/dissection/detail/figure_symmetry.hpp"
#include "tangram/core/dissection/detail/flood.hpp"
#include "tangram/core/dissection/detail/halving_search.hpp"

namespace tangram {

Cells parse_grid(std::string_view text) {
  Cells cells;
  int row = 0, col = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') {
      ++row;
      col = 0;
      continue;
    }
    if (c == '\r' && (i + 1 == text.size() || text[i + 1] == '\n')) continue;
    if (c == '#')
      cells.push_back({row, col});
    else if (c != '.' && c != ' ')
      throw InputError("not a grid figure: line " + std::to_string(row + 1) + ", column " +
                       std::to_string(col + 1) + " has '" + std::string(1, c) +
                       "' (expected '#' for a filled cell, '.' for an empty one)");
    ++col;
  }
  if (cells.empty()) throw InputError("empty figure: no '#' cell");
  return cells;
}

std::string grid_text(const Cells& cells) {
  if (cells.empty()) return "";
  int r0 = cells[0].row, r1 = r0, c0 = cells[0].col, c1 = c0;
  for (Cell c : cells) {
    r0 = std::min(r0, c.row), r1 = std::max(r1, c.row);
    c0 = std::min(c0, c.col), c1 = std::max(c1, c.col);
  }
  const int w = c1 - c0 + 1;
  std::string text;
  for (int r = r0; r <= r1; ++r) text += std::string(static_cast<std::size_t>(w), '.') + "\n";
  for (Cell c : cells) text[static_cast<std::size_t>((c.row - r0) * (w + 1) + (c.col - c0))] = '#';
  return text;
}

bool edge_connected(const Cells& cells) {
  return detail::flood_connected(cells, [](Cell c) {
    return std::array<Cell, 4>{Cell{c.row - 1, c.col}, Cell{c.row + 1, c.col},
                               Cell{c.row, c.col - 1}, Cell{c.row, c.col + 1}};
  });
}

Cell transform_cell(Cell cell, int t) {
  const int r = cell.row, c = t >= 4 ? -cell.col : cell.col;
  switch (t % 4) {  // quarter turns: (r, c) -> (c, -r)
    case 1: return {c, -r};
    case 2: return {-r, -c};
    case 3: return {-c, r};
    default: return {r, c};
  }
}

Cells normalized(const Cells& cells, int t) {
  return detail::normalized_by(cells, t, transform_cell);
}

bool congruent(const Cells& a, const Cells& b, bool mirror) {
  if (a.size() != b.size()) return false;
  const Cells nb = normalized(b);
  for (int t = 0; t < (mirror ? 8 : 4); ++t)
    if (normalized(a, t) == nb) return true;
  return false;
}

void check_dissectable(const Cells& figure, int parts) {
  if (parts < 1) throw UsageError("parts must be at least 1, got " + std::to_string(parts));
  if (figure.empty()) throw InputError("empty figure: no cell");
  if (figure.size() > kMaxDissectCells)
    throw InputError("figure of " + std::to_string(figure.size()) + " squares: the search takes " +
                     std::to_string(kMaxDissectCells) + " at most");
  const std::set<Cell> unique(figure.begin(), figure.end());
  if (unique.size() != figure.size()) throw InputError("figure repeats a cell");
  if (!edge_connected(figure))
    throw InputError("figure is not edge-connected (a polyomino's cells must share edges)");
  if (figure.size() % static_cast<std::size_t>(parts) != 0)
    throw InputError("figure of " + std::to_string(figure.size()) + " cells cannot be cut into " +
                     std::to_string(parts) + " congruent pieces: its area is not a multiple of " +
                     std::to_string(parts));
}

Dissection canonical(Dissection d) { return detail::sorted_pieces(std::move(d)); }

namespace {

/// Least row and column of `cells` (non-empty).
Cell corner(const Cells& cells) {
  Cell m = cells[0];
  for (Cell c : cells) m = {std::min(m.row, c.row), std::min(m.col, c.col)};
  return m;
}

}  // namespace

std::vector<int> figure_symmetries(const Cells& figure) {
  return detail::symmetries_by(figure, transform_cell);
}

Dissection canonical_up_to_symmetry(const Cells& figure, const Dissection& d) {
  return detail::least_image(figure, figure_symmetries(figure), d, transform_cell);
}

bool symmetric_dissection(const Cells& figure, const Dissection& d) {
  const Dissection sorted = canonical(d);
  for (int t : figure_symmetries(figure)) {
    if (t == 0) continue;
    const Dissection image = detail::moved_by(figure, t, sorted, transform_cell);
    if (image[0] != sorted[0] && canonical(image) == sorted) return true;
  }
  return false;
}

namespace {

constexpr int kFree = -1;
constexpr int kOutside = -2;

/// x -> s + T(x - p): how piece 1 maps onto another piece.
struct Map {
  int t = 0;
  Cell p, s;
};

/// The square symmetry that undoes `t`.
int inverse_transform(int t) {
  for (int u = 0; u < 8; ++u)
    if (transform_cell(transform_cell({1, 2}, t), u) == Cell{1, 2}) return u;
  return 0;
}

/// The shared state of both searches: the figure on a padded grid, the cell of each piece,
/// the maps of piece 1 onto the others, the found dissections.
class Search {
public:
  Search(const Cells& figure, const DissectConfig& config)
      : config_(config), found_(figure, config) {
    origin_ = corner(figure);
    for (Cell c : figure) {
      height_ = std::max(height_, c.row - origin_.row + 1);
      width_ = std::max(width_, c.col - origin_.col + 1);
    }
    assign_.assign(static_cast<std::size_t>(height_ * width_), kOutside);
    for (Cell c : figure) assign_[index(local(c))] = kFree;
    seen_.assign(assign_.size(), 0);
    for (int i = 0; i < height_ * width_; ++i)
      if (assign_[static_cast<std::size_t>(i)] == kFree) order_.push_back(i);
    piece_size_ = static_cast<int>(figure.size()) / config.parts;
    for (int t = 0; t < 8; ++t) inverse_[static_cast<std::size_t>(t)] = inverse_transform(t);
  }

  void run() {
    if (config_.parts == 1) {
      record();
      return;
    }
    if (config_.method == DissectMethod::Kotani)
      kotani();
    else {
      const std::size_t mark = trail_.size();
      if (add_to_one(order_[0])) ours(1);
      undo(mark);
    }
  }

  DissectResult result() const { return found_.result(); }

private:
  std::size_t index(Cell c) const { return static_cast<std::size_t>(c.row * width_ + c.col); }
  Cell local(Cell c) const { return {c.row - origin_.row, c.col - origin_.col}; }
  Cell at(int i) const { return {i / width_, i % width_}; }
  bool inside(Cell c) const {
    return c.row >= 0 && c.row < height_ && c.col >= 0 && c.col < width_;
  }
  int transforms() const { return config_.mirror ? 8 : 4; }

  Cell forward(const Map& m, Cell x) const {
    const Cell d = transform_cell({x.row - m.p.row, x.col - m.p.col}, m.t);
    return {m.s.row + d.row, m.s.col + d.col};
  }
  Cell backward(const Map& m, Cell y) const {
    const Cell d =
        transform_cell({y.row - m.s.row, y.col - m.s.col}, inverse_[static_cast<std::size_t>(m.t)]);
    return {m.p.row + d.row, m.p.col + d.col};
  }
  /// The free cell `c` (in the local frame), or -1 when it is outside or taken.
  int free_index(Cell c) const {
    if (!inside(c)) return -1;
    const std::size_t i = index(c);
    return assign_[i] == kFree ? static_cast<int>(i) : -1;
  }

  void put(int i, int piece) {
    assign_[static_cast<std::size_t>(i)] = piece;
    trail_.push_back(i);
    if (piece == 0) one_.push_back(i);
  }
  void undo(std::size_t mark) {
    while (trail_.size() > mark) {
      const int i = trail_.back();
      trail_.pop_back();
      if (assign_[static_cast<std::size_t>(i)] == 0) one_.pop_back();
      assign_[static_cast<std::size_t>(i)] = kFree;
    }
  }

  /// Puts the free cell `i` in piece 1 and its images in the other opened pieces; false on a
  /// conflict (the caller undoes).
  bool add_to_one(int i) {
    if (static_cast<int>(one_.size()) >= piece_size_) return false;
    put(i, 0);
    for (std::size_t j = 0; j < maps_.size(); ++j)
      if (!map_one(i, j)) return false;
    return true;
  }
  /// Puts the image of piece-1 cell `i` under map j in piece j + 1; false on a conflict.
  bool map_one(int i, std::size_t j) {
    const int y = free_index(forward(maps_[j], at(i)));
    if (y < 0) return false;
    put(y, static_cast<int>(j) + 1);
    return true;
  }

  /// Whether to stop: the deadline (polled) or enough dissections.
  bool stop() { return found_.stop(); }

  /// The first free cell from order position `pos` on (order_.size() when none).
  std::size_t first_free(std::size_t pos) const {
    while (pos < order_.size() && assign_[static_cast<std::size_t>(order_[pos])] != kFree) ++pos;
    return pos;
  }

  /// Every cell assigned: keeps the dissection when its pieces are connected.
  void record() {
    Dissection d(static_cast<std::size_t>(config_.parts));
    for (int i : order_) {
      const Cell c = at(i);
      const int piece = config_.parts == 1 ? 0 : assign_[static_cast<std::size_t>(i)];
      d[static_cast<std::size_t>(piece)].push_back({c.row + origin_.row, c.col + origin_.col});
    }
    for (const Cells& piece : d)
      if (!edge_connected(piece)) return;
    found_.keep(std::move(d));
  }

  /// Whether every opened piece can still become connected: its cells lie in one component of
  /// its cells and the free ones (a flood fill per piece). Ours prunes with it; Kotani's
  /// search, as published, checks connectivity only at the end.
  bool connectable() {
    const std::size_t pieces = maps_.size() + 1;
    std::vector<int> seeds(pieces, -1);
    for (int i : trail_) {
      const int p = assign_[static_cast<std::size_t>(i)];
      if (seeds[static_cast<std::size_t>(p)] < 0) seeds[static_cast<std::size_t>(p)] = i;
    }
    for (std::size_t p = 0; p < pieces; ++p) {
      if (seeds[p] < 0) continue;
      ++stamp_;
      std::size_t reached = 0;
      todo_.assign(1, seeds[p]);
      seen_[static_cast<std::size_t>(seeds[p])] = stamp_;
      while (!todo_.empty()) {
        const int i = todo_.back();
        todo_.pop_back();
        if (assign_[static_cast<std::size_t>(i)] == static_cast<int>(p)) ++reached;
        const Cell c = at(i);
        for (Cell n : {Cell{c.row - 1, c.col}, Cell{c.row + 1, c.col}, Cell{c.row, c.col - 1},
                       Cell{c.row, c.col + 1}}) {
          if (!inside(n)) continue;
          const std::size_t k = index(n);
          const int owner = assign_[k];
          if (seen_[k] == stamp_ || (owner != kFree && owner != static_cast<int>(p))) continue;
          seen_[k] = stamp_;
          todo_.push_back(static_cast<int>(k));
        }
      }
      if (reached != one_.size()) return false;
    }
    return true;
  }

  /// Ours: the first free cell goes to piece 1 (with its images), to an opened piece (with its
  /// preimage in piece 1), or opens the next piece with a chosen preimage p and transform.
  void ours(std::size_t pos) {
    if (stop() || !connectable()) return;
    pos = first_free(pos);
    if (pos == order_.size()) {
      if (static_cast<int>(maps_.size()) + 1 == config_.parts) record();
      return;
    }
    const int s = order_[pos];
    const std::size_t mark = trail_.size();
    if (add_to_one(s)) ours(pos + 1);
    undo(mark);
    for (std::size_t j = 0; j < maps_.size() && !found_.stopped(); ++j) {
      const int x = free_index(backward(maps_[j], at(s)));
      if (x >= 0 && add_to_one(x)) ours(pos + 1);
      undo(mark);
    }
    if (static_cast<int>(maps_.size()) + 1 >= config_.parts) return;
    const std::vector<int> ones = one_;  // piece 1 as it is before the new piece opens
    for (int t = 0; t < transforms() && !found_.stopped(); ++t)
      for (int p : order_) {
        if (found_.stopped()) break;
        const int owner = assign_[static_cast<std::size_t>(p)];
        if (owner != 0 && (owner != kFree || p == s)) continue;
        maps_.push_back({t, at(p), at(s)});
        const std::size_t j = maps_.size() - 1;
        bool ok = true;
        for (int i : ones)
          if (!(ok = map_one(i, j))) break;
        if (ok && owner == kFree) ok = add_to_one(p);
        if (ok) ours(pos + 1);
        undo(mark);
        maps_.pop_back();
      }
  }

  /// Kotani's search under the map fixed by kotani(): the first free cell s goes to piece 1
  /// and its image to piece 2, or to piece 2 and its preimage to piece 1.
  void kotani_search(std::size_t pos) {
    if (stop()) return;
    pos = first_free(pos);
    if (pos == order_.size()) {
      record();
      return;
    }
    const int s = order_[pos];
    const std::size_t mark = trail_.size();
    if (add_to_one(s)) kotani_search(pos + 1);
    undo(mark);
    const int x = free_index(backward(maps_[0], at(s)));
    if (x >= 0 && add_to_one(x)) kotani_search(pos + 1);
    undo(mark);
  }

  /// Kotani's outer loops: o1 the first cell; every o2, rotation and mirror.
  void kotani() {
    const int o1 = order_[0];
    for (int o2 : order_) {
      if (o2 == o1) continue;
      for (int t = 0; t < transforms() && !found_.stopped(); ++t) {
        maps_.assign(1, Map{t, at(o1), at(o2)});
        const std::size_t mark = trail_.size();
        if (add_to_one(o1)) kotani_search(1);
        undo(mark);
      }
    }
    maps_.clear();
  }

  const DissectConfig& config_;
  Cell origin_;
  int height_ = 0, width_ = 0, piece_size_ = 0;
  std::vector<int> assign_;  ///< per grid index: piece (0-based), kFree or kOutside
  std::vector<int> order_;   ///< the figure's grid indices, row by row
  std::vector<int> trail_;   ///< assigned indices, in order, for undo
  std::vector<int> one_;     ///< piece 1's grid indices
  std::vector<Map> maps_;    ///< piece 1 onto piece j + 2
  std::array<int, 8> inverse_{};
  detail::DissectionFound found_;
  std::vector<unsigned> seen_;  ///< flood fill marks, per grid index
  std::vector<int> todo_;
  unsigned stamp_ = 0;
};

}  // namespace

bool colour_counts_allow(const Cells& figure, int parts) {
  if (parts < 1 || figure.size() % static_cast<std::size_t>(parts) != 0) return false;
  long dark = 0;
  for (Cell c : figure) dark += ((c.row + c.col) % 2 + 2) % 2 == 0 ? 1 : 0;
  const long size = static_cast<long>(figure.size()) / parts;
  for (long b = 0; b <= size; ++b)
    for (long j = 0; j <= parts; ++j)
      if (j * b + (parts - j) * (size - b) == dark) return true;
  return false;
}

namespace {

/// dissect() on a figure that check_dissectable accepts, with a method that cuts into
/// config.parts (the generators' figures are, by construction).
DissectResult dissect_checked(const Cells& figure, const DissectConfig& config) {
  if (config.method != DissectMethod::Kotani && !colour_counts_allow(figure, config.parts))
    return {};  // proved: no dissection
  if (config.method == DissectMethod::Halving) return detail::halving_search(figure, config);
  Search search(figure, config);
  search.run();
  return search.result();
}

}  // namespace

DissectResult dissect(const Cells& figure, const DissectConfig& config) {
  check_dissectable(figure, config.parts);
  if (config.method != DissectMethod::Ours && config.parts != 2)
    throw UsageError(std::string(config.method == DissectMethod::Kotani ? "Kotani's method"
                                                                        : "the halving method") +
                     " cuts into 2 pieces, not " + std::to_string(config.parts) +
                     " (use our method)");
  return dissect_checked(figure, config);
}

DissectionAttributes attributes(const Cells& figure, const Dissection& d) {
  DissectionAttributes a;
  if (d.empty()) return a;
  a.x1 = static_cast<double>(d[0].size());
  const std::set<Cell> in_figure(figure.begin(), figure.end());
  std::set<Cell> in_first;
  std::size_t outline = 0, cut = 0;
  for (std::size_t p = 0; p < d.size(); ++p) {
    const std::set<Cell> own(d[p].begin(), d[p].end());
    for (Cell c : d[p])
      for (Cell n : {Cell{c.row - 1, c.col}, Cell{c.row + 1, c.col}, Cell{c.row, c.col - 1},
                     Cell{c.row, c.col + 1}}) {
        if (!in_figure.count(n))
          ++outline;
        else if (!own.count(n))
          ++cut;  // counted from both sides
      }
  }
  a.x2 = static_cast<double>(outline) / static_cast<double>(d.size());
  const std::size_t cuts = cut / 2;  // each cut edge was counted from both sides
  a.x3 = static_cast<double>(cuts);
  const Cells first = normalized(d[0]);
  for (std::size_t p = 1; p < d.size(); ++p)
    for (int t : {0, 2, 1, 3, 4, 6, 5, 7})
      if (normalized(d[p], t) == first) {
        if (t % 2 == 1) a.x4 = 1;
        if (t >= 4) a.x5 = 1;
        break;
      }
  return a;
}

namespace {

/// A random generator that gives the same numbers on every platform (no std distributions).
class Random {
public:
  /// The seed is mixed first: with a plain multiple of the seed as the state, seeds s and s + 1
  /// gave the same stream shifted by one draw, hence mostly the same figures.
  explicit Random(std::uint64_t seed) : state_(mix(seed)) {}
  /// Uniform in [0, n), n > 0 (splitmix64; the modulo bias is negligible here).
  std::size_t below(std::size_t n) {
    return static_cast<std::size_t>(mix(state_ += 0x9E3779B97F4A7C15ull) % n);
  }

private:
  /// splitmix64's output function.
  static std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  std::uint64_t state_;
};

std::array<Cell, 4> neighbours(Cell c) {
  return {Cell{c.row - 1, c.col}, Cell{c.row + 1, c.col}, Cell{c.row, c.col - 1},
          Cell{c.row, c.col + 1}};
}

/// A set of squares for the generators: sorted (as a std::set<Cell> iterates, which the
/// generators' random draws index into), with a bitmap of the squares within `radius` of (0, 0)
/// for lookups. Reused between candidates: clear() forgets only the squares it holds.
class Canvas {
public:
  explicit Canvas(int radius)
      : radius_(radius),
        side_(2 * radius + 1),
        bits_(static_cast<std::size_t>(side_) * static_cast<std::size_t>(side_), 0),
        open_(bits_.size(), 0),
        marks_(bits_.size(), 0) {}
  /// Whether `c` is held; false for squares outside the radius.
  bool has(Cell c) const { return within(c) && bits_[index(c)]; }
  /// Adds `c` (within the radius).
  void insert(Cell c) {
    if (has(c)) return;
    bits_[index(c)] = 1;
    cells_.insert(std::lower_bound(cells_.begin(), cells_.end(), c), c);
    int held = 0;
    for (Cell m : neighbours(c))
      if (has(m)) ++held, --open_[index(m)];
    open_[index(c)] = static_cast<unsigned char>(4 - held);
    surface_ += 4 - 2 * held;
  }
  void erase(Cell c) {
    if (!has(c)) return;
    bits_[index(c)] = 0;
    cells_.erase(std::lower_bound(cells_.begin(), cells_.end(), c));
    int held = 0;
    for (Cell m : neighbours(c))
      if (has(m)) ++held, ++open_[index(m)];
    surface_ -= 4 - 2 * held;
  }
  void clear() {
    for (Cell c : cells_) bits_[index(c)] = 0;
    cells_.clear();
    surface_ = 0;
  }
  /// The pairs (a square held, a neighbour not held): as many as the list that lists, for each
  /// square in order, its neighbours up, down, left, right that are not held.
  std::size_t surface() const { return static_cast<std::size_t>(surface_); }
  /// The k-th outside square of that list (k < surface()).
  Cell surface_square(std::size_t k) const {
    for (Cell c : cells_) {
      const std::size_t open = open_[index(c)];
      if (k >= open) {
        k -= open;
        continue;
      }
      for (Cell m : neighbours(c))
        if (!has(m) && k-- == 0) return m;
    }
    return cells_[0];  // not reached for k < surface()
  }
  const Cells& cells() const { return cells_; }
  std::size_t size() const { return cells_.size(); }
  int radius() const { return radius_; }
  /// Whether the squares held are edge-connected (edge_connected, on the bitmap).
  bool connected() {
    if (cells_.empty()) return false;
    if (++stamp_ == 0) std::fill(marks_.begin(), marks_.end(), 0), stamp_ = 1;
    std::vector<Cell>& todo = todo_;
    todo.assign(1, cells_[0]);
    marks_[index(cells_[0])] = stamp_;
    std::size_t reached = 0;
    while (!todo.empty()) {
      const Cell c = todo.back();
      todo.pop_back();
      ++reached;
      for (Cell m : neighbours(c))
        if (has(m) && marks_[index(m)] != stamp_) {
          marks_[index(m)] = stamp_;
          todo.push_back(m);
        }
    }
    return reached == cells_.size();
  }
  /// Whether the squares held enclose a hole: an empty square of their bounding box that no
  /// path of edge-adjacent empty squares joins to the outside of the box.
  bool has_holes() {
    const Cell lo = corner(cells_);
    Cell hi = lo;
    for (Cell c : cells_) hi = {std::max(hi.row, c.row), std::max(hi.col, c.col)};
    const long box = static_cast<long>(hi.row - lo.row + 3) * (hi.col - lo.col + 3);
    if (++stamp_ == 0) std::fill(marks_.begin(), marks_.end(), 0), stamp_ = 1;
    // The box grown by one square all round (within the radius: the generators keep a margin).
    const Cell start{lo.row - 1, lo.col - 1};
    todo_.assign(1, start);
    marks_[index(start)] = stamp_;
    long reached = 0;
    while (!todo_.empty()) {
      const Cell c = todo_.back();
      todo_.pop_back();
      ++reached;
      for (Cell m : neighbours(c))
        if (m.row >= lo.row - 1 && m.row <= hi.row + 1 && m.col >= lo.col - 1 &&
            m.col <= hi.col + 1 && !has(m) && marks_[index(m)] != stamp_) {
          marks_[index(m)] = stamp_;
          todo_.push_back(m);
        }
    }
    return reached + static_cast<long>(cells_.size()) != box;
  }

private:
  bool within(Cell c) const {
    return c.row >= -radius_ && c.row <= radius_ && c.col >= -radius_ && c.col <= radius_;
  }
  std::size_t index(Cell c) const {
    return static_cast<std::size_t>((c.row + radius_) * side_ + (c.col + radius_));
  }
  int radius_, side_;
  std::vector<char> bits_;
  std::vector<unsigned char> open_;  ///< per square held: its neighbours not held
  long surface_ = 0;                 ///< the sum of open_ over the squares held
  std::vector<unsigned> marks_;      ///< flood fill marks
  unsigned stamp_ = 0;
  Cells cells_;
  std::vector<Cell> todo_;
};

/// `cells` grown by random squares on their surface (an outside square next to one inside,
/// each such pair as likely) to `n` squares.
void grow(Canvas& cells, std::size_t n, Random& random) {
  while (cells.size() < n) cells.insert(cells.surface_square(random.below(cells.surface())));
}

/// Takes out of `cells` random squares that `removable` accepts and whose loss keeps them
/// connected, until `n` are left or none can go.
template <class Accept>
void shrink(Canvas& cells, std::size_t n, Random& random, Accept removable) {
  std::vector<Cell> options;
  while (cells.size() > n) {
    options.clear();
    for (Cell c : cells.cells())
      if (removable(c)) options.push_back(c);
    bool removed = false;
    while (!options.empty() && !removed) {
      const std::size_t k = random.below(options.size());
      const Cell c = options[k];
      cells.erase(c);
      if (cells.connected())
        removed = true;
      else
        cells.insert(c), options.erase(options.begin() + static_cast<long>(k));
    }
    if (!removed) return;
  }
}

/// The canvas radius the generators need for `config`: every square they draw lies within it,
/// with a margin of one for lookups around the figure.
int canvas_radius(const GenerateConfig& config) {
  if (config.from_square > 0) return config.from_square + 1;
  if (config.from_piece) return config.cells + 2;  // copies laid edge to edge from (0, 0)
  return config.cells + std::max(1, config.cells / 10) + 2;
}

/// Lays `piece` under symmetry t at a random place where it touches `figure` along an edge
/// without overlapping it (each such translation as likely; when `longest`, only those where it
/// touches along the most edges) and adds it to `figure`.
void lay_copy(Canvas& figure, const Cells& piece, int t, bool longest, Random& random,
              std::vector<Cell>& shifts) {
  const Cells turned = normalized(piece, t);
  shifts.clear();
  for (Cell c : figure.cells())
    for (Cell m : neighbours(c))
      if (!figure.has(m))
        for (Cell p : turned) shifts.push_back({m.row - p.row, m.col - p.col});
  std::sort(shifts.begin(), shifts.end());
  shifts.erase(std::unique(shifts.begin(), shifts.end()), shifts.end());
  shifts.erase(std::remove_if(shifts.begin(), shifts.end(),
                              [&](Cell v) {
                                for (Cell p : turned)
                                  if (figure.has({p.row + v.row, p.col + v.col})) return true;
                                return false;
                              }),
               shifts.end());
  // Never empty: a copy whose leftmost square lies right of the figure's rightmost one fits.
  if (longest) {
    const auto contact = [&](Cell v) {
      int edges = 0;
      for (Cell p : turned)
        for (Cell m : neighbours({p.row + v.row, p.col + v.col})) edges += figure.has(m) ? 1 : 0;
      return edges;
    };
    int most = 0;
    for (Cell v : shifts) most = std::max(most, contact(v));
    shifts.erase(
        std::remove_if(shifts.begin(), shifts.end(), [&](Cell v) { return contact(v) < most; }),
        shifts.end());
  }
  const Cell v = shifts[random.below(shifts.size())];
  for (Cell p : turned) figure.insert({p.row + v.row, p.col + v.col});
}

/// One candidate figure of `config.cells` squares (fewer only when shrinking gets stuck), drawn
/// on `cells` (cleared first), sorted.
Cells candidate(const GenerateConfig& config, Random& random, Canvas& cells,
                std::vector<Cell>& scratch) {
  const auto n = static_cast<std::size_t>(config.cells);
  cells.clear();
  const auto count_outside = [&cells](Cell c) {
    int k = 0;
    for (Cell m : neighbours(c)) k += cells.has(m) ? 0 : 1;
    return k;
  };
  if (config.from_piece) {
    cells.insert({0, 0});
    grow(cells, n / static_cast<std::size_t>(config.parts), random);
    const Cells piece = cells.cells();
    const int transforms = config.mirror ? 8 : 4;
    for (int copy = 1; copy < config.parts; ++copy)
      lay_copy(cells, piece, static_cast<int>(random.below(static_cast<std::size_t>(transforms))),
               config.longest_contact, random, scratch);
    if (!config.holes && cells.has_holes()) return {};
  } else if (config.from_square > 0) {
    for (int r = 0; r < config.from_square; ++r)
      for (int c = 0; c < config.from_square; ++c) cells.insert({r, c});
    shrink(cells, n, random, [&](Cell c) { return count_outside(c) > 0; });
  } else if (config.holes) {
    const std::size_t holes = std::max<std::size_t>(1, n / 10);
    cells.insert({0, 0});
    grow(cells, n + holes, random);
    shrink(cells, n, random, [&](Cell c) { return count_outside(c) == 0; });
  } else {
    cells.insert({0, 0});
    grow(cells, n, random);
  }
  return cells.cells();
}

}  // namespace

namespace {

void check_generate_config(const GenerateConfig& config) {
  if (config.parts < 1 || config.cells < config.parts || config.cells % config.parts != 0)
    throw UsageError("cells must be a positive multiple of parts, got " +
                     std::to_string(config.cells) + " cells and " + std::to_string(config.parts) +
                     " parts");
  if (config.from_square > 0 && config.from_square * config.from_square < config.cells)
    throw UsageError("a " + std::to_string(config.from_square) + " x " +
                     std::to_string(config.from_square) + " square has fewer than " +
                     std::to_string(config.cells) + " squares");
  if (static_cast<std::size_t>(config.cells) > kMaxDissectCells)
    throw UsageError("cells must be at most " + std::to_string(kMaxDissectCells) + ", got " +
                     std::to_string(config.cells));
  if (config.from_piece && config.from_square > 0)
    throw UsageError("from_piece and from_square are two generators: choose one");
  if (config.method && *config.method != DissectMethod::Ours && config.parts != 2)
    throw UsageError("only our method cuts into " + std::to_string(config.parts) + " pieces");
}

/// The solver generate checks its figures with.
DissectMethod generate_method(const GenerateConfig& config) {
  if (config.method) return *config.method;
  return config.parts == 2 ? DissectMethod::Halving : DissectMethod::Ours;
}

/// What one seed gave: a puzzle, or none because max_candidates ran out, or the deadline.
struct Attempt {
  std::optional<DissectionPuzzle> puzzle;
  long candidates = 0;
  bool timed_out = false;
};

Attempt attempt(const GenerateConfig& config, std::uint64_t seed) {
  Random random(seed);
  DissectConfig dissect_config;
  dissect_config.parts = config.parts;
  dissect_config.mirror = config.mirror;
  dissect_config.max_solutions = 2;
  dissect_config.deadline = config.deadline;
  dissect_config.method = generate_method(config);
  Attempt out;
  Canvas canvas(canvas_radius(config));
  std::vector<Cell> scratch;
  for (long tried = 1; tried <= config.max_candidates; ++tried) {
    out.candidates = tried;
    if (std::chrono::steady_clock::now() >= config.deadline) break;
    // In the text grid's frame.
    const Cells figure = normalized(candidate(config, random, canvas, scratch));
    if (static_cast<int>(figure.size()) != config.cells) continue;
    const DissectResult found = dissect_checked(figure, dissect_config);
    if (found.timed_out) break;
    if (found.solutions.size() != 1 || symmetric_dissection(figure, found.solutions[0])) continue;
    DissectionPuzzle puzzle{figure, found.solutions[0], {}, {}, tried, seed};
    puzzle.attributes = attributes(figure, puzzle.solution);
    puzzle.rating = rate(puzzle.attributes);
    if (puzzle.rating.difficulty1 < config.min_difficulty1) continue;
    out.puzzle = std::move(puzzle);
    return out;
  }
  out.timed_out = std::chrono::steady_clock::now() >= config.deadline;
  return out;
}

/// The least of `figure`'s normalized forms under the square symmetries: equal for figures
/// that are congruent with mirror images.
Cells figure_key(const Cells& figure) {
  Cells best = normalized(figure);
  for (int t = 1; t < 8; ++t) best = std::min(best, normalized(figure, t));
  return best;
}

}  // namespace

std::optional<DissectionPuzzle> generate_puzzle(const GenerateConfig& config, std::uint64_t seed) {
  check_generate_config(config);
  return attempt(config, seed).puzzle;
}

std::uint64_t puzzle_seed(std::uint64_t seed, std::uint64_t i) {
  return seed * 0x100000001B3ull + i;  // distinct for distinct i; Random mixes them
}

PuzzleSet generate_puzzles(const GenerateConfig& config, std::size_t count, std::uint64_t seed,
                           const std::function<void(const PuzzleSet&)>& progress) {
  check_generate_config(config);
  PuzzleSet set;
  std::set<Cells> seen;
  // A fixed batch (not the thread count): which seeds run never changes the result, only how
  // many run past the last one needed.
  const std::size_t batch = 16;
  std::uint64_t next = 0;
  long barren = 0;  // seeds in a row without a new puzzle
  const long total = config.max_total_candidates;
  while (set.puzzles.size() < count) {
    // Each seed of a batch may try what the budget had left when the batch began: the same
    // for any thread count.
    GenerateConfig capped = config;
    if (total > 0) capped.max_candidates = std::min(config.max_candidates, total - set.candidates);
    std::vector<Attempt> attempts(batch);
    parallel_for(
        batch, [&](std::size_t k) { attempts[k] = attempt(capped, puzzle_seed(seed, next + k)); });
    next += batch;
    for (Attempt& a : attempts) {
      if (a.timed_out) {
        set.stop = GenerateStop::deadline;
        break;
      }
      if (total > 0 && set.candidates + a.candidates > total) {
        set.stop = GenerateStop::candidates;
        break;
      }
      set.candidates += a.candidates;
      ++set.seeds;
      ++barren;
      if (a.puzzle && seen.insert(figure_key(a.puzzle->figure)).second) {
        set.puzzles.push_back(std::move(*a.puzzle));
        barren = 0;
      }
      if (set.puzzles.size() == count) break;
      if (barren == kMaxBarrenSeeds) {
        set.stop = GenerateStop::barren;
        break;
      }
      if (total > 0 && set.candidates >= total && set.puzzles.size() < count) {
        set.stop = GenerateStop::candidates;
        break;
      }
    }
    if (progress) progress(set);
    if (!set.complete()) break;
  }
  return set;
}

DissectionRating rate(const DissectionAttributes& a) {
  DissectionRating r;
  r.difficulty1 = 0.300 * a.x1 + 0.010 * a.x2 - 0.102 * a.x3 + 0.224 * a.x4 - 0.091 * a.x5 - 2.445;
  r.difficulty2 = 0.136 * a.x1 + 0.060 * a.x2 - 0.019 * a.x3 + 0.377 * a.x4 - 0.047 * a.x5 - 2.105;
  r.amusement = 0.020 * a.x1 + 0.089 * a.x2 - 0.002 * a.x3 + 0.172 * a.x4 - 0.293 * a.x5 - 1.274;
  return r;
}

}  // namespace tangram
