// The solve, dissect and generate services (service/solve.hpp, dissect.hpp, generate.hpp,
// puzzles.hpp): the plan of each goal, the run with its hooks, the answer, the outcome and the
// text, the outputs; the puzzle rating.

#include <doctest/doctest.h>

#include <atomic>
#include <filesystem>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/base/error.hpp"
#include "tangram/io/pattern_png.hpp"
#include "tangram/io/piece_sets.hpp"
#include "tangram/service/dissect.hpp"
#include "tangram/service/generate.hpp"
#include "tangram/service/puzzles.hpp"
#include "tangram/service/solve.hpp"

using namespace tangram;

namespace {

const std::string kSquare = std::string(TANGRAM_SOURCE_DIR) + "/masks/01-square.png";

/// A board of `rows` x `cols` squares of 20 px, dark on white: the pentominoes' 3 x 20 board
/// has 2 assemblies up to its 4 symmetries, 8 in all.
cv::Mat1b board(int rows, int cols) {
  cv::Mat1b picture(20 + 20 * rows, 20 + 20 * cols, uchar{255});
  picture(cv::Rect(10, 10, 20 * cols, 20 * rows)) = 0;
  return picture;
}

/// The Python module's spelling, as a front end of its own.
std::string keyword_words(std::string_view option, std::string_view value) {
  std::string name(option);
  for (char& c : name)
    if (c == '-') c = '_';
  return value.empty() ? name : name + "=" + std::string(value);
}

}  // namespace

TEST_CASE("plan_solve: the goal, the enumeration's cap and the picture read at full size") {
  SolveOptions options;
  SolvePlan plan = plan_solve(options);
  CHECK(plan.goal == Goal::One);
  CHECK(plan.input.work_size_px == kWorkSizeAuto);
  options.unique = true;
  options.pieces = "pentominoes";
  plan = plan_solve(options);
  CHECK(plan.goal == Goal::Unique);
  CHECK(plan.enumeration.max_solutions == 2);
  CHECK(plan.input.work_size_px == 0);
  CHECK(plan.config.pieces.name() == "pentominoes");
  options.unique = false;
  options.use = "copies";
  options.figure_area = 60;
  options.max_solutions = 7;
  options.max_solutions_given = true;
  plan = plan_solve(options);
  CHECK(plan.goal == Goal::Fewest);
  CHECK(plan.enumeration.use == PieceUse::Copies);
  CHECK(plan.enumeration.max_solutions == 7);
  CHECK(plan.enumeration.figure_area == 60);
}

TEST_CASE("run_solve, goal one: the summary, the answer, the outputs of the assembly") {
  SolveOptions options;
  options.threads = 1;
  const SolvePlan plan = plan_solve(options);
  const Silhouette silhouette = load_silhouette(kSquare, plan.input);
  long progress = 0;
  SolveHooks hooks;
  hooks.progress = [&](const SolveProgress&) { ++progress; };
  const SolveResult result = run_solve(plan, silhouette, "square", hooks);
  CHECK(result.answer == Answer::Found);
  CHECK(result.outcome == "solved");
  CHECK(result.found == 1);
  CHECK(result.reason.empty());
  CHECK(result.summary.rfind("square: solved in ", 0) == 0);
  CHECK(result.summary.find("coverage 1.0000") != std::string::npos);
  CHECK(result.summary.back() == '\n');
  const FoundAssembly found = result_assembly(plan, result);
  CHECK(found.drawn.pieces.size() == 7);
  const std::string json = assembly_json(plan, found, "square.png", true);
  CHECK(json.find("\"format\": \"tangram-solution/1\"") != std::string::npos);
  CHECK(json.find("\"solved\": true") != std::string::npos);
  const cv::Mat3b picture = assembly_picture(plan, silhouette.pattern, found);
  CHECK(picture.cols == 2 * silhouette.pattern.puzzle.cols);
  CHECK(assembly_svg_text(plan, silhouette.pattern, found, "square").find("<svg") !=
        std::string::npos);
}

TEST_CASE("run_solve, goal one: a stop asked before the search ends it, as 'stopped'") {
  SolveOptions options;
  options.threads = 1;
  options.exact = false;
  options.rotation_step = "1";
  const SolvePlan plan = plan_solve(options);
  const Silhouette silhouette = load_silhouette(kSquare, plan.input);
  const std::atomic<bool> stop{true};
  SolveHooks hooks;
  hooks.stop = &stop;
  const SolveResult result = run_solve(plan, silhouette, "square", hooks);
  CHECK(result.answer == Answer::None);
  CHECK(result.outcome == "stopped");
  CHECK(result.reason.rfind("stopped, ", 0) == 0);
  CHECK(result.summary.find("not solved (stopped, ") != std::string::npos);
}

TEST_CASE("run_solve, goal all: each assembly handed over in order, counted, worded") {
  SolveOptions options;
  options.pieces = "pentominoes";
  options.all = true;
  options.threads = 1;
  const SolvePlan plan = plan_solve(options);
  const Silhouette silhouette = read_silhouette(board(3, 20), plan.input, "board");
  std::vector<long> indices;
  std::vector<PlacedPiece> first;
  SolveHooks hooks;
  hooks.assembly = [&](long index, const std::vector<PlacedPiece>& pieces) {
    indices.push_back(index);
    if (first.empty()) first = pieces;
    CHECK(pieces.size() == 12);
  };
  const SolveResult result = run_solve(plan, silhouette, "board", hooks);
  CHECK(result.answer == Answer::Found);
  CHECK(result.outcome == "solved");
  CHECK(result.found == 8);
  REQUIRE(indices.size() == 8);
  for (long i = 0; i < 8; ++i) CHECK(indices[static_cast<std::size_t>(i)] == i);
  CHECK(result.summary.rfind("8 assemblies of board (all of them: the search was exhaustive)\n",
                             0) == 0);
  const FoundAssembly one = enumerated_assembly(plan, first, &silhouette.pattern);
  CHECK(one.documented.solved);
  CHECK(one.drawn.stats.coverage > 0.99);
  const std::string line = enumeration_assembly_line(plan, 0, first);
  CHECK(line.find('\n') == line.size() - 1);
  CHECK(enumeration_summary(plan, result).answer.empty());  // --all has no verdict
}

TEST_CASE("run_solve, goal unique: several, and the refusal named by the front end's words") {
  SolveOptions options;
  options.pieces = "pentominoes";
  options.unique = true;
  options.threads = 1;
  const SolvePlan plan = plan_solve(options);
  const Silhouette silhouette = read_silhouette(board(3, 20), plan.input, "board");
  const SolveResult result = run_solve(plan, silhouette, "board");
  CHECK(result.answer == Answer::Several);
  CHECK(result.found == 2);
  CHECK(result.summary.rfind("several: board has more than one assembly", 0) == 0);
  CHECK(enumeration_summary(plan, result).answer == "several");

  // A figure on no lattice of the Tangram cannot be enumerated: undecided, not refused (none
  // would claim a proof); --all refuses it, Python wording the option.
  SolveOptions tangram_unique;
  tangram_unique.unique = true;
  const SolvePlan python = plan_solve(tangram_unique, keyword_words);
  const Silhouette off_grid = read_silhouette(board(3, 7), python.input, "off");
  const SolveResult undecided = run_solve(python, off_grid, "off");
  CHECK(undecided.answer == Answer::Incomplete);
  CHECK(undecided.summary.rfind("undecided: off cannot be counted exactly: ", 0) == 0);
  const SolutionsSummary uncounted = enumeration_summary(python, undecided);
  CHECK(uncounted.answer == "undecided");
  CHECK(uncounted.reason == "not-counted");
  CHECK(!uncounted.complete);
  CHECK_NOTHROW(check_enumerable(python, off_grid.pattern));
  SolveOptions tangram_all;
  tangram_all.all = true;
  const SolvePlan python_all = plan_solve(tangram_all, keyword_words);
  CHECK_THROWS_WITH_AS(run_solve(python_all, off_grid, "off"), doctest::Contains("all"),
                       UsageError);
  CHECK_THROWS_AS(check_enumerable(python_all, off_grid.pattern), UsageError);
}

TEST_CASE("run_solve, goals fewest and most: the assembly chosen and its documents") {
  SolveOptions options;
  options.use = "copies";
  options.figure_area = 1;
  options.max_solutions = 200;
  options.max_solutions_given = true;
  options.threads = 1;
  SolvePlan plan = plan_solve(options);
  const Silhouette silhouette = load_silhouette(kSquare, plan.input);
  const SolveResult fewest = run_solve(plan, silhouette, "square");
  CHECK(fewest.answer == Answer::Found);
  REQUIRE(fewest.chosen);
  const FoundAssembly few = result_assembly(plan, fewest);
  CHECK(fewest.summary.find("the fewest pieces of 200 assemblies") != std::string::npos);
  CHECK(assembly_json(plan, few, "square.png", true).find("tangram-copies") != std::string::npos);

  options.prefer = "more";
  plan = plan_solve(options);
  CHECK(plan.goal == Goal::Most);
  const SolveResult most = run_solve(plan, silhouette, "square");
  const FoundAssembly many = result_assembly(plan, most);
  CHECK(many.drawn.pieces.size() > few.drawn.pieces.size());
  CHECK(most.summary.find("the most pieces of") != std::string::npos);
}

TEST_CASE("dissect_figure: the count, the answer, the text of each dissection") {
  DissectOptions options;
  options.parts = 2;
  const auto now = std::chrono::steady_clock::now();
  const DissectOutcome ring = dissect_figure(options, "###\n#.#\n###\n", "ring", now);
  CHECK(ring.count() > 0);
  CHECK(ring.answer == Answer::Found);
  CHECK(ring.summary.find(" into 2 congruent pieces of 4 squares") != std::string::npos);
  CHECK(dissection_text(ring, 0).find('a') != std::string::npos);
  CHECK(dissection_document(ring).find("tangram-dissection/1") != std::string::npos);

  options.unique = true;
  options.parts = 4;
  options.method = "ours";
  CHECK(dissect_figure(options, "####\n####\n", "rect", now).answer == Answer::Several);

  DissectOptions half;
  half.cells = "half";
  const DissectOutcome halves = dissect_figure(half, "##\n", "halves", now);
  CHECK(halves.half);
  CHECK(halves.count() > 0);
  CHECK(dissection_document(halves).find("tangram-half-dissection/1") != std::string::npos);

  DissectOptions bad;
  bad.method = "kotani";
  bad.parts = 3;
  CHECK_THROWS_WITH_AS(check_dissect_options(bad, keyword_words),
                       "method=kotani cuts into 2 pieces: use method=ours for parts=3", UsageError);
  CHECK_THROWS_AS(dissect_figure(DissectOptions{}, "#.\n.#\n", "apart", now), InputError);
}

TEST_CASE("generate_dissection_puzzles: named in order, the same from the same seed") {
  GenerateOptions options;
  options.cells = 8;
  options.count = 3;
  options.threads = 1;
  const auto now = std::chrono::steady_clock::now();
  const GeneratedPuzzles a = generate_dissection_puzzles(options, now);
  REQUIRE(a.puzzles.size() == 3);
  CHECK(a.answer == Answer::Found);
  CHECK(a.puzzles[0].name == "puzzle-001");
  CHECK(a.puzzles[2].name == "puzzle-003");
  CHECK(a.summary.rfind("3 of 3 puzzles in ", 0) == 0);
  options.threads = 2;
  const GeneratedPuzzles b = generate_dissection_puzzles(options, now);
  REQUIRE(b.puzzles.size() == 3);
  for (std::size_t i = 0; i < 3; ++i)
    CHECK(a.puzzles[i].puzzle.figure == b.puzzles[i].puzzle.figure);
  CHECK(puzzles_title(options, 3) ==
        "3 congruent dissection puzzles: 8 squares into 2 pieces (seed 1)");
  options.cells = 7;
  CHECK_THROWS_WITH_AS(check_generate_options(options),
                       "--cells 7 is not a multiple of --parts 2: the pieces would differ in size",
                       UsageError);
}

TEST_CASE("puzzle rating: docs/puzzles.md's formula, fewer corners harder") {
  tangram::PuzzleRating r;
  r.paper = {99, 10, true};                                  // log10(100) = 2
  r.search = {9, 0, true};                                   // 0.5 log10(10) = 0.5
  r.corners = 10;                                            // -2
  r.joined = 5;                                              // + 0.5
  CHECK(tangram::puzzle_rating(r) == doctest::Approx(3.0));  // 2 + 0.5 - 2 + 0.5 + 2
  tangram::PuzzleRating fewer = r;
  fewer.corners = 5;
  fewer.joined = 0;
  CHECK(tangram::puzzle_rating(fewer) > tangram::puzzle_rating(r));
  tangram::PuzzleRating unsolved = r;
  unsolved.paper.solved = false;
  CHECK(tangram::puzzle_rating(unsolved) == doctest::Approx(4.0));
  tangram::PuzzleRating apart = r;
  apart.holes = 1;
  apart.parts = 2;
  CHECK(tangram::puzzle_rating(apart) == doctest::Approx(5.0));
  r.paper.placements = 0;
  r.search.placements = 0;
  r.corners = 40;
  CHECK(tangram::puzzle_rating(r) == 0.0);  // clamped
}

TEST_CASE("puzzle rating: rate_figure on masks/01's square, the same twice") {
  const cv::Mat image =
      tangram::load_pattern_image(std::string(TANGRAM_SOURCE_DIR) + "/masks/01-square.png");
  const tangram::PuzzleRating a = tangram::rate_figure(image, "tangram", 100);
  CHECK(a.corners == 4);
  CHECK(a.paper.placements > 0);
  CHECK(a.paper.placements <= 100);
  CHECK(a.search.solved);
  CHECK(a.enumeration == 0);
  const tangram::PuzzleRating b = tangram::rate_figure(image, "tangram", 100);
  CHECK(b.paper.placements == a.paper.placements);
  CHECK(b.rating == a.rating);
}
