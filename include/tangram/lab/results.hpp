#pragma once
/// \file results.hpp
/// Results directories: runs.csv and settings.json (docs/design/lab.md).

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tangram/core/puzzle/solution.hpp"
#include "tangram/io/files.hpp"

namespace tangram {

/// The first line of every runs.csv.
inline constexpr std::string_view kRunsCsvHeader =
    "experiment,search,pattern,strategy,solved,valid,seconds,placements,backtracks,coverage,"
    "overlap,spill,solution,picture,outcome";

/// The first line of a runs.csv written before the outcome column; still read.
inline constexpr std::string_view kRunsCsvHeaderWithoutOutcome =
    "experiment,search,pattern,strategy,solved,valid,seconds,placements,backtracks,coverage,"
    "overlap,spill,solution,picture";

/// `file` relative to `base`, generic form ("../masks/02-page9-11.png").
std::string relative_to(const std::filesystem::path& file, const std::filesystem::path& base);

/// How a results directory `base` names `file` (runs.csv, a run's solution): relative when it
/// lies under `base` ("exp1/paper/01-house-bl.png"), else absolute ("/data/masks/01-house.png").
std::string results_path(const std::filesystem::path& file, const std::filesystem::path& base);

/// One row of runs.csv: one pattern searched with one strategy.
struct RunRecord {
  std::string experiment;  ///< "compare", "1", "2", "3"
  std::string search;      ///< "ours" or "paper"
  std::string pattern;     ///< path relative to the results directory
  std::string strategy;    ///< strategy_name()
  bool solved = false;     ///< the search returned a full assembly
  bool valid = false;      ///< the checker accepted it
  double seconds = 0.0;    ///< search wall time
  long placements = 0;
  long backtracks = 0;
  double coverage = 0.0;  ///< share of the puzzle area
  double overlap = 0.0;   ///< share of the puzzle area
  double spill = 0.0;     ///< share of the puzzle area
  std::string solution;   ///< JSON path relative to the results directory, or empty
  std::string picture;    ///< PNG path relative to the results directory, or empty
  /// How the run ended; empty when unknown (older files).
  std::optional<Outcome> outcome;

  /// Counts as solved: solved by the search and accepted by the checker.
  bool counts() const { return solved && valid; }
};

/// One line of runs.csv for `run`, ending in '\n'.
std::string runs_csv_row(const RunRecord& run);

/// A whole runs.csv: kRunsCsvHeader and one row per run.
std::string runs_csv(const std::vector<RunRecord>& runs);

/// Parses runs.csv text. Throws InputError ("<source> line N: ...").
std::vector<RunRecord> parse_runs_csv(const std::string& text, const std::string& source);

/// Reads and parses a runs.csv file. Throws InputError (also for a torn last line, without its
/// line end) or LimitError.
std::vector<RunRecord> read_runs_csv(const std::string& path, const ReadLimits& limits = {});

/// The runs of one strategy within one (experiment, search) group, aggregated.
struct StrategySummary {
  std::string experiment;
  std::string search;
  std::string strategy;
  int runs = 0;
  int solved = 0;   ///< runs that count as solved (solved and valid)
  int invalid = 0;  ///< runs solved by the search but rejected by the checker
  /// Mean search time of the runs that count as solved, in seconds; empty when none did.
  std::optional<double> mean_seconds_solved;
  /// Mean coverage of the runs that count as solved; empty when none did.
  std::optional<double> mean_coverage_solved;
};

/// One StrategySummary per (experiment, search, strategy), in order of first appearance.
std::vector<StrategySummary> summarise_by_strategy(const std::vector<RunRecord>& runs);

/// The name of the settings file of a results directory.
inline constexpr std::string_view kSettingsFile = "settings.json";

/// One command that wrote runs, filled in by the front end; empty fields are unknown.
struct Invocation {
  std::string command;  ///< the command line, words joined by spaces, quoted where needed
  std::string version;  ///< "tangram 0.1.0"
  std::string commit;   ///< build_commit() of the build that ran it
  std::string cpu;      ///< the CPU's model name
  int cores = 0;        ///< logical cores of the machine
  std::string date;     ///< when it started, UTC, ISO 8601 ("2025-01-31T12:34:56Z")
};

/// The rotations of a group of runs.
struct RotationSetting {
  std::string scope;       ///< which runs ("experiment 1"); empty = all of them
  double step_deg = 1.0;   ///< the step, or with `automatic` the fine step of the plan
  bool reflection = true;  ///< mirror images of chiral pieces allowed
  /// Rotations chosen per figure (SearchConfig::rotation_auto).
  bool automatic = false;
};

/// How the runs of a results directory were made (settings.json).
struct ResultsSettings {
  std::string made_by;                     ///< the subcommand: "compare" or "experiment"
  double time_limit_s = 0.0;               ///< per run
  std::vector<RotationSetting> rotations;  ///< one per group of runs with its own
  std::vector<std::string> searches;       ///< search_mode_name()s
  std::vector<std::string> strategies;     ///< strategy_name()s
  int threads = 0;                         ///< worker threads of each run (0 = all cores)
  int jobs = 1;                            ///< runs solved at the same time
  std::string piece_set;                   ///< the set's name (PieceSet::name())
  /// Its pieces as the pictures' legends name them, in slot order (piece_labels()).
  std::vector<std::string> pieces;
  /// The commands that wrote runs, oldest first; the other settings are the last one's.
  std::vector<Invocation> invocations;
};

/// settings.json text ("tangram-settings/1").
std::string settings_to_json(const ResultsSettings& settings);

/// Parses settings_to_json()'s output; throws InputError naming what is wrong.
ResultsSettings settings_from_json(const std::string& text);

/// The settings as (name, value) rows of plain text, in the report's order.
std::vector<std::pair<std::string, std::string>> settings_rows(const ResultsSettings& settings);

/// `git describe --always --dirty` at build time, or "unknown".
std::string_view build_commit();

}  // namespace tangram
