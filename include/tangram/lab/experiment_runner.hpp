#pragma once
/// \file experiment_runner.hpp
/// Experiments planned, run in parallel and resumably, and tabulated (docs/design/lab.md).

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
#include "tangram/io/damaged.hpp"
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

/// Shard `index` (from 1) of `count` (experiment_shards.hpp).
struct Shard {
  int index = 1;
  int count = 1;
};

/// `tangram solve` over many figures in one process, resumable.
struct BatchSolve {
  std::vector<std::string> figures;  ///< picture files, in the order given
  SolverConfig solver;               ///< time limit and threads: ExperimentConfig's
  InputConfig reading;               ///< how each picture is read
};

/// What to run, and where (fields named in messages through error.hpp's Setting).
struct ExperimentConfig {
  std::vector<int> experiments{1, 2, 3};  ///< experiment numbers (paper_experiment())
  /// The piece-set experiment on these built-in sets instead of the paper's, when not empty.
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
  /// A batch of figures instead of an experiment.
  std::optional<BatchSolve> batch;
  /// Only this shard of the runs (experiment_shards.hpp); nullopt = all of them.
  std::optional<Shard> shard;
  /// The command that asks for the runs, recorded in OUT/settings.json when it runs anything.
  Invocation invocation;
  /// Damaged files in out_dir are moved aside (move_damaged_aside()) and their runs done again,
  /// rather than refused (DamagedStoreError).
  bool repair = false;
};

/// Throws UsageError naming a setting of `config` out of range.
void validate_experiment_config(const ExperimentConfig& config);

/// One run of a plan: a pattern solved with one strategy and one search in one experiment.
struct PlannedRun {
  ExperimentSpec spec;
  SearchMode search = SearchMode::Paper;
  std::string pattern;                 ///< the pattern's file stem, e.g. "02-page9-11"
  std::filesystem::path pattern_file;  ///< the pattern PNG in masks_dir
  Strategy strategy = Strategy::DistanceTransform;
  std::filesystem::path dir;  ///< OUT/expN/SEARCH, or OUT/sets/SET
  /// The piece-set experiment's set for this run, else null (the config's pieces).
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
  /// By experiment, pattern number, search, then strategy (of a sharded config, the shard's).
  std::vector<PlannedRun> runs;
  std::size_t runs_in_all = 0;  ///< runs of the whole plan, all shards
  /// FNV-1a digest of the whole plan's record paths (equal across its shards).
  std::uint64_t runs_digest = 0;
  /// Per run, its record when one was found (or, after run_experiment(), made).
  std::vector<std::optional<ExperimentRecord>> records;
  std::vector<std::size_t> todo;  ///< the runs to do (indexes into `runs`), in order
  /// The patterns of the runs to do, by path (none for a batch).
  std::map<std::string, Silhouette> patterns;
  int threads = 1;   ///< worker threads of each run
  TablePlan tables;  ///< experiments, patterns per experiment, strategies, searches
  int workers = 1;   ///< runs solved at the same time
  /// The config's settings and the commands recorded so far (config.invocation last).
  ResultsSettings settings;
  /// Warnings for the user, one tagged sentence each.
  std::vector<std::string> warnings;
  /// With config.repair: the damaged files found, and every file to move aside with them (a
  /// damaged run's record, solution and picture); emptied by move_damaged_aside().
  std::vector<Damage> damaged;
  std::vector<std::filesystem::path> aside;

  /// Runs that have a record.
  std::size_t recorded() const;
};

/// Plans `config` against what out_dir holds, checking its files (check_run_files(), runs.csv,
/// settings.json, shard.json); writes nothing. Throws DamagedStoreError for damaged files unless
/// config.repair, UsageError, InputError, LimitError or OutputError.
ExperimentPlan plan_experiment(const ExperimentConfig& config);

/// What is wrong with the files of one recorded run: a record that does not read as
/// "tangram-run/1" (truncated, not JSON, another format), a solution that is missing or not JSON,
/// a picture that is missing or does not decode. Empty when sound; `record` is then filled.
std::vector<Damage> check_run_files(const std::filesystem::path& record_path,
                                    const std::filesystem::path& solution_path,
                                    const std::filesystem::path& picture_path,
                                    const ReadLimits& limits,
                                    std::optional<ExperimentRecord>& record);

/// Moves plan.aside into OUT/damaged-YYYYmmdd-HHMMSS/ and empties it; returns that folder (empty
/// when nothing was to move). Throws OutputError.
std::filesystem::path move_damaged_aside(ExperimentPlan& plan);

/// Where the runs of run_experiment() stand.
struct ExperimentProgress {
  std::size_t total = 0;    ///< runs to do (plan.todo)
  std::size_t done = 0;     ///< of them finished and recorded
  std::size_t solved = 0;   ///< of the finished ones, those that count as solved
  std::size_t running = 0;  ///< in progress
  int workers = 1;          ///< runs solved at the same time
  double busy_s = 0.0;      ///< summed search time of the finished runs, seconds
  double elapsed_s = 0.0;   ///< wall time since the runs started, seconds

  /// Seconds left, estimated; nullopt before the first run is done.
  std::optional<double> eta_s() const;
};

/// What run_experiment() tells its caller, never concurrently; members may be empty.
struct ExperimentObserver {
  /// Once the run directories exist, before the first run starts.
  std::function<void()> started;
  /// After each run is recorded, from the thread that solved it.
  std::function<void(const PlannedRun& run, const ExperimentRecord& record,
                     const ExperimentProgress& progress)>
      recorded;
  /// From the calling thread: at once, after each run, at least every second, and a `last` time.
  std::function<void(const ExperimentProgress& progress, bool last)> tick;
};

/// Does the runs of plan.todo, plan.workers at a time, into plan.records, after
/// move_damaged_aside(). Throws an Error naming the first run that failed.
void run_experiment(ExperimentPlan& plan, const ExperimentObserver& observer = {});

/// Writes runs.csv, tables.md and tables.csv; returns tables.md. Throws OutputError.
std::string write_experiment_tables(const ExperimentPlan& plan);

}  // namespace tangram
