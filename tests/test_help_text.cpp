// The command line's help-text wrap (src/cli/help_text.hpp) against a plain reference: the
// text split into words first, then laid out word by word, on random texts of short words.

#include <doctest/doctest.h>

#include <cstddef>
#include <random>
#include <string>
#include <vector>

#include "../src/cli/help_text.hpp"

using tangram::cli::wrap;

namespace {

/// Code points of `word` (UTF-8 continuation bytes do not count).
std::size_t code_points(const std::string& word) {
  std::size_t n = 0;
  for (const char c : word) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

/// The same layout, spelled out: split at every ' ' and '\n' (keeping which one ended each
/// word), then a word goes on the line when it fits after one space, else on a new line.
std::string slow_wrap(const std::string& text, std::size_t width) {
  std::vector<std::string> words{""};
  std::vector<char> ends;
  for (const char c : text) {
    if (c == ' ' || c == '\n') {
      ends.push_back(c);
      words.emplace_back();
    } else {
      words.back() += c;
    }
  }
  // A separator at the very end ends the text: no empty word after it.
  if (!ends.empty() && words.back().empty()) words.pop_back();
  std::string out;
  std::size_t line = 0;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (line > 0 && line + 1 + code_points(words[i]) > width) {
      out += '\n';
      line = 0;
    } else if (line > 0) {
      out += ' ';
      ++line;
    }
    out += words[i];
    line += code_points(words[i]);
    if (i < ends.size() && ends[i] == '\n') {
      out += '\n';
      line = 0;
    }
  }
  return text.empty() ? std::string() : out;
}

}  // namespace

TEST_CASE("wrap lays out help text as the word-by-word reference does") {
  CHECK(wrap("", 10).empty());
  CHECK(wrap("one two three", 7) == "one two\nthree");
  CHECK(wrap("a\nb c", 66) == "a\nb c");
  CHECK(wrap("\xc3\xa9\xc3\xa9\xc3\xa9 abc", 7) ==
        "\xc3\xa9\xc3\xa9\xc3\xa9 abc");  // 3 code points
  CHECK(wrap("tail ", 66) == "tail");

  std::mt19937 random(7);
  const std::vector<std::string> pieces{"a", "bb", "ccc", "\xc3\xa9", " ", " ", "\n", "dddddd"};
  std::uniform_int_distribution<std::size_t> pick(0, pieces.size() - 1);
  std::uniform_int_distribution<std::size_t> length(0, 24);
  for (int trial = 0; trial < 4000; ++trial) {
    std::string text;
    for (std::size_t n = length(random); n > 0; --n) text += pieces[pick(random)];
    const std::size_t width = 1 + static_cast<std::size_t>(trial % 12);
    CAPTURE(text);
    CAPTURE(width);
    REQUIRE(wrap(text, width) == slow_wrap(text, width));
  }
}
