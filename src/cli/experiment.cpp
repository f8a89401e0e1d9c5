// `tangram experiment`: reruns the experiments of Yamada et al. 2019 on a pattern directory
// (lab/experiment_runner.hpp does the runs) and words its progress: a status line on a terminal,
// one line per run otherwise.

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <regex>
#include <sstream>

#include "commands.hpp"
#include "run_progress.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/lab/experiment.hpp"
#include "tangram/lab/experiment_runner.hpp"
#include "tangram/lab/experiment_shards.hpp"

namespace tangram::cli {

namespace {

namespace fs = std::filesystem;

/// "1-18" or "7" -> [first, last].
PatternRange parse_range(const std::string& text) {
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

/// masks/ installed beside the program, else the source tree's; UsageError when neither exists.
std::string default_masks_dir() {
  std::error_code ec;
  const fs::path program = fs::read_symlink("/proc/self/exe", ec);
  const fs::path installed = program.parent_path().parent_path() / TANGRAM_INSTALLED_MASKS;
  if (!ec && fs::is_directory(installed, ec)) return installed.string();
  if (fs::is_directory(TANGRAM_SOURCE_MASKS, ec)) return TANGRAM_SOURCE_MASKS;
  throw UsageError("no masks/ found (neither " + installed.string() + " nor " +
                   TANGRAM_SOURCE_MASKS + " exists): give --masks DIR");
}

/// Seconds per run of the piece-set experiment unless --time-limit says otherwise.
constexpr double kSetsTimeLimitS = 60.0;

/// "all" or "tangram,stomachion" -> built-in set names (UsageError naming the unknown one).
std::vector<std::string> parse_sets(const std::string& text) {
  const std::vector<std::string> known = builtin_piece_set_names();
  if (text == "all") return known;
  std::vector<std::string> sets;
  std::stringstream in(text);
  for (std::string name; std::getline(in, name, ',');) {
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      std::string names;
      for (const std::string& k : known) names += (names.empty() ? "" : ", ") + k;
      throw UsageError("--sets: no built-in set '" + name + "' (choose all or from " + names + ")");
    }
    if (std::find(sets.begin(), sets.end(), name) == sets.end()) sets.push_back(name);
  }
  if (sets.empty()) throw UsageError("--sets: no set named");
  return sets;
}

/// The options given that mean nothing to `tangram experiment merge`, by name; empty if none.
std::string options_beside_merge(const ExperimentOptions& o) {
  const std::vector<std::pair<bool, const char*>> given{{o.sets != "all", "--sets"},
                                                        {!o.patterns.empty(), "--patterns"},
                                                        {!o.strategies.empty(), "--strategies"},
                                                        {!o.searches.empty(), "--search"},
                                                        {o.time_limit_s > 0.0, "--time-limit"},
                                                        {o.jobs != 0, "--jobs"},
                                                        {o.threads != 1, "--threads"},
                                                        {o.tables_only, "--tables-only"},
                                                        {o.pieces != "tangram", "--pieces"},
                                                        {!o.shard.empty(), "--shard"}};
  for (const auto& [is_given, name] : given)
    if (is_given) return name;
  return "";
}

/// The config of `options` (UsageError naming the option for an unparsable list or range).
ExperimentConfig experiment_config(const ExperimentOptions& options) {
  ExperimentConfig config;
  if (!options.shard_dirs.empty())
    throw UsageError("SHARD_DIR: directories to join only with 'tangram experiment merge', got '" +
                     options.shard_dirs.front() + "'");
  const bool sets = options.experiment == "sets";
  // Options that mean nothing for the chosen experiment are refused, not ignored.
  if (sets && !options.searches.empty() && options.searches != "ours")
    throw UsageError("--search: the piece-set experiment runs the search ours only");
  if (sets && options.pieces != config.pieces.name())
    throw UsageError(
        "--pieces: not with 'sets', whose every set solves its own patterns "
        "(choose the sets with --sets)");
  if (!sets && options.sets != "all")
    throw UsageError("--sets: only with the piece-set experiment ('tangram experiment sets')");
  if (sets)
    config.sets = parse_sets(options.sets);
  else if (options.experiment != "all")
    config.experiments = {std::stoi(options.experiment)};
  config.searches =
      parse_searches("--search", options.searches.empty() ? "paper,ours" : options.searches, false);
  // The piece-set experiment runs as `tangram solve` does by default: its strategy, 60 s.
  config.strategies =
      options.strategies.empty() && sets
          ? std::vector<Strategy>{SolverConfig().placement.strategy}
          : parse_strategies(options.strategies.empty() ? "all" : options.strategies);
  config.time_limit_s = options.time_limit_s > 0.0 ? options.time_limit_s
                        : sets                     ? kSetsTimeLimitS
                                                   : kPaperTimeLimitS;
  config.jobs = options.jobs;
  config.threads = options.threads;
  if (!options.patterns.empty()) config.patterns = parse_range(options.patterns);
  config.masks_dir = options.masks.empty() ? default_masks_dir() : options.masks;
  config.out_dir = options.out_dir;
  config.tables_only = options.tables_only;
  config.limits = options.limits;
  if (!options.shard.empty()) config.shard = parse_shard(options.shard, "--shard");
  if (options.pieces != config.pieces.name())
    config.pieces = load_pieces_option(options.pieces, options.limits).set;
  return config;
}

}  // namespace

CLI::App* setup_experiment(CLI::App& app, ExperimentOptions& options) {
  options.time_limit_s = 0.0;  // 0, "" below: the experiment's own default
  options.strategies = "";
  options.searches = "";
  options.masks = "";
  CLI::App* cmd = app.add_subcommand(
      "experiment", wrap("Rerun the experiments of Yamada et al. 2019 and print Tables I-III, "
                         "or solve every built-in set's patterns (sets)."));
  cmd->add_option("EXPERIMENT", options.experiment,
                  wrap("1: patterns 01-30, 1 deg rotations, mirroring; 2: patterns 01-18, 45 deg, "
                       "mirroring; 3: patterns 01-18, 45 deg, no mirroring; all: the three; "
                       "sets: the piece-set experiment, each built-in set's patterns "
                       "(MASKS/sets/SET/NN-KIND.png, solvable when NN-KIND.truth.json is "
                       "beside it) solved with that set as 'tangram solve --pieces SET' does, "
                       "one row per set: solved, median and max time, mean coverage. merge: "
                       "join the shard directories SHARD_DIR... (see --shard) into --out "
                       "and write its tables."))
      ->required()
      ->check(CLI::IsMember({"1", "2", "3", "all", "sets", "merge"}))
      ->type_name("1|2|3|all|sets|merge");
  cmd->add_option("SHARD_DIR", options.shard_dirs,
                  wrap("With 'merge': the results directories of the shards to join (each "
                       "written with --shard I/N); every shard 1..N once."))
      ->type_name("DIR...");
  cmd->add_option("--sets", options.sets,
                  wrap("With 'sets': all, or a comma-separated list of built-in sets. "
                       "Default: all."))
      ->type_name("all|LIST");
  cmd->add_option("-o,--out", options.out_dir,
                  wrap("Results directory (created if missing; rerunning with the same one skips "
                       "the runs already recorded there)."))
      ->required()
      ->type_name("DIR");
  cmd->add_option("--masks", options.masks,
                  wrap("Directory of the patterns, named NN-name.png with NN their number "
                       "(masks/ of this repository). Default: masks/ as installed beside "
                       "the program (BINDIR/../" TANGRAM_INSTALLED_MASKS "), else the source "
                       "tree's (" TANGRAM_SOURCE_MASKS "), whatever the working directory."))
      ->type_name("DIR");
  cmd->add_option("--patterns", options.patterns,
                  wrap("Only these pattern numbers, within each experiment's own range (e.g. "
                       "1-5; sets: in every set). Default: every pattern of the experiment."))
      ->type_name("RANGE");
  cmd->add_option(
         "--strategies", options.strategies,
         wrap("Placement strategies: all, or a comma-separated list of " + strategy_choices() +
              ". Default: all (sets: the default of "
              "'tangram solve')."))
      ->type_name("all|LIST");
  cmd->add_option("--search", options.searches,
                  wrap("Searches to run: paper (Algorithm 1 as published: the faithful rerun), "
                       "ours (the default search of 'tangram solve'), or both. Default: "
                       "paper,ours (sets: ours only)."))
      ->type_name("LIST");
  cmd->add_option("--time-limit", options.time_limit_s,
                  wrap("Seconds per run before it counts as unsolved. Default: " +
                       general(kPaperTimeLimitS) +
                       " (the paper's; sets: " + general(kSetsTimeLimitS) + ")."))
      ->type_name("SEC");
  cmd->add_option("--jobs", options.jobs,
                  wrap("Runs solved at the same time (puzzles in parallel), 0 = one per core. "
                       "Default: 0."))
      ->type_name("N");
  cmd->add_option("--threads", options.threads,
                  wrap("Worker threads of each run. Default: 1 (as the paper's single-thread "
                       "timings; results do not depend on it)."))
      ->type_name("N");
  cmd->add_option("--shard", options.shard,
                  wrap("Run only shard I of N: every N-th run of the plan from the I-th, so that "
                       "N machines (GNU parallel, a Slurm array: scripts/) share an experiment; "
                       "--out then holds the shard, and 'tangram experiment merge' joins the "
                       "N directories. Default: every run."))
      ->type_name("I/N");
  cmd->add_flag("--tables-only", options.tables_only,
                wrap("Run nothing: write runs.csv and the tables from the runs already recorded "
                     "in --out (cells still missing runs are marked)."));
  add_pieces_option(*cmd, options.pieces,
                    "The pieces the patterns are solved with (patterns of that set in --masks).",
                    "Default: tangram.");
  cmd->add_flag("--repair", options.repair,
                wrap("An --out (or a shard to merge) with damaged files (a record, solution or "
                     "picture truncated or garbled, a torn runs.csv, an unreadable settings.json "
                     "or shard.json) is refused (exit 6); --repair moves them aside into "
                     "DIR/damaged-YYYYmmdd-HHMMSS/, names each, and runs those runs again (merge: "
                     "rerun the shard's command to redo them)."));
  cmd->add_flag("-q,--quiet", options.quiet, wrap("No progress on stderr."));
  add_limit_options(*cmd, options.limits, true, true);
  cmd->footer(wrap(
      "Each run writes into OUT/expN/SEARCH/ (sets: OUT/sets/SET/): PATTERN-STRATEGY.json (the "
      "solution, "
      "tangram-solution/1), PATTERN-STRATEGY.png (its picture) and, last, "
      "PATTERN-STRATEGY.run.json (the record: solved, valid, time, placements tried, "
      "backtracks, coverage). A run counts as solved only if the checker of 'tangram verify' "
      "accepts its assembly with the referee's thresholds. An interrupted experiment loses "
      "only the runs in progress: rerun the same command to continue. At the end OUT/runs.csv "
      "lists every recorded run, and OUT/tables.md and OUT/tables.csv hold the settings and "
      "Tables I-III beside the paper's numbers (printed on stdout too). OUT/settings.json "
      "records the settings and every command that ran runs there, with its commit, machine "
      "and date ('tangram report' shows them). With --shard I/N, OUT/shard.json lists the "
      "runs the shard owns; 'tangram experiment merge DIR... -o OUT' checks that the shards are "
      "of one experiment, each there once with every run recorded, copies them into OUT (new "
      "or empty; written completely or not at all) and writes its tables.\n"
      "Exit status: 0 every planned run is recorded; 2 bad or over-limit input, bad option or "
      "output not "
      "writable; 3 internal error; 6 --out or a shard holds damaged files (see --repair).",
      90));
  return cmd;
}

/// `tangram experiment merge`.
int merge_experiment(const ExperimentOptions& options) {
  if (const std::string name = options_beside_merge(options); !name.empty())
    throw UsageError(name + ": not with 'merge', which joins shards run with their own settings");
  if (options.shard_dirs.empty())
    throw UsageError("merge: give the shard directories to join (SHARD_DIR...)");
  if (options.repair) {  // each shard's damaged runs moved aside, to be done again by it
    const std::vector<RepairedShard> repaired = repair_shards(options.shard_dirs, options.limits);
    for (const RepairedShard& shard : repaired) {
      for (const Damage& d : shard.damaged)
        std::cerr << "tangram: repair: " << in_words(d.file.string() + ": " + d.what)
                  << ": moved aside" << std::endl;
      const std::size_t count = shard.damaged.size();
      std::cerr << "tangram: repair: " << count << " damaged file" << (count == 1 ? "" : "s")
                << " moved aside into " << shard.folder.string()
                << "/; rerun that shard's command to redo its runs, then merge" << std::endl;
    }
    if (repaired.empty()) std::cerr << "tangram: repair: 0 damaged files" << std::endl;
  }
  const MergedShards merged =
      merge_experiment_shards(options.shard_dirs, options.out_dir, options.limits, options.masks);
  if (!options.quiet)
    std::cerr << "merged " << merged.shards << (merged.shards == 1 ? " shard: " : " shards: ")
              << merged.runs << " runs into " << options.out_dir << std::endl;
  std::cout << merged.tables << std::flush;
  return kExitOk;
}

int run_experiment(const ExperimentOptions& options) {
  if (options.experiment == "merge") return merge_experiment(options);
  ExperimentConfig config = experiment_config(options);
  config.invocation = this_invocation();  // recorded in settings.json and the tables
  config.repair = options.repair;
  ExperimentPlan plan = plan_experiment(config);
  for (const std::string& warning : plan.warnings)
    std::cerr << "tangram: warning: " << in_words(warning) << std::endl;
  report_repair(plan, "run");

  const ExperimentObserver observer =
      run_progress(plan, "experiment " + options.experiment, options.quiet);
  tangram::run_experiment(plan, observer);
  std::cout << write_experiment_tables(plan) << std::flush;
  return kExitOk;
}

}  // namespace tangram::cli
