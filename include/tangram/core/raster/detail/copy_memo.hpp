#pragma once
/// \file copy_memo.hpp
/// The memo of states reached by swapped copies of a piece (docs/design/raster.md).

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "tangram/core/puzzle/piece_set.hpp"
#include "tangram/core/raster/detail/search_steps.hpp"

namespace tangram::search {

/// A placement as one number: configuration, anchor y, anchor x (the keys of the memos).
std::int64_t pack_placement(const Candidate& c);

/// A hash of packed placements.
std::size_t hash_placements(const std::vector<std::int64_t>& placements);

/// The states reached right after a later copy is placed; exact: skips nothing new.
class CopyMemo {
public:
  /// For `set`'s pieces in PieceSet::order(), remembering at most `max_states` states.
  explicit CopyMemo(const PieceSet& set, std::size_t max_states = std::size_t{1} << 20);

  /// Whether some shape has copies (otherwise the memo never skips anything).
  bool active() const { return active_; }

  /// Whether piece `level` is a later copy of its shape (the only levels looked at).
  bool later_copy(int level) const {
    const auto at = static_cast<std::size_t>(level);
    return at < run_start_.size() && run_start_[at] != level;
  }

  /// Whether `path` + `next` reaches a state explored with at most `discrepancies` used.
  bool explored(const std::vector<Candidate>& path, int level, const Candidate& next,
                int discrepancies);

  /// Remembers the state of `path` + `next` as explored with `discrepancies` (the least kept).
  void record(const std::vector<Candidate>& path, int level, const Candidate& next,
              int discrepancies);

  /// Forgets every state, for a new pass of the search.
  void clear() { seen_.clear(); }

  /// States remembered.
  std::size_t size() const { return seen_.size(); }
  /// The most states it remembers.
  std::size_t max_states() const { return max_states_; }

private:
  /// The state's key: placements as (configuration, y, x), sorted per run of copies.
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
