// The solve as a list of stages (search/stage.hpp, solve/solve.hpp): the default order, stages
// skipped or run, found_by, what the stages hand on, and old files' outcome flags.

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "patterns.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/core/search/stage.hpp"
#include "tangram/core/solve/solve.hpp"
#include "tangram/io/documents.hpp"
#include "tangram/io/piece_sets.hpp"

using namespace tangram;
using namespace tangram::test;

namespace {

using ToyRun = std::function<std::optional<Solution>(const StageInput&, SolveState&)>;

/// A stage made of a name and a run; counts its runs.
class ToyStage final : public Stage {
public:
  ToyStage(std::string name, ToyRun run, bool applies = true, double share = 1.0)
      : name_(std::move(name)), run_(std::move(run)), applies_(applies), share_(share) {}
  std::string_view name() const override { return name_; }
  double time_share(const SolverConfig&) const override { return share_; }
  bool applies(const StageInput&, const SolveState&) const override { return applies_; }
  std::optional<Solution> run(const StageInput& input, SolveState& state) const override {
    ++runs;
    return run_(input, state);
  }
  mutable int runs = 0;

private:
  std::string name_;
  ToyRun run_;
  bool applies_;
  double share_;
};

/// A stage's run that finds nothing.
std::optional<Solution> finds_nothing(const StageInput&, SolveState&) { return std::nullopt; }

/// A stage's run that answers with an (empty) assembly of `placements` placements.
ToyRun answers_with(long placements) {
  return [placements](const StageInput&, SolveState&) -> std::optional<Solution> {
    Solution solution;
    solution.solved = true;
    solution.stats.placements_tried = placements;
    return solution;
  };
}

/// The names of `stages`, in order.
std::vector<std::string> stage_names(const StageList& stages) {
  std::vector<std::string> out;
  for (const Stage* stage : stages) out.emplace_back(stage->name());
  return out;
}

/// The 45-degree search with the exact stages off: the raster stage answers.
SolverConfig no_exact_stages() {
  SolverConfig config = config_45();
  config.search.grid_search = false;
  return config;
}

}  // namespace

TEST_CASE("stages: the default list is refusal, grid, lattice, vertex, straightened, arcs, ...") {
  CHECK(stage_names(default_stages()) ==
        std::vector<std::string>{"refusal", "grid", "lattice", "vertex", "straightened", "arcs",
                                 "raster", "vertex-off-rotations"});
}

TEST_CASE("stages: a curved set's arcs go on the outline's arcs first, the raster search after") {
  SolverConfig heart;
  heart.pieces = builtin_piece_set("broken-heart").set;
  // The heart's 04-hole: every curved piece's arc lies on an arc of the outline. Placed there
  // first, the pieces need a few hundred placements; searched largest first, about 20000.
  const Pattern hole = mask_pattern("sets/broken-heart/04-hole.png");
  const Solution arcs = solve(hole, heart);
  REQUIRE(arcs.solved);
  CHECK(arcs.stats.found_by == "arcs");
  CHECK(arcs.stats.placements_tried < 2000);
  CHECK(verify_solution(hole, arcs.pieces, heart.pieces).valid);
  // The curved pieces came first, each with an arc on the outline.
  REQUIRE(arcs.pieces.size() == heart.pieces.piece_count());
  for (std::size_t k = 0; k < 5; ++k)
    CHECK_FALSE(heart.pieces.shape(arcs.pieces[k].shape).arcs.empty());
  // The egg's 06-parts: the arcs stage finds no assembly, and the raster stage answers.
  SolverConfig egg;
  egg.pieces = builtin_piece_set("egg-of-columbus").set;
  const Pattern parts = mask_pattern("sets/egg-of-columbus/06-parts.png");
  const Solution raster = solve(parts, egg);
  REQUIRE(raster.solved);
  CHECK(raster.stats.found_by == "raster");
  // A straight-edged set has no arcs stage: the Tangram's figures are the vertex stage's.
  SolverConfig tangram;
  const Pattern with_hole = mask_pattern("02-page9-11.png");
  CHECK(solve(with_hole, tangram).stats.found_by == "vertex");
}

TEST_CASE("stages: a stage that does not apply is skipped; the first answer ends the solve") {
  const Pattern pattern = mask_pattern("01-square.png");
  ToyStage skipped("skipped", answers_with(1), false);
  ToyStage empty("empty", finds_nothing);
  ToyStage answers("answers", answers_with(2));
  ToyStage after("after", answers_with(3));
  const Solution solution =
      solve(StageList{&skipped, &empty, &answers, &after}, pattern, config_45());
  CHECK(skipped.runs == 0);
  CHECK(empty.runs == 1);
  CHECK(answers.runs == 1);
  CHECK(after.runs == 0);
  CHECK(solution.solved);
  CHECK(solution.stats.found_by == "answers");
  CHECK(solution.stats.placements_tried == 2);
}

TEST_CASE("stages: found_by names the stage that answered") {
  const Pattern square = mask_pattern("01-square.png");
  const Solution exact = solve(square, config_45());
  REQUIRE(exact.solved);
  CHECK(exact.stats.found_by == "lattice");
  // The raster stage alone, on a figure it assembles at once (the square takes it seconds).
  const Pattern quick = mask_pattern("05-page6-124.png");
  const Solution raster = solve(quick, no_exact_stages());
  REQUIRE(raster.solved);
  CHECK(raster.stats.found_by == "raster");
  CHECK(verify_solution(quick, raster.pieces, no_exact_stages().pieces).valid);
  // A proof that there is no assembly answers too: the refusal stage's, before any search (the
  // raster stage's own refusal, which answered here before, now comes second).
  const Pattern disc = mask_pattern("sets/tangram/07-unsolvable-disc.png");
  const Solution refused = solve(disc, config_45());
  REQUIRE(refused.stats.impossible);
  CHECK(refused.stats.found_by == "refusal");
  // Unanswered: the latest unsolved result, found by none.
  ToyStage first("first", [](const StageInput&, SolveState&) -> std::optional<Solution> {
    Solution partial;
    partial.stats.placements_tried = 5;
    return partial;
  });
  ToyStage second("second", finds_nothing);
  const Solution none = solve(StageList{&first, &second}, square, config_45());
  CHECK_FALSE(none.solved);
  CHECK(none.stats.found_by.empty());
  CHECK(none.stats.placements_tried == 5);
}

TEST_CASE("stages: a toy stage added to a list is run in its place (one file plus one line)" *
          doctest::test_suite("slow")) {
  const Pattern square = mask_pattern("01-square.png");
  // Before the raster stage, with the exact ones off: it runs, then the raster stage answers.
  ToyStage looks("looks", finds_nothing);
  StageList stages = default_stages();
  stages.insert(stages.begin() + 3, &looks);
  const Solution solution = solve(stages, square, no_exact_stages());
  CHECK(looks.runs == 1);
  REQUIRE(solution.solved);
  CHECK(solution.stats.found_by == "raster");
  // With the exact stages on, the lattice stage answers before it.
  const Solution exact = solve(stages, square, config_45());
  CHECK(looks.runs == 1);
  CHECK(exact.stats.found_by == "lattice");
  // A toy that answers, first in the list.
  ToyStage known("known", answers_with(7));
  stages.insert(stages.begin(), &known);
  const Solution first = solve(stages, square, config_45());
  CHECK(first.stats.found_by == "known");
  CHECK(first.stats.placements_tried == 7);
}

TEST_CASE("stages: what a stage hands on (time share, events, set aside) is the next one's") {
  const Pattern square = mask_pattern("01-square.png");
  SolverConfig config = config_45();
  config.search.time_limit_s = 80.0;
  // Work: each stage sees its share of the limit as a work limit (search/work.hpp), on one
  // meter for the whole solve; the time limit itself is the solve's.
  double seen_limit = 0.0, seen_work_limit = 0.0;
  const WorkMeter* seen_meter = nullptr;
  ToyStage quarter(
      "quarter",
      [&](const StageInput& input, SolveState&) -> std::optional<Solution> {
        seen_limit = input.config.search.time_limit_s;
        seen_work_limit = input.config.search.work_limit_s;
        seen_meter = input.config.search.work;
        input.config.search.work->charge(1.5);
        return std::nullopt;
      },
      true, 0.25);
  // Events: one numbering across stages.
  const auto tells_two = [](const StageInput& input, SolveState&) -> std::optional<Solution> {
    for (int i = 1; i <= 2; ++i) {
      SearchEvent event;
      event.step = i;
      input.observer(event);
    }
    return std::nullopt;
  };
  ToyStage one("one", tells_two), two("two", tells_two);
  // Aside: an assembly a stage keeps for a later one.
  ToyStage keeps("keeps", [](const StageInput&, SolveState& state) -> std::optional<Solution> {
    Solution kept;
    kept.solved = true;
    kept.stats.placements_tried = 11;
    state.aside = kept;
    return std::nullopt;
  });
  ToyStage takes("takes", [](const StageInput&, SolveState& state) -> std::optional<Solution> {
    return state.aside;
  });
  std::vector<long> steps;
  const Solution solution =
      solve(StageList{&quarter, &one, &two, &keeps, &takes}, square, config, {},
            [&](const SearchEvent& event) { steps.push_back(event.step); });
  CHECK(seen_limit == doctest::Approx(80.0));
  CHECK(seen_work_limit == doctest::Approx(20.0));
  CHECK(seen_meter != nullptr);
  CHECK(steps == std::vector<long>{1, 2, 3, 4});
  REQUIRE(solution.solved);
  CHECK(solution.stats.found_by == "takes");
  CHECK(solution.stats.placements_tried == 11);
  CHECK(solution.stats.work_seconds == doctest::Approx(1.5));
}

// A solve that starts late on the clock (SearchConfig::started in the past) is what a slow or
// loaded machine looks like to the stages' shares: the same figure and settings must take the
// same path and give the same answer (docs/design/determinism.md).
TEST_CASE("stages: a slow clock changes no stage's share: same assembly, same counts") {
  struct Case {
    const char* figure;
    bool exact;   // the exact stages on (the vertex stage's tenth of the limit)
    double step;  // rotation step: under 45, the raster search's hinted phase
    double late;  // share of the limit already gone on the clock at the start
  };
  for (const Case& c :
       {Case{"02-page9-11.png", false, 1.0, 0.6}, Case{"13-page7-191.png", true, 45.0, 0.2},
        Case{"01-square.png", true, 45.0, 0.6}}) {
    CAPTURE(c.figure);
    const Pattern pattern = mask_pattern(c.figure);
    SolverConfig config = config_45();
    config.search.grid_search = c.exact;
    config.search.rotation_step_deg = c.step;
    config.search.time_limit_s = 200.0;
    config.search.threads = 1;
    const Solution on_time = solve(pattern, config);
    config.search.started = std::chrono::steady_clock::now() -
                            std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                std::chrono::duration<double>(c.late * 200.0));
    const Solution late = solve(pattern, config);
    REQUIRE(on_time.solved);
    REQUIRE(late.solved);
    CHECK(late.stats.found_by == on_time.stats.found_by);
    CHECK(late.stats.placements_tried == on_time.stats.placements_tried);
    CHECK(late.stats.work_seconds == on_time.stats.work_seconds);
    REQUIRE(late.pieces.size() == on_time.pieces.size());
    for (std::size_t i = 0; i < late.pieces.size(); ++i) {
      CHECK(late.pieces[i].pose.centre.x == on_time.pieces[i].pose.centre.x);
      CHECK(late.pieces[i].pose.centre.y == on_time.pieces[i].pose.centre.y);
      CHECK(late.pieces[i].pose.angle_deg == on_time.pieces[i].pose.angle_deg);
    }
  }
}

TEST_CASE("stages: the work a solve charges is the same with one thread and two") {
  // The raster search at 1-degree steps; the lattice stage's cover search (the square).
  struct Case {
    const char* figure;
    bool exact;
  };
  for (const Case& c : {Case{"02-page9-11.png", false}, Case{"01-square.png", true}}) {
    const char* figure = c.figure;
    const bool exact = c.exact;
    CAPTURE(figure);
    const Pattern pattern = mask_pattern(figure);
    SolverConfig config = config_45();
    config.search.grid_search = exact;
    config.search.rotation_step_deg = exact ? 45.0 : 1.0;
    config.search.threads = 1;
    const Solution one = solve(pattern, config);
    config.search.threads = 2;
    const Solution two = solve(pattern, config);
    REQUIRE(one.solved);
    CHECK(one.stats.found_by == (exact ? "lattice" : "raster"));
    CHECK(one.stats.work_seconds > 0.0);
    CHECK(two.stats.work_seconds == one.stats.work_seconds);
    CHECK(two.stats.placements_tried == one.stats.placements_tried);
  }
}

TEST_CASE("stages: the grid stage's placements are the same with one thread and two") {
  // Its cover search runs subtrees side by side; the moves counted are those one thread makes
  // in order up to the assembly (they were every thread's, and varied from run to run).
  const Pattern pattern = mask_pattern("sets/pentominoes/02-compact.png");
  SolverConfig config = config_45();
  config.pieces = builtin_piece_set("pentominoes").set;
  config.search.rotation_auto = true;
  config.search.threads = 1;
  const Solution one = solve(pattern, config);
  REQUIRE(one.solved);
  CHECK(one.stats.found_by == "grid");
  CHECK(one.stats.placements_tried > 0);
  config.search.threads = 2;
  for (int run = 0; run < 3; ++run) {
    const Solution two = solve(pattern, config);
    CHECK(two.stats.placements_tried == one.stats.placements_tried);
    CHECK(two.pieces.size() == one.pieces.size());
  }
}

TEST_CASE("stages: a stop asked during a stage ends the solve before the next one") {
  const Pattern square = mask_pattern("01-square.png");
  std::atomic<bool> stop{false};
  SolverConfig config = config_45();
  config.search.stop = &stop;
  ToyStage asks("asks", [&](const StageInput&, SolveState&) -> std::optional<Solution> {
    stop = true;
    return std::nullopt;
  });
  ToyStage next("next", answers_with(1));
  const Solution solution = solve(StageList{&asks, &next}, square, config);
  CHECK(next.runs == 0);
  CHECK_FALSE(solution.solved);
  CHECK(solution.stats.stopped);
  CHECK(solution.stats.found_by.empty());
}

TEST_CASE("stages: old solution files' outcome flags read as found_by") {
  Solution solution;
  solution.solved = true;
  const std::string plain = solution_to_json(solution, PieceSet::tangram(), "a.png");
  const std::string flag = "\"timed_out\": false";
  REQUIRE(plain.find(flag) != std::string::npos);
  CHECK(plain.find("found_by") == std::string::npos);
  const auto with = [&](const std::string& more) {
    std::string text = plain;
    text.replace(text.find(flag), flag.size(), flag + more);
    return solution_from_json(text).stats.found_by;
  };
  CHECK(with("") == "");
  CHECK(with(", \"on_grid\": true") == "grid");
  CHECK(with(", \"on_lattice\": true") == "lattice");
  CHECK(with(", \"by_vertices\": true") == "vertex");
  CHECK(with(", \"by_vertices\": true, \"off_rotations\": true") == "vertex-off-rotations");
  CHECK(with(", \"on_grid\": false") == "");
  // Written as found_by, and read back.
  solution.stats.found_by = "lattice";
  const std::string text = solution_to_json(solution, PieceSet::tangram(), "a.png");
  CHECK(text.find("\"found_by\": \"lattice\"") != std::string::npos);
  CHECK(text.find("on_lattice") == std::string::npos);
  CHECK(solution_from_json(text).stats.found_by == "lattice");
}
