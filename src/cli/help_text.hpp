// Help text as the command line prints it: wrapped to a width, in code points.

#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tangram::cli {

/// Greedy word wrap of help text to lines of at most `width` characters (CLI11 2.1 does not
/// wrap; it indents the lines after a '\n' under the first one). Existing '\n' are kept. A
/// character is a UTF-8 code point (its continuation bytes do not count).
inline std::string wrap(std::string_view text, std::size_t width = 66) {
  std::string out;
  out.reserve(text.size() + text.size() / width + 1);
  std::size_t line = 0;
  std::size_t begin = 0;
  while (begin < text.size()) {
    // One word: up to the next ' ' or '\n' (a plain loop: find_first_of calls memchr per byte).
    std::size_t end = begin;
    std::size_t characters = 0;
    for (; end < text.size() && text[end] != ' ' && text[end] != '\n'; ++end)
      characters += (static_cast<unsigned char>(text[end]) & 0xC0) != 0x80 ? 1 : 0;
    if (line > 0 && line + 1 + characters > width) {
      out += '\n';
      line = 0;
    } else if (line > 0) {
      out += ' ';
      ++line;
    }
    out.append(text, begin, end - begin);
    line += characters;
    if (end == text.size()) break;
    if (text[end] == '\n') {
      out += '\n';
      line = 0;
    }
    begin = end + 1;
  }
  return out;
}

}  // namespace tangram::cli
