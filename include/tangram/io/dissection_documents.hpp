#pragma once
/// \file dissection_documents.hpp
/// Congruent dissections (core/congruent_dissection.hpp) as documents: the JSON format
/// tangram-dissection/1 that `tangram dissect --json` and `tangram generate dissection` write,
/// Kotani's rating as text, and the CSV of a set of generated puzzles.
///
/// tangram-dissection/1: {"format", "parts", "mirror", "up_to_symmetry", "complete",
/// "figure": [[row, column], ...], "solutions": [[piece, ...], ...] (each piece a list of
/// [row, column] squares, in the text grid's frame), "ratings": [{"x": [X1..X5],
/// "difficulty1", "difficulty2", "amusement", "symmetric"}, ...] (one per solution, in order)},
/// and for a generated puzzle also "name", "seed" and "candidates".
///
/// tangram-half-dissection/1 (`tangram dissect --cells half --json`): {"format", "parts",
/// "mirror", "up_to_symmetry", "pieces": "half-squares" or "quarters" (what a piece is made
/// of), "complete",
/// "figure": [[row, column, side], ...], "solutions": [[piece, ...], ...]}, each piece a list of
/// quarter squares [row, column, side] (half_square_dissection.hpp's Quarter: the triangle
/// between the square's centre and its side 0 top, 1 right, 2 bottom, 3 left), in the text
/// grid's frame.

#include <cstdint>
#include <string>
#include <vector>

#include "tangram/core/dissection/congruent_dissection.hpp"
#include "tangram/core/dissection/half_square_dissection.hpp"

namespace tangram {

/// What a tangram-dissection/1 document says besides the figure and its dissections.
struct DissectionDocument {
  int parts = 2;
  bool mirror = true;
  bool up_to_symmetry = false;
  bool complete = true;    ///< every dissection is listed
  std::string name;        ///< a generated puzzle's name; empty: none written
  std::uint64_t seed = 0;  ///< a generated puzzle's seed (written with a name)
  long candidates = 0;     ///< figures tried for it (written with a name)
};

/// Kotani's attributes and estimates of `d`, and whether the figure's own symmetry makes it:
/// "X1-X5 7 10 4 1 1; difficulty1 -0.520, difficulty2 -0.299, amusement -0.373" (with
/// "; made by the figure's own symmetry" when symmetric_dissection()), or as the JSON object
/// of the document's "ratings".
std::string rating_text(const Cells& figure, const Dissection& d, bool json);

/// The tangram-dissection/1 document of `figure` and `solutions` (one a line).
std::string dissection_json(const Cells& figure, const std::vector<Dissection>& solutions,
                            const DissectionDocument& about);

/// The tangram-half-dissection/1 document of `figure` and `solutions` (one a line); `about`
/// gives parts, mirror, up_to_symmetry and complete; `halves`: pieces of whole half-squares, else
/// quarters.
std::string half_dissection_json(const Quarters& figure,
                                 const std::vector<HalfDissection>& solutions,
                                 const DissectionDocument& about, bool halves);

/// Throws UsageError for a puzzle name that a CSV, JSON, HTML or a file name would have to
/// quote or escape: letters, digits, '-', '_' and '.' only, not empty.
void check_puzzle_name(const std::string& name);

/// The header of the generated puzzles' CSV: name, cells, parts, x1..x5, difficulty1,
/// difficulty2, amusement, seed, candidates.
std::string puzzle_csv_header();

/// One CSV row of puzzle_csv_header() (ending in '\n'); throws for a bad name
/// (check_puzzle_name).
std::string puzzle_csv_row(const std::string& name, const DissectionPuzzle& puzzle);

/// The tangram-dissection/1 document of a generated puzzle: its figure, its one solution with
/// its rating, `name`, its seed and candidates.
std::string puzzle_json(const std::string& name, const DissectionPuzzle& puzzle, bool mirror);

}  // namespace tangram
