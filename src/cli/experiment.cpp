// `tangram experiment`: reruns the experiments of Yamada et al. 2019 on a pattern directory,
// in parallel across puzzles and resumably (one record file per run, written last), then writes
// runs.csv and Tables I-III beside the paper's numbers.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <regex>
#include <sstream>
#include <thread>

#include <unistd.h>

#include "commands.hpp"
#include "tangram/core/error.hpp"
#include "tangram/core/verify.hpp"
#include "tangram/io/documents.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/pattern_png.hpp"
#include "tangram/io/picture.hpp"
#include "tangram/io/png.hpp"
#include "tangram/lab/experiment.hpp"
#include "tangram/lab/results.hpp"

namespace tangram::cli {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

/// One planned run.
struct Job {
  const ExperimentSpec* spec = nullptr;
  SearchMode search = SearchMode::Paper;
  std::string stem;     ///< pattern file stem
  Strategy strategy = Strategy::DistanceTransform;
  fs::path dir;         ///< OUT/expN/SEARCH
  std::string base() const { return stem + "-" + std::string(strategy_name(strategy)); }
  fs::path record_path() const { return dir / (base() + ".run.json"); }
  fs::path solution_path() const { return dir / (base() + ".json"); }
  fs::path picture_path() const { return dir / (base() + ".png"); }
};

/// "1-18" or "7" -> [first, last].
std::pair<int, int> parse_range(const std::string& text) {
  static const std::regex pattern(R"(\s*(\d{1,3})\s*(?:-\s*(\d{1,3})\s*)?)");
  std::smatch m;
  if (!std::regex_match(text, m, pattern))
    throw UsageError("--patterns: expected a number or a range like 1-18, got '" + text + "'");
  const int first = std::stoi(m[1]);
  const int last = m[2].matched ? std::stoi(m[2]) : first;
  if (first < 1 || last < first)
    throw UsageError("--patterns: '" + text + "' is not a range of pattern numbers from 1");
  return {first, last};
}

std::vector<SearchMode> parse_searches(const std::string& text) {
  std::vector<SearchMode> searches;
  std::stringstream in(text);
  for (std::string name; std::getline(in, name, ',');) {
    SearchMode mode;
    if (name == "paper") mode = SearchMode::Paper;
    else if (name == "ours") mode = SearchMode::Ours;
    else throw UsageError("--search: unknown search '" + name + "' (choose paper, ours or paper,ours)");
    if (std::find(searches.begin(), searches.end(), mode) == searches.end())
      searches.push_back(mode);
  }
  if (searches.empty()) throw UsageError("--search: no search named");
  return searches;
}

/// Pattern number -> path of NN-name.png in `dir`.
std::map<int, fs::path> find_patterns(const std::string& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw InputError("--masks " + dir + ": not a directory");
  static const std::regex name(R"((\d{2})-.+\.png)");
  std::map<int, fs::path> patterns;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string file = entry.path().filename().string();
    std::smatch m;
    if (!std::regex_match(file, m, name)) continue;
    const int number = std::stoi(m[1]);
    if (!patterns.emplace(number, entry.path()).second)
      throw InputError("--masks " + dir + ": two patterns numbered " + m[1].str() + " (" +
                       patterns[number].filename().string() + ", " + file + ")");
  }
  return patterns;
}

std::string duration(double seconds) {
  const long s = std::lround(std::max(0.0, seconds));
  if (s >= 3600) return std::to_string(s / 3600) + "h" + padded((s % 3600) / 60, 2) + "m";
  if (s >= 60) return std::to_string(s / 60) + "m" + padded(s % 60, 2) + "s";
  return std::to_string(s) + "s";
}

/// A run record's text (InputError when it cannot be read or is over the limit).
std::string read_text(const fs::path& path, const ReadLimits& limits) {
  return read_input_file(path.string(), "run record", limits.max_document_bytes,
                         Limit::DocumentBytes);
}

/// Shared state of the workers and the progress display.
struct Progress {
  std::mutex mutex;
  std::condition_variable changed;
  std::size_t total = 0;     ///< runs to do in this invocation
  std::size_t done = 0;
  std::size_t solved = 0;
  std::size_t running = 0;
  double busy_s = 0.0;       ///< summed wall time of the finished runs
  Clock::time_point start = Clock::now();
  std::string error;         ///< first failure of a worker; stops the others
};

}  // namespace

CLI::App* setup_experiment(CLI::App& app, ExperimentOptions& options) {
  options.time_limit_s = kPaperTimeLimitS;
  options.strategies = "all";
  options.searches = "paper,ours";
  options.masks = "masks";
  CLI::App* cmd = app.add_subcommand(
      "experiment", "Rerun the experiments of Yamada et al. 2019 and print Tables I-III.");
  cmd->add_option("EXPERIMENT", options.experiment,
                  wrap("1: patterns 01-30, 1 deg rotations, mirroring; 2: patterns 01-18, 45 deg, "
                       "mirroring; 3: patterns 01-18, 45 deg, no mirroring; all: the three."))
      ->required()
      ->check(CLI::IsMember({"1", "2", "3", "all"}))
      ->type_name("1|2|3|all");
  cmd->add_option("--out", options.out_dir,
                  wrap("Results directory (created if missing; rerunning with the same one skips "
                       "the runs already recorded there)."))
      ->required()
      ->type_name("DIR");
  cmd->add_option("--masks", options.masks,
                  wrap("Directory of the patterns, named NN-name.png with NN their number "
                       "(masks/ of this repository). Default: " + options.masks + "."))
      ->type_name("DIR");
  cmd->add_option("--patterns", options.patterns,
                  wrap("Only these pattern numbers, within each experiment's own range (e.g. "
                       "1-5). Default: every pattern of the experiment."))
      ->type_name("RANGE");
  cmd->add_option("--strategies", options.strategies,
                  wrap("Placement strategies: all, or a comma-separated list of " +
                       strategy_choices() + ". Default: all."))
      ->type_name("all|LIST");
  cmd->add_option("--search", options.searches,
                  wrap("Searches to run: paper (Algorithm 1 as published: the faithful rerun), "
                       "ours (the default search of 'tangram solve'), or both. Default: " +
                       options.searches + "."))
      ->type_name("LIST");
  cmd->add_option("--time-limit", options.time_limit_s,
                  wrap("Seconds per run before it counts as unsolved. Default: " +
                       general(options.time_limit_s) + " (the paper's)."))
      ->type_name("SEC");
  cmd->add_option("--jobs", options.jobs,
                  wrap("Runs solved at the same time (puzzles in parallel), 0 = one per core. "
                       "Default: 0."))
      ->type_name("N");
  cmd->add_option("--threads", options.threads,
                  wrap("Worker threads of each run. Default: 1 (as the paper's single-thread "
                       "timings; results do not depend on it)."))
      ->type_name("N");
  cmd->add_flag("--tables-only", options.tables_only,
                wrap("Run nothing: write runs.csv and the tables from the runs already recorded "
                     "in --out (cells still missing runs are marked)."));
  cmd->add_flag("-q,--quiet", options.quiet, wrap("No progress on stderr."));
  add_limit_options(*cmd, options.limits, true, true);
  cmd->footer(wrap(
      "Each run writes into OUT/expN/SEARCH/: PATTERN-STRATEGY.json (the solution, "
      "tangram-solution/1), PATTERN-STRATEGY.png (its picture) and, last, "
      "PATTERN-STRATEGY.run.json (the record: solved, valid, time, placements tried, "
      "backtracks, coverage). A run counts as solved only if the checker of 'tangram verify' "
      "accepts its assembly with the referee's thresholds. An interrupted experiment loses "
      "only the runs in progress: rerun the same command to continue. At the end OUT/runs.csv "
      "lists every recorded run, and OUT/tables.md and OUT/tables.csv hold Tables I-III beside "
      "the paper's numbers (printed on stdout too).\n"
      "Exit status: 0 every planned run is recorded; 2 bad or over-limit input, bad option or output not "
      "writable; 3 internal error.",
      90));
  return cmd;
}

int run_experiment(const ExperimentOptions& options) {
  // Plan: options, then patterns, then the existing records; nothing is written before.
  std::vector<const ExperimentSpec*> specs;
  if (options.experiment == "all")
    for (const ExperimentSpec& spec : paper_experiments()) specs.push_back(&spec);
  else
    specs.push_back(&paper_experiment(std::stoi(options.experiment)));
  const std::vector<SearchMode> searches = parse_searches(options.searches);
  const std::vector<Strategy> strategies = parse_strategies(options.strategies);
  if (!(options.time_limit_s > 0.0))
    throw UsageError("--time-limit must be positive, got " + general(options.time_limit_s));
  if (options.jobs < 0 || options.jobs > 256)
    throw UsageError("--jobs must be 0 (one per core) or 1..256, got " + std::to_string(options.jobs));
  if (options.threads < 1 || options.threads > 1024)
    throw UsageError("--threads must be 1..1024, got " + std::to_string(options.threads));
  const auto range = options.patterns.empty() ? std::pair<int, int>{1, 999}
                                              : parse_range(options.patterns);
  const std::map<int, fs::path> available = find_patterns(options.masks);

  const fs::path out(options.out_dir);
  std::error_code ec;
  if (fs::exists(out, ec) && !fs::is_directory(out, ec))
    throw OutputError("cannot write to --out " + options.out_dir + ": not a directory");
  if (fs::exists(out, ec) && fs::exists(options.masks, ec) && fs::equivalent(out, options.masks, ec))
    throw UsageError("--out " + options.out_dir + " is the --masks directory: choose another");

  std::vector<Job> jobs;
  TablePlan plan;
  plan.strategies = strategies;
  plan.searches = searches;
  std::map<std::string, fs::path> pattern_paths;
  for (const ExperimentSpec* spec : specs) {
    const int first = std::max(spec->first_pattern, range.first);
    const int last = std::min(spec->last_pattern, range.second);
    int count = 0;
    for (int n = first; n <= last; ++n) {
      const auto found = available.find(n);
      if (found == available.end()) {
        throw InputError("--masks " + options.masks + " has no pattern " + padded(n, 2) +
                         "-*.png, which experiment " + std::to_string(spec->number) + " uses" +
                         (options.patterns.empty() ? " (restrict with --patterns)" : ""));
      }
      ++count;
      const std::string stem = found->second.stem().string();
      pattern_paths[stem] = found->second;
      for (const SearchMode search : searches)
        for (const Strategy strategy : strategies)
          jobs.push_back(Job{spec, search, stem, strategy,
                             out / ("exp" + std::to_string(spec->number)) /
                                 search_mode_name(search)});
    }
    if (count == 0)
      throw UsageError("--patterns " + options.patterns + " leaves no pattern in experiment " +
                       std::to_string(spec->number) + " (patterns " +
                       std::to_string(spec->first_pattern) + "-" +
                       std::to_string(spec->last_pattern) + ")");
    plan.experiments.push_back(spec->number);
    plan.patterns.push_back(count);
  }

  // Records already there: kept if made with the same limit, refused otherwise.
  std::vector<std::optional<ExperimentRecord>> records(jobs.size());
  std::vector<std::size_t> todo;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const fs::path path = jobs[i].record_path();
    if (fs::exists(path, ec)) {
      try {
        ExperimentRecord record = record_from_json(read_text(path, options.limits));
        if (record.time_limit_s != options.time_limit_s)
          throw UsageError("--out " + options.out_dir + " holds runs recorded with --time-limit " +
                           general(record.time_limit_s) + " (" + path.string() +
                           "); use that limit to continue them, or another --out");
        records[i] = record;
        continue;
      } catch (const InputError& e) {
        std::cerr << "tangram: warning: " << path.string() << " is unreadable (" << in_words(e.tagged())
                  << "); the run is done again" << std::endl;
      }
    }
    if (!options.tables_only) todo.push_back(i);
  }

  std::map<std::string, Pattern> patterns;
  for (const std::size_t i : todo)
    if (!patterns.count(jobs[i].stem))
      patterns.emplace(jobs[i].stem, load_pattern_png(pattern_paths[jobs[i].stem].string(), options.limits));
  for (const Job& job : jobs) {
    fs::create_directories(job.dir, ec);
    if (ec) throw OutputError("cannot create " + job.dir.string() + ": " + ec.message());
  }

  const int workers = std::max<int>(1, std::min<std::size_t>(
      options.jobs > 0 ? options.jobs : std::max(1u, std::thread::hardware_concurrency()),
      std::max<std::size_t>(1, todo.size())));
  const bool tty = isatty(STDERR_FILENO) != 0;
  const std::size_t recorded_before = static_cast<std::size_t>(
      std::count_if(records.begin(), records.end(), [](const auto& r) { return r.has_value(); }));
  if (!options.quiet)
    std::cerr << "experiment " << options.experiment << ": " << jobs.size() << " runs planned, "
              << recorded_before << " already recorded in " << options.out_dir << ", "
              << todo.size() << " to do"
              << (todo.empty() ? std::string() : " with " + std::to_string(workers) + " at a time")
              << std::endl;

  Progress progress;
  progress.total = todo.size();
  const auto eta = [&]() -> double {  // caller holds the mutex
    if (progress.done == 0) return -1.0;
    return progress.busy_s / progress.done * double(progress.total - progress.done) / workers;
  };
  const auto status_line = [&]() {  // caller holds the mutex
    const double elapsed = std::chrono::duration<double>(Clock::now() - progress.start).count();
    const int width = 30;
    const int filled = progress.total ? int(width * progress.done / progress.total) : width;
    const double left = eta();
    return "[" + std::string(filled, '#') + std::string(width - filled, '.') + "] " +
           std::to_string(progress.done) + "/" + std::to_string(progress.total) + " runs, " +
           std::to_string(progress.solved) + " solved, " + duration(elapsed) + " elapsed, ETA " +
           (left < 0 ? std::string("?") : duration(left));
  };

  std::atomic<std::size_t> next{0};
  const auto work = [&]() {
    for (;;) {
      const std::size_t k = next++;
      if (k >= todo.size()) return;
      {
        std::lock_guard<std::mutex> lock(progress.mutex);
        if (!progress.error.empty()) return;
        ++progress.running;
      }
      const std::size_t i = todo[k];
      const Job& job = jobs[i];
      try {
        SolveOptions run = default_solve_options();
        run.strategy = std::string(strategy_name(job.strategy));
        run.search = search_mode_name(job.search);
        run.rotation_step_deg = job.spec->rotation_step_deg;
        run.no_reflection = !job.spec->reflection;
        run.time_limit_s = options.time_limit_s;
        run.threads = options.threads;
        const Pattern& pattern = patterns.at(job.stem);
        const SolverConfig config = solver_config(run);
        const Solution solution = solve(pattern, config);
        ExperimentRecord record;
        record.experiment = job.spec->number;
        record.search = job.search;
        record.pattern = job.stem;
        record.strategy = job.strategy;
        record.time_limit_s = options.time_limit_s;
        record.solved = solution.solved;
        record.timed_out = solution.stats.timed_out;
        record.seconds = solution.stats.seconds;
        record.placements = solution.stats.placements_tried;
        record.backtracks = solution.stats.backtracks;
        if (!solution.pieces.empty()) {
          const VerifyReport report = verify_solution(pattern, solution.pieces, config.pieces);
          record.valid = report.valid;
          record.coverage = report.metrics.coverage;
          record.overlap = report.metrics.overlap;
          record.spill = report.metrics.spill;
        }
        write_text_atomic(job.solution_path().string(),
                          solution_to_json(solution, config.pieces, relative_to(pattern_paths.at(job.stem),
                                                                 job.dir)));
        write_png_atomic(job.picture_path().string(), render_solution(pattern, solution, 1));
        write_text_atomic(job.record_path().string(), record_to_json(record));
        std::lock_guard<std::mutex> lock(progress.mutex);
        records[i] = record;
        --progress.running;
        ++progress.done;
        progress.solved += record.counts() ? 1 : 0;
        progress.busy_s += record.seconds;
        if (!options.quiet && !tty)
          std::cerr << "[" << progress.done << "/" << progress.total << "] exp"
                    << job.spec->number << " " << search_mode_name(job.search) << " "
                    << job.base() << ": "
                    << (record.counts() ? "solved" : record.solved ? "rejected" : "not solved")
                    << " in " << fixed(record.seconds, 2) << " s, ETA "
                    << (eta() < 0 ? std::string("?") : duration(eta())) << std::endl;
        progress.changed.notify_all();
      } catch (const std::exception& e) {
        std::lock_guard<std::mutex> lock(progress.mutex);
        --progress.running;
        if (progress.error.empty())
          progress.error = job.dir.string() + "/" + job.base() + ": " +
                           (dynamic_cast<const Error*>(&e) != nullptr
                                ? dynamic_cast<const Error&>(e).tagged()
                                : std::string(e.what()));
        progress.changed.notify_all();
        return;
      }
    }
  };
  std::vector<std::thread> threads;
  for (int w = 0; w < workers && !todo.empty(); ++w) threads.emplace_back(work);
  if (!options.quiet && tty) {
    std::unique_lock<std::mutex> lock(progress.mutex);
    while (progress.done < progress.total && progress.error.empty() &&
           !(progress.running == 0 && next >= todo.size())) {
      std::cerr << "\r" << status_line() << "   " << std::flush;
      progress.changed.wait_for(lock, std::chrono::seconds(1));
    }
    std::cerr << "\r" << status_line() << "   " << std::endl;
  }
  for (std::thread& t : threads) t.join();
  if (!progress.error.empty()) throw Error(progress.error);

  // Outputs over every recorded run of the plan.
  std::vector<ExperimentRecord> recorded;
  std::vector<RunRecord> rows;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    if (!records[i]) continue;
    const ExperimentRecord& r = *records[i];
    recorded.push_back(r);
    const auto file = [&](const fs::path& path) {
      return fs::exists(path, ec) ? relative_to(path, out) : std::string();
    };
    RunRecord row;
    row.experiment = std::to_string(r.experiment);
    row.search = search_mode_name(r.search);
    row.pattern = relative_to(pattern_paths.at(r.pattern), out);
    row.strategy = std::string(strategy_name(r.strategy));
    row.solved = r.solved;
    row.valid = r.valid;
    row.seconds = r.seconds;
    row.placements = r.placements;
    row.backtracks = r.backtracks;
    row.coverage = r.coverage;
    row.overlap = r.overlap;
    row.spill = r.spill;
    row.solution = file(jobs[i].solution_path());
    row.picture = file(jobs[i].picture_path());
    rows.push_back(row);
  }
  const std::string tables = tables_markdown(recorded, plan);
  write_text_atomic((out / "runs.csv").string(), runs_csv(rows));
  write_text_atomic((out / "tables.md").string(), tables);
  write_text_atomic((out / "tables.csv").string(), tables_csv(recorded, plan));
  std::cout << tables << std::flush;
  return kExitOk;
}

}  // namespace tangram::cli
