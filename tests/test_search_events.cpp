// The search observer (SearchEvent) and `tangram solve --frames / --verbose`: the events replay
// into the search's own result, they do not depend on the thread count, and the CLI turns them
// into numbered pictures and log lines. Patterns from masks/ at 45-degree steps (under a second
// per solve).

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <opencv2/imgcodecs.hpp>

#include "checks.hpp"
#include "cli_runner.hpp"
#include "patterns.hpp"
#include "tangram/core/refine/snap.hpp"
#include "tangram/core/solve/solve.hpp"
#include "tangram/io/pattern_png.hpp"
#include "tangram/lab/figures.hpp"
#include "temp_dir.hpp"

using namespace tangram;

namespace {

using tangram::test::kMasks;
using tangram::test::lines;
using tangram::test::mask_pattern;

SolverConfig config_45(SearchMode mode, Strategy strategy, int threads) {
  SolverConfig config = tangram::test::config_45(mode);
  config.search.threads = threads;
  config.placement.strategy = strategy;
  config.search.grid_search = false;  // the raster search's events, not the exact searches
  return config;
}

struct Recorded {
  Solution solution;
  std::vector<SearchEvent> events;
};

Recorded solve_recording(const Pattern& pattern, const SolverConfig& config) {
  Recorded r;
  r.solution = solve(pattern, config, {}, [&](const SearchEvent& e) { r.events.push_back(e); });
  return r;
}

bool same_pose(const PlacedPiece& a, const PlacedPiece& b) {
  return a.shape == b.shape && a.pose.centre.x == b.pose.centre.x &&
         a.pose.centre.y == b.pose.centre.y && a.pose.angle_deg == b.pose.angle_deg &&
         a.pose.reflected == b.pose.reflected;
}

bool same_assembly(const std::vector<PlacedPiece>& a, const std::vector<PlacedPiece>& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), same_pose);
}

/// Replays the events and checks each against the state it leaves; returns the pieces on the
/// pattern after the last event.
std::vector<PlacedPiece> replay(const std::vector<SearchEvent>& events, int expected_bound_min) {
  std::vector<PlacedPiece> on;
  for (std::size_t i = 0; i < events.size(); ++i) {
    const SearchEvent& e = events[i];
    CAPTURE(i);
    REQUIRE(e.step == static_cast<long>(i) + 1);
    REQUIRE(e.level >= 0);
    REQUIRE(e.level < 7);
    CHECK(e.piece.shape == PieceSet::tangram().order()[static_cast<std::size_t>(e.level)]);
    CHECK(e.discrepancy_bound >= expected_bound_min);
    switch (e.type) {
      case SearchEventType::Placed:
        REQUIRE(e.level == static_cast<int>(on.size()));
        on.push_back(e.piece);
        break;
      case SearchEventType::ValidationFailed:
        REQUIRE(e.level == static_cast<int>(on.size()));
        break;
      case SearchEventType::Removed:
        REQUIRE(e.level == static_cast<int>(on.size()) - 1);
        CHECK(same_pose(on.back(), e.piece));
        on.pop_back();
        break;
    }
    REQUIRE(same_assembly(e.assembly, on));
    if (i > 0) CHECK(e.seconds >= events[i - 1].seconds);
  }
  return on;
}

long count_events(const std::vector<SearchEvent>& events, SearchEventType type) {
  return std::count_if(events.begin(), events.end(),
                       [&](const SearchEvent& e) { return e.type == type; });
}

/// Same events apart from the clock.
void check_same_events(const std::vector<SearchEvent>& a, const std::vector<SearchEvent>& b) {
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    CAPTURE(i);
    CHECK(a[i].step == b[i].step);
    CHECK(a[i].type == b[i].type);
    CHECK(a[i].level == b[i].level);
    CHECK(a[i].discrepancy_bound == b[i].discrepancy_bound);
    CHECK(same_pose(a[i].piece, b[i].piece));
    CHECK(same_assembly(a[i].assembly, b[i].assembly));
  }
}

}  // namespace

TEST_CASE(
    "search events: with backtracking, they replay into the solution, the same with 1 "
    "and 2 threads") {
  // BL on the two-part house: a few hundred events with validation failures and removals.
  const Pattern pattern = mask_pattern("03-page5-219.png");
  const Recorded one =
      solve_recording(pattern, config_45(SearchMode::Ours, Strategy::BottomLeft, 1));
  const Recorded two =
      solve_recording(pattern, config_45(SearchMode::Ours, Strategy::BottomLeft, 2));
  REQUIRE(one.solution.solved);
  const SolveStats& stats = one.solution.stats;
  REQUIRE(stats.backtracks > 0);
  REQUIRE(stats.validations_failed > 0);

  const std::vector<PlacedPiece> on = replay(one.events, 0);
  CHECK(count_events(one.events, SearchEventType::ValidationFailed) == stats.validations_failed);
  CHECK(count_events(one.events, SearchEventType::Removed) == stats.backtracks);
  // Valid candidates that the discrepancy bound skips are tried but are no event.
  CHECK(count_events(one.events, SearchEventType::Placed) + stats.validations_failed <=
        stats.placements_tried);

  // The last state is the solution before polish and snap: same pieces, configurations, and
  // centres within the polish's 2 px and the snap's reach (1.5% of the side) per round.
  REQUIRE(on.size() == one.solution.pieces.size());
  for (std::size_t i = 0; i < on.size(); ++i) {
    CAPTURE(i);
    const PlacedPiece& p = one.solution.pieces[i];
    CHECK(on[i].shape == p.shape);
    CHECK(on[i].pose.angle_deg == p.pose.angle_deg);
    CHECK(on[i].pose.reflected == p.pose.reflected);
    const double moved = 2.0 + SnapConfig{}.rounds * 0.015 * pattern.side_px;
    CHECK(std::abs(on[i].pose.centre.x - p.pose.centre.x) <= moved);
    CHECK(std::abs(on[i].pose.centre.y - p.pose.centre.y) <= moved);
  }
  check_same_events(one.events, two.events);
}

TEST_CASE("search events: without polish and snap the last state is exactly the solution") {
  SolverConfig config = config_45(SearchMode::Ours, Strategy::DistanceTransform, 0);
  config.search.polish = false;
  config.search.snap = false;
  const Pattern pattern = mask_pattern("02-page9-11.png");
  const Recorded r = solve_recording(pattern, config);
  REQUIRE(r.solution.solved);
  CHECK(same_assembly(replay(r.events, 0), r.solution.pieces));
  // An observer only watches: the same search without one gives the same solution.
  const Solution plain = solve(pattern, config);
  CHECK(same_assembly(plain.pieces, r.solution.pieces));
  CHECK(plain.stats.placements_tried == r.solution.stats.placements_tried);
}

TEST_CASE(
    "search events: the paper's Algorithm 1 reports every placement, rejection and "
    "removal, the same with 1 and 2 threads") {
  // Algorithm 1 exhausts its search space on the house at 45 degrees: it ends with every
  // piece removed again.
  const Pattern pattern = mask_pattern("03-page5-219.png");
  const Recorded one =
      solve_recording(pattern, config_45(SearchMode::Paper, Strategy::DistanceTransform, 1));
  const Recorded two =
      solve_recording(pattern, config_45(SearchMode::Paper, Strategy::DistanceTransform, 2));
  REQUIRE_FALSE(one.solution.solved);
  REQUIRE_FALSE(one.solution.stats.timed_out);
  const SolveStats& stats = one.solution.stats;
  CHECK(replay(one.events, -1).empty());
  for (const SearchEvent& e : one.events) CHECK(e.discrepancy_bound == -1);
  CHECK(count_events(one.events, SearchEventType::Placed) +
            count_events(one.events, SearchEventType::ValidationFailed) ==
        stats.placements_tried);
  CHECK(count_events(one.events, SearchEventType::ValidationFailed) == stats.validations_failed);
  CHECK(count_events(one.events, SearchEventType::Removed) == stats.backtracks);
  check_same_events(one.events, two.events);
}

TEST_CASE("search events: names used in logs and file names") {
  CHECK(search_event_name(SearchEventType::Placed) == "place");
  CHECK(search_event_name(SearchEventType::ValidationFailed) == "reject");
  CHECK(search_event_name(SearchEventType::Removed) == "remove");
}

TEST_CASE("search frames: every event of a pattern gives a picture of the same size") {
  const Pattern pattern = mask_pattern("03-page5-219.png");
  const Recorded r =
      solve_recording(pattern, config_45(SearchMode::Paper, Strategy::DistanceTransform, 0));
  cv::Size size;
  for (SearchEventType type :
       {SearchEventType::Placed, SearchEventType::ValidationFailed, SearchEventType::Removed}) {
    const auto it = std::find_if(r.events.begin(), r.events.end(),
                                 [&](const SearchEvent& e) { return e.type == type; });
    REQUIRE(it != r.events.end());
    const cv::Mat3b frame = render_search_frame(pattern, PieceSet::tangram(), *it, 2);
    CHECK(frame.cols == 2 * pattern.puzzle.cols);
    CHECK(frame.rows > 2 * pattern.puzzle.rows);
    if (size.area() == 0) size = frame.size();
    CHECK(frame.size() == size);
  }
}

TEST_CASE("tangram solve --frames --verbose: numbered pictures and one log line per step") {
  tangram::test::TempDir dir("frames");
  const std::string frames = dir.file("frames");
  const test::Run run = test::run_cli(dir, "solve " + kMasks +
                                               "03-page5-219.png --rotation-step 45 --strategy bl "
                                               "--frames " +
                                               frames + " --verbose --json out.json");
  CAPTURE(run.err);
  REQUIRE(run.status == 0);
  const std::vector<std::string> log = lines(run.err);
  REQUIRE(log.size() > 7);
  CHECK(log[0].rfind("step 1: place large-triangle, angle ", 0) == 0);
  for (const std::string& line : log) {
    CAPTURE(line);
    CHECK(line.rfind("step ", 0) == 0);
    CHECK(line.find(", mirror ") != std::string::npos);
    CHECK(line.find(", at (") != std::string::npos);
    CHECK(line.find("/7 placed") != std::string::npos);
    CHECK(line.size() > 2);
    CHECK(line.compare(line.size() - 2, 2, " s") == 0);
  }
  CHECK(log.back().find("7/7 placed") != std::string::npos);
  CHECK(log.back().find(": place small-triangle") != std::string::npos);

  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(frames))
    names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  REQUIRE(names.size() == log.size());
  CHECK(names.front() == "0001-place-large-triangle.png");
  CHECK(std::any_of(names.begin(), names.end(),
                    [](const std::string& n) { return n.find("-reject-") != std::string::npos; }));
  CHECK(std::any_of(names.begin(), names.end(),
                    [](const std::string& n) { return n.find("-remove-") != std::string::npos; }));
  for (std::size_t i = 0; i < names.size(); ++i) {
    CAPTURE(names[i]);
    CHECK(std::stoi(names[i].substr(0, 4)) == static_cast<int>(i) + 1);
  }
  const cv::Mat first = cv::imread(frames + "/" + names.front(), cv::IMREAD_COLOR);
  const cv::Mat last = cv::imread(frames + "/" + names.back(), cv::IMREAD_COLOR);
  REQUIRE_FALSE(first.empty());
  CHECK(first.size() == last.size());

  // A second run into the same directory would mix its frames with these: refused.
  const test::Run again = test::run_cli(
      dir, "solve " + kMasks + "02-page9-11.png --rotation-step 45 --frames " + frames);
  CHECK(again.status == 2);
  CHECK(again.err.find("already holds frames") != std::string::npos);
}

TEST_CASE("tangram solve --max-frames: stops writing pictures and says so") {
  tangram::test::TempDir dir("max-frames");
  const test::Run run =
      test::run_cli(dir, "solve " + kMasks +
                             "03-page5-219.png --rotation-step 45 --strategy bl --search paper "
                             "--frames f --max-frames 5 --quiet");
  CAPTURE(run.err);
  CHECK(run.status == 1);  // Algorithm 1 does not solve it at 45 degrees
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir.file("f")))
    names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  REQUIRE(names.size() == 5);
  CHECK(names.back().rfind("0005-", 0) == 0);
  CHECK(run.err.find("holds the first 5 of ") != std::string::npos);

  const std::pair<const char*, const char*> bad[] = {
      {"--frames g --max-frames 0", "--max-frames"},
      {"--max-frames 5", "requires --frames"},
  };
  for (const auto& [args, mention] : bad) {
    const auto& args_ = args;  // clang 14 lambdas take no bindings
    CAPTURE(args_);
    const test::Run refused =
        test::run_cli(dir, "solve " + kMasks + "02-page9-11.png " + std::string(args));
    CHECK(refused.status == 2);
    CHECK(refused.err.find(mention) != std::string::npos);
  }
}

TEST_CASE("tangram solve --help lists --frames, --max-frames and --verbose") {
  tangram::test::TempDir dir("frames-help");
  const test::Run help = test::run_cli(dir, "solve --help");
  CHECK(help.status == 0);
  for (const char* option : {"--frames", "--max-frames", "--verbose"}) {
    CAPTURE(option);
    CHECK(help.out.find(option) != std::string::npos);
  }
}
