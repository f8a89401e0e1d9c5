// The solve queue of `tangram serve` (web/solve_jobs.hpp): a solve's events, queue positions,
// stopping (SearchConfig::stop and the enumeration's stop), the stream rules (stopped when the
// last stream closes, or when none ever opens) and every thread joined. Waits have generous
// deadlines that only guard against a hang; nothing here asserts how long anything took.

#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include <opencv2/imgproc.hpp>

#include "cli_runner.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/io/documents.hpp"
#include "tangram/io/png.hpp"
#include "tangram/web/solve_jobs.hpp"
#include "temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using tangram::SolveOptions;
using tangram::web::job_options_from_json;
using tangram::web::JobEvent;
using tangram::web::JobProblem;
using tangram::web::JobsConfig;
using tangram::web::SolveJobs;

/// A deadline that only guards against a hang.
constexpr auto kHang = 120s;

JobProblem masks_problem(const std::string& file) {
  JobProblem p;
  p.id = fs::path(file).stem().string();
  p.name = file;
  p.set = "tangram";
  p.png = tangram::test::read_all(fs::path(TANGRAM_SOURCE_DIR) / "masks" / file);
  return p;
}

std::string png_of(const cv::Mat& image) {
  const std::vector<unsigned char> bytes = tangram::encode_png(image);
  return std::string(bytes.begin(), bytes.end());
}

/// A 3:1 rectangle for the Tangram: the search runs until its time limit or a stop (README,
/// Python: "a 3:1 rectangle at its time limit").
JobProblem slow_problem() {
  cv::Mat1b picture(140, 380, uchar{255});
  picture(cv::Rect(10, 10, 360, 120)) = 0;
  return {"slow", "slow.png", "tangram", png_of(picture)};
}

/// A 6 x 10 rectangle for the pentominoes: 2339 assemblies, enumerated (solve --all).
JobProblem pentomino_board() {
  cv::Mat1b picture(20 + 6 * 20, 20 + 10 * 20, uchar{255});
  picture(cv::Rect(10, 10, 10 * 20, 6 * 20)) = 0;
  return {"board", "board.png", "pentominoes", png_of(picture)};
}

JobsConfig quick_config() {
  JobsConfig config;
  config.threads = 1;
  return config;
}

SolveOptions slow_options() {
  SolveOptions o;
  o.time_limit_s = 600;
  return o;
}

/// Reads events until the stream ends (the event named "").
std::vector<JobEvent> read_to_end(tangram::web::Subscription& stream) {
  std::vector<JobEvent> events;
  const auto deadline = std::chrono::steady_clock::now() + kHang;
  while (std::chrono::steady_clock::now() < deadline) {
    const auto event = stream.next(1000ms);
    if (!event) continue;
    if (event->name.empty()) return events;
    events.push_back(*event);
  }
  FAIL("the stream did not end");
  return events;
}

/// Reads events until one named `name` (returned), or fails.
JobEvent read_until(tangram::web::Subscription& stream, const std::string& name) {
  const auto deadline = std::chrono::steady_clock::now() + kHang;
  while (std::chrono::steady_clock::now() < deadline) {
    const auto event = stream.next(1000ms);
    if (!event) continue;
    REQUIRE_FALSE(event->name.empty());
    if (event->name == name) return *event;
  }
  FAIL("no '" << name << "' event");
  return {};
}

/// Waits until `done(status)` holds for the solve's status, or fails.
template <class Predicate>
tangram::web::JobStatus wait_for(const SolveJobs& jobs, const std::string& id, Predicate done) {
  const auto deadline = std::chrono::steady_clock::now() + kHang;
  while (std::chrono::steady_clock::now() < deadline) {
    const auto s = jobs.status(id);
    REQUIRE(s);
    if (done(*s)) return *s;
    std::this_thread::sleep_for(10ms);
  }
  FAIL("the solve's state did not come");
  return {};
}

bool is_done(const tangram::web::JobStatus& s) { return s.state == "done"; }

int live_threads() {
  int n = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator("/proc/self/task")) ++n;
  return n;
}

/// The names of this process's threads (for a failure's message).
std::string thread_names() {
  std::string names;
  for (const auto& entry : fs::directory_iterator("/proc/self/task"))
    names += tangram::test::read_all(entry.path() / "comm");
  return names;
}

}  // namespace

TEST_CASE("solve options: the command line's defaults, and its lines for bad values") {
  const SolveOptions d = job_options_from_json("{}");
  CHECK(d.max_solutions == tangram::web::kMaxJobSolutions);
  CHECK(d.strategy.empty());
  CHECK(d.search == "ours");
  CHECK(d.rotation_step == "auto");
  CHECK(d.reflection);
  CHECK(d.time_limit_s == 60.0);
  CHECK_FALSE(d.all);
  CHECK(d.use == "exact");
  CHECK_FALSE(d.show_steps);
  const SolveOptions o = job_options_from_json(
      R"({"strategy": "bl", "search": "vertex", "rotation_step": 45, "reflection": false,
          "time_limit": 5, "solutions": "all", "max_solutions": 10, "show_thinking": false})");
  CHECK(o.strategy == "bl");
  CHECK(o.rotation_step == "45");
  CHECK_FALSE(o.reflection);
  CHECK(o.time_limit_s == 5.0);
  CHECK(o.all);
  CHECK(o.max_solutions == 10);
  CHECK_THROWS_WITH_AS(job_options_from_json(R"({"time_limit": 0})"),
                       "--time-limit must be in 1..600 s here, got 0", tangram::UsageError);
  CHECK_THROWS_WITH_AS(job_options_from_json(R"({"use": "some"})"),
                       "--use: unknown use 'some' (choose exact, subset or copies)",
                       tangram::UsageError);
  CHECK_THROWS_WITH_AS(job_options_from_json(R"({"use": "subset"})"),
                       doctest::Contains("--use subset needs --figure-area"), tangram::UsageError);
  CHECK_THROWS_WITH_AS(job_options_from_json(R"({"solutions": "all", "search": "paper"})"),
                       "--all enumerates with its own exact search: --search paper does not apply",
                       tangram::UsageError);
  CHECK_THROWS_WITH_AS(job_options_from_json(R"({"max_solutions": 5})"),
                       "--max-solutions needs --all (or --use subset or copies)",
                       tangram::UsageError);
  // The options the command line has and the server gained with the solve service.
  const SolveOptions u = job_options_from_json(
      R"({"solutions": "unique", "up_to_symmetry": true, "use": "copies", "figure_area": 4})");
  CHECK(u.unique);
  CHECK(u.up_to_symmetry);
  CHECK(tangram::goal_of(u) == tangram::Goal::Unique);
  const SolveOptions most =
      job_options_from_json(R"({"use": "subset", "figure_area": 4, "prefer": "more"})");
  CHECK(tangram::goal_of(most) == tangram::Goal::Most);
  CHECK_THROWS_WITH_AS(job_options_from_json(R"({"prefer": "more"})"),
                       doctest::Contains("--prefer chooses among assemblies"), tangram::UsageError);
  CHECK_THROWS_WITH_AS(job_options_from_json(R"({"solutions": "unique", "max_solutions": 5})"),
                       "--unique stops at the second assembly: --max-solutions does not apply",
                       tangram::UsageError);
  CHECK_THROWS_WITH_AS(job_options_from_json(R"({"up_to_symmetry": true})"),
                       "--up-to-symmetry needs --all or --unique", tangram::UsageError);
  CHECK_THROWS_WITH_AS(job_options_from_json(R"({"stratgy": "bl"})"), "unknown option 'stratgy'",
                       tangram::UsageError);
  CHECK_THROWS_AS(job_options_from_json(R"({"reflection": "no"})"), tangram::UsageError);
  CHECK_THROWS_AS(job_options_from_json("[1]"), tangram::UsageError);
  CHECK_THROWS_AS(job_options_from_json("{"), tangram::InputError);
}

TEST_CASE("a solve's events: started, a solution, done; a later stream gets them again") {
  SolveJobs jobs(quick_config());
  const auto submitted = jobs.submit(masks_problem("01-square.png"), SolveOptions{});
  REQUIRE_FALSE(submitted.refused);
  CHECK(submitted.id == "s1");
  CHECK(submitted.position == 0);
  const auto stream = jobs.subscribe(submitted.id);
  REQUIRE(stream);
  const std::vector<JobEvent> events = read_to_end(*stream);
  REQUIRE(events.size() >= 3);
  CHECK((events.front().name == "queued" || events.front().name == "started"));
  CHECK(events.back().name == "done");
  CHECK(events.back().data.find("\"outcome\":\"solved\"") != std::string::npos);
  CHECK(events.back().data.find("\"solutions\":1") != std::string::npos);
  int solutions = 0, started = 0;
  for (const JobEvent& e : events) {
    solutions += e.name == "solution";
    started += e.name == "started";
    CHECK(e.data.find('\n') == std::string::npos);
  }
  CHECK(solutions == 1);
  CHECK(started == 1);
  const auto solution = std::find_if(events.begin(), events.end(),
                                     [](const JobEvent& e) { return e.name == "solution"; });
  CHECK(solution->data.find("\"index\":0") != std::string::npos);
  CHECK(solution->data.find("\"piece\":\"large-triangle 1/2\"") != std::string::npos);
  CHECK(solution->data.find("\"shape\":\"parallelogram\"") != std::string::npos);

  const auto status = jobs.status(submitted.id);
  REQUIRE(status);
  CHECK(status->state == "done");
  CHECK(status->outcome == "solved");
  CHECK(status->solutions == 1);
  CHECK(status->problem == "01-square");

  // A stream opened afterwards: started, the solution, done.
  const auto late = jobs.subscribe(submitted.id);
  const std::vector<JobEvent> again = read_to_end(*late);
  REQUIRE(again.size() == 3);
  CHECK(again[0].name == "started");
  CHECK(again[1].data == solution->data);
  CHECK(again[2].data == events.back().data);

  using tangram::web::SolutionFormat;
  const auto json = jobs.solution_file(submitted.id, 0, SolutionFormat::Json);
  REQUIRE(json);
  CHECK(json->find("\"format\": \"tangram-solution/1\"") != std::string::npos);
  CHECK(json->find("\"solved\": true") != std::string::npos);
  const auto png = jobs.solution_file(submitted.id, 0, SolutionFormat::Png);
  REQUIRE(png);
  CHECK(png->rfind("\x89PNG", 0) == 0);
  const auto svg = jobs.solution_file(submitted.id, 0, SolutionFormat::Svg);
  REQUIRE(svg);
  CHECK(svg->find("<svg") != std::string::npos);
  CHECK_FALSE(jobs.solution_file(submitted.id, 1, SolutionFormat::Json));
  CHECK_FALSE(jobs.solution_file("s99", 0, SolutionFormat::Json));
  CHECK_FALSE(jobs.subscribe("s99"));
}

TEST_CASE("show_thinking streams the raster search's steps on the picture's frame") {
  SolveJobs jobs(quick_config());
  SolveOptions options;
  options.show_steps = true;
  const auto submitted = jobs.submit(masks_problem("01-square.png"), options);
  const auto stream = jobs.subscribe(submitted.id);
  const std::vector<JobEvent> events = read_to_end(*stream);
  int steps = 0;
  for (const JobEvent& e : events)
    if (e.name == "step") {
      ++steps;
      CHECK(e.data.find("\"type\":\"place\"") + e.data.find("\"type\":\"reject\"") +
                e.data.find("\"type\":\"remove\"") !=
            3 * std::string::npos);
      CHECK(e.data.find("\"assembly\":[") != std::string::npos);
    }
  CHECK(steps >= 1);
  CHECK(events.back().name == "done");
}

TEST_CASE("the queue: positions, a full queue refused, stop of a running and a waiting solve") {
  JobsConfig config = quick_config();
  config.max_running = 1;
  config.max_waiting = 2;
  SolveJobs jobs(config);
  const auto a = jobs.submit(slow_problem(), slow_options());
  const auto b = jobs.submit(slow_problem(), slow_options());
  const auto c = jobs.submit(slow_problem(), slow_options());
  const auto d = jobs.submit(slow_problem(), slow_options());
  const auto status_a = jobs.status(a.id), status_b = jobs.status(b.id);
  CAPTURE(status_a->state);
  CAPTURE(status_b->state);
  CAPTURE(status_b->outcome);
  CAPTURE(a.id);
  CAPTURE(b.id);
  CAPTURE(c.id);
  CHECK(a.position == 0);
  CHECK(b.position == 1);
  CHECK(c.position == 2);
  REQUIRE(d.refused);
  CHECK(*d.refused == tangram::web::SubmitRefusal::QueueFull);
  const auto stream_a = jobs.subscribe(a.id);
  const auto stream_b = jobs.subscribe(b.id);
  const auto stream_c = jobs.subscribe(c.id);
  CHECK(read_until(*stream_b, "queued").data == R"({"position":1})");
  CHECK(read_until(*stream_c, "queued").data == R"({"position":2})");
  read_until(*stream_a, "started");
  CHECK(jobs.status(a.id)->state == "running");
  CHECK(jobs.status(c.id)->position == 2);

  // The running solve stops (SearchConfig::stop): b starts, c moves up.
  CHECK(jobs.stop(a.id));
  const JobEvent done_a = read_until(*stream_a, "done");
  CHECK(done_a.data.find("\"outcome\":\"stopped\"") != std::string::npos);
  read_until(*stream_b, "started");
  CHECK(read_until(*stream_c, "queued").data == R"({"position":1})");
  CHECK(jobs.status(c.id)->position == 1);
  CHECK(jobs.status(a.id)->outcome == "stopped");
  CHECK(jobs.status(a.id)->stopped_by == "request");

  // A waiting solve stops at once.
  CHECK(jobs.stop(c.id));
  CHECK(jobs.status(c.id)->state == "done");
  CHECK(jobs.status(c.id)->outcome == "stopped");
  CHECK(read_until(*stream_c, "done").data.find("\"outcome\":\"stopped\"") != std::string::npos);
  CHECK(jobs.waiting() == 0);
  CHECK(jobs.stop(b.id));
  wait_for(jobs, b.id, is_done);
  CHECK(jobs.status(b.id)->outcome == "stopped");
  CHECK_FALSE(jobs.stop("s99"));
}

TEST_CASE("a solve whose last stream closed is stopped after the grace period") {
  JobsConfig config = quick_config();
  config.grace = 300ms;
  SolveJobs jobs(config);
  const auto a = jobs.submit(slow_problem(), slow_options());
  {
    const auto stream = jobs.subscribe(a.id);
    read_until(*stream, "started");
    // While a stream is open the solve goes on: three progress events span more than the
    // grace period (at most 4 a second).
    for (int i = 0; i < 3; ++i) read_until(*stream, "progress");
    CHECK(jobs.status(a.id)->state == "running");
  }  // the tab closes
  const auto s = wait_for(jobs, a.id, is_done);
  CHECK(s.outcome == "stopped");
  CHECK(s.stopped_by == "abandoned");
  CHECK(jobs.stop(a.id));  // a later Stop does not change who stopped it
  CHECK(jobs.status(a.id)->stopped_by == "abandoned");
}

TEST_CASE("a solve that no stream ever follows is stopped after the orphan time") {
  JobsConfig config = quick_config();
  config.orphan = 300ms;
  SolveJobs jobs(config);
  const auto a = jobs.submit(slow_problem(), slow_options());
  const auto b = jobs.submit(slow_problem(), slow_options());  // waiting: stopped at once
  CHECK(wait_for(jobs, a.id, is_done).outcome == "stopped");
  CHECK(wait_for(jobs, b.id, is_done).outcome == "stopped");
}

TEST_CASE("all solutions: streamed in order; a stop keeps those found (EnumerationConfig::stop)") {
  SolveJobs jobs(quick_config());
  SolveOptions options;
  options.all = true;
  options.max_solutions = 1000;
  options.max_solutions_given = true;
  options.time_limit_s = 600;
  const auto a = jobs.submit(pentomino_board(), options);
  REQUIRE_FALSE(a.refused);
  const auto stream = jobs.subscribe(a.id);
  const JobEvent first = read_until(*stream, "solution");
  CHECK(first.data.find("\"index\":0") != std::string::npos);
  jobs.stop(a.id);
  const std::vector<JobEvent> rest = read_to_end(*stream);
  REQUIRE_FALSE(rest.empty());
  const JobEvent& done = rest.back();
  CHECK(done.name == "done");
  const auto s = jobs.status(a.id);
  // Stopped before the thousandth, or (on a fast machine) done at --max-solutions.
  CHECK((s->outcome == "stopped" || s->outcome == "solved"));
  CHECK(s->solutions >= 1);
  long index = 1;
  for (const JobEvent& e : rest)
    if (e.name == "solution")
      CHECK(e.data.find("\"index\":" + std::to_string(index++)) != std::string::npos);
  CHECK(done.data.find("\"solutions\":" + std::to_string(s->solutions)) != std::string::npos);
  const auto json = jobs.solution_file(a.id, 0, tangram::web::SolutionFormat::Json);
  REQUIRE(json);
  CHECK(json->find("\"piece_set\": \"pentominoes\"") != std::string::npos);

  // What the command line refuses, refused with its line.
  SolveOptions tangram_all = options;
  CHECK_THROWS_WITH_AS(jobs.submit(slow_problem(), tangram_all), doctest::Contains("--all: "),
                       tangram::UsageError);
}

TEST_CASE("unique and the most pieces: the command line's goals, its summary as the message") {
  SolveJobs jobs(quick_config());
  cv::Mat1b picture(20 + 3 * 20, 20 + 20 * 20, uchar{255});
  picture(cv::Rect(10, 10, 20 * 20, 3 * 20)) = 0;
  const JobProblem board{"board", "board.png", "pentominoes", png_of(picture)};
  const auto unique = jobs.submit(board, job_options_from_json(R"({"solutions": "unique"})"));
  const std::vector<JobEvent> events = read_to_end(*jobs.subscribe(unique.id));
  CHECK(events.back().data.find(R"("message":"several: board.png has more than one assembly")") !=
        std::string::npos);
  CHECK(events.back().data.find("\"solutions\":2") != std::string::npos);
  CHECK(jobs.status(unique.id)->outcome == "solved");

  const JobProblem square = masks_problem("01-square.png");
  const auto few = jobs.submit(
      square, job_options_from_json(R"({"use": "copies", "figure_area": 1, "max_solutions": 50})"));
  const auto many = jobs.submit(
      square, job_options_from_json(
                  R"({"use": "copies", "figure_area": 1, "max_solutions": 50, "prefer": "more"})"));
  read_to_end(*jobs.subscribe(few.id));
  read_to_end(*jobs.subscribe(many.id));
  const auto pieces = [&](const std::string& id) {
    const auto json = jobs.solution_file(id, 0, tangram::web::SolutionFormat::Json);
    REQUIRE(json);
    return tangram::solution_document_from_json(*json).solution.pieces.size();
  };
  CHECK(pieces(few.id) < pieces(many.id));
}

TEST_CASE("shutdown stops the running and waiting solves, ends the streams, joins every thread") {
  {
    // OpenCV's and oneTBB's own worker pools start with the first solve and stay: started
    // here, before the count.
    SolveJobs warm(quick_config());
    const auto quick = warm.submit(masks_problem("01-square.png"), SolveOptions{});
    const auto slow = warm.submit(slow_problem(), slow_options());
    read_to_end(*warm.subscribe(quick.id));
    const auto stream = warm.subscribe(slow.id);
    read_until(*stream, "progress");
  }
  const int before = live_threads();
  {
    JobsConfig config = quick_config();
    config.max_running = 2;
    SolveJobs jobs(config);
    CHECK(jobs.threads() == 3);  // two workers and the watcher
    const auto a = jobs.submit(slow_problem(), slow_options());
    const auto b = jobs.submit(slow_problem(), slow_options());
    const auto c = jobs.submit(slow_problem(), slow_options());
    const auto stream_a = jobs.subscribe(a.id);
    const auto stream_c = jobs.subscribe(c.id);
    read_until(*stream_a, "started");
    jobs.shutdown();
    CHECK(jobs.threads() == 0);
    CHECK(read_until(*stream_a, "done").data.find("\"outcome\":\"stopped\"") != std::string::npos);
    CHECK(read_until(*stream_c, "done").data.find("\"outcome\":\"stopped\"") != std::string::npos);
    const auto status_b = jobs.status(b.id);
    CAPTURE(status_b->state);
    CAPTURE(status_b->position);
    CHECK(status_b->outcome == "stopped");
    CHECK(jobs.submit(slow_problem(), slow_options()).refused ==
          tangram::web::SubmitRefusal::ShuttingDown);
    jobs.shutdown();  // idempotent
  }
  CAPTURE(thread_names());
  CHECK(live_threads() == before);
}

TEST_CASE("finished solves are kept for their downloads, the last ones only") {
  JobsConfig config = quick_config();
  config.kept = 2;
  SolveJobs jobs(config);
  std::vector<std::string> ids;
  for (int i = 0; i < 3; ++i) {
    const auto s = jobs.submit(masks_problem("01-square.png"), SolveOptions{});
    ids.push_back(s.id);
    const auto stream = jobs.subscribe(s.id);
    read_to_end(*stream);
  }
  CHECK_FALSE(jobs.status(ids[0]));
  CHECK(jobs.status(ids[1]));
  CHECK(jobs.status(ids[2]));
  CHECK(jobs.solution_file(ids[2], 0, tangram::web::SolutionFormat::Png));
}
