#pragma once
/// \file flood.hpp
/// Whether a set of lattice cells is connected (a flood fill from the first), for any cell type
/// with operator< and a function that lists a cell's neighbours: the squares of
/// congruent_dissection.hpp (edge_connected) and the quarters of half_square_dissection.hpp
/// (quarters_connected) share it.

#include <set>
#include <vector>

namespace tangram::detail {

/// Whether every element of `cells` (non-empty) is reached from the first through neighbours
/// (`neighbours(c)` lists c's, in `cells` or not) that lie in `cells`.
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
