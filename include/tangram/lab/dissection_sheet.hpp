#pragma once
/// \file dissection_sheet.hpp
/// A printable sheet of congruent dissection puzzles (`tangram generate dissection`), a report
/// like report.hpp's (hence in lab, beside its HTML helpers): one
/// self-contained HTML page (no scripts, nothing fetched) with the puzzles, each drawn as its
/// figure with the grid (dissection_picture.hpp, inline SVG) and its name and Kotani's rating
/// below it, and the answers (the same figures with the cuts) in a section that starts on a new
/// printed page (CSS break-before: page).

#include <string>
#include <vector>

#include "tangram/core/dissection/congruent_dissection.hpp"

namespace tangram {

/// A puzzle of the sheet and its name (letters, digits, '-', '_', '.').
struct SheetPuzzle {
  std::string name;
  DissectionPuzzle puzzle;
};

/// The sheet: `title` (plain text, escaped) as its heading, the instructions ("Cut each figure
/// along the grid lines into K pieces of the same shape", turned over or not as `mirror`
/// says), then the puzzles in the order given (each a <figure class="puzzle" id="NAME">), then
/// <section class="answers"> with <figure class="answer"> for each. Throws UsageError for a
/// bad name.
std::string dissection_sheet_html(const std::vector<SheetPuzzle>& puzzles, const std::string& title,
                                  bool mirror);

}  // namespace tangram
