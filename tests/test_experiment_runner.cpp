// The experiment runner without the command line: planning a tiny pattern directory, running
// it, resuming without redoing recorded runs, each run as the solver gives it on the pattern as
// the referee reads it (also one with a wide margin, which is not cropped), and its errors
// naming the config's fields.

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "checks.hpp"
#include "patterns.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/core/solve/solve.hpp"
#include "tangram/io/damaged.hpp"
#include "tangram/io/documents.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/pattern_png.hpp"
#include "tangram/io/png.hpp"
#include "tangram/lab/experiment_runner.hpp"
#include "temp_dir.hpp"

namespace {

using tangram::test::kMasks;

using namespace tangram;
namespace fs = std::filesystem;

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

/// A masks directory in `dir` with 01-house.png and 02-hole.png (masks/03 and 02, solved in
/// well under a second each with 45 degree steps), and 03-wide.png: masks/02 with 40 px more
/// white on every side, a margin wider than the working raster's crop keeps (kWorkMarginPx).
fs::path tiny_masks(const test::TempDir& dir) {
  const fs::path masks = dir.path() / "masks";
  fs::create_directories(masks);
  fs::copy_file(kMasks + "03-page5-219.png", masks / "01-house.png");
  fs::copy_file(kMasks + "02-page9-11.png", masks / "02-hole.png");
  const cv::Mat image = decode_png(read_text(kMasks + "02-page9-11.png"), 1'000'000);
  cv::Mat wide;
  cv::copyMakeBorder(image, wide, 40, 40, 40, 40, cv::BORDER_CONSTANT, cv::Scalar::all(255));
  write_png_atomic((masks / "03-wide.png").string(), wide);
  return masks;
}

ExperimentConfig tiny_config(const test::TempDir& dir) {
  ExperimentConfig config;
  config.experiments = {2};
  config.masks_dir = tiny_masks(dir).string();
  config.out_dir = dir.file("out");
  config.patterns = PatternRange{1, 2};
  config.strategies = {Strategy::BottomLeft, Strategy::DistanceTransform};
  config.time_limit_s = 30.0;
  config.jobs = 2;
  config.invocation.command = "tangram experiment 2 (test)";
  return config;
}

/// The message of the tangram::Error thrown by `f`, as the library spells it.
template <typename F>
std::string error_of(F&& f) {
  return test::thrown_message<Error>(f);
}

}  // namespace

TEST_CASE(
    "experiment runner: a tiny directory planned, run in parallel, and resumed without "
    "redoing the recorded runs") {
  const test::TempDir dir("runner");
  const ExperimentConfig config = tiny_config(dir);
  ExperimentPlan plan = plan_experiment(config);
  REQUIRE(plan.runs.size() == 2 * 2 * 2);  // patterns x searches x strategies
  CHECK(plan.todo.size() == 8);
  CHECK(plan.recorded() == 0);
  CHECK(plan.workers == 2);
  CHECK(plan.warnings.empty());
  CHECK(plan.patterns.size() == 2);
  CHECK(plan.tables.experiments == std::vector<int>{2});
  CHECK(plan.tables.patterns == std::vector<int>{2});
  CHECK_FALSE(fs::exists(config.out_dir));  // planning writes nothing
  const PlannedRun& first = plan.runs[0];
  CHECK(first.pattern == "01-house");
  CHECK(first.search == SearchMode::Paper);
  CHECK(first.strategy == Strategy::BottomLeft);
  CHECK(first.spec.rotation_step_deg == 45.0);
  CHECK(first.record_path() ==
        fs::path(config.out_dir) /
            run_record_path(2, SearchMode::Paper, "01-house", Strategy::BottomLeft));

  int started = 0, recorded = 0, last_ticks = 0;
  ExperimentObserver observer;
  observer.started = [&]() {
    ++started;
    CHECK(fs::is_directory(fs::path(config.out_dir) / "exp2" / "ours"));
  };
  observer.recorded = [&](const PlannedRun& run, const ExperimentRecord& record,
                          const ExperimentProgress& progress) {
    ++recorded;
    CHECK(fs::exists(run.record_path()));
    CHECK(record.pattern == run.pattern);
    CHECK(progress.done == static_cast<std::size_t>(recorded));
    CHECK(progress.total == 8);
    CHECK(progress.eta_s().has_value());
  };
  observer.tick = [&](const ExperimentProgress& progress, bool last) {
    if (!last) return;
    ++last_ticks;
    CHECK(progress.done == 8);
    CHECK(progress.running == 0);
  };
  run_experiment(plan, observer);
  CHECK(started == 1);
  CHECK(recorded == 8);
  CHECK(last_ticks == 1);
  CHECK(plan.recorded() == 8);
  for (std::size_t i = 0; i < plan.runs.size(); ++i) {
    CAPTURE(plan.runs[i].name());
    REQUIRE(plan.records[i]);
    CHECK(plan.records[i]->experiment == 2);
    CHECK(plan.records[i]->search == plan.runs[i].search);
    CHECK(fs::exists(plan.runs[i].solution_path()));
    CHECK(fs::exists(plan.runs[i].picture_path()));
    CHECK(read_text(plan.runs[i].record_path()) == record_to_json(*plan.records[i]));
  }
  const std::string tables = write_experiment_tables(plan);
  CHECK(tables == read_text(fs::path(config.out_dir) / "tables.md"));
  const std::string csv = read_text(fs::path(config.out_dir) / "runs.csv");
  CHECK(std::count(csv.begin(), csv.end(), '\n') == 9);
  // The pattern lies outside the results folder: its absolute path, not "../masks/...".
  const std::string house =
      (fs::absolute(config.masks_dir) / "01-house.png").lexically_normal().generic_string();
  CHECK(csv.find("\n2,paper," + house + ",bl,") != std::string::npos);
  CHECK(csv.find(",exp2/ours/02-hole-dt.json,exp2/ours/02-hole-dt.png,solved\n") !=
        std::string::npos);

  // The settings: in settings.json (with the command), at the top of tables.md and tables.csv.
  const ResultsSettings settings =
      settings_from_json(read_text(fs::path(config.out_dir) / "settings.json"));
  CHECK(settings.made_by == "experiment");
  CHECK(settings.time_limit_s == 30.0);
  REQUIRE(settings.rotations.size() == 1);
  CHECK(settings.rotations[0].scope == "experiment 2");
  CHECK(settings.rotations[0].step_deg == 45.0);
  CHECK(settings.rotations[0].reflection);
  CHECK(settings.searches == std::vector<std::string>{"paper", "ours"});
  CHECK(settings.strategies == std::vector<std::string>{"bl", "dt"});
  CHECK(settings.threads == 1);
  CHECK(settings.jobs == 2);
  CHECK(settings.piece_set == "tangram");
  CHECK(settings.pieces.size() == 7);
  REQUIRE(settings.invocations.size() == 1);
  CHECK(settings.invocations[0].command == "tangram experiment 2 (test)");
  CHECK(tables.rfind("## Settings\n\n| setting", 0) == 0);
  CHECK(tables.find("| time limit    | 30 s per run") != std::string::npos);
  CHECK(tables.find("| rotation step | experiment 2: 45 deg, mirroring") != std::string::npos);
  CHECK(tables.find("| command       | tangram experiment 2 (test)") != std::string::npos);
  CHECK(tables.find("\n## Table I") != std::string::npos);
  const std::string tables_csv_text = read_text(fs::path(config.out_dir) / "tables.csv");
  CHECK(tables_csv_text.find("\nsettings,,time limit,,30 s per run,,,,\n") != std::string::npos);
  CHECK(tables_csv_text.find("\nsettings,,strategies,,\"BL, DT\",,,,\n") != std::string::npos);

  // Planned again: everything is recorded, the records as they were written.
  const ExperimentPlan again = plan_experiment(config);
  CHECK(again.todo.empty());
  CHECK(again.recorded() == 8);
  CHECK(again.patterns.empty());  // no run to do, no pattern read
  CHECK(record_to_json(*again.records[5]) == record_to_json(*plan.records[5]));

  // One record lost, one corrupt: the corrupt one is refused, the folder left as it was; with
  // repair its run's files are moved aside, and those two runs only are done again;
  // tables_only does none.
  fs::remove(plan.runs[1].record_path());
  test::write_file(plan.runs[6].record_path().string(), "{\"format\": \"tangram-run/1\"");
  ExperimentConfig second = config;
  second.invocation.command = "tangram experiment 2 (resumed)";
  const std::vector<std::string> before = test::files_under(config.out_dir);
  CHECK_THROWS_AS(plan_experiment(second), DamagedStoreError);
  CHECK(error_of([&] {
          plan_experiment(second);
        }).find(plan.runs[6].record_path().string() + ": ") == 0);
  CHECK(test::files_under(config.out_dir) == before);
  second.repair = true;
  ExperimentPlan resumed = plan_experiment(second);
  CHECK(resumed.todo == std::vector<std::size_t>{1, 6});
  REQUIRE(resumed.damaged.size() == 1);
  CHECK(resumed.damaged[0].file == plan.runs[6].record_path());
  CHECK(resumed.aside.size() == 3);  // the run's record, solution and picture
  CHECK(resumed.warnings.empty());
  CHECK(resumed.patterns.size() == 2);
  ExperimentConfig tables_only = second;
  tables_only.tables_only = true;
  CHECK(plan_experiment(tables_only).todo.empty());
  run_experiment(resumed);
  CHECK(resumed.aside.empty());
  CHECK(resumed.recorded() == 8);
  std::vector<fs::path> aside_folders;
  for (const auto& entry : fs::directory_iterator(config.out_dir))
    if (is_damaged_folder(entry.path().filename().string())) aside_folders.push_back(entry.path());
  REQUIRE(aside_folders.size() == 1);
  CHECK(read_text(aside_folders[0] / fs::relative(plan.runs[6].record_path(), config.out_dir)) ==
        "{\"format\": \"tangram-run/1\"");
  // The resumed runs' command is recorded after the first one's.
  const ResultsSettings both =
      settings_from_json(read_text(fs::path(config.out_dir) / "settings.json"));
  REQUIRE(both.invocations.size() == 2);
  CHECK(both.invocations[1].command == "tangram experiment 2 (resumed)");
  CHECK(resumed.records[1]->placements == plan.records[1]->placements);
  CHECK(resumed.records[6]->backtracks == plan.records[6]->backtracks);
  CHECK(plan_experiment(config).todo.empty());

  // Records made with another time limit are not mixed with new ones.
  ExperimentConfig longer = config;
  longer.time_limit_s = 31.0;
  CHECK(error_of([&] { plan_experiment(longer); }) ==
        "out_dir = " + config.out_dir + " holds runs recorded with time_limit_s = 30 (" +
            plan.runs[0].record_path().string() +
            "); use that limit to continue them, or another out_dir");
}

TEST_CASE(
    "experiment runner: a run is the solver's on the referee's reading of the whole "
    "picture, not cropped") {
  const test::TempDir dir("runner-wide");
  ExperimentConfig config = tiny_config(dir);
  config.experiments = {3};
  config.patterns = PatternRange{3, 3};
  config.strategies = {Strategy::Spiral};
  config.searches = {SearchMode::Paper};
  ExperimentPlan plan = plan_experiment(config);
  REQUIRE(plan.runs.size() == 1);
  const fs::path file = plan.runs[0].pattern_file;
  // The usual reading would crop this picture's margin.
  CHECK(load_silhouette_png(file.string(), InputConfig::referee_reading()).report.work_offset !=
        cv::Point(0, 0));
  run_experiment(plan);
  const ExperimentRecord& record = *plan.records[0];

  SolverConfig solver;
  solver.placement.strategy = Strategy::Spiral;
  solver.search.mode = SearchMode::Paper;
  solver.search.rotation_step_deg = 45.0;
  solver.search.reflection = false;
  solver.search.time_limit_s = 30.0;
  solver.search.threads = 1;
  Solution expected = solve(load_pattern_png(file.string()), solver);
  CHECK(record.solved == expected.solved);
  CHECK(record.placements == expected.stats.placements_tried);
  CHECK(record.backtracks == expected.stats.backtracks);
  // The record as it reads back from its file: 6 decimals.
  CHECK(record.coverage == doctest::Approx(verify_solution(load_pattern_png(file.string()),
                                                           expected.pieces, PieceSet::tangram())
                                               .metrics.coverage)
                               .epsilon(1e-5));
  Solution written = read_solution_json(plan.runs[0].solution_path().string());
  written.stats.seconds = expected.stats.seconds = 0.0;
  written.stats.refine_seconds = expected.stats.refine_seconds = 0.0;  // times vary
  CHECK(solution_to_json(written, PieceSet::tangram(), "p") ==
        solution_to_json(expected, PieceSet::tangram(), "p"));
}

TEST_CASE("experiment runner: errors name the config's fields, and a failed run names itself") {
  const test::TempDir dir("runner-errors");
  const ExperimentConfig good = tiny_config(dir);
  ExperimentConfig config = good;
  config.jobs = 300;
  CHECK(error_of([&] { plan_experiment(config); }) ==
        "jobs must be 0 (one per core) or 1..256, got 300");
  config = good;
  config.threads = 0;
  CHECK(error_of([&] { plan_experiment(config); }) == "threads must be 1..1024, got 0");
  config = good;
  config.time_limit_s = 0.0;
  CHECK(error_of([&] { plan_experiment(config); }) == "time_limit_s must be positive, got 0");
  config = good;
  config.experiments = {4};
  CHECK_THROWS_AS(plan_experiment(config), UsageError);
  config = good;
  config.patterns = PatternRange{40, 50};
  CHECK(error_of([&] { plan_experiment(config); }) ==
        "patterns = 40-50 leaves no pattern in experiment 2 (patterns 1-18)");
  config = good;
  config.patterns.reset();
  CHECK(error_of([&] { plan_experiment(config); }) ==
        "masks_dir = " + good.masks_dir +
            " has no pattern 04-*.png, which experiment 2 uses (restrict with patterns)");
  config = good;
  config.masks_dir = dir.file("nowhere");
  CHECK(error_of([&] { plan_experiment(config); }) ==
        "masks_dir = " + config.masks_dir + ": not a directory");
  config = good;
  config.out_dir = good.masks_dir;
  CHECK(error_of([&] { plan_experiment(config); }) ==
        "out_dir = " + good.masks_dir + " is the masks_dir directory: choose another");
  CHECK_FALSE(fs::exists(good.out_dir));

  // A run whose solution cannot be written stops the experiment, naming the run's file once.
  config = good;
  config.strategies = {Strategy::BottomLeft};
  config.searches = {SearchMode::Ours};
  config.patterns = PatternRange{2, 2};
  ExperimentPlan plan = plan_experiment(config);
  REQUIRE(plan.runs.size() == 1);
  fs::create_directories(plan.runs[0].solution_path());  // a directory where the file goes
  const std::string message = error_of([&] { run_experiment(plan); });
  CHECK(message.rfind("cannot write " + plan.runs[0].dir.string() + "/02-hole-bl.json: ", 0) == 0);
  CHECK_FALSE(plan.records[0]);
  CHECK_FALSE(fs::exists(plan.runs[0].record_path()));
}

TEST_CASE("experiment runner: the piece-set experiment solves each set's patterns with that set") {
  const test::TempDir dir("tangram-sets-experiment");
  const fs::path masks = dir.path() / "masks";
  const fs::path sets = fs::path(kMasks) / "sets";
  fs::create_directories(masks / "sets" / "pentominoes");
  fs::create_directories(masks / "sets" / "tangram");
  for (const char* file : {"01-figure.png", "01-figure.truth.json", "07-unsolvable-disc.png"})
    fs::copy_file(sets / "pentominoes" / file, masks / "sets" / "pentominoes" / file);
  // The same stem in two sets: each run must get its own set's pattern.
  for (const char* set : {"pentominoes", "tangram"})
    for (const char* file : {"02-compact.png", "02-compact.truth.json"})
      fs::copy_file(sets / set / file, masks / "sets" / set / file);

  ExperimentConfig config;
  config.sets = {"pentominoes", "tangram"};
  config.strategies = {Strategy::DistanceTransform};
  config.masks_dir = masks.string();
  config.out_dir = (dir.path() / "out").string();
  config.time_limit_s = 2.0;
  config.jobs = 2;
  ExperimentPlan plan = plan_experiment(config);
  REQUIRE(plan.runs.size() == 4);
  CHECK(plan.runs[0].set->set.name() == "pentominoes");
  CHECK(plan.runs[0].solvable);
  CHECK_FALSE(plan.runs[2].solvable);  // 07-unsolvable-disc: no truth beside it
  CHECK(plan.runs[3].set->set.name() == "tangram");
  CHECK(plan.runs[3].dir == fs::path(config.out_dir) / "sets" / "tangram");
  run_experiment(plan);
  for (std::size_t i = 0; i < plan.runs.size(); ++i) {
    REQUIRE(plan.records[i]);
    CHECK(plan.records[i]->counts() == plan.runs[i].solvable);
  }
  // The tangram run is checked against the tangram's pieces.
  const SolutionDocument document = read_solution_document(plan.runs[3].solution_path().string());
  CHECK(document.piece_set == "tangram");
  CHECK(document.solution.pieces.size() == 7);
  const std::string tables = write_experiment_tables(plan);
  CHECK(test::contains(tables, "## Piece sets"));
  CHECK(test::contains(tables, "| pentominoes | 2/2 "));
  CHECK(test::contains(tables, "| tangram     | 1/1 "));
  CHECK(test::contains(read_text(fs::path(config.out_dir) / "tables.csv"), "pentominoes,2/2,"));
  CHECK(test::contains(read_text(fs::path(config.out_dir) / "runs.csv"), "tangram"));

  // Resumed: nothing left to do.
  CHECK(plan_experiment(config).todo.empty());
  config.sets = {"pentominoes", "no-such-set"};
  CHECK_THROWS_AS(plan_experiment(config), InputError);
}

TEST_CASE("experiment runner: a damaged results folder is refused as it is, or repaired") {
  test::TempDir dir("runner-damage");
  ExperimentConfig config = tiny_config(dir);
  // The runs redone must repeat the first ones: no run may end at its time limit, as one on a
  // loaded machine with sanitizers did at 30 s.
  config.time_limit_s = 600.0;
  config.patterns = PatternRange{1, 1};
  config.strategies = {Strategy::DistanceTransform};
  config.jobs = 1;
  ExperimentPlan plan = plan_experiment(config);
  run_experiment(plan);
  write_experiment_tables(plan);
  REQUIRE(plan.runs.size() == 2);
  const fs::path good(config.out_dir);
  const auto in = [&](const fs::path& out, const fs::path& file) {
    return out / fs::relative(file, good);
  };
  const std::string csv = read_text(good / "runs.csv");
  struct Case {
    const char* name;
    fs::path file;     ///< in the good folder
    std::string text;  ///< written over it; empty: the file removed
    std::string what;  ///< the start of what the refusal says is wrong
  };
  std::string future = read_text(plan.runs[0].record_path());
  future.replace(future.find("tangram-run/1"), 13, "tangram-run/2");
  const std::vector<Case> cases{
      {"a truncated record", plan.runs[0].record_path(), "{\"format\": \"tangram-run/1\", \"exp",
       ""},
      {"a record of garbage", plan.runs[1].record_path(), std::string("\x00\xff\x13garbage", 10),
       ""},
      {"a record of a future format", plan.runs[0].record_path(), future, ""},
      {"a missing picture", plan.runs[1].picture_path(), "", "missing (the run's picture)"},
      {"a picture that does not decode", plan.runs[0].picture_path(), "\x89PNG\r\n\x1a\nshort",
       "does not decode"},
      {"a missing solution", plan.runs[0].solution_path(), "", "missing (the run's solution)"},
      {"a torn runs.csv", good / "runs.csv", csv.substr(0, csv.size() - 7),
       "line 3, the last, is torn (it has no line end)"},
      {"a garbled settings.json", good / "settings.json", "{\"format\": \"tangram-sett", ""},
  };
  int k = 0;
  for (const Case& c : cases) {
    CAPTURE(c.name);
    const fs::path out = dir.path() / ("case-" + std::to_string(k++));
    fs::copy(good, out, fs::copy_options::recursive);
    const fs::path file = in(out, c.file);
    if (c.text.empty())
      fs::remove(file);
    else
      test::write_file(file.string(), c.text);
    ExperimentConfig damaged = config;
    damaged.out_dir = out.string();
    const std::vector<std::string> before = test::files_under(out);
    const std::string message = error_of([&] { plan_experiment(damaged); });
    CHECK_THROWS_AS(plan_experiment(damaged), DamagedStoreError);
    CHECK(message.rfind(file.string() + ": " + c.what, 0) == 0);
    CHECK(message.find("; nothing was changed: run with --repair to move the damaged files aside "
                       "into " +
                       (out / "damaged-YYYYmmdd-HHMMSS").string() + "/ and redo their runs") !=
          std::string::npos);
    CHECK(test::files_under(out) == before);

    damaged.repair = true;
    ExperimentPlan repaired = plan_experiment(damaged);
    REQUIRE(repaired.damaged.size() == 1);
    CHECK(repaired.damaged[0].file == file);
    run_experiment(repaired);
    write_experiment_tables(repaired);
    damaged.repair = false;
    const ExperimentPlan again = plan_experiment(damaged);  // opens without repair
    CHECK(again.todo.empty());
    for (std::size_t i = 0; i < plan.runs.size(); ++i) {
      REQUIRE(again.records[i]);
      CHECK(again.records[i]->placements == plan.records[i]->placements);
      CHECK(again.records[i]->solved == plan.records[i]->solved);
    }
    CHECK(read_text(out / "runs.csv").size() > 0);
  }
}

TEST_CASE("damaged files: a torn last line, a picture that does not decode, moving aside") {
  CHECK_FALSE(torn_line_damage("a,b\n1,2\n"));
  CHECK(torn_line_damage("a,b\n1,2") == "line 2, the last, is torn (it has no line end)");
  CHECK(torn_line_damage("") == "empty (no header line)");
  CHECK(is_damaged_folder("damaged-20261127-071500"));
  CHECK(is_damaged_folder("damaged-20261127-071500-2"));
  CHECK_FALSE(is_damaged_folder("damaged"));
  CHECK_FALSE(is_damaged_folder("exp2"));
  test::TempDir dir("damaged-aside");
  fs::create_directories(dir.path() / "a");
  test::write_file(dir.file("a/b.txt"), "b");
  CHECK(picture_damage(dir.path() / "none.png") == "missing");
  CHECK(picture_damage(dir.path() / "a" / "b.txt")->rfind("does not decode", 0) == 0);
  CHECK_FALSE(picture_damage(kMasks + "01-square.png"));
  const fs::path first = move_aside(dir.path(), {dir.path() / "a" / "b.txt", dir.path() / "no"});
  const fs::path second = move_aside(dir.path(), {});
  CHECK(first != second);  // never the same folder twice
  CHECK(read_text(first / "a" / "b.txt") == "b");
  CHECK_FALSE(fs::exists(dir.path() / "a" / "b.txt"));
}

TEST_CASE("damaged files: a PNG is checked by its chunks (IHDR, lengths, IEND), not decoded") {
  test::TempDir dir("damaged-png");
  const std::string good = read_text(kMasks + "01-square.png");
  const auto damage = [&](const std::string& bytes) {
    test::write_file(dir.file("p.png"), bytes);
    return picture_damage(dir.path() / "p.png");
  };
  CHECK_FALSE(damage(good));
  // Cut anywhere after its signature (in IHDR, in IDAT, in IEND): truncated.
  for (const std::size_t size : {std::size_t{8}, std::size_t{20}, good.size() / 2, good.size() - 1})
    CHECK(damage(good.substr(0, size))->rfind("does not decode (truncated: ", 0) == 0);
  CHECK(damage(good.substr(0, 8) + std::string(40, 'x')) ==
        "does not decode (no valid IHDR chunk after its signature)");
  // IHDR then IEND, no image data between.
  const std::size_t iend = good.size() - 12;
  CHECK(damage(good.substr(0, 33) + good.substr(iend)) ==
        "does not decode (no image data: no IDAT chunk)");
  // Not a PNG at all: decoded, as before, and refused as it was.
  CHECK(damage(std::string(100, 'x'))->rfind("does not decode", 0) == 0);
}
