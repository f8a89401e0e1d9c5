#pragma once
/// \file dissection_sheet.hpp
/// A printable HTML sheet of dissection puzzles (docs/design/lab.md).

#include <string>
#include <vector>

#include "tangram/core/dissection/congruent_dissection.hpp"

namespace tangram {

/// A puzzle of the sheet and its name (letters, digits, '-', '_', '.').
struct SheetPuzzle {
  std::string name;
  DissectionPuzzle puzzle;
};

/// The sheet: `title`, instructions, puzzles, then answers. Throws UsageError for a bad name.
std::string dissection_sheet_html(const std::vector<SheetPuzzle>& puzzles, const std::string& title,
                                  bool mirror);

}  // namespace tangram
