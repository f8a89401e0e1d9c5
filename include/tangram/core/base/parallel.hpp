#pragma once
/// \file parallel.hpp
/// The one place that talks to oneTBB. Callers hand over index ranges; each task owns its
/// buffers and results are reduced by index, so outcomes never depend on scheduling.

#include <cstddef>
#include <functional>
#include <memory>

namespace tangram {

/// Runs body(i) for i in [0, n), possibly concurrently.
void parallel_for(std::size_t n, const std::function<void(std::size_t)>& body);

/// True when pred(i) holds for some i in [0, n), evaluated possibly concurrently. Indices start
/// in increasing order (put the likeliest hits first); once one holds, indices not yet started
/// are skipped. The answer never depends on scheduling.
bool parallel_any(std::size_t n, const std::function<bool(std::size_t)>& pred);

/// Number of worker threads parallel_for may use right now.
int max_threads();

/// Jobs that run alongside the caller: on another worker thread, or on the caller's while it
/// waits. Destruction waits for the jobs still running.
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

}  // namespace tangram
