#include "tangram/lab/detail/text.hpp"

#include <algorithm>

namespace tangram::detail {

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string markdown_table(const std::vector<std::vector<std::string>>& rows) {
  if (rows.empty()) return {};
  std::vector<std::size_t> width(rows.front().size(), 3);
  for (const auto& row : rows)
    for (std::size_t c = 0; c < row.size() && c < width.size(); ++c)
      width[c] = std::max(width[c], row[c].size());
  std::string out;
  const auto line = [&](const std::vector<std::string>& cells) {
    for (std::size_t c = 0; c < cells.size() && c < width.size(); ++c)
      out += "| " + cells[c] + std::string(width[c] - cells[c].size(), ' ') + " ";
    out += "|\n";
  };
  line(rows.front());
  std::vector<std::string> rule;
  for (const std::size_t w : width) rule.push_back(std::string(w, '-'));
  line(rule);
  for (std::size_t r = 1; r < rows.size(); ++r) line(rows[r]);
  return out;
}

}  // namespace tangram::detail
