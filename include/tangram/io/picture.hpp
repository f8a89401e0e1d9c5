#pragma once
/// \file picture.hpp
/// Pictures of assemblies with caption and legend (docs/design/io.md); the words of outcomes.

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/piece_set.hpp"
#include "tangram/core/puzzle/solution.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/core/solve/solve.hpp"

namespace tangram {

/// The colour (BGR) of piece slot `slot` (the slot-th of PieceSet::order()); 64 repeat.
cv::Scalar piece_colour(std::size_t slot);

namespace detail {
/// CIELAB of a BGR colour (sRGB, D65 white, L in [0, 100]): cv::cvtColor's COLOR_BGR2Lab on
/// floats, without the tables OpenCV builds on its first call.
cv::Vec3f cielab(const cv::Vec3b& bgr);
}  // namespace detail

/// The colour (BGR) of the puzzle area under the pieces: light grey (225, 225, 225).
cv::Scalar puzzle_colour();

/// The colour (BGR) of the pieces' outlines: dark grey (40, 40, 40).
cv::Scalar outline_colour();

/// The colour (BGR) of a caption's first line: green, orange (invalid) or red.
cv::Scalar caption_colour(Outcome outcome);

/// A BGR colour as "#rrggbb" (SVG, CSS).
std::string colour_hex(const cv::Scalar& bgr);

/// The legend's names per slot: the shape's, "NAME k/n" for copies.
std::vector<std::string> piece_labels(const PieceSet& set);

/// The slot of each piece (k-th of a shape: its k-th copy; extra ones from piece_count()).
std::vector<std::size_t> piece_slots(const PieceSet& set, const std::vector<PlacedPiece>& pieces);

/// What the caption of a picture says.
struct PictureCaption {
  Outcome outcome = Outcome::Exhausted;
  /// Why, when not solved (one line, ASCII).
  std::string reason;
  double coverage = 0.0;  ///< share of the puzzle area covered by the pieces shown
  int placed = 0;         ///< pieces shown
  int pieces = 0;         ///< pieces of the set
};

/// Why a solve did not solve ("time limit of 10 s reached", ...); empty when solved.
std::string unsolved_reason(const Solution& solution, const SolverConfig& config);

/// The rotations a solve searched last: "45-degree steps", "45-degree steps from 11.02 deg".
std::string rotation_words(const SolveStats& stats, const SolverConfig& config);

/// The caption of a solve's result.
PictureCaption solution_caption(const Solution& solution, const SolverConfig& config);

/// The caption of an assembly that `check` rejected after the search (Outcome::Invalid).
PictureCaption rejected_caption(const Solution& solution, const SolverConfig& config,
                                const VerifyReport& check);

/// The first word(s) of a caption: "solved", "INVALID", "NOT SOLVED".
std::string outcome_headline(Outcome outcome);

/// A few words for an outcome ("time limit", ...); empty for Solved.
std::string outcome_short_reason(Outcome outcome);

/// The caption as lines: "solved, coverage 0.980" or "NOT SOLVED: REASON", then pieces placed.
std::vector<std::string> caption_lines(const PictureCaption& caption);

/// The assembly alone at `scale` (>= 1) times the pattern's size.
cv::Mat3b render_assembly(const Pattern& pattern, const std::vector<PlacedPiece>& pieces,
                          const PieceSet& set, int scale = 2);

/// `text` wrapped at spaces to `width` by `width_of` (a longer word stays whole).
std::vector<std::string> wrap_at_spaces(const std::string& text, double width,
                                        const std::function<double(const std::string&)>& width_of);

/// `picture` fitted into a `size_px` square less `margin_px`, centred on white.
cv::Mat3b fit_picture(const cv::Mat3b& picture, int size_px, int margin_px);

/// A legend at least `width` px wide, slots not in `shown` (when given) hollow.
cv::Mat3b render_legend(const PieceSet& set, int width, double font_scale,
                        const std::vector<std::size_t>* shown = nullptr);

/// render_assembly() above the caption and legend; at least 340 px wide, no text cut.
cv::Mat3b render_solution(const Pattern& pattern, const Solution& solution, const PieceSet& set,
                          const PictureCaption& caption, int scale = 2);

/// The rows of a render_solution() picture above its caption (the grey rule under the
/// assembly); all of `picture` when it has no such rule.
int assembly_rows(const cv::Mat& picture);

}  // namespace tangram
