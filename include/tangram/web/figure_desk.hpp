#pragma once
/// \file figure_desk.hpp
/// New problems from a set (docs/web-api.md, "New figures"), without HTTP: puzzles made to
/// order (`generate puzzles`) and the set's convex figures (`generate convex`), the latter
/// found once per set and kept.

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "tangram/web/problem_library.hpp"

namespace tangram {
struct ConvexFigures;
}

namespace tangram::web {

/// Most puzzles one request may ask for.
inline constexpr int kMaxGeneratedPuzzles = 20;

/// Longest the convex figures of a set may take to find (s); a set not done by then is answered
/// with the figures found and "complete": false.
inline constexpr double kConvexSeconds = 60.0;

/// Puzzles made to order from BODY ({"set", "count", "style", "holes", "seed"}, as `tangram
/// generate puzzles` takes them; count at most kMaxGeneratedPuzzles), as new problems of source
/// "generated", and the run's summary line. Throws UsageError for a bad body.
std::vector<NewProblem> generated_puzzles(const std::string& body, int threads,
                                          std::string& summary);

class ConvexDesk {
public:
  ConvexDesk();
  ~ConvexDesk();
  ConvexDesk(const ConvexDesk&) = delete;
  ConvexDesk& operator=(const ConvexDesk&) = delete;

  /// {"set", "summary", "complete", "figures": [{"name", "corners": [[x, y], ...], "sides"}]}:
  /// the set's convex figures, corners in set units. Throws UsageError for a set without a
  /// lattice, InputError for an unknown set.
  std::string figures_json(const std::string& set, int threads);

  /// The figure `name` of the set as a new problem (source "convex"); nullopt when the set has
  /// no such figure.
  std::optional<NewProblem> figure_problem(const std::string& set, const std::string& name,
                                           int threads);

private:
  std::shared_ptr<const ConvexFigures> figures(const std::string& set, int threads);
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const ConvexFigures>> done_;
};

}  // namespace tangram::web
