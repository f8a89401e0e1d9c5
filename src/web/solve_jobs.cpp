// The solves of `tangram serve` (solve_jobs.hpp), each run by the solve service.

#include "tangram/web/solve_jobs.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>

#include "tangram/core/base/error.hpp"
#include "tangram/core/base/format.hpp"
#include "tangram/io/detail/json.hpp"
#include "tangram/io/pattern_png.hpp"
#include "tangram/io/picture.hpp"
#include "tangram/io/piece_sets.hpp"
#include "tangram/io/png.hpp"
#include "tangram/io/silhouette.hpp"
#include "tangram/service/option_words.hpp"
#include "tangram/service/solve.hpp"

namespace tangram::web {

namespace {

using Clock = std::chrono::steady_clock;
using tangram::detail::Json;

/// Longest time limit a solve may ask for (s).
constexpr double kMaxJobTimeLimitS = 600.0;

/// Least time between two "progress" events (at most 4 a second) and two "step" events (at
/// most 25 a second).
constexpr auto kProgressEvery = std::chrono::milliseconds(250);
constexpr auto kStepEvery = std::chrono::milliseconds(40);

/// A stream that falls this many events behind loses its oldest progress, step and queued
/// events (never a solution or done): a slow reader costs bounded memory.
constexpr std::size_t kMaxQueuedEvents = 64;

/// How often the watcher applies the stream rules.
constexpr auto kWatchEvery = std::chrono::milliseconds(50);

/// A coordinate rounded to 1/1000 px for the streams.
double rounded(double v) { return std::round(v * 1000.0) / 1000.0; }

Json polygon_json(const Polygon& polygon, double scale = 1.0, Vec2 offset = {}) {
  Json points = Json::array();
  for (const Vec2& v : polygon)
    points.push_back({rounded(scale * (v.x + offset.x)), rounded(scale * (v.y + offset.y))});
  return points;
}

/// [{"piece", "shape", "polygon"}] of an assembly: "piece" is the legend's label
/// (piece_labels(), "large-triangle 1/2"), "shape" the shape's name; polygons mapped by
/// x' = scale (x + offset.x), likewise y.
Json pieces_json(const PieceSet& set, const std::vector<PlacedPiece>& pieces, double scale = 1.0,
                 Vec2 offset = {}) {
  const std::vector<std::string> labels = piece_labels(set);
  const std::vector<std::size_t> slots = piece_slots(set, pieces);
  Json out = Json::array();
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const PlacedPiece& p = pieces[i];
    const std::string& shape = set.shape_name(p.shape);
    const std::string label =
        slots[i] < labels.size() ? labels[slots[i]] : shape + " " + std::to_string(slots[i] + 1);
    out.push_back(
        {{"piece", label}, {"shape", shape}, {"polygon", polygon_json(p.polygon, scale, offset)}});
  }
  return out;
}

std::string event_text(const Json& j) { return j.dump(); }

/// The outcome a "done" event's data names.
std::string outcome_of_done(const JobEvent& done) {
  return tangram::detail::parse_json(done.data)["outcome"].get<std::string>();
}

/// The field `key` of OPTIONS as type T, with `check` its JSON kind.
const Json* option(const Json& options, const char* key) {
  const auto it = options.find(key);
  return it == options.end() ? nullptr : &*it;
}

[[noreturn]] void bad_type(const char* key, const char* kind) {
  throw UsageError(std::string("options.") + key + " must be " + kind);
}

std::string string_option(const Json& options, const char* key, const std::string& fallback) {
  const Json* v = option(options, key);
  if (!v) return fallback;
  if (!v->is_string()) bad_type(key, "a string");
  return v->get<std::string>();
}

bool bool_option(const Json& options, const char* key, bool fallback) {
  const Json* v = option(options, key);
  if (!v) return fallback;
  if (!v->is_boolean()) bad_type(key, "true or false");
  return v->get<bool>();
}

double number_option(const Json& options, const char* key, double fallback) {
  const Json* v = option(options, key);
  if (!v) return fallback;
  if (!v->is_number()) bad_type(key, "a number");
  return v->get<double>();
}

/// The server's own caps (a solve's time limit, the assemblies it keeps), in the command line's
/// words.
void check_job_caps(const SolveOptions& o) {
  if (!(o.time_limit_s >= 1.0 && o.time_limit_s <= kMaxJobTimeLimitS))
    throw UsageError("--time-limit must be in 1..600 s here, got " +
                     tangram::detail::general(o.time_limit_s));
  if (o.max_solutions < 1 || o.max_solutions > kMaxJobSolutions)
    throw UsageError("--max-solutions must be in 1.." + std::to_string(kMaxJobSolutions) +
                     " here, got " + std::to_string(o.max_solutions));
}

/// The first line of a text.
std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

}  // namespace

SolveOptions job_options_from_json(const std::string& text) {
  const Json options = text.empty() ? Json::object() : tangram::detail::parse_json(text);
  if (!options.is_object()) throw UsageError("options must be a JSON object");
  static const char* const kKnown[] = {"strategy",       "search",        "rotation_step",
                                       "reflection",     "time_limit",    "solutions",
                                       "prefer",         "max_solutions", "use",
                                       "up_to_symmetry", "figure_area",   "show_thinking"};
  for (const auto& item : options.items())
    if (std::find_if(std::begin(kKnown), std::end(kKnown),
                     [&](const char* k) { return item.key() == k; }) == std::end(kKnown))
      throw UsageError("unknown option '" + item.key() + "'");
  SolveOptions o;
  o.max_solutions = kMaxJobSolutions;
  o.strategy = string_option(options, "strategy", o.strategy);
  o.search = string_option(options, "search", o.search);
  if (const Json* step = option(options, "rotation_step")) {
    if (step->is_number())
      o.rotation_step = tangram::detail::general(step->get<double>());
    else if (step->is_string())
      o.rotation_step = step->get<std::string>();
    else
      bad_type("rotation_step", "\"auto\" or a number of degrees");
  }
  o.reflection = bool_option(options, "reflection", o.reflection);
  o.time_limit_s = number_option(options, "time_limit", o.time_limit_s);
  if (!(o.time_limit_s >= 1.0 && o.time_limit_s <= kMaxJobTimeLimitS))
    throw UsageError("--time-limit must be in 1..600 s here, got " +
                     tangram::detail::general(o.time_limit_s));
  const std::string solutions = string_option(options, "solutions", "one");
  if (solutions != "one" && solutions != "all" && solutions != "unique")
    throw UsageError("options.solutions must be one, all or unique, got '" + solutions + "'");
  o.all = solutions == "all";
  o.unique = solutions == "unique";
  o.prefer = string_option(options, "prefer", o.prefer);
  if (const Json* max = option(options, "max_solutions")) {
    if (!max->is_number() || max->get<double>() != std::floor(max->get<double>()))
      bad_type("max_solutions", "a whole number");
    const double value = max->get<double>();
    o.max_solutions = value > 1e12 ? kMaxJobSolutions + 1
                      : value < 0  ? 0
                                   : static_cast<long>(value);
    o.max_solutions_given = true;
  }
  o.use = string_option(options, "use", o.use);
  o.up_to_symmetry = bool_option(options, "up_to_symmetry", o.up_to_symmetry);
  o.figure_area = number_option(options, "figure_area", o.figure_area);
  o.show_steps = bool_option(options, "show_thinking", o.show_steps);
  check_job_caps(o);
  check_solve_options(o);
  return o;
}

namespace detail {

/// One stream's events not yet read.
struct Subscriber {
  std::deque<JobEvent> events;
  bool ended = false;  ///< the stream is over once `events` is empty
};

/// A solve. Fields after `mutex` are guarded by it; the others are set before the job is
/// shared and then only read (stop: atomic).
struct Job {
  std::string id;
  JobProblem problem;
  SolveOptions options;
  SolvePlan plan;
  std::shared_ptr<const Silhouette> silhouette;
  Clock::time_point created;
  std::atomic<bool> stop{false};

  mutable std::mutex mutex;
  std::condition_variable changed;
  std::string state = "queued";
  int position = 0;
  int streams = 0;
  bool ever_streamed = false;
  Clock::time_point last_closed;
  std::vector<std::shared_ptr<Subscriber>> subscribers;
  std::vector<JobEvent> solution_events;  ///< every "solution" sent, in order
  std::optional<JobEvent> done_event;
  std::string outcome;
  std::string stopped_by;  ///< who first asked it to stop: "request" or "abandoned"
  /// The assemblies found, as the service's outputs show them.
  std::vector<FoundAssembly> found;
  bool documents_with_stats = true;  ///< false for an enumeration's, as solve --all's lines

  /// Hands `event` to every stream (under `mutex`).
  void publish_locked(const JobEvent& event) {
    const bool droppable =
        event.name == "progress" || event.name == "step" || event.name == "queued";
    for (const auto& s : subscribers) {
      if (droppable && s->events.size() >= kMaxQueuedEvents) {
        const auto old = std::find_if(s->events.begin(), s->events.end(), [](const JobEvent& e) {
          return e.name == "progress" || e.name == "step" || e.name == "queued";
        });
        if (old != s->events.end()) s->events.erase(old);
      }
      s->events.push_back(event);
    }
    if (event.name == "solution") solution_events.push_back(event);
    if (event.name == "done") {
      done_event = event;
      for (const auto& s : subscribers) s->ended = true;
    }
    changed.notify_all();
  }

  void publish(const JobEvent& event) {
    std::lock_guard<std::mutex> lock(mutex);
    publish_locked(event);
  }
};

}  // namespace detail

using detail::Job;
using detail::Subscriber;

Subscription::Subscription(std::shared_ptr<Job> job, std::shared_ptr<Subscriber> subscriber)
    : job_(std::move(job)), subscriber_(std::move(subscriber)) {}

Subscription::~Subscription() {
  std::lock_guard<std::mutex> lock(job_->mutex);
  auto& subs = job_->subscribers;
  subs.erase(std::remove(subs.begin(), subs.end(), subscriber_), subs.end());
  --job_->streams;
  job_->last_closed = Clock::now();
}

std::optional<JobEvent> Subscription::next(std::chrono::milliseconds timeout) {
  std::unique_lock<std::mutex> lock(job_->mutex);
  job_->changed.wait_for(lock, timeout,
                         [&] { return !subscriber_->events.empty() || subscriber_->ended; });
  if (!subscriber_->events.empty()) {
    JobEvent event = std::move(subscriber_->events.front());
    subscriber_->events.pop_front();
    return event;
  }
  if (subscriber_->ended) return JobEvent{};
  return std::nullopt;
}

SolveJobs::SolveJobs(JobsConfig config) : config_(config) {
  config_.max_running = std::max(1, config_.max_running);
  config_.max_waiting = std::max(0, config_.max_waiting);
  for (int i = 0; i < config_.max_running; ++i) threads_.emplace_back([this] { work(); });
  threads_.emplace_back([this] { watch(); });
}

SolveJobs::~SolveJobs() { shutdown(); }

int SolveJobs::threads() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return static_cast<int>(threads_.size());
}

int SolveJobs::running() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return running_;
}

int SolveJobs::waiting() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return static_cast<int>(waiting_.size());
}

Submitted SolveJobs::submit(const JobProblem& problem, const SolveOptions& options) {
  auto job = std::make_shared<Job>();
  job->problem = problem;
  job->options = options;
  job->options.threads = config_.threads;
  if (!options.max_solutions_given) job->options.max_solutions = kMaxJobSolutions;
  check_job_caps(job->options);
  try {
    std::optional<PieceSetFile> set;
    if (problem.set != SolverConfig().pieces.name()) {
      try {
        set = builtin_piece_set(problem.set);
      } catch (const InputError& e) {
        throw InputError("--pieces: " + e.tagged());
      }
    }
    job->plan = plan_solve(job->options, cli_words, set ? &*set : nullptr);
    job->silhouette = std::make_shared<const Silhouette>(
        decode_silhouette(problem.png, job->plan.input, problem.name));
    check_enumerable(job->plan, job->silhouette->pattern);
  } catch (const UsageError& e) {
    throw UsageError(in_words(e.tagged()));
  } catch (const InputError& e) {
    throw InputError(in_words(e.tagged()));
  }
  job->created = Clock::now();

  std::lock_guard<std::mutex> lock(mutex_);
  Submitted out;
  if (shutting_down_) {
    out.refused = SubmitRefusal::ShuttingDown;
    return out;
  }
  // Position: 0 when a worker is free to take it, else its place among those waiting (the
  // first waiting solves may be about to start: free workers take them).
  const int free_workers = std::max(0, config_.max_running - running_);
  const int position = std::max(0, static_cast<int>(waiting_.size()) + 1 - free_workers);
  if (position > config_.max_waiting) {
    out.refused = SubmitRefusal::QueueFull;
    return out;
  }
  job->id = "s" + std::to_string(next_id_++);
  jobs_[job->id] = job;
  waiting_.push_back(job);
  {
    std::lock_guard<std::mutex> job_lock(job->mutex);
    job->position = position;
  }
  work_ready_.notify_one();
  out.id = job->id;
  out.position = position;
  return out;
}

std::optional<JobStatus> SolveJobs::status(const std::string& id) const {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = jobs_.find(id);
  if (it == jobs_.end()) return std::nullopt;
  const Job& job = *it->second;
  std::lock_guard<std::mutex> job_lock(job.mutex);
  JobStatus s;
  s.id = job.id;
  s.problem = job.problem.id;
  s.state = job.state;
  s.position = job.state == "queued" ? job.position : 0;
  s.solutions = static_cast<long>(job.solution_events.size());
  s.outcome = job.outcome;
  if (job.outcome == "stopped") s.stopped_by = job.stopped_by;
  return s;
}

void SolveJobs::finish_waiting(std::shared_ptr<Job> job) {
  // Under mutex_: a waiting solve stopped (or the server shutting down) ends at once. `job` is
  // a copy: it may be an element of waiting_, which the erase moves.
  waiting_.erase(std::remove(waiting_.begin(), waiting_.end(), job), waiting_.end());
  {
    std::lock_guard<std::mutex> lock(job->mutex);
    job->state = "done";
    job->outcome = "stopped";
    Json done = {{"outcome", "stopped"},
                 {"message", "stopped before it started"},
                 {"solutions", 0},
                 {"seconds", 0.0}};
    job->publish_locked({"done", event_text(done)});
  }
  keep_finished(job);
}

namespace {
/// Asks `job` to stop, remembering who asked first (the outcome's `stopped_by`).
void ask_to_stop(Job& job, const char* who) {
  std::lock_guard<std::mutex> lock(job.mutex);
  if (job.stopped_by.empty()) job.stopped_by = who;
  job.stop.store(true);
}
}  // namespace

bool SolveJobs::stop(const std::string& id) {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = jobs_.find(id);
  if (it == jobs_.end()) return false;
  const std::shared_ptr<Job> job = it->second;
  ask_to_stop(*job, "request");
  if (std::find(waiting_.begin(), waiting_.end(), job) != waiting_.end()) {
    finish_waiting(job);
    announce_positions();
  }
  return true;
}

void SolveJobs::announce_positions() {
  // Under mutex_. The first max_running - running_ waiting solves are about to start.
  const int free_workers = std::max(0, config_.max_running - running_);
  for (std::size_t i = 0; i < waiting_.size(); ++i) {
    const int position = std::max(0, static_cast<int>(i) + 1 - free_workers);
    Job& job = *waiting_[i];
    std::lock_guard<std::mutex> lock(job.mutex);
    if (job.position == position) continue;
    job.position = position;
    job.publish_locked({"queued", event_text(Json{{"position", position}})});
  }
}

void SolveJobs::keep_finished(const std::shared_ptr<Job>& job) {
  // Under mutex_.
  finished_.push_back(job->id);
  while (finished_.size() > config_.kept) {
    jobs_.erase(finished_.front());
    finished_.pop_front();
  }
}

std::unique_ptr<Subscription> SolveJobs::subscribe(const std::string& id) {
  std::shared_ptr<Job> job;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto it = jobs_.find(id);
    if (it == jobs_.end()) return nullptr;
    job = it->second;
  }
  auto subscriber = std::make_shared<Subscriber>();
  std::lock_guard<std::mutex> lock(job->mutex);
  if (job->state == "queued")
    subscriber->events.push_back({"queued", event_text(Json{{"position", job->position}})});
  else
    subscriber->events.push_back({"started", "{}"});
  for (const JobEvent& e : job->solution_events) subscriber->events.push_back(e);
  if (job->done_event) {
    subscriber->events.push_back(*job->done_event);
    subscriber->ended = true;
  }
  job->subscribers.push_back(subscriber);
  ++job->streams;
  job->ever_streamed = true;
  return std::unique_ptr<Subscription>(new Subscription(job, subscriber));
}

void SolveJobs::work() {
  for (;;) {
    std::shared_ptr<Job> job;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      work_ready_.wait(lock, [&] { return shutting_down_ || !waiting_.empty(); });
      if (shutting_down_) return;
      job = waiting_.front();
      waiting_.pop_front();
      ++running_;
      {
        std::lock_guard<std::mutex> job_lock(job->mutex);
        job->state = "running";
        job->position = 0;
        job->publish_locked({"started", "{}"});
      }
      announce_positions();
    }
    JobEvent done = run_job(job);
    // The queue is updated before "done" is sent: whoever sees it may submit again at once.
    std::lock_guard<std::mutex> lock(mutex_);
    --running_;
    keep_finished(job);
    {
      std::lock_guard<std::mutex> job_lock(job->mutex);
      job->state = "done";
      job->outcome = outcome_of_done(done);
      job->publish_locked(done);
    }
    announce_positions();
  }
}

void SolveJobs::watch() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!shutting_down_) {
    watch_wake_.wait_for(lock, kWatchEvery);
    if (shutting_down_) return;
    const auto now = Clock::now();
    std::vector<std::shared_ptr<Job>> to_stop;
    for (const auto& [id, job] : jobs_) {
      std::lock_guard<std::mutex> job_lock(job->mutex);
      if (job->state == "done" || job->stop.load()) continue;
      const bool orphan = !job->ever_streamed && now - job->created >= config_.orphan;
      const bool abandoned =
          job->ever_streamed && job->streams == 0 && now - job->last_closed >= config_.grace;
      if (orphan || abandoned) to_stop.push_back(job);
    }
    for (const auto& job : to_stop) {
      ask_to_stop(*job, "abandoned");
      if (std::find(waiting_.begin(), waiting_.end(), job) != waiting_.end()) {
        finish_waiting(job);
        announce_positions();
      }
    }
  }
}

JobEvent SolveJobs::run_job(const std::shared_ptr<Job>& job) {
  const Clock::time_point start = Clock::now();
  const auto seconds = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  const Silhouette& silhouette = *job->silhouette;
  const SolvePlan& plan = job->plan;
  const PieceSet& set = plan.config.pieces;

  // Progress, at most every kProgressEvery (the search may call from several threads).
  std::mutex progress_mutex;
  Clock::time_point last_progress = start - kProgressEvery;
  SolveHooks hooks;
  hooks.started = start;
  hooks.stop = &job->stop;
  hooks.progress = [&](const SolveProgress& p) {
    std::lock_guard<std::mutex> lock(progress_mutex);
    const auto now = Clock::now();
    if (now - last_progress < kProgressEvery) return;
    last_progress = now;
    job->publish({"progress", event_text(Json{{"pieces_placed", p.pieces_placed},
                                              {"placements", p.placements},
                                              {"backtracks", p.backtracks},
                                              {"solutions", p.solutions},
                                              {"seconds", rounded(p.seconds)}})});
  };
  // Keeps an assembly for the downloads and streams it.
  const auto keep = [&](long index, FoundAssembly found) {
    const Json event{{"index", index},
                     {"pieces", pieces_json(set, found.drawn.pieces)},
                     {"coverage", rounded(found.drawn.stats.coverage)}};
    {
      std::lock_guard<std::mutex> lock(job->mutex);
      job->found.push_back(std::move(found));
    }
    job->publish({"solution", event_text(event)});
  };
  hooks.assembly = [&](long index, const std::vector<PlacedPiece>& pieces) {
    keep(index, enumerated_assembly(plan, pieces, &silhouette.pattern));
  };
  {
    // An enumeration's documents have no counters, as the JSON lines of solve --all.
    std::lock_guard<std::mutex> lock(job->mutex);
    job->documents_with_stats = plan.goal != Goal::All && plan.goal != Goal::Unique;
  }

  // Steps on the working raster, mapped to the picture's frame as to_original_frame().
  const double scale = silhouette.report.work_scale;
  const Vec2 offset{static_cast<double>(silhouette.report.work_offset.x),
                    static_cast<double>(silhouette.report.work_offset.y)};
  Clock::time_point last_step = start - kStepEvery;
  std::optional<SearchEvent> pending;
  const auto send_step = [&](const SearchEvent& e) {
    // The piece's label: its copy is the next of its shape unless the assembly holds it
    // (placed: the last one).
    std::vector<PlacedPiece> with_piece = e.assembly;
    if (e.type != SearchEventType::Placed || with_piece.empty()) with_piece.push_back(e.piece);
    const Json labelled = pieces_json(set, with_piece);
    job->publish(
        {"step", event_text(Json{{"step", e.step},
                                 {"type", std::string(search_event_name(e.type))},
                                 {"piece", labelled.back()["piece"]},
                                 {"level", e.level},
                                 {"assembly", pieces_json(set, e.assembly, scale, offset)}})});
  };
  if (plan.goal == Goal::One && job->options.show_steps)
    hooks.observer = [&](const SearchEvent& e) {
      const auto now = Clock::now();
      if (now - last_step < kStepEvery) {
        pending = e;
        return;
      }
      last_step = now;
      pending.reset();
      send_step(e);
    };

  std::string outcome = "failed";
  std::string message;
  long found = 0;
  try {
    const SolveResult result = run_solve(plan, silhouette, job->problem.name, hooks);
    if (pending) send_step(*pending);  // never the last step skipped
    found = result.found;
    if (result.found > 0 && plan.goal != Goal::All && plan.goal != Goal::Unique)
      keep(0, result_assembly(plan, result));
    // An assembly rejected on the picture as read: "failed", as the API has always said.
    outcome = result.outcome == outcome_name(Outcome::Invalid) ? "failed" : result.outcome;
    message = first_line(result.summary);
  } catch (const Error& e) {
    outcome = "failed";
    message = in_words(e.tagged());
  } catch (const std::exception& e) {
    outcome = "failed";
    message = std::string("internal error: ") + e.what();
  }
  return {"done", event_text(Json{{"outcome", outcome},
                                  {"message", message},
                                  {"solutions", found},
                                  {"seconds", rounded(seconds())}})};
}

std::optional<std::string> SolveJobs::solution_file(const std::string& id, long index,
                                                    SolutionFormat format) const {
  std::shared_ptr<Job> job;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto it = jobs_.find(id);
    if (it == jobs_.end()) return std::nullopt;
    job = it->second;
  }
  std::optional<FoundAssembly> found;
  bool with_stats = true;
  {
    std::lock_guard<std::mutex> lock(job->mutex);
    if (index < 0 || index >= static_cast<long>(job->found.size())) return std::nullopt;
    found = job->found[static_cast<std::size_t>(index)];
    with_stats = job->documents_with_stats;
  }
  const Pattern& pattern = job->silhouette->pattern;
  switch (format) {
    case SolutionFormat::Json:
      return assembly_json(job->plan, *found, job->problem.id + ".png", with_stats);
    case SolutionFormat::Png: {
      const std::vector<unsigned char> png =
          encode_png(assembly_picture(job->plan, pattern, *found));
      return std::string(png.begin(), png.end());
    }
    case SolutionFormat::Svg:
      return assembly_svg_text(job->plan, pattern, *found, job->problem.name);
  }
  return std::nullopt;
}

void SolveJobs::shutdown() {
  std::vector<std::thread> threads;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!shutting_down_) {
      shutting_down_ = true;
      while (!waiting_.empty()) finish_waiting(waiting_.front());
      for (const auto& [id, job] : jobs_) job->stop.store(true);
    }
    threads.swap(threads_);
  }
  work_ready_.notify_all();
  watch_wake_.notify_all();
  for (std::thread& t : threads) t.join();
}

}  // namespace tangram::web
