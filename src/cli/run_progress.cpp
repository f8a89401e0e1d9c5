// How `tangram experiment` and `solve --out-dir` word their runs' progress (run_progress.hpp).

#include "run_progress.hpp"

#include <algorithm>
#include <cmath>
#include <iostream>

#include <unistd.h>

#include "commands.hpp"
#include "tangram/lab/experiment_shards.hpp"

namespace tangram::cli {

namespace {

std::string duration(double seconds) {
  const long s = std::lround(std::max(0.0, seconds));
  if (s >= 3600) return std::to_string(s / 3600) + "h" + padded((s % 3600) / 60, 2) + "m";
  if (s >= 60) return std::to_string(s / 60) + "m" + padded(s % 60, 2) + "s";
  return std::to_string(s) + "s";
}

std::string eta(const ExperimentProgress& progress) {
  const std::optional<double> left = progress.eta_s();
  return left ? duration(*left) : std::string("?");
}

/// "[#########.....................] 3/8 runs, 2 solved, 12s elapsed, ETA 20s".
std::string status_line(const ExperimentProgress& progress) {
  const int width = 30;
  const int filled = progress.total ? int(width * progress.done / progress.total) : width;
  return "[" + std::string(filled, '#') + std::string(width - filled, '.') + "] " +
         std::to_string(progress.done) + "/" + std::to_string(progress.total) + " runs, " +
         std::to_string(progress.solved) + " solved, " + duration(progress.elapsed_s) +
         " elapsed, ETA " + eta(progress);
}

}  // namespace

ExperimentObserver run_progress(const ExperimentPlan& plan, const std::string& what, bool quiet) {
  ExperimentObserver observer;
  if (quiet) return observer;
  observer.started = [&plan, what]() {
    std::cerr << what << ": " << plan.runs.size() << " runs planned"
              << (plan.config.shard ? " (shard " + shard_text(*plan.config.shard) + ", of " +
                                          std::to_string(plan.runs_in_all) + " in all)"
                                    : std::string())
              << ", " << plan.recorded() << " already recorded in " << plan.config.out_dir << ", "
              << plan.todo.size() << " to do"
              << (plan.todo.empty()
                      ? std::string()
                      : " with " + std::to_string(plan.workers) + " at a time" +
                            (plan.config.batch
                                 ? ", " + std::to_string(plan.threads) +
                                       (plan.threads == 1 ? " thread" : " threads") + " each"
                                 : std::string()))
              << std::endl;
  };
  if (isatty(STDERR_FILENO) != 0)
    observer.tick = [](const ExperimentProgress& progress, bool last) {
      std::cerr << "\r" << status_line(progress) << "   ";
      if (last)
        std::cerr << std::endl;
      else
        std::cerr << std::flush;
    };
  else
    observer.recorded = [](const PlannedRun& run, const ExperimentRecord& record,
                           const ExperimentProgress& progress) {
      const std::string label = run.set ? run.set->set.name() + " "
                                : run.spec.number > 0
                                    ? "exp" + std::to_string(run.spec.number) + " " +
                                          std::string(search_mode_name(run.search)) + " "
                                    : std::string();
      std::cerr << "[" << progress.done << "/" << progress.total << "] " << label << run.name()
                << ": "
                << (record.counts() ? "solved"
                    : record.solved ? "rejected"
                                    : "not solved")
                << " in " << fixed(record.seconds, 2) << " s, ETA " << eta(progress) << std::endl;
    };
  return observer;
}

void report_repair(ExperimentPlan& plan, const std::string& item) {
  if (!plan.config.repair) return;
  const std::vector<Damage> damaged = plan.damaged;
  const std::filesystem::path folder = move_damaged_aside(plan);
  for (const Damage& d : damaged)
    std::cerr << "tangram: repair: " << in_words(d.file.string() + ": " + d.what) << ": moved aside"
              << std::endl;
  std::cerr << "tangram: repair: " << damaged.size() << " damaged file"
            << (damaged.size() == 1 ? "" : "s") << " moved aside"
            << (folder.empty()
                    ? std::string()
                    : " into " + folder.string() + "/; their " + item + "s are done again")
            << std::endl;
}

}  // namespace tangram::cli
