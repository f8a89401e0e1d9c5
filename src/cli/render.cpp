// `tangram render`: draws an arrangement of a set's pieces (poses in set units) as a pattern PNG
// and writes its exact ground truth next to it.

#include <filesystem>
#include <iostream>

#include <opencv2/core.hpp>

#include "commands.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/core/puzzle/arrangement.hpp"
#include "tangram/io/documents.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/image.hpp"
#include "tangram/io/svg.hpp"

namespace tangram::cli {

namespace {

namespace fs = std::filesystem;

/// PATTERN.png -> PATTERN.truth.json, in the same directory.
std::string default_truth_path(const std::string& png) {
  fs::path path(png);
  return (path.parent_path() / (path.stem().string() + ".truth.json")).string();
}

}  // namespace

CLI::App* setup_render(CLI::App& app, RenderOptions& options) {
  const RenderConfig defaults;
  options.side_px = defaults.side_px;
  options.margin_px = defaults.margin_px;
  CLI::App* cmd = app.add_subcommand(
      "render",
      wrap("Draw an arrangement of a set's pieces as a pattern PNG with its ground truth."));
  cmd->add_option("ARRANGEMENT", options.arrangement,
                  wrap("A tangram-arrangement/1 JSON file: the poses of a set's pieces in set "
                       "units (the full tangram has side 1), optional turns of some pieces about "
                       "a pivot and a rotation of the whole figure (format in masks/README.md)."))
      ->required()
      ->type_name("JSON");
  cmd->add_option("-o,--out", options.png,
                  wrap("The pattern picture to write; its name says the format: .png (PNG), "
                       "any other name is refused."))
      ->required()
      ->type_name("PATTERN.png");
  cmd->add_option("--truth", options.truth,
                  wrap("Where to write the ground truth (tangram-solution/1, pixel frame). "
                       "Default: PATTERN.truth.json next to the PNG."))
      ->type_name("JSON");
  cmd->add_option("--side", options.side_px,
                  wrap("Pixels per set unit (the tangram's unit: the side of the full "
                       "seven-piece square). Default: " +
                       general(options.side_px) + "."))
      ->type_name("PX");
  cmd->add_option("--margin", options.margin_px,
                  wrap("White border around the figure in pixels. Default: " +
                       general(options.margin_px) + "."))
      ->type_name("PX");
  cmd->add_option("--svg", options.svg,
                  wrap("Also write the arrangement as an SVG picture: the pattern's pixels as "
                       "their exact outline in light grey and each piece as its exact polygon "
                       "(arcs as arcs), coloured and named as in 'tangram solve --image', the "
                       "set's legend below. The name must end in .svg. Default: none."))
      ->type_name("OUT.svg");
  add_pieces_option(*cmd, options.pieces, "The set the arrangement's pieces belong to.",
                    "Default: the set the arrangement names (its \"piece_set\", a built-in "
                    "set), else the tangram.");
  add_limit_options(*cmd, options.limits, false, true);
  cmd->footer(
      wrap("The PNG is 8-bit grey, puzzle 0 on 255, rendered by 4 x 4 supersampling with a pixel "
           "black when at least half of its samples lie in a piece (as the KiloGram "
           "figures are rendered). Pieces that overlap are refused. The "
           "files are written atomically; none may be the arrangement itself.\n"
           "Exit status: 0 written; 2 bad or over-limit arrangement, bad option or output not "
           "writable; 3 "
           "internal error.",
           90));
  return cmd;
}

int run_render(const RenderOptions& options) {
  const std::string truth = options.truth.empty() ? default_truth_path(options.png) : options.truth;
  if (options.png == "-")
    throw UsageError(
        "--out -: the pattern is written to a file, its ground truth next to it: "
        "name it PATTERN.png");
  check_picture_output("--out", options.png, true);
  check_document_output("--truth", truth, "a JSON document");
  if (!options.svg.empty()) check_svg_output("--svg", options.svg, false);
  for (const std::string& out : {options.png, truth, options.svg})
    if (!out.empty() && same_file(out, options.arrangement))
      throw UsageError("output " + out + " is the input arrangement " + options.arrangement);
  if (same_file(options.png, truth))
    throw UsageError("--truth " + truth + " is the pattern PNG itself");
  if (!options.svg.empty() &&
      (same_file(options.svg, options.png) || same_file(options.svg, truth)))
    throw UsageError("--svg " + options.svg + " names the same file as " +
                     (same_file(options.svg, options.png) ? "--out" : "--truth"));
  for (const std::string& out : {options.png, truth, options.svg})
    if (!out.empty()) check_output_path(out);

  std::optional<PieceSet> given;
  if (!options.pieces.empty()) given = load_pieces_option(options.pieces, options.limits).set;
  const ArrangementDocument document =
      read_arrangement_document(options.arrangement, options.limits, given ? &*given : nullptr);
  const PieceSet& set = document.pieces;
  RenderConfig config;
  config.side_px = options.side_px;
  config.margin_px = options.margin_px;
  RenderedFigure figure;
  try {
    figure = render_arrangement(document.arrangement, set, config);
  } catch (const InputError& e) {
    throw InputError("arrangement " + options.arrangement + ": " + e.tagged());
  }

  Solution ground_truth;
  ground_truth.solved = true;
  ground_truth.pieces = figure.pieces;
  write_picture(options.png, figure.image);
  write_text_atomic(truth,
                    solution_to_json(ground_truth, set, fs::path(options.png).filename().string(),
                                     /*with_stats=*/false));
  if (!options.svg.empty()) {
    Pattern pattern;  // the picture as drawn, whatever its size (make_pattern has minimums)
    pattern.puzzle = figure.image == 0;
    pattern.area_px = cv::countNonZero(pattern.puzzle);
    SvgConfig svg;
    svg.title = fs::path(options.png).filename().string();
    write_text_atomic(options.svg, assembly_svg(pattern, figure.pieces, set, svg));
  }
  std::cout << "wrote " << options.png << " (" << figure.image.cols << " x " << figure.image.rows
            << " px, " << cv::countNonZero(figure.image == 0) << " puzzle px) and " << truth
            << (options.svg.empty() ? "" : " and " + options.svg) << std::endl;
  return kExitOk;
}

}  // namespace tangram::cli
