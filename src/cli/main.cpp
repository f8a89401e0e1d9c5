// The `tangram` command line: builds the CLI11 app, registers the subcommands and maps errors
// onto one-line messages and exit codes.

#include <iostream>
#include <string>

#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "tangram/allocator.hpp"
#include "tangram/error.hpp"

namespace {

constexpr const char* kVersion = TANGRAM_VERSION;  // project(... VERSION) in CMakeLists.txt

/// Prints "tangram: error: <message>" as exactly one line on stderr.
void print_error(std::string message) {
  for (char& c : message)
    if (c == '\n' || c == '\r') c = ' ';
  std::cerr << "tangram: error: " << message << std::endl;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace tangram::cli;
  tangram::keep_freed_memory_for_reuse();
  CLI::App app{"Solves Tangram puzzles given as raster silhouettes (after Yamada, Gois & "
               "Batagelo, SIBGRAPI 2019).",
               "tangram"};
  app.set_version_flag("--version", std::string("tangram ") + kVersion);
  app.require_subcommand(1);
  app.footer(wrap("Run 'tangram SUBCOMMAND --help' for the options of a subcommand.\n"
                   "Exit status: 0 success; 1 not solved or not valid; 2 bad input, bad "
                   "usage or output not writable; 3 internal error.",
                   90));

  SolveOptions solve_options;
  CLI::App* solve = setup_solve(app, solve_options);
  SolveWatchOptions watch_options;
  add_watch_options(*solve, watch_options);
  VerifyOptions verify_options;
  CLI::App* verify = setup_verify(app, verify_options);
  CompareOptions compare_options;
  CLI::App* compare = setup_compare(app, compare_options);
  RenderOptions render_options;
  CLI::App* render = setup_render(app, render_options);
  ExperimentOptions experiment_options;
  CLI::App* experiment = setup_experiment(app, experiment_options);
  ReportOptions report_options;
  CLI::App* report = setup_report(app, report_options);
  ExplainOptions explain_options;
  CLI::App* explain = setup_explain(app, explain_options);

  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {  // --help, --version
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    const CLI::App* sub = solve->parsed()     ? solve
                          : verify->parsed()  ? verify
                          : compare->parsed() ? compare
                          : render->parsed()  ? render
                          : experiment->parsed() ? experiment
                          : report->parsed()  ? report
                          : explain->parsed() ? explain
                                              : nullptr;
    print_error(std::string(e.what()) + " (see 'tangram " + (sub ? sub->get_name() + " " : "") +
                "--help')");
    return kExitUsage;
  }

  try {
    if (solve->parsed()) return run_solve(solve_options, watch_options);
    if (compare->parsed()) return run_compare(compare_options);
    if (render->parsed()) return run_render(render_options);
    if (experiment->parsed()) return run_experiment(experiment_options);
    if (report->parsed()) return run_report(report_options);
    if (explain->parsed()) return run_explain(explain_options);
    return run_verify(verify_options);
  } catch (const tangram::Error& e) {
    print_error(e.what());
    return kExitUsage;
  } catch (const std::exception& e) {
    print_error(std::string("internal error: ") + e.what());
    return kExitInternal;
  }
}
