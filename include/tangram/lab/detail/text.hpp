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

/// Number of UTF-8 code points in `text` (bytes that do not start one are not counted).
std::size_t code_points(std::string_view text);

/// Labels may carry superscripts written "^" then digits and minus signs ("S^-1", the inverse
/// spiral strategy's label): plain text keeps them as they are, and these helpers show them
/// raised, anywhere in the text ("BL, S^-1, DT" too).
/// label_html: escaped HTML with the superscripts in <sup> ("S<sup>&minus;1</sup>").
std::string label_html(std::string_view label);
/// label_svg: escaped SVG text content with the superscripts in raised, smaller <tspan>s.
std::string label_svg(std::string_view label);
/// label_unicode: Unicode superscript characters ("S⁻¹", UTF-8), for plain text where a
/// markup cannot go (tooltips, alt text) in a UTF-8 document. Not escaped.
std::string label_unicode(std::string_view label);

/// `text` as one CSV field (RFC 4180): as it is, or in double quotes (quotes doubled) when it
/// holds a comma, a quote or a line break.
std::string csv_field(const std::string& text);

/// One CSV record and the line it starts on (1-based).
struct CsvRecord {
  std::vector<std::string> fields;
  int line = 0;
};

/// Splits CSV text into records (RFC 4180: fields in double quotes may hold commas, line
/// breaks and doubled quotes). "\r\n" ends a record like "\n". Blank lines give no record.
/// Throws InputError ("<source> line N: ...") for a quote inside an unquoted field, text after
/// a closing quote or an unterminated quoted field.
std::vector<CsvRecord> csv_records(const std::string& text, const std::string& source);

/// A Markdown pipe table: the first row is the header, then a rule, then the other rows; each
/// column padded to its widest cell (at least 3 characters). Rows must have equal lengths.
std::string markdown_table(const std::vector<std::vector<std::string>>& rows);

}  // namespace tangram::detail
