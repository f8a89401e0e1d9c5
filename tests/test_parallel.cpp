#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "tangram/core/base/parallel.hpp"

using namespace tangram;

TEST_CASE("parallel: every index is visited exactly once") {
  for (std::size_t n : {0u, 1u, 2u, 7u, 1000u}) {
    std::vector<std::atomic<int>> visits(n);
    parallel_for(n, [&](std::size_t i) { visits[i].fetch_add(1); });
    for (std::size_t i = 0; i < n; ++i) CHECK(visits[i].load() == 1);
  }
}

TEST_CASE("parallel: isolated loops, nested or not, still visit every index exactly once") {
  for (int threads : {1, 2}) {
    ThreadLimit limit(threads);
    const IsolatedLoops outer;
    std::vector<std::atomic<int>> visits(200);
    parallel_for(20, [&](std::size_t i) {
      const IsolatedLoops inner;
      parallel_for(10, [&](std::size_t j) { visits[10 * i + j].fetch_add(1); });
    });
    for (std::size_t i = 0; i < visits.size(); ++i) CHECK(visits[i].load() == 1);
    CHECK(parallel_any(50, [](std::size_t i) { return i == 37; }));
  }
}

TEST_CASE("parallel: a thread limit holds while it lives") {
  {
    ThreadLimit one(1);
    CHECK(max_threads() == 1);
    std::atomic<int> sum{0};
    parallel_for(100, [&](std::size_t i) { sum += static_cast<int>(i); });
    CHECK(sum.load() == 4950);
  }
  CHECK(max_threads() >= 1);
}

TEST_CASE("parallel: any is true exactly when some index holds, for any thread count") {
  for (int threads : {1, 2}) {
    ThreadLimit limit(threads);
    for (std::size_t n : {0u, 1u, 5u, 300u}) {
      CHECK_FALSE(parallel_any(n, [](std::size_t) { return false; }));
      for (std::size_t hit : {std::size_t{0}, n / 2, n - 1}) {
        if (n == 0) break;
        std::atomic<int> calls{0};
        const bool any = parallel_any(n, [&](std::size_t i) {
          calls.fetch_add(1);
          return i == hit;
        });
        CHECK(any);
        CHECK(calls.load() >= 1);
        CHECK(calls.load() <= static_cast<int>(n));
      }
    }
  }
}

TEST_CASE("parallel: any takes indices in order, so a hit early in the range stops it early") {
  for (int threads : {1, 2}) {
    ThreadLimit limit(threads);
    for (std::size_t hit : {std::size_t{0}, std::size_t{3}, std::size_t{40}}) {
      std::atomic<int> calls{0};
      std::atomic<std::size_t> highest{0};
      CHECK(parallel_any(100, [&](std::size_t i) {
        calls.fetch_add(1);
        std::size_t seen = highest.load();
        while (i > seen && !highest.compare_exchange_weak(seen, i)) {}
        if (i == hit) return true;
        // Misses are slow, so a thread working far from the hit would be caught at it.
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
        return false;
      }));
      if (threads == 1) {
        CHECK(calls.load() == static_cast<int>(hit) + 1);
      } else {
        // Another thread may take an index or two past the hit before it sees the hit (more
        // only if this one stalls for several milliseconds); splitting the range in halves
        // would have it start at 50.
        CHECK(highest.load() < hit + 8);
      }
    }
  }
}
