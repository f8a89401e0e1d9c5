#include "tangram/core/enumerate/cover_search.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <mutex>
#include <numeric>
#include <set>

#include "tangram/core/base/parallel.hpp"

// choose() counts bits: with the processor's popcount where it has one (x86-64 before v2 has
// none built in, and a library call per word costs more than the rest of the search). The
// variant is chosen on first use (cpuid), not by target_clones: those make every process run
// libgcc's CPU detection at start-up.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__POPCNT__)
#include <cpuid.h>
#define TANGRAM_POPCOUNT_DISPATCH 1
#define TANGRAM_TARGET_POPCNT __attribute__((target("popcnt")))
#else
#define TANGRAM_POPCOUNT_DISPATCH 0
#define TANGRAM_TARGET_POPCNT
#endif

namespace tangram {

namespace {

using Clock = std::chrono::steady_clock;

/// Whether the processor has the popcnt instruction (asked once, on first use).
bool has_popcnt() {
#if TANGRAM_POPCOUNT_DISPATCH
  static const bool has = [] {
    unsigned a = 0, b = 0, c = 0, d = 0;
    return __get_cpuid(1, &a, &b, &c, &d) != 0 && (c & bit_POPCNT) != 0;
  }();
  return has;
#else
  return true;
#endif
}

/// How cover_search() uses the figure's symmetries (docs/design/enumerate.md, "Symmetry
/// breaking"): the problem's permutations closed into a group and, when every assembly places
/// one copy of some shape, that shape's moves cut to one per orbit. Each class is then searched
/// from its assemblies with that shape on its representative, and its other members are made
/// as images of what is found instead of being searched.
struct SymmetryUse {
  std::vector<std::vector<int>> group;   ///< the group's elements but the identity
  ShapeId shape = -1;                    ///< the shape cut to one move per orbit; -1: none
  std::vector<char> searched;            ///< per move of the problem: searched (empty: all)
  std::vector<std::vector<int>> fixing;  ///< per move of `shape` searched: elements fixing it
  bool every_image = false;  ///< with `shape`: report every image of a class, not its least
  bool least_only = false;   ///< without `shape`: keep a cover only if it is its least image
  std::size_t order = 1;     ///< the order of the group, the identity included

  SymmetryUse(const CoverProblem& problem, PieceUse use) : first(problem.moves.size(), 0) {
    for (std::size_t m = 0; m < problem.moves.size(); ++m)
      if (!problem.moves[m].points.empty())
        first[m] =
            *std::min_element(problem.moves[m].points.begin(), problem.moves[m].points.end());
    if (problem.symmetries.empty()) return;
    close_group(problem);
    order = group.size() + 1;
    every_image = problem.every_image;
    if (use == PieceUse::Exact) choose_shape(problem);
    least_only = shape < 0 && !every_image;
    if (shape < 0 && every_image) group.clear();  // nothing to make: search every assembly
  }

  /// `group`: the closure of the given permutations under composition (a set of symmetries
  /// found on pixels may miss a product of two of them; the product maps assemblies onto
  /// assemblies all the same).
  void close_group(const CoverProblem& problem) {
    std::vector<int> identity(problem.moves.size());
    std::iota(identity.begin(), identity.end(), 0);
    std::set<std::vector<int>> seen{identity};
    for (const std::vector<int>& g : problem.symmetries)
      if (seen.insert(g).second) group.push_back(g);
    for (std::size_t i = 0; i < group.size(); ++i)
      for (std::size_t j = 0; j <= i && group.size() < kMostElements; ++j)
        for (const auto& [a, b] : {std::pair{i, j}, std::pair{j, i}}) {
          std::vector<int> product(identity.size());
          for (std::size_t m = 0; m < product.size(); ++m)
            product[m] = group[a][static_cast<std::size_t>(group[b][m])];
          if (seen.insert(product).second) group.push_back(std::move(product));
        }
  }

  /// The shape, of one copy, whose representatives end earliest in the scan order (so that a
  /// branch that has not placed it is dropped soonest), then the fewest.
  void choose_shape(const CoverProblem& problem) {
    std::pair<int, std::size_t> best{std::numeric_limits<int>::max(), 0};
    for (std::size_t s = 0; s < problem.counts.size(); ++s) {
      if (problem.counts[s] != 1) continue;
      std::vector<char> kept(problem.moves.size(), 0);
      std::size_t kept_count = 0;
      int last = -1;
      for (std::size_t m = 0; m < problem.moves.size(); ++m) {
        if (problem.moves[m].shape != static_cast<ShapeId>(s)) continue;
        // m is its orbit's representative when no image comes before it in the scan order.
        bool least = true;
        for (const std::vector<int>& g : group) {
          const auto i = static_cast<std::size_t>(g[m]);
          least = least && (first[i] > first[m] || (first[i] == first[m] && i >= m));
        }
        if (!least) continue;
        kept[m] = 1;
        ++kept_count;
        last = std::max(last, first[m]);
      }
      const std::pair<int, std::size_t> score{last, kept_count};
      if (shape >= 0 && !(score < best)) continue;
      best = score;
      shape = static_cast<ShapeId>(s);
      searched = std::move(kept);
    }
    if (shape < 0) return;
    for (std::size_t m = 0; m < problem.moves.size(); ++m)
      searched[m] |= problem.moves[m].shape != shape;
    fixing.assign(problem.moves.size(), {});
    for (std::size_t m = 0; m < problem.moves.size(); ++m)
      if (problem.moves[m].shape == shape && searched[m])
        for (std::size_t k = 0; k < group.size(); ++k)
          if (group[k][m] == static_cast<int>(m)) fixing[m].push_back(static_cast<int>(k));
  }

  /// The assemblies that `found` (moves of the problem, in the order placed) stands for,
  /// appended to `moves` with their `ends`: itself, or with `shape` its distinct images (each
  /// in scan order, `found` first), every one or the least. Returns how many.
  long append_reports(const std::vector<int>& found, std::vector<int>& moves,
                      std::vector<int>& ends) const {
    if (shape < 0) {
      moves.insert(moves.end(), found.begin(), found.end());
      ends.push_back(static_cast<int>(moves.size()));
      return 1;
    }
    std::vector<std::vector<int>> images{found}, keys{found};
    std::sort(keys.front().begin(), keys.front().end());
    for (const std::vector<int>& g : group) {
      std::vector<int> image;
      for (const int m : found) image.push_back(g[static_cast<std::size_t>(m)]);
      std::vector<int> key = image;
      std::sort(key.begin(), key.end());
      if (std::find(keys.begin(), keys.end(), key) != keys.end()) continue;
      std::sort(image.begin(), image.end(), [&](int a, int b) {
        return first[static_cast<std::size_t>(a)] < first[static_cast<std::size_t>(b)];
      });
      images.push_back(std::move(image));
      keys.push_back(std::move(key));
    }
    if (!every_image) {
      const auto least = std::min_element(keys.begin(), keys.end()) - keys.begin();
      images = {images[static_cast<std::size_t>(least)]};
    }
    for (const std::vector<int>& image : images) {
      moves.insert(moves.end(), image.begin(), image.end());
      ends.push_back(static_cast<int>(moves.size()));
    }
    return static_cast<long>(images.size());
  }

  std::vector<int> first;  ///< per move of the problem: its first point

  /// Most elements of a group kept (the symmetries of a square are 8).
  static constexpr std::size_t kMostElements = 64;
};

/// The moves as bits over the points, grouped by their first point and indexed by what they
/// need of the points after it: the problem as cover_search()'s threads share it.
struct CoverIndex {
  /// A move as bits: its first word inline, the others in `bits`.
  struct Move {
    ShapeId shape = 0;
    int index = 0;             ///< in CoverProblem::moves
    std::uint64_t mask = 0;    ///< its bits in its first word (word0)
    int word0 = 0, words = 0;  ///< first word of its bits and how many (in `bits`, from `bit`)
    int bit = 0;
    int first = 0;  ///< its first point
  };

  CoverIndex(const CoverProblem& problem, PieceUse use, const SymmetryUse& symmetry)
      : points(problem.points), exact(use == PieceUse::Exact) {
    words = (points + 63) / 64;
    for (std::size_t s = 0; s < problem.counts.size(); ++s) {
      left.push_back(use == PieceUse::Copies ? std::numeric_limits<int>::max() : problem.counts[s]);
      pieces += use == PieceUse::Copies ? 0 : problem.counts[s];
    }
    std::vector<int> rank(problem.counts.size(), static_cast<int>(problem.counts.size()));
    for (std::size_t k = 0; k < problem.order.size(); ++k)
      rank[static_cast<std::size_t>(problem.order[k])] =
          std::min(rank[static_cast<std::size_t>(problem.order[k])], static_cast<int>(k));
    // Each move with its first point; the order tried at a point: shape rank, then given order.
    for (std::size_t m = 0; m < problem.moves.size(); ++m) {
      const CoverMove& given = problem.moves[m];
      if (given.points.empty() || (!symmetry.searched.empty() && !symmetry.searched[m])) continue;
      Move move;
      move.shape = given.shape;
      move.index = static_cast<int>(m);
      move.first = *std::min_element(given.points.begin(), given.points.end());
      const int last = *std::max_element(given.points.begin(), given.points.end());
      move.word0 = move.first / 64;
      move.words = last / 64 - move.word0 + 1;
      move.bit = static_cast<int>(bits.size());
      bits.resize(bits.size() + static_cast<std::size_t>(move.words), 0);
      for (const int p : given.points)
        bits[static_cast<std::size_t>(move.bit + p / 64 - move.word0)] |= std::uint64_t{1}
                                                                          << (p % 64);
      move.mask = bits[static_cast<std::size_t>(move.bit)];
      moves.push_back(move);
    }
    std::stable_sort(moves.begin(), moves.end(), [&](const Move& a, const Move& b) {
      if (a.first != b.first) return a.first < b.first;
      return rank[static_cast<std::size_t>(a.shape)] < rank[static_cast<std::size_t>(b.shape)];
    });
    start.assign(static_cast<std::size_t>(points) + 1, 0);
    for (const Move& move : moves) ++start[static_cast<std::size_t>(move.first) + 1];
    std::partial_sum(start.begin(), start.end(), start.begin());
    index_by_window(problem);
    // The shapes by the last point at which one of their moves can start.
    std::vector<int> last(problem.counts.size(), -1);
    for (const Move& move : moves)
      last[static_cast<std::size_t>(move.shape)] =
          std::max(last[static_cast<std::size_t>(move.shape)], move.first);
    for (std::size_t s = 0; s < last.size(); ++s)
      if (left[s] > 0) deadlines.push_back({last[s], static_cast<ShapeId>(s)});
    std::sort(deadlines.begin(), deadlines.end());
    if (problem.choice == CoverChoice::FewestMoves) index_conflicts(problem);
  }

  /// The tables of CoverChoice::FewestMoves (docs/design/enumerate.md): sets of moves as bits
  /// (move m at bit bit_of[m]); per move the moves that share a point with it, per point the
  /// moves that cover it, per shape its moves. The bits go shape by shape, each shape from a
  /// word of its own, by first point within it: a shape with no copy left leaves whole words
  /// empty, and a point's moves of a shape fall in a few words. Not made (`fewest` false: the
  /// first empty point) when the rows would pass kMostConflictWords.
  void index_conflicts(const CoverProblem& problem) {
    constexpr std::size_t kMostConflictWords = std::size_t{1} << 20;
    bit_of.assign(moves.size(), 0);
    std::size_t bits_used = 0;
    for (std::size_t s = 0; s < left.size(); ++s) {
      bits_used = (bits_used + 63) / 64 * 64;
      for (std::size_t m = 0; m < moves.size(); ++m)
        if (moves[m].shape == static_cast<ShapeId>(s)) bit_of[m] = static_cast<int>(bits_used++);
    }
    live_words = static_cast<int>((bits_used + 63) / 64);
    if (moves.empty() || moves.size() * static_cast<std::size_t>(live_words) > kMostConflictWords)
      return;
    fewest = true;
    move_of.assign(bits_used, -1);
    for (std::size_t m = 0; m < moves.size(); ++m)
      move_of[static_cast<std::size_t>(bit_of[m])] = static_cast<int>(m);
    const auto lw = static_cast<std::size_t>(live_words);
    covering.assign(static_cast<std::size_t>(points) * lw, 0);
    for (std::size_t m = 0; m < moves.size(); ++m) {
      const auto b = static_cast<std::size_t>(bit_of[m]);
      for (const int p : problem.moves[static_cast<std::size_t>(moves[m].index)].points)
        covering[static_cast<std::size_t>(p) * lw + b / 64] |= std::uint64_t{1} << (b % 64);
    }
    mask_words = static_cast<int>((lw + 63) / 64);
    const auto mw = static_cast<std::size_t>(mask_words);
    covering_mask.assign(static_cast<std::size_t>(points) * mw, 0);
    for (std::size_t p = 0; p < static_cast<std::size_t>(points); ++p)
      for (std::size_t w = 0; w < lw; ++w)
        if (covering[p * lw + w] != 0)
          covering_mask[p * mw + w / 64] |= std::uint64_t{1} << (w % 64);
    shape_rows.assign(left.size() * lw, 0);
    for (std::size_t m = 0; m < moves.size(); ++m) {
      const auto b = static_cast<std::size_t>(bit_of[m]);
      shape_rows[static_cast<std::size_t>(moves[m].shape) * lw + b / 64] |= std::uint64_t{1}
                                                                            << (b % 64);
    }
    if (problem.neighbours.size() == static_cast<std::size_t>(points)) {
      const auto pw = static_cast<std::size_t>(words);
      borders.assign(moves.size() * pw, 0);
      for (std::size_t m = 0; m < moves.size(); ++m) {
        const std::vector<int>& own =
            problem.moves[static_cast<std::size_t>(moves[m].index)].points;
        for (const int p : own)
          for (const int q : problem.neighbours[static_cast<std::size_t>(p)])
            if (std::find(own.begin(), own.end(), q) == own.end())
              borders[m * pw + static_cast<std::size_t>(q / 64)] |= std::uint64_t{1} << (q % 64);
      }
    }
    conflicts.assign(moves.size() * lw, 0);
    for (std::size_t m = 0; m < moves.size(); ++m) {
      std::uint64_t* row = &conflicts[m * lw];
      for (const int p : problem.moves[static_cast<std::size_t>(moves[m].index)].points) {
        const std::uint64_t* cover = &covering[static_cast<std::size_t>(p) * lw];
        for (std::size_t w = 0; w < lw; ++w) row[w] |= cover[w];
      }
    }
  }

  /// For each pattern of freedom of the `window` points after a point, the moves at the point
  /// (in their order) whose points there are all free, so that a search looks only at moves
  /// that fit near the point: the widest window whose lists stay within kMaxListed entries.
  void index_by_window(const CoverProblem& problem) {
    constexpr std::size_t kMaxListed = std::size_t{1} << 24;
    std::vector<std::size_t> needs(moves.size());
    for (window = 8;; window -= 2) {
      std::size_t listed_count = 0;
      for (std::size_t m = 0; m < moves.size(); ++m) {
        std::size_t need = 0;
        for (const int p : problem.moves[static_cast<std::size_t>(moves[m].index)].points) {
          const int ahead = p - moves[m].first;
          if (ahead >= 1 && ahead <= window) need |= std::size_t{1} << (ahead - 1);
        }
        needs[m] = need;
        listed_count += std::size_t{1} << (window - __builtin_popcountll(need));
      }
      if (listed_count <= kMaxListed || window == 0) break;
    }
    const std::size_t patterns = std::size_t{1} << window;
    lists.assign(static_cast<std::size_t>(points) * patterns + 1, 0);
    listed.clear();
    for (int i = 0; i < points; ++i)
      for (std::size_t q = 0; q < patterns; ++q) {
        lists[static_cast<std::size_t>(i) * patterns + q] = static_cast<int>(listed.size());
        for (int m = start[static_cast<std::size_t>(i)]; m < start[static_cast<std::size_t>(i) + 1];
             ++m)
          if ((needs[static_cast<std::size_t>(m)] & ~q) == 0) listed.push_back(m);
      }
    lists.back() = static_cast<int>(listed.size());
  }

  int points = 0, words = 0;
  bool exact = false;  ///< every piece is placed (PieceUse::Exact)
  /// With `exact`: each shape with the last point its moves start at, earliest first; a
  /// search whose first empty point is past it while a copy is left has no assembly.
  std::vector<std::pair<int, ShapeId>> deadlines;
  std::vector<int> left;    ///< copies of each shape at the start
  int pieces = 0;           ///< pieces in all (0 with PieceUse::Copies: no limit)
  std::vector<Move> moves;  ///< by first point: [start[i], start[i + 1]) at point i
  std::vector<int> start;
  std::vector<std::uint64_t> bits;
  int window = 0;            ///< points after a move's first by which the moves are listed
  std::vector<int> lists;    ///< point i, pattern q: listed[lists[i * 2^window + q], ... + 1)
  std::vector<int> listed;   ///< indices into `moves`
  bool fewest = false;       ///< the tables below are made: CoverChoice::FewestMoves
  int live_words = 0;        ///< words of a set of moves
  std::vector<int> bit_of;   ///< per move (index into `moves`): its bit in a set of moves
  std::vector<int> move_of;  ///< per bit of a set of moves: its move, -1 for none
  std::vector<std::uint64_t> conflicts;  ///< per move, live_words: the moves sharing a point
  std::vector<std::uint64_t> covering;   ///< per point, live_words: the moves covering it
  int mask_words = 0;                    ///< words of a set of words of live moves
  std::vector<std::uint64_t>
      covering_mask;                      ///< per point, mask_words: its nonzero words of covering
  std::vector<std::uint64_t> shape_rows;  ///< per shape, live_words: its moves
  /// With CoverProblem::neighbours, per move, `words`: the points next to it, not in it.
  std::vector<std::uint64_t> borders;
};

/// What a subtree's search found: its assemblies (move indices of CoverProblem, one after the
/// other), their number, and whether it was searched to the end.
struct Subtree {
  std::vector<int> prefix;  ///< the moves (indices into CoverIndex::moves) that lead to it
  bool complete = false;    ///< the prefix is itself an assembly
  long count = 0;
  std::vector<int> moves;  ///< the assemblies to report (moves of the problem), one after the other
  std::vector<int> ends;   ///< where each ends in `moves`
  bool finished = false;   ///< searched to the end (or to max_solutions of its own)
  std::vector<long> at;    ///< the subtree's moves when each was reached
  long total = 0;          ///< the subtree's moves when it ended
  bool capped = false;     ///< ended by the node budget before its end
};

/// One thread's search state: free points, copies left, moves made.
class CoverWalker {
public:
  /// Why run() returned false.
  enum class Stop { None, Deadline, Interrupt, Cancelled };

  CoverWalker(const CoverIndex& index, const CoverProblem& problem, const SymmetryUse& symmetry,
              const CoverConfig& config)
      : x_(index), problem_(problem), symmetry_(symmetry), config_(config), popcnt_(has_popcnt()) {
    reset();
  }

  void reset() {
    free_.assign(static_cast<std::size_t>(x_.words), 0);
    for (int c = 0; c < x_.points; ++c)
      free_[static_cast<std::size_t>(c / 64)] |= std::uint64_t{1} << (c % 64);
    left_ = x_.left;
    pieces_left_ = x_.pieces;
    placed_.clear();
    if (!x_.fewest) return;
    const auto lw = static_cast<std::size_t>(x_.live_words);
    live_.assign(lw, 0);
    for (std::size_t s = 0; s < left_.size(); ++s)
      if (left_[s] > 0)
        for (std::size_t w = 0; w < lw; ++w) live_[w] |= x_.shape_rows[s * lw + w];
    runner_up_.assign(static_cast<std::size_t>(x_.points) + 1, -1);
    nonzero_.assign(static_cast<std::size_t>(x_.mask_words), 0);
    for (std::size_t w = 0; w < lw; ++w)
      nonzero_[w / 64] |= static_cast<std::uint64_t>(live_[w] != 0) << (w % 64);
  }

  void place(int m) {
    const CoverIndex::Move& move = x_.moves[static_cast<std::size_t>(m)];
    for (int w = 0; w < move.words; ++w)
      free_[static_cast<std::size_t>(move.word0 + w)] &=
          ~x_.bits[static_cast<std::size_t>(move.bit + w)];
    --left_[static_cast<std::size_t>(move.shape)];
    --pieces_left_;
    if (x_.fewest) kill(m);
    placed_.push_back(m);
  }

  void unplace() {
    const CoverIndex::Move& move = x_.moves[static_cast<std::size_t>(placed_.back())];
    for (int w = 0; w < move.words; ++w)
      free_[static_cast<std::size_t>(move.word0 + w)] |=
          x_.bits[static_cast<std::size_t>(move.bit + w)];
    ++left_[static_cast<std::size_t>(move.shape)];
    ++pieces_left_;
    placed_.pop_back();
  }

  /// Searches below the moves made: `leaf()` for each assembly completed, `cut()` for each
  /// state `max_depth` moves deep (the moves in placed()); either returning false stops it, as
  /// do the deadline, the stop flag and `cancelled(nodes)`. True when the subtree was searched
  /// to the end.
  template <class Leaf, class Cut, class Cancelled>
  bool run(std::size_t max_depth, Leaf&& leaf, Cut&& cut, Cancelled&& cancelled) {
    const int empty = next_empty(0);
    if (empty == x_.points) return leaf();
    if (x_.fewest)
      return popcnt_ ? run_fewest<true>(max_depth, leaf, cut, cancelled)
                     : run_fewest<false>(max_depth, leaf, cut, cancelled);
    if (doomed(empty)) return true;
    // A move covers a point at least: at most one frame per point, and the first.
    stack_.resize(static_cast<std::size_t>(x_.points) + 1);
    std::size_t top = 0;
    stack_[top++] = frame(empty);
    while (top > 0) {
      Frame& f = stack_[top - 1];
      if (f.placed) {
        unplace();
        f.placed = false;
      }
      int found = -1;
      while (f.next < f.end) {
        const int m = x_.listed[static_cast<std::size_t>(f.next++)];
        const CoverIndex::Move& move = x_.moves[static_cast<std::size_t>(m)];
        if (left_[static_cast<std::size_t>(move.shape)] != 0 && fits(move)) {
          found = m;
          break;
        }
      }
      if (found < 0) {
        --top;
        continue;
      }
      place(found);
      f.placed = true;
      if ((++nodes_ & 4095) == 0 && (stop_ = poll(cancelled)) != Stop::None) return false;
      const int next = next_empty(f.point + 1);
      if (next == x_.points) {
        if (!leaf()) return false;
        continue;
      }
      if (pieces_left_ == 0 || doomed(next)) continue;  // points left that no piece can cover
      if (placed_.size() >= max_depth) {
        if (!cut()) return false;
        continue;
      }
      stack_[top++] = frame(next);
    }
    return true;
  }

  /// run() by the column with the fewest live moves (a free point, or a shape with one copy
  /// left when every piece is placed), its moves taken in bit order; `Popcnt`: the processor
  /// has the popcnt instruction.
  template <bool Popcnt, class Leaf, class Cut, class Cancelled>
  bool run_fewest(std::size_t max_depth, Leaf&& leaf, Cut&& cut, Cancelled&& cancelled) {
    const auto lw = static_cast<std::size_t>(x_.live_words);
    const auto mw = static_cast<std::size_t>(x_.mask_words);
    const int column = choose<Popcnt>();
    if (column < 0) return true;
    stack_.resize(static_cast<std::size_t>(x_.points) + 1);
    std::size_t top = 0;
    const std::size_t base = placed_.size();
    const auto open = [&](int c) {
      Frame f{c, -1, 0, false, 0};
      f.row = c < x_.points ? &x_.covering[static_cast<std::size_t>(c) * lw]
                            : &x_.shape_rows[static_cast<std::size_t>(c - x_.points) * lw];
      return f;
    };
    stack_[top++] = open(column);
    while (top > 0) {
      Frame& f = stack_[top - 1];
      if (f.placed) {
        unplace();
        f.placed = false;
      }
      const std::uint64_t* live = &live_[(base + top - 1) * lw];
      const std::uint64_t* nonzero = &nonzero_[(base + top - 1) * mw];
      while (f.bits == 0 && (f.next = next_word(nonzero, f.next + 1)) >= 0)
        f.bits = live[f.next] & f.row[f.next];
      if (f.bits == 0) {
        --top;
        continue;
      }
      const int b = f.next * 64 + __builtin_ctzll(f.bits);
      f.bits &= f.bits - 1;
      place(x_.move_of[static_cast<std::size_t>(b)]);
      f.placed = true;
      if ((++nodes_ & 4095) == 0 && (stop_ = poll(cancelled)) != Stop::None) return false;
      if (next_empty(0) == x_.points) {
        if (!leaf()) return false;
        continue;
      }
      if (pieces_left_ == 0) continue;
      const int next = choose<Popcnt>();
      if (next < 0) continue;
      if (placed_.size() >= max_depth) {
        if (!cut()) return false;
        continue;
      }
      stack_[top++] = open(next);
    }
    return true;
  }

  /// The column to cover next (choose_columns()), counted with popcnt when `Popcnt`.
  template <bool Popcnt>
  int choose() const {
    if constexpr (Popcnt)
      return choose_popcnt();
    else
      return choose_columns();
  }

  TANGRAM_TARGET_POPCNT int choose_popcnt() const { return choose_columns(); }

  /// The column to cover next: the free point with the fewest live moves (the first of them),
  /// or with PieceUse::Exact a shape with one copy left and fewer; -1 when one has none.
  /// Inlined into choose_popcnt() so that its popcounts are the instruction there.
  __attribute__((always_inline)) int choose_columns() const {
    const auto lw = static_cast<std::size_t>(x_.live_words);
    const auto mw = static_cast<std::size_t>(x_.mask_words);
    const std::uint64_t* live = &live_[placed_.size() * lw];
    const std::uint64_t* nonzero = &nonzero_[placed_.size() * mw];
    int best = std::numeric_limits<int>::max(), column = -1;
    // The live moves covering p, counted up to `cap`.
    const auto count_upto = [&](int p, int cap) {
      int count = 0;
      const std::uint64_t* cover = &x_.covering[static_cast<std::size_t>(p) * lw];
      const std::uint64_t* words = &x_.covering_mask[static_cast<std::size_t>(p) * mw];
      for (std::size_t j = 0; j < mw && count < cap; ++j)
        for (std::uint64_t y = words[j] & nonzero[j]; y != 0 && count < cap; y &= y - 1) {
          const std::size_t word = j * 64 + static_cast<std::size_t>(__builtin_ctzll(y));
          count += __builtin_popcountll(live[word] & cover[word]);
        }
      return count;
    };
    // The runner-up of the level above, counted first, bounds the others' counts early; the
    // point chosen is the first with the fewest all the same.
    std::size_t depth = placed_.size();
    int& runner_up = runner_up_[depth];
    const int hint = depth > 0 ? runner_up_[depth - 1] : -1;
    runner_up = -1;
    if (hint >= 0 && ((free_[static_cast<std::size_t>(hint / 64)] >> (hint % 64)) & 1) != 0) {
      const int count = count_upto(hint, best);
      if (count == 0) return -1;
      best = count + 1;
    }
    // A free point next to the move just made with no live move left: no assembly below.
    if (!x_.borders.empty() && depth > 0) {
      const std::uint64_t* border = &x_.borders[static_cast<std::size_t>(placed_.back()) *
                                                static_cast<std::size_t>(x_.words)];
      for (int w = 0; w < x_.words; ++w)
        for (std::uint64_t x = free_[static_cast<std::size_t>(w)] & border[w]; x != 0; x &= x - 1)
          if (count_upto(w * 64 + __builtin_ctzll(x), 1) == 0) return -1;
    }
    for (int w = 0; w < x_.words; ++w)
      for (std::uint64_t x = free_[static_cast<std::size_t>(w)]; x != 0; x &= x - 1) {
        const int p = w * 64 + __builtin_ctzll(x);
        const int count = count_upto(p, best);
        if (count < best) {
          if (count == 0) return -1;
          best = count;
          runner_up = column;
          column = p;
        }
        if (best == 1 && column >= 0) return column;  // forced: none has fewer but a dead one
      }
    if (!x_.exact) return column;
    for (std::size_t s = 0; s < left_.size(); ++s) {
      if (left_[s] != 1) continue;
      int count = 0;
      const std::uint64_t* row = &x_.shape_rows[s * lw];
      for (std::size_t j = 0; j < mw && count < best; ++j)
        for (std::uint64_t y = nonzero[j]; y != 0 && count < best; y &= y - 1) {
          const std::size_t word = j * 64 + static_cast<std::size_t>(__builtin_ctzll(y));
          count += __builtin_popcountll(live[word] & row[word]);
        }
      if (count < best) {
        if (count == 0) return -1;
        best = count;
        column = x_.points + static_cast<int>(s);
      }
    }
    return column;
  }

  /// Whether the assembly in placed() is kept: accepted by the problem's check, and the least
  /// (by its sorted move indices) of its images under the symmetries that can map one searched
  /// assembly onto another: those fixing the cut shape's move, or all without a cut shape.
  bool keep() {
    const bool least_only = symmetry_.least_only || symmetry_.shape >= 0;
    if (!least_only && !problem_.accept) return true;
    own_.clear();
    for (const int m : placed_) own_.push_back(x_.moves[static_cast<std::size_t>(m)].index);
    if (problem_.accept && !problem_.accept(own_)) return false;
    if (!least_only) return true;
    const std::vector<int>* fixing = nullptr;
    if (symmetry_.shape >= 0)
      for (const int m : own_)
        if (problem_.moves[static_cast<std::size_t>(m)].shape == symmetry_.shape)
          fixing = &symmetry_.fixing[static_cast<std::size_t>(m)];
    std::sort(own_.begin(), own_.end());
    const std::size_t elements = fixing ? fixing->size() : symmetry_.group.size();
    for (std::size_t k = 0; k < elements; ++k) {
      const std::vector<int>& image_of =
          symmetry_.group[fixing ? static_cast<std::size_t>((*fixing)[k]) : k];
      image_.clear();
      for (const int m : own_) image_.push_back(image_of[static_cast<std::size_t>(m)]);
      std::sort(image_.begin(), image_.end());
      if (image_ < own_) return false;
    }
    return true;
  }

  const std::vector<int>& placed() const { return placed_; }
  long nodes() const { return nodes_; }
  Stop stop() const { return stop_; }

private:
  /// A point being covered: the next move to try there (in CoverIndex::listed), the end of its
  /// moves, and whether one of them is placed now.
  struct Frame {
    int point, next, end;
    bool placed;
    std::uint64_t bits = 0;              ///< run_fewest(): moves of word `next` not tried yet
    const std::uint64_t* row = nullptr;  ///< run_fewest(): the column's moves
  };

  template <class Cancelled>
  Stop poll(Cancelled&& cancelled) {
    if (config_.stop != nullptr && config_.stop->load(std::memory_order_relaxed))
      return Stop::Interrupt;
    if (cancelled(nodes_)) return Stop::Cancelled;
    if (Clock::now() > config_.deadline) return Stop::Deadline;
    return Stop::None;
  }

  /// The frame of an empty point: the moves listed for the freedom of the points after it.
  Frame frame(int point) const {
    const std::size_t at = (static_cast<std::size_t>(point) << x_.window) + window_bits(point + 1);
    return {point, x_.lists[at], x_.lists[at + 1], false};
  }

  /// The freedom of the x_.window points from `from` on (bit k for from + k).
  std::size_t window_bits(int from) const {
    if (x_.window == 0) return 0;
    const int w = from / 64, b = from % 64;
    std::uint64_t x = w < x_.words ? free_[static_cast<std::size_t>(w)] >> b : 0;
    if (b != 0 && w + 1 < x_.words) x |= free_[static_cast<std::size_t>(w) + 1] << (64 - b);
    return static_cast<std::size_t>(x & ((std::uint64_t{1} << x_.window) - 1));
  }

  bool fits(const CoverIndex::Move& move) const {
    if ((free_[static_cast<std::size_t>(move.word0)] & move.mask) != move.mask) return false;
    for (int w = 1; w < move.words; ++w) {
      const std::uint64_t b = x_.bits[static_cast<std::size_t>(move.bit + w)];
      if ((free_[static_cast<std::size_t>(move.word0 + w)] & b) != b) return false;
    }
    return true;
  }

  /// Whether a copy of some shape is left whose moves all start before `point`, the first
  /// empty one: then no move can place it (PieceUse::Exact only).
  bool doomed(int point) const {
    if (!x_.exact) return false;
    for (const auto& [last, shape] : x_.deadlines) {
      if (last >= point) return false;
      if (left_[static_cast<std::size_t>(shape)] > 0) return true;
    }
    return false;
  }

  /// The live moves after move m (the next level of live_): those of the level before that
  /// share no point with it, and none of its shape when no copy is left.
  void kill(int m) {
    const auto lw = static_cast<std::size_t>(x_.live_words);
    const std::size_t depth = placed_.size();
    if (live_.size() < (depth + 2) * lw) live_.resize((depth + 2) * lw);
    const auto mw = static_cast<std::size_t>(x_.mask_words);
    if (nonzero_.size() < (depth + 2) * mw) nonzero_.resize((depth + 2) * mw);
    const std::uint64_t* __restrict from = &live_[depth * lw];
    std::uint64_t* __restrict to = &live_[(depth + 1) * lw];
    const std::uint64_t* __restrict row = &x_.conflicts[static_cast<std::size_t>(m) * lw];
    const std::uint64_t* __restrict was = &nonzero_[depth * mw];
    std::uint64_t* __restrict words = &nonzero_[(depth + 1) * mw];
    const auto shape = static_cast<std::size_t>(x_.moves[static_cast<std::size_t>(m)].shape);
    const std::uint64_t* same = left_[shape] == 0 ? &x_.shape_rows[shape * lw] : nullptr;
    // Only the words live before can be live after.
    for (std::size_t j = 0; j < mw; ++j) {
      std::uint64_t now = 0;
      for (std::uint64_t y = was[j]; y != 0; y &= y - 1) {
        const std::size_t w = j * 64 + static_cast<std::size_t>(__builtin_ctzll(y));
        const std::uint64_t bits = from[w] & ~row[w] & (same ? ~same[w] : ~std::uint64_t{0});
        to[w] = bits;
        now |= static_cast<std::uint64_t>(bits != 0) << (w % 64);
      }
      words[j] = now;
    }
  }

  /// The first word of live moves at `from` or after in `nonzero` (a level of nonzero_);
  /// -1 when none.
  int next_word(const std::uint64_t* nonzero, int from) const {
    const int words = x_.live_words;
    if (from >= words) return -1;
    int j = from / 64;
    std::uint64_t y = nonzero[j] & (~std::uint64_t{0} << (from % 64));
    while (y == 0) {
      if (++j * 64 >= words) return -1;
      y = nonzero[j];
    }
    return j * 64 + __builtin_ctzll(y);
  }

  /// The first free point at `from` or after; x_.points when none.
  int next_empty(int from) const {
    int w = from / 64;
    if (w >= x_.words) return x_.points;
    std::uint64_t x = free_[static_cast<std::size_t>(w)] & (~std::uint64_t{0} << (from % 64));
    while (x == 0) {
      if (++w == x_.words) return x_.points;
      x = free_[static_cast<std::size_t>(w)];
    }
    return w * 64 + __builtin_ctzll(x);
  }

  const CoverIndex& x_;
  const CoverProblem& problem_;
  const SymmetryUse& symmetry_;
  const CoverConfig& config_;
  bool popcnt_;                      ///< the processor has popcnt: choose_popcnt()
  std::vector<std::uint64_t> free_;  ///< bit per point: not covered yet
  std::vector<int> left_;            ///< per shape: copies not placed yet
  int pieces_left_ = 0;              ///< pieces not placed (negative with PieceUse::Copies)
  std::vector<int> placed_;          ///< the moves made (indices into CoverIndex::moves)
  long nodes_ = 0;
  Stop stop_ = Stop::None;
  std::vector<Frame> stack_;  ///< run()'s points being covered, the first at the bottom
  /// Per depth (moves made), x_.live_words: the moves that fit and have a copy left.
  std::vector<std::uint64_t> live_;
  std::vector<std::uint64_t> nonzero_;  ///< per depth, x_.mask_words: live_'s nonzero words
  /// Per depth: the point choose() chose before the one it chose (-1: none), counted first
  /// one level down.
  mutable std::vector<int> runner_up_;
  std::vector<int> own_, image_;
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

CoverResult cover_search(const CoverProblem& problem, const CoverConfig& config,
                         const CoverSink& on_solution, const CoverProgressSink& on_progress) {
  const Clock::time_point started = Clock::now();
  const long max_solutions = std::max(1L, config.max_solutions);
  const SymmetryUse symmetry(problem, config.use);
  const CoverIndex index(problem, config.use, symmetry);
  CoverResult result;
  result.group_order = static_cast<long>(symmetry.order);
  const auto keep = [](CoverWalker& walker) { return walker.keep(); };

  // The subtrees: the states a fixed number of moves deep, in the search's order, the depth
  // the least that gives kSubtrees of them (or the whole tree); the same for any thread count.
  std::vector<Subtree> subtrees;
  {
    CoverWalker walker(index, problem, symmetry, config);
    const auto never = [](long) { return false; };
    for (std::size_t depth = 1;; ++depth) {
      subtrees.clear();
      walker.reset();
      bool deeper = false;
      walker.run(
          depth,
          [&] {
            if (keep(walker))
              subtrees.push_back({walker.placed(), true, 0, {}, {}, false, {}, 0, false});
            return true;
          },
          [&] {
            deeper = true;
            subtrees.push_back({walker.placed(), false, 0, {}, {}, false, {}, 0, false});
            return true;
          },
          never);
      result.nodes += walker.nodes();
      if (walker.stop() != CoverWalker::Stop::None) {
        result.timed_out = walker.stop() == CoverWalker::Stop::Deadline;
        result.interrupted = walker.stop() == CoverWalker::Stop::Interrupt;
        return result;
      }
      if (!deeper || subtrees.size() >= kSubtrees) break;
    }
  }

  // Each subtree searched by one thread, taken in order; reported in order as soon as all the
  // subtrees before it are done.
  std::mutex report_mutex, progress_mutex;
  std::size_t reported_upto = 0;  // the subtrees before it are reported
  std::vector<char> done(subtrees.size(), 0);
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> cancel_after{std::numeric_limits<std::size_t>::max()};
  std::atomic<long> found{0}, nodes{0};
  std::atomic<bool> timed_out{false}, interrupted{false};
  // The moves are counted as one thread makes them in order (CoverCount::nodes): the subtrees'
  // in order, up to the last assembly reported. CoverConfig::max_nodes: the moves left to the
  // subtrees in order after those accounted (under report_mutex; read without it as an upper
  // bound of any later subtree's share).
  const bool budget = config.max_nodes > 0;
  std::atomic<long> remaining{budget ? config.max_nodes - result.nodes
                                     : std::numeric_limits<long>::max() / 2};
  bool spent = budget && remaining.load() <= 0;
  long ordered = budget ? std::min(result.nodes, config.max_nodes) : result.nodes;
  std::atomic<long long> next_progress{0};
  std::vector<int> assembly;
  // Under report_mutex: the subtree's assemblies in order, those reached within `within` moves.
  // Returns the moves at the last one reported.
  const auto report = [&](Subtree& tree, long within = std::numeric_limits<long>::max()) {
    long last = 0;
    for (std::size_t k = 0; k < tree.ends.size() && result.solutions < max_solutions; ++k) {
      if (tree.at[k] > within) break;
      last = tree.at[k];
      const std::size_t from = k == 0 ? 0 : static_cast<std::size_t>(tree.ends[k - 1]);
      assembly.clear();
      assembly.assign(tree.moves.begin() + static_cast<std::ptrdiff_t>(from),
                      tree.moves.begin() + tree.ends[k]);
      if (result.solutions == 0) result.first = assembly;
      ++result.solutions;
      if (on_solution) on_solution(assembly);
    }
    tree.moves = {};
    tree.ends = {};
    tree.at = {};
    return last;
  };
  const auto search_subtree = [&](std::size_t at, CoverWalker& walker) {
    Subtree& tree = subtrees[at];
    std::vector<int> own;
    long start = 0;  // the walker's moves when the subtree's own began
    const auto store = [&] {
      own.clear();
      for (const int m : walker.placed())
        own.push_back(index.moves[static_cast<std::size_t>(m)].index);
      const long n = symmetry.append_reports(own, tree.moves, tree.ends);
      tree.at.resize(tree.ends.size(), walker.nodes() - start);
      tree.count += n;
      found.fetch_add(n, std::memory_order_relaxed);
      return tree.count < max_solutions;
    };
    long polled = walker.nodes();
    const long cap = remaining.load();  // at least this subtree's share of the budget
    const auto cancelled = [&](long walked) {
      nodes.fetch_add(walked - polled, std::memory_order_relaxed);
      polled = walked;
      if (on_progress) {
        const long long now =
            std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started).count();
        long long due = next_progress.load();
        if (now >= due && next_progress.compare_exchange_strong(due, now + 1000)) {
          std::lock_guard<std::mutex> lock(progress_mutex);
          on_progress({found.load(), nodes.load(), static_cast<double>(now) / 1000.0});
        }
      }
      if (budget && walked - start > cap) return true;
      return at > cancel_after.load(std::memory_order_relaxed);
    };
    walker.reset();
    for (const int m : tree.prefix) walker.place(m);
    start = walker.nodes();
    if (tree.complete) {
      store();
      tree.finished = true;
    } else {
      tree.finished = walker.run(
          std::numeric_limits<std::size_t>::max(), [&] { return !keep(walker) || store(); },
          [] { return true; }, cancelled);
      // Stopped by its own max_solutions: nothing after it can be reported either.
      if (!tree.finished && walker.stop() == CoverWalker::Stop::None) tree.finished = true;
      tree.total = walker.nodes() - start;
      tree.capped = budget && !tree.finished && tree.total > cap;
      nodes.fetch_add(walker.nodes() - polled, std::memory_order_relaxed);
      if (walker.stop() == CoverWalker::Stop::Deadline) timed_out = true;
      if (walker.stop() == CoverWalker::Stop::Interrupt) interrupted = true;
    }
    std::lock_guard<std::mutex> lock(report_mutex);
    done[at] = 1;
    while (!spent && reported_upto < subtrees.size() && done[reported_upto] &&
           (subtrees[reported_upto].finished || subtrees[reported_upto].capped) &&
           result.solutions < max_solutions) {
      Subtree& next_tree = subtrees[reported_upto];
      // As one thread in order: the subtree's assemblies within the moves left; the budget
      // ends inside it unless the subtree, or the assemblies wanted, ended first.
      const long left = remaining.load();
      const long last = report(next_tree, left);
      if (result.solutions >= max_solutions) {
        ordered += last;
      } else if (next_tree.finished && next_tree.total <= left) {
        remaining -= next_tree.total;
        ordered += next_tree.total;
      } else {
        spent = true;
        ordered += left;
        cancel_after = reported_upto;
        ++reported_upto;
        break;
      }
      if (++reported_upto < subtrees.size() && result.solutions >= max_solutions)
        cancel_after = reported_upto - 1;
    }
  };
  if (spent) {  // the budget ended before the subtrees
    result.out_of_nodes = true;
    result.nodes = ordered;
    return result;
  }
  const std::size_t workers =
      std::min(subtrees.size(), static_cast<std::size_t>(std::max(1, max_threads())));
  parallel_for(workers, [&](std::size_t) {
    CoverWalker walker(index, problem, symmetry, config);
    for (std::size_t i; (i = next++) < subtrees.size();) {
      if (i > cancel_after.load() || timed_out || interrupted) break;
      search_subtree(i, walker);
    }
  });
  result.timed_out = timed_out;
  result.interrupted = interrupted && !timed_out;
  // Ended by itself, the moves in order; stopped by the clock or a request, every move made.
  result.nodes = result.timed_out || result.interrupted ? result.nodes + nodes.load() : ordered;
  // Stopped early: what the subtrees found, in order, reported after the finished ones (not
  // past the node budget's end).
  for (std::size_t i = reported_upto;
       !spent && i < subtrees.size() && result.solutions < max_solutions; ++i)
    report(subtrees[i]);
  result.out_of_nodes = spent;
  result.exhausted =
      !result.timed_out && !result.interrupted && !spent && result.solutions < max_solutions;
  return result;
}

CoverProblem cover_problem(const PieceSet& set) {
  CoverProblem problem;
  for (std::size_t s = 0; s < set.shape_count(); ++s)
    problem.counts.push_back(set.shape(static_cast<ShapeId>(s)).count);
  for (const ShapeId id : set.order())
    if (std::find(problem.order.begin(), problem.order.end(), id) == problem.order.end())
      problem.order.push_back(id);
  return problem;
}

MoveKeys::MoveKeys(const CoverProblem& problem,
                   const std::function<std::vector<int>(std::size_t)>& key)
    : problem_(problem) {
  for (std::size_t m = 0; m < problem.moves.size(); ++m) {
    std::vector<int> k = key(m);
    std::sort(k.begin(), k.end());
    move_of_[{problem.moves[m].shape, std::move(k)}] = static_cast<int>(m);
  }
}

std::optional<std::vector<int>> MoveKeys::permutation(
    const std::function<std::vector<int>(std::size_t)>& image_key) const {
  std::vector<int> image_of;
  for (std::size_t m = 0; m < problem_.moves.size(); ++m) {
    std::vector<int> k = image_key(m);
    std::sort(k.begin(), k.end());
    const auto found = move_of_.find({problem_.moves[m].shape, std::move(k)});
    if (found == move_of_.end()) return std::nullopt;
    image_of.push_back(found->second);
  }
  return image_of;
}

}  // namespace tangram
