#pragma once
/// \file search/strategy.hpp
/// The placement strategies of Yamada et al. 2019 (Sec. III-B/III-C) by name; their costs are
/// in raster/placement.hpp.

#include <optional>
#include <string_view>
#include <vector>

namespace tangram {

/// The seven placement strategies.
enum class Strategy {
  BottomLeft,         ///< BL: rows from the bottom up, each row left to right
  LeftBottom,         ///< LB: columns from the left, each column bottom to top
  HorizontalZigZag,   ///< HZZ: rows from the bottom up, alternating direction
  VerticalZigZag,     ///< VZZ: columns from the left, alternating direction
  Spiral,             ///< S: from the border inward, starting at the bottom-left corner
  InverseSpiral,      ///< S^-1: the spiral path run backwards, from the centre outward
  DistanceTransform,  ///< DT: the paper's distance-transform strategy
};

/// Short CLI name: bl, lb, hzz, vzz, s, s-inv, dt.
std::string_view strategy_name(Strategy strategy);

/// Label used in tables: BL, LB, HZZ, VZZ, S, S^-1, DT.
std::string_view strategy_label(Strategy strategy);

/// Inverse of strategy_name (also accepts the labels, case-insensitive).
std::optional<Strategy> strategy_from_name(std::string_view name);

/// All seven, in the paper's table order (BL, LB, HZZ, VZZ, S, S^-1, DT).
const std::vector<Strategy>& all_strategies();

}  // namespace tangram
