#pragma once
// The brute-force oracles' enumeration for the congruent dissection tests: every way to split
// N items into K groups of N / K, each split once.

#include <algorithm>
#include <cstddef>
#include <vector>

namespace tangram::test {

/// Every split of `items` into `parts` groups of items.size() / parts each, the groups numbered
/// in order of their first item (so each split comes once, whatever the order of the groups):
/// `visit` gets the groups, each in the order of `items`.
template <class T, class Visit>
void for_each_equal_split(const std::vector<T>& items, int parts, Visit visit) {
  const std::size_t n = items.size(), size = n / static_cast<std::size_t>(parts);
  std::vector<int> label(n, -1);
  std::vector<std::size_t> count(static_cast<std::size_t>(parts), 0);
  auto rec = [&](auto&& self, std::size_t i, int used) -> void {
    if (i == n) {
      std::vector<std::vector<T>> groups(static_cast<std::size_t>(parts));
      for (std::size_t k = 0; k < n; ++k)
        groups[static_cast<std::size_t>(label[k])].push_back(items[k]);
      visit(groups);
      return;
    }
    for (int l = 0; l < std::min(used + 1, parts); ++l) {
      if (count[static_cast<std::size_t>(l)] == size) continue;
      label[i] = l;
      ++count[static_cast<std::size_t>(l)];
      self(self, i + 1, std::max(used, l + 1));
      --count[static_cast<std::size_t>(l)];
    }
  };
  rec(rec, 0, 0);
}

}  // namespace tangram::test
