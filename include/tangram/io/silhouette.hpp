#pragma once
/// \file silhouette.hpp
/// From a decoded picture to the puzzle: how scans, screenshots and exports are read.
///
/// make_silhouette() runs these steps, each reported in an InputReport:
///  1. Threshold: a pixel is *dark* when its luminance (ITU-R BT.601, on the 8-bit scale) is
///     below `threshold` and *opaque* when it has no alpha channel or alpha >= 128 (8-bit scale).
///     Anti-aliased edges are split at the threshold; 128 puts the edge where the coverage is
///     half, as the referee does.
///  2. Polarity: the puzzle is the dark opaque pixels, or with inversion the light opaque ones.
///     InvertMode::Auto inverts when at least kAutoInvertBorderShare of the opaque pixels on the
///     image's outer ring are dark (the background is what touches the border) and some opaque
///     pixel is light; a note says so.
///  3. Cleaning (`clean`): specks and pinholes are removed, with a warning each. The scale is
///     implied by the area, so the rule is relative: the smallest piece, the small triangle, is
///     1/16 of the set, and anything under a quarter of it (1/64 of the figure's area) cannot
///     hold a piece. Dark 8-connected components are kept largest first while each is at least
///     1/64 of the area kept so far including itself; the first one that fails and every
///     component no larger are *specks* and are dropped. Then light 4-connected regions that do
///     not reach the image border (*holes*) smaller than 1/64 of the remaining area are filled.
///     On masks/ and the 508 benchmark figures (../shared/benchmarks, kilogram-dev and
///     kilogram-dev-rotated) no part and no real hole is under 6.2% of the area; 37 of them have
///     pinholes of 1-116 px between pieces, which are filled.
///  4. Outline drawings (`fill_outline`): with the flag, light regions enclosed by an odd number
///     of dark strokes (even-odd rule, so the hole of a drawn figure with a hole stays a hole)
///     become puzzle. Without it, a figure that is too thin (step 5) and whose enclosed light
///     regions outweigh it is refused as an outline drawing, saying how to fill it.
///  5. Tileability (`check_tileable`): every piece is placed, so the thickest piece's inscribed
///     circle must fit (the Tangram's large triangle: radius (sqrt 2 - 1)/2 = 0.207 set sides;
///     another set's with read_for_set()). A figure whose deepest pixel
///     (Euclidean distance transform, pixels beyond the border count as outside) is less than
///     kThinDepthShare of that radius at set side sqrt(area) is refused as too thin. The least
///     deep of those 511 figures reaches 0.99 of the radius.
///  6. Working resolution (`work_size_px`): the solver works best at the scale it is tuned for
///     (set side ~200 px, as in masks/ and the benchmark). A large image is reduced by an
///     integer factor n: reduced pixel (i, j) is the n x n block of original pixels
///     [n j, n j + n) x [n i, n i + n) (pixels beyond the image are outside) and is puzzle when
///     at least half of the block is. The working raster is then cropped to the figure's
///     bounding box plus kWorkMarginPx (within the image), so that a small figure on a large
///     canvas costs what the figure costs; pictures with the usual 10 px margin are not cropped.
///     Without `crop` the working raster is the whole (reduced) picture.
///     A point maps back as x_original = n * (x_working + offset.x), likewise y, so the pieces
///     stay congruent; to_original_frame() does it.
///
/// Steps 3 to 5 work on the full-resolution mask, so thin strokes are judged before reduction.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/solution.hpp"
#include "tangram/core/puzzle/verify.hpp"

namespace tangram {

/// Which pixels are the puzzle: the dark ones, the light ones, or decided from the border.
enum class InvertMode { Auto, Yes, No };

/// "auto", "yes", "no".
std::string_view invert_mode_name(InvertMode mode);

/// Inverse of invert_mode_name; nullopt for an unknown name.
std::optional<InvertMode> invert_mode_from_name(std::string_view name);

/// Auto inversion: share of the opaque border pixels that must be dark. Three quarters rather
/// than a bare majority: a figure cropped tightly touches the border too, and dark on light is
/// the convention (the paper's and the referee's), so ties go to "not inverted".
inline constexpr double kAutoInvertBorderShare = 0.75;

/// Specks and pinholes: under this share of the figure's area (a quarter of the small triangle,
/// which is 1/16 of the set).
inline constexpr double kSpeckAreaShare = 1.0 / 64.0;

/// Inscribed-circle radius of the large triangle in piece units (set side 1):
/// area / semi-perimeter = 0.25 / ((1 + sqrt 2) / 2) = (sqrt 2 - 1) / 2.
inline constexpr double kLargeTriangleInradius = 0.20710678118654752;

/// A figure is too thin when its depth (px) is below this share of the large triangle's
/// inscribed radius at its set side: a 25% margin for rasterisation and ragged scanned edges.
inline constexpr double kThinDepthShare = 0.75;

/// Automatic working resolution: images whose set side sqrt(area) exceeds kAutoWorkMaxSidePx
/// are reduced by the integer factor nearest to side / kAutoWorkSidePx, giving a working set
/// side of 150-250 px. Smaller figures are solved as they are.
inline constexpr double kAutoWorkMaxSidePx = 300.0;
/// Target working set side (px) of the automatic working resolution.
inline constexpr double kAutoWorkSidePx = 200.0;

/// Margin (working px) kept around the figure's bounding box when the working raster is
/// cropped: more than the 10 px of masks/ and of the benchmark figures, which therefore are
/// solved uncropped, as before.
inline constexpr int kWorkMarginPx = 16;

/// InputConfig::work_size_px value for the automatic working resolution.
inline constexpr int kWorkSizeAuto = -1;

/// How a picture is read (see the file comment for each step).
struct InputConfig {
  /// Luminance threshold on the 8-bit scale (16-bit images are scaled by 1/257): dark means
  /// luminance < threshold. In [1, 255].
  double threshold = 128.0;
  InvertMode invert = InvertMode::Auto;
  bool clean = true;           ///< drop specks and fill pinholes
  bool fill_outline = false;   ///< fill the regions enclosed by an outline drawing
  bool check_tileable = true;  ///< refuse outline drawings and figures too thin for the pieces
  /// The piece the tileability check measures the figure's depth against: the set's piece with
  /// the largest inscribed circle, its radius per set side (the square root of the set's
  /// area), and its name in messages. The Tangram's large triangle by default;
  /// read_for_set() sets them for another set.
  double thickest_inradius = kLargeTriangleInradius;
  std::string thickest_piece = "large triangle";
  /// Working resolution: kWorkSizeAuto (see kAutoWorkMaxSidePx), 0 = full resolution, or
  /// PX > 0 = the smallest integer factor that brings the longer image side to at most PX.
  int work_size_px = kWorkSizeAuto;
  /// Crop the working raster to the figure's bounding box plus kWorkMarginPx (step 6); without
  /// it the solver works on the whole picture (at the working resolution).
  bool crop = true;

  /// The referee's reading (../shared/tools/tangram-referee): threshold 128, no inversion, no
  /// cleaning, no checks, full resolution. load_pattern_png(path) reads with it.
  static InputConfig referee_reading();

  /// How a solution is judged (`tangram verify`, the Python module's verify() and render()):
  /// the reading it records, else the referee's, always at full resolution, uncropped and
  /// without the tileability checks: judging reads a figure, it does not prepare it for the
  /// search.
  static InputConfig judging_reading(const std::optional<InputConfig>& recorded);
};

/// `config` with the tileability check measured against `set`'s thickest piece (its largest
/// inscribed circle; InputConfig::thickest_inradius). The Tangram's (the built-in set's name)
/// is the default, kLargeTriangleInradius, exactly.
InputConfig read_for_set(InputConfig config, const PieceSet& set);

/// What make_silhouette() did to the picture.
struct InputReport {
  cv::Size image_size;             ///< original picture (px)
  bool inverted = false;           ///< the puzzle is the light pixels
  double border_dark_share = 0.0;  ///< share of the opaque border pixels that are dark
  int specks_dropped = 0;          ///< dark components removed
  long speck_pixels = 0;           ///< their pixels
  int holes_filled = 0;            ///< pinholes filled (not counting outline filling)
  long hole_pixels = 0;            ///< their pixels
  int outline_regions_filled = 0;  ///< regions filled by fill_outline
  long outline_pixels = 0;         ///< their pixels
  double depth_px = 0.0;           ///< deepest puzzle pixel's distance to the outside (px)
  int work_scale = 1;              ///< n: one working pixel is n x n original pixels
  cv::Point work_offset;           ///< the working raster's origin in reduced pixels
  cv::Size work_size;              ///< working raster (px)
  /// One-line sentences about decisions taken (inversion, working resolution), no prefix.
  std::vector<std::string> notes;
  /// One-line sentences about pixels changed (specks, pinholes, filled outline), no prefix.
  std::vector<std::string> warnings;
};

/// A picture read as a puzzle.
struct Silhouette {
  Pattern pattern;  ///< full resolution, the original's pixel frame: what pieces are judged on
  /// `pattern` with its pinholes left open (equal to `pattern` when none were filled): enclosed
  /// gaps are outside for the referee, so a final assembly must also pass on this reading.
  Pattern unfilled;
  /// What the solver works on: `pattern` reduced by report.work_scale and cropped at
  /// report.work_offset (the same object as `pattern` when neither happens).
  Pattern working;
  /// `unfilled` in the working frame (equal to `working` when no pinhole was filled): what the
  /// search judges its final assemblies on (solve()'s `judge`).
  Pattern working_unfilled;
  InputReport report;
};

/// Checks the ranges of an InputConfig; throws UsageError naming the command-line option.
void validate_input_config(const InputConfig& config);

/// Reads a decoded picture (8 or 16 bit; 1 grey, 2 grey+alpha, 3 BGR or 4 BGRA channels, as
/// cv::imdecode gives them). Throws InputError with a one-line message (no file name) for an
/// unsupported format, no puzzle pixels, a figure too small (make_pattern), an outline drawing
/// or a figure too thin for the pieces; UsageError for an invalid config.
Silhouette make_silhouette(const cv::Mat& image, const InputConfig& config);

/// The assembly of `working` (found on silhouette.working) in the original's pixel frame:
/// centres and vertices plus report.work_offset, times report.work_scale. When the scale is not
/// 1 or pinholes were filled, coverage, overlap and spill are measured again with
/// verify_solution() on the full-resolution pattern with its pinholes open (`unfilled`: the
/// referee's reading), and the solution counts as solved only if that check accepts it too;
/// `check` (optional) receives the check. Otherwise only the crop's offset is added (the
/// measures do not change) and `check` is left untouched. `set`: the solution's pieces.
Solution to_original_frame(const Solution& working, const Silhouette& silhouette,
                           const PieceSet& set, VerifyReport* check = nullptr);

}  // namespace tangram
