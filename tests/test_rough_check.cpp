// The check's tolerance on a rough outline (issue 31, item 4): spill and coverage widened by a
// band of the outline's measured noise, said in the answer, and `tangram verify` agreeing.

#include <doctest/doctest.h>

#include <string>
#include <utility>

#include "cli_runner.hpp"
#include "tangram/core/puzzle/roughness.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/io/pattern_png.hpp"

using namespace tangram;
using tangram::test::Run;
using tangram::test::run_cli;

namespace {

std::string data(const std::string& name) {
  return std::string(TANGRAM_SOURCE_DIR) + "/tests/data/" + name;
}

/// `tangram solve FIGURE OPTIONS --json JSON` in `dir`, then `tangram verify FIGURE JSON`; checks
/// that both exit 0 and returns both runs.
std::pair<Run, Run> solve_and_verify(const tangram::test::TempDir& dir, const std::string& figure,
                                     const std::string& options, const std::string& json) {
  const Run solved = run_cli(dir, "solve " + figure + options + " --json " + json);
  CAPTURE(solved.out);
  CHECK(solved.status == 0);
  const Run verified = run_cli(dir, "verify " + figure + " " + json);
  CAPTURE(verified.out);
  CHECK(verified.status == 0);
  return {solved, verified};
}

}  // namespace

TEST_CASE("rough check: a clean figure keeps the referee's thresholds exactly") {
  for (const char* name : {"01-square", "02-page9-11", "09-page6-97", "21-page3-189-turned",
                           "26-page4-214-rotated", "28-page6-72-rotated"}) {
    CAPTURE(name);
    const Pattern pattern =
        load_pattern(std::string(TANGRAM_SOURCE_DIR) + "/masks/" + name + ".png");
    CHECK(pattern.rough_band == 0.0);
    const VerifyConfig config = verify_config(pattern);
    CHECK(config.max_spill == 0.02);
    CHECK(config.min_coverage == 0.95);
    CHECK_FALSE(widened(config));
    CHECK(approximate_words(config).empty());
  }
}

TEST_CASE("rough check: a jittered outline widens spill and coverage by its noise's band") {
  // The house jittered by +-2 and +-3 px (make_rough.py): rough and noisy.
  for (const char* name : {"rough-house-j2.png", "rough-house-j3.png"}) {
    CAPTURE(name);
    const Pattern pattern = load_pattern(data(name));
    CHECK(pattern.rough_band > 0.005);
    CHECK(pattern.rough_band <= kMaxRoughBand);
    const VerifyConfig config = verify_config(pattern);
    CHECK(config.max_spill == doctest::Approx(0.02 + pattern.rough_band));
    CHECK(config.min_coverage == doctest::Approx(0.95 - pattern.rough_band));
    CHECK(widened(config));
    CHECK(approximate_words(config).find("rough outline, checked within ") == 0);
  }
}

// "slow": a search of seconds, 52 s under the sanitizers; the cases above check the band there.
TEST_CASE("rough check: the house at +-3 px solves, says approximate, and verify agrees" *
          doctest::test_suite("slow")) {
  // At 45-degree steps and masks inset 4.5 px (found after some 3,700 placements; the limit is a
  // kill timer). Before: "not solved (time limit ...)": the assembly found spills 4.6% over the
  // wobbly outline, the true one 2.7%, more than the referee's 2%. (At the default settings: the
  // case below.)
  const tangram::test::TempDir dir("rough-check");
  const std::string figure = data("rough-house-j3.png");
  const std::pair<Run, Run> runs =
      solve_and_verify(dir, figure, " --rotation-step 45 --inset 4.5 --time-limit 120", "j3.json");
  const Run& solved = runs.first;
  const Run& verified = runs.second;
  CAPTURE(solved.out);
  CAPTURE(verified.out);
  CHECK(solved.out.find(": solved (approximate: rough outline, checked within ") !=
        std::string::npos);
  const std::string json = tangram::test::read_all(dir.path() / "j3.json");
  CHECK(json.find("\"approximate\": \"rough outline, checked within ") != std::string::npos);
  CHECK(json.find("\"rough_band\": ") != std::string::npos);
  CHECK(verified.out.find("VALID (approximate: rough outline, checked within ") == 0);
  const Run as_json = run_cli(dir, "verify " + figure + " j3.json --json");
  CHECK(as_json.out.find("\"approximate\": \"rough outline") != std::string::npos);
  // The same words in solve and verify: the tolerance is the figure's, not the solution's.
  const auto words = [](const std::string& text) {
    const std::size_t at = text.find("checked within ");
    return at == std::string::npos ? std::string() : text.substr(at, text.find(')', at) - at);
  };
  CHECK_FALSE(words(solved.out).empty());
  CHECK(words(solved.out) == words(verified.out));
  // Held to the referee's thresholds, as --as-referee asks, the same assembly spills too much.
  const Run strict = run_cli(dir, "verify " + figure + " j3.json --as-referee");
  CHECK(strict.status == 1);
  CHECK(strict.out.find("INVALID: ") == 0);
  CHECK(strict.out.find("spill ") != std::string::npos);
}

// "slow": a search of seconds. The plan's rough ladder (rotation_plan.hpp) at work.
TEST_CASE("rough check: the house at +-2 px solves at the default settings" *
          doctest::test_suite("slow")) {
  // Before: the wobbly outline shared no direction, so the plan went straight to 1-degree
  // steps, where it was solved after 50 s of the default 60 (load 3-4; 109 s at --time-limit
  // 120, not within 20 s). Now its long runs give the 45-degree grid, searched with the masks
  // inset by a ladder of insets, least first: the first rung whose search is not exhausted at
  // once solves it, in seconds (the default limit is a kill timer here).
  const tangram::test::TempDir dir("rough-default");
  const std::string figure = data("rough-house-j2.png");
  const std::pair<Run, Run> runs = solve_and_verify(dir, figure, "", "j2.json");
  const Run& solved = runs.first;
  const Run& verified = runs.second;
  CAPTURE(solved.out);
  CAPTURE(verified.out);
  CHECK(solved.out.find(": solved (approximate: rough outline, checked within ") !=
        std::string::npos);
  const std::string json = tangram::test::read_all(dir.path() / "j2.json");
  CHECK(json.find("\"rotation_step_deg\": 45.") != std::string::npos);
  CHECK(verified.out.find("VALID (approximate: rough outline, checked within ") == 0);
}

// "slow": a search of seconds. A rough square at side 340 is solved at 1/2 scale; the first
// rung's assembly passed there and failed on the picture as read (spill 0.0302 against 0.0294),
// which ended the solve "rejected at full resolution". Now the raster search checks the picture
// too before it accepts an assembly (SearchConfig::final_check), and goes on.
TEST_CASE("rough check: an assembly that fails at full resolution lets the search go on" *
          doctest::test_suite("slow")) {
  const tangram::test::TempDir dir("rough-full-resolution");
  const std::string figure = data("rough-square-s340-j3.png");
  const Run solved = solve_and_verify(dir, figure, "", "s.json").first;
  CAPTURE(solved.out);
  CHECK(solved.out.find("rejected at full resolution") == std::string::npos);
  CHECK(solved.err.find("solving at 1/2 scale") != std::string::npos);
}

// The square jittered by +-2 and +-3 px (make_rough.py --step 12 --figures 01-square --sides
// 170: 01-square-s170-j2.png and -j3.png). The square has no slack: the raster search's
// candidates off the ragged outline were never exactly right (main: 7 of 7 placed, no assembly
// passes, to the time limit). Its long straight runs make a clean square (straightened_outline()),
// solved in milliseconds and judged on the figure as drawn (the stage "straightened").
TEST_CASE("rough check: the square at +-2 and +-3 px solves by its straightened outline") {
  const tangram::test::TempDir dir("rough-square");
  {
    const std::string figure = data("rough-square-j3.png");
    const Run solved = solve_and_verify(dir, figure, "", "j3.json").first;
    CAPTURE(solved.out);
    CHECK(solved.out.find(": solved (approximate: rough outline, checked within ") !=
          std::string::npos);
    CHECK(tangram::test::read_all(dir.path() / "j3.json").find("\"found_by\": \"straightened\"") !=
          std::string::npos);
  }
  {
    // No band (roughness under 0.5 px): solved within the referee's own thresholds.
    const std::string figure = data("rough-square-j2.png");
    const Run solved = solve_and_verify(dir, figure, "", "j2.json").first;
    CAPTURE(solved.out);
    CHECK(solved.out.find(": solved in ") != std::string::npos);
    const Run strict = run_cli(dir, "verify " + figure + " j2.json --as-referee");
    CAPTURE(strict.out);
    CHECK(strict.status == 0);
  }
}
