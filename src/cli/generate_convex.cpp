// `tangram generate convex`: its options declared and handed to the convex-figures service
// (service/convex.hpp); the figures written as a folder: pictures, assemblies, tables, a sheet.

#include <chrono>
#include <filesystem>
#include <iostream>

#include "commands.hpp"
#include "status_line.hpp"
#include "tangram/core/base/format.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/png.hpp"
#include "tangram/lab/convex_sheet.hpp"

namespace tangram::cli {

CLI::App* setup_generate_convex(CLI::App& generate, GenerateCommand& command) {
  ConvexOptions& options = command.convex;
  CLI::App* cmd = generate.add_subcommand(
      "convex",
      wrap("Every convex figure the set's pieces form, each with one assembly: the convex "
           "polygons of the set's area with corners on its lattice and sides along its pieces' "
           "sides, each decided by the exact enumeration (a candidate without an assembly is "
           "proved to have none). Writes into DIR, for each figure NAME.png (the silhouette, "
           "which tangram solve reads) and NAME.json (one assembly, tangram-solution/1, which "
           "tangram verify NAME.png NAME.json accepts); convex.csv (one row per figure: corners "
           "in set units, sides in lattice steps, with --all the assemblies); rejected.csv (the "
           "candidates proved to have no assembly); and convex.png and convex.svg, a sheet of "
           "the figures with their assemblies."));
  cmd->add_option("--pieces", options.pieces,
                  wrap("The piece set: a built-in name (tangram pieces lists them) or a "
                       "tangram-pieces/1 file. Default: " +
                       options.pieces + "."))
      ->type_name("SET");
  cmd->add_flag("--all", options.all,
                wrap("Count each figure's essentially different assemblies: up to the "
                     "figure's symmetry, identical pieces not told apart."));
  cmd->add_option("--out", command.out_dir, wrap("The folder to write into (created)."))
      ->type_name("DIR")
      ->required();
  cmd->add_option("--time-limit", options.time_limit_s,
                  wrap("Stop after SEC seconds: the figures decided so far are written, the "
                       "rest named undecided (exit 5). Default: none."))
      ->type_name("SEC");
  cmd->add_option("--threads", options.threads,
                  wrap("Worker threads of each enumeration, 0 = all cores; the figures do not "
                       "depend on it. Default: 0."))
      ->type_name("N");
  cmd->add_flag("-q,--quiet", command.quiet, wrap("No progress line on stderr."));
  cmd->footer(
      wrap("Exit status: 0 every candidate decided (with --all, every count to the "
           "end); 5 the time limit left some undecided (the figures decided are "
           "written); 1 no convex figure; 2 bad option, set or output; 3 internal "
           "error.",
           90));
  return cmd;
}

int run_generate_convex(const GenerateCommand& command) {
  const auto started = std::chrono::steady_clock::now();
  const ConvexOptions& options = command.convex;
  check_convex_options(options);
  prepare_out_dir(command.out_dir);
  ConvexFigures run;
  {
    StatusLine status(!command.quiet);
    run =
        generate_convex_figures(options, started, [&](long decided, long candidates, long formed) {
          status.show([&] {
            return "generate convex: " + std::to_string(decided) + "/" +
                   std::to_string(candidates) + " candidates decided, " + std::to_string(formed) +
                   " figures";
          });
        });
  }
  namespace fs = std::filesystem;
  const fs::path out(command.out_dir);
  for (const ConvexFigure& f : run.formed)
    write_silhouette_files(command.out_dir, f.name, f.verdict.pattern,
                           convex_figure_json(run, f, f.name + ".png"));
  write_text_atomic((out / "convex.csv").string(), convex_csv(run, options.all));
  write_text_atomic((out / "rejected.csv").string(), rejected_csv(run));
  write_png_atomic((out / "convex.png").string(), convex_sheet_picture(run));
  write_text_atomic((out / "convex.svg").string(), convex_sheet_svg(run));
  std::cout << run.summary << ": " << (out / "convex.png").string() << "\n";
  for (const ConvexFigure& f : run.undecided)
    std::cout << "  undecided: " << side_lengths_text(f.polygon)
              << (f.verdict.refusal.empty() ? " (the time limit came first)"
                                            : " (" + f.verdict.refusal + ")")
              << "\n";
  return exit_code(run.answer);
}

}  // namespace tangram::cli
