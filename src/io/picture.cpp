#include "tangram/io/picture.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "tangram/core/base/error.hpp"
#include "tangram/core/base/format.hpp"
#include "tangram/core/figure/corner_angles.hpp"

namespace tangram {

namespace {

using detail::fixed;
using detail::general;

/// The first colours (BGR): matplotlib's "tab10" without its grey, which the puzzle's grey
/// would hide. The first seven are the Tangram's pieces in placement order.
constexpr std::array<std::array<int, 3>, 9> kFixedColours = {{
    {180, 119, 31},   // blue
    {14, 127, 255},   // orange
    {44, 160, 44},    // green
    {40, 39, 214},    // red
    {189, 103, 148},  // purple
    {75, 86, 140},    // brown
    {194, 119, 227},  // pink
    {34, 189, 188},   // olive
    {207, 190, 23},   // cyan
}};

/// Slots of the palette before it repeats.
constexpr std::size_t kPaletteSize = 64;

/// Colours of the picture itself, which pieces must stand out from (BGR).
const cv::Vec3b kWhite(255, 255, 255);
const cv::Vec3b kPuzzleGrey(225, 225, 225);
/// The rule between an assembly and its caption, across the whole picture.
constexpr unsigned char kRuleGrey = 200;
const cv::Vec3b kOutline(40, 40, 40);

/// Fractional bits of the fixed-point vertices handed to OpenCV's polygon drawing.
constexpr int kShiftBits = 8;

constexpr int kFont = cv::FONT_HERSHEY_SIMPLEX;
/// Narrowest picture render_solution() makes: room for a caption of a few words a line and a
/// legend entry at the largest font.
constexpr int kMinPictureWidth = 340;

/// CIELAB coordinates of BGR colours (detail::cielab()).
std::vector<cv::Vec3f> to_lab(const std::vector<cv::Vec3b>& colours) {
  std::vector<cv::Vec3f> out;
  for (const cv::Vec3b& colour : colours) out.push_back(detail::cielab(colour));
  return out;
}

/// The palette: the fixed colours, then greedily the candidate farthest (smallest CIELAB
/// distance to the colours taken and to the picture's own colours, largest) from a grid of hues
/// every 10 degrees at three saturations and three values; ties to the first candidate.
std::vector<cv::Scalar> make_palette() {
  std::vector<cv::Vec3b> taken;
  for (const auto& c : kFixedColours)
    taken.emplace_back(static_cast<uchar>(c[0]), static_cast<uchar>(c[1]),
                       static_cast<uchar>(c[2]));
  std::vector<cv::Vec3b> candidates;
  for (int hue = 0; hue < 180; hue += 5)  // OpenCV's 8-bit hue is degrees / 2
    for (const int saturation : {128, 191, 255})
      for (const int value : {140, 191, 242}) {
        cv::Mat3b hsv(1, 1,
                      cv::Vec3b(static_cast<uchar>(hue), static_cast<uchar>(saturation),
                                static_cast<uchar>(value)));
        cv::Mat3b bgr;
        cv::cvtColor(hsv, bgr, cv::COLOR_HSV2BGR);
        candidates.push_back(bgr(0, 0));
      }
  const std::vector<cv::Vec3f> candidate_lab = to_lab(candidates);
  std::vector<float> nearest(candidates.size(), std::numeric_limits<float>::max());
  const auto keep_away_from = [&](const cv::Vec3b& colour) {
    const cv::Vec3f lab = to_lab({colour}).front();
    for (std::size_t i = 0; i < candidates.size(); ++i)
      nearest[i] = std::min(nearest[i], static_cast<float>(cv::norm(candidate_lab[i] - lab)));
  };
  for (const cv::Vec3b& colour : {kWhite, kPuzzleGrey, kOutline}) keep_away_from(colour);
  for (const cv::Vec3b& colour : taken) keep_away_from(colour);
  while (taken.size() < kPaletteSize) {
    const std::size_t best = static_cast<std::size_t>(
        std::max_element(nearest.begin(), nearest.end()) - nearest.begin());
    taken.push_back(candidates[best]);
    keep_away_from(candidates[best]);
  }
  std::vector<cv::Scalar> palette;
  for (const cv::Vec3b& c : taken) palette.emplace_back(c[0], c[1], c[2]);
  return palette;
}

/// Text drawing at one font size.
struct Pen {
  double font_scale = 0.5;

  cv::Size size(const std::string& text) const {
    int baseline = 0;
    return cv::getTextSize(text, kFont, font_scale, 1, &baseline);
  }
  /// Height of a line of text, gaps included.
  int line_height() const { return size("Ag").height * 7 / 4 + 3; }
  /// Draws `text` with its line's top at `top`.
  void write(cv::Mat3b& image, const std::string& text, cv::Point top_left,
             const cv::Scalar& colour) const {
    const int ascent = size("A").height;
    const int y = top_left.y + (line_height() + ascent) / 2;
    cv::putText(image, text, cv::Point(top_left.x, y), kFont, font_scale, colour, 1, cv::LINE_AA);
  }
};

/// Font scale of the band under a picture drawn `scale` times the pattern's size.
double band_font_scale(int scale) { return std::min(0.42 + 0.14 * (scale - 1), 0.7); }

}  // namespace

cv::Scalar puzzle_colour() { return cv::Scalar(kPuzzleGrey[0], kPuzzleGrey[1], kPuzzleGrey[2]); }

cv::Scalar outline_colour() { return cv::Scalar(kOutline[0], kOutline[1], kOutline[2]); }

cv::Scalar caption_colour(Outcome outcome) {
  switch (outcome) {
    case Outcome::Solved: return cv::Scalar(40, 110, 30);
    case Outcome::Invalid: return cv::Scalar(0, 100, 230);
    default: return cv::Scalar(30, 30, 200);
  }
}

std::string rotation_words(const SolveStats& stats, const SolverConfig& config) {
  const bool recorded = stats.rotation_step_deg > 0.0;
  const double step = recorded ? stats.rotation_step_deg : config.search.rotation_step_deg;
  const double offset = recorded ? stats.rotation_offset_deg : config.search.rotation_offset_deg;
  return general(step) + "-degree steps" +
         (offset != 0.0 ? " from " + fixed(offset, 2) + " deg" : std::string());
}

cv::Vec3f detail::cielab(const cv::Vec3b& bgr) {
  const auto linear = [](double c) {
    c /= 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
  };
  // Above (6/29)^3 the cube root, below the line that meets it there.
  const auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116.0; };
  const double r = linear(bgr[2]), g = linear(bgr[1]), b = linear(bgr[0]);
  // sRGB to XYZ, each row divided by the D65 white's coordinate.
  const double x = (0.412453 * r + 0.357580 * g + 0.180423 * b) / 0.950456;
  const double y = 0.212671 * r + 0.715160 * g + 0.072169 * b;
  const double z = (0.019334 * r + 0.119193 * g + 0.950227 * b) / 1.088754;
  const double l = y > 0.008856 ? 116.0 * std::cbrt(y) - 16.0 : 903.3 * y;
  return {static_cast<float>(l), static_cast<float>(500.0 * (f(x) - f(y))),
          static_cast<float>(200.0 * (f(y) - f(z)))};
}

cv::Scalar piece_colour(std::size_t slot) {
  static const std::vector<cv::Scalar> palette = make_palette();
  return palette[slot % palette.size()];
}

std::vector<std::string> piece_labels(const PieceSet& set) {
  std::vector<std::string> labels;
  std::map<ShapeId, int> seen;
  for (const ShapeId shape : set.order()) {
    const int count = set.shape(shape).count;
    const int copy = ++seen[shape];
    labels.push_back(set.shape_name(shape) +
                     (count > 1 ? " " + std::to_string(copy) + "/" + std::to_string(count) : ""));
  }
  return labels;
}

std::vector<std::size_t> piece_slots(const PieceSet& set, const std::vector<PlacedPiece>& pieces) {
  // The slots of each shape, in order; pieces of a shape take them one after another.
  std::map<ShapeId, std::vector<std::size_t>> free_slots;
  const std::vector<ShapeId>& order = set.order();
  for (std::size_t slot = order.size(); slot-- > 0;) free_slots[order[slot]].push_back(slot);
  std::vector<std::size_t> slots;
  std::size_t extra = order.size();
  for (const PlacedPiece& piece : pieces) {
    std::vector<std::size_t>& free = free_slots[piece.shape];
    if (free.empty()) {
      slots.push_back(extra++);
    } else {
      slots.push_back(free.back());
      free.pop_back();
    }
  }
  return slots;
}

std::string unsolved_reason(const Solution& solution, const SolverConfig& config) {
  const std::string steps = rotation_words(solution.stats, config);
  switch (outcome_of(solution)) {
    case Outcome::Solved:
    case Outcome::Invalid: return "";
    case Outcome::TimeLimit:
      return "time limit of " + general(config.search.time_limit_s) + " s reached";
    case Outcome::Exhausted: return "search space exhausted at " + steps;
    case Outcome::Impossible: break;
  }
  const Impossibility& why = *solution.stats.impossible;
  if (why.kind == Impossibility::Kind::PieceFitsNowhere) {
    const std::string name =
        why.shape >= 0 && static_cast<std::size_t>(why.shape) < config.pieces.shape_count()
            ? config.pieces.shape_name(why.shape)
            : "piece " + std::to_string(why.shape);
    return "impossible at " + steps + ": the " + name + " fits nowhere in the figure";
  }
  if (why.kind == Impossibility::Kind::PieceTooWide) {
    const std::string name =
        why.shape >= 0 && static_cast<std::size_t>(why.shape) < config.pieces.shape_count()
            ? config.pieces.shape_name(why.shape)
            : "piece " + std::to_string(why.shape);
    return "impossible: the figure is nowhere wide enough for the " + name +
           " (the widest circle in the " + name + " is " + fixed(why.needed / why.available, 2) +
           " times as wide as any in the figure)";
  }
  if (why.kind == Impossibility::Kind::NoCornerAssembly)
    return "impossible: the figure lies on the set's lattice, and laid corner by corner in every "
           "way a piece fits there, the pieces fill it in no way";
  if (why.kind == Impossibility::Kind::UnmakeableCorner)
    return "impossible: the figure's corner at (" + fixed(why.at.x, 0) + ", " + fixed(why.at.y, 0) +
           ") measures " + fixed(why.angle_deg, 1) +
           " deg, which no meeting of the pieces' corners "
           "makes (within " +
           general(kCornerToleranceDeg) + " deg)";
  if (why.kind == Impossibility::Kind::TooManyCorners)
    return "impossible: the figure's " + std::to_string(why.corners) + " corners take at least " +
           general(why.needed) + " of the pieces' corners; the set has " + general(why.available);
  if (why.kind == Impossibility::Kind::CornerAngleShortage)
    return "impossible: the figure's " + std::to_string(why.corners) + " corners take at least " +
           fixed(why.needed, 1) + " deg of the pieces' corner angles; the set's add up to " +
           fixed(why.available, 1) + " deg";
  if (why.kind == Impossibility::Kind::UnmatchedArc) {
    const std::string kind = why.convex ? "convex" : "concave";
    if (why.available == 0.0)
      return "impossible: the figure's " + kind + " arc at (" + fixed(why.at.x, 0) + ", " +
             fixed(why.at.y, 0) + ") has radius " + fixed(why.radius, 3) +
             " (set units), which no piece's " + kind + " arc has";
    return "impossible: the figure's " + kind + " arcs of radius " + fixed(why.radius, 3) +
           " are " + fixed(why.needed, 2) + " long; the pieces' add up to " +
           fixed(why.available, 2);
  }
  const double allowed = 1.0 - VerifyConfig{}.min_coverage;
  return "impossible at " + steps + ": " +
         (why.parts == 1
              ? std::string("a separate part that no piece fits in holds ")
              : std::to_string(why.parts) + " separate parts that no piece fits in hold ") +
         fixed(100.0 * why.share, 1) + "% of the figure (at most " + general(100.0 * allowed) +
         "% may stay uncovered)";
}

PictureCaption solution_caption(const Solution& solution, const SolverConfig& config) {
  PictureCaption caption;
  caption.outcome = outcome_of(solution);
  caption.reason = unsolved_reason(solution, config);
  caption.coverage = solution.stats.coverage;
  caption.placed = static_cast<int>(solution.pieces.size());
  caption.pieces = static_cast<int>(config.pieces.piece_count());
  return caption;
}

PictureCaption rejected_caption(const Solution& solution, const SolverConfig& config,
                                const VerifyReport& check) {
  PictureCaption caption = solution_caption(solution, config);
  caption.outcome = Outcome::Invalid;
  caption.reason = outcome_short_reason(Outcome::Invalid);
  for (std::size_t i = 0; i < check.reasons.size(); ++i)
    caption.reason += (i == 0 ? ": " : "; ") + check.reasons[i];
  caption.coverage = check.metrics.coverage;
  return caption;
}

std::string outcome_headline(Outcome outcome) {
  switch (outcome) {
    case Outcome::Solved: return "solved";
    case Outcome::Invalid: return "INVALID";
    default: return "NOT SOLVED";
  }
}

std::string outcome_short_reason(Outcome outcome) {
  switch (outcome) {
    case Outcome::Solved: return "";
    case Outcome::Invalid: return "rejected by the checker";
    case Outcome::TimeLimit: return "time limit";
    case Outcome::Exhausted: return "search space exhausted";
    case Outcome::Impossible: return "impossible";
  }
  return "";
}

std::vector<std::string> caption_lines(const PictureCaption& caption) {
  const std::string coverage = "coverage " + fixed(caption.coverage, 3);
  if (caption.outcome == Outcome::Solved && caption.placed == caption.pieces)
    return {"solved, " + coverage};
  const std::string reason =
      caption.reason.empty() ? outcome_short_reason(caption.outcome) : caption.reason;
  std::vector<std::string> lines{outcome_headline(caption.outcome) +
                                 (reason.empty() ? "" : ": " + reason)};
  lines.push_back(std::to_string(caption.placed) + " of " + std::to_string(caption.pieces) +
                  " pieces placed" + (caption.placed > 0 ? ", " + coverage : ""));
  return lines;
}

cv::Mat3b render_assembly(const Pattern& pattern, const std::vector<PlacedPiece>& pieces,
                          const PieceSet& set, int scale) {
  if (scale < 1) throw UsageError("render scale must be at least 1, got " + std::to_string(scale));
  cv::Mat3b image(pattern.puzzle.rows * scale, pattern.puzzle.cols * scale, kWhite);
  cv::Mat1b puzzle;
  cv::resize(pattern.puzzle, puzzle, image.size(), 0, 0, cv::INTER_NEAREST);
  image.setTo(kPuzzleGrey, puzzle);

  const std::vector<std::size_t> slots = piece_slots(set, pieces);
  // Fixed-point vertices must fit in int; pieces beyond that are far off the picture anyway.
  const double limit = 0.25 * std::numeric_limits<int>::max() / (1 << kShiftBits) / scale;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const Polygon& polygon = pieces[i].polygon;
    std::vector<cv::Point> points;
    for (const Vec2& v : polygon) {
      if (!(std::abs(v.x) <= limit && std::abs(v.y) <= limit)) break;
      // Pixel (i, j) covers [j, j+1) x [i, i+1); OpenCV's integer coordinates are pixel centres.
      points.emplace_back(static_cast<int>(std::lround((v.x * scale - 0.5) * (1 << kShiftBits))),
                          static_cast<int>(std::lround((v.y * scale - 0.5) * (1 << kShiftBits))));
    }
    if (points.size() < 3 || points.size() != polygon.size()) continue;
    const std::vector<std::vector<cv::Point>> contours{points};
    cv::fillPoly(image, contours, piece_colour(slots[i]), cv::LINE_AA, kShiftBits);
    cv::polylines(image, contours, true, kOutline, 1, cv::LINE_AA, kShiftBits);
  }
  return image;
}

cv::Mat3b render_legend(const PieceSet& set, int width, double font_scale,
                        const std::vector<std::size_t>* shown) {
  const Pen pen{font_scale};
  const std::vector<std::string> labels = piece_labels(set);
  const int line = pen.line_height();
  const int swatch = std::max(8, line * 3 / 5);
  const int gap = swatch / 2;
  const int pad = 8;
  int label_width = 0;
  for (const std::string& label : labels)
    label_width = std::max(label_width, pen.size(label).width);
  const int entry = swatch + gap + label_width + 2 * gap;
  width = std::max(width, entry + 2 * pad);
  const int columns =
      std::max(1, std::min(static_cast<int>(labels.size()), (width - 2 * pad + 2 * gap) / entry));
  const int rows = (static_cast<int>(labels.size()) + columns - 1) / columns;
  // The columns share the width equally: the same step from each to the next, whatever the
  // picture's width, rather than packed to the left.
  const int step = std::max(entry, (width - 2 * pad + 2 * gap) / columns);
  cv::Mat3b legend(rows * line + pad, width, kWhite);
  for (std::size_t slot = 0; slot < labels.size(); ++slot) {
    const int x = pad + static_cast<int>(slot) % columns * step;
    const int y = pad / 2 + static_cast<int>(slot) / columns * line;
    const bool filled = !shown || std::find(shown->begin(), shown->end(), slot) != shown->end();
    const cv::Rect box(x, y + (line - swatch) / 2, swatch, swatch);
    if (filled) cv::rectangle(legend, box, piece_colour(slot), cv::FILLED);
    cv::rectangle(legend, box, filled ? cv::Scalar(kOutline) : cv::Scalar(150, 150, 150), 1);
    pen.write(legend, labels[slot], cv::Point(x + swatch + gap, y),
              filled ? cv::Scalar(0, 0, 0) : cv::Scalar(140, 140, 140));
  }
  return legend;
}

cv::Mat3b render_solution(const Pattern& pattern, const Solution& solution, const PieceSet& set,
                          const PictureCaption& caption, int scale) {
  const cv::Mat3b assembly = render_assembly(pattern, solution.pieces, set, scale);
  const Pen pen{band_font_scale(scale)};
  const int pad = 8;
  const std::vector<std::size_t> slots = piece_slots(set, solution.pieces);
  cv::Mat3b legend =
      render_legend(set, std::max(assembly.cols, kMinPictureWidth), pen.font_scale, &slots);
  const int width = std::max({assembly.cols, kMinPictureWidth, legend.cols});
  // The first caption line (the outcome) in its colour, the rest in dark grey.
  std::vector<std::pair<std::string, cv::Scalar>> lines;
  for (const std::string& text : caption_lines(caption)) {
    const cv::Scalar colour =
        lines.empty() ? caption_colour(caption.outcome) : cv::Scalar(60, 60, 60);
    const auto width_of = [&](const std::string& t) { return double(pen.size(t).width); };
    for (const std::string& line : wrap_at_spaces(text, width - 2 * pad, width_of))
      lines.emplace_back(line, colour);
  }
  int text_width = 0;
  for (const auto& line : lines) text_width = std::max(text_width, pen.size(line.first).width);
  const int full_width = std::max(width, text_width + 2 * pad);  // a word wider than the band
  const int caption_height = static_cast<int>(lines.size()) * pen.line_height();

  cv::Mat3b picture(assembly.rows + pad + caption_height + pad / 2 + legend.rows, full_width,
                    kWhite);
  assembly.copyTo(picture(cv::Rect(0, 0, assembly.cols, assembly.rows)));
  cv::line(picture, cv::Point(0, assembly.rows), cv::Point(full_width - 1, assembly.rows),
           cv::Scalar(kRuleGrey, kRuleGrey, kRuleGrey), 1);
  int y = assembly.rows + pad;
  for (const auto& [line, colour] : lines) {
    pen.write(picture, line, cv::Point(pad, y), colour);
    y += pen.line_height();
  }
  legend.copyTo(picture(cv::Rect(0, y + pad / 2, legend.cols, legend.rows)));
  return picture;
}

int assembly_rows(const cv::Mat& picture) {
  if (picture.type() != CV_8UC3) return picture.rows;
  const cv::Mat3b image = picture;
  for (int y = 1; y < image.rows; ++y) {  // the rule is under the assembly, never its top row
    bool rule = true;
    for (int x = 0; x < image.cols && rule; ++x)
      rule = image(y, x) == cv::Vec3b(kRuleGrey, kRuleGrey, kRuleGrey);
    if (rule) return y;
  }
  return image.rows;
}

cv::Mat3b fit_picture(const cv::Mat3b& picture, int size_px, int margin_px) {
  cv::Mat3b cell(size_px, size_px, cv::Vec3b(255, 255, 255));
  if (picture.empty()) return cell;
  const int room = std::max(1, size_px - 2 * margin_px);
  const double scale = std::min(double(room) / picture.cols, double(room) / picture.rows);
  const int w = std::max(1, int(std::lround(picture.cols * scale)));
  const int h = std::max(1, int(std::lround(picture.rows * scale)));
  cv::Mat3b resized;
  cv::resize(picture, resized, cv::Size(w, h), 0, 0, scale < 1 ? cv::INTER_AREA : cv::INTER_LINEAR);
  resized.copyTo(cell(cv::Rect((size_px - w) / 2, (size_px - h) / 2, w, h)));
  return cell;
}

std::vector<std::string> wrap_at_spaces(const std::string& text, double width,
                                        const std::function<double(const std::string&)>& width_of) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t space = std::min(text.find(' ', at), text.size());
    const std::string word = text.substr(at, space - at);
    const std::string longer = line.empty() ? word : line + " " + word;
    if (!line.empty() && width_of(longer) > width) {
      lines.push_back(line);
      line = word;
    } else {
      line = longer;
    }
    at = space + 1;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

std::string colour_hex(const cv::Scalar& bgr) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text = "#";
  for (const int channel : {2, 1, 0}) {
    const int v = std::clamp(static_cast<int>(std::lround(bgr[channel])), 0, 255);
    text += kDigits[v / 16];
    text += kDigits[v % 16];
  }
  return text;
}

}  // namespace tangram
