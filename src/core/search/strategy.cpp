#include "tangram/core/search/strategy.hpp"

#include <algorithm>
#include <cctype>
#include <string>

namespace tangram {

std::string_view strategy_name(Strategy strategy) {
  switch (strategy) {
    case Strategy::BottomLeft: return "bl";
    case Strategy::LeftBottom: return "lb";
    case Strategy::HorizontalZigZag: return "hzz";
    case Strategy::VerticalZigZag: return "vzz";
    case Strategy::Spiral: return "s";
    case Strategy::InverseSpiral: return "s-inv";
    case Strategy::DistanceTransform: return "dt";
  }
  return "?";
}

std::string_view strategy_label(Strategy strategy) {
  switch (strategy) {
    case Strategy::BottomLeft: return "BL";
    case Strategy::LeftBottom: return "LB";
    case Strategy::HorizontalZigZag: return "HZZ";
    case Strategy::VerticalZigZag: return "VZZ";
    case Strategy::Spiral: return "S";
    case Strategy::InverseSpiral: return "S^-1";
    case Strategy::DistanceTransform: return "DT";
  }
  return "?";
}

std::optional<Strategy> strategy_from_name(std::string_view name) {
  std::string lower(name);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (Strategy s : all_strategies()) {
    std::string label(strategy_label(s));
    std::transform(label.begin(), label.end(), label.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (lower == strategy_name(s) || lower == label) return s;
  }
  return std::nullopt;
}

const std::vector<Strategy>& all_strategies() {
  static const std::vector<Strategy> all = {Strategy::BottomLeft,       Strategy::LeftBottom,
                                            Strategy::HorizontalZigZag, Strategy::VerticalZigZag,
                                            Strategy::Spiral,           Strategy::InverseSpiral,
                                            Strategy::DistanceTransform};
  return all;
}

}  // namespace tangram
