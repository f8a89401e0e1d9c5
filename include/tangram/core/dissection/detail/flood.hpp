#pragma once
/// \file flood.hpp
/// Connectivity of lattice cells by flood fill, for any cell type.

#include <set>
#include <vector>

namespace tangram::detail {

/// Whether every cell of `cells` is reached from the first through `neighbours(c)` in `cells`.
template <class T, class Neighbours>
bool flood_connected(const std::vector<T>& cells, Neighbours neighbours) {
  if (cells.empty()) return false;
  const std::set<T> all(cells.begin(), cells.end());
  std::set<T> seen{cells[0]};
  std::vector<T> todo{cells[0]};
  while (!todo.empty()) {
    const T c = todo.back();
    todo.pop_back();
    for (const T& n : neighbours(c))
      if (all.count(n) && seen.insert(n).second) todo.push_back(n);
  }
  return seen.size() == all.size();
}

}  // namespace tangram::detail
