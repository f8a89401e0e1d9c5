// make_silhouette(): how pictures from the wild are read (threshold, polarity, specks and
// pinholes, outline drawings, thin figures, working resolution), on pictures drawn here.

#include <doctest/doctest.h>

#include "checks.hpp"

#include <cmath>
#include <string>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "figure_images.hpp"
#include "square_assembly.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/io/pattern_png.hpp"
#include "tangram/io/silhouette.hpp"
#include "tangram/io/solve_silhouette.hpp"
#include "temp_dir.hpp"

using namespace tangram;

namespace {

using tangram::test::same_mask;

using tangram::test::contains;
using tangram::test::input_error;

/// The figure's pieces cover 200^2 px: the set side at scale 1.
constexpr double kFigureArea = 200.0 * 200.0;

/// A centre point of the figure's rectangular hole and of its top-left large triangle, in the
/// pixel frame at scale 1 (see masks/02-page9-11.truth.json).
const Vec2 kInHole{145.0, 145.0};
const Vec2 kInFigure{60.0, 180.0};

uchar at(const cv::Mat1b& mask, Vec2 p, double scale = 1.0) {
  return mask(static_cast<int>(p.y * scale), static_cast<int>(p.x * scale));
}

}  // namespace

TEST_CASE(
    "make_silhouette: an anti-aliased, blurred figure is cut at the threshold, half-covered "
    "edge pixels in, with its area kept within 0.5%") {
  // Black on white, grey edges by coverage, blurred like a scan: 128 is half coverage.
  cv::Mat1b picture = test::draw_by_coverage(test::figure(1.0), {291, 291}, 0, 255);
  cv::GaussianBlur(picture, picture, cv::Size(0, 0), 0.8);
  const Silhouette s = make_silhouette(picture, InputConfig{});
  CHECK(std::abs(s.pattern.area_px - kFigureArea) < 0.005 * kFigureArea);
  CHECK(!s.report.inverted);
  CHECK(s.report.notes.empty());
  CHECK(s.report.warnings.empty());
  CHECK(at(s.pattern.puzzle, kInHole) == 0);  // the real hole is not a pinhole
  CHECK(at(s.pattern.puzzle, kInFigure) == 255);

  // A faint figure (luminance 170 on 250) has no pixel below 128: the message says which
  // threshold would do, and that threshold reads it.
  const cv::Mat1b faint = test::draw_by_coverage(test::figure(1.0), {291, 291}, 170, 250);
  const std::string message = input_error([&] { make_silhouette(faint, InputConfig{}); });
  CHECK(contains(message, "no puzzle pixels"));
  CHECK(contains(message, "use a threshold above 170"));  // the config field
  InputConfig raised;
  raised.threshold = 210.0;  // half-way between ink and paper: half coverage again
  CHECK(std::abs(make_silhouette(faint, raised).pattern.area_px - kFigureArea) <
        0.005 * kFigureArea);
}

TEST_CASE("make_silhouette: auto inversion follows the image border and says so") {
  const cv::Mat1b dark_on_light = test::figure_picture();
  const cv::Mat1b light_on_dark = 255 - dark_on_light;
  const Silhouette normal = make_silhouette(dark_on_light, InputConfig{});
  const Silhouette inverted = make_silhouette(light_on_dark, InputConfig{});
  CHECK(!normal.report.inverted);
  CHECK(inverted.report.inverted);
  CHECK(inverted.report.border_dark_share == 1.0);
  REQUIRE(inverted.report.notes.size() == 1);
  CHECK(word_settings(inverted.report.notes[0]) ==
        "light figure on a dark background (border 100% dark): inverted; use invert = no to "
        "override");
  // Luminance exactly 128 on the anti-aliased edge goes to the light side either way, so the
  // two readings may differ by those pixels only.
  CHECK(cv::countNonZero(normal.pattern.puzzle != inverted.pattern.puzzle) <=
        cv::countNonZero(dark_on_light == 128));

  InputConfig no;
  no.invert = InvertMode::No;
  InputConfig yes;
  yes.invert = InvertMode::Yes;
  yes.check_tileable = false;  // the background with a figure-shaped hole is a frame
  CHECK(!make_silhouette(light_on_dark, no).report.inverted);
  CHECK(make_silhouette(dark_on_light, yes).report.inverted);
  CHECK(make_silhouette(dark_on_light, yes).report.notes.empty());

  // A dark figure filling the whole frame has no light pixel to be the figure: not inverted.
  const Silhouette full = make_silhouette(cv::Mat1b(100, 100, uchar{0}), InputConfig{});
  CHECK(!full.report.inverted);
  CHECK(full.pattern.area_px == 100 * 100);

  // A border that is half dark (a figure cropped tightly) stays the usual dark-on-light.
  cv::Mat1b cropped(200, 200, uchar{255});
  cropped(cv::Rect(0, 0, 200, 120)) = 0;
  CHECK(!make_silhouette(cropped, InputConfig{}).report.inverted);

  // A transparent background: the opaque border pixels decide, and there are none.
  cv::Mat4b rgba(291, 291, cv::Vec4b(0, 0, 0, 0));
  rgba.setTo(cv::Vec4b(0, 0, 0, 255), dark_on_light < 128);
  const Silhouette on_alpha = make_silhouette(rgba, InputConfig{});
  CHECK(!on_alpha.report.inverted);
  CHECK(same_mask(on_alpha.pattern.puzzle, normal.pattern.puzzle));
  // The same figure in white on transparency: nothing dark, and the message says what to do.
  cv::Mat4b white_figure(291, 291, cv::Vec4b(0, 0, 0, 0));
  white_figure.setTo(cv::Vec4b(255, 255, 255, 255), dark_on_light < 128);
  CHECK(contains(input_error([&] { make_silhouette(white_figure, InputConfig{}); }),
                 "use invert = yes"));
  CHECK(same_mask(make_silhouette(white_figure, yes).pattern.puzzle, normal.pattern.puzzle));
}

TEST_CASE(
    "make_silhouette: specks are dropped and pinholes filled, counted in warnings; a real "
    "hole and a small real part are kept") {
  const cv::Mat1b clean_picture = test::figure_picture();
  const cv::Mat1b clean = make_silhouette(clean_picture, InputConfig{}).pattern.puzzle;

  cv::Mat1b noisy = clean_picture.clone();
  // A separate part as large as the small triangle (1/16 of the set): a real part, kept.
  cv::Mat1b canvas(291, 360, uchar{255});
  noisy.copyTo(canvas(cv::Rect(0, 0, 291, 291)));
  canvas(cv::Rect(300, 20, 50, 50)) = 0;  // 2500 px = 1/16 of 40000
  // 12 specks of 3 x 3 px on the paper, 5 pinholes of 2 x 2 px inside the pieces.
  for (int k = 0; k < 12; ++k) canvas(cv::Rect(300 + (k % 4) * 12, 120 + (k / 4) * 40, 3, 3)) = 0;
  const cv::Point pinholes[] = {{40, 150}, {60, 180}, {230, 120}, {150, 250}, {150, 40}};
  for (const cv::Point& p : pinholes) canvas(cv::Rect(p.x, p.y, 2, 2)) = 255;

  const Silhouette s = make_silhouette(canvas, InputConfig{});
  CHECK(s.report.specks_dropped == 12);
  CHECK(s.report.speck_pixels == 12 * 9);
  CHECK(s.report.holes_filled == 5);
  CHECK(s.report.hole_pixels == 5 * 4);
  REQUIRE(s.report.warnings.size() == 2);
  CHECK(s.report.warnings[0].rfind("dropped 12 specks, 108 pixels in all", 0) == 0);
  CHECK(s.report.warnings[1].rfind("filled 5 pinholes, 20 pixels in all", 0) == 0);
  cv::Mat1b expected(291, 360, uchar{0});
  clean.copyTo(expected(cv::Rect(0, 0, 291, 291)));
  expected(cv::Rect(300, 20, 50, 50)) = 255;
  CHECK(same_mask(s.pattern.puzzle, expected));

  InputConfig keep;
  keep.clean = false;
  const Silhouette kept = make_silhouette(canvas, keep);
  CHECK(kept.report.warnings.empty());
  CHECK(kept.pattern.area_px == s.pattern.area_px + 12 * 9 - 5 * 4);
}

TEST_CASE("make_silhouette: a component is a speck when under 1/64 of the area kept with it") {
  // A 100 x 100 figure and ten 11 x 11 blobs: each blob (121 px) is under 1/64 of the area it
  // would be kept with (10121 / 64 = 158), so all ten go.
  cv::Mat1b picture(300, 300, uchar{255});
  picture(cv::Rect(20, 20, 100, 100)) = 0;
  for (int k = 0; k < 10; ++k)
    picture(cv::Rect(150 + (k % 5) * 25, 150 + (k / 5) * 25, 11, 11)) = 0;
  const Silhouette s = make_silhouette(picture, InputConfig{});
  CHECK(s.report.specks_dropped == 10);
  CHECK(s.pattern.area_px == 100 * 100);
  // Blobs of 14 x 14 = 196 px are at least 1/64 of the area kept with them: parts, kept (the
  // solver will judge them).
  cv::Mat1b parts(300, 300, uchar{255});
  parts(cv::Rect(20, 20, 100, 100)) = 0;
  for (int k = 0; k < 2; ++k) parts(cv::Rect(150 + k * 25, 150, 14, 14)) = 0;
  CHECK(make_silhouette(parts, InputConfig{}).report.specks_dropped == 0);
}

TEST_CASE(
    "make_silhouette: an outline drawing is refused with how to fill it; fill_outline "
    "fills it and a drawn hole stays a hole") {
  const cv::Mat1b mask = make_silhouette(test::figure_picture(), InputConfig{}).pattern.puzzle;
  const cv::Mat1b drawing = test::draw_outline(test::figure(1.0), {291, 291}, 3);

  const std::string message = input_error([&] { make_silhouette(drawing, InputConfig{}); });
  CHECK(message.rfind("looks like an outline drawing", 0) == 0);
  CHECK(contains(message, "use fill_outline = true"));

  InputConfig fill;
  fill.fill_outline = true;
  const Silhouette s = make_silhouette(drawing, fill);
  CHECK(s.report.outline_regions_filled == 1);
  CHECK(at(s.pattern.puzzle, kInFigure) == 255);
  CHECK(at(s.pattern.puzzle, kInHole) == 0);
  // The strokes straddle the boundary; half their mean width is taken off again, so the
  // filled figure is the clean one up to about one pixel along the boundary.
  CHECK(std::abs(s.pattern.area_px - kFigureArea) < 0.02 * kFigureArea);
  CHECK(cv::countNonZero(s.pattern.puzzle != mask) < 0.02 * kFigureArea);
  REQUIRE(!s.report.warnings.empty());
  CHECK(contains(word_settings(s.report.warnings.back()),
                 "fill_outline = true: filled 1 enclosed region"));
}

TEST_CASE("make_silhouette: figures too thin for the pieces are refused; real figures pass") {
  cv::Mat1b line(300, 700, uchar{255});
  cv::line(line, {20, 150}, {680, 150}, cv::Scalar(0), 4);
  const std::string message = input_error([&] { make_silhouette(line, InputConfig{}); });
  CHECK(message.rfind("the figure is too thin for the pieces: its deepest pixel is", 0) == 0);
  CHECK(contains(message, "large triangle's inscribed circle"));

  cv::Mat1b bar(300, 500, uchar{255});  // 20 x 400: area 8000, set side 89, inradius 18.5 px
  bar(cv::Rect(50, 140, 400, 20)) = 0;
  CHECK(contains(input_error([&] { make_silhouette(bar, InputConfig{}); }), "too thin"));

  // An open thin curve encloses nothing: too thin, not an outline.
  cv::Mat1b open(300, 300, uchar{255});
  cv::ellipse(open, {150, 150}, {120, 120}, 0, 0, 300, cv::Scalar(0), 3);
  CHECK(contains(input_error([&] { make_silhouette(open, InputConfig{}); }), "too thin"));

  CHECK_NOTHROW(make_silhouette(test::figure_picture(), InputConfig{}));
  const std::vector<PlacedPiece> square = test::square_assembly(200.0, {110.0, 110.0}, 0.0);
  CHECK_NOTHROW(make_silhouette(255 - test::rasterise(square, {220, 220}), InputConfig{}));
  InputConfig unchecked;
  unchecked.check_tileable = false;
  CHECK_NOTHROW(make_silhouette(bar, unchecked));
}

TEST_CASE(
    "make_silhouette: a large picture is solved at a working resolution reduced by an "
    "integer factor; each working pixel is the majority of its block") {
  // The figure at scale 4 (set side 800 px) on 1300 x 1200: auto reduces by round(800/200) = 4.
  cv::Mat1b picture = test::draw(test::figure(4.0, {50.0, 30.0}), {1300, 1200}, 0, 255);
  const Silhouette s = make_silhouette(picture, InputConfig{});
  CHECK(s.report.work_scale == 4);
  CHECK(s.pattern.puzzle.size() == cv::Size(1300, 1200));
  CHECK(s.working.side_px == doctest::Approx(200.0).epsilon(0.01));
  REQUIRE(s.report.notes.size() == 1);
  CHECK(s.report.notes[0].rfind("large image: solving at 1/4 scale (", 0) == 0);
  CHECK(contains(s.report.notes[0], " px, set side 201 px instead of 802)"));

  // Oracle: count each block's puzzle pixels on the reduced 325 x 300 canvas; the working
  // raster is its crop to the figure's bounding box plus the margin.
  const int n = 4;
  cv::Mat1b expected(300, 325, uchar{0});
  for (int i = 0; i < 300; ++i)
    for (int j = 0; j < 325; ++j) {
      int count = 0;
      for (int r = i * n; r < (i + 1) * n; ++r)
        for (int c = j * n; c < std::min(1300, (j + 1) * n); ++c)
          count += s.pattern.puzzle(r, c) != 0;
      expected(i, j) = 2 * count >= n * n ? 255 : 0;
    }
  const cv::Rect box = cv::boundingRect(expected);
  const cv::Rect crop(s.report.work_offset, s.report.work_size);
  CHECK(crop == ((box + cv::Point(-kWorkMarginPx, -kWorkMarginPx) +
                  cv::Size(2 * kWorkMarginPx, 2 * kWorkMarginPx)) &
                 cv::Rect(0, 0, 325, 300)));
  CHECK(same_mask(s.working.puzzle, expected(crop)));

  InputConfig capped;
  capped.work_size_px = 500;  // longer side 1300 -> factor ceil(1300 / 500) = 3
  CHECK(make_silhouette(picture, capped).report.work_scale == 3);
  InputConfig full;
  full.work_size_px = 0;
  const Silhouette at_full = make_silhouette(picture, full);
  CHECK(at_full.report.work_scale == 1);
  CHECK(at_full.report.notes.empty());
  // Set side 200 (masks' scale) is left alone by auto; so is 300.
  CHECK(make_silhouette(test::figure_picture(), InputConfig{}).report.work_scale == 1);
  InputConfig tiny;
  tiny.work_size_px = 40;  // factor 33: the working figure is far too small
  CHECK(
      contains(input_error([&] { make_silhouette(picture, tiny); }), "use a larger work_size_px"));
}

TEST_CASE(
    "make_silhouette: a small figure on a large canvas is solved on its bounding box plus "
    "a margin; the usual 10 px margin is left alone") {
  cv::Mat1b canvas(1200, 1500, uchar{255});
  test::figure_picture().copyTo(canvas(cv::Rect(900, 700, 291, 291)));
  const Silhouette s = make_silhouette(canvas, InputConfig{});
  CHECK(s.report.work_scale == 1);
  CHECK(s.report.notes.empty());
  // The figure's bounding box with 16 px more on each side.
  const cv::Rect box = cv::boundingRect(s.pattern.puzzle);
  CHECK(box.x >= 900);
  CHECK(box.y >= 700);
  CHECK(s.report.work_offset == box.tl() - cv::Point(kWorkMarginPx, kWorkMarginPx));
  CHECK(s.report.work_size == box.size() + cv::Size(2 * kWorkMarginPx, 2 * kWorkMarginPx));
  CHECK(s.working.area_px == s.pattern.area_px);
  CHECK(same_mask(s.working.puzzle,
                  s.pattern.puzzle(cv::Rect(s.report.work_offset, s.report.work_size))));

  Solution working;
  working.solved = true;
  working.pieces = test::square_assembly(100.0, {60.0, 60.0}, 0.0);
  const Solution original = to_original_frame(working, s, PieceSet::tangram());
  CHECK(original.solved);
  const cv::Point offset = s.report.work_offset;
  CHECK(original.pieces[3].polygon[1].x == working.pieces[3].polygon[1].x + offset.x);
  CHECK(original.pieces[3].pose.centre.y == working.pieces[3].pose.centre.y + offset.y);

  const Silhouette usual = make_silhouette(test::figure_picture(), InputConfig{});
  CHECK(usual.report.work_offset == cv::Point(0, 0));
  CHECK(usual.working.puzzle.size() == usual.pattern.puzzle.size());
}

TEST_CASE(
    "make_silhouette: without crop the working raster is the whole picture, at the working "
    "resolution") {
  cv::Mat1b canvas(1200, 1500, uchar{255});
  test::figure_picture().copyTo(canvas(cv::Rect(900, 700, 291, 291)));
  InputConfig whole = InputConfig::referee_reading();
  whole.crop = false;
  const Silhouette s = make_silhouette(canvas, whole);
  CHECK(s.report.work_scale == 1);
  CHECK(s.report.work_offset == cv::Point(0, 0));
  CHECK(s.report.work_size == canvas.size());
  CHECK(s.working.puzzle.data == s.pattern.puzzle.data);  // the same raster, not a copy
  CHECK(s.working_unfilled.puzzle.data == s.pattern.puzzle.data);
  CHECK(same_mask(s.pattern.puzzle,
                  make_silhouette(canvas, InputConfig::referee_reading()).pattern.puzzle));

  Solution working;
  working.solved = true;
  working.pieces = test::square_assembly(100.0, {1000.0, 800.0}, 0.0);
  const Solution original = to_original_frame(working, s, PieceSet::tangram());
  CHECK(original.solved);
  CHECK(original.pieces[3].polygon[1].x == working.pieces[3].polygon[1].x);
  CHECK(original.pieces[3].pose.centre.y == working.pieces[3].pose.centre.y);

  InputConfig reduced;
  reduced.crop = false;
  reduced.work_size_px = 500;  // factor 3
  const Silhouette r = make_silhouette(canvas, reduced);
  CHECK(r.report.work_scale == 3);
  CHECK(r.report.work_offset == cv::Point(0, 0));
  CHECK(r.report.work_size == cv::Size(500, 400));
}

TEST_CASE(
    "to_original_frame: pieces scale by the working factor and are checked again at full "
    "resolution") {
  const int n = 5;
  const std::vector<PlacedPiece> truth = test::square_assembly(1000.0, {600.0, 550.0}, 0.0);
  const cv::Mat1b picture = 255 - test::rasterise(truth, {1200, 1100});
  const Silhouette s = make_silhouette(picture, InputConfig{});
  REQUIRE(s.report.work_scale == n);

  // The square spans 100-1100 x 50-1050 px, 20-220 x 10-210 reduced px: the working raster
  // starts 16 px before, at (4, 0).
  REQUIRE(s.report.work_offset == cv::Point(4, 0));
  Solution working;
  working.solved = true;
  working.pieces = test::square_assembly(200.0, {120.0 - 4.0, 110.0}, 0.0);
  VerifyReport check;
  const Solution original = to_original_frame(working, s, PieceSet::tangram(), &check);
  CHECK(original.solved);
  CHECK(check.valid);
  CHECK(original.stats.coverage > 0.999);
  for (std::size_t i = 0; i < truth.size(); ++i) {
    CAPTURE(i);
    CHECK(test::same_vertices(original.pieces[i].polygon, truth[i].polygon, 1e-9));
    CHECK(original.pieces[i].pose.centre.x == doctest::Approx(truth[i].pose.centre.x));
  }

  // An assembly shifted by 8 working pixels spills 4% of the area at full resolution: not
  // solved, with the reasons in the check.
  Solution shifted = working;
  for (PlacedPiece& piece : shifted.pieces) {
    for (Vec2& v : piece.polygon) v = v + Vec2{8.0, 0.0};
    piece.pose.centre = piece.pose.centre + Vec2{8.0, 0.0};
  }
  const Solution rejected = to_original_frame(shifted, s, PieceSet::tangram(), &check);
  CHECK(!rejected.solved);
  CHECK(!check.valid);
  CHECK(!check.reasons.empty());

  // At scale 1 nothing changes.
  const Silhouette small = make_silhouette(test::figure_picture(), InputConfig{});
  const Solution same = to_original_frame(working, small, PieceSet::tangram());
  CHECK(same.pieces[0].polygon[0].x == working.pieces[0].polygon[0].x);
}

TEST_CASE(
    "solve_silhouette: a reduced picture's answer carries the check the search made of it on "
    "the picture as read, the same as made afresh") {
  // The figure at scale 4 on 1300 x 1200: solved at 1/4 scale, the answer checked in full.
  const cv::Mat1b picture = test::draw(test::figure(4.0, {50.0, 30.0}), {1300, 1200}, 0, 255);
  const Silhouette s = make_silhouette(picture, InputConfig{});
  REQUIRE(checked_again_in_full(s));
  SolverConfig config;
  config.search.grid_search = false;  // the raster search, whose final check runs in full
  config.search.rotation_step_deg = 45.0;
  config.search.time_limit_s = 60.0;
  for (const int threads : {1, 2}) {
    CAPTURE(threads);
    config.search.threads = threads;
    const SilhouetteSolution result = solve_silhouette(s, config);
    REQUIRE(result.solution.solved);
    const VerifyReport fresh = full_resolution_check(s, result.solution.pieces, config.pieces);
    CHECK(result.full_check.valid);
    CHECK(result.full_check.metrics.coverage == fresh.metrics.coverage);
    CHECK(result.full_check.metrics.overlap == fresh.metrics.overlap);
    CHECK(result.full_check.metrics.spill == fresh.metrics.spill);
    CHECK(result.full_check.reasons == fresh.reasons);
    CHECK(result.solution.stats.coverage == fresh.metrics.coverage);
  }
}

TEST_CASE("to_original_frame: an assembly over filled pinholes is judged with them open") {
  // The seven-piece square (side 200 px at (10, 10)) with 144 pinholes of 3 x 3 px: 1296 px,
  // 3.3% of the area, each far under 1/64 of it, so all are filled for the search.
  const std::vector<PlacedPiece> truth = test::square_assembly(200.0, {110.0, 110.0}, 0.0);
  cv::Mat1b picture = 255 - test::rasterise(truth, {220, 220});
  for (int i = 0; i < 12; ++i)
    for (int j = 0; j < 12; ++j) picture(cv::Rect(20 + 15 * j, 20 + 15 * i, 3, 3)) = 255;
  const Silhouette s = make_silhouette(picture, InputConfig{});
  REQUIRE(s.report.holes_filled == 144);
  CHECK(s.unfilled.area_px == s.pattern.area_px - 1296);
  Solution working;
  working.solved = true;
  working.pieces = truth;
  VerifyReport check;
  const Solution judged = to_original_frame(working, s, PieceSet::tangram(), &check);
  CHECK_FALSE(judged.solved);  // the pieces cover the pinholes: 3.4% spill on the open reading
  CHECK(check.metrics.spill > 0.03);
  CHECK(contains(check.reasons.front(), "spill"));

  InputConfig keep;
  keep.clean = false;
  keep.check_tileable = false;  // the open pinholes leave no pixel deep enough
  const Silhouette raw = make_silhouette(picture, keep);
  CHECK(raw.unfilled.area_px == raw.pattern.area_px);
}

TEST_CASE(
    "load_pattern_png keeps the referee's reading; load_silhouette_png applies the config "
    "and names the file in errors") {
  const test::TempDir dir("silhouette");
  const std::string path = dir.file("inverted.png");
  REQUIRE(cv::imwrite(path, 255 - test::figure_picture()));
  // The referee reads dark pixels: the background with a figure-shaped hole.
  const Pattern referee = load_pattern_png(path);
  CHECK(at(referee.puzzle, {5.0, 5.0}) == 255);
  const Silhouette read = load_silhouette_png(path, InputConfig{});
  CHECK(read.report.inverted);
  CHECK(at(read.pattern.puzzle, {5.0, 5.0}) == 0);
  CHECK(at(read.pattern.puzzle, kInFigure) == 255);

  cv::Mat1b line(300, 700, uchar{255});
  cv::line(line, {20, 150}, {680, 150}, cv::Scalar(0), 4);
  REQUIRE(cv::imwrite(dir.file("line.png"), line));
  const std::string message =
      input_error([&] { load_silhouette_png(dir.file("line.png"), InputConfig{}); });
  CHECK(message.rfind("pattern " + dir.file("line.png") + ": the figure is too thin", 0) == 0);
  CHECK(message.find('\n') == std::string::npos);
}

TEST_CASE(
    "validate_input_config: the threshold and the work size are checked; invert mode "
    "names round-trip") {
  for (const double t : {0.0, 0.5, 256.0, std::nan("")}) {
    InputConfig config;
    config.threshold = t;
    CAPTURE(t);
    CHECK_THROWS_AS(validate_input_config(config), UsageError);
  }
  InputConfig config;
  config.work_size_px = -2;
  CHECK_THROWS_AS(validate_input_config(config), UsageError);
  CHECK_NOTHROW(validate_input_config(InputConfig{}));
  CHECK_NOTHROW(validate_input_config(InputConfig::referee_reading()));
  for (const InvertMode mode : {InvertMode::Auto, InvertMode::Yes, InvertMode::No})
    CHECK(invert_mode_from_name(invert_mode_name(mode)) == mode);
  CHECK(!invert_mode_from_name("maybe"));
}

TEST_CASE(
    "InputConfig::judging_reading: the recorded reading, else the referee's, at full "
    "resolution, uncropped, unchecked") {
  InputConfig recorded;
  recorded.threshold = 90.0;
  recorded.invert = InvertMode::Yes;
  recorded.work_size_px = 300;
  recorded.crop = true;
  recorded.check_tileable = true;
  const InputConfig judged = InputConfig::judging_reading(recorded);
  CHECK(judged.threshold == 90.0);
  CHECK(judged.invert == InvertMode::Yes);
  CHECK(judged.work_size_px == 0);
  CHECK_FALSE(judged.crop);
  CHECK_FALSE(judged.check_tileable);
  const InputConfig referee = InputConfig::judging_reading(std::nullopt);
  CHECK(referee.threshold == InputConfig::referee_reading().threshold);
  CHECK(referee.invert == InputConfig::referee_reading().invert);
  CHECK(referee.clean == InputConfig::referee_reading().clean);
  CHECK_FALSE(referee.crop);
}

TEST_CASE("rejection_reason: why an assembly of the working raster failed on the picture") {
  Silhouette silhouette;
  SilhouetteSolution result;
  CHECK(rejection_reason(silhouette, result).empty());  // nothing accepted, nothing rejected
  result.solved_working = true;
  result.full_check.reasons = {"coverage 0.93 < 0.95", "overlap 0.02 > 0.01"};
  silhouette.report.work_scale = 2;
  CHECK(rejection_reason(silhouette, result) ==
        "solved at 1/2 scale, rejected at full resolution: coverage 0.93 < 0.95; overlap 0.02 > "
        "0.01;");
  silhouette.report.work_scale = 1;
  CHECK(rejection_reason(silhouette, result) ==
        "solved with the pinholes filled, rejected with them open (they are outside, as for the "
        "referee): coverage 0.93 < 0.95; overlap 0.02 > 0.01;");
  result.solution.solved = true;  // accepted at full resolution too
  CHECK(rejection_reason(silhouette, result).empty());
}
