#include "tangram/core/raster/detail/node_memo.hpp"

namespace tangram::search {

NodeMemo::Key NodeMemo::key_of(const std::vector<Candidate>& path) {
  Key key;
  key.reserve(path.size());
  for (const Candidate& c : path) key.push_back(pack_placement(c));
  return key;
}

NodeMemo::Known* NodeMemo::find(const std::vector<Candidate>& path) {
  const auto found = nodes_.find(key_of(path));
  return found == nodes_.end() ? nullptr : &found->second;
}

NodeMemo::Known* NodeMemo::remember(const std::vector<Candidate>& path,
                                    const std::vector<Candidate>& candidates, std::size_t widest) {
  const std::size_t cost = candidates.size() + kNodeCost;
  if (spent_ + cost > budget_) return nullptr;
  spent_ += cost;
  Known& known = nodes_[key_of(path)];
  known.candidates = candidates;
  known.widest = widest;
  known.valid.assign(candidates.size(), -1);
  return &known;
}

std::size_t NodeMemo::KeyHash::operator()(const Key& key) const { return hash_placements(key); }

}  // namespace tangram::search
