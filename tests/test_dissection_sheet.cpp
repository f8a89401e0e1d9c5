// io/dissection_sheet.hpp and io/dissection_documents.hpp: the printable sheet (puzzles, then
// the answers after a page break), a puzzle's JSON and CSV row, names that need no quoting.

#include <doctest/doctest.h>

#include <string>

#include "checks.hpp"
#include "tangram/io/detail/json.hpp"
#include "tangram/io/dissection_documents.hpp"
#include "tangram/lab/dissection_sheet.hpp"

using namespace tangram;
using tangram::test::contains;

namespace {

/// The L tetromino cut into two dominoes: the one puzzle of four squares.
DissectionPuzzle l_tetromino() {
  DissectionPuzzle p;
  p.figure = parse_grid("#.\n#.\n##\n");
  p.solution = canonical({{{0, 0}, {1, 0}}, {{2, 0}, {2, 1}}});
  p.attributes = attributes(p.figure, p.solution);
  p.rating = rate(p.attributes);
  p.seed = 42;
  p.candidates = 3;
  return p;
}

}  // namespace

TEST_CASE("dissection sheet: the puzzles, then the answers on a page of their own") {
  const std::string html = dissection_sheet_html(
      {{"puzzle-1", l_tetromino()}, {"puzzle-2", l_tetromino()}}, "Puzzles <&>", true);
  CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(contains(html, "<title>Puzzles &lt;&amp;&gt;</title>"));
  CHECK(contains(html, "section.answers { break-before: page;"));
  const std::size_t answers = html.find("<section class=\"answers\">");
  REQUIRE(answers != std::string::npos);
  CHECK(html.find("<figure class=\"puzzle\" id=\"puzzle-2\"") < answers);
  CHECK(html.find("<figure class=\"answer\" id=\"answer-puzzle-1\"") > answers);
  CHECK(html.find("data-piece=\"figure\"") < answers);
  CHECK(html.find("data-piece=\"1\"") > answers);
  CHECK(html.find("<?xml") == std::string::npos);  // inline SVG: no XML declaration
  CHECK(contains(html, "into 2 pieces of the same shape (turned or turned over)"));
  CHECK(contains(dissection_sheet_html({}, "none", false), "turned, not turned over"));
  CHECK_THROWS_AS(dissection_sheet_html({{"a b", l_tetromino()}}, "t", true), UsageError);
}

TEST_CASE("dissection documents: a puzzle's JSON and CSV row") {
  const DissectionPuzzle p = l_tetromino();
  const auto json = detail::parse_json(puzzle_json("p-1", p, true));
  CHECK(json["format"] == "tangram-dissection/1");
  CHECK(json["name"] == "p-1");
  CHECK(json["seed"] == 42);
  CHECK(json["solutions"].size() == 1);
  CHECK(json["solutions"][0][0] == detail::Json::parse("[[0,0],[1,0]]"));
  CHECK(json["ratings"][0]["x"] == detail::Json::parse("[2, 5, 1, 1, 0]"));
  CHECK(puzzle_csv_header().rfind("name,cells,parts,x1,x2,x3,x4,x5,difficulty1,", 0) == 0);
  // X = (2, 5, 1, 1, 0) (each domino's 6 edges less the cut; a quarter turn apart):
  // difficulty1 0.6 + 0.05 - 0.102 + 0.224 - 2.445 = -1.673, difficulty2 0.272 + 0.3 - 0.019 +
  // 0.377 - 2.105 = -1.175, amusement 0.04 + 0.445 - 0.002 + 0.172 - 1.274 = -0.619.
  CHECK(puzzle_csv_row("p-1", p) == "p-1,4,2,2,5,1,1,0,-1.673,-1.175,-0.619,42,3\n");
  CHECK_THROWS_AS(puzzle_csv_row("p,1", p), UsageError);
  CHECK_THROWS_AS(check_puzzle_name(""), UsageError);
}
