#pragma once
/// \file detail/text.hpp
/// Text helpers of the writers of tables and pages. Internal.

#include <string>
#include <string_view>
#include <vector>

namespace tangram::detail {

/// `text` with &, <, >, " and ' replaced by character references.
std::string html_escape(std::string_view text);

/// Number of UTF-8 code points in `text` (bytes that do not start one are not counted).
std::size_t code_points(std::string_view text);

/// Labels with superscripts written "^-1" ("S^-1"), shown raised: escaped HTML with <sup>.
std::string label_html(std::string_view label);
/// Escaped SVG text content with the superscripts in raised, smaller <tspan>s.
std::string label_svg(std::string_view label);
/// Unicode superscript characters ("S⁻¹", UTF-8), not escaped.
std::string label_unicode(std::string_view label);

/// `text` as one CSV field (RFC 4180), quoted only when needed.
std::string csv_field(const std::string& text);

/// `rows` as CSV lines, each field through csv_field(), each line ended by a newline.
std::string csv_table(const std::vector<std::vector<std::string>>& rows);

/// One CSV record and the line it starts on (1-based).
struct CsvRecord {
  std::vector<std::string> fields;
  int line = 0;
};

/// Splits CSV text into records (RFC 4180; blank lines none). Throws InputError ("<source>
/// line N: ...").
std::vector<CsvRecord> csv_records(const std::string& text, const std::string& source);

/// A Markdown pipe table, the first row the header, columns padded (rows of equal length).
std::string markdown_table(const std::vector<std::vector<std::string>>& rows);

}  // namespace tangram::detail
