#pragma once
/// \file picture.hpp
/// Pictures of assemblies that explain themselves: the assembly, and in a band below it a
/// caption (solved with its coverage, or NOT SOLVED and why) and a legend (each piece's colour
/// and name, copies of a shape numbered). The words of outcomes are here too, for the other
/// front ends (the command line's summary, the compare montage, the report's gallery).
///
/// Colours belong to the pieces of the set, not to the order an assembly lists them in: piece
/// slot k is the k-th piece of PieceSet::order() (largest first, copies of a shape adjacent),
/// and it has the same colour in every picture of that set.

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

/// The colour (BGR) of piece slot `slot`. Slots 0-6 keep a muted qualitative palette (the
/// matplotlib "tab10" colours without its grey); later slots extend it with colours chosen one
/// by one to lie as far as possible (CIELAB distance) from the ones before and from the
/// picture's white, light grey puzzle and dark outlines, so that sets of more than seven pieces
/// stay distinguishable. The palette repeats after 64 slots.
cv::Scalar piece_colour(std::size_t slot);

/// The colour (BGR) of the puzzle area under the pieces: light grey (225, 225, 225).
cv::Scalar puzzle_colour();

/// The colour (BGR) of the pieces' outlines: dark grey (40, 40, 40).
cv::Scalar outline_colour();

/// The colour (BGR) of a caption's first line: dark green when solved, orange when invalid,
/// red when not solved.
cv::Scalar caption_colour(Outcome outcome);

/// A BGR colour as "#rrggbb" (SVG, CSS).
std::string colour_hex(const cv::Scalar& bgr);

/// The legend's names of a set's pieces, one per slot (PieceSet::order()): the shape's name,
/// and for a shape with copies "NAME k/n" ("large-triangle 1/2", "large-triangle 2/2").
std::vector<std::string> piece_labels(const PieceSet& set);

/// The slot of each piece of an assembly: the k-th piece of a shape in `pieces` is that shape's
/// k-th copy. Pieces beyond the set's copies of their shape get slots after the set's pieces
/// (piece_count(), piece_count() + 1, ...), in the order they come.
std::vector<std::size_t> piece_slots(const PieceSet& set, const std::vector<PlacedPiece>& pieces);

/// What the caption of a picture says.
struct PictureCaption {
  Outcome outcome = Outcome::Exhausted;
  /// Why, in words, when not solved (one line, ASCII): unsolved_reason() for a solve's outcome,
  /// the checker's reasons for Invalid.
  std::string reason;
  double coverage = 0.0;  ///< share of the puzzle area covered by the pieces shown
  int placed = 0;         ///< pieces shown
  int pieces = 0;         ///< pieces of the set
};

/// Why a solve did not solve, in words (ASCII, no final stop); empty when solved:
///   TimeLimit  "time limit of 10 s reached"
///   Exhausted  "search space exhausted at 45-degree steps"
///   Impossible "impossible at 45-degree steps: the large-triangle fits nowhere in the figure",
///              "impossible at 45-degree steps: 3 separate parts that no piece fits in hold
///              6.0% of the figure (at most 5% may stay uncovered)"
/// The rotations are those the search ran last (SolveStats::rotation_step_deg, offset as in
/// rotation_words()); `config`: the settings it was solved with (time limit, the set's names).
std::string unsolved_reason(const Solution& solution, const SolverConfig& config);

/// The rotations a solve searched last, in words: "45-degree steps", "1-degree steps",
/// "45-degree steps from 11.02 deg" (with an offset); `config`'s step when the stats hold none.
std::string rotation_words(const SolveStats& stats, const SolverConfig& config);

/// The caption of a solve's result: its outcome (outcome_of), unsolved_reason(), its coverage
/// (SolveStats) and how many of the set's pieces it shows.
PictureCaption solution_caption(const Solution& solution, const SolverConfig& config);

/// The caption of an assembly that a check after the search rejected (Outcome::Invalid): the
/// checker's reasons ("rejected by the checker: coverage 0.9312 < 0.9500") and its coverage.
PictureCaption rejected_caption(const Solution& solution, const SolverConfig& config,
                                const VerifyReport& check);

/// The first word(s) of a caption: "solved", "INVALID", "NOT SOLVED".
std::string outcome_headline(Outcome outcome);

/// A few words for an outcome where there is no room for the reason: "time limit",
/// "search space exhausted", "impossible", "rejected by the checker"; empty for Solved.
std::string outcome_short_reason(Outcome outcome);

/// The caption as lines of text: "solved, coverage 0.980" or "NOT SOLVED: REASON" (INVALID:
/// ...), then "5 of 7 pieces placed, coverage 0.812" when not every piece is shown or not
/// solved.
std::vector<std::string> caption_lines(const PictureCaption& caption);

/// The assembly alone, `scale` (>= 1) times the pattern's size: the pattern in light grey on
/// white, each piece filled in its slot's colour (piece_colour, piece_slots) and outlined in
/// dark grey. Pattern pixel (x, y) is the scale x scale block at (x * scale, y * scale).
cv::Mat3b render_assembly(const Pattern& pattern, const std::vector<PlacedPiece>& pieces,
                          const PieceSet& set, int scale = 2);

/// `text` cut into lines at spaces, each at most `width` wide by `width_of` when it can be (a
/// single word wider than that stays whole): how captions wrap, in a PNG and in an SVG.
std::vector<std::string> wrap_at_spaces(const std::string& text, double width,
                                        const std::function<double(const std::string&)>& width_of);

/// `picture` shrunk or enlarged to fit a `size_px` square less `margin_px` on each side, its
/// aspect kept, centred on white: a cell of a montage.
cv::Mat3b fit_picture(const cv::Mat3b& picture, int size_px, int margin_px);

/// A legend `width` pixels wide (wider when one entry needs more): one entry per piece of the
/// set, a swatch of its colour and its label (piece_labels), row by row in as many columns as
/// fit. Pieces whose slot is not in `shown` (when given) have a hollow swatch and grey text.
/// `font_scale`: of OpenCV's Hershey simplex font.
cv::Mat3b render_legend(const PieceSet& set, int width, double font_scale,
                        const std::vector<std::size_t>* shown = nullptr);

/// render_assembly() with a white band below it holding the caption (caption_lines(), in
/// green when solved, orange when invalid, red when not solved) and the legend of the set
/// (render_legend(), the pieces not in the assembly hollow). The assembly keeps its pixel frame
/// (its top-left corner is the picture's); the picture is at least 340 px wide, white to the
/// right of the assembly when it is narrower, and no text is cut: a caption line too long for
/// the width is wrapped at spaces. Text is ASCII in OpenCV's Hershey simplex font, at a size
/// that grows with `scale`.
cv::Mat3b render_solution(const Pattern& pattern, const Solution& solution, const PieceSet& set,
                          const PictureCaption& caption, int scale = 2);

}  // namespace tangram
