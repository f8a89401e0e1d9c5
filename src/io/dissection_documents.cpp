#include "tangram/io/dissection_documents.hpp"

#include <cctype>

#include "tangram/core/base/error.hpp"
#include "tangram/core/base/format.hpp"

namespace tangram {

namespace {

using detail::fixed;
using detail::general;

std::string cells_json(const Cells& cells) {
  std::string out = "[";
  for (std::size_t i = 0; i < cells.size(); ++i)
    out +=
        (i ? ",[" : "[") + std::to_string(cells[i].row) + "," + std::to_string(cells[i].col) + "]";
  return out + "]";
}

std::string boolean(bool value) { return value ? "true" : "false"; }

std::string quarters_json(const Quarters& quarters) {
  std::string out = "[";
  for (std::size_t i = 0; i < quarters.size(); ++i)
    out += (i ? ",[" : "[") + std::to_string(quarters[i].row) + "," +
           std::to_string(quarters[i].col) + "," + std::to_string(quarters[i].side) + "]";
  return out + "]";
}

/// "[[piece, ...], ...]": each solution's pieces by `piece_json`, one solution a line.
template <class Solution, class PieceJson>
std::string solutions_json(const std::vector<Solution>& solutions, PieceJson piece_json) {
  std::string out = "[";
  for (std::size_t s = 0; s < solutions.size(); ++s) {
    out += s ? ",\n  [" : "\n  [";
    for (std::size_t p = 0; p < solutions[s].size(); ++p)
      out += (p ? "," : "") + piece_json(solutions[s][p]);
    out += "]";
  }
  return out + "]";
}

}  // namespace

std::string rating_text(const Cells& figure, const Dissection& d, bool json) {
  const DissectionAttributes a = attributes(figure, d);
  const DissectionRating r = rate(a);
  const bool symmetric = symmetric_dissection(figure, d);
  if (json)
    return "{\"x\": [" + general(a.x1) + "," + general(a.x2) + "," + general(a.x3) + "," +
           general(a.x4) + "," + general(a.x5) + "], \"difficulty1\": " + fixed(r.difficulty1, 3) +
           ", \"difficulty2\": " + fixed(r.difficulty2, 3) +
           ", \"amusement\": " + fixed(r.amusement, 3) + ", \"symmetric\": " + boolean(symmetric) +
           "}";
  return rating_words(a, r) + (symmetric ? "; made by the figure's own symmetry" : "") + "\n";
}

std::string rating_words(const DissectionAttributes& a, const DissectionRating& r) {
  return "pieces of " + general(a.x1) + " squares, " + general(a.x2) +
         " outline edges each, a cut of " + general(a.x3) + " edges; " +
         (a.x4 != 0 ? "a quarter turn" : "no quarter turn") + ", " +
         (a.x5 != 0 ? "a mirror image" : "no mirror image") + " between pieces; difficulty " +
         fixed(r.difficulty1, 3) + " or " + fixed(r.difficulty2, 3) + ", amusement " +
         fixed(r.amusement, 3) + " (Kotani's estimates)";
}

std::string dissection_json(const Cells& figure, const std::vector<Dissection>& solutions,
                            const DissectionDocument& about) {
  std::string out = "{\"format\": \"tangram-dissection/1\", ";
  if (!about.name.empty())
    out += "\"name\": \"" + about.name + "\", \"seed\": " + std::to_string(about.seed) +
           ", \"candidates\": " + std::to_string(about.candidates) + ", ";
  out += "\"parts\": " + std::to_string(about.parts) + ", \"mirror\": " + boolean(about.mirror) +
         ", \"up_to_symmetry\": " + boolean(about.up_to_symmetry) +
         ", \"complete\": " + boolean(about.complete) + ",\n \"figure\": " + cells_json(figure) +
         ",\n \"solutions\": " + solutions_json(solutions, cells_json) + ",\n \"ratings\": [";
  for (std::size_t s = 0; s < solutions.size(); ++s)
    out += (s ? ",\n  " : "\n  ") + rating_text(figure, solutions[s], true);
  return out + "]}\n";
}

std::string half_dissection_json(const Quarters& figure,
                                 const std::vector<HalfDissection>& solutions,
                                 const DissectionDocument& about, bool halves) {
  return "{\"format\": \"tangram-half-dissection/1\", \"parts\": " + std::to_string(about.parts) +
         ", \"mirror\": " + boolean(about.mirror) +
         ", \"up_to_symmetry\": " + boolean(about.up_to_symmetry) + ", \"pieces\": \"" +
         (halves ? "half-squares" : "quarters") + "\", \"complete\": " + boolean(about.complete) +
         ",\n \"figure\": " + quarters_json(figure) +
         ",\n \"solutions\": " + solutions_json(solutions, quarters_json) + "}\n";
}

std::string puzzle_csv_header() {
  return "name,cells,parts,x1,x2,x3,x4,x5,difficulty1,difficulty2,amusement,seed,candidates\n";
}

void check_puzzle_name(const std::string& name) {
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_' && c != '.')
      throw UsageError("puzzle name '" + name + "': letters, digits, '-', '_' and '.' only");
  if (name.empty()) throw UsageError("empty puzzle name");
}

std::string puzzle_csv_row(const std::string& name, const DissectionPuzzle& puzzle) {
  check_puzzle_name(name);
  const DissectionAttributes& a = puzzle.attributes;
  const DissectionRating& r = puzzle.rating;
  return name + "," + std::to_string(puzzle.figure.size()) + "," +
         std::to_string(puzzle.solution.size()) + "," + general(a.x1) + "," + general(a.x2) + "," +
         general(a.x3) + "," + general(a.x4) + "," + general(a.x5) + "," + fixed(r.difficulty1, 3) +
         "," + fixed(r.difficulty2, 3) + "," + fixed(r.amusement, 3) + "," +
         std::to_string(puzzle.seed) + "," + std::to_string(puzzle.candidates) + "\n";
}

std::string puzzle_json(const std::string& name, const DissectionPuzzle& puzzle, bool mirror) {
  check_puzzle_name(name);
  DissectionDocument about;
  about.parts = static_cast<int>(puzzle.solution.size());
  about.mirror = mirror;
  about.name = name;
  about.seed = puzzle.seed;
  about.candidates = puzzle.candidates;
  return dissection_json(puzzle.figure, {puzzle.solution}, about);
}

}  // namespace tangram
