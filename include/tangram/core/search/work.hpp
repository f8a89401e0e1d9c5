#pragma once
/// \file search/work.hpp
/// The work a solve has done, in nominal seconds: what its stages and phases end on, so that
/// where a solve goes does not depend on the machine's speed, its load or the thread count.

#include <atomic>
#include <cstdint>

namespace tangram {

/// Work charged by a solve's searches from their sequential drivers, each by its own cost model
/// (docs/design/determinism.md), in nominal seconds: about the seconds one thread of the
/// development machine takes. Safe to charge and read from any thread.
class WorkMeter {
public:
  void charge(double seconds) {
    ns_.fetch_add(static_cast<std::int64_t>(seconds * 1e9), std::memory_order_relaxed);
  }
  double seconds() const { return 1e-9 * static_cast<double>(ns_.load(std::memory_order_relaxed)); }
  /// Sets the meter back to `seconds` (at most seconds()): a search that answers with what it
  /// reached before work it did ahead (on other threads) counts the work up to it.
  void rewind(double seconds) {
    ns_.store(static_cast<std::int64_t>(seconds * 1e9), std::memory_order_relaxed);
  }

private:
  std::atomic<std::int64_t> ns_{0};
};

/// Whether `meter` (may be null: never) has reached `limit_s` nominal seconds.
inline bool work_reached(const WorkMeter* meter, double limit_s) {
  return meter != nullptr && meter->seconds() >= limit_s;
}

}  // namespace tangram
