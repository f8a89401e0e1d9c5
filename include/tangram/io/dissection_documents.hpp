#pragma once
/// \file dissection_documents.hpp
/// Dissections as JSON documents (docs/formats.md), ratings as text, puzzles as CSV.

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

/// Kotani's rating of `d` as text (rating_words(), and whether the figure's own symmetry makes
/// it) or JSON ("x": [X1, ..., X5], "difficulty1", ...).
std::string rating_text(const Cells& figure, const Dissection& d, bool json);

/// Kotani's attributes X1-X5 and estimates in words: "pieces of 7 squares, 10 outline edges
/// each, a cut of 4 edges; a quarter turn, a mirror image between pieces; difficulty -0.520 or
/// ..., amusement ... (Kotani's estimates)".
std::string rating_words(const DissectionAttributes& a, const DissectionRating& r);

/// The tangram-dissection/1 document of `figure` and `solutions` (one a line).
std::string dissection_json(const Cells& figure, const std::vector<Dissection>& solutions,
                            const DissectionDocument& about);

/// The tangram-half-dissection/1 document (one solution a line); `halves`: pieces of
/// half-squares, else quarters.
std::string half_dissection_json(const Quarters& figure,
                                 const std::vector<HalfDissection>& solutions,
                                 const DissectionDocument& about, bool halves);

/// Throws UsageError unless `name` is letters, digits, '-', '_' and '.' (nothing to escape).
void check_puzzle_name(const std::string& name);

/// The generated puzzles' CSV header.
std::string puzzle_csv_header();

/// One CSV row (ending in '\n'); throws as check_puzzle_name().
std::string puzzle_csv_row(const std::string& name, const DissectionPuzzle& puzzle);

/// The tangram-dissection/1 document of a generated puzzle, named `name`.
std::string puzzle_json(const std::string& name, const DissectionPuzzle& puzzle, bool mirror);

}  // namespace tangram
