#pragma once
/// \file copy_memo.hpp
/// Copies of a piece (the Tangram's two large and two small triangles, every piece of a doubled
/// set) are interchangeable: placing copy 1 at A and copy 2 at B leaves the same state as copy 1
/// at B and copy 2 at A, and the same search below it. The default search places the pieces in
/// one order (largest first, copies adjacent), so without care it explores each such state once
/// per order of the copies: twice for a pair, 24 times for four large triangles. A CopyMemo
/// remembers the states reached right after a later copy is placed, as the multiset of each
/// shape's placements, and the search skips a state it has explored before. Exact: nothing is
/// skipped that could lead anywhere new (see explored()).

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "tangram/core/puzzle/piece_set.hpp"
#include "tangram/core/raster/detail/search_steps.hpp"

namespace tangram::search {

class CopyMemo {
public:
  /// For the pieces of `set` in its largest-first order (PieceSet::order(): copies adjacent).
  /// At most `max_states` states are remembered (beyond them nothing more is skipped).
  explicit CopyMemo(const PieceSet& set, std::size_t max_states = std::size_t{1} << 20);

  /// Whether some shape has copies (otherwise the memo never skips anything).
  bool active() const { return active_; }

  /// Whether piece `level` is a later copy of its shape: the only levels explored() and
  /// record() look at (elsewhere a state has one path).
  bool later_copy(int level) const {
    const auto at = static_cast<std::size_t>(level);
    return at < run_start_.size() && run_start_[at] != level;
  }

  /// Whether placing `next` as piece `level` after `path` (the placements of pieces 0 .. level-1)
  /// reaches a state the search has already explored, below which it used at most
  /// `discrepancies` (the limited discrepancy search's count for the new state). Looked up only
  /// where piece `level` is a later copy of its shape: elsewhere a state has one path.
  /// Exactness: the earlier visit searched everything below the state that this one could, as
  /// it had at least as much of the discrepancy bound left, and found no accepted assembly (or
  /// the search would have ended).
  bool explored(const std::vector<Candidate>& path, int level, const Candidate& next,
                int discrepancies);

  /// Remembers that the state of `path` + `next` (piece `level`) is explored with
  /// `discrepancies` (keeping the least), when piece `level` is a later copy.
  void record(const std::vector<Candidate>& path, int level, const Candidate& next,
              int discrepancies);

  /// Forgets every state: a new pass of the search (another discrepancy bound, other
  /// candidates) explores differently.
  void clear() { seen_.clear(); }

  /// States remembered.
  std::size_t size() const { return seen_.size(); }

private:
  /// The state's key: each placement packed as (configuration, y, x), sorted within each run of
  /// copies. Empty when `level` is not a later copy.
  const std::vector<std::int64_t>& key(const std::vector<Candidate>& path, int level,
                                       const Candidate& next);

  struct KeyHash {
    std::size_t operator()(const std::vector<std::int64_t>& key) const;
  };

  bool active_ = false;
  std::size_t max_states_;
  std::vector<int> run_start_;     ///< per level: the first level of its run of copies
  std::vector<std::int64_t> key_;  ///< scratch for key()
  std::unordered_map<std::vector<std::int64_t>, int, KeyHash> seen_;
};

}  // namespace tangram::search
