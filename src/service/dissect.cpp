// The dissect job (dissect.hpp): options, the figure read, the count worded.

#include "tangram/service/dissect.hpp"

#include <array>
#include <cmath>
#include <map>
#include <set>

#include <opencv2/imgproc.hpp>

#include "tangram/core/base/error.hpp"
#include "tangram/io/dissection_picture.hpp"
#include "tangram/io/image.hpp"
#include "tangram/io/png.hpp"
#include "tangram/io/square_picture.hpp"

namespace tangram {

namespace {

/// "1 piece", "2 congruent pieces".
std::string pieces_text(int parts) {
  return parts == 1 ? std::string("1 piece") : std::to_string(parts) + " congruent pieces";
}

/// A dissection as rows of letters (a, b, ... one per piece; '.' outside the figure).
std::string letters(const Cells& figure, const Dissection& d) {
  std::string grid = grid_text(figure);
  Cell origin = figure[0];
  for (Cell c : figure) origin = {std::min(origin.row, c.row), std::min(origin.col, c.col)};
  const int width = static_cast<int>(grid.find('\n')) + 1;
  for (std::size_t p = 0; p < d.size(); ++p)
    for (Cell c : d[p])
      grid[static_cast<std::size_t>((c.row - origin.row) * width + c.col - origin.col)] =
          static_cast<char>(p < 26 ? 'a' + p : 'A' + (p - 26) % 26);
  return grid;
}

/// A half-square dissection as text: each square as 3 x 3 characters, the letter of the piece
/// of its top, right, bottom and left quarter at the middle of that side, and at the centre
/// too when one piece holds all of the square's quarters in the figure; blank elsewhere.
std::string quarter_letters(const Quarters& figure, const HalfDissection& d) {
  const SquareBox box = square_box(figure);
  const int r0 = box.first_row, r1 = box.last_row, c0 = box.first_col, c1 = box.last_col;
  const auto w = static_cast<std::size_t>(3 * (c1 - c0 + 1) + 1);
  std::string grid;
  for (int r = 0; r < 3 * (r1 - r0 + 1); ++r) grid += std::string(w - 1, ' ') + "\n";
  const std::array<std::array<int, 2>, 4> at{{{0, 1}, {1, 2}, {2, 1}, {1, 0}}};
  std::map<std::pair<int, int>, std::set<char>> owners;
  for (std::size_t p = 0; p < d.size(); ++p)
    for (Quarter q : d[p]) {
      const char letter = static_cast<char>(p < 26 ? 'a' + p : 'A' + (p - 26) % 26);
      const auto [dr, dc] = at[static_cast<std::size_t>(q.side)];
      grid[static_cast<std::size_t>(3 * (q.row - r0) + dr) * w +
           static_cast<std::size_t>(3 * (q.col - c0) + dc)] = letter;
      owners[{q.row, q.col}].insert(letter);
    }
  for (const auto& [square, letters] : owners)
    if (letters.size() == 1)
      grid[static_cast<std::size_t>(3 * (square.first - r0) + 1) * w +
           static_cast<std::size_t>(3 * (square.second - c0) + 1)] = *letters.begin();
  return grid;
}

/// The text grid of a picture (io/square_picture.hpp: dark squares, or a figure drawn with its
/// outline and grid lines). Throws InputError when no pixel is dark or the side cannot be
/// found, UsageError for a cell side that does not fit the figure.
std::string grid_of_picture(const std::string& bytes, int cell_px, const ReadLimits& limits,
                            const OptionWords& words) {
  const SquareGrid grid = read_square_grid(decode_image(bytes, limits.max_pixels), cell_px);
  if (grid.cell_px == 0)
    throw InputError(
        "cannot find the squares' side (the runs of dark pixels have no common divisor above 1 "
        "pixel, and no grid lines are drawn): give it with " +
        words("cell", "PX"));
  if (grid.text.empty())
    throw UsageError(words("cell", std::to_string(grid.cell_px)) +
                     (grid.drawn ? " does not fit the lines drawn on the figure's box of "
                                 : " does not divide the figure's box of ") +
                     std::to_string(grid.box.width) + " x " + std::to_string(grid.box.height) +
                     " pixels");
  return grid.text;
}

/// The checks that depend on --cells, before the figure is read.
void check_cells_options(const DissectOptions& options, const OptionWords& words) {
  if (options.cells == "half") {
    if (options.method != "ours" && options.method != "auto")
      throw UsageError(words("cells", "half") + ": only " + words("method", "ours") +
                       " (kotani and halving cut squares)");
    if (options.cell_px != 0)
      throw UsageError(words("cell", {}) + " is a picture's square side: " +
                       words("cells", "half") + " reads a text grid");
  } else if (options.cell_px < 0) {
    throw UsageError(words("cell", {}) + " must be a number of pixels");
  }
}

std::chrono::steady_clock::time_point deadline(std::chrono::steady_clock::time_point started,
                                               double seconds) {
  return started + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                       std::chrono::duration<double>(seconds));
}

/// The answer of `n` dissections found: some (unique: one), none, several (unique: two), or
/// incomplete (the time limit came before the answer was certain).
Answer dissect_answer(bool unique, std::size_t n, bool timed_out) {
  if (unique) {
    if (n >= 2) return Answer::Several;
    if (timed_out) return Answer::Incomplete;
    return n == 1 ? Answer::Found : Answer::None;
  }
  if (timed_out) return Answer::Incomplete;
  return n > 0 ? Answer::Found : Answer::None;
}

}  // namespace

DissectMethod dissect_method(const std::string& name, int parts, const OptionWords& words) {
  if (name == "auto") return parts == 2 ? DissectMethod::Halving : DissectMethod::Ours;
  if (name != "kotani" && name != "ours" && name != "halving")
    throw UsageError(words("method", {}) + ": expected auto, kotani, ours or halving, got '" +
                     name + "'");
  if (name != "ours" && parts != 2)
    throw UsageError(words("method", name) + " cuts into 2 pieces: use " + words("method", "ours") +
                     " for " + words("parts", std::to_string(parts)));
  return name == "kotani"    ? DissectMethod::Kotani
         : name == "halving" ? DissectMethod::Halving
                             : DissectMethod::Ours;
}

void check_dissect_options(const DissectOptions& o, const OptionWords& words) {
  if (o.parts < 1) throw UsageError(words("parts", {}) + " must be at least 1");
  dissect_method(o.method, o.parts, words);
  if (o.unique && o.max_solutions != 0)
    throw UsageError(words("unique", {}) + " stops at the second dissection: leave out " +
                     words("max-solutions", {}));
  if (o.max_solutions < 0) throw UsageError(words("max-solutions", {}) + " must be 0 or more");
  if (!(o.time_limit_s > 0) || !std::isfinite(o.time_limit_s))
    throw UsageError(words("time-limit", {}) + " must be a positive number of seconds");
  if (o.cells != "square" && o.cells != "half")
    throw UsageError(words("cells", {}) + ": expected square or half, got '" + o.cells + "'");
  if (o.quarters && o.cells != "half")
    throw UsageError(words("quarters", {}) + " cuts half-squares: it needs " +
                     words("cells", "half"));
}

DissectOutcome dissect_figure(const DissectOptions& options, const std::string& bytes,
                              const std::string& name,
                              std::chrono::steady_clock::time_point started,
                              const OptionWords& words) {
  check_dissect_options(options, words);
  check_cells_options(options, words);
  DissectOutcome out;
  out.about.parts = options.parts;
  out.about.mirror = options.mirror;
  out.about.up_to_symmetry = options.up_to_symmetry;
  const long max_solutions = options.unique ? 2 : options.max_solutions;
  std::string grain;  // what each piece is made of, in words
  bool complete = true;
  if (options.cells == "half") {
    out.half = true;
    out.halves = !options.quarters;
    DissectHalvesConfig config;
    config.parts = options.parts;
    config.mirror = options.mirror;
    config.halves = out.halves;
    config.up_to_symmetry = options.up_to_symmetry;
    config.max_solutions = max_solutions;
    config.deadline = deadline(started, options.time_limit_s);
    try {
      if (has_png_signature(bytes))
        throw InputError(words("cells", "half") + " reads a text grid, not a picture");
      out.quarters = parse_half_grid(bytes);
      check_half_dissectable(out.quarters, options.parts, config.halves);
    } catch (const InputError& e) {
      throw InputError(name + ": " + e.tagged());
    }
    DissectHalvesResult result = half_dissect(out.quarters, config);
    out.half_solutions = std::move(result.solutions);
    out.timed_out = result.timed_out;
    complete = result.complete;
    const std::size_t piece = out.quarters.size() / static_cast<std::size_t>(options.parts);
    grain = piece % 2 == 1
                ? std::to_string(piece) + (piece == 1 ? " quarter" : " quarters")
                : std::to_string(piece / 2) + (piece == 2 ? " half-square" : " half-squares");
  } else {
    bool text = !has_png_signature(bytes);
    try {
      if (text) read_image_header(bytes);
      text = false;
    } catch (const InputError&) {  // not a picture: a text grid
    }
    try {
      out.figure =
          parse_grid(text ? bytes : grid_of_picture(bytes, options.cell_px, options.limits, words));
      check_dissectable(out.figure, options.parts);
    } catch (const InputError& e) {
      throw InputError(name + ": " + e.tagged());
    }
    DissectConfig config;
    config.parts = options.parts;
    config.mirror = options.mirror;
    config.up_to_symmetry = options.up_to_symmetry;
    config.max_solutions = max_solutions;
    config.method = dissect_method(options.method, options.parts, words);
    config.deadline = deadline(started, options.time_limit_s);
    DissectResult result = dissect(out.figure, config);
    out.solutions = std::move(result.solutions);
    out.timed_out = result.timed_out;
    complete = result.complete;
    const std::size_t piece = out.figure.size() / static_cast<std::size_t>(options.parts);
    grain = std::to_string(piece) + (piece == 1 ? " square" : " squares");
  }
  out.about.complete = complete;
  const std::size_t n = out.count();
  out.summary = std::string(out.timed_out ? "at least " : "") + std::to_string(n) +
                (n == 1 ? " dissection" : " dissections") + " into " + pieces_text(options.parts) +
                " of " + grain + (options.up_to_symmetry ? ", up to the figure's symmetries" : "") +
                (out.timed_out ? " (time limit)"
                 : !complete   ? " (stopped)"
                               : "") +
                "\n";
  out.answer = dissect_answer(options.unique, n, out.timed_out);
  return out;
}

DissectOutcome dissect_file(const DissectOptions& options, const std::string& path,
                            const OptionWords& words) {
  const auto started = std::chrono::steady_clock::now();
  check_dissect_options(options, words);
  check_cells_options(options, words);
  const std::string bytes =
      read_input_file(path, "figure", options.limits.max_image_bytes, Limit::ImageBytes);
  return dissect_figure(options, bytes, path == "-" ? std::string("standard input") : path, started,
                        words);
}

std::string dissection_text(const DissectOutcome& outcome, std::size_t index) {
  if (outcome.half) return quarter_letters(outcome.quarters, outcome.half_solutions.at(index));
  const Dissection& d = outcome.solutions.at(index);
  return letters(outcome.figure, d) + rating_text(outcome.figure, d, false);
}

std::string dissection_document(const DissectOutcome& outcome) {
  if (outcome.half)
    return half_dissection_json(outcome.quarters, outcome.half_solutions, outcome.about,
                                outcome.halves);
  return dissection_json(outcome.figure, outcome.solutions, outcome.about);
}

cv::Mat3b dissection_picture(const DissectOutcome& outcome, std::size_t index) {
  if (outcome.half)
    return render_half_dissection(outcome.quarters, index < outcome.half_solutions.size()
                                                        ? outcome.half_solutions[index]
                                                        : HalfDissection{});
  return render_dissection(
      outcome.figure, index < outcome.solutions.size() ? outcome.solutions[index] : Dissection{});
}

std::string dissection_svg_text(const DissectOutcome& outcome, std::size_t index) {
  if (outcome.half)
    return half_dissection_svg(outcome.quarters, index < outcome.half_solutions.size()
                                                     ? outcome.half_solutions[index]
                                                     : HalfDissection{});
  return dissection_svg(outcome.figure,
                        index < outcome.solutions.size() ? outcome.solutions[index] : Dissection{});
}

}  // namespace tangram
