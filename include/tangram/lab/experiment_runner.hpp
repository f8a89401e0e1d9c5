#pragma once
/// \file experiment_runner.hpp
/// Running the experiments of experiment.hpp on a directory of patterns, in three steps:
/// plan_experiment() lists the runs and finds those already recorded, run_experiment() solves
/// the others in parallel across puzzles, and write_experiment_tables() writes runs.csv and
/// Tables I-III over every recorded run. `tangram experiment` is these steps with options and
/// progress lines.
///
/// Each run is solved by solve_silhouette() (the pipeline of `tangram solve`) on the pattern
/// read as the referee reads it (InputConfig::referee_reading(): nothing inverted, cleaned or
/// reduced) and not cropped, and counts as solved only if the checker (verify.hpp) accepts its
/// assembly on that reading. It writes into OUT/expN/SEARCH/ (OUT the results directory,
/// SEARCH paper or ours): PATTERN-STRATEGY.json (the solution, tangram-solution/1),
/// PATTERN-STRATEGY.png (its picture) and, last, PATTERN-STRATEGY.run.json (its record,
/// run_record_path()). An interrupted experiment so loses only the runs in progress: planning
/// the same config again finds the others recorded.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tangram/core/raster/placement.hpp"
#include "tangram/core/solve/solve.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/piece_sets.hpp"
#include "tangram/io/silhouette.hpp"
#include "tangram/lab/experiment.hpp"
#include "tangram/lab/results.hpp"

namespace tangram {

/// Pattern numbers first..last (the NN- prefix of the pattern files), both included.
struct PatternRange {
  int first = 1;
  int last = 1;
};

/// One of `count` parts of an experiment, the index-th from 1 (experiment_shards.hpp): the runs
/// index - 1, index - 1 + count, ... of the whole plan.
struct Shard {
  int index = 1;
  int count = 1;
};

/// `tangram solve` over many figures in one process (ExperimentConfig::batch): each figure read
/// and solved as `tangram solve` with these settings would, on its own, its files in out_dir
/// named after it (PlannedRun::name(): the file's stem, a number added for a stem seen before,
/// and the strategy), the runs resumable as the experiments'.
struct BatchSolve {
  std::vector<std::string> figures;  ///< picture files, in the order given
  SolverConfig solver;               ///< time limit and threads: ExperimentConfig's
  InputConfig reading;               ///< how each picture is read
};

/// What to run, and where. Messages name these fields through Setting::MasksDir, OutDir,
/// Patterns, Jobs, TimeLimit and Threads (error.hpp).
struct ExperimentConfig {
  std::vector<int> experiments{1, 2, 3};  ///< experiment numbers (paper_experiment())
  /// The piece-set experiment instead of the paper's when not empty: these built-in sets
  /// (builtin_piece_set_names()), each solving the patterns NN-*.png of masks_dir/sets/SET/ with
  /// its own rotations (--rotation-step auto) and mirroring, the search `ours`; a pattern with
  /// NN-KIND.truth.json beside it is solvable, one without is not (set_table()); `patterns`
  /// selects by NN in every set. `experiments`, `searches` and `pieces` are then not used.
  std::vector<std::string> sets;
  /// Directory of the patterns, named NN-name.png with NN their number (masks/).
  std::string masks_dir = "masks";
  std::string out_dir;  ///< results directory, created if missing
  /// Only these pattern numbers, within each experiment's own range; nullopt = all of them.
  std::optional<PatternRange> patterns;
  std::vector<Strategy> strategies = all_strategies();
  std::vector<SearchMode> searches{SearchMode::Paper, SearchMode::Ours};
  double time_limit_s = kPaperTimeLimitS;  ///< seconds per run before it counts as unsolved
  int jobs = 0;     ///< runs solved at the same time, 1..256; 0 = one per core
  int threads = 1;  ///< worker threads of each run, 1..1024 (results do not depend on it)
  PieceSet pieces = PieceSet::tangram();  ///< the pieces the patterns are solved with
  bool tables_only = false;               ///< run nothing: tabulate the runs already recorded
  ReadLimits limits;                      ///< caps on the patterns and the run records
  /// Figures solved as `tangram solve` does instead of an experiment (BatchSolve);
  /// `experiments`, `sets`, `masks_dir`, `patterns`, `strategies`, `searches` and `pieces` are
  /// then not used, and `threads` 0 chooses them from the cores and the runs in flight.
  std::optional<BatchSolve> batch;
  /// Only this shard of the runs (experiment_shards.hpp); nullopt = all of them.
  std::optional<Shard> shard;
  /// The command that asks for the runs, as the front end knows it (results.hpp); recorded
  /// in OUT/settings.json when it runs anything.
  Invocation invocation;
};

/// Checks the ranges of an ExperimentConfig (time limit, jobs, threads, experiment numbers,
/// pattern range); throws UsageError naming the setting.
void validate_experiment_config(const ExperimentConfig& config);

/// One run of a plan: a pattern solved with one strategy and one search in one experiment.
struct PlannedRun {
  ExperimentSpec spec;
  SearchMode search = SearchMode::Paper;
  std::string pattern;                 ///< the pattern's file stem, e.g. "02-page9-11"
  std::filesystem::path pattern_file;  ///< the pattern PNG in masks_dir
  Strategy strategy = Strategy::DistanceTransform;
  std::filesystem::path dir;  ///< OUT/expN/SEARCH, or OUT/sets/SET
  /// The piece-set experiment's set for this run (its rotations and mirroring), else null: the
  /// config's pieces with the experiment's rotations.
  std::shared_ptr<const PieceSetFile> set;
  bool solvable = true;  ///< the pattern has a ground truth (piece-set experiment)

  /// "PATTERN-STRATEGY", the name of the run's files in `dir`.
  std::string name() const;
  std::filesystem::path record_path() const;    ///< dir/NAME.run.json
  std::filesystem::path solution_path() const;  ///< dir/NAME.json
  std::filesystem::path picture_path() const;   ///< dir/NAME.png
};

/// The runs of a config and what is already recorded of them.
struct ExperimentPlan {
  ExperimentConfig config;
  /// By experiment, pattern number, search, then strategy, in the config's orders; of a
  /// sharded config, the shard's (experiment_shards.hpp), in that order.
  std::vector<PlannedRun> runs;
  std::size_t runs_in_all = 0;  ///< runs of the whole plan, all shards
  /// FNV-1a digest of the whole plan's record paths (relative to out_dir, one a line): shards
  /// of one experiment on the same patterns have the same.
  std::uint64_t runs_digest = 0;
  /// Per run, its record when one was found (or, after run_experiment(), made).
  std::vector<std::optional<ExperimentRecord>> records;
  std::vector<std::size_t> todo;  ///< the runs to do (indexes into `runs`), in order
  /// The patterns of the runs to do, by path (PlannedRun::pattern_file), read as the file
  /// comment says; empty for a batch (BatchSolve), whose figures are read as their runs start.
  std::map<std::string, Silhouette> patterns;
  int threads = 1;   ///< worker threads of each run
  TablePlan tables;  ///< experiments, patterns per experiment, strategies, searches
  int workers = 1;   ///< runs solved at the same time
  /// How the runs are made: the config's settings, and the commands recorded in
  /// OUT/settings.json followed by config.invocation when there are runs to do.
  ResultsSettings settings;
  /// Records that could not be read (their runs are done again), one tagged sentence each
  /// (error.hpp: mentions spelled by the front end).
  std::vector<std::string> warnings;

  /// Runs that have a record.
  std::size_t recorded() const;
};

/// Plans `config`: validates it, finds the patterns of its experiments in masks_dir, reads the
/// records in out_dir (kept when made with the same time limit; an unreadable one is a warning
/// and its run is done again), the commands recorded in out_dir's settings.json (unreadable: a
/// warning, and they are forgotten) and the patterns of the runs to do. Writes nothing. Throws
/// UsageError (bad config, out_dir is masks_dir, no pattern in an experiment's range, records
/// made with another time limit), InputError (masks_dir not a directory, a pattern missing or
/// numbered twice, an unreadable pattern), LimitError, or OutputError (out_dir not a
/// directory).
ExperimentPlan plan_experiment(const ExperimentConfig& config);

/// Where the runs of run_experiment() stand.
struct ExperimentProgress {
  std::size_t total = 0;    ///< runs to do (plan.todo)
  std::size_t done = 0;     ///< of them finished and recorded
  std::size_t solved = 0;   ///< of the finished ones, those that count as solved
  std::size_t running = 0;  ///< in progress
  int workers = 1;          ///< runs solved at the same time
  double busy_s = 0.0;      ///< summed search time of the finished runs, seconds
  double elapsed_s = 0.0;   ///< wall time since the runs started, seconds

  /// Seconds until the last run is done, estimated: the finished runs' mean time, times the
  /// runs left, over the workers. nullopt before the first run is done.
  std::optional<double> eta_s() const;
};

/// What run_experiment() tells its caller; every member may be empty. Calls are never
/// concurrent with each other.
struct ExperimentObserver {
  /// Once the run directories exist, before the first run starts.
  std::function<void()> started;
  /// After each run is recorded, from the thread that solved it.
  std::function<void(const PlannedRun& run, const ExperimentRecord& record,
                     const ExperimentProgress& progress)>
      recorded;
  /// From the calling thread while runs are in progress: at once, then after each run and at
  /// least every second; and a last time (`last`) when they are over, also when there were
  /// none to do.
  std::function<void(const ExperimentProgress& progress, bool last)> tick;
};

/// Creates the directories of every planned run (OutputError if it cannot) and, when there are
/// runs to do, writes plan.settings to OUT/settings.json (and a sharded plan's manifest to
/// OUT/shard.json, experiment_shards.hpp); then does the runs of plan.todo, plan.workers at a time,
/// each writing its solution, picture and record atomically, and stores their records in
/// plan.records. The first run that fails stops the others from starting; once those in progress
/// are over, an Error naming that run ("DIR/NAME: what went wrong") is thrown.
void run_experiment(ExperimentPlan& plan, const ExperimentObserver& observer = {});

/// Writes runs.csv, tables.md and tables.csv into out_dir over every recorded run of the plan
/// (a cell with runs still missing is marked, experiment.hpp) and returns the text of
/// tables.md. Both tables files start with the settings (settings_rows() of plan.settings):
/// tables.md under "## Settings", tables.csv as rows "settings,,NAME,,VALUE,,,,". The
/// piece-set experiment's table is set_table() instead of Tables I-III (tables.csv: its rows
/// as CSV, without the settings). Throws OutputError.
std::string write_experiment_tables(const ExperimentPlan& plan);

}  // namespace tangram
