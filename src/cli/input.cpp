// The input options shared by `tangram solve` and `tangram compare` (mapped by the service's
// input_config()), and how the reading's notes and warnings are printed.

#include <iostream>

#include "commands.hpp"
#include "tangram/core/base/error.hpp"

namespace tangram::cli {

namespace {

/// Help group of the input options.
constexpr const char* kInputGroup = "Input (how the picture is read)";

}  // namespace

void add_input_options(CLI::App& cmd, SolveOptions& options) {
  cmd.add_option("--threshold", options.threshold,
                 wrap("A pixel is dark when its 8-bit luminance is below T (1-255); raise it "
                      "for a faint grey figure. Default: " +
                      general(options.threshold) + "."))
      ->type_name("T")
      ->group(kInputGroup);
  cmd.add_option("--invert", options.invert,
                 wrap("auto, yes or no: the figure is the light pixels (yes) or the dark ones "
                      "(no); auto inverts when the image's border is mostly dark. Default: " +
                      options.invert + "."))
      ->type_name("MODE")
      ->group(kInputGroup);
  cmd.add_flag_callback(
         "--no-clean", [&options] { options.clean = false; },
         wrap("Keep specks and pinholes (by default those under 1/64 of the figure's area are "
              "dropped or filled, with a warning)."))
      ->group(kInputGroup);
  cmd.add_flag("--fill-outline", options.fill_outline,
               wrap("The picture is an outline drawing: fill what its strokes enclose (by "
                    "default an outline is refused)."))
      ->group(kInputGroup);
  cmd.add_option("--work-size", options.work_size,
                 wrap("Solve on a copy reduced so that its longer side is at most PX; 0 = full "
                      "resolution; auto reduces large figures only. Default: " +
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
