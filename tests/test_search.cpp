#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "patterns.hpp"
#include "same_search.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/core/solve/solve.hpp"
#include "tangram/io/pattern_png.hpp"

using namespace tangram;

namespace {

using tangram::test::config_45;
using tangram::test::mask_pattern;

void check_solved_and_valid(const Pattern& pattern, const Solution& solution) {
  REQUIRE(solution.solved);
  REQUIRE(solution.pieces.size() == 7);
  const VerifyReport report = verify_solution(pattern, solution.pieces, PieceSet::tangram());
  for (const std::string& reason : report.reasons) CAPTURE(reason);
  CHECK(report.valid);
  CHECK(report.metrics.coverage >= 0.95);
  CHECK(solution.stats.coverage == doctest::Approx(report.metrics.coverage));
}

}  // namespace

TEST_CASE("search: the seven pieces' own square is assembled and passes the validator") {
  const Pattern pattern = mask_pattern("01-square.png");
  check_solved_and_valid(pattern, solve(pattern, config_45()));
}

TEST_CASE("search: a figure with a hole is assembled and passes the validator") {
  const Pattern pattern = mask_pattern("02-page9-11.png");
  check_solved_and_valid(pattern, solve(pattern, config_45()));
  SolverConfig fine = config_45();
  fine.search.rotation_step_deg = 1.0;
  check_solved_and_valid(pattern, solve(pattern, fine));
}

TEST_CASE("search: a figure in two separate parts is assembled and passes the validator") {
  const Pattern pattern = mask_pattern("03-page5-219.png");
  check_solved_and_valid(pattern, solve(pattern, config_45()));
}

TEST_CASE("search: the paper's Algorithm 1 assembles a figure with a hole") {
  const Pattern pattern = mask_pattern("02-page9-11.png");
  for (Strategy strategy : {Strategy::DistanceTransform, Strategy::BottomLeft}) {
    CAPTURE(strategy_label(strategy));
    SolverConfig config = config_45(SearchMode::Paper);
    config.placement.strategy = strategy;
    const Solution solution = solve(pattern, config);
    CHECK(solution.stats.placements_tried >= 7);
    if (strategy == Strategy::DistanceTransform) check_solved_and_valid(pattern, solution);
  }
}

TEST_CASE("search: widening the candidates solves what three per configuration cannot") {
  // Pattern 09 at 45 deg without mirroring, strategy LB: three candidates per configuration
  // exhaust the search unsolved; four times as many find an assembly. (Five did not either
  // before the corner contacts and the dropping of a position's neighbours; now five do.)
  const Pattern pattern = mask_pattern("09-page6-97.png");
  SolverConfig config = config_45();
  config.search.reflection = false;
  config.placement.strategy = Strategy::LeftBottom;
  config.search.grid_search = false;  // the raster search, not the exact ones first
  config.search.candidates_per_config = 3;
  config.search.widen = false;
  const Solution narrow = solve(pattern, config);
  CHECK_FALSE(narrow.solved);
  CHECK_FALSE(narrow.stats.timed_out);
  config.search.widen = true;
  const Solution wide = solve(pattern, config);
  check_solved_and_valid(pattern, wide);
  CHECK(wide.stats.placements_tried > narrow.stats.placements_tried);
}

TEST_CASE("search: angle hints solve a 45-degree figure quickly at 1-degree steps") {
  // Pattern 15 at 1 degree: about 1 s of search with the hints (its edges point at multiples
  // of 45), about 46 s without them.
  const Pattern pattern = mask_pattern("15-page4-165.png");
  SolverConfig config;
  config.search.time_limit_s = 120.0;
  const Solution solution = solve(pattern, config);
  check_solved_and_valid(pattern, solution);
  // The raster angles are multiples of 45; the polish turns a piece by half a step at most.
  for (const PlacedPiece& piece : solution.pieces) {
    const double residue = std::fmod(piece.pose.angle_deg, 45.0);
    CHECK(std::min(residue, 45.0 - residue) <= 0.5 + 1e-9);
  }
}

TEST_CASE("search: complete assemblies are judged on the judge pattern") {
  // The square with 144 pinholes of 3 x 3 px (3.3% of the area): searched with them filled,
  // any complete assembly spills 3.3% onto them when they are open, so with the open pattern as
  // judge nothing is accepted.
  Pattern filled = mask_pattern("01-square.png");
  cv::Mat1b open = filled.puzzle.clone();
  for (int i = 0; i < 12; ++i)
    for (int j = 0; j < 12; ++j) open(cv::Rect(20 + 15 * j, 20 + 15 * i, 3, 3)) = 0;
  const Pattern judge = make_pattern(open);
  SolverConfig config = config_45();
  const Solution plain = solve(filled, config);
  REQUIRE(plain.solved);
  CHECK(measure_areas(judge, plain.pieces).spill > 0.03);
  config.search.time_limit_s = 3.0;
  const Solution judged = solve(filled, config, {}, {}, &judge);
  CHECK_FALSE(judged.solved);
  CHECK(judged.stats.spill > 0.0);  // measured on the judge: the pinholes count as outside

  const Pattern smaller = make_pattern(open(cv::Rect(0, 0, 200, 200)).clone());
  CHECK_THROWS_AS(solve(filled, config, {}, {}, &smaller), UsageError);
}

TEST_CASE("search: the solution does not depend on the thread count") {
  // At 1 degree, 24-page3-66-turned has complete assemblies rejected before one is accepted:
  // with 2 threads they are judged in the background while the search goes on. The raster
  // search's first pass on 12-page1-105 ends with an assembly still being judged (rejected):
  // the next pass starts meanwhile.
  SolverConfig fine = config_45();
  fine.search.rotation_step_deg = 1.0;
  SolverConfig raster_fine = fine;
  raster_fine.search.grid_search = false;
  const std::vector<std::pair<std::string, SolverConfig>> cases = {
      {"03-page5-219.png", config_45()},
      {"24-page3-66-turned.png", fine},
      {"12-page1-105.png", raster_fine}};
  for (const auto& [name, config] : cases) {
    const auto& name_ = name;  // clang 14 lambdas take no bindings
    CAPTURE(name_);
    const Pattern pattern = mask_pattern(name);
    SolverConfig one = config, two = config;
    one.search.threads = 1;
    two.search.threads = 2;
    const Solution a = solve(pattern, one), b = solve(pattern, two);
    CHECK(a.solved);
    test::check_same_search(a, b);
  }
}

TEST_CASE("search: a time limit ends the search unsolved") {
  // The observer holds the search at its first event until the limit has passed: it must end
  // unsolved, with no further event, whatever the machine's speed (a search slower than the
  // limit ends before any event).
  const Pattern pattern = mask_pattern("01-square.png");
  SolverConfig config = config_45();
  config.search.rotation_step_deg = 1.0;
  config.search.time_limit_s = 0.3;
  config.search.grid_search = false;  // the square lies on the lattice, solved there at once
  config.search.started = std::chrono::steady_clock::now();
  const auto past_limit = config.search.started + std::chrono::milliseconds(400);
  long events = 0;
  const SearchObserver hold = [&](const SearchEvent& /*event*/) {
    if (++events == 1) std::this_thread::sleep_until(past_limit);
  };
  const Solution solution = solve(pattern, config, {}, hold);
  CHECK_FALSE(solution.solved);
  CHECK(solution.stats.timed_out);
  CHECK(events <= 1);
}

TEST_CASE("search: a stop asked by the caller ends every search unsolved, marked stopped") {
  const Pattern pattern = mask_pattern("02-page9-11.png");
  std::atomic<bool> stop{true};
  for (const SearchMode mode : {SearchMode::Ours, SearchMode::Paper, SearchMode::Vertex}) {
    CAPTURE(search_mode_name(mode));
    SolverConfig config = config_45();
    config.search.mode = mode;
    config.search.stop = &stop;
    const Solution solution = solve(pattern, config);
    CHECK_FALSE(solution.solved);
    CHECK(solution.stats.stopped);
    CHECK(solution.stats.timed_out);
  }
  // Asked during the raster search (from the observer, as another thread would): it ends
  // there, keeping the pieces placed.
  SolverConfig config = config_45();
  config.search.grid_search = false;
  stop = false;
  config.search.stop = &stop;
  long events = 0;
  const Solution solution = solve(pattern, config, {}, [&](const SearchEvent& event) {
    ++events;
    if (event.type == SearchEventType::Placed && event.level == 1) stop = true;
  });
  CHECK_FALSE(solution.solved);
  CHECK(solution.stats.stopped);
  CHECK(solution.pieces.size() >= 2);
  CHECK(events <= 3);
  // Never set: the same search solves it, not stopped.
  stop = false;
  config.search.stop = &stop;
  const Solution free = solve(pattern, config);
  CHECK(free.solved);
  CHECK_FALSE(free.stats.stopped);
}

TEST_CASE("search: out-of-range settings are refused") {
  SolverConfig config;
  config.search.rotation_step_deg = 0.0;
  CHECK_THROWS_AS(validate_config(config), UsageError);
  config = SolverConfig{};
  config.search.time_limit_s = -1.0;
  CHECK_THROWS_AS(validate_config(config), UsageError);
  config = SolverConfig{};
  config.search.candidates_per_config = 0;
  CHECK_THROWS_AS(validate_config(config), UsageError);
}

TEST_CASE(
    "search: a strip too narrow for the large triangle is impossible, found before searching") {
  // 500 x 80 px: set side 200 px; the large triangle is 100 px high with its hypotenuse level
  // and 141 px with its legs level, so at 45-degree steps it fits nowhere. At 1-degree steps no
  // turn fits either (the narrowest, hypotenuse level, is 100 px).
  cv::Mat1b mask(100, 520, uchar{0});
  mask(cv::Rect(10, 10, 500, 80)) = 255;
  const Pattern pattern = make_pattern(mask);
  for (const SearchMode mode : {SearchMode::Ours, SearchMode::Paper}) {
    CAPTURE(search_mode_name(mode));
    const Solution solution = solve(pattern, config_45(mode));
    CHECK_FALSE(solution.solved);
    CHECK_FALSE(solution.stats.timed_out);
    REQUIRE(solution.stats.impossible.has_value());
    CHECK(solution.stats.impossible->kind == Impossibility::Kind::PieceFitsNowhere);
    CHECK(solution.stats.impossible->shape == tangram_shapes::large_triangle);
    CHECK(solution.stats.placements_tried == 0);
    CHECK(solution.pieces.empty());
    CHECK(outcome_of(solution) == Outcome::Impossible);
  }
  SolverConfig fine = config_45();
  fine.search.rotation_step_deg = 1.0;
  const Solution solution = solve(pattern, fine);
  REQUIRE(solution.stats.impossible.has_value());
  CHECK(solution.stats.impossible->shape == tangram_shapes::large_triangle);
}

TEST_CASE(
    "search: separate parts that hold no piece and more than 5% of the figure make it "
    "impossible; at 5% or less the search goes on") {
  // The Tangram square (200 px) and 24 px squares apart from it: each too small for the small
  // triangle (legs 71 px) and the square (side 71 px).
  const auto with_parts = [](int parts) {
    cv::Mat1b mask(240, 340, uchar{0});
    mask(cv::Rect(10, 10, 200, 200)) = 255;
    for (int k = 0; k < parts; ++k)
      mask(cv::Rect(240 + 32 * (k % 3), 20 + 40 * (k / 3), 24, 24)) = 255;
    return make_pattern(mask);
  };
  const Solution impossible = solve(with_parts(5), config_45());  // 2880 px, 6.7%
  REQUIRE(impossible.stats.impossible.has_value());
  CHECK(impossible.stats.impossible->kind == Impossibility::Kind::UncoverableParts);
  CHECK(impossible.stats.impossible->parts == 5);
  CHECK(impossible.stats.impossible->share == doctest::Approx(2880.0 / 42880.0));
  CHECK(impossible.stats.placements_tried == 0);

  SolverConfig quick = config_45();
  quick.search.time_limit_s = 2.0;
  const Solution possible = solve(with_parts(3), quick);  // 1728 px, 4.1%: may stay uncovered
  CHECK_FALSE(possible.stats.impossible.has_value());
  CHECK(possible.stats.placements_tried > 0);
}

TEST_CASE("search: a solvable pattern is not found impossible") {
  const Solution solution = solve(mask_pattern("02-page9-11.png"), config_45());
  CHECK(solution.solved);
  CHECK_FALSE(solution.stats.impossible.has_value());
  CHECK(outcome_of(solution) == Outcome::Solved);
}

TEST_CASE("solve with rotations chosen from the figure") {
  SolverConfig config;
  config.search.rotation_auto = true;
  config.search.time_limit_s = 120.0;
  config.search.grid_search = false;  // the raster search's stages, not the exact searches
  // Turned by 146.02 degrees: no piece fits at plain 45-degree steps, the turned grid solves it
  // in its first stage, and the assembly passes the checker.
  const Pattern turned =
      load_pattern_png(std::string(TANGRAM_SOURCE_DIR) + "/masks/29-page3-61-rotated.png");
  const Solution solution = solve(turned, config);
  REQUIRE(solution.solved);
  CHECK(solution.stats.rotation_stages == 1);
  CHECK(solution.stats.rotation_step_deg == 45.0);
  CHECK(std::abs(solution.stats.rotation_offset_deg - std::fmod(146.02, 45.0)) < 0.25);
  CHECK(verify_solution(turned, solution.pieces, config.pieces).valid);
  // The same with the plain grid: impossible at once.
  SolverConfig plain = config;
  plain.search.rotation_auto = false;
  plain.search.rotation_step_deg = 45.0;
  const Solution none = solve(turned, plain);
  CHECK_FALSE(none.solved);
  CHECK(none.stats.impossible.has_value());
  // Deterministic whatever the thread count.
  SolverConfig one = config;
  one.search.threads = 1;
  const Solution again = solve(turned, one);
  REQUIRE(again.solved);
  REQUIRE(again.pieces.size() == solution.pieces.size());
  for (std::size_t i = 0; i < again.pieces.size(); ++i) {
    CHECK(again.pieces[i].pose.angle_deg == solution.pieces[i].pose.angle_deg);
    CHECK(again.pieces[i].pose.centre.x == solution.pieces[i].pose.centre.x);
    CHECK(again.pieces[i].pose.centre.y == solution.pieces[i].pose.centre.y);
  }
}

TEST_CASE("solve: the vertex search first, taken when exact and at the configured rotations") {
  // page3-99 has its parallelogram at 70 degrees: automatic rotations take the vertex search's
  // exact assembly at once; 45-degree steps do not allow that angle, and the raster search at
  // them (which cannot place the parallelogram) runs instead: cut short (a stop asked from its
  // first placement: a time limit would race with its exhausting them, about a second) it
  // leaves the figure unsolved, and when it exhausts the 45-degree steps the vertex search's
  // assembly answers, found by "vertex-off-rotations".
  const Pattern pattern = mask_pattern("19-page3-99.png");
  SolverConfig config;
  config.search.rotation_auto = true;
  config.search.time_limit_s = 60.0;
  const Solution exact = solve(pattern, config);
  REQUIRE(exact.solved);
  CHECK(exact.stats.found_by == "vertex");
  CHECK(verify_solution(pattern, exact.pieces, config.pieces).valid);
  CHECK(exact.stats.overlap < 0.0005);
  CHECK(uncovered_inside(pattern, exact.pieces) < 0.001);

  SolverConfig at_45 = config_45();
  at_45.search.time_limit_s = 60.0;
  std::atomic<bool> stop{false};
  SolverConfig stopped = at_45;
  stopped.search.stop = &stop;
  const Solution raster = solve(pattern, stopped, {}, [&](const SearchEvent& event) {
    if (event.type == SearchEventType::Placed) stop = true;  // the raster search's events only
  });
  CHECK(raster.stats.found_by.empty());
  CHECK_FALSE(raster.solved);
  CHECK(raster.stats.stopped);

  const Solution exhausted = solve(pattern, at_45);
  REQUIRE(exhausted.solved);
  CHECK(exhausted.stats.found_by == "vertex-off-rotations");
  CHECK(exhausted.stats.rotation_step_deg == 45.0);
  CHECK(exhausted.stats.placements_tried > exact.stats.placements_tried);  // the raster's too
  CHECK(verify_solution(pattern, exhausted.pieces, at_45.pieces).valid);
  CHECK(uncovered_inside(pattern, exhausted.pieces) < 0.001);
  bool off_step = false;
  for (const PlacedPiece& piece : exhausted.pieces)
    off_step = off_step || std::abs(std::remainder(piece.pose.angle_deg, 45.0)) > 1.0;
  CHECK(off_step);
  // Exact at the configured rotations is taken first, by the vertex stage itself.
  CHECK(exact.stats.found_by != "vertex-off-rotations");

  SolverConfig off = config;
  off.search.grid_search = false;
  CHECK(solve(pattern, off).stats.found_by != "vertex");
}
