// `tangram explain`: one placement of one piece on the empty pattern, stage by stage (the
// paper's Fig. 7), the strategies' cost matrices (Fig. 5) and the distance transform (Fig. 6),
// written as PNGs with an index.html that shows them in order.

#include <cmath>
#include <filesystem>
#include <iostream>

#include "commands.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/core/figure/rotation_plan.hpp"
#include "tangram/core/figure/roughness.hpp"
#include "tangram/core/puzzle/piece_set.hpp"
#include "tangram/core/raster/raster.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/pattern_png.hpp"
#include "tangram/io/png.hpp"
#include "tangram/lab/explain.hpp"
#include "tangram/lab/figures.hpp"

namespace tangram::cli {

namespace {

namespace fs = std::filesystem;

/// Largest --scale: pictures of a 300 px pattern stay under 5000 px.
constexpr int kMaxScale = 16;

}  // namespace

CLI::App* setup_explain(CLI::App& app, ExplainOptions& options) {
  options.strategy = std::string(strategy_name(PlacementConfig{}.strategy));

  CLI::App* cmd = app.add_subcommand(
      "explain", wrap("Show, as pictures, how one piece is placed (the paper's Figs. 5-7)."));
  cmd->add_option("PATTERN", options.pattern,
                  wrap("Silhouette picture, in any format 'tangram solve' reads, read as the "
                       "referee reads it; - is standard input."))
      ->required()
      ->type_name("IMAGE");
  cmd->add_option("--piece", options.piece,
                  wrap("Piece to place, by its name in the set (the tangram's: " +
                       PieceSet::tangram().shape_names() +
                       "). Default: the first of the set's "
                       "largest-first order (large-triangle)."))
      ->type_name("NAME");
  add_pieces_option(*cmd, options.pieces, "The set the piece is taken from.", "Default: tangram.");
  cmd->add_option("--angle", options.angle_deg,
                  wrap("Rotation of the piece in degrees, counter-clockwise on screen, in "
                       "[0, 360). Default: 0, or if the piece does not fit at 0, the first "
                       "multiple of --rotation-step at which it fits (Algorithm 1 tries the "
                       "configurations in this order)."))
      ->type_name("DEG");
  cmd->add_option("--rotation-step", options.rotation_step,
                  wrap("The 'tangram solve --rotation-step' to explain: it sets the mask's "
                       "inset and the angles tried without --angle (auto, or 0 < DEG <= 360). "
                       "auto: the rotations 'tangram solve' tries first on this figure (45-degree "
                       "steps turned to the direction its edges share, else 1-degree steps). "
                       "Default: " +
                       options.rotation_step + "."))
      ->type_name("auto|DEG");
  cmd->add_flag("--mirror", options.mirror,
                wrap("Mirror the piece top-to-bottom before the rotation. Default: not "
                     "mirrored."));
  cmd->add_option("--strategy", options.strategy,
                  wrap("Placement strategy whose cost picks the endpoint: " + strategy_choices() +
                       ". Default: " + options.strategy + "."))
      ->type_name("NAME");
  cmd->add_option("--inset", options.inset_px,
                  wrap("Inward offset of the raster piece mask, in pixels (0..10). Default: "
                       "automatic, as 'tangram solve' at --rotation-step."))
      ->type_name("PX");
  cmd->add_option(
         "--scale", options.scale,
         wrap("Pictures are this many times the pattern's size (1.." + std::to_string(kMaxScale) +
              "). Default: about 512 px on the longer "
              "side."))
      ->type_name("N");
  cmd->add_option("-o,--out", options.out_dir,
                  wrap("Directory (created if missing) for the pictures (fig7a-...png to "
                       "fig7g-...png, fig5-STRATEGY.png, fig6-distance-transform.png) and "
                       "index.html, which shows them in order with captions."))
      ->required()
      ->type_name("DIR");
  add_limit_options(*cmd, options.limits, true, false);
  cmd->footer(
      wrap("The piece is placed on the empty pattern as the paper's Algorithm 1 places it: at the "
           "lowest-cost endpoint of the skeleton of its collision-free area. Outputs are written "
           "atomically.\n"
           "Exit status: 0 written; 2 bad or over-limit input, bad option, a piece that does not "
           "fit at that "
           "angle, or output not writable; 3 internal error.",
           90));
  return cmd;
}

int run_explain(const ExplainOptions& options) {
  // Options first, then the input, then the outputs: nothing is created for a failing command.
  PieceSet set = PieceSet::tangram();
  double fine_step = 1.0;
  if (options.pieces != set.name()) {
    const PieceSetFile file = load_pieces_option(options.pieces, options.limits);
    set = file.set;
    fine_step = file.rotation_step_deg;
  }
  const auto pieces = [&set]() -> const PieceSet& { return set; };
  const std::string piece_name =
      options.piece.empty() ? set.shape_name(set.order().front()) : options.piece;
  const auto shape = pieces().find(piece_name);
  if (!shape)
    throw UsageError("--piece: unknown piece '" + piece_name + "' (choose one of " +
                     pieces().shape_names() + ")");
  if (options.angle_deg && !(*options.angle_deg >= 0.0 && *options.angle_deg < 360.0))
    throw UsageError("--angle must be in [0, 360) degrees, got " + general(*options.angle_deg));
  double step = options.rotation_step == "auto"
                    ? 45.0  // checked below, once the pattern is read
                    : parse_degrees("--rotation-step", options.rotation_step);
  if (!(step > 0.0 && step <= 360.0))
    throw UsageError("--rotation-step must be in (0, 360] degrees, got " + general(step));
  const auto strategy = strategy_from_name(options.strategy);
  if (!strategy)
    throw UsageError("--strategy: unknown strategy '" + options.strategy + "' (choose one of " +
                     strategy_choices() + ")");
  if (!(options.inset_px <= 10.0) || !std::isfinite(options.inset_px))
    throw UsageError("--inset must be at most 10 px (negative = automatic), got " +
                     general(options.inset_px));
  if (options.scale < 0 || options.scale > kMaxScale)
    throw UsageError("--scale must be in 1.." + std::to_string(kMaxScale) +
                     " (0 = automatic), got " + std::to_string(options.scale));
  const std::string& out = options.out_dir;
  if (same_file(out, options.pattern))
    throw UsageError("--out " + out + " is the input pattern: choose a directory");
  std::error_code ec;
  if (fs::exists(out, ec) && !fs::is_directory(out, ec))
    throw OutputError("cannot write to --out " + out + ": not a directory");

  const Pattern pattern = load_pattern(options.pattern, options.limits);
  const std::string name = pattern_file_name(options.pattern);
  double offset = 0.0;
  double extra_inset = 0.0;  // the first rung of a rough outline's ladder (rotation_plan.hpp)
  if (options.rotation_step == "auto") {
    RotationPlanConfig plan;
    plan.rough_ladder = options.inset_px < 0.0;
    const RotationStage first = auto_rotation_plan(pattern, pieces(), fine_step, plan).front();
    step = first.step_deg;
    offset = first.offset_deg;
    extra_inset = first.extra_inset_px;
  }
  const std::string multiples =
      offset != 0.0 ? "angle " + fixed(offset, 2) + " + k x " + general(step) + " deg"
                    : "multiple of " + general(step) + " deg";
  double inset = options.inset_px >= 0.0 ? options.inset_px
                                         : default_inset_px(set.unit_px(pattern.side_px), step,
                                                            set.reach(), set.grid_step_deg()) +
                                               extra_inset;
  const std::string mirrored = options.mirror ? " mirrored" : "";
  std::string why;  // how the angle was chosen, when it was not given
  double angle = 0.0;
  if (options.angle_deg) {
    angle = *options.angle_deg;
  } else {
    auto first =
        first_fitting_angle(pattern, pieces(), *shape, options.mirror, step, inset, offset);
    // As the search does on a wobbly outline (figure/roughness.hpp): the mask inset further.
    if (!first && options.inset_px < 0.0)
      if (const double allowance = rough_inset_allowance_px(pattern.puzzle); allowance > 0.0) {
        inset += allowance;
        first = first_fitting_angle(pattern, pieces(), *shape, options.mirror, step, inset, offset);
      }
    if (!first)
      throw InputError("pattern " + name + ": the " + piece_name + mirrored +
                       " fits nowhere at any " + multiples +
                       ": choose another --piece, --angle or --rotation-step");
    angle = *first;
    if (angle != offset)
      why = " (it does not fit at " + (offset != 0.0 ? fixed(offset, 2) : std::string("0")) +
            " deg; the first " + multiples + " at which it fits)";
    else if (offset != 0.0)
      why = " (the direction the figure's edges share)";
  }
  const PlacementWalkthrough walkthrough = explain_placement(
      pattern, pieces(), Configuration{*shape, angle, options.mirror}, *strategy, inset);
  const std::string pose = piece_name + " at " + general(angle) + " deg" + mirrored;
  if (!walkthrough.chosen)
    throw InputError("pattern " + name + ": the " + pose +
                     " does not fit anywhere (its collision-free area is empty): choose another "
                     "--angle or --piece");

  const std::vector<FigureSection> sections = explain_figures(pattern, walkthrough, options.scale);
  const auto out_file = [&](const std::string& name) { return (fs::path(out) / name).string(); };
  std::vector<std::string> names{"index.html"};
  for (const FigureSection& section : sections)
    for (const Figure& figure : section.figures) names.push_back(figure.file);
  for (const std::string& name : names)
    if (same_file(out_file(name), options.pattern))
      throw UsageError("--out " + out + ": " + name +
                       " would overwrite the input pattern: "
                       "choose another directory");
  fs::create_directories(out, ec);
  if (ec) throw OutputError("cannot create --out directory " + out + ": " + ec.message());

  for (const FigureSection& section : sections)
    for (const Figure& figure : section.figures)
      write_png_atomic(out_file(figure.file), figure.image);
  const std::string title = "tangram explain: " + fs::path(options.pattern).filename().string();
  const std::string intro =
      "How the solver of Yamada, Gois and Batagelo (SIBGRAPI 2019) places one piece: the " + pose +
      why + " on the empty pattern " + name + ", with the " +
      std::string(strategy_label(*strategy)) + " placement strategy. Made by 'tangram explain'.";
  write_text_atomic(out_file("index.html"), figures_html(title, intro, sections));

  const cv::Point chosen = walkthrough.endpoints[*walkthrough.chosen];
  const std::size_t endpoints = walkthrough.endpoints.size();
  std::cout << name << ": " << pose << why << ", " << strategy_label(*strategy) << ": " << endpoints
            << " skeleton endpoint" << (endpoints == 1 ? "" : "s") << ", placed at (" << chosen.x
            << ", " << chosen.y << ") with cost "
            << fixed(walkthrough.costs[*walkthrough.chosen], 1) << "\n"
            << "wrote " << names.size() - 1 << " pictures and index.html to " << out << std::endl;
  return kExitOk;
}

}  // namespace tangram::cli
