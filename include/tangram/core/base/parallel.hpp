#pragma once
/// \file parallel.hpp
/// The one place that talks to oneTBB: index ranges in parallel, results independent of
/// scheduling.

#include <cstddef>
#include <functional>
#include <memory>

namespace tangram {

/// Runs body(i) for i in [0, n), possibly concurrently.
void parallel_for(std::size_t n, const std::function<void(std::size_t)>& body);

/// True when pred(i) holds for some i in [0, n); indices start in order, later ones skipped
/// once one holds.
bool parallel_any(std::size_t n, const std::function<bool(std::size_t)>& pred);

/// Runs `a` and `b`, possibly concurrently; returns when both have ended. While waiting, the
/// caller runs no task but theirs (nor a long job started elsewhere).
void parallel_invoke(const std::function<void()>& a, const std::function<void()>& b);

/// Number of worker threads parallel_for may use right now.
int max_threads();

/// While alive, the calling thread's parallel_for() and parallel_any() take no task but their
/// own while they wait: a thread running a long job of its own (a subtree of a search) does not
/// pick up another thread's long job in the middle of its loops.
class IsolatedLoops {
public:
  IsolatedLoops();
  ~IsolatedLoops();
  IsolatedLoops(const IsolatedLoops&) = delete;
  IsolatedLoops& operator=(const IsolatedLoops&) = delete;
};

/// Jobs that run alongside the caller; destruction waits for those still running.
class TaskGroup {
public:
  TaskGroup();
  ~TaskGroup();
  TaskGroup(const TaskGroup&) = delete;
  TaskGroup& operator=(const TaskGroup&) = delete;

  /// Starts `job`.
  void run(std::function<void()> job);
  /// Returns when every job started so far has finished; rethrows an exception a job threw.
  void wait();

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Limits parallel_for to `threads` workers while alive (0 = all hardware threads).
class ThreadLimit {
public:
  explicit ThreadLimit(int threads);
  ~ThreadLimit();
  ThreadLimit(const ThreadLimit&) = delete;
  ThreadLimit& operator=(const ThreadLimit&) = delete;

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// For a process that runs one job: limits parallel_for, and OpenCV's own loops, to `threads`
/// workers (0 = all hardware threads) until the process ends or the next call. Not for jobs
/// side by side in one process (ThreadLimit is).
void limit_process_threads(int threads);

}  // namespace tangram
