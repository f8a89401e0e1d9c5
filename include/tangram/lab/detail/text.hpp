#pragma once
/// \file detail/text.hpp
/// Text helpers shared by the writers of tables and pages (experiment tables, compare, report,
/// explain). Internal: not part of the library's interface.

#include <string>
#include <string_view>
#include <vector>

namespace tangram::detail {

/// `text` with &, <, >, " and ' replaced by character references.
std::string html_escape(std::string_view text);

/// A Markdown pipe table: the first row is the header, then a rule, then the other rows; each
/// column padded to its widest cell (at least 3 characters). Rows must have equal lengths.
std::string markdown_table(const std::vector<std::vector<std::string>>& rows);

}  // namespace tangram::detail
