#pragma once
/// \file figure_symmetry.hpp
/// A figure's symmetries and least images, for Cell and Quarter (`transform(item, t)`).

#include <algorithm>
#include <utility>
#include <vector>

namespace tangram::detail {

/// `items` moved by whole squares so that their least row and least column are 0.
template <class Item>
void move_to_origin(std::vector<Item>& items) {
  if (items.empty()) return;
  int r0 = items[0].row, c0 = items[0].col;
  for (const Item& x : items) r0 = std::min(r0, x.row), c0 = std::min(c0, x.col);
  for (Item& x : items) x.row -= r0, x.col -= c0;
}

/// `items` under symmetry `t`, moved so that their least row and column are 0, sorted.
template <class Item, class Transform>
std::vector<Item> normalized_by(const std::vector<Item>& items, int t, Transform transform) {
  std::vector<Item> out;
  out.reserve(items.size());
  for (const Item& x : items) out.push_back(transform(x, t));
  move_to_origin(out);
  std::sort(out.begin(), out.end());
  return out;
}

/// The symmetries t mapping `figure` onto itself up to whole squares (0 among them).
template <class Item, class Transform>
std::vector<int> symmetries_by(const std::vector<Item>& figure, Transform transform) {
  std::vector<int> out;
  const std::vector<Item> base = normalized_by(figure, 0, transform);
  for (int t = 0; t < 8; ++t)
    if (normalized_by(figure, t, transform) == base) out.push_back(t);
  return out;
}

/// `d` with each piece sorted and the pieces sorted.
template <class Item>
std::vector<std::vector<Item>> sorted_pieces(std::vector<std::vector<Item>> d) {
  for (std::vector<Item>& piece : d) std::sort(piece.begin(), piece.end());
  std::sort(d.begin(), d.end());
  return d;
}

/// `d` under the figure's symmetry `t`, moved back onto the figure, each piece sorted.
template <class Item, class Transform>
std::vector<std::vector<Item>> moved_by(const std::vector<Item>& figure, int t,
                                        std::vector<std::vector<Item>> d, Transform transform) {
  const auto least = [](const std::vector<Item>& items) {
    std::pair<int, int> m{items[0].row, items[0].col};
    for (const Item& x : items) m = {std::min(m.first, x.row), std::min(m.second, x.col)};
    return m;
  };
  std::vector<Item> moved;
  moved.reserve(figure.size());
  for (const Item& x : figure) moved.push_back(transform(x, t));
  const auto [r0, c0] = least(figure);
  const auto [r1, c1] = least(moved);
  for (std::vector<Item>& piece : d) {
    for (Item& x : piece) {
      x = transform(x, t);
      x.row += r0 - r1, x.col += c0 - c1;
    }
    std::sort(piece.begin(), piece.end());
  }
  return d;
}

/// The least sorted_pieces() image of `d` under `symmetries`: one per class.
template <class Item, class Transform>
std::vector<std::vector<Item>> least_image(const std::vector<Item>& figure,
                                           const std::vector<int>& symmetries,
                                           const std::vector<std::vector<Item>>& d,
                                           Transform transform) {
  std::vector<std::vector<Item>> best = sorted_pieces(d);
  for (int t : symmetries)
    if (t != 0) best = std::min(best, sorted_pieces(moved_by(figure, t, d, transform)));
  return best;
}

}  // namespace tangram::detail
