#pragma once
/// \file node_memo.hpp
/// What a pass of the raster search learns about its nodes, for the passes after it
/// (docs/design/raster.md).

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "tangram/core/raster/detail/copy_memo.hpp"
#include "tangram/core/raster/detail/search_steps.hpp"

namespace tangram::search {

/// Each node's candidates and its children's verdicts, by the node's path. Both are functions
/// of the path (and of the candidate choice, the same within one round of passes), so a pass
/// that reads them takes the same steps as one that computes them again.
class NodeMemo {
public:
  /// A node as a pass computed it.
  struct Known {
    std::vector<Candidate> candidates;  ///< sorted, as Steps::candidates() and the search rank
    std::size_t widest = 0;             ///< what CandidateChoice::widest received
    std::vector<signed char> valid;     ///< per candidate: -1 not taken yet, 0 invalid, 1 valid
  };

  /// Remembers nodes while their candidates, and kNodeCost for each node, add up to at most
  /// `budget`.
  explicit NodeMemo(std::size_t budget) : budget_(budget) {}

  /// What a node costs the budget besides its candidates (its key and bookkeeping).
  static constexpr std::size_t kNodeCost = 8;

  /// The node reached by `path`, or null if it is not remembered.
  Known* find(const std::vector<Candidate>& path);

  /// Remembers the node reached by `path`; null when the memo is full.
  Known* remember(const std::vector<Candidate>& path, const std::vector<Candidate>& candidates,
                  std::size_t widest);

  /// Forgets every node (for a new candidate choice).
  void clear() {
    nodes_.clear();
    spent_ = 0;
  }

private:
  using Key = std::vector<std::int64_t>;
  struct KeyHash {
    std::size_t operator()(const Key& key) const;
  };
  static Key key_of(const std::vector<Candidate>& path);

  std::size_t budget_;
  std::size_t spent_ = 0;  ///< of the budget, over the nodes remembered
  std::unordered_map<Key, Known, KeyHash> nodes_;
};

}  // namespace tangram::search
