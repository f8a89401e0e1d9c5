// `tangram dissect FIGURE`: its options declared and handed to the dissect service
// (service/dissect.hpp); the count on stdout, the dissections printed, written and drawn.

#include <iostream>

#include "commands.hpp"
#include "tangram/io/png.hpp"

namespace tangram::cli {

CLI::App* setup_dissect(CLI::App& app, DissectCommand& command) {
  DissectOptions& options = command.dissect;
  CLI::App* cmd = app.add_subcommand(
      "dissect", wrap("Cut a figure of unit squares along grid lines into K congruent pieces "
                      "(Kotani's congruent dissection puzzles): count the ways."));
  cmd->add_option("FIGURE", command.figure,
                  wrap("A text grid ('#' a filled square, '.' an empty one, one row a line) or a "
                       "picture (PNG, ...): dark squares on a light ground, or a figure drawn "
                       "with its outline and grid lines, as generate and --image draw it; - "
                       "reads standard input."))
      ->required()
      ->type_name("FIGURE.txt|png");
  cmd->add_option("--cell", options.cell_px,
                  wrap("A picture's square side in pixels. Default: detected (the spacing of "
                       "the lines drawn, else the greatest common divisor of the runs of dark "
                       "and light pixels in the figure's box)."))
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
  cmd->add_flag_callback(
      "--no-mirror", [&options] { options.mirror = false; },
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
  cmd->add_option("--json", command.json_path,
                  wrap("Write the figure and the dissections (tangram-dissection/1: each a list "
                       "of pieces, each a list of [row, column] squares; with --cells half "
                       "tangram-half-dissection/1, each piece a list of [row, column, side] "
                       "quarter squares, side 0 top, 1 right, 2 bottom, 3 left); - for standard "
                       "output."))
      ->type_name("OUT.json");
  cmd->add_flag("--print", command.print,
                wrap("Print each dissection as a grid of letters, one per piece, and its "
                     "rating (Kotani's attributes X1-X5 and estimated difficulty and "
                     "amusement; and whether the figure's own symmetry makes it, which "
                     "Kotani's generator rejects as trivial)."));
  cmd->add_option("--image", command.image_path,
                  wrap("Draw the dissection (--index) as a PNG: each piece in its own colour, "
                       "the cuts and the outline as thick lines; the figure alone when there is "
                       "none."))
      ->type_name("OUT.png");
  cmd->add_option("--svg", command.svg_path, wrap("The same picture as SVG."))
      ->type_name("OUT.svg");
  cmd->add_option("--index", command.index,
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

/// Refuses, before any work, outputs of the wrong kind, outputs over the figure or over each
/// other, and an --index out of range.
void check_dissect_outputs(const DissectCommand& options) {
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

/// Which dissection --image and --svg draw (from 0): --index of those found, or none (the
/// figure alone) when nothing was found. Throws UsageError for an --index beyond them.
std::size_t shown_dissection(const DissectCommand& command, std::size_t found) {
  const auto n = static_cast<long>(found);
  if (n == 0 || (command.image_path.empty() && command.svg_path.empty())) return found;
  if (command.index > n)
    throw UsageError("--index " + std::to_string(command.index) + ": there " +
                     (n == 1 ? "is 1 dissection" : "are " + std::to_string(n) + " dissections"));
  return static_cast<std::size_t>(command.index - 1);
}

}  // namespace

int run_dissect(const DissectCommand& command) {
  check_dissect_options(command.dissect);
  check_dissect_outputs(command);
  const DissectOutcome outcome = dissect_file(command.dissect, command.figure);
  const std::size_t shown = shown_dissection(command, outcome.count());  // before any output
  std::ostream& out = command.json_path == "-" ? std::cerr : std::cout;
  out << outcome.summary;
  if (command.print)
    for (std::size_t i = 0; i < outcome.count(); ++i) out << "\n" << dissection_text(outcome, i);
  if (!command.json_path.empty())
    write_text_atomic(command.json_path, dissection_document(outcome));
  if (!command.image_path.empty())
    write_png_atomic(command.image_path, dissection_picture(outcome, shown));
  if (!command.svg_path.empty())
    write_text_atomic(command.svg_path, dissection_svg_text(outcome, shown));
  return exit_code(outcome.answer);
}

}  // namespace tangram::cli
