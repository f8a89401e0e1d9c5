#pragma once
/// \file experiment.hpp
/// The experiments of Yamada et al. 2019 (Sec. IV), run records and Tables I-III.

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tangram/core/puzzle/solution.hpp"
#include "tangram/core/raster/placement.hpp"
#include "tangram/core/solve/solve.hpp"

namespace tangram {

/// Settings of one experiment: patterns of masks/, rotations, mirroring.
struct ExperimentSpec {
  int number = 0;
  int first_pattern = 1;  ///< patterns first..last by their NN- prefix
  int last_pattern = 30;
  double rotation_step_deg = 1.0;
  bool reflection = true;
};

/// Experiments 1 (1-30, 1 deg), 2 (1-18, 45 deg), 3 (1-18, 45 deg, no mirroring).
const std::array<ExperimentSpec, 3>& paper_experiments();

/// The spec of experiment 1, 2 or 3; throws UsageError otherwise.
const ExperimentSpec& paper_experiment(int number);

/// The paper's time limit per run, in seconds.
inline constexpr double kPaperTimeLimitS = 360.0;

/// One pattern solved with one strategy and one search in one experiment.
struct ExperimentRecord {
  int experiment = 0;
  SearchMode search = SearchMode::Paper;
  std::string pattern;  ///< the pattern's file stem, e.g. "02-page9-11"
  Strategy strategy = Strategy::DistanceTransform;
  double time_limit_s = 0.0;  ///< the limit the run had
  bool solved = false;        ///< the search returned a full assembly
  bool valid = false;         ///< the checker (verify.hpp, referee thresholds) accepted it
  bool timed_out = false;
  /// Not searched: the pattern rules every assembly out (false in older records).
  bool impossible = false;
  double seconds = 0.0;  ///< search wall time
  long placements = 0;   ///< placements tried
  long backtracks = 0;
  double coverage = 0.0;  ///< checker's measures of the (possibly partial) assembly
  double overlap = 0.0;
  double spill = 0.0;
  /// Counts as solved in the tables: solved by the search and accepted by the checker.
  bool counts() const { return solved && valid; }
  /// How the run ended (Invalid: solved, rejected by the checker).
  Outcome outcome() const {
    if (solved) return valid ? Outcome::Solved : Outcome::Invalid;
    return impossible ? Outcome::Impossible : timed_out ? Outcome::TimeLimit : Outcome::Exhausted;
  }
};

/// A record as one JSON object (format "tangram-run/1").
std::string record_to_json(const ExperimentRecord& record);

/// Parses record_to_json's output; throws InputError naming what is wrong.
ExperimentRecord record_from_json(const std::string& text);

/// The paper's published numbers (Tables I and III) for a strategy in an experiment.
struct PaperResult {
  int solved = 0;       ///< Table I
  double mean_s = 0.0;  ///< Table III: mean time of the solved runs
  double std_s = 0.0;   ///< Table III: its standard deviation
};
PaperResult paper_result(Strategy strategy, int experiment);

/// What each experiment was planned with, to tell complete cells from partial ones.
struct TablePlan {
  std::vector<int> experiments;  ///< e.g. {1, 2, 3}
  std::vector<int> patterns;     ///< patterns per experiment, same order
  std::vector<Strategy> strategies;
  std::vector<SearchMode> searches;  ///< columns after the paper's, in this order
};

/// Tally of one cell: runs, solved, and the solved runs' mean and sample deviation (s).
struct Tally {
  int planned = 0;
  int recorded = 0;
  int solved = 0;
  double mean_s = 0.0;
  double std_s = 0.0;
  bool complete() const { return recorded == planned; }
};

/// The tally of `records` in one experiment and search over the given strategies.
Tally tally(const std::vector<ExperimentRecord>& records, const TablePlan& plan, int experiment,
            SearchMode search, const std::vector<Strategy>& strategies);

/// One of Tables I-III: its title and its cells, the header row first.
struct ExperimentTable {
  std::string title;                           ///< "Table I: puzzles solved in each experiment"
  std::vector<std::vector<std::string>> rows;  ///< the header, then one row per strategy
                                               ///< (I, III) or experiment (II)
};

/// Tables I-III as text cells ("20", "20*" incomplete, "-" none), the paper's column first.
std::vector<ExperimentTable> experiment_tables(const std::vector<ExperimentRecord>& records,
                                               const TablePlan& plan);

/// The sentence under Tables I-III: what counts as solved, what '*' and '-' mean.
extern const std::string_view kExperimentTablesNote;

/// experiment_tables() as Markdown: each table under a "## " heading, then the note (tables.md).
std::string tables_markdown(const std::vector<ExperimentRecord>& records, const TablePlan& plan);

/// The same numbers as CSV in long format (docs/formats.md).
std::string tables_csv(const std::vector<ExperimentRecord>& records, const TablePlan& plan);

/// One run of the piece-set experiment; `solvable` when its pattern has a ground truth.
struct SetRun {
  std::string set;
  bool solvable = true;
  ExperimentRecord record;
};

/// The piece-set table: a header, then one row per set of `sets`.
std::vector<std::vector<std::string>> set_table(const std::vector<SetRun>& runs,
                                                const std::vector<std::string>& sets);

/// The sentence under the piece-set table: what its columns count.
extern const std::string_view kSetTableNote;

/// The table of a batch of figures (BatchSolve): a header and one row.
std::vector<std::vector<std::string>> batch_table(const std::vector<ExperimentRecord>& records,
                                                  std::size_t planned);

/// The sentence under the batch table.
extern const std::string_view kBatchTableNote;

/// "faithful (our run of Algorithm 1)" / "ours (our search)".
std::string search_column_label(SearchMode search);

/// A run's record path: "expN/SEARCH/PATTERN-STRATEGY.run.json".
std::string run_record_path(int experiment, SearchMode search, const std::string& pattern,
                            Strategy strategy);

}  // namespace tangram
