#include "tangram/parallel.hpp"

#include <atomic>

#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_group.h>
#include <tbb/task_arena.h>

namespace tangram {

void parallel_for(std::size_t n, const std::function<void(std::size_t)>& body) {
  if (n == 0) return;
  if (n == 1) {
    body(0);
    return;
  }
  // Grain size 1: configurations differ a lot in cost, so let the scheduler balance them.
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 1),
                    [&](const tbb::blocked_range<std::size_t>& r) {
                      for (std::size_t i = r.begin(); i != r.end(); ++i) body(i);
                    });
}

bool parallel_any(std::size_t n, const std::function<bool(std::size_t)>& pred) {
  std::atomic<bool> found{false};
  parallel_for(n, [&](std::size_t i) {
    if (!found.load(std::memory_order_relaxed) && pred(i))
      found.store(true, std::memory_order_relaxed);
  });
  return found.load();
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

}  // namespace tangram
