#include "tangram/core/dissection/detail/halving_search.hpp"

#include "tangram/core/dissection/detail/dissection_found.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <set>
#include <vector>

namespace tangram::detail {

namespace {

/// The membership of a square while one isometry is tried.
enum class Side : std::uint8_t { Free, A, B, Walked };

/// The state of one figure's halving search: its squares in a grid, each square's image under
/// every square symmetry, the labels of the isometry being tried and its free cycles.
class HalvingSearch {
public:
  HalvingSearch(const Cells& figure, const DissectConfig& config)
      : config_(config), cells_(figure), found_(figure, config) {
    std::sort(cells_.begin(), cells_.end());
    origin_ = cells_[0];
    for (Cell c : cells_) origin_.col = std::min(origin_.col, c.col);
    for (Cell& c : cells_) {
      c = {c.row - origin_.row, c.col - origin_.col};
      height_ = std::max(height_, c.row + 1);
      width_ = std::max(width_, c.col + 1);
    }
    grid_.assign(static_cast<std::size_t>(height_ * width_), -1);
    for (std::size_t i = 0; i < cells_.size(); ++i)
      grid_[static_cast<std::size_t>(cells_[i].row * width_ + cells_[i].col)] = static_cast<int>(i);
    neighbours_.resize(cells_.size());
    for (std::size_t i = 0; i < cells_.size(); ++i) {
      const Cell c = cells_[i];
      neighbours_[i] = {find({c.row - 1, c.col}), find({c.row + 1, c.col}),
                        find({c.row, c.col - 1}), find({c.row, c.col + 1})};
    }
    const std::size_t n = cells_.size();
    moved_.resize(8 * n);
    for (int t = 0; t < 8; ++t) {
      int& inverse = inverse_[static_cast<std::size_t>(t)];
      while (transform_cell(transform_cell({1, 2}, t), inverse) != Cell{1, 2}) ++inverse;
      for (std::size_t i = 0; i < n; ++i)
        moved_[static_cast<std::size_t>(t) * n + i] = transform_cell(cells_[i], t);
    }
    label_.resize(n);
    use_rows_ = height_ <= 64 && width_ <= 64;
    if (use_rows_) {
      rows_.assign(static_cast<std::size_t>(height_), 0);
      for (Cell c : cells_) rows_[static_cast<std::size_t>(c.row)] |= std::uint64_t{1} << c.col;
      for (int t = 0; t < 8; ++t) {
        Rows& turned = turned_rows_[static_cast<std::size_t>(t)];
        const Cell* moved = &moved_[static_cast<std::size_t>(t) * n];
        turned.offset = moved[0];
        for (std::size_t i = 0; i < n; ++i)
          turned.offset = {std::min(turned.offset.row, moved[i].row),
                           std::min(turned.offset.col, moved[i].col)};
        turned.rows.assign(static_cast<std::size_t>(t % 2 == 0 ? height_ : width_), 0);
        for (std::size_t i = 0; i < n; ++i)
          turned.rows[static_cast<std::size_t>(moved[i].row - turned.offset.row)] |=
              std::uint64_t{1} << (moved[i].col - turned.offset.col);
      }
    }
  }

  void run() {
    const int transforms = config_.mirror ? 8 : 4;
    for (int t = 0; t < transforms && !found_.stopped(); ++t)
      for (int o2 = 1; o2 < static_cast<int>(cells_.size()) && !found_.stopped(); ++o2) {
        if (stop()) break;
        if (chains(t, o2)) search(0);
      }
  }

  DissectResult result() const { return found_.result(); }

private:
  /// The index of square `c` (local frame), or -1 when it is not in the figure.
  int find(Cell c) const {
    if (c.row < 0 || c.row >= height_ || c.col < 0 || c.col >= width_) return -1;
    return grid_[static_cast<std::size_t>(c.row * width_ + c.col)];
  }

  /// Labels the squares on the chains of T (t, o2): forced ones A or B, cycles with a choice
  /// Free and listed in cycles_. False when T cannot halve the figure.
  bool chains(int t, int o2) {
    const std::size_t size = cells_.size();
    const Cell* turned = &moved_[static_cast<std::size_t>(t) * size];
    const Cell* back =
        &moved_[static_cast<std::size_t>(inverse_[static_cast<std::size_t>(t)]) * size];
    const Cell to = cells_[static_cast<std::size_t>(o2)], from = cells_[0];
    // T(x) = to - t(from) + t(x); T^-1(y) = from - t^-1(to) + t^-1(y).
    const Cell image_shift{to.row - turned[0].row, to.col - turned[0].col};
    const Cell back_shift{from.row - back[o2].row, from.col - back[o2].col};
    const auto image = [&](int i) {
      const Cell d = turned[i];
      return find({image_shift.row + d.row, image_shift.col + d.col});
    };
    const auto preimage = [&](int i) {
      const Cell d = back[i];
      return find({back_shift.row + d.row, back_shift.col + d.col});
    };
    const int n = static_cast<int>(cells_.size());
    std::fill(label_.begin(), label_.end(), Side::Free);
    heads_.clear();
    if (use_rows_) {
      if (!rows_allow(t, o2)) return false;
    } else {
      for (int i = 0; i < n; ++i)
        if (preimage(i) < 0) heads_.push_back(i);
    }
    int labelled = 0;
    for (int i : heads_) {
      Side side = Side::A;  // a head: no preimage, so in A
      for (int j = i; j >= 0; j = image(j)) {
        if (j == 0 && side == Side::B) return false;  // o1 is in A
        label_[static_cast<std::size_t>(j)] = side;
        side = side == Side::A ? Side::B : Side::A;
        ++labelled;
      }
      if (side == Side::B) return false;  // the chain ends in A: that square's image is outside
    }
    cycles_.clear();
    cycle_squares_.clear();
    for (int i = 0; i < n && labelled < n; ++i) {
      if (label_[static_cast<std::size_t>(i)] != Side::Free) continue;
      const std::size_t start = cycle_squares_.size();
      int j = i;
      do {
        label_[static_cast<std::size_t>(j)] = Side::Walked;
        cycle_squares_.push_back(j);
        j = image(j);
      } while (j != i && j >= 0);
      const std::size_t length = cycle_squares_.size() - start;
      if (j < 0 || length % 2 == 1)
        return false;  // j < 0 cannot happen: every square has a
                       // preimage here, so its orbit is a cycle
      if (i == 0) {    // o1's cycle: o1 in A
        set_cycle({start, length}, 0);
        cycle_squares_.resize(start);
      } else {
        cycles_.push_back({start, length});
      }
    }
    for (int i : cycle_squares_) label_[static_cast<std::size_t>(i)] = Side::Free;
    count_a_ = static_cast<int>(std::count(label_.begin(), label_.end(), Side::A));
    return true;
  }

  /// The bits set in `x` (SWAR: no library call without -mpopcnt).
  static int ones(std::uint64_t x) {
    x -= (x >> 1) & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return static_cast<int>((x * 0x0101010101010101ull) >> 56);
  }

  /// Row `r` of `rows` moved `dc` columns right (left when negative); 0 outside its rows.
  static std::uint64_t row_of(const std::vector<std::uint64_t>& rows, int r, int dc) {
    if (r < 0 || r >= static_cast<int>(rows.size())) return 0;
    const std::uint64_t x = rows[static_cast<std::size_t>(r)];
    if (dc >= 64 || dc <= -64) return 0;
    return dc >= 0 ? x << dc : x >> -dc;
  }

  /// The figure's rows against T(F) and T^-1(F), 64 squares a word: false when a square has
  /// neither an image nor a preimage in F (a chain of one), or F holds fewer than N/2 images
  /// (B lies in F and T(F)) or preimages (A in F and T^-1(F)); else lists the heads (the
  /// squares without a preimage) in heads_, row by row.
  bool rows_allow(int t, int o2) {
    const std::size_t u = static_cast<std::size_t>(inverse_[static_cast<std::size_t>(t)]);
    const Rows& image = turned_rows_[static_cast<std::size_t>(t)];
    const Rows& preimage = turned_rows_[u];
    const Cell to = cells_[static_cast<std::size_t>(o2)], from = cells_[0];
    const Cell first = moved_[static_cast<std::size_t>(t) * cells_.size()];
    const Cell back = moved_[u * cells_.size() + static_cast<std::size_t>(o2)];
    // T(x) = to - t(from) + t(x); T^-1(y) = from - t^-1(to) + t^-1(y).
    const int ir = to.row - first.row + image.offset.row,
              ic = to.col - first.col + image.offset.col;
    const int pr = from.row - back.row + preimage.offset.row;
    const int pc = from.col - back.col + preimage.offset.col;
    int images = 0, preimages = 0;
    for (int r = 0; r < height_; ++r) {
      const std::uint64_t f = rows_[static_cast<std::size_t>(r)];
      const std::uint64_t in_image = f & row_of(image.rows, r - ir, ic);
      const std::uint64_t in_preimage = f & row_of(preimage.rows, r - pr, pc);
      if ((f & ~in_image & ~in_preimage) != 0) return false;
      images += ones(in_image);
      preimages += ones(in_preimage);
    }
    const int half = static_cast<int>(cells_.size()) / 2;
    if (images < half || preimages < half) return false;
    for (int r = 0; r < height_; ++r)
      for (std::uint64_t h = rows_[static_cast<std::size_t>(r)] & ~row_of(image.rows, r - ir, ic);
           h != 0; h &= h - 1)
        heads_.push_back(grid_[static_cast<std::size_t>(r * width_ + __builtin_ctzll(h))]);
    return true;
  }

  /// A cycle: its squares cycle_squares_[start, start + length) in the order T visits them.
  struct Cycle {
    std::size_t start = 0, length = 0;
  };

  /// Labels cycle `c`: the squares at positions of parity `phase` A, the others B.
  void set_cycle(Cycle c, std::size_t phase) {
    for (std::size_t k = 0; k < c.length; ++k)
      label_[static_cast<std::size_t>(cycle_squares_[c.start + k])] =
          k % 2 == phase ? Side::A : Side::B;
  }

  /// Both labellings of each free cycle in turn (in the order of their first square).
  void search(std::size_t k) {
    if (stop() || !connectable()) return;
    if (k == cycles_.size()) {
      record();
      return;
    }
    const Cycle c = cycles_[k];
    for (std::size_t phase = 0; phase < 2 && !found_.stopped(); ++phase) {
      set_cycle(c, phase);
      count_a_ += static_cast<int>(c.length / 2);
      search(k + 1);
      count_a_ -= static_cast<int>(c.length / 2);
    }
    for (std::size_t q = 0; q < c.length; ++q)
      label_[static_cast<std::size_t>(cycle_squares_[c.start + q])] = Side::Free;
  }

  /// Whether A's squares lie in one component of A's and the free ones (o1 is always in A).
  /// B = T(A) and T maps the free squares onto themselves, so B's follows.
  bool connectable() {
    seen_.assign(cells_.size(), 0);
    todo_.assign(1, 0);
    seen_[0] = 1;
    int reached = 0;
    while (!todo_.empty()) {
      const int i = todo_.back();
      todo_.pop_back();
      if (label_[static_cast<std::size_t>(i)] == Side::A) ++reached;
      for (int m : neighbours_[static_cast<std::size_t>(i)]) {
        if (m < 0 || seen_[static_cast<std::size_t>(m)]) continue;
        const Side s = label_[static_cast<std::size_t>(m)];
        if (s != Side::A && s != Side::Free) continue;
        seen_[static_cast<std::size_t>(m)] = 1;
        todo_.push_back(m);
      }
    }
    return reached == count_a_;
  }

  /// Every square labelled, A connected (and so B): keeps the dissection.
  void record() {
    Dissection d(2);
    for (std::size_t i = 0; i < cells_.size(); ++i)
      d[label_[i] == Side::A ? 0 : 1].push_back(
          {cells_[i].row + origin_.row, cells_[i].col + origin_.col});
    found_.keep(std::move(d));
  }

  /// Whether to stop: the deadline (polled) or enough dissections.
  bool stop() { return found_.stop(); }

  const DissectConfig& config_;
  Cells cells_;  ///< the figure row by row, in the local frame (cells_[0] is o1)
  Cell origin_;  ///< the local frame's origin in the figure's
  int height_ = 0, width_ = 0;
  std::vector<int> grid_;  ///< per local grid position: the square's index, or -1
  std::vector<std::array<int, 4>> neighbours_;  ///< per square: its 4 neighbours' indices or -1
  Cells moved_;                   ///< t(c) for each symmetry t and square c: [t * N + c]
  std::array<int, 8> inverse_{};  ///< per symmetry t: t^-1
  /// The figure under a symmetry, moved to (0, 0): a word of squares per row.
  struct Rows {
    std::vector<std::uint64_t> rows;
    Cell offset;  ///< where the moved figure's (0, 0) was
  };
  bool use_rows_ = false;            ///< the figure fits 64 x 64: rows_allow first
  std::vector<std::uint64_t> rows_;  ///< the figure, a word per row
  std::array<Rows, 8> turned_rows_;  ///< per symmetry t: t(F)
  std::vector<int> heads_;           ///< the heads of the isometry being tried
  std::vector<Side> label_;
  std::vector<Cycle> cycles_;       ///< the free cycles of the isometry being tried
  std::vector<int> cycle_squares_;  ///< their squares
  int count_a_ = 0;                 ///< squares labelled A
  std::vector<char> seen_;
  std::vector<int> todo_;
  DissectionFound found_;
};

}  // namespace

DissectResult halving_search(const Cells& figure, const DissectConfig& config) {
  HalvingSearch search(figure, config);
  search.run();
  return search.result();
}

}  // namespace tangram::detail
