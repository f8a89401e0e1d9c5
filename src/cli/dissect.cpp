// `tangram dissect FIGURE`: every way to cut a grid figure into K congruent pieces (Kotani's
// puzzles, congruent_dissection.hpp), counted on stdout, optionally printed and written as
// JSON.

#include <array>
#include <cmath>
#include <iostream>
#include <map>
#include <numeric>
#include <set>

#include <opencv2/imgproc.hpp>

#include "commands.hpp"
#include "tangram/core/dissection/congruent_dissection.hpp"
#include "tangram/core/dissection/half_square_dissection.hpp"
#include "tangram/io/dissection_documents.hpp"
#include "tangram/io/dissection_picture.hpp"
#include "tangram/io/png.hpp"

namespace tangram::cli {

CLI::App* setup_dissect(CLI::App& app, DissectOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "dissect", wrap("Cut a figure of unit squares along grid lines into K congruent pieces "
                      "(Kotani's congruent dissection puzzles): count the ways."));
  cmd->add_option("FIGURE", options.figure,
                  wrap("A text grid ('#' a filled square, '.' an empty one, one row a line) or a "
                       "picture (PNG, ...; dark squares on a light ground); - reads standard "
                       "input."))
      ->required()
      ->type_name("FIGURE.txt|png");
  cmd->add_option("--cell", options.cell_px,
                  wrap("A picture's square side in pixels. Default: detected (the greatest "
                       "common divisor of the runs of dark and light pixels in the figure's "
                       "box)."))
      ->type_name("PX");
  cmd->add_option(
         "--parts", options.parts,
         wrap("K, the number of congruent pieces. Default: " + std::to_string(options.parts) + "."))
      ->type_name("K");
  cmd->add_option("--method", options.method,
                  wrap("kotani (the paper's search, K = 2 only), ours (any K), halving (K = 2 "
                       "only: for each move of one piece onto the other, the squares' chains "
                       "under it force the pieces; the fastest for two) or auto (halving for "
                       "two pieces of squares, ours otherwise). All give the same "
                       "dissections. Default: " +
                       options.method + "."))
      ->type_name("NAME");
  cmd->add_option("--cells", options.cells,
                  wrap("square: the figure is made of unit squares, cut along grid lines. half: "
                       "a text grid of half-squares (right isosceles triangles), cut along grid "
                       "lines and diagonals; one character a square: '#' full, '.' empty, and a "
                       "half-square by the corner it fills, as on a numeric keypad: '7' top "
                       "left, '9' top right, '1' bottom left, '3' bottom right (or the "
                       "triangles '\u25E4' '\u25E5' '\u25E3' '\u25E2'). Each piece is made of "
                       "whole half-squares; --print shows each square as 3 x 3 characters, the "
                       "letter of each quarter's piece at the middle of its side; --image and "
                       "--svg draw the cuts along grid lines and diagonals. Default: " +
                       options.cells + "."))
      ->type_name("KIND");
  cmd->add_flag("--quarters", options.quarters,
                wrap("With --cells half: a piece may also cut a half-square in two along its "
                     "other diagonal (pieces of quarter squares)."));
  cmd->add_flag("--no-mirror", options.no_mirror,
                wrap("The pieces may only be turned, not turned over. Default: mirror images "
                     "are congruent."));
  cmd->add_flag("--unique", options.unique,
                wrap("Stop at the second dissection: exit 0 one, 1 none, 4 several."));
  cmd->add_flag("--up-to-symmetry", options.up_to_symmetry,
                wrap("Count dissections that the figure's own rotations and reflections "
                     "exchange as one. Default: each piece assignment counts, up to the "
                     "order of the pieces."));
  cmd->add_option("--max-solutions", options.max_solutions,
                  wrap("Stop after N dissections; 0 = all. Default: 0."))
      ->type_name("N");
  cmd->add_option("--time-limit", options.time_limit_s,
                  wrap("Stop after SEC seconds (the count is then a lower bound, exit 5). "
                       "Default: " +
                       general(options.time_limit_s) + "."))
      ->type_name("SEC");
  cmd->add_option("--json", options.json_path,
                  wrap("Write the figure and the dissections (tangram-dissection/1: each a list "
                       "of pieces, each a list of [row, column] squares; with --cells half "
                       "tangram-half-dissection/1, each piece a list of [row, column, side] "
                       "quarter squares, side 0 top, 1 right, 2 bottom, 3 left); - for standard "
                       "output."))
      ->type_name("OUT.json");
  cmd->add_flag("--print", options.print,
                wrap("Print each dissection as a grid of letters, one per piece, and its "
                     "rating (Kotani's attributes X1-X5 and estimated difficulty and "
                     "amusement; and whether the figure's own symmetry makes it, which "
                     "Kotani's generator rejects as trivial)."));
  cmd->add_option("--image", options.image_path,
                  wrap("Draw the dissection (--index) as a PNG: each piece in its own colour, "
                       "the cuts and the outline as thick lines; the figure alone when there is "
                       "none."))
      ->type_name("OUT.png");
  cmd->add_option("--svg", options.svg_path, wrap("The same picture as SVG."))
      ->type_name("OUT.svg");
  cmd->add_option("--index", options.index,
                  wrap("Which dissection --image and --svg draw, from 1 in the order of --print "
                       "and --json. Default: 1."))
      ->type_name("N");
  add_limit_options(*cmd, options.limits, true, false);
  cmd->footer(
      wrap("Exit status: 0 found (with --unique: exactly one); 1 none; 2 bad figure "
           "(not a grid, not edge-connected, area not a multiple of K), bad option or "
           "output not writable; 4 several (--unique); 5 the time limit came before "
           "the answer was certain; 3 internal error.",
           90));
  return cmd;
}

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

/// The greatest common divisor of the lengths of the runs of equal values along the rows (or
/// the columns, `by_column`) of `dark`.
int run_gcd(const cv::Mat1b& dark, bool by_column, int g) {
  const int lines = by_column ? dark.cols : dark.rows, length = by_column ? dark.rows : dark.cols;
  for (int i = 0; i < lines; ++i) {
    int run = 1;
    for (int k = 1; k <= length; ++k) {
      const auto at = [&](int j) { return by_column ? dark(j, i) : dark(i, j); };
      if (k < length && at(k) == at(k - 1))
        ++run;
      else
        g = std::gcd(g, run), run = 1;
    }
  }
  return g;
}

/// The text grid of a picture: dark pixels (luminance < 128; transparent ones are light) cut
/// into squares of `cell_px` (0: detected, run_gcd) within their bounding box, a square filled
/// when its centre is dark. Throws InputError when no pixel is dark or the side cannot be
/// found, UsageError for a --cell that does not divide the box.
std::string grid_of_picture(const std::string& bytes, int cell_px, const ReadLimits& limits) {
  cv::Mat image = decode_image(bytes, limits.max_pixels);
  if (image.depth() == CV_16U) image.convertTo(image, CV_8U, 1.0 / 257.0);
  cv::Mat1b gray;
  if (image.channels() == 4) {
    std::vector<cv::Mat> planes;
    cv::split(image, planes);
    cv::Mat bgr;
    cv::merge(std::vector<cv::Mat>{planes[0], planes[1], planes[2]}, bgr);
    cv::cvtColor(bgr, gray, cv::COLOR_BGR2GRAY);
    gray.setTo(255, planes[3] < 128);
  } else if (image.channels() == 3) {
    cv::cvtColor(image, gray, cv::COLOR_BGR2GRAY);
  } else {
    gray = image;
  }
  const cv::Mat1b dark = gray < 128;
  const cv::Rect box = cv::boundingRect(dark);
  if (box.area() == 0) throw InputError("no dark pixel: the figure is drawn dark on light");
  const cv::Mat1b inside = dark(box);
  int side = cell_px;
  if (side == 0) side = run_gcd(inside, true, run_gcd(inside, false, 0));
  if (side < 2)
    throw InputError(
        "cannot find the squares' side (the runs of dark pixels have no common "
        "divisor above 1 pixel): give it with --cell PX");
  if (box.width % side != 0 || box.height % side != 0)
    throw UsageError("--cell " + std::to_string(side) + " does not divide the figure's box of " +
                     std::to_string(box.width) + " x " + std::to_string(box.height) + " pixels");
  std::string text;
  for (int r = 0; r < box.height / side; ++r) {
    for (int c = 0; c < box.width / side; ++c)
      text += inside(r * side + side / 2, c * side + side / 2) ? '#' : '.';
    text += '\n';
  }
  return text;
}

/// Refuses, before any work, outputs of the wrong kind, outputs over the figure or over each
/// other, and an --index out of range.
void check_dissect_outputs(const DissectOptions& options) {
  const std::pair<const char*, const std::string*> outputs[] = {{"--json", &options.json_path},
                                                                {"--image", &options.image_path},
                                                                {"--svg", &options.svg_path}};
  for (std::size_t a = 0; a < std::size(outputs); ++a) {
    const auto& [option, path] = outputs[a];
    if (path->empty()) continue;
    if (same_file(*path, options.figure))
      throw UsageError(std::string(option) + " " + *path +
                       " would overwrite the figure: choose another output path");
    if (*path != "-") check_output_path(*path);
    for (std::size_t b = a + 1; b < std::size(outputs); ++b)
      if (!outputs[b].second->empty() && same_file(*path, *outputs[b].second))
        throw UsageError(std::string(option) + " and " + outputs[b].first + " name the same file " +
                         *path);
  }
  if (!options.json_path.empty())
    check_document_output("--json", options.json_path, "a JSON document");
  if (!options.image_path.empty()) {
    if (options.image_path == "-")
      throw UsageError("--image -: the picture is written to a file here: name it OUT.png");
    check_picture_output("--image", options.image_path, true);
  }
  if (!options.svg_path.empty()) check_svg_output("--svg", options.svg_path, false);
  if (options.index < 1)
    throw UsageError("--index counts from 1, got " + std::to_string(options.index));
}

/// The dissection --image and --svg draw: number --index of `solutions`, or none (the figure
/// alone) when nothing was found. Throws UsageError for an --index beyond the dissections found.
template <class Solution>
Solution shown_dissection(const DissectOptions& options, const std::vector<Solution>& solutions) {
  const auto n = static_cast<long>(solutions.size());
  if (n == 0 || (options.image_path.empty() && options.svg_path.empty())) return {};
  if (options.index > n)
    throw UsageError("--index " + std::to_string(options.index) + ": there " +
                     (n == 1 ? "is 1 dissection" : "are " + std::to_string(n) + " dissections"));
  return solutions[static_cast<std::size_t>(options.index - 1)];
}

/// The exit status of `n` dissections found: 0 some (--unique: one), 1 none, kExitSeveral
/// (--unique: two), kExitIncomplete (the time limit came before the answer was certain).
int dissect_status(bool unique, std::size_t n, bool timed_out) {
  if (unique) {
    if (n >= 2) return kExitSeveral;
    if (timed_out) return kExitIncomplete;
    return n == 1 ? kExitOk : kExitFailed;
  }
  if (timed_out) return kExitIncomplete;
  return n > 0 ? kExitOk : kExitFailed;
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

/// `tangram dissect --cells half`: the figure a text grid of half-squares
/// (half_square_dissection.hpp); the count, --print, --json, --image and --svg.
int run_dissect_halves(const DissectOptions& options,
                       std::chrono::steady_clock::time_point started) {
  if (options.method != "ours" && options.method != "auto")
    throw UsageError("--cells half: only --method ours (kotani and halving cut squares)");
  if (options.cell_px != 0)
    throw UsageError("--cell is a picture's square side: --cells half reads a text grid");
  const std::string bytes =
      read_input_file(options.figure, "figure", options.limits.max_image_bytes, Limit::ImageBytes);
  DissectHalvesConfig config;
  config.parts = options.parts;
  config.mirror = !options.no_mirror;
  config.halves = !options.quarters;
  config.up_to_symmetry = options.up_to_symmetry;
  config.max_solutions = options.unique ? 2 : options.max_solutions;
  config.deadline = started + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                  std::chrono::duration<double>(options.time_limit_s));
  Quarters figure;
  try {
    if (has_png_signature(bytes)) throw InputError("--cells half reads a text grid, not a picture");
    figure = parse_half_grid(bytes);
    check_half_dissectable(figure, options.parts, config.halves);
  } catch (const InputError& e) {
    throw InputError((options.figure == "-" ? std::string("standard input") : options.figure) +
                     ": " + e.tagged());
  }
  const DissectHalvesResult result = half_dissect(figure, config);
  const HalfDissection shown = shown_dissection(options, result.solutions);  // before any output
  const std::size_t n = result.solutions.size(),
                    piece = figure.size() / static_cast<std::size_t>(options.parts);
  std::ostream& out = options.json_path == "-" ? std::cerr : std::cout;
  out << (result.timed_out ? "at least " : "") << n << (n == 1 ? " dissection" : " dissections")
      << " into " << pieces_text(options.parts) << " of "
      << (piece % 2 == 1
              ? std::to_string(piece) + (piece == 1 ? " quarter" : " quarters")
              : std::to_string(piece / 2) + (piece == 2 ? " half-square" : " half-squares"))
      << (options.up_to_symmetry ? ", up to the figure's symmetries" : "")
      << (result.timed_out   ? " (time limit)"
          : !result.complete ? " (stopped)"
                             : "")
      << "\n";
  if (options.print)
    for (const HalfDissection& d : result.solutions) out << "\n" << quarter_letters(figure, d);
  if (!options.json_path.empty()) {
    DissectionDocument about;
    about.parts = options.parts;
    about.mirror = !options.no_mirror;
    about.up_to_symmetry = options.up_to_symmetry;
    about.complete = result.complete;
    write_text_atomic(options.json_path,
                      half_dissection_json(figure, result.solutions, about, config.halves));
  }
  if (!options.image_path.empty())
    write_png_atomic(options.image_path, render_half_dissection(figure, shown));
  if (!options.svg_path.empty())
    write_text_atomic(options.svg_path, half_dissection_svg(figure, shown));
  return dissect_status(options.unique, n, result.timed_out);
}

}  // namespace

DissectMethod dissect_method(const std::string& name, int parts) {
  if (name == "auto") return parts == 2 ? DissectMethod::Halving : DissectMethod::Ours;
  if (name != "kotani" && name != "ours" && name != "halving")
    throw UsageError("--method: expected auto, kotani, ours or halving, got '" + name + "'");
  if (name != "ours" && parts != 2)
    throw UsageError("--method " + name + " cuts into 2 pieces: use --method ours for --parts " +
                     std::to_string(parts));
  return name == "kotani"    ? DissectMethod::Kotani
         : name == "halving" ? DissectMethod::Halving
                             : DissectMethod::Ours;
}

int run_dissect(const DissectOptions& options) {
  if (options.parts < 1) throw UsageError("--parts must be at least 1");
  const DissectMethod method = dissect_method(options.method, options.parts);
  if (options.unique && options.max_solutions != 0)
    throw UsageError("--unique stops at the second dissection: leave out --max-solutions");
  if (options.max_solutions < 0) throw UsageError("--max-solutions must be 0 or more");
  if (!(options.time_limit_s > 0) || !std::isfinite(options.time_limit_s))
    throw UsageError("--time-limit must be a positive number of seconds");
  if (options.cells != "square" && options.cells != "half")
    throw UsageError("--cells: expected square or half, got '" + options.cells + "'");
  if (options.quarters && options.cells != "half")
    throw UsageError("--quarters cuts half-squares: it needs --cells half");
  check_dissect_outputs(options);
  const auto started = std::chrono::steady_clock::now();
  if (options.cells == "half") return run_dissect_halves(options, started);
  if (options.cell_px < 0) throw UsageError("--cell must be a number of pixels");
  const std::string bytes =
      read_input_file(options.figure, "figure", options.limits.max_image_bytes, Limit::ImageBytes);
  bool text = !has_png_signature(bytes);
  try {
    if (text) read_image_header(bytes);
    text = false;
  } catch (const InputError&) {  // not a picture: a text grid
  }
  Cells figure;
  try {
    figure = parse_grid(text ? bytes : grid_of_picture(bytes, options.cell_px, options.limits));
    check_dissectable(figure, options.parts);
  } catch (const InputError& e) {
    throw InputError((options.figure == "-" ? std::string("standard input") : options.figure) +
                     ": " + e.tagged());
  }
  DissectConfig config;
  config.parts = options.parts;
  config.mirror = !options.no_mirror;
  config.up_to_symmetry = options.up_to_symmetry;
  config.max_solutions = options.unique ? 2 : options.max_solutions;
  config.method = method;
  config.deadline = started + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                  std::chrono::duration<double>(options.time_limit_s));
  const DissectResult result = dissect(figure, config);
  const Dissection shown = shown_dissection(options, result.solutions);  // before any output
  const std::size_t n = result.solutions.size();
  std::ostream& out = options.json_path == "-" ? std::cerr : std::cout;
  out << (result.timed_out ? "at least " : "") << n << (n == 1 ? " dissection" : " dissections")
      << " into " << pieces_text(options.parts) << " of " << figure.size() / options.parts
      << (figure.size() / options.parts == 1 ? " square" : " squares")
      << (options.up_to_symmetry ? ", up to the figure's symmetries" : "")
      << (result.timed_out   ? " (time limit)"
          : !result.complete ? " (stopped)"
                             : "")
      << "\n";
  if (options.print)
    for (const Dissection& d : result.solutions)
      out << "\n" << letters(figure, d) << rating_text(figure, d, false);
  DissectionDocument about;
  about.parts = options.parts;
  about.mirror = !options.no_mirror;
  about.up_to_symmetry = options.up_to_symmetry;
  about.complete = result.complete;
  if (!options.json_path.empty())
    write_text_atomic(options.json_path, dissection_json(figure, result.solutions, about));
  if (!options.image_path.empty())
    write_png_atomic(options.image_path, render_dissection(figure, shown));
  if (!options.svg_path.empty()) write_text_atomic(options.svg_path, dissection_svg(figure, shown));
  return dissect_status(options.unique, n, result.timed_out);
}

}  // namespace tangram::cli
