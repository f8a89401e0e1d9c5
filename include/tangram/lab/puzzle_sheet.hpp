#pragma once
/// \file puzzle_sheet.hpp
/// A printable HTML sheet of generated silhouette puzzles, the answers on their own page.

#include <string>

#include "tangram/service/puzzles.hpp"

namespace tangram {

/// The sheet: `title`, the silhouettes with their names and ratings, then (after a page break)
/// each one's assembly; pictures embedded, no other file needed.
std::string silhouette_sheet_html(const SilhouettePuzzles& run, const std::string& title);

}  // namespace tangram
