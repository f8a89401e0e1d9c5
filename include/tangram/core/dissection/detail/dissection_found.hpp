#pragma once
/// \file dissection_found.hpp
/// What a congruent dissection search has found and whether it must stop, for every search.

#include <chrono>
#include <set>
#include <utility>

#include "tangram/core/dissection/congruent_dissection.hpp"

namespace tangram::detail {

/// The distinct dissections found, the steps, and the stop (max_solutions or the deadline).
class DissectionFound {
public:
  DissectionFound(const Cells& figure, const DissectConfig& config)
      : figure_(figure), config_(config) {}

  /// Keeps dissection `d` (its pieces connected and congruent: the search's proof).
  void keep(Dissection d) {
    found_.insert(config_.up_to_symmetry ? canonical_up_to_symmetry(figure_, d)
                                         : canonical(std::move(d)));
    if (config_.max_solutions > 0 && static_cast<long>(found_.size()) >= config_.max_solutions)
      stopped_ = true;
  }

  /// Counts a search step; whether to stop (the deadline is read every 1024 steps).
  bool stop() {
    if (stopped_) return true;
    if ((++nodes_ & 1023) == 0 && std::chrono::steady_clock::now() >= config_.deadline)
      stopped_ = timed_out_ = true;
    return stopped_;
  }

  /// Whether the search stopped (without counting a step).
  bool stopped() const { return stopped_; }

  DissectResult result() const {
    DissectResult r;
    r.solutions.assign(found_.begin(), found_.end());
    r.complete = !stopped_;
    r.timed_out = timed_out_;
    r.nodes = nodes_;
    return r;
  }

private:
  const Cells& figure_;
  const DissectConfig& config_;
  std::set<Dissection> found_;
  bool stopped_ = false, timed_out_ = false;
  long nodes_ = 0;
};

}  // namespace tangram::detail
