// `tangram compare`: solves several patterns with several placement strategies, checks every
// result with the project's checker and prints a side-by-side table; optionally writes a results
// directory (runs.csv as in results.hpp, every solution and its picture) and a montage.

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>

#include <opencv2/imgproc.hpp>

#include "commands.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/core/raster/placement.hpp"
#include "tangram/core/solve/solve.hpp"
#include "tangram/io/documents.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/pattern_png.hpp"
#include "tangram/io/picture.hpp"
#include "tangram/io/png.hpp"
#include "tangram/io/solve_silhouette.hpp"
#include "tangram/io/svg.hpp"
#include "tangram/lab/detail/text.hpp"
#include "tangram/lab/results.hpp"

namespace tangram::cli {

namespace {

namespace fs = std::filesystem;

/// Montage geometry, in pixels: the side of a square cell, the margin between a cell's border
/// and its picture (room for the 3 px red border of unsolved runs), the header row's height,
/// the height of a cell's two caption lines under its picture.
constexpr int kCellPx = 200;
constexpr int kCellMarginPx = 6;
constexpr int kHeaderPx = 32;
constexpr int kCaptionPx = 36;
constexpr int kFont = cv::FONT_HERSHEY_SIMPLEX;
constexpr double kFontScale = 0.5;

/// One input pattern.
struct Input {
  std::string path;  ///< as typed
  std::string stem;  ///< file name without extension, made unique among the inputs
  Pattern pattern;   ///< full resolution, the original's frame: what runs are judged on
  Silhouette read;   ///< how the picture was read; read.working is what the strategies solve
};

/// One pattern solved with one strategy.
struct Run {
  Solution solution;
  bool measured = false;  ///< `report` holds measurements (the solution has pieces)
  VerifyReport report;
  /// Solved by the search and accepted by the checker.
  bool ok() const { return solution.solved && report.valid; }
  /// How the run ended: Invalid when the checker rejected the search's assembly.
  Outcome outcome() const {
    return solution.solved && !report.valid ? Outcome::Invalid : outcome_of(solution);
  }
  /// The caption of its picture.
  PictureCaption caption(const SolverConfig& config) const {
    PictureCaption caption = outcome() == Outcome::Invalid
                                 ? rejected_caption(solution, config, report)
                                 : solution_caption(solution, config);
    caption.coverage = metrics().coverage;
    return caption;
  }
  /// Coverage, overlap and spill: the checker's when measured, else the search's.
  AreaMetrics metrics() const {
    if (measured) return report.metrics;
    return AreaMetrics{solution.stats.coverage, solution.stats.spill, solution.stats.overlap};
  }
};

/// One column of the comparison: a search with a placement strategy (the vertex search, which
/// uses none, gets one column; its records name the default strategy).
struct Column {
  SearchMode search = SearchMode::Ours;
  Strategy strategy = Strategy::DistanceTransform;
  std::string label;  ///< the table's and the montage's header
  std::string tag;    ///< in the run's file names: <pattern-stem>-<tag>.json
  SolverConfig config;
};

/// Markdown table: one row per pattern, one column per Column.
std::string compare_table(const std::vector<Input>& inputs, const std::vector<Column>& columns,
                          const std::vector<std::vector<Run>>& runs) {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> header{"pattern"};
  for (const Column& column : columns) header.push_back(column.label);
  rows.push_back(header);
  for (std::size_t p = 0; p < inputs.size(); ++p) {
    std::vector<std::string> row{fs::path(inputs[p].path).filename().string()};
    for (const Run& run : runs[p]) {
      const SolveStats& s = run.solution.stats;
      if (run.ok())
        row.push_back("yes " + fixed(s.seconds, 2) + "s cov " +
                      fixed(run.report.metrics.coverage, 3) + " bt " +
                      std::to_string(s.backtracks));
      else if (run.solution.solved)  // the search's assembly, rejected by the checker
        row.push_back("invalid " + fixed(s.seconds, 2) + "s");
      else
        row.push_back("no " + fixed(s.seconds, 1) + "s");
    }
    rows.push_back(row);
  }
  return detail::markdown_table(rows);
}

/// The runs.csv row of one run; `out` is the results directory, which names the pattern as
/// results_path() does; the solution and picture are files in `out`.
RunRecord run_record(const Run& run, const Input& input, const Column& column,
                     const std::string& out, const std::string& json, const std::string& picture) {
  const SolveStats& s = run.solution.stats;
  const AreaMetrics m = run.metrics();
  RunRecord record;
  record.experiment = "compare";
  record.search = search_mode_name(column.search);
  record.pattern = results_path(input.path, out);
  record.strategy = std::string(strategy_name(column.strategy));
  record.solved = run.solution.solved;
  record.valid = run.report.valid;
  record.seconds = s.seconds;
  record.placements = s.placements_tried;
  record.backtracks = s.backtracks;
  record.coverage = m.coverage;
  record.overlap = m.overlap;
  record.spill = m.spill;
  record.solution = json;
  record.picture = picture;
  record.outcome = run.outcome();
  return record;
}

/// `text` centred vertically at `y_centre`, starting at x = `x`, in `colour` (black).
void put_label(cv::Mat3b& image, const std::string& text, int x, int y_centre,
               const cv::Scalar& colour = cv::Scalar(0, 0, 0), double font_scale = kFontScale) {
  int baseline = 0;
  const cv::Size size = cv::getTextSize(text, kFont, font_scale, 1, &baseline);
  cv::putText(image, text, cv::Point(x, y_centre + size.height / 2), kFont, font_scale, colour, 1,
              cv::LINE_AA);
}

/// The two caption lines of a montage cell: "solved" and its coverage, or "NOT SOLVED" (or
/// "INVALID") and the reason in a few words (outcome_short_reason(), the time limit's
/// seconds added).
std::array<std::string, 2> cell_caption(const Run& run, double time_limit_s) {
  const Outcome outcome = run.outcome();
  if (outcome == Outcome::Solved)
    return {outcome_headline(outcome), "coverage " + fixed(run.metrics().coverage, 3)};
  return {outcome_headline(outcome),
          outcome_short_reason(outcome) +
              (outcome == Outcome::TimeLimit ? " of " + general(time_limit_s) + " s" : "")};
}

/// Rows = patterns, columns = the Columns, a header row of their labels and a left column of
/// pattern names; each cell the assembly with two caption lines under it (cell_caption()),
/// unsolved (or rejected) runs framed in red; under the grid the legend of the set, whose
/// colours are the same in every cell.
cv::Mat3b montage(const std::vector<Input>& inputs, const std::vector<Column>& columns,
                  const std::vector<std::vector<Run>>& runs, const SolverConfig& config) {
  const PieceSet& set = config.pieces;
  int label_px = 80;
  for (const Input& input : inputs) {
    int baseline = 0;
    label_px =
        std::max(label_px, cv::getTextSize(input.stem, kFont, kFontScale, 1, &baseline).width + 16);
  }
  const int cols = int(columns.size());
  const int rows = int(inputs.size());
  const int row_px = kCellPx + kCaptionPx;
  const cv::Mat3b legend = render_legend(set, label_px + cols * kCellPx, kFontScale);
  cv::Mat3b image(kHeaderPx + rows * row_px + legend.rows, label_px + cols * kCellPx,
                  cv::Vec3b(255, 255, 255));
  for (int k = 0; k < cols; ++k) {
    // Plain ASCII for OpenCV's font: the inverse spiral is "S^-1".
    const std::string& label = columns[static_cast<std::size_t>(k)].label;
    int baseline = 0;
    const int w = cv::getTextSize(label, kFont, kFontScale, 1, &baseline).width;
    put_label(image, label, label_px + k * kCellPx + (kCellPx - w) / 2, kHeaderPx / 2);
  }
  for (int p = 0; p < rows; ++p) {
    put_label(image, inputs[p].stem, 8, kHeaderPx + p * row_px + kCellPx / 2);
    for (int k = 0; k < cols; ++k) {
      const Run& run = runs[p][k];
      const cv::Rect rect(label_px + k * kCellPx, kHeaderPx + p * row_px, kCellPx, row_px);
      fit_picture(render_assembly(inputs[p].pattern, run.solution.pieces, set, 1), kCellPx,
                  kCellMarginPx)
          .copyTo(image(cv::Rect(rect.x, rect.y, kCellPx, kCellPx)));
      const std::array<std::string, 2> caption = cell_caption(run, config.search.time_limit_s);
      const cv::Scalar colour = run.ok() ? cv::Scalar(40, 110, 30) : cv::Scalar(30, 30, 200);
      const int x = rect.x + kCellMarginPx + 4;
      put_label(image, caption[0], x, rect.y + kCellPx + kCaptionPx / 4 - 4, colour);
      put_label(image, caption[1], x, rect.y + kCellPx + 3 * kCaptionPx / 4 - 6,
                cv::Scalar(60, 60, 60), 0.45);
      if (run.ok())
        cv::rectangle(image, rect, cv::Scalar(200, 200, 200), 1);
      else
        cv::rectangle(image, cv::Rect(rect.x + 1, rect.y + 1, rect.width - 2, rect.height - 2),
                      cv::Scalar(0, 0, 255), 3);
    }
  }
  legend.copyTo(image(cv::Rect(0, kHeaderPx + rows * row_px, legend.cols, legend.rows)));
  return image;
}

}  // namespace

namespace {

/// The columns of a comparison: for each search, one per strategy (the vertex search: one).
/// Labels and file tags name the search only when several raster searches are compared.
std::vector<Column> compare_columns(const CompareOptions& options) {
  const std::vector<Strategy> strategies = parse_strategies(options.strategies);
  const std::vector<SearchMode> searches =
      options.searches.empty() ? parse_searches("--search", options.solve.search, true)
                               : parse_searches("--searches", options.searches, true);
  const long raster = std::count_if(searches.begin(), searches.end(),
                                    [](SearchMode m) { return m != SearchMode::Vertex; });
  std::vector<Column> columns;
  for (const SearchMode search : searches) {
    const std::string name(search_mode_name(search));
    for (const Strategy strategy : strategies) {
      Column column;
      column.search = search;
      column.strategy = search == SearchMode::Vertex ? SolverConfig{}.placement.strategy : strategy;
      const std::string strategy_text(strategy_name(strategy));
      column.label = search == SearchMode::Vertex ? name
                     : raster > 1 ? name + " " + std::string(strategy_label(strategy))
                                  : std::string(strategy_label(strategy));
      column.tag = search == SearchMode::Vertex ? name
                   : raster > 1                 ? name + "-" + strategy_text
                                                : strategy_text;
      SolveOptions run_options = options.solve;
      run_options.strategy = std::string(strategy_name(column.strategy));
      run_options.search = name;
      column.config = solver_config(run_options);
      // Strategies are compared on the raster search, the one that uses them: the exact
      // searches first (search.hpp) would solve a figure whatever the strategy.
      column.config.search.grid_search = false;
      validate_config(column.config);
      columns.push_back(std::move(column));
      if (search == SearchMode::Vertex) break;  // no strategy: one column
    }
  }
  return columns;
}

}  // namespace

std::vector<SearchMode> parse_searches(const std::string& option, const std::string& text,
                                       bool vertex) {
  std::vector<SearchMode> searches;
  std::stringstream in(text);
  for (std::string name; std::getline(in, name, ',');) {
    const auto mode = search_mode_from_name(name);
    if (!mode || (!vertex && *mode == SearchMode::Vertex))
      throw UsageError(option + ": unknown search '" + name + "' (choose " +
                       (vertex ? "a comma-separated list of ours, paper and vertex"
                               : "paper, ours or paper,ours") +
                       ")");
    if (std::find(searches.begin(), searches.end(), *mode) == searches.end())
      searches.push_back(*mode);
  }
  if (searches.empty()) throw UsageError(option + ": no search named");
  return searches;
}

std::vector<Strategy> parse_strategies(const std::string& text) {
  if (text == "all") return all_strategies();
  std::vector<Strategy> strategies;
  std::stringstream in(text);
  std::string name;
  while (std::getline(in, name, ',')) {
    const auto blank = [](unsigned char c) { return std::isspace(c) != 0; };
    name.erase(name.begin(), std::find_if_not(name.begin(), name.end(), blank));
    name.erase(std::find_if_not(name.rbegin(), name.rend(), blank).base(), name.end());
    const auto strategy = strategy_from_name(name);
    if (!strategy)
      throw UsageError("--strategies: unknown strategy '" + name +
                       "' (choose all or a comma-separated list of " + strategy_choices() + ")");
    if (std::find(strategies.begin(), strategies.end(), *strategy) == strategies.end())
      strategies.push_back(*strategy);
  }
  if (strategies.empty() || text.back() == ',')
    throw UsageError("--strategies: empty strategy name in '" + text + "'");
  return strategies;
}

CLI::App* setup_compare(CLI::App& app, CompareOptions& options) {
  options.strategies = "all";
  SolveOptions& o = options.solve;

  CLI::App* cmd = app.add_subcommand(
      "compare",
      wrap("Solve several silhouettes with several placement strategies (and, with "
           "--searches, several searches), side by side: the raster searches without the "
           "exact searches first, since those would solve a figure whatever the "
           "strategy; the vertex search in a column of its own."));
  cmd->add_option("PATTERN", options.patterns,
                  wrap("Silhouette pictures, in any format 'tangram solve' reads; - is standard "
                       "input (once). All are loaded before the first search."))
      ->required()
      ->type_name("IMAGE");
  cmd->add_option("--strategies", options.strategies,
                  wrap("Placement strategies: all, or a comma-separated list of " +
                       strategy_choices() + ". Default: all."))
      ->type_name("all|LIST");
  cmd->add_option("--searches", options.searches,
                  wrap("Searches side by side: a comma-separated list of ours, paper and vertex "
                       "(the vertex search, which uses no strategy, gets one column). Default: "
                       "the --search value alone."))
      ->type_name("LIST");
  add_input_options(*cmd, o);
  add_search_options(*cmd, o);
  cmd->add_option("--time-limit", o.time_limit_s,
                  wrap("Give up each run (not solved) after SEC seconds of solving. Default: " +
                       general(o.time_limit_s) + "."))
      ->type_name("SEC");
  cmd->add_option("--threads", o.threads,
                  wrap("Worker threads of each run (runs go one after the other), 0 = all "
                       "cores; the results do not depend on it. Default: " +
                       std::to_string(o.threads) + "."))
      ->type_name("N");
  CLI::Option* out =
      cmd->add_option("-o,--out", options.out_dir,
                      wrap("Directory (created if missing) for runs.csv (one row per run, the "
                           "results format that 'tangram report' reads; paths relative to DIR, a "
                           "pattern outside DIR absolute), "
                           "each run's solution as <pattern-stem>-<strategy>.json and its picture "
                           "as <pattern-stem>-<strategy>.png (also for unsolved runs: the partial "
                           "assembly; a caption and the pieces' legend below it), montage.png "
                           "(rows = patterns, columns = strategies, each cell captioned, unsolved "
                           "runs framed in red, the legend below) and settings.json (the settings, "
                           "the command line, commit, machine and date, for 'tangram report'). "
                           "Default: none, only the table."))
          ->type_name("DIR");
  cmd->add_flag("--svg", options.svg,
                wrap("With --out: each run's picture as SVG too, <pattern-stem>-<strategy>.svg "
                     "next to its PNG: the silhouette and the pieces as exact vectors, coloured "
                     "and named as in the PNG (see 'tangram solve --svg')."))
      ->needs(out);
  add_limit_options(*cmd, o.limits, true, false);
  cmd->footer(wrap(
      "Every pattern is solved with every strategy, one run after the other; a run counts as "
      "solved when the search solved it and the checker of 'tangram verify' accepts it. "
      "Progress goes to stderr, one line per run; a Markdown table goes to stdout, one row per "
      "pattern: 'yes TIME cov COVERAGE bt BACKTRACKS', 'no TIME', or 'invalid TIME' (solved "
      "but rejected by the checker). Outputs are written atomically.\n"
      "Exit status: 0 every run was done, whatever was solved; 2 bad or over-limit input, bad "
      "option or "
      "output not writable; 3 internal error.",
      90));
  return cmd;
}

/// What settings.json records of a compare run.
ResultsSettings compare_settings(const CompareOptions& options, const std::vector<Column>& columns,
                                 const Invocation& invocation) {
  const SolverConfig& config = columns.front().config;
  ResultsSettings settings;
  settings.made_by = "compare";
  settings.time_limit_s = config.search.time_limit_s;
  settings.rotations.push_back(
      {"", config.search.rotation_step_deg, config.search.reflection, config.search.rotation_auto});
  for (const Column& column : columns) {
    const std::string search(search_mode_name(column.search));
    const std::string strategy(strategy_name(column.strategy));
    if (std::find(settings.searches.begin(), settings.searches.end(), search) ==
        settings.searches.end())
      settings.searches.push_back(search);
    if (std::find(settings.strategies.begin(), settings.strategies.end(), strategy) ==
        settings.strategies.end())
      settings.strategies.push_back(strategy);
  }
  settings.threads = options.solve.threads;
  settings.jobs = 1;  // one run after the other
  settings.piece_set = config.pieces.name();
  settings.pieces = piece_labels(config.pieces);
  settings.invocations.push_back(invocation);
  return settings;
}

int run_compare(const CompareOptions& options) {
  const Invocation invocation = this_invocation();  // when it started
  // Options first, then inputs, then outputs: nothing is created for a command that fails.
  const std::vector<Column> columns = compare_columns(options);
  const InputConfig input_settings =
      read_for_set(input_config(options.solve), columns.front().config.pieces);

  const std::string& out = options.out_dir;
  if (!out.empty()) {
    for (const std::string& pattern : options.patterns)
      if (same_file(out, pattern))
        throw UsageError("--out " + out + " is the input pattern " + pattern +
                         ": choose a directory");
    std::error_code ec;
    if (fs::exists(out, ec) && !fs::is_directory(out, ec))
      throw OutputError("cannot write to --out " + out + ": not a directory");
  }

  std::vector<Input> inputs;
  std::map<std::string, int> stem_count;
  for (const std::string& path : options.patterns) {
    Silhouette read = load_silhouette(path, input_settings, options.solve.limits);
    print_input_report(read.report, false, pattern_file_name(path) + ": ");
    Input input{path, path == "-" ? "stdin" : fs::path(path).stem().string(), read.pattern,
                std::move(read)};
    const int seen = stem_count[input.stem]++;
    if (seen > 0) input.stem += "-" + std::to_string(seen + 1);
    inputs.push_back(std::move(input));
  }

  const auto out_file = [&](const std::string& name) { return (fs::path(out) / name).string(); };
  const auto file_name = [&](const Input& input, const Column& column, const char* extension) {
    return input.stem + "-" + column.tag + extension;
  };
  if (!out.empty()) {
    std::vector<std::string> names{"runs.csv", "montage.png", std::string(kSettingsFile)};
    for (const Input& input : inputs)
      for (const Column& column : columns) {
        names.push_back(file_name(input, column, ".json"));
        names.push_back(file_name(input, column, ".png"));
        if (options.svg) names.push_back(file_name(input, column, ".svg"));
      }
    for (const std::string& name : names)
      for (const Input& input : inputs)
        if (same_file(out_file(name), input.path))
          throw UsageError("--out " + out + ": " + name + " would overwrite the input pattern " +
                           input.path + ": choose another directory");
    std::error_code ec;
    fs::create_directories(out, ec);
    if (ec) throw OutputError("cannot create --out directory " + out + ": " + ec.message());
  }

  const std::size_t total = inputs.size() * columns.size();
  std::size_t done = 0;
  std::vector<std::vector<Run>> runs(inputs.size());
  std::vector<RunRecord> records;
  for (std::size_t p = 0; p < inputs.size(); ++p) {
    for (const Column& column : columns) {
      const SolverConfig& config = column.config;
      Run run;
      run.solution = solve_silhouette(inputs[p].read, config).solution;
      if (!run.solution.pieces.empty()) {
        run.report = verify_solution(inputs[p].pattern, run.solution.pieces, config.pieces);
        run.measured = true;
      }
      std::cerr << "[" << ++done << "/" << total << "] " << inputs[p].path << " " << column.tag
                << ": "
                << (run.ok()              ? "solved"
                    : run.solution.solved ? "not solved (rejected by the checker)"
                                          : "not solved")
                << " in " << fixed(run.solution.stats.seconds, 2) << " s" << std::endl;
      if (!out.empty()) {
        const std::string json = file_name(inputs[p], column, ".json");
        const std::string picture = file_name(inputs[p], column, ".png");
        write_text_atomic(out_file(json), solution_to_json(run.solution, config.pieces,
                                                           inputs[p].path, true, input_settings));
        write_png_atomic(out_file(picture), render_solution(inputs[p].pattern, run.solution,
                                                            config.pieces, run.caption(config), 1));
        if (options.svg) {
          SvgConfig svg;
          svg.scale = 1;  // as the PNG
          svg.title = pattern_file_name(inputs[p].path) + ", " +
                      (column.search == SearchMode::Vertex
                           ? std::string("the vertex search")
                           : "strategy " + std::string(strategy_name(column.strategy)));
          svg.caption = run.caption(config);
          write_text_atomic(
              out_file(file_name(inputs[p], column, ".svg")),
              assembly_svg(inputs[p].pattern, run.solution.pieces, config.pieces, svg));
        }
        records.push_back(run_record(run, inputs[p], column, out, json, picture));
      }
      runs[p].push_back(std::move(run));
    }
  }

  std::cout << compare_table(inputs, columns, runs) << std::flush;
  if (!out.empty()) {
    write_text_atomic(out_file("runs.csv"), runs_csv(records));
    write_text_atomic(out_file(std::string(kSettingsFile)),
                      settings_to_json(compare_settings(options, columns, invocation)));
    write_png_atomic(out_file("montage.png"),
                     montage(inputs, columns, runs, columns.front().config));
  }
  return kExitOk;
}

}  // namespace tangram::cli
