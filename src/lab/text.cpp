#include "tangram/lab/detail/text.hpp"

#include <algorithm>

#include "tangram/core/base/error.hpp"

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

namespace {

/// Calls `text(part)` for the plain parts of `label` and `raise(superscript)` for each
/// superscript ("^" then digits and minus signs: "-1" of "S^-1"), in order.
template <class Text, class Raise>
void for_each_part(std::string_view label, Text text, Raise raise) {
  std::size_t at = 0;
  for (std::size_t caret = label.find('^'); caret != std::string_view::npos;
       caret = label.find('^', caret + 1)) {
    std::size_t end = caret + 1;
    while (end < label.size() && (label[end] == '-' || (label[end] >= '0' && label[end] <= '9')))
      ++end;
    if (end == caret + 1) continue;  // a caret without digits stays as it is
    text(label.substr(at, caret - at));
    raise(label.substr(caret + 1, end - caret - 1));
    at = end;
  }
  text(label.substr(at));
}

/// The superscript with its minus signs as the minus sign (U+2212), as a character reference.
std::string raised(std::string_view superscript) {
  std::string out;
  for (const char c : superscript) out += c == '-' ? std::string("&minus;") : std::string(1, c);
  return out;
}

}  // namespace

std::size_t code_points(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

std::string label_html(std::string_view label) {
  std::string out;
  for_each_part(
      label, [&](std::string_view part) { out += html_escape(part); },
      [&](std::string_view superscript) { out += "<sup>" + raised(superscript) + "</sup>"; });
  return out;
}

std::string label_svg(std::string_view label) {
  // The raised part shifts the baseline up; the text after it comes down again.
  std::string out;
  bool raised_before = false;
  for_each_part(
      label,
      [&](std::string_view part) {
        if (part.empty()) return;
        out += raised_before ? "<tspan dy=\"0.4em\">" + html_escape(part) + "</tspan>"
                             : html_escape(part);
        raised_before = false;
      },
      [&](std::string_view superscript) {
        out += "<tspan dy=\"-0.4em\" font-size=\"75%\">" + raised(superscript) + "</tspan>";
        raised_before = true;
      });
  return out;
}

std::string label_unicode(std::string_view label) {
  static const char* const kDigits[] = {"\u2070", "\u00b9", "\u00b2", "\u00b3", "\u2074",
                                        "\u2075", "\u2076", "\u2077", "\u2078", "\u2079"};
  std::string out;
  for_each_part(
      label, [&](std::string_view part) { out += part; },
      [&](std::string_view superscript) {
        for (const char c : superscript) out += c == '-' ? "\u207b" : kDigits[c - '0'];
      });
  return out;
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out = "\"";
  for (const char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string csv_table(const std::vector<std::vector<std::string>>& rows) {
  std::string out;
  for (const std::vector<std::string>& row : rows) {
    for (std::size_t i = 0; i < row.size(); ++i) out += (i == 0 ? "" : ",") + csv_field(row[i]);
    out += '\n';
  }
  return out;
}

std::vector<CsvRecord> csv_records(const std::string& text, const std::string& source) {
  std::vector<CsvRecord> records;
  CsvRecord record;
  std::string field;
  int line = 1;
  record.line = line;
  bool in_quotes = false;
  bool quoted = false;  // the current field was quoted (closing quote seen)
  const auto end_record = [&] {
    record.fields.push_back(field);
    const bool blank = record.fields.size() == 1 && record.fields[0].empty() && !quoted;
    if (!blank) records.push_back(record);
    record = CsvRecord{};
    field.clear();
    quoted = false;
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_quotes) {
      if (c == '"') {
        if (i + 1 < text.size() && text[i + 1] == '"') {
          field += '"';
          ++i;
        } else {
          in_quotes = false;
          quoted = true;
        }
      } else {
        if (c == '\n') ++line;
        field += c;
      }
      continue;
    }
    if (c == '"') {
      if (!field.empty() || quoted)
        throw InputError(source + " line " + std::to_string(line) +
                         ": a quote inside an unquoted field (quote the whole field)");
      in_quotes = true;
    } else if (c == ',') {
      record.fields.push_back(field);
      field.clear();
      quoted = false;
    } else if (c == '\n' || c == '\r') {
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      end_record();
      record.line = ++line;
    } else {
      if (quoted)
        throw InputError(source + " line " + std::to_string(line) + ": text after a closing quote");
      field += c;
    }
  }
  if (in_quotes)
    throw InputError(source + " line " + std::to_string(record.line) +
                     ": unterminated quoted field");
  if (!field.empty() || quoted || !record.fields.empty()) end_record();
  return records;
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
