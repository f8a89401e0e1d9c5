#pragma once
/// \file play_desk.hpp
/// The play endpoints of `tangram serve` (docs/web-api.md, "Play"), without HTTP: a problem's
/// figure for the player, the verdict on the player's pieces, and hints within a time limit.

#include <atomic>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

#include "tangram/web/solve_jobs.hpp"

namespace tangram::web {

/// Longest a hint may search (s); the request's time_limit is cut to it.
inline constexpr double kMaxHintSeconds = 30.0;

/// Most pieces a check or a hint request may hold.
inline constexpr std::size_t kMaxPlayPieces = 64;

class PlayDesk {
public:
  /// At most `max_hints` hints search at a time; more are refused (hint_json() nullopt).
  explicit PlayDesk(int max_hints = 2) : max_hints_(max_hints) {}

  /// {"unit_px", "width", "height", "outer": [rings], "holes": [rings]}, set units.
  std::string figure_json(const JobProblem& problem) const;

  /// The verdict on BODY's "pieces" ([{"piece", "x", "y", "angle", "mirror"}], set units):
  /// {"solved", "all_placed", "coverage", "overlap", "spill", "reasons", "gaps"}. Throws
  /// UsageError or InputError for a bad body.
  std::string check_json(const JobProblem& problem, const std::string& body) const;

  /// A hint for BODY's "pieces" within its "time_limit" (s, default 10): {"kind": "piece",
  /// "blocked", "solved" or "unknown", "text", "piece", "blocking", "assembly"}. Nullopt when
  /// max_hints are already searching.
  std::optional<std::string> hint_json(const JobProblem& problem, const std::string& body);

  /// Ends the hints searching now; later ones end at once.
  void shutdown() { stop_.store(true); }

  /// How many problems' readings are kept (the most recently used), so that a player's checks
  /// do not read the picture again.
  static constexpr std::size_t kCachedProblems = 16;

private:
  struct Reading;  // a problem's picture, read for its set
  /// The problem's reading, from the cache when its ID, set and picture are the same.
  std::shared_ptr<const Reading> reading(const JobProblem& problem) const;

  mutable std::mutex cache_mutex_;
  /// (ID, set, picture's hash and size) to its reading, the most recent first.
  mutable std::list<std::pair<std::string, std::shared_ptr<const Reading>>> cache_;
  int max_hints_;
  std::atomic<int> running_{0};
  std::atomic<bool> stop_{false};
};

}  // namespace tangram::web
