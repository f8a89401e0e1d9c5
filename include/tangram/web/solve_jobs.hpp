#pragma once
/// \file solve_jobs.hpp
/// The solves of `tangram serve` (docs/web-api.md, "Solves"): a queue of solves run by the solve
/// service, their events for the streams that follow them, their solutions. No HTTP here.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "tangram/service/solve_options.hpp"

namespace tangram::web {

/// Most assemblies a solve keeps (and streams); its max_solutions is at most this.
inline constexpr long kMaxJobSolutions = 1000;

/// The solve options of OPTIONS (a JSON object of docs/web-api.md, every field optional, the
/// command line's defaults otherwise; max_solutions kMaxJobSolutions), checked as the command
/// line checks its options. Throws UsageError with the command line's line ("--strategy:
/// unknown strategy 'x' (choose one of ...)") for a bad field; InputError for malformed JSON.
SolveOptions job_options_from_json(const std::string& json);

/// The problem a solve works on: its picture and set, as the library holds them.
struct JobProblem {
  std::string id;    ///< the problem's ID
  std::string name;  ///< names the pattern in documents and messages
  std::string set;   ///< built-in piece set
  std::string png;   ///< the picture's bytes
};

/// One event of a solve's stream: `name` ("queued", "started", "progress", "step",
/// "solution", "done") and its data, one line of JSON.
struct JobEvent {
  std::string name;
  std::string data;
};

/// The queue's limits and the stream rules' times.
struct JobsConfig {
  int max_running = 1;    ///< solves at a time (--max-solves)
  int max_waiting = 16;   ///< solves waiting (--max-queue); more are refused
  std::size_t kept = 32;  ///< finished solves kept for their downloads
  /// The last stream closed and none reopened within this: the solve is stopped. (The server's
  /// streams ask the browser to reconnect within 1 s.)
  std::chrono::milliseconds grace{2000};
  /// No stream ever opened within this after the solve was made: it is stopped.
  std::chrono::milliseconds orphan{30000};
  /// Search threads of each solve (SearchConfig::threads; 0 = all cores).
  int threads = 0;
};

/// A solve's state, as GET /api/solves/ID shows it.
struct JobStatus {
  std::string id;
  std::string problem;
  std::string state;  ///< queued, running or done
  int position = 0;   ///< 0 running (or done), k = k-th waiting
  long solutions = 0;
  std::string outcome;  ///< empty until done
  /// For a stopped solve: "request" (POST .../stop, a closed page's beacon) or "abandoned"
  /// (no stream within the grace).
  std::string stopped_by;
};

/// Why submit() refused a solve.
enum class SubmitRefusal { QueueFull, ShuttingDown };

/// A solve submitted: its ID and queue position, or why not.
struct Submitted {
  std::string id;
  int position = 0;
  std::optional<SubmitRefusal> refused;
};

/// Which picture of a solution: JSON document, PNG or SVG.
enum class SolutionFormat { Json, Png, Svg };

namespace detail {
struct Job;
struct Subscriber;
}  // namespace detail

/// A stream of one solve's events. Open ones keep the solve alive (see JobsConfig::grace);
/// destroying it closes the stream.
class Subscription {
public:
  ~Subscription();
  Subscription(const Subscription&) = delete;
  Subscription& operator=(const Subscription&) = delete;

  /// The next event, waiting at most `timeout`; nullopt when none came in that time. After
  /// the "done" event (or when the server shuts down) it returns an event named "" at once:
  /// the stream is over.
  std::optional<JobEvent> next(std::chrono::milliseconds timeout);

private:
  friend class SolveJobs;
  Subscription(std::shared_ptr<detail::Job> job, std::shared_ptr<detail::Subscriber> subscriber);
  std::shared_ptr<detail::Job> job_;
  std::shared_ptr<detail::Subscriber> subscriber_;
};

/// The queue: at most max_running solves at a time and max_waiting waiting; its threads (the
/// workers and a watcher of the stream rules) start with it and are joined by shutdown().
class SolveJobs {
public:
  explicit SolveJobs(JobsConfig config = {});
  ~SolveJobs();
  SolveJobs(const SolveJobs&) = delete;
  SolveJobs& operator=(const SolveJobs&) = delete;

  /// Checks `options` against the problem as the command line would (the set's pieces, the
  /// rotation step, what an enumeration refuses: UsageError with the line; at most
  /// kMaxJobSolutions assemblies) and queues the solve. IDs are "s1", "s2", ... in order.
  Submitted submit(const JobProblem& problem, const SolveOptions& options);

  /// The solve's state; nullopt for an unknown (or forgotten) ID.
  std::optional<JobStatus> status(const std::string& id) const;

  /// Asks the solve to stop (a waiting one ends at once); false for an unknown ID. A finished
  /// solve stays as it was.
  bool stop(const std::string& id);

  /// Opens a stream of the solve's events: its "queued" position (waiting) or "started"
  /// (running), the "solution"s so far, "done" when finished, then what comes. Null for an
  /// unknown ID.
  std::unique_ptr<Subscription> subscribe(const std::string& id);

  /// Solution `index` (from 0) of a solve as a document or a picture: the JSON as `tangram
  /// solve --json` writes it, the PNG as --image, the SVG as --svg. Nullopt for an unknown
  /// solve or index.
  std::optional<std::string> solution_file(const std::string& id, long index,
                                           SolutionFormat format) const;

  /// Solves running and waiting now.
  int running() const;
  int waiting() const;

  /// Threads this object has started and not yet joined (workers and watcher).
  int threads() const;

  /// Stops every solve (running ones through their stop flag, waiting ones at once), ends
  /// every stream and joins the threads. Idempotent.
  void shutdown();

private:
  void work();
  void watch();
  /// Runs the solve and returns its "done" event (the worker sends it).
  JobEvent run_job(const std::shared_ptr<detail::Job>& job);
  void finish_waiting(std::shared_ptr<detail::Job> job);
  void announce_positions();
  void keep_finished(const std::shared_ptr<detail::Job>& job);

  JobsConfig config_;
  mutable std::mutex mutex_;
  std::condition_variable work_ready_;
  std::condition_variable watch_wake_;
  bool shutting_down_ = false;
  std::uint64_t next_id_ = 1;
  std::map<std::string, std::shared_ptr<detail::Job>> jobs_;  // every job not forgotten
  std::deque<std::shared_ptr<detail::Job>> waiting_;
  std::deque<std::string> finished_;  // IDs of finished jobs, oldest first
  int running_ = 0;
  std::vector<std::thread> threads_;
};

}  // namespace tangram::web
