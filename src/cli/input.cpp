// The input options shared by `tangram solve` and `tangram compare`: how a pattern picture is
// read (silhouette.hpp), and how the reading's notes and warnings are printed.

#include <iostream>

#include "commands.hpp"
#include "tangram/core/base/error.hpp"

namespace tangram::cli {

namespace {

/// Help group of the input options.
constexpr const char* kInputGroup = "Input (how the picture is read)";

/// --work-size: "auto", or a whole number of pixels >= 0.
int parse_work_size(const std::string& text) {
  if (text == "auto") return kWorkSizeAuto;
  const auto bad = [&] {
    return UsageError(
        "--work-size must be auto, 0 (full resolution) or a number of pixels, "
        "got '" +
        text + "'");
  };
  if (text.empty() || text.size() > 9 || text.find_first_not_of("0123456789") != std::string::npos)
    throw bad();
  return std::stoi(text);
}

}  // namespace

InputConfig input_config(const InputOptions& options) {
  InputConfig config;
  config.threshold = options.threshold;
  const auto invert = invert_mode_from_name(options.invert);
  if (!invert)
    throw UsageError("--invert: unknown mode '" + options.invert + "' (choose auto, yes or no)");
  config.invert = *invert;
  config.clean = !options.no_clean;
  config.fill_outline = options.fill_outline;
  config.work_size_px = parse_work_size(options.work_size);
  validate_input_config(config);
  return config;
}

void add_input_options(CLI::App& cmd, InputOptions& options) {
  cmd.add_option("--threshold", options.threshold,
                 wrap("Luminance threshold on the 8-bit scale, 1-255: a pixel is dark when its "
                      "luminance is below T. Anti-aliased or blurred edges are cut where they "
                      "cross T; raise it for a faint grey figure. Default: " +
                      general(options.threshold) + "."))
      ->type_name("T")
      ->group(kInputGroup);
  cmd.add_option("--invert", options.invert,
                 wrap("auto, yes or no: the figure is the light pixels (yes) or the dark ones "
                      "(no). auto inverts when at least 3/4 of the opaque pixels on the image "
                      "border are dark, and says so. Default: " +
                      options.invert + "."))
      ->type_name("MODE")
      ->group(kInputGroup);
  cmd.add_flag("--no-clean", options.no_clean,
               wrap("Keep specks and pinholes. Default: separate specks smaller than 1/64 of the "
                    "figure's area (a quarter of the small triangle) are dropped and enclosed "
                    "pinholes of that size filled, each with a warning."))
      ->group(kInputGroup);
  cmd.add_flag("--fill-outline", options.fill_outline,
               wrap("The picture is an outline drawing: fill every region its strokes enclose "
                    "(even-odd, so a drawn hole stays a hole). Default: outline drawings, like "
                    "figures too thin for the pieces, are refused."))
      ->group(kInputGroup);
  cmd.add_option("--work-size", options.work_size,
                 wrap("Solve on a copy reduced by an integer factor so that the longer image "
                      "side is at most PX; 0 = full resolution; auto = reduce only figures "
                      "whose set side sqrt(area) exceeds 300 px, to a set side of 150-250 px. "
                      "Pieces are reported, and checked, in the original's pixel coordinates. "
                      "Default: " +
                      options.work_size + "."))
      ->type_name("auto|PX")
      ->group(kInputGroup);
}

void print_input_report(const InputReport& report, bool quiet, const std::string& context) {
  if (!quiet)
    for (const std::string& note : report.notes)
      std::cerr << "tangram: note: " << context << in_words(note) << "\n";
  for (const std::string& warning : report.warnings)
    std::cerr << "tangram: warning: " << context << in_words(warning) << "\n";
  std::cerr << std::flush;
}

}  // namespace tangram::cli
