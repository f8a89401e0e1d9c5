// Rotations chosen from the figure: the outline's shared direction, the plan of
// --rotation-step auto and the direction a fixed step misses (the staged solve: test_search).

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "tangram/core/figure/angles.hpp"
#include "tangram/core/figure/rotation_plan.hpp"
#include "tangram/core/puzzle/roughness.hpp"
#include "tangram/io/pattern_png.hpp"
#include "tangram/io/piece_sets.hpp"

namespace {

using namespace tangram;

Pattern mask(const std::string& name) {
  return load_pattern_png(std::string(TANGRAM_SOURCE_DIR) + "/masks/" + name);
}

/// A rectangle w x h turned by `angle_deg` counter-clockwise on screen about (200, 200), and
/// (when `notch`) with a 40 x 40 notch cut from one side: every pixel whose centre lies inside.
Pattern turned_rectangle(double angle_deg, double w, double h, bool notch) {
  cv::Mat1b image(400, 400, uchar(0));
  const double a = angle_deg * M_PI / 180.0;
  for (int y = 0; y < image.rows; ++y)
    for (int x = 0; x < image.cols; ++x) {
      // Back into the rectangle's frame (y down on screen: counter-clockwise turns x towards -y).
      const double dx = x + 0.5 - 200.0, dy = y + 0.5 - 200.0;
      const double u = dx * std::cos(a) - dy * std::sin(a);
      const double v = dx * std::sin(a) + dy * std::cos(a);
      const bool inside = std::abs(u) < w / 2 && std::abs(v) < h / 2;
      const bool cut = notch && std::abs(u) < 20 && v < -h / 2 + 40;
      image(y, x) = inside && !cut ? 255 : 0;
    }
  return make_pattern(image);
}

}  // namespace

TEST_CASE("the outline's direction: a drawn rectangle's turn modulo 45, to a tenth of a degree") {
  for (const double angle : {0.0, 7.3, 20.0, 33.9, 44.8, 131.6, 200.25}) {
    CAPTURE(angle);
    const std::optional<OutlineDirection> d =
        outline_direction(turned_rectangle(angle, 220, 160, true), 45.0);
    REQUIRE(d);
    CHECK(angle_distance(d->residue_deg, angle, 45.0) < 0.1);
    CHECK(d->residue_deg >= 0.0);
    CHECK(d->residue_deg < 45.0);
    CHECK(d->share > 0.95);
  }
  // Modulo 90, a rectangle turned by 20 and by 110 look alike; by 65 it does not.
  CHECK(
      angle_distance(outline_direction(turned_rectangle(110.0, 220, 160, false), 90.0)->residue_deg,
                     20.0, 90.0) < 0.1);
  CHECK(
      angle_distance(outline_direction(turned_rectangle(65.0, 220, 160, false), 90.0)->residue_deg,
                     65.0, 90.0) < 0.1);
  // A modulus that does not divide 180 has no meaning for edge directions.
  CHECK_FALSE(outline_direction(turned_rectangle(0.0, 220, 160, false), 72.0));
}

TEST_CASE("the outline's direction of real figures") {
  // On the grid: 0. Turned as a whole: the turn modulo 45 (masks/README.md gives the turns).
  for (const char* name : {"01-square.png", "02-page9-11.png", "03-page5-219.png"}) {
    CAPTURE(name);
    const std::optional<OutlineDirection> d = outline_direction(mask(name), 45.0);
    REQUIRE(d);
    CHECK(angle_distance(d->residue_deg, 0.0, 45.0) < 0.25);
    CHECK(d->share > 0.9);
  }
  const std::optional<OutlineDirection> turned =
      outline_direction(mask("29-page3-61-rotated.png"), 45.0);
  REQUIRE(turned);
  CHECK(angle_distance(turned->residue_deg, 146.02, 45.0) < 0.25);
  const std::optional<OutlineDirection> other =
      outline_direction(mask("25-page1-162-rotated.png"), 45.0);
  REQUIRE(other);
  CHECK(angle_distance(other->residue_deg, 75.46, 45.0) < 0.25);
}

TEST_CASE("the outline's direction of a curved figure leaves out its arcs") {
  // broken-heart 03-compact: straight edges at multiples of 45 degrees and four arcs of the
  // pieces' quarter and eighth discs. The chords of those arcs pulled the direction 0.37
  // degrees off the grid, more than the plan's snap, and the plan searched a grid turned by
  // that first (in vain, for half the time limit).
  const Pattern heart = mask("sets/broken-heart/03-compact.png");
  const std::optional<OutlineDirection> with_chords = outline_direction(heart, 45.0);
  REQUIRE(with_chords);
  CHECK(angle_distance(with_chords->residue_deg, 0.0, 45.0) > RotationPlanConfig{}.snap_deg);
  const std::vector<OutlineRing> heart_outline = vectorise_outline(heart.puzzle);
  const std::optional<OutlineDirection> straight =
      outline_direction(heart, 45.0, kDirectionMinEdgeShare, &heart_outline);
  REQUIRE(straight);
  CHECK(angle_distance(straight->residue_deg, 0.0, 45.0) < RotationPlanConfig{}.snap_deg);
  // The plan for the set (its arcs left out): the set's own 45-degree step alone, unturned.
  const std::vector<RotationStage> plan =
      auto_rotation_plan(heart, builtin_piece_set("broken-heart").set, 45.0);
  REQUIRE(plan.size() == 1);
  CHECK(plan[0].offset_deg == 0.0);
  // A figure without arcs measures the same either way.
  const Pattern square = mask("02-page9-11.png");
  const std::optional<OutlineDirection> plain = outline_direction(square, 45.0);
  REQUIRE(plain);
  const std::vector<OutlineRing> square_outline = vectorise_outline(square.puzzle);
  CHECK(outline_direction(square, 45.0, kDirectionMinEdgeShare, &square_outline)->residue_deg ==
        plain->residue_deg);
}

TEST_CASE("grid_turn: no turn within the snap") {
  OutlineDirection d;
  d.residue_deg = 0.2;
  CHECK(grid_turn(d, 45.0) == 0.0);
  d.residue_deg = 44.8;
  CHECK(grid_turn(d, 45.0) == 0.0);
  d.residue_deg = 0.4;
  CHECK(grid_turn(d, 45.0) == 0.4);
  d.residue_deg = 11.0;
  CHECK(grid_turn(d, 45.0) == 11.0);
}

TEST_CASE("the plan of --rotation-step auto") {
  const PieceSet tangram = PieceSet::tangram();
  // On the grid: 45-degree steps for half the time, then the fine step.
  std::vector<RotationStage> plan = auto_rotation_plan(mask("02-page9-11.png"), tangram, 1.0);
  REQUIRE(plan.size() == 2);
  CHECK(plan[0].step_deg == 45.0);
  CHECK(plan[0].offset_deg == 0.0);
  CHECK(plan[0].until_share == 0.5);
  CHECK(plan[1].step_deg == 1.0);
  CHECK(plan[1].offset_deg == 0.0);
  CHECK(plan[1].until_share == 1.0);
  // Turned: the grid turned with it.
  plan = auto_rotation_plan(mask("29-page3-61-rotated.png"), tangram, 1.0);
  REQUIRE(plan.size() == 2);
  CHECK(plan[0].step_deg == 45.0);
  CHECK(angle_distance(plan[0].offset_deg, 146.02, 45.0) < 0.25);
  // The fine step as coarse as the grid and no offset: one stage, nothing searched twice.
  plan = auto_rotation_plan(mask("02-page9-11.png"), tangram, 45.0);
  REQUIRE(plan.size() == 1);
  CHECK(plan[0].step_deg == 45.0);
  CHECK(plan[0].until_share == 1.0);
  // No shared direction (a disc): the fine step alone.
  cv::Mat1b disc(200, 200, uchar(0));
  cv::circle(disc, {100, 100}, 80, cv::Scalar(255), cv::FILLED);
  plan = auto_rotation_plan(make_pattern(disc), tangram, 1.0);
  REQUIRE(plan.size() == 1);
  CHECK(plan[0].step_deg == 1.0);
}

namespace {

Pattern rough(const std::string& name) {
  return load_pattern_png(std::string(TANGRAM_SOURCE_DIR) + "/tests/data/" + name);
}

/// `pattern`'s puzzle turned by `angle_deg` counter-clockwise on screen about its centre (nearest
/// pixel), on a canvas large enough for any turn.
Pattern turned(const Pattern& pattern, double angle_deg) {
  const int side = 2 * std::max(pattern.puzzle.rows, pattern.puzzle.cols);
  cv::Mat1b canvas(side, side, uchar(0));
  pattern.puzzle.copyTo(
      canvas(cv::Rect((side - pattern.puzzle.cols) / 2, (side - pattern.puzzle.rows) / 2,
                      pattern.puzzle.cols, pattern.puzzle.rows)));
  const cv::Mat turn = cv::getRotationMatrix2D({side / 2.0F, side / 2.0F}, angle_deg, 1.0);
  cv::Mat1b out;
  cv::warpAffine(canvas, out, turn, canvas.size(), cv::INTER_NEAREST);
  return make_pattern(out);
}

}  // namespace

TEST_CASE("a curved figure's arcs are no noise for its rotation plan") {
  // The broken heart's 03-compact turned by 17 degrees: the reader measures its arcs' sagitta
  // over the noise's chord (1.5 px) as noise and gives it a rough band; the plan measures the
  // noise without the arcs, and turns the grid step to the figure instead of a rough ladder.
  const PieceSet heart = builtin_piece_set("broken-heart").set;
  const Pattern figure = turned(
      load_pattern_png(std::string(TANGRAM_SOURCE_DIR) + "/masks/sets/broken-heart/03-compact.png"),
      17.0);
  REQUIRE(figure.rough_band > 0.0);
  const std::vector<RotationStage> plan = auto_rotation_plan(figure, heart, 45.0);
  REQUIRE_FALSE(plan.empty());
  for (const RotationStage& stage : plan) CHECK(stage.extra_inset_px == 0.0);
  CAPTURE(plan.front().offset_deg);
  CHECK(angle_distance(plan.front().offset_deg, 17.0, 45.0) < 1.0);
}

TEST_CASE("a rough outline's direction is read on its long straight runs") {
  // The house jittered by +-2 and +-3 px (experiments/rough/make_rough.py), drawn at 0 degrees
  // modulo 45: its short wobbly edges share no direction within 2 degrees, its long runs do.
  for (const char* name : {"rough-house-j2.png", "rough-house-j3.png"}) {
    CAPTURE(name);
    const Pattern house = rough(name);
    const double noise = outline_noise_px(house.puzzle);
    REQUIRE(noise >= kNoisyOutlinePx);
    const std::optional<OutlineDirection> edges = outline_direction(house, 45.0);
    REQUIRE(edges);
    CHECK(edges->share < 0.5);
    const std::optional<OutlineDirection> runs = rough_outline_direction(house, 45.0, noise);
    REQUIRE(runs);
    CAPTURE(runs->residue_deg);
    CHECK(angle_distance(runs->residue_deg, 0.0, 45.0) < 2.5);
    CHECK(runs->share >= 0.7);
    // Turned by 20 degrees, its runs are too.
    const Pattern house20 = turned(house, 20.0);
    const std::optional<OutlineDirection> runs20 =
        rough_outline_direction(house20, 45.0, outline_noise_px(house20.puzzle));
    REQUIRE(runs20);
    CAPTURE(runs20->residue_deg);
    CHECK(angle_distance(runs20->residue_deg, 20.0, 45.0) < 2.5);
    CHECK(runs20->share >= 0.5);
  }
  // On a clean outline it reads what outline_direction() reads.
  for (const char* name : {"02-page9-11.png", "29-page3-61-rotated.png"}) {
    CAPTURE(name);
    const Pattern clean = mask(name);
    const std::optional<OutlineDirection> edges = outline_direction(clean, 45.0);
    const std::optional<OutlineDirection> runs =
        rough_outline_direction(clean, 45.0, outline_noise_px(clean.puzzle));
    REQUIRE(edges);
    REQUIRE(runs);
    CHECK(angle_distance(runs->residue_deg, edges->residue_deg, 45.0) < 0.25);
    CHECK(runs->share > 0.9);
  }
}

TEST_CASE("the plan on a rough outline: the grid stage as a ladder of insets, least first") {
  const PieceSet tangram = PieceSet::tangram();
  const Pattern house = rough("rough-house-j2.png");
  REQUIRE(house.rough_band > 0.0);
  const double noise = outline_noise_px(house.puzzle);
  const std::vector<double> rungs = rough_inset_ladder(noise);
  // From 1 to 2.5 x the noise, least first, an eighth of a pixel apart.
  REQUIRE(rungs.size() >= 2);
  CHECK(rungs.front() == doctest::Approx(kRoughLadderFromNoises * noise));
  CHECK(rungs.back() <= kRoughLadderToNoises * noise + 1e-9);
  CHECK(rungs.back() > kRoughLadderToNoises * noise - kRoughLadderRungPx);
  for (std::size_t i = 1; i < rungs.size(); ++i)
    CHECK(rungs[i] - rungs[i - 1] == doctest::Approx(kRoughLadderRungPx));
  // A very noisy outline: no more than kMaxRoughRungs, over the same span.
  const std::vector<double> many = rough_inset_ladder(6.0);
  CHECK(many.size() == static_cast<std::size_t>(kMaxRoughRungs));
  CHECK(many.front() == doctest::Approx(kRoughLadderFromNoises * 6.0));
  CHECK(many.back() == doctest::Approx(kRoughLadderToNoises * 6.0));
  CHECK(rough_inset_ladder(0.0).empty());
  std::vector<RotationStage> plan = auto_rotation_plan(house, tangram, 1.0);
  REQUIRE(plan.size() == rungs.size() + 1);
  for (std::size_t i = 0; i < rungs.size(); ++i) {
    CAPTURE(i);
    CHECK(plan[i].step_deg == 45.0);
    CHECK(plan[i].offset_deg == 0.0);  // its runs' 1-2 degrees off are within the snap
    CHECK(plan[i].extra_inset_px == rungs[i]);
    CHECK(plan[i].until_share == 0.5);  // the first rung not ended at once spends it all
  }
  CHECK(plan.back().step_deg == 1.0);
  CHECK(plan.back().extra_inset_px == 0.0);
  CHECK(plan.back().until_share == 1.0);
  // Turned, the ladder's lattice turns with it.
  plan = auto_rotation_plan(turned(house, 20.0), tangram, 1.0);
  REQUIRE(plan.size() >= 3);  // its noise, and so its rungs, differ a little
  CHECK(plan[0].extra_inset_px > 0.0);
  CHECK(angle_distance(plan[0].offset_deg, 20.0, 45.0) < 2.5);
  // An inset fixed by the caller: no ladder, the plan of a clean figure.
  RotationPlanConfig fixed;
  fixed.rough_ladder = false;
  plan = auto_rotation_plan(house, tangram, 1.0, fixed);
  REQUIRE(plan.size() == 1);
  CHECK(plan[0].step_deg == 1.0);
  // Every clean figure of masks/ keeps its plan: no rung.
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(TANGRAM_SOURCE_DIR) + "/masks")) {
    if (entry.path().extension() != ".png") continue;
    CAPTURE(entry.path().filename().string());
    const Pattern clean = load_pattern_png(entry.path().string());
    CHECK(clean.rough_band == 0.0);
    for (const RotationStage& stage : auto_rotation_plan(clean, tangram, 1.0))
      CHECK(stage.extra_inset_px == 0.0);
  }
}

TEST_CASE("the direction a fixed step misses, and the step suggested") {
  const PieceSet tangram = PieceSet::tangram();
  const Pattern turned = mask("29-page3-61-rotated.png");
  const std::optional<MissedDirection> missed = missed_direction(turned, tangram, 45.0);
  REQUIRE(missed);
  CHECK(angle_distance(missed->residue_deg, 146.02, 45.0) < 0.25);
  CHECK(missed->grid_deg == 45.0);
  CHECK(missed->step_deg == 1.0);
  // One-degree steps come within half a step of any direction; an offset can reach it too.
  CHECK_FALSE(missed_direction(turned, tangram, 1.0));
  CHECK_FALSE(missed_direction(turned, tangram, 45.0, missed->residue_deg));
  // A figure on the grid is reached by 45, 15 and 5-degree steps, not by 7-degree steps (whose
  // multiples modulo 45 come within 0.5 degrees of 0 only at 0: they do reach it).
  const Pattern grid = mask("02-page9-11.png");
  CHECK_FALSE(missed_direction(grid, tangram, 45.0));
  CHECK_FALSE(missed_direction(grid, tangram, 15.0));
  CHECK_FALSE(missed_direction(grid, tangram, 7.0));
  // 20 degrees modulo 45: missed by 45-degree steps, reached by 5-degree ones.
  const Pattern twenty = turned_rectangle(20.0, 220, 160, true);
  const std::optional<MissedDirection> at20 = missed_direction(twenty, tangram, 45.0);
  REQUIRE(at20);
  CHECK(at20->step_deg == 5.0);
  CHECK_FALSE(missed_direction(twenty, tangram, 5.0));
}

TEST_CASE("configurations turned by an offset") {
  const PieceSet tangram = PieceSet::tangram();
  const std::vector<Configuration> plain =
      tangram.configurations(tangram_shapes::parallelogram, 45.0, true);
  const std::vector<Configuration> turned =
      tangram.configurations(tangram_shapes::parallelogram, 45.0, true, 30.0);
  REQUIRE(turned.size() == plain.size());
  for (std::size_t i = 0; i < plain.size(); ++i) {
    CAPTURE(i);
    CHECK(turned[i].reflected == plain[i].reflected);
    CHECK(std::abs(turned[i].angle_deg - std::fmod(plain[i].angle_deg + 30.0, 360.0)) < 1e-9);
  }
  // Angles stay in [0, 360).
  for (const Configuration& c :
       tangram.configurations(tangram_shapes::large_triangle, 45.0, false, 44.0)) {
    CHECK(c.angle_deg >= 0.0);
    CHECK(c.angle_deg < 360.0);
  }
}
