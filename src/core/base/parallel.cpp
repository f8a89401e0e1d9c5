#include "tangram/core/base/parallel.hpp"

#include <algorithm>
#include <atomic>
#include <optional>

#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_invoke.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>
#include <opencv2/core/utility.hpp>

namespace tangram {

namespace {

/// IsolatedLoops alive on this thread.
thread_local int isolated_loops = 0;

}  // namespace

IsolatedLoops::IsolatedLoops() { ++isolated_loops; }
IsolatedLoops::~IsolatedLoops() { --isolated_loops; }

void parallel_for(std::size_t n, const std::function<void(std::size_t)>& body) {
  if (n == 0) return;
  if (n == 1) {
    body(0);
    return;
  }
  // Grain size 1: configurations differ a lot in cost, so let the scheduler balance them.
  const auto loop = [&] {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 1),
                      [&](const tbb::blocked_range<std::size_t>& r) {
                        for (std::size_t i = r.begin(); i != r.end(); ++i) body(i);
                      });
  };
  if (isolated_loops > 0)
    tbb::this_task_arena::isolate(loop);
  else
    loop();
}

bool parallel_any(std::size_t n, const std::function<bool(std::size_t)>& pred) {
  // Indices are handed out in order from a shared counter, not split into halves: callers
  // put the likeliest hits first, so a second thread works on the next likeliest index rather
  // than on the far end of the range, which a hit early in it makes useless.
  std::atomic<bool> found{false};
  std::atomic<std::size_t> next{0};
  const std::size_t workers = std::min(n, static_cast<std::size_t>(max_threads()));
  parallel_for(workers, [&](std::size_t) {
    for (std::size_t i; !found.load(std::memory_order_relaxed) && (i = next++) < n;)
      if (pred(i)) found.store(true, std::memory_order_relaxed);
  });
  return found.load();
}

void parallel_invoke(const std::function<void()>& a, const std::function<void()>& b) {
  if (max_threads() < 2) {
    a();
    b();
    return;
  }
  tbb::this_task_arena::isolate([&] { tbb::parallel_invoke(a, b); });
}

int max_threads() {
  return static_cast<int>(
      tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism));
}

struct TaskGroup::Impl {
  tbb::task_group group;
};

TaskGroup::TaskGroup() : impl_(std::make_unique<Impl>()) {}
TaskGroup::~TaskGroup() { impl_->group.wait(); }
void TaskGroup::run(std::function<void()> job) { impl_->group.run(std::move(job)); }
void TaskGroup::wait() { impl_->group.wait(); }

struct ThreadLimit::Impl {
  explicit Impl(int threads)
      : control(tbb::global_control::max_allowed_parallelism,
                static_cast<std::size_t>(threads > 0 ? threads
                                                     : tbb::this_task_arena::max_concurrency())) {}
  tbb::global_control control;
};

ThreadLimit::ThreadLimit(int threads) : impl_(std::make_unique<Impl>(threads)) {}
ThreadLimit::~ThreadLimit() = default;

void limit_process_threads(int threads) {
  static std::optional<tbb::global_control> control;
  control.emplace(
      tbb::global_control::max_allowed_parallelism,
      static_cast<std::size_t>(threads > 0 ? threads : tbb::this_task_arena::max_concurrency()));
  // OpenCV's loops (reading a figure, distance transforms) would start a worker of their own.
  if (threads == 1) cv::setNumThreads(1);
}

}  // namespace tangram
