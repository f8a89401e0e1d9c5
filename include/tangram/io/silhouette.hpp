#pragma once
/// \file silhouette.hpp
/// From a decoded picture to the puzzle (docs/design/io.md).

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

/// Auto inversion: the share of the opaque border pixels that must be dark.
inline constexpr double kAutoInvertBorderShare = 0.75;

/// Specks and pinholes: under this share of the figure's area.
inline constexpr double kSpeckAreaShare = 1.0 / 64.0;

/// Inscribed-circle radius of the Tangram's large triangle in piece units: (sqrt 2 - 1) / 2.
inline constexpr double kLargeTriangleInradius = 0.20710678118654752;

/// Too thin: depth below this share of the thickest piece's inradius.
inline constexpr double kThinDepthShare = 0.75;

/// Automatic working resolution: figures of a larger set side (px) are reduced.
inline constexpr double kAutoWorkMaxSidePx = 300.0;
/// Target working set side (px) of the automatic working resolution.
inline constexpr double kAutoWorkSidePx = 200.0;

/// Margin (working px) kept around the figure's bounding box when the working raster is cropped.
inline constexpr int kWorkMarginPx = 16;

/// InputConfig::work_size_px value for the automatic working resolution.
inline constexpr int kWorkSizeAuto = -1;

/// How a picture is read (make_silhouette()).
struct InputConfig {
  /// Dark means luminance < threshold, on the 8-bit scale; in [1, 255].
  double threshold = 128.0;
  InvertMode invert = InvertMode::Auto;
  bool clean = true;           ///< drop specks and fill pinholes
  bool fill_outline = false;   ///< fill the regions enclosed by an outline drawing
  bool check_tileable = true;  ///< refuse outline drawings and figures too thin for the pieces
  /// The thickest piece: its inradius per set side and name (read_for_set()).
  double thickest_inradius = kLargeTriangleInradius;
  std::string thickest_piece = "large triangle";
  /// kWorkSizeAuto, 0 = full resolution, or PX > 0: the longer side reduced to at most PX.
  int work_size_px = kWorkSizeAuto;
  /// Crop the working raster to the figure's bounding box plus kWorkMarginPx.
  bool crop = true;

  /// The benchmark referee's reading: threshold 128; nothing inverted, cleaned or reduced.
  static InputConfig referee_reading();

  /// How a solution is judged: its recorded reading or the referee's, full size, no checks.
  static InputConfig judging_reading(const std::optional<InputConfig>& recorded);
};

/// `config` with the tileability check measured against `set`'s thickest piece.
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
  /// `pattern` with its pinholes left open: a final assembly must also pass on it.
  Pattern unfilled;
  /// What the solver works on: `pattern` reduced and cropped.
  Pattern working;
  /// `unfilled` in the working frame: solve()'s `judge`.
  Pattern working_unfilled;
  InputReport report;
};

/// Checks the ranges of an InputConfig; throws UsageError naming the command-line option.
void validate_input_config(const InputConfig& config);

/// Reads a decoded picture (8 or 16 bit, 1 to 4 channels). Throws InputError, UsageError.
Silhouette make_silhouette(const cv::Mat& image, const InputConfig& config);

/// Pieces in the picture's frame mapped to the working raster's (to_original_frame() undone).
std::vector<PlacedPiece> to_working_frame(std::vector<PlacedPiece> pieces,
                                          const Silhouette& silhouette);

/// Pieces on silhouette.working in the original's frame (to_working_frame() undone).
std::vector<PlacedPiece> to_original_pieces(std::vector<PlacedPiece> pieces,
                                            const Silhouette& silhouette);

/// Whether an assembly on silhouette.working is checked again on the picture as read: the
/// working raster is reduced, or its pinholes were filled.
bool checked_again_in_full(const Silhouette& silhouette);

/// The check of pieces in the original's frame on the picture as read (pinholes open).
VerifyReport full_resolution_check(const Silhouette& silhouette,
                                   const std::vector<PlacedPiece>& original, const PieceSet& set);

/// A solution on silhouette.working in the original's frame, checked again on `unfilled` when
/// reduced or filled (into `check`, if given); `known`, if given, is that check of these
/// pieces, made already.
Solution to_original_frame(const Solution& working, const Silhouette& silhouette,
                           const PieceSet& set, VerifyReport* check = nullptr,
                           const VerifyReport* known = nullptr);

}  // namespace tangram
