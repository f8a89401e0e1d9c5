#include "tangram/core/raster/detail/copy_memo.hpp"

#include <algorithm>

namespace tangram::search {

std::int64_t pack_placement(const Candidate& c) {
  return (static_cast<std::int64_t>(c.config) << 42) |
         (static_cast<std::int64_t>(c.anchor.y + (1 << 20)) << 21) |
         static_cast<std::int64_t>(c.anchor.x + (1 << 20));
}

std::size_t hash_placements(const std::vector<std::int64_t>& placements) {
  std::uint64_t h = 0x9e3779b97f4a7c15ULL;
  for (const std::int64_t v : placements)
    h ^= static_cast<std::uint64_t>(v) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return static_cast<std::size_t>(h);
}

CopyMemo::CopyMemo(const PieceSet& set, std::size_t max_states) : max_states_(max_states) {
  const std::vector<ShapeId>& order = set.order();
  run_start_.resize(order.size());
  for (std::size_t level = 0; level < order.size(); ++level) {
    const bool copy = level > 0 && order[level] == order[level - 1];
    run_start_[level] = copy ? run_start_[level - 1] : static_cast<int>(level);
    active_ = active_ || copy;
  }
}

const std::vector<std::int64_t>& CopyMemo::key(const std::vector<Candidate>& path, int level,
                                               const Candidate& next) {
  key_.clear();
  if (!later_copy(level)) return key_;
  const auto at = static_cast<std::size_t>(level);
  for (std::size_t k = 0; k < at; ++k) key_.push_back(pack_placement(path[k]));
  key_.push_back(pack_placement(next));
  // Within each run of copies the order of placement does not matter.
  for (std::size_t begin = 0; begin <= at;) {
    std::size_t end = begin + 1;
    while (end <= at && run_start_[end] == static_cast<int>(begin)) ++end;
    std::sort(key_.begin() + static_cast<std::ptrdiff_t>(begin),
              key_.begin() + static_cast<std::ptrdiff_t>(end));
    begin = end;
  }
  return key_;
}

bool CopyMemo::explored(const std::vector<Candidate>& path, int level, const Candidate& next,
                        int discrepancies) {
  const std::vector<std::int64_t>& k = key(path, level, next);
  if (k.empty()) return false;
  const auto found = seen_.find(k);
  return found != seen_.end() && found->second <= discrepancies;
}

void CopyMemo::record(const std::vector<Candidate>& path, int level, const Candidate& next,
                      int discrepancies) {
  const std::vector<std::int64_t>& k = key(path, level, next);
  if (k.empty()) return;
  const auto found = seen_.find(k);
  if (found != seen_.end())
    found->second = std::min(found->second, discrepancies);
  else if (seen_.size() < max_states_)
    seen_.emplace(k, discrepancies);
}

std::size_t CopyMemo::KeyHash::operator()(const std::vector<std::int64_t>& key) const {
  return hash_placements(key);
}

}  // namespace tangram::search
