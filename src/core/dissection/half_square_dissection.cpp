#include "tangram/core/dissection/half_square_dissection.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <set>
#include <string>

#include "tangram/core/base/error.hpp"
#include "tangram/core/dissection/congruent_dissection.hpp"
#include "tangram/core/dissection/detail/figure_symmetry.hpp"
#include "tangram/core/dissection/detail/flood.hpp"

namespace tangram {

namespace {

/// A half-square's two quarters by the corner it fills: top left, top right, bottom left,
/// bottom right.
constexpr std::array<std::array<int, 2>, 4> kHalfSides{{{0, 3}, {0, 1}, {2, 3}, {1, 2}}};
constexpr std::array<char, 4> kHalfChars{'7', '9', '1', '3'};
/// The UTF-8 triangles for the same corners: U+25E4, U+25E5, U+25E3, U+25E2.
constexpr std::array<std::string_view, 4> kHalfGlyphs{"\xE2\x97\xA4", "\xE2\x97\xA5",
                                                      "\xE2\x97\xA3", "\xE2\x97\xA2"};

/// The quarter's side as a step (row, column) from the square's centre.
constexpr std::array<Cell, 4> kSideStep{{{-1, 0}, {0, 1}, {1, 0}, {0, -1}}};

/// The quarter as a point of the plane scaled by 4: its square's centre plus its side's step.
Cell quarter_point(Quarter q) {
  const Cell step = kSideStep[static_cast<std::size_t>(q.side)];
  return {4 * q.row + 2 + step.row, 4 * q.col + 2 + step.col};
}

int floor_div4(int x) { return x >= 0 ? x / 4 : -((-x + 3) / 4); }

/// The quarter whose quarter_point is `p` (one step from a square's centre, or the centre).
Quarter quarter_at(Cell p) {
  const int row = floor_div4(p.row - 1), col = floor_div4(p.col - 1);
  const Cell step{p.row - 4 * row - 2, p.col - 4 * col - 2};
  int side = 0;
  while (side < 3 && kSideStep[static_cast<std::size_t>(side)] != step) ++side;
  return {row, col, side};
}

/// The quarter across side `q.side` (the next square's opposite quarter), and the two quarters
/// of the same square across its half-diagonals.
std::array<Quarter, 3> quarter_neighbours(Quarter q) {
  const Cell step = kSideStep[static_cast<std::size_t>(q.side)];
  return {Quarter{q.row + step.row, q.col + step.col, (q.side + 2) % 4},
          Quarter{q.row, q.col, (q.side + 1) % 4}, Quarter{q.row, q.col, (q.side + 3) % 4}};
}

/// The diamond (two quarters across a grid edge) of quarter q as a cell of the diamond lattice:
/// its centre (y, x) as (y + x - 1/2, y - x + 1/2).
Cell diamond_of(Quarter q) {
  const Cell step = kSideStep[static_cast<std::size_t>(q.side)];
  // The edge's midpoint, doubled: the square's centre (2 row + 1, 2 col + 1) plus the step.
  const int y2 = 2 * q.row + 1 + step.row, x2 = 2 * q.col + 1 + step.col;
  return {(y2 + x2 - 1) / 2, (y2 - x2 + 1) / 2};
}

/// The two quarters of diamond `d` (diamond_of's inverse).
std::array<Quarter, 2> quarters_of(Cell d) {
  const int y2 = d.row + d.col, x2 = d.row - d.col + 1;  // doubled centre
  if (y2 % 2 == 0) {  // on a horizontal edge: the top of the square below, the bottom above
    const int r = y2 / 2, c = (x2 - 1) / 2;
    return {Quarter{r, c, 0}, Quarter{r - 1, c, 2}};
  }
  const int r = (y2 - 1) / 2, c = x2 / 2;  // on a vertical edge
  return {Quarter{r, c, 3}, Quarter{r, c - 1, 1}};
}

/// The diamonds of `quarters` as cells of the diamond lattice, or none when some quarter's
/// partner across its grid edge is missing (a grid edge on the boundary).
std::optional<Cells> diamonds_of(const Quarters& quarters) {
  const std::set<Quarter> in(quarters.begin(), quarters.end());
  std::set<Cell> diamonds;
  for (Quarter q : quarters) {
    if (!in.count(quarter_neighbours(q)[0])) return std::nullopt;
    diamonds.insert(diamond_of(q));
  }
  return Cells(diamonds.begin(), diamonds.end());
}

/// The quarters of the diamond-lattice cells `cells`.
Quarters quarters_of(const Cells& cells) {
  Quarters out;
  for (Cell c : cells)
    for (Quarter q : quarters_of(c)) out.push_back(q);
  return out;
}

/// The symmetries of a figure (half_canonical_up_to_symmetry): those of the quarter lattice,
/// and when the figure is made of diamonds, those of the diamond lattice.
struct HalfSymmetries {
  Quarters figure;
  std::vector<int> lattice;       ///< half_figure_symmetries
  std::optional<Cells> diamonds;  ///< the figure on the diamond lattice, if it is made of diamonds
  std::vector<int> diamond;       ///< figure_symmetries(*diamonds)

  explicit HalfSymmetries(const Quarters& f)
      : figure(f), lattice(half_figure_symmetries(f)), diamonds(diamonds_of(f)) {
    if (diamonds) diamond = figure_symmetries(*diamonds);
  }

  /// The least form of `d` among its images under the figure's symmetries.
  HalfDissection least(const HalfDissection& d) const {
    if (diamonds && diamond.size() > 1) {
      Dissection cells;
      for (const Quarters& piece : d) {
        std::optional<Cells> c = diamonds_of(piece);
        if (!c) break;
        cells.push_back(std::move(*c));
      }
      // Every piece made of diamonds: the diamond lattice's symmetries of the figure move it
      // onto a dissection (they include the quarter lattice's).
      if (cells.size() == d.size()) {
        HalfDissection best = detail::sorted_pieces(d);
        for (int t : diamond) {
          HalfDissection image;
          for (const Cells& piece : detail::moved_by(*diamonds, t, cells, transform_cell))
            image.push_back(quarters_of(piece));
          best = std::min(best, detail::sorted_pieces(std::move(image)));
        }
        return best;
      }
    }
    return detail::least_image(figure, lattice, d, transform_quarter);
  }
};

/// How the searches keep dissection `d`: its least form under `symmetries` when given, else
/// with its pieces sorted.
HalfDissection kept_form(const HalfSymmetries* symmetries, HalfDissection d) {
  return symmetries ? symmetries->least(d) : detail::sorted_pieces(std::move(d));
}

}  // namespace

Quarters parse_half_grid(std::string_view text) {
  Quarters out;
  int row = 0, col = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') {
      ++row, col = 0;
      continue;
    }
    if (c == '\r' && (i + 1 == text.size() || text[i + 1] == '\n')) continue;
    int half = -1;
    for (std::size_t h = 0; h < 4; ++h) {
      if (c == kHalfChars[h]) half = static_cast<int>(h);
      if (text.substr(i, 3) == kHalfGlyphs[h]) half = static_cast<int>(h), i += 2;
    }
    if (c == '#') {
      for (int side = 0; side < 4; ++side) out.push_back({row, col, side});
    } else if (half >= 0) {
      for (int side : kHalfSides[static_cast<std::size_t>(half)]) out.push_back({row, col, side});
    } else if (c != '.' && c != ' ') {
      throw InputError("not a half-square grid: line " + std::to_string(row + 1) + ", column " +
                       std::to_string(col + 1) + " has '" +
                       (static_cast<unsigned char>(c) < 0x80 ? std::string(1, c)
                                                             : std::string("a non-ASCII byte")) +
                       "' (expected '#' full, '.' empty, or a half-square by its corner: '7' "
                       "top left, '9' top right, '1' bottom left, '3' bottom right)");
    }
    ++col;
  }
  if (out.empty()) throw InputError("empty figure: no filled square or half-square");
  std::sort(out.begin(), out.end());
  return out;
}

SquareBox square_box(const Quarters& quarters) {
  SquareBox box{quarters[0].row, quarters[0].col, quarters[0].row, quarters[0].col};
  for (Quarter q : quarters) {
    box.first_row = std::min(box.first_row, q.row), box.last_row = std::max(box.last_row, q.row);
    box.first_col = std::min(box.first_col, q.col), box.last_col = std::max(box.last_col, q.col);
  }
  return box;
}

std::string half_grid_text(const Quarters& figure) {
  if (figure.empty()) return "";
  const SquareBox box = square_box(figure);
  const int r0 = box.first_row, r1 = box.last_row, c0 = box.first_col, c1 = box.last_col;
  const int w = c1 - c0 + 1;
  std::vector<int> masks(static_cast<std::size_t>((r1 - r0 + 1) * w), 0);
  for (Quarter q : figure)
    masks[static_cast<std::size_t>((q.row - r0) * w + q.col - c0)] |= 1 << q.side;
  std::string text;
  for (std::size_t i = 0; i < masks.size(); ++i) {
    char c = masks[i] == 0 ? '.' : masks[i] == 15 ? '#' : '?';
    for (std::size_t h = 0; h < 4; ++h)
      if (masks[i] == (1 << kHalfSides[h][0] | 1 << kHalfSides[h][1])) c = kHalfChars[h];
    text += c;
    if (static_cast<int>(i % static_cast<std::size_t>(w)) == w - 1) text += '\n';
  }
  return text;
}

bool quarters_connected(const Quarters& quarters) {
  return detail::flood_connected(quarters, quarter_neighbours);
}

Quarter transform_quarter(Quarter q, int t) {
  return quarter_at(transform_cell(quarter_point(q), t));
}

std::vector<int> half_figure_symmetries(const Quarters& figure) {
  return detail::symmetries_by(figure, transform_quarter);
}

HalfDissection half_canonical_up_to_symmetry(const Quarters& figure, const HalfDissection& d) {
  return HalfSymmetries(figure).least(d);
}

bool made_of_half_squares(const Quarters& piece) {
  std::set<std::pair<int, int>> squares;
  std::set<Quarter> in(piece.begin(), piece.end());
  for (Quarter q : piece) {
    if (!squares.insert({q.row, q.col}).second) continue;
    int mask = 0;
    for (int side = 0; side < 4; ++side)
      if (in.count({q.row, q.col, side})) mask |= 1 << side;
    const bool half = mask == 3 || mask == 6 || mask == 12 || mask == 9;
    if (mask != 15 && !half) return false;
  }
  return true;
}

void check_half_dissectable(const Quarters& figure, int parts, bool halves) {
  if (parts < 1) throw UsageError("parts must be at least 1, got " + std::to_string(parts));
  if (figure.empty()) throw InputError("empty figure: no quarter");
  if (figure.size() > kMaxHalfDissectQuarters)
    throw InputError("figure of " + std::to_string(figure.size() / 2) +
                     " half-squares: the search takes " +
                     std::to_string(kMaxHalfDissectQuarters / 2) + " at most");
  if (std::set<Quarter>(figure.begin(), figure.end()).size() != figure.size())
    throw InputError("figure repeats a quarter");
  if (!quarters_connected(figure))
    throw InputError(
        "figure is not edge-connected (its half-squares must share sides, not "
        "only corners)");
  const std::size_t unit = halves ? 2 : 1;
  if (figure.size() % (unit * static_cast<std::size_t>(parts)) != 0)
    throw InputError("figure of " +
                     (figure.size() % 2 == 0 ? std::to_string(figure.size() / 2) + " half-squares"
                                             : std::to_string(figure.size()) + " quarter squares") +
                     " cannot be cut into " + std::to_string(parts) +
                     " congruent pieces of whole " + (halves ? "half-squares" : "quarter squares"));
}

namespace {

constexpr int kUnowned = -1;

/// x -> s + T(x - p) on quarter points: maps quarter p onto quarter s.
struct QuarterMap {
  int t = 0;
  Cell p, s;
};

/// The pairing search of DissectMethod::Ours on the figure's quarters (indices in sorted
/// order).
class HalfSearch {
public:
  HalfSearch(const Quarters& figure, const DissectHalvesConfig& config,
             const HalfSymmetries* symmetries)
      : figure_(figure),
        config_(config),
        symmetries_(symmetries),
        owner_(figure.size(), kUnowned),
        seen_(figure.size(), 0) {
    const SquareBox box = square_box(figure);
    r0_ = box.first_row, c0_ = box.first_col;
    height_ = box.last_row - r0_ + 1, width_ = box.last_col - c0_ + 1;
    slot_.assign(static_cast<std::size_t>(height_ * width_ * 4), -1);
    for (std::size_t i = 0; i < figure.size(); ++i) slot_[slot(figure[i])] = static_cast<int>(i);
    adjacent_.resize(figure.size());
    for (std::size_t i = 0; i < figure.size(); ++i)
      for (Quarter n : quarter_neighbours(figure[i]))
        if (const int j = index_of(n); j >= 0) adjacent_[i].push_back(j);
    piece_size_ = figure.size() / static_cast<std::size_t>(config.parts);
    for (int t = 0; t < 8; ++t)
      for (int u = 0; u < 8; ++u)
        if (transform_cell(transform_cell({1, 2}, t), u) == Cell{1, 2})
          inverse_[static_cast<std::size_t>(t)] = u;
  }

  void run(std::set<HalfDissection>& found) {
    found_ = &found;
    if (config_.parts == 1) return record();
    const std::size_t mark = trail_.size();
    if (add_to_one(0)) search(1);
    undo(mark);
  }

  bool stopped() const { return stopped_; }
  bool timed_out() const { return timed_out_; }
  long nodes() const { return nodes_; }

private:
  std::size_t slot(Quarter q) const {
    return static_cast<std::size_t>(((q.row - r0_) * width_ + q.col - c0_) * 4 + q.side);
  }
  int index_of(Quarter q) const {
    if (q.row < r0_ || q.row >= r0_ + height_ || q.col < c0_ || q.col >= c0_ + width_) return -1;
    return slot_[slot(q)];
  }
  int free_index(Quarter q) const {
    const int i = index_of(q);
    return i >= 0 && owner_[static_cast<std::size_t>(i)] == kUnowned ? i : -1;
  }
  Quarter forward(const QuarterMap& m, int x) const {
    const Cell px = quarter_point(figure_[static_cast<std::size_t>(x)]);
    const Cell d = transform_cell({px.row - m.p.row, px.col - m.p.col}, m.t);
    return quarter_at({m.s.row + d.row, m.s.col + d.col});
  }
  Quarter backward(const QuarterMap& m, int y) const {
    const Cell py = quarter_point(figure_[static_cast<std::size_t>(y)]);
    const Cell d = transform_cell({py.row - m.s.row, py.col - m.s.col},
                                  inverse_[static_cast<std::size_t>(m.t)]);
    return quarter_at({m.p.row + d.row, m.p.col + d.col});
  }

  void put(int i, int piece) {
    owner_[static_cast<std::size_t>(i)] = piece;
    trail_.push_back(i);
    if (piece == 0) one_.push_back(i);
  }
  void undo(std::size_t mark) {
    while (trail_.size() > mark) {
      const auto i = static_cast<std::size_t>(trail_.back());
      trail_.pop_back();
      if (owner_[i] == 0) one_.pop_back();
      owner_[i] = kUnowned;
    }
  }
  /// The free quarter `i` into piece 1, its images into the opened pieces; false on a conflict.
  bool add_to_one(int i) {
    if (one_.size() >= piece_size_) return false;
    put(i, 0);
    for (std::size_t j = 0; j < maps_.size(); ++j)
      if (!map_one(i, j)) return false;
    return true;
  }
  bool map_one(int i, std::size_t j) {
    const int y = free_index(forward(maps_[j], i));
    if (y < 0) return false;
    put(y, static_cast<int>(j) + 1);
    return true;
  }

  bool stop() {
    if (stopped_) return true;
    if ((++nodes_ & 1023) == 0 && std::chrono::steady_clock::now() >= config_.deadline)
      stopped_ = timed_out_ = true;
    return stopped_;
  }

  /// Whether each opened piece's quarters lie in one component of its own and free quarters.
  bool connectable() {
    std::vector<int> seeds(maps_.size() + 1, -1);
    for (int i : trail_) {
      int& seed = seeds[static_cast<std::size_t>(owner_[static_cast<std::size_t>(i)])];
      if (seed < 0) seed = i;
    }
    for (std::size_t p = 0; p < seeds.size(); ++p) {
      if (seeds[p] < 0) continue;
      ++stamp_;
      std::size_t reached = 0;
      todo_.assign(1, seeds[p]);
      seen_[static_cast<std::size_t>(seeds[p])] = stamp_;
      while (!todo_.empty()) {
        const auto i = static_cast<std::size_t>(todo_.back());
        todo_.pop_back();
        if (owner_[i] == static_cast<int>(p)) ++reached;
        for (int k : adjacent_[i]) {
          const auto n = static_cast<std::size_t>(k);
          if (seen_[n] == stamp_ || (owner_[n] != kUnowned && owner_[n] != static_cast<int>(p)))
            continue;
          seen_[n] = stamp_;
          todo_.push_back(k);
        }
      }
      if (reached != one_.size()) return false;
    }
    return true;
  }

  void record() {
    HalfDissection d(static_cast<std::size_t>(config_.parts));
    for (std::size_t i = 0; i < figure_.size(); ++i)
      d[config_.parts == 1 ? 0 : static_cast<std::size_t>(owner_[i])].push_back(figure_[i]);
    for (const Quarters& piece : d)
      if (!quarters_connected(piece) || (config_.halves && !made_of_half_squares(piece))) return;
    found_->insert(kept_form(symmetries_, std::move(d)));
    if (config_.max_solutions > 0 && static_cast<long>(found_->size()) >= config_.max_solutions)
      stopped_ = true;
  }

  /// The first free quarter from `pos` on goes to piece 1, to an opened piece (its preimage to
  /// piece 1), or opens the next piece: piece 1's quarter or free quarter p maps onto it.
  void search(std::size_t pos) {
    if (stop() || !connectable()) return;
    while (pos < figure_.size() && owner_[pos] != kUnowned) ++pos;
    if (pos == figure_.size()) {
      if (static_cast<int>(maps_.size()) + 1 == config_.parts) record();
      return;
    }
    const int s = static_cast<int>(pos);
    const std::size_t mark = trail_.size();
    if (add_to_one(s)) search(pos + 1);
    undo(mark);
    for (std::size_t j = 0; j < maps_.size() && !stopped_; ++j) {
      const int x = free_index(backward(maps_[j], s));
      if (x >= 0 && add_to_one(x)) search(pos + 1);
      undo(mark);
    }
    if (static_cast<int>(maps_.size()) + 1 >= config_.parts) return;
    const std::vector<int> ones = one_;
    const Quarter target = figure_[pos];
    for (int t = 0; t < (config_.mirror ? 8 : 4) && !stopped_; ++t)
      for (std::size_t p = 0; p < figure_.size() && !stopped_; ++p) {
        const int owner = owner_[p];
        if ((owner != 0 && owner != kUnowned) || p == pos) continue;
        // The symmetry must turn p's side into s's: then it maps p onto s exactly.
        if (transform_quarter(figure_[p], t).side != target.side) continue;
        maps_.push_back({t, quarter_point(figure_[p]), quarter_point(target)});
        const std::size_t j = maps_.size() - 1;
        bool ok = true;
        for (int i : ones)
          if (!(ok = map_one(i, j))) break;
        if (ok && owner == kUnowned) ok = add_to_one(static_cast<int>(p));
        if (ok) search(pos + 1);
        undo(mark);
        maps_.pop_back();
      }
  }

  const Quarters& figure_;
  const DissectHalvesConfig& config_;
  const HalfSymmetries* symmetries_;
  int r0_ = 0, c0_ = 0, height_ = 0, width_ = 0;
  std::size_t piece_size_ = 0;
  std::vector<int> slot_;  ///< quarter slot in the bounding box -> figure index, or -1
  std::vector<std::vector<int>> adjacent_;
  std::vector<int> owner_;  ///< per figure index: piece (0-based) or kUnowned
  std::vector<int> trail_, one_;
  std::vector<QuarterMap> maps_;
  std::array<int, 8> inverse_{};
  std::set<HalfDissection>* found_ = nullptr;
  std::vector<unsigned> seen_;
  std::vector<int> todo_;
  unsigned stamp_ = 0;
  bool stopped_ = false, timed_out_ = false;
  long nodes_ = 0;
};

/// The dissections whose pieces are bounded by diagonals only (unions of diamonds), found by
/// the square solver on the diamond lattice; empty unless the figure is such a union.
void diamond_dissections(const Quarters& figure, const DissectHalvesConfig& config,
                         const HalfSymmetries* symmetries, std::set<HalfDissection>& found,
                         DissectHalvesResult& result) {
  const std::optional<Cells> cells = diamonds_of(figure);
  if (!cells) return;  // a grid edge on the outline
  DissectConfig square;
  square.parts = config.parts;
  square.mirror = config.mirror;
  square.deadline = config.deadline;
  if (cells->size() % static_cast<std::size_t>(config.parts) != 0) return;
  const DissectResult r = dissect(*cells, square);
  result.nodes += r.nodes;
  result.timed_out = result.timed_out || r.timed_out;
  result.complete = result.complete && r.complete;
  for (const Dissection& d : r.solutions) {
    HalfDissection h;
    for (const Cells& piece : d) h.push_back(quarters_of(piece));
    if (!config.halves || std::all_of(h.begin(), h.end(), made_of_half_squares))
      found.insert(kept_form(symmetries, std::move(h)));
  }
}

}  // namespace

DissectHalvesResult half_dissect(const Quarters& figure, const DissectHalvesConfig& config) {
  check_half_dissectable(figure, config.parts, config.halves);
  Quarters sorted = figure;
  std::sort(sorted.begin(), sorted.end());
  std::set<HalfDissection> found;
  std::optional<HalfSymmetries> symmetries;
  if (config.up_to_symmetry) symmetries.emplace(sorted);
  const HalfSymmetries* classes = symmetries ? &*symmetries : nullptr;
  HalfSearch search(sorted, config, classes);
  search.run(found);
  DissectHalvesResult result;
  result.nodes = search.nodes();
  result.timed_out = search.timed_out();
  result.complete = !search.stopped();
  if (!search.stopped() && config.parts > 1)
    diamond_dissections(sorted, config, classes, found, result);
  result.solutions.assign(found.begin(), found.end());
  if (config.max_solutions > 0 &&
      static_cast<long>(result.solutions.size()) >= config.max_solutions) {
    result.solutions.resize(static_cast<std::size_t>(config.max_solutions));
    result.complete = false;  // stopped there, as the square solver says
  }
  return result;
}

}  // namespace tangram
