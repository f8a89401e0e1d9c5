#include "tangram/lab/experiment_runner.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <regex>
#include <set>
#include <thread>

#include "tangram/core/base/error.hpp"
#include "tangram/core/base/format.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/io/documents.hpp"
#include "tangram/io/pattern_png.hpp"
#include "tangram/io/picture.hpp"
#include "tangram/io/png.hpp"
#include "tangram/io/solve_silhouette.hpp"
#include "tangram/lab/detail/text.hpp"
#include "tangram/lab/experiment_shards.hpp"
#include "tangram/lab/results.hpp"

namespace tangram {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using detail::general;
using detail::padded;

/// ResultsSettings::piece_set of the piece-set experiment.
constexpr const char* kSetsLabel = "built-in sets";

/// "7" or "1-18".
std::string range_text(const PatternRange& range) {
  return range.first == range.last ? std::to_string(range.first)
                                   : std::to_string(range.first) + "-" + std::to_string(range.last);
}

/// Pattern number -> path of NN-name.png in `dir`.
std::map<int, fs::path> find_patterns(const std::string& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw InputError(mention(Setting::MasksDir, dir) + ": not a directory");
  static const std::regex name(R"((\d{2})-.+\.png)");
  std::map<int, fs::path> patterns;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string file = entry.path().filename().string();
    std::smatch m;
    if (!std::regex_match(file, m, name)) continue;
    const int number = std::stoi(m[1]);
    if (!patterns.emplace(number, entry.path()).second)
      throw InputError(mention(Setting::MasksDir, dir) + ": two patterns numbered " + m[1].str() +
                       " (" + patterns[number].filename().string() + ", " + file + ")");
  }
  return patterns;
}

/// The pattern as the runs read it: the referee's reading, solved uncropped; a batch's figure
/// as `tangram solve` reads it.
Silhouette read_pattern(const fs::path& path, const ExperimentConfig& config) {
  if (config.batch) return load_silhouette_png(path.string(), config.batch->reading, config.limits);
  InputConfig reading = InputConfig::referee_reading();
  reading.crop = false;
  return load_silhouette_png(path.string(), reading, config.limits);
}

/// The runs of a batch (BatchSolve): one per figure, named by its stem, made unique.
std::vector<PlannedRun> plan_batch(const ExperimentConfig& config) {
  const BatchSolve& batch = *config.batch;
  if (batch.figures.empty()) throw UsageError("no figure to solve");
  std::vector<PlannedRun> runs;
  std::map<std::string, int> seen;
  for (const std::string& figure : batch.figures) {
    const fs::path path(figure);
    std::string name = path.stem().string();
    if (const int before = seen[name]++; before > 0) name += "-" + std::to_string(before + 1);
    PlannedRun run{ExperimentSpec{0, 1, 1, batch.solver.search.rotation_step_deg,
                                  batch.solver.search.reflection},
                   batch.solver.search.mode,
                   name,
                   path,
                   batch.solver.placement.strategy,
                   fs::path(config.out_dir),
                   {},
                   true};
    runs.push_back(std::move(run));
  }
  return runs;
}

/// A run's solver settings: its experiment's rotations and mirroring, its strategy and search,
/// the config's time limit and threads, the defaults otherwise.
SolverConfig solver_config(const PlannedRun& run, const ExperimentConfig& config, int threads) {
  if (config.batch) {  // as `tangram solve` with the batch's settings
    SolverConfig solver = config.batch->solver;
    solver.search.time_limit_s = config.time_limit_s;
    solver.search.threads = threads;
    return solver;
  }
  SolverConfig solver;
  solver.placement.strategy = run.strategy;
  solver.search.mode = run.search;
  solver.search.rotation_step_deg = run.spec.rotation_step_deg;
  solver.search.reflection = run.spec.reflection;
  solver.search.time_limit_s = config.time_limit_s;
  solver.search.threads = threads;
  solver.pieces = config.pieces;
  if (run.set) {  // the piece-set experiment: the set's own turns, as `tangram solve --pieces`
    solver.pieces = run.set->set;
    solver.search.rotation_auto = true;
  } else {
    // The paper's experiments compare placement strategies, which only the raster search
    // uses: the exact search on the set's lattice (search.hpp) would solve the figures that lie
    // on it whatever the strategy.
    solver.search.grid_search = false;
  }
  return solver;
}

/// Solves one run and writes its solution, picture and, last, its record.
ExperimentRecord do_run(const PlannedRun& run, const Silhouette& pattern,
                        const ExperimentConfig& config, int threads) {
  const SolverConfig solver = solver_config(run, config, threads);
  const Solution solution = solve_silhouette(pattern, solver).solution;
  ExperimentRecord record;
  record.experiment = run.spec.number;
  record.search = run.search;
  record.pattern = run.pattern;
  record.strategy = run.strategy;
  record.time_limit_s = config.time_limit_s;
  record.solved = solution.solved;
  record.timed_out = solution.stats.timed_out;
  record.impossible = solution.stats.impossible.has_value();
  record.seconds = solution.stats.seconds;
  record.placements = solution.stats.placements_tried;
  record.backtracks = solution.stats.backtracks;
  PictureCaption caption = solution_caption(solution, solver);
  if (!solution.pieces.empty()) {
    const VerifyReport report = verify_solution(pattern.unfilled, solution.pieces, solver.pieces);
    record.valid = report.valid;
    record.coverage = report.metrics.coverage;
    record.overlap = report.metrics.overlap;
    record.spill = report.metrics.spill;
    caption =
        solution.solved && !report.valid ? rejected_caption(solution, solver, report) : caption;
    caption.coverage = report.metrics.coverage;
  }
  write_text_atomic(
      run.solution_path().string(),
      solution_to_json(solution, solver.pieces, results_path(run.pattern_file, run.dir)));
  write_png_atomic(run.picture_path().string(),
                   render_solution(pattern.pattern, solution, solver.pieces, caption, 1));
  const std::string text = record_to_json(record);
  write_text_atomic(run.record_path().string(), text);
  // As it reads back: the tables of this run and of a resumed one print the same numbers.
  return record_from_json(text);
}

/// The runs of `config` in order, with the table plan; throws when an experiment's range of
/// patterns has a gap in `available` or none of its patterns is selected.
std::vector<PlannedRun> plan_runs(const ExperimentConfig& config,
                                  const std::map<int, fs::path>& available, TablePlan& tables) {
  const PatternRange range = config.patterns.value_or(PatternRange{1, 999});
  std::vector<PlannedRun> runs;
  tables.strategies = config.strategies;
  tables.searches = config.searches;
  for (const std::string& name : config.sets) {
    const auto file = std::make_shared<const PieceSetFile>(builtin_piece_set(name));
    const fs::path dir = fs::path(config.masks_dir) / "sets" / name;
    const ExperimentSpec spec{0, 1, 99, file->rotation_step_deg, file->mirror};
    const std::map<int, fs::path> patterns = find_patterns(dir.string());
    if (patterns.empty())
      throw InputError(mention(Setting::MasksDir, dir.string()) + " has no pattern NN-*.png");
    for (const auto& [number, path] : patterns) {
      if (number < range.first || number > range.last) continue;
      fs::path truth = path;
      truth.replace_extension(".truth.json");
      std::error_code ec;
      const bool solvable = fs::exists(truth, ec);
      for (const Strategy strategy : config.strategies) {
        PlannedRun run{spec, SearchMode::Ours, path.stem().string(), path, strategy, {}, {}, true};
        run.dir = fs::path(config.out_dir) / "sets" / name;
        run.set = file;
        run.solvable = solvable;
        runs.push_back(std::move(run));
      }
    }
  }
  if (!config.sets.empty()) return runs;
  for (const int number : config.experiments) {
    const ExperimentSpec& spec = paper_experiment(number);
    const int first = std::max(spec.first_pattern, range.first);
    const int last = std::min(spec.last_pattern, range.last);
    int count = 0;
    for (int n = first; n <= last; ++n) {
      const auto found = available.find(n);
      if (found == available.end())
        throw InputError(
            mention(Setting::MasksDir, config.masks_dir) + " has no pattern " + padded(n, 2) +
            "-*.png, which experiment " + std::to_string(number) + " uses" +
            (config.patterns ? "" : " (restrict with " + mention(Setting::Patterns) + ")"));
      ++count;
      for (const SearchMode search : config.searches)
        for (const Strategy strategy : config.strategies) {
          PlannedRun run{spec, search, found->second.stem().string(), found->second, strategy, {},
                         {},   true};
          run.dir =
              (fs::path(config.out_dir) / run_record_path(number, search, run.pattern, strategy))
                  .parent_path();
          runs.push_back(std::move(run));
        }
    }
    if (count == 0)
      throw UsageError(mention(Setting::Patterns, range_text(range)) +
                       " leaves no pattern in experiment " + std::to_string(number) +
                       " (patterns " + std::to_string(spec.first_pattern) + "-" +
                       std::to_string(spec.last_pattern) + ")");
    tables.experiments.push_back(number);
    tables.patterns.push_back(count);
  }
  return runs;
}

/// The settings of `plan`'s runs (ResultsSettings): the config's, each experiment's rotations,
/// the commands recorded in out_dir's settings.json (plan.damaged when it is unreadable)
/// and, when there are runs to do, the config's invocation.
ResultsSettings experiment_settings(ExperimentPlan& plan) {
  const ExperimentConfig& config = plan.config;
  ResultsSettings settings;
  const std::string set_label = config.batch          ? config.batch->solver.pieces.name()
                                : config.sets.empty() ? config.pieces.name()
                                                      : kSetsLabel;
  const fs::path file = fs::path(config.out_dir) / std::string(kSettingsFile);
  std::error_code ec;
  if (fs::exists(file, ec)) {
    try {
      const ResultsSettings before = settings_from_json(read_input_file(
          file.string(), "settings", config.limits.max_document_bytes, Limit::DocumentBytes));
      // The runs recorded there would be taken for this set's.
      if (!before.piece_set.empty() && before.piece_set != set_label)
        throw UsageError(mention(Setting::OutDir, config.out_dir) + " holds runs of the set " +
                         before.piece_set + ", not " + set_label +
                         ": give another results directory");
      settings.invocations = before.invocations;
    } catch (const InputError& e) {  // a damaged file is refused, or moved aside by --repair
      plan.damaged.push_back({file, e.tagged() + " (the commands recorded in it are lost)"});
      plan.aside.push_back(file);
    }
  }
  if (!plan.todo.empty()) settings.invocations.push_back(config.invocation);
  settings.made_by = config.batch ? "solve" : "experiment";
  settings.time_limit_s = config.time_limit_s;
  if (config.batch) {
    const SearchConfig& search = config.batch->solver.search;
    settings.rotations.push_back(
        {"figures", search.rotation_step_deg, search.reflection, search.rotation_auto});
    settings.searches.emplace_back(search_mode_name(search.mode));
    settings.strategies.emplace_back(strategy_name(config.batch->solver.placement.strategy));
    settings.threads = plan.threads;
    settings.jobs = plan.workers;
    settings.piece_set = config.batch->solver.pieces.name();
    settings.pieces = piece_labels(config.batch->solver.pieces);
    return settings;
  }
  for (const int number : config.sets.empty() ? config.experiments : std::vector<int>{}) {
    const ExperimentSpec& spec = paper_experiment(number);
    settings.rotations.push_back(
        {"experiment " + std::to_string(number), spec.rotation_step_deg, spec.reflection});
  }
  for (const PlannedRun& run : plan.runs)  // each set's turns, once, from its runs
    if (run.set &&
        (settings.rotations.empty() || settings.rotations.back().scope != run.set->set.name()))
      settings.rotations.push_back(
          {run.set->set.name(), run.set->rotation_step_deg, run.set->mirror, true});
  for (const SearchMode search :
       config.sets.empty() ? config.searches : std::vector<SearchMode>{SearchMode::Ours})
    settings.searches.emplace_back(search_mode_name(search));
  for (const Strategy strategy : config.strategies)
    settings.strategies.emplace_back(strategy_name(strategy));
  settings.threads = config.threads;
  settings.jobs = plan.workers;
  settings.piece_set = set_label;
  if (config.sets.empty()) settings.pieces = piece_labels(config.pieces);
  return settings;
}

/// A run record's text (InputError when it cannot be read or is over the limit).
std::string read_record(const fs::path& path, const ReadLimits& limits) {
  return read_input_file(path.string(), "run record", limits.max_document_bytes,
                         Limit::DocumentBytes);
}

/// The state the workers share, guarded by `mutex`.
struct Shared {
  std::mutex mutex;
  std::condition_variable changed;
  ExperimentProgress progress;
  Clock::time_point start = Clock::now();
  std::string error;  ///< the first failure of a worker; stops the others

  /// `progress` with the elapsed time now (caller holds the mutex).
  ExperimentProgress now() {
    ExperimentProgress p = progress;
    p.elapsed_s = std::chrono::duration<double>(Clock::now() - start).count();
    return p;
  }
};

}  // namespace

std::string PlannedRun::name() const {
  return pattern + "-" + std::string(strategy_name(strategy));
}
fs::path PlannedRun::record_path() const { return dir / (name() + ".run.json"); }
fs::path PlannedRun::solution_path() const { return dir / (name() + ".json"); }
fs::path PlannedRun::picture_path() const { return dir / (name() + ".png"); }

std::size_t ExperimentPlan::recorded() const {
  return static_cast<std::size_t>(
      std::count_if(records.begin(), records.end(), [](const auto& r) { return r.has_value(); }));
}

std::optional<double> ExperimentProgress::eta_s() const {
  if (done == 0) return std::nullopt;
  return busy_s / done * double(total - done) / workers;
}

void validate_experiment_config(const ExperimentConfig& config) {
  for (const int number : config.experiments) paper_experiment(number);
  if (!(config.time_limit_s > 0.0))
    throw UsageError(mention(Setting::TimeLimit) + " must be positive, got " +
                     general(config.time_limit_s));
  if (config.jobs < 0 || config.jobs > 256)
    throw UsageError(mention(Setting::Jobs) + " must be 0 (one per core) or 1..256, got " +
                     std::to_string(config.jobs));
  if (config.threads < (config.batch ? 0 : 1) || config.threads > 1024)
    throw UsageError(mention(Setting::Threads) + " must be " + (config.batch ? "0" : "1") +
                     "..1024, got " + std::to_string(config.threads));
  if (config.shard && (config.shard->count < 1 || config.shard->index < 1 ||
                       config.shard->index > config.shard->count))
    throw UsageError("the shard must be I/N with 1 <= I <= N, got " + shard_text(*config.shard));
  if (config.patterns &&
      (config.patterns->first < 1 || config.patterns->last < config.patterns->first))
    throw UsageError(mention(Setting::Patterns) + ": '" + range_text(*config.patterns) +
                     "' is not a range of pattern numbers from 1");
}

ExperimentPlan plan_experiment(const ExperimentConfig& config) {
  // The config, then the patterns, then the existing records; nothing is written.
  validate_experiment_config(config);
  ExperimentPlan plan;
  plan.config = config;
  const std::map<int, fs::path> available =
      config.batch ? std::map<int, fs::path>{} : find_patterns(config.masks_dir);
  const fs::path out(config.out_dir);
  std::error_code ec;
  if (fs::exists(out, ec) && !fs::is_directory(out, ec))
    throw OutputError("cannot write to " + mention(Setting::OutDir, config.out_dir) +
                      ": not a directory");
  if (!config.batch && fs::exists(out, ec) && fs::exists(config.masks_dir, ec) &&
      fs::equivalent(out, config.masks_dir, ec))
    throw UsageError(mention(Setting::OutDir, config.out_dir) + " is the " +
                     mention(Setting::MasksDir) + " directory: choose another");
  plan.runs = config.batch ? plan_batch(config) : plan_runs(config, available, plan.tables);
  plan.runs_in_all = plan.runs.size();
  const auto fnv1a = [](const std::string& text, std::uint64_t digest) {
    for (const char c : text) {
      digest ^= static_cast<unsigned char>(c);
      digest *= 1099511628211ull;
    }
    return digest;
  };
  constexpr std::uint64_t kFnvBasis = 14695981039346656037ull;
  std::uint64_t digest = kFnvBasis;
  for (const PlannedRun& run : plan.runs)
    digest = fnv1a(relative_to(run.record_path(), out) + "\n", digest);
  plan.runs_digest = digest;
  if (const std::optional<std::string> what = shard_manifest_damage(out, config.limits)) {
    plan.damaged.push_back({out / kShardFile, *what});  // rewritten from the config
    plan.aside.push_back(out / kShardFile);
  } else {
    check_shard_directory(config);
  }
  if (config.shard) {
    // Dealt round the shards in an order shuffled by the runs' names (the same on every
    // machine): each shard gets its share of every pattern and strategy, not whole strategies.
    std::vector<std::pair<std::uint64_t, std::size_t>> order;
    for (std::size_t i = 0; i < plan.runs.size(); ++i)
      order.emplace_back(fnv1a(relative_to(plan.runs[i].record_path(), out), kFnvBasis), i);
    std::sort(order.begin(), order.end());
    std::vector<std::size_t> dealt;
    for (std::size_t k = static_cast<std::size_t>(config.shard->index - 1); k < order.size();
         k += static_cast<std::size_t>(config.shard->count))
      dealt.push_back(order[k].second);
    std::sort(dealt.begin(), dealt.end());  // run in the plan's order
    std::vector<PlannedRun> mine;
    for (const std::size_t i : dealt) mine.push_back(std::move(plan.runs[i]));
    plan.runs = std::move(mine);
  }

  // Records already there, with their solution and picture: kept if sound and made with the
  // same limit; a damaged run is refused, or moved aside and done again (config.repair).
  plan.records.resize(plan.runs.size());
  for (std::size_t i = 0; i < plan.runs.size(); ++i) {
    const PlannedRun& run = plan.runs[i];
    const fs::path path = run.record_path();
    if (fs::exists(path, ec)) {
      std::optional<ExperimentRecord> record;
      const std::vector<Damage> found =
          check_run_files(path, run.solution_path(), run.picture_path(), config.limits, record);
      if (found.empty()) {
        if (record->time_limit_s != config.time_limit_s)
          throw UsageError(mention(Setting::OutDir, config.out_dir) + " holds runs recorded with " +
                           mention(Setting::TimeLimit, general(record->time_limit_s)) + " (" +
                           path.string() + "); use that limit to continue them, or another " +
                           mention(Setting::OutDir));
        plan.records[i] = record;
        continue;
      }
      plan.damaged.insert(plan.damaged.end(), found.begin(), found.end());
      plan.aside.insert(plan.aside.end(), {path, run.solution_path(), run.picture_path()});
    }
    if (!config.tables_only) plan.todo.push_back(i);
  }
  // runs.csv is written whole at the end (never appended): a torn or unreadable one is damage.
  const fs::path csv = out / "runs.csv";
  if (fs::exists(csv, ec)) {
    try {
      const std::string text = read_input_file(
          csv.string(), "results table", config.limits.max_document_bytes, Limit::DocumentBytes);
      if (const std::optional<std::string> torn = torn_line_damage(text)) throw InputError(*torn);
      parse_runs_csv(text, csv.string());
    } catch (const InputError& e) {
      plan.damaged.push_back({csv, e.tagged()});
      plan.aside.push_back(csv);
    }
  }

  for (const std::size_t i : plan.todo) {
    const PlannedRun& run = plan.runs[i];
    if (!config.batch && !plan.patterns.count(run.pattern_file.string()))
      plan.patterns.emplace(run.pattern_file.string(), read_pattern(run.pattern_file, config));
  }
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  plan.workers =
      std::max<int>(1, std::min<std::size_t>(config.jobs > 0 ? config.jobs : cores,
                                             std::max<std::size_t>(1, plan.todo.size())));
  // Threads 0 (a batch): the cores shared among the runs in flight.
  plan.threads = config.threads > 0 ? config.threads : std::max(1, cores / plan.workers);
  plan.settings = experiment_settings(plan);
  if (!plan.damaged.empty() && !config.repair)
    throw damaged_store_error(plan.damaged, "move the damaged files aside into " +
                                                (out / "damaged-YYYYmmdd-HHMMSS").string() +
                                                "/ and redo their runs");
  return plan;
}

std::vector<Damage> check_run_files(const fs::path& record_path, const fs::path& solution_path,
                                    const fs::path& picture_path, const ReadLimits& limits,
                                    std::optional<ExperimentRecord>& record) {
  std::vector<Damage> found;
  record.reset();
  try {
    record = record_from_json(read_record(record_path, limits));
  } catch (const InputError& e) {
    found.push_back({record_path, e.tagged()});
  }
  if (const std::optional<std::string> what = json_damage(solution_path, limits))
    found.push_back({solution_path, *what + " (the run's solution)"});
  if (const std::optional<std::string> what = picture_damage(picture_path, limits))
    found.push_back({picture_path, *what + " (the run's picture)"});
  if (!found.empty()) record.reset();
  return found;
}

fs::path move_damaged_aside(ExperimentPlan& plan) {
  if (plan.aside.empty()) return {};
  const fs::path folder = move_aside(plan.config.out_dir, plan.aside);
  plan.aside.clear();
  return folder;
}

void run_experiment(ExperimentPlan& plan, const ExperimentObserver& observer) {
  move_damaged_aside(plan);
  std::error_code ec;
  std::set<fs::path> dirs{fs::path(plan.config.out_dir)};
  for (const PlannedRun& run : plan.runs) {
    fs::create_directories(run.dir, ec);
    if (ec) throw OutputError("cannot create " + run.dir.string() + ": " + ec.message());
    dirs.insert(run.dir);
  }
  // What a killed run was writing when it died: never read, and not left behind.
  for (const fs::path& dir : dirs) remove_stale_temporaries(dir);
  if (!plan.todo.empty())
    write_text_atomic((fs::path(plan.config.out_dir) / std::string(kSettingsFile)).string(),
                      settings_to_json(plan.settings));
  if (plan.config.shard)
    write_text_atomic((fs::path(plan.config.out_dir) / kShardFile).string(),
                      shard_manifest_json(plan));
  if (observer.started) observer.started();

  Shared shared;
  shared.progress.total = plan.todo.size();
  shared.progress.workers = plan.workers;
  std::atomic<std::size_t> next{0};
  const auto work = [&]() {
    for (;;) {
      const std::size_t k = next++;
      if (k >= plan.todo.size()) return;
      {
        std::lock_guard<std::mutex> lock(shared.mutex);
        if (!shared.error.empty()) return;
        ++shared.progress.running;
      }
      const std::size_t i = plan.todo[k];
      const PlannedRun& run = plan.runs[i];
      try {
        const auto read = plan.patterns.find(run.pattern_file.string());
        const ExperimentRecord record =
            read != plan.patterns.end() ? do_run(run, read->second, plan.config, plan.threads)
                                        : do_run(run, read_pattern(run.pattern_file, plan.config),
                                                 plan.config, plan.threads);
        std::lock_guard<std::mutex> lock(shared.mutex);
        plan.records[i] = record;
        ExperimentProgress& p = shared.progress;
        --p.running;
        ++p.done;
        p.solved += record.counts() ? 1 : 0;
        p.busy_s += record.seconds;
        if (observer.recorded) observer.recorded(run, record, shared.now());
        shared.changed.notify_all();
      } catch (const std::exception& e) {
        std::lock_guard<std::mutex> lock(shared.mutex);
        --shared.progress.running;
        if (shared.error.empty()) {
          const std::string what = dynamic_cast<const Error*>(&e) != nullptr
                                       ? dynamic_cast<const Error&>(e).tagged()
                                       : std::string(e.what());
          // The run named once: "cannot write DIR/NAME.png: ..." already names it.
          const std::string run_path = run.dir.string() + "/" + run.name();
          shared.error = what.find(run_path) != std::string::npos ? what : run_path + ": " + what;
        }
        shared.changed.notify_all();
        return;
      }
    }
  };
  std::vector<std::thread> threads;
  for (int w = 0; w < plan.workers && !plan.todo.empty(); ++w) threads.emplace_back(work);
  if (observer.tick) {
    std::unique_lock<std::mutex> lock(shared.mutex);
    const ExperimentProgress& p = shared.progress;
    while (p.done < p.total && shared.error.empty() &&
           !(p.running == 0 && next >= plan.todo.size())) {
      observer.tick(shared.now(), false);
      shared.changed.wait_for(lock, std::chrono::seconds(1));
    }
    observer.tick(shared.now(), true);
  }
  for (std::thread& t : threads) t.join();
  if (!shared.error.empty()) throw Error(shared.error);
}

std::string write_experiment_tables(const ExperimentPlan& plan) {
  const fs::path out(plan.config.out_dir);
  std::error_code ec;
  const auto file = [&](const fs::path& path) {
    return fs::exists(path, ec) ? relative_to(path, out) : std::string();
  };
  std::vector<ExperimentRecord> recorded;
  std::vector<RunRecord> rows;
  for (std::size_t i = 0; i < plan.runs.size(); ++i) {
    if (!plan.records[i]) continue;
    const ExperimentRecord& r = *plan.records[i];
    const PlannedRun& run = plan.runs[i];
    recorded.push_back(r);
    RunRecord row;
    row.experiment = plan.config.batch ? "solve"
                     : run.set         ? run.set->set.name()
                                       : std::to_string(r.experiment);
    row.search = std::string(search_mode_name(r.search));
    row.pattern = results_path(run.pattern_file, out);
    row.strategy = std::string(strategy_name(r.strategy));
    row.solved = r.solved;
    row.valid = r.valid;
    row.seconds = r.seconds;
    row.placements = r.placements;
    row.backtracks = r.backtracks;
    row.coverage = r.coverage;
    row.overlap = r.overlap;
    row.spill = r.spill;
    row.solution = file(run.solution_path());
    row.picture = file(run.picture_path());
    row.outcome = r.outcome();
    rows.push_back(row);
  }
  std::vector<std::vector<std::string>> settings{{"setting", "value"}};
  std::string csv_settings;
  for (const auto& [name, value] : settings_rows(plan.settings)) {
    settings.push_back({name, value});
    csv_settings +=
        "settings,," + detail::csv_field(name) + ",," + detail::csv_field(value) + ",,,,\n";
  }
  std::string body, csv;
  // A batch or set table stands alone: its CSV holds no settings lines.
  const auto one_table = [&](std::string_view heading,
                             const std::vector<std::vector<std::string>>& rows,
                             std::string_view note) {
    body = "## " + std::string(heading) + "\n\n" + detail::markdown_table(rows) + "\n" +
           std::string(note) + "\n";
    csv = detail::csv_table(rows);
    csv_settings.clear();
  };
  if (plan.config.batch) {
    one_table("Figures", batch_table(recorded, plan.runs.size()), kBatchTableNote);
  } else if (plan.config.sets.empty()) {
    body = tables_markdown(recorded, plan.tables);
    csv = tables_csv(recorded, plan.tables);
  } else {
    std::vector<SetRun> set_runs;
    for (std::size_t i = 0; i < plan.runs.size(); ++i)
      if (plan.records[i])
        set_runs.push_back({plan.runs[i].set->set.name(), plan.runs[i].solvable, *plan.records[i]});
    one_table("Piece sets", set_table(set_runs, plan.config.sets), kSetTableNote);
  }
  const std::string tables = "## Settings\n\n" + detail::markdown_table(settings) + "\n" + body;
  csv.insert(csv.find('\n') + 1, csv_settings);  // after the header
  write_text_atomic((out / "runs.csv").string(), runs_csv(rows));
  write_text_atomic((out / "tables.md").string(), tables);
  write_text_atomic((out / "tables.csv").string(), csv);
  return tables;
}

}  // namespace tangram
