#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "tangram/parallel.hpp"

using namespace tangram;

TEST_CASE("parallel: every index is visited exactly once") {
  for (std::size_t n : {0u, 1u, 2u, 7u, 1000u}) {
    std::vector<std::atomic<int>> visits(n);
    parallel_for(n, [&](std::size_t i) { visits[i].fetch_add(1); });
    for (std::size_t i = 0; i < n; ++i) CHECK(visits[i].load() == 1);
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

TEST_CASE("parallel: any takes indices in order, so a hit at h costs at most h + threads calls") {
  for (int threads : {1, 2}) {
    ThreadLimit limit(threads);
    for (std::size_t hit : {std::size_t{0}, std::size_t{3}, std::size_t{40}}) {
      std::atomic<int> calls{0};
      CHECK(parallel_any(100, [&](std::size_t i) {
        calls.fetch_add(1);
        // Slow enough that a second thread starting anywhere else would make several calls.
        std::this_thread::sleep_for(std::chrono::microseconds(200));
        return i == hit;
      }));
      if (threads == 1)
        CHECK(calls.load() == static_cast<int>(hit) + 1);
      else
        CHECK(calls.load() <= static_cast<int>(hit) + threads);
    }
  }
}
