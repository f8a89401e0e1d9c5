#include "tangram/lab/experiment.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

#include "tangram/core/base/error.hpp"
#include "tangram/core/base/format.hpp"
#include "tangram/io/detail/json.hpp"
#include "tangram/lab/detail/text.hpp"

namespace tangram {

namespace {

using detail::Json;
using detail::JsonType;

constexpr std::string_view kRecordTag = "tangram-run/1";

/// Strategies in the paper's table order with their published numbers: Table I (solved in
/// experiments 1, 2, 3) and Table III (mean and standard deviation of the solved runs' times).
struct PaperRow {
  Strategy strategy;
  std::array<PaperResult, 3> result;
};
const std::array<PaperRow, 7> kPaper = {{
    {Strategy::BottomLeft, {{{19, 98.90, 93.85}, {8, 5.75, 7.51}, {2, 15.38, 12.52}}}},
    {Strategy::LeftBottom, {{{21, 92.21, 102.22}, {11, 4.14, 5.98}, {6, 4.20, 4.59}}}},
    {Strategy::HorizontalZigZag, {{{20, 89.15, 104.39}, {10, 2.35, 1.78}, {6, 4.20, 4.55}}}},
    {Strategy::VerticalZigZag, {{{20, 90.66, 89.33}, {9, 5.70, 8.54}, {2, 15.90, 13.00}}}},
    {Strategy::Spiral, {{{19, 67.32, 80.63}, {8, 2.23, 1.96}, {2, 1.02, 0.17}}}},
    {Strategy::InverseSpiral, {{{19, 68.72, 87.84}, {8, 2.24, 1.97}, {2, 1.01, 0.16}}}},
    {Strategy::DistanceTransform, {{{23, 76.11, 94.04}, {15, 4.90, 9.62}, {7, 5.29, 7.72}}}},
}};

/// Table II as published: percent solved overall, by the six sweep strategies, by DT.
const std::array<std::array<double, 3>, 3> kPaperTable2 = {
    {{67.14, 65.56, 76.67}, {54.76, 50.00, 83.33}, {21.43, 18.52, 38.89}}};

/// A number in the tables, written as the run records write theirs (detail::json_number): one
/// that rounds to zero prints without a minus sign.
std::string table_number(double value, int decimals) {
  return detail::json_number(value, decimals);
}

std::vector<Strategy> sweep_strategies() {
  std::vector<Strategy> sweeps;
  for (const Strategy s : all_strategies())
    if (s != Strategy::DistanceTransform) sweeps.push_back(s);
  return sweeps;
}

std::string search_source(SearchMode search) {
  return search == SearchMode::Paper ? "faithful" : "default";
}

/// '*' after a cell whose runs are not all recorded.
std::string mark(const Tally& t, const std::string& text) {
  if (t.recorded == 0) return "-";
  return t.complete() ? text : text + "*";
}

std::string percent(int solved, int runs) {
  return runs == 0 ? std::string("-")
                   : table_number(100.0 * solved / runs, 2) + "% (" + std::to_string(solved) + "/" +
                         std::to_string(runs) + ")";
}

/// The paper's column, named as published.
constexpr std::string_view kPaperColumn = "paper (published)";

}  // namespace

const std::array<ExperimentSpec, 3>& paper_experiments() {
  static const std::array<ExperimentSpec, 3> specs = {{
      {1, 1, 30, 1.0, true},
      {2, 1, 18, 45.0, true},
      {3, 1, 18, 45.0, false},
  }};
  return specs;
}

const ExperimentSpec& paper_experiment(int number) {
  if (number < 1 || number > 3)
    throw UsageError("there are three experiments (1, 2, 3), not " + std::to_string(number));
  return paper_experiments()[number - 1];
}

PaperResult paper_result(Strategy strategy, int experiment) {
  paper_experiment(experiment);
  for (const PaperRow& row : kPaper)
    if (row.strategy == strategy) return row.result[experiment - 1];
  return {};
}

std::string search_column_label(SearchMode search) {
  return search == SearchMode::Paper ? "faithful (our run of Algorithm 1)" : "ours (our search)";
}

std::string record_to_json(const ExperimentRecord& r) {
  using detail::json_number;
  using detail::json_string;
  return "{\"format\": " + json_string(kRecordTag) +
         ", \"experiment\": " + std::to_string(r.experiment) +
         ", \"search\": " + json_string(search_mode_name(r.search)) +
         ", \"pattern\": " + json_string(r.pattern) +
         ", \"strategy\": " + json_string(strategy_name(r.strategy)) +
         ", \"time_limit_s\": " + json_number(r.time_limit_s, 3) +
         ", \"solved\": " + (r.solved ? "true" : "false") +
         ", \"valid\": " + (r.valid ? "true" : "false") +
         ", \"timed_out\": " + (r.timed_out ? "true" : "false") +
         ", \"impossible\": " + (r.impossible ? "true" : "false") +
         ", \"seconds\": " + json_number(r.seconds, 4) +
         ", \"placements\": " + std::to_string(r.placements) +
         ", \"backtracks\": " + std::to_string(r.backtracks) +
         ", \"coverage\": " + json_number(r.coverage, 6) +
         ", \"overlap\": " + json_number(r.overlap, 6) + ", \"spill\": " + json_number(r.spill, 6) +
         "}\n";
}

ExperimentRecord record_from_json(const std::string& text) {
  const detail::JsonFields fields("invalid run record");
  const Json doc = fields.document(text, kRecordTag);
  ExperimentRecord r;
  const auto number = [&](std::string_view key) { return fields.number(doc, key); };
  const auto boolean = [&](std::string_view key) { return fields.boolean(doc, key); };
  r.experiment = static_cast<int>(number("experiment"));
  const std::string search = fields.text(doc, "search");
  const auto mode = search_mode_from_name(search);
  if (!mode) fields.fail("unknown search \"" + search + "\"");
  r.search = *mode;
  r.pattern = fields.text(doc, "pattern");
  const auto strategy = strategy_from_name(fields.text(doc, "strategy"));
  if (!strategy) fields.fail("unknown strategy");
  r.strategy = *strategy;
  r.time_limit_s = number("time_limit_s");
  r.solved = boolean("solved");
  r.valid = boolean("valid");
  r.timed_out = boolean("timed_out");
  r.impossible = doc.contains("impossible") && boolean("impossible");  // absent before it was
  r.seconds = number("seconds");
  r.placements = static_cast<long>(number("placements"));
  r.backtracks = static_cast<long>(number("backtracks"));
  r.coverage = number("coverage");
  r.overlap = number("overlap");
  r.spill = number("spill");
  return r;
}

Tally tally(const std::vector<ExperimentRecord>& records, const TablePlan& plan, int experiment,
            SearchMode search, const std::vector<Strategy>& strategies) {
  Tally t;
  const auto e = std::find(plan.experiments.begin(), plan.experiments.end(), experiment);
  if (e == plan.experiments.end()) return t;
  int planned_strategies = 0;
  for (const Strategy s : strategies)
    if (std::find(plan.strategies.begin(), plan.strategies.end(), s) != plan.strategies.end())
      ++planned_strategies;
  t.planned = plan.patterns[e - plan.experiments.begin()] * planned_strategies;
  std::vector<double> times;
  for (const ExperimentRecord& r : records) {
    if (r.experiment != experiment || r.search != search ||
        std::find(strategies.begin(), strategies.end(), r.strategy) == strategies.end())
      continue;
    ++t.recorded;
    if (r.counts()) times.push_back(r.seconds);
  }
  t.solved = static_cast<int>(times.size());
  if (!times.empty()) {
    double sum = 0.0;
    for (const double x : times) sum += x;
    t.mean_s = sum / times.size();
    double squares = 0.0;
    for (const double x : times) squares += (x - t.mean_s) * (x - t.mean_s);
    t.std_s = times.size() > 1 ? std::sqrt(squares / (times.size() - 1)) : 0.0;
  }
  return t;
}

std::string run_record_path(int experiment, SearchMode search, const std::string& pattern,
                            Strategy strategy) {
  return "exp" + std::to_string(experiment) + "/" + std::string(search_mode_name(search)) + "/" +
         pattern + "-" + std::string(strategy_name(strategy)) + ".run.json";
}

const std::string_view kExperimentTablesNote =
    "A run counts as solved only when its assembly passes the checker with the referee's "
    "thresholds. k/n: k solved of n runs (Table I: of the runs planned, the paper's of its "
    "patterns; Table II: of the runs recorded). '*': not all planned runs of the cell are "
    "recorded yet; '-': none are.";

std::vector<ExperimentTable> experiment_tables(const std::vector<ExperimentRecord>& records,
                                               const TablePlan& plan) {
  const auto header = [&](const std::string& first, const std::function<std::string(int)>& exp) {
    std::vector<std::string> row{first};
    for (const int e : plan.experiments) {
      row.push_back(exp(e) + " " + std::string(kPaperColumn));
      for (const SearchMode s : plan.searches) row.push_back(exp(e) + " " + search_column_label(s));
    }
    return row;
  };
  const auto exp_name = [](int e) { return "Exp. " + std::to_string(e); };
  std::vector<ExperimentTable> tables;

  // Table I.
  std::vector<std::vector<std::string>> rows{header("strategy", exp_name)};
  for (const Strategy strategy : plan.strategies) {
    std::vector<std::string> row{std::string(strategy_label(strategy))};
    for (const int e : plan.experiments) {
      const ExperimentSpec& spec = paper_experiment(e);
      row.push_back(std::to_string(paper_result(strategy, e).solved) + "/" +
                    std::to_string(spec.last_pattern - spec.first_pattern + 1));
      for (const SearchMode s : plan.searches) {
        const Tally t = tally(records, plan, e, s, {strategy});
        row.push_back(mark(t, std::to_string(t.solved) + "/" + std::to_string(t.planned)));
      }
    }
    rows.push_back(row);
  }
  tables.push_back({"Table I: puzzles solved in each experiment", rows});

  // Table II.
  rows = {{"experiment"}};
  const std::array<std::pair<std::string, std::vector<Strategy>>, 3> groups = {
      {{"all", all_strategies()},
       {"sweep", sweep_strategies()},
       {"DT", {Strategy::DistanceTransform}}}};
  for (const auto& group : groups) {
    rows[0].push_back(group.first + " " + std::string(kPaperColumn));
    for (const SearchMode s : plan.searches)
      rows[0].push_back(group.first + " " + search_column_label(s));
  }
  for (const int e : plan.experiments) {
    std::vector<std::string> row{exp_name(e)};
    for (std::size_t g = 0; g < groups.size(); ++g) {
      int paper_solved = 0;  // Table I's counts, which Table II's percentages round
      for (const Strategy s : groups[g].second) paper_solved += paper_result(s, e).solved;
      const ExperimentSpec& spec = paper_experiment(e);
      const auto paper_runs =
          static_cast<int>(groups[g].second.size()) * (spec.last_pattern - spec.first_pattern + 1);
      row.push_back(table_number(kPaperTable2[e - 1][g], 2) + "% (" + std::to_string(paper_solved) +
                    "/" + std::to_string(paper_runs) + ")");
      for (const SearchMode s : plan.searches) {
        const Tally t = tally(records, plan, e, s, groups[g].second);
        row.push_back(mark(t, percent(t.solved, t.recorded)));
      }
    }
    rows.push_back(row);
  }
  tables.push_back({"Table II: percentage of puzzles solved in each experiment", rows});

  // Table III.
  rows = {header("strategy", exp_name)};
  for (const Strategy strategy : plan.strategies) {
    std::vector<std::string> row{std::string(strategy_label(strategy))};
    for (const int e : plan.experiments) {
      const PaperResult p = paper_result(strategy, e);
      row.push_back(table_number(p.mean_s, 2) + "s (" + table_number(p.std_s, 2) + "s)");
      for (const SearchMode s : plan.searches) {
        const Tally t = tally(records, plan, e, s, {strategy});
        row.push_back(t.solved == 0 ? mark(t, "none solved")
                                    : mark(t, table_number(t.mean_s, 2) + "s (" +
                                                  table_number(t.std_s, 2) + "s)"));
      }
    }
    rows.push_back(row);
  }
  tables.push_back({"Table III: mean time (standard deviation) of the solved runs", rows});
  return tables;
}

std::string tables_markdown(const std::vector<ExperimentRecord>& records, const TablePlan& plan) {
  std::string out;
  for (const ExperimentTable& table : experiment_tables(records, plan))
    out +=
        (out.empty() ? "## " : "\n## ") + table.title + "\n\n" + detail::markdown_table(table.rows);
  return out + "\n" + std::string(kExperimentTablesNote) + "\n";
}

std::string tables_csv(const std::vector<ExperimentRecord>& records, const TablePlan& plan) {
  std::string out = "table,experiment,row,source,value,spread,solved,planned,recorded\n";
  const auto counts = [](const Tally& t) {
    return std::to_string(t.solved) + "," + std::to_string(t.planned) + "," +
           std::to_string(t.recorded);
  };
  for (const int e : plan.experiments)
    for (const Strategy strategy : plan.strategies) {
      const std::string label(strategy_label(strategy));
      out += "I," + std::to_string(e) + "," + label + ",paper," +
             std::to_string(paper_result(strategy, e).solved) + ",,,,\n";
      for (const SearchMode s : plan.searches) {
        const Tally t = tally(records, plan, e, s, {strategy});
        out += "I," + std::to_string(e) + "," + label + "," + search_source(s) + "," +
               (t.recorded ? std::to_string(t.solved) : "") + ",," + counts(t) + "\n";
      }
    }
  const std::array<std::pair<std::string, std::vector<Strategy>>, 3> groups = {
      {{"all", all_strategies()},
       {"sweep", sweep_strategies()},
       {"DT", {Strategy::DistanceTransform}}}};
  for (const int e : plan.experiments)
    for (std::size_t g = 0; g < groups.size(); ++g) {
      out += "II," + std::to_string(e) + "," + groups[g].first + ",paper," +
             table_number(kPaperTable2[e - 1][g], 2) + ",,,,\n";
      for (const SearchMode s : plan.searches) {
        const Tally t = tally(records, plan, e, s, groups[g].second);
        out += "II," + std::to_string(e) + "," + groups[g].first + "," + search_source(s) + "," +
               (t.recorded ? table_number(100.0 * t.solved / t.recorded, 2) : "") + ",," +
               counts(t) + "\n";
      }
    }
  for (const int e : plan.experiments)
    for (const Strategy strategy : plan.strategies) {
      const std::string label(strategy_label(strategy));
      const PaperResult p = paper_result(strategy, e);
      out += "III," + std::to_string(e) + "," + label + ",paper," + table_number(p.mean_s, 2) +
             "," + table_number(p.std_s, 2) + ",,,\n";
      for (const SearchMode s : plan.searches) {
        const Tally t = tally(records, plan, e, s, {strategy});
        out += "III," + std::to_string(e) + "," + label + "," + search_source(s) + "," +
               (t.solved ? table_number(t.mean_s, 3) + "," + table_number(t.std_s, 3)
                         : std::string(",")) +
               "," + counts(t) + "\n";
      }
    }
  return out;
}

const std::string_view kSetTableNote =
    "solved: solvable patterns (those with a ground truth) whose assembly the checker of "
    "'tangram verify' accepts; median and max s: search time of the solvable patterns' runs, "
    "an unsolved run at the time it took; mean coverage: of the solved runs; unsolvable not "
    "solved: patterns without an assembly that no run claimed to solve.";

namespace {

/// The median and the maximum of `times` as two cells ("-" for none).
std::vector<std::string> median_and_max(std::vector<double> times) {
  if (times.empty()) return {"-", "-"};
  std::sort(times.begin(), times.end());
  const std::size_t n = times.size();
  const double median = n % 2 ? times[n / 2] : 0.5 * (times[n / 2 - 1] + times[n / 2]);
  return {detail::fixed(median, 2), detail::fixed(times.back(), 2)};
}

/// The mean of `values` with 4 decimals ("-" for none).
std::string mean_cell(const std::vector<double>& values) {
  double mean = 0.0;
  for (const double v : values) mean += v / double(values.size());
  return values.empty() ? "-" : detail::fixed(mean, 4);
}

}  // namespace

const std::string_view kBatchTableNote =
    "solved: figures whose assembly the checker of 'tangram verify' accepts; rejected: "
    "assemblies the checker refused; not solved: ruled out, stopped by the time limit or the "
    "search exhausted; median and max s: search time of the recorded runs; mean coverage: of "
    "the solved runs.";

std::vector<std::vector<std::string>> batch_table(const std::vector<ExperimentRecord>& records,
                                                  std::size_t planned) {
  int solved = 0, rejected = 0;
  std::vector<double> times, coverages;
  for (const ExperimentRecord& r : records) {
    times.push_back(r.seconds);
    if (r.counts()) {
      ++solved;
      coverages.push_back(r.coverage);
    } else if (r.solved) {
      ++rejected;
    }
  }
  const int recorded = static_cast<int>(records.size());
  std::vector<std::string> row{std::to_string(planned), std::to_string(solved),
                               std::to_string(rejected),
                               std::to_string(recorded - solved - rejected),
                               std::to_string(static_cast<int>(planned) - recorded)};
  for (std::string& cell : median_and_max(times)) row.push_back(std::move(cell));
  row.push_back(mean_cell(coverages));
  return {{"figures", "solved", "rejected", "not solved", "not run yet", "median s", "max s",
           "mean coverage"},
          row};
}

std::vector<std::vector<std::string>> set_table(const std::vector<SetRun>& runs,
                                                const std::vector<std::string>& sets) {
  std::vector<std::vector<std::string>> rows{{"set", "solved", "median s", "max s", "mean coverage",
                                              "unsolvable not solved", "unsolvable max s"}};
  for (const std::string& set : sets) {
    std::vector<double> times, coverages;
    int solvable = 0, solved = 0, unsolvable = 0, not_claimed = 0;
    double unsolvable_max = -1.0;
    for (const SetRun& run : runs) {
      if (run.set != set) continue;
      if (!run.solvable) {
        ++unsolvable;
        not_claimed += run.record.counts() ? 0 : 1;
        unsolvable_max = std::max(unsolvable_max, run.record.seconds);
        continue;
      }
      ++solvable;
      times.push_back(run.record.seconds);
      if (run.record.counts()) {
        ++solved;
        coverages.push_back(run.record.coverage);
      }
    }
    std::vector<std::string> row{
        set, solvable ? std::to_string(solved) + "/" + std::to_string(solvable) : "-"};
    for (std::string& cell : median_and_max(times)) row.push_back(std::move(cell));
    row.push_back(mean_cell(coverages));
    row.push_back(unsolvable ? std::to_string(not_claimed) + "/" + std::to_string(unsolvable)
                             : "-");
    row.push_back(unsolvable ? detail::fixed(unsolvable_max, 2) : "-");
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace tangram
