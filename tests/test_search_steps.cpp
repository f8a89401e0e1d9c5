// The steps both searches are built of (search_steps.hpp) and the paper's search on its own
// (paper_search.hpp). Patterns from masks/ at 45-degree steps.

#include <doctest/doctest.h>

#include <atomic>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "patterns.hpp"
#include "tangram/core/base/parallel.hpp"
#include "tangram/core/figure/refusals.hpp"
#include "tangram/core/raster/detail/paper_search.hpp"
#include "tangram/core/raster/detail/search_steps.hpp"
#include "tangram/core/solve/solve.hpp"
#include "tangram/io/pattern_png.hpp"
#include "tangram/io/piece_sets.hpp"

using namespace tangram;
using search::Candidate;
using search::CandidateChoice;
using search::Steps;
using search::Validation;

namespace {

using tangram::test::config_45;
using tangram::test::mask_pattern;

/// Steps over `pattern`, judged on itself, with no progress callback or observer (Steps keeps
/// references to them: they are members declared before it).
struct QuietSteps {
  QuietSteps(const Pattern& pattern, const SolverConfig& config)
      : steps(pattern, config, progress, observer, pattern) {}
  const ProgressCallback progress;
  const SearchObserver observer;
  Steps steps;
};

bool same_solution(const Solution& a, const Solution& b) {
  if (a.solved != b.solved || a.pieces.size() != b.pieces.size() ||
      a.stats.placements_tried != b.stats.placements_tried ||
      a.stats.backtracks != b.stats.backtracks ||
      a.stats.validations_failed != b.stats.validations_failed)
    return false;
  for (std::size_t i = 0; i < a.pieces.size(); ++i) {
    const Pose &p = a.pieces[i].pose, &q = b.pieces[i].pose;
    if (a.pieces[i].shape != b.pieces[i].shape || p.centre.x != q.centre.x ||
        p.centre.y != q.centre.y || p.angle_deg != q.angle_deg || p.reflected != q.reflected)
      return false;
  }
  return true;
}

}  // namespace

TEST_CASE(
    "search steps: the paper's candidates are each configuration's cheapest position, "
    "in configuration order") {
  const Pattern pattern = mask_pattern("02-page9-11.png");
  const SolverConfig config = config_45(SearchMode::Paper);
  QuietSteps quiet(pattern, config);
  Steps& steps = quiet.steps;
  REQUIRE_FALSE(steps.masks_timed_out());
  search::Node root = steps.root();
  const std::vector<Candidate> paper = steps.candidates(root.state, 0, CandidateChoice{});
  REQUIRE_FALSE(paper.empty());
  for (std::size_t i = 1; i < paper.size(); ++i) CHECK(paper[i - 1].config < paper[i].config);

  CandidateChoice all;
  all.per_configuration = 1000;
  std::atomic<std::size_t> widest{0};
  all.widest = &widest;
  const std::vector<Candidate> every = steps.candidates(root.state, 0, all);
  CHECK(widest.load() == 0);  // nothing was left out, so nothing was recorded
  std::map<int, Candidate> cheapest;
  for (const Candidate& c : every)
    if (!cheapest.count(c.config)) cheapest[c.config] = c;  // sorted cheapest first
  REQUIRE(cheapest.size() == paper.size());
  for (const Candidate& c : paper) {
    CAPTURE(c.config);
    CHECK(cheapest[c.config].anchor == c.anchor);
    CHECK(cheapest[c.config].cost == c.cost);
  }

  CandidateChoice two;
  two.per_configuration = 2;
  two.widest = &widest;
  const std::vector<Candidate> first_two = steps.candidates(root.state, 0, two);
  if (first_two.size() < every.size()) CHECK(widest.load() > 2);
}

TEST_CASE(
    "search steps: a child is the same computed ahead in parallel or when taken, and what "
    "the paper's rules reject the forward check does not pass") {
  const Pattern pattern = mask_pattern("03-page5-219.png");
  const SolverConfig config = config_45(SearchMode::Ours);
  ThreadLimit limit(2);
  QuietSteps quiet(pattern, config);
  Steps& steps = quiet.steps;
  REQUIRE_FALSE(steps.masks_timed_out());
  CandidateChoice choice;
  choice.positions = CandidateConfig{true, steps.short_edge_px()};
  choice.per_configuration = 5;
  // The root, then the first valid child of each node, while there is one.
  search::Node node = steps.root();
  for (int level = 0; level < 7; ++level) {
    CAPTURE(level);
    search::Node lazy{node.state, {}, 0, {}, {}}, ahead{node.state, {}, 0, {}, {}};
    lazy.candidates = steps.candidates(lazy.state, level, choice);
    ahead.candidates = lazy.candidates;
    REQUIRE(lazy.candidates.size() > search::validation_batch());
    LayoutState first_valid;
    bool found = false;
    for (std::size_t i = 0; i < lazy.candidates.size(); ++i) {
      CAPTURE(i);
      bool valid_lazy = false, valid_ahead = false;
      LayoutState a = steps.take_child(lazy, level, i, Validation::PaperAndForwardCheck, false,
                                       false, valid_lazy);
      const LayoutState b = steps.take_child(ahead, level, i, Validation::PaperAndForwardCheck,
                                             true, false, valid_ahead);
      CHECK(valid_lazy == valid_ahead);
      CHECK(cv::countNonZero(a.empty != b.empty) == 0);
      LayoutState c;
      const bool valid_paper =
          steps.place_and_validate(lazy.state, level, lazy.candidates[i], c, Validation::Paper);
      if (valid_lazy) CHECK(valid_paper);
      if (valid_lazy && !found) {
        first_valid = std::move(a);
        found = true;
      }
    }
    if (!found) break;
    node = search::Node{std::move(first_valid), {}, 0, {}, {}};
  }
}

TEST_CASE(
    "search steps: solve() runs the paper's search for SearchMode::Paper, the same with "
    "1 and 2 threads") {
  const Pattern pattern = mask_pattern("02-page9-11.png");
  SolverConfig config = config_45(SearchMode::Paper);
  config.search.threads = 1;
  const Solution one = solve(pattern, config);
  REQUIRE(one.solved);
  config.search.threads = 2;
  const Solution two = solve(pattern, config);
  CHECK(same_solution(one, two));
  config.search.threads = 1;
  Solution direct;
  {
    ThreadLimit limit(1);
    QuietSteps quiet(pattern, config);
    Steps& steps = quiet.steps;
    direct = paper_search(steps);
  }
  CHECK(same_solution(one, direct));
  CHECK(direct.stats.coverage == one.stats.coverage);
}

TEST_CASE("search steps: drop_neighbours keeps the cheapest of positions a pixel apart") {
  std::vector<Candidate> c = {{1.0, 0, {10, 10}},
                              {2.0, 0, {11, 11}},
                              {3.0, 0, {12, 12}},
                              {4.0, 0, {13, 10}},
                              {5.0, 0, {10, 12}}};
  search::drop_neighbours(c);
  // (11, 11) is next to (10, 10); (12, 12) then only next to a dropped one: kept.
  REQUIRE(c.size() == 4);
  CHECK(c[0].anchor == cv::Point(10, 10));
  CHECK(c[1].anchor == cv::Point(12, 12));
  CHECK(c[2].anchor == cv::Point(13, 10));
  CHECK(c[3].anchor == cv::Point(10, 12));
}

TEST_CASE(
    "search steps: broken-heart 03-compact: the square's true place is offered once a "
    "corner contact") {
  // Its truth (masks/sets/broken-heart/03-compact.truth.json): the trapezoid first, then the
  // square (largest first) along the trapezoid's upright side, its upper right corner on the
  // trapezoid's corner; below and left of it the pieces that hold it come later.
  const Pattern pattern = mask_pattern("sets/broken-heart/03-compact.png");
  SolverConfig config;
  const PieceSetFile file = builtin_piece_set("broken-heart");
  config.pieces = file.set;
  config.search.rotation_step_deg = file.rotation_step_deg;
  config.search.reflection = file.mirror;
  QuietSteps quiet(pattern, config);
  Steps& steps = quiet.steps;
  REQUIRE_FALSE(steps.masks_timed_out());
  REQUIRE(config.pieces.shape_name(config.pieces.order()[0]) == "trapezoid");
  REQUIRE(config.pieces.shape_name(config.pieces.order()[1]) == "square");
  const auto config_at = [&](int level, double angle_deg) {
    const auto& configs = steps.piece_at(level).configs;
    for (std::size_t i = 0; i < configs.size(); ++i)
      if (configs[i].config.angle_deg == angle_deg && !configs[i].config.reflected)
        return static_cast<int>(i);
    return -1;
  };
  // The truth's centroids: trapezoid (209.92, 102.48) unturned, square (131.34, 122.26) at 45.
  search::Node root = steps.root();
  LayoutState after_trapezoid;
  REQUIRE(steps.place_and_validate(root.state, 0, Candidate{0.0, config_at(0, 0.0), {209, 102}},
                                   after_trapezoid, Validation::PaperAndForwardCheck));
  const int square = config_at(1, 45.0);
  const cv::Point truth(131, 122);
  const auto offered = [&](bool contacts) {
    CandidateChoice choice;
    choice.positions = CandidateConfig{true, steps.short_edge_px()};
    choice.per_configuration = 5;
    choice.corner_contacts = contacts;
    for (const Candidate& c : steps.candidates(after_trapezoid, 1, choice))
      if (c.config == square && cv::norm(c.anchor - truth) <= 1.5) return true;
    return false;
  };
  CHECK_FALSE(offered(false));
  CHECK(offered(true));
}

TEST_CASE(
    "search steps: impossibility() refuses what the outline rules out, with 1 and 2 threads") {
  // The outline's refusal is computed alongside the masks: the same answer as on its own.
  cv::Mat1b triangle(260, 260, uchar{0});
  const cv::Point corners[] = {{130, 10}, {250, 218}, {10, 218}};
  cv::fillConvexPoly(triangle, corners, 3, cv::Scalar(255));
  const Pattern pattern = make_pattern(triangle);
  const std::optional<Impossibility> alone = outline_refusal(pattern, PieceSet::tangram());
  REQUIRE(alone);
  for (const int threads : {1, 2}) {
    CAPTURE(threads);
    SolverConfig config = config_45();
    config.search.threads = threads;
    const ThreadLimit limit(threads);
    QuietSteps quiet(pattern, config);
    Steps& steps = quiet.steps;
    REQUIRE_FALSE(steps.masks_timed_out());
    const std::optional<Impossibility> why = steps.impossibility();
    REQUIRE(why);
    CHECK(why->kind == alone->kind);
    CHECK(why->angle_deg == alone->angle_deg);
  }
}

TEST_CASE("search steps: a node's candidates are the same with 1 and 2 threads") {
  // The region's corners are found beside the possible configurations and the costs.
  const Pattern pattern = mask_pattern("02-page9-11.png");
  SolverConfig config = config_45();
  config.search.rotation_step_deg = 5.0;
  std::vector<std::vector<Candidate>> found;
  for (const int threads : {1, 2}) {
    config.search.threads = threads;
    const ThreadLimit limit(threads);
    QuietSteps quiet(pattern, config);
    Steps& steps = quiet.steps;
    REQUIRE_FALSE(steps.masks_timed_out());
    CandidateChoice choice;
    choice.positions = CandidateConfig{true, steps.short_edge_px()};
    choice.per_configuration = 4;
    choice.corner_contacts = true;
    search::Node root = steps.root();
    std::vector<Candidate> both = steps.candidates(root.state, 0, choice);
    REQUIRE_FALSE(both.empty());
    // And at the next level, in the state after the first candidate.
    LayoutState child;
    steps.place_and_validate(root.state, 0, both.front(), child, Validation::Paper);
    const std::vector<Candidate> next = steps.candidates(child, 1, choice);
    both.insert(both.end(), next.begin(), next.end());
    found.push_back(both);
  }
  REQUIRE(found[0].size() == found[1].size());
  bool same = true;
  for (std::size_t i = 0; i < found[0].size(); ++i)
    same = same && found[0][i].cost == found[1][i].cost &&
           found[0][i].config == found[1][i].config && found[0][i].anchor == found[1][i].anchor;
  CHECK(same);
}
