// `tangram solve PATTERN... --out-dir DIR`: many figures solved in one process, as the
// experiments run (lab/experiment_runner.hpp, BatchSolve), resumable, DIR/runs.csv.

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <set>

#include "commands.hpp"
#include "run_progress.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/lab/experiment_runner.hpp"

namespace tangram::cli {

namespace {

namespace fs = std::filesystem;

/// Picture files a folder given as PATTERN contributes (by their extension).
bool is_picture_name(const fs::path& path) {
  static const std::set<std::string> extensions{".png",  ".jpg",  ".jpeg", ".bmp", ".tif",
                                                ".tiff", ".webp", ".pbm",  ".pgm", ".ppm"};
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return extensions.count(ext) > 0;
}

/// The figures of the PATTERN arguments: files as given, folders as their pictures (not
/// descending into subfolders), by name; each file once.
std::vector<std::string> figures_of(const SolveCommand& options) {
  std::vector<std::string> figures;
  std::set<std::string> seen;
  const auto add = [&](const fs::path& path) {
    std::error_code ec;
    const fs::path canonical = fs::weakly_canonical(path, ec);
    if (seen.insert(ec ? path.string() : canonical.string()).second)
      figures.push_back(path.string());
  };
  std::error_code ec;
  for (const std::string& pattern : options.patterns) {
    if (pattern == "-")
      throw UsageError("PATTERN: - (standard input) is one figure: not with --out-dir");
    if (fs::is_directory(pattern, ec)) {
      if (!options.out_dir.empty() && fs::exists(options.out_dir, ec) &&
          fs::equivalent(pattern, options.out_dir, ec))
        throw UsageError("--out-dir " + options.out_dir + " is the folder of figures " + pattern +
                         ": choose another");
      std::vector<fs::path> inside;
      for (const auto& entry : fs::directory_iterator(pattern, ec))
        if (entry.is_regular_file(ec) && is_picture_name(entry.path()))
          inside.push_back(entry.path());
      if (ec) throw InputError(pattern + ": cannot list the folder: " + ec.message());
      if (inside.empty()) throw InputError(pattern + ": no pictures in the folder");
      std::sort(inside.begin(), inside.end());
      for (const fs::path& path : inside) add(path);
    } else if (fs::exists(pattern, ec)) {
      add(pattern);
    } else {
      throw InputError(pattern + ": no such file or folder");
    }
  }
  return figures;
}

}  // namespace

int run_solve_batch(const SolveCommand& command) {
  const SolveOptions& options = command.solve;
  if (command.out_dir.empty())
    throw UsageError("PATTERN: " + std::to_string(command.patterns.size()) +
                     " pictures: give --out-dir DIR to solve them all (one picture otherwise)");
  // What one figure's outputs and watchers mean has no batch counterpart: refused, not ignored.
  const bool several = options.all || options.unique || options.use != "exact" ||
                       options.max_solutions_given || options.up_to_symmetry ||
                       options.figure_area != 0.0 || options.prefer != "fewer";
  const std::vector<std::pair<bool, const char*>> single{
      {!command.json_path.empty(), "--json"},  {!command.image_path.empty(), "--image"},
      {!command.svg_path.empty(), "--svg"},    {!command.frames_dir.empty(), "--frames"},
      {command.verbose, "--verbose"},          {several, "--all/--unique and their options"},
      {!command.fixed_path.empty(), "--fixed"}};
  for (const auto& [given, name] : single)
    if (given)
      throw UsageError(std::string(name) +
                       ": one figure's option, not with --out-dir (each "
                       "figure's solution and picture are written into it)");
  const SolverConfig solver = solver_config(options);
  validate_config(solver);
  ExperimentConfig config;
  config.batch =
      BatchSolve{figures_of(command), solver, read_for_set(input_config(options), solver.pieces)};
  config.out_dir = command.out_dir;
  config.time_limit_s = solver.search.time_limit_s;
  config.jobs = command.jobs;
  config.threads = options.threads;
  config.strategies = {solver.placement.strategy};
  config.limits = options.limits;
  config.invocation = this_invocation();
  config.repair = command.repair;
  ExperimentPlan plan = plan_experiment(config);
  for (const std::string& warning : plan.warnings)
    std::cerr << "tangram: warning: " << in_words(warning) << std::endl;
  report_repair(plan, "figure");
  tangram::run_experiment(plan, run_progress(plan, "solve", command.quiet));
  const std::string tables = write_experiment_tables(plan);
  if (!command.quiet) std::cout << tables << std::flush;
  const bool every = std::all_of(plan.records.begin(), plan.records.end(),
                                 [](const auto& r) { return r && r->counts(); });
  return every ? kExitOk : kExitFailed;
}

}  // namespace tangram::cli
