// The convex-figures job (convex.hpp): candidates, their verdicts, names and the summary.

#include "tangram/service/convex.hpp"

#include <chrono>
#include <map>

#include "tangram/core/base/error.hpp"
#include "tangram/core/base/format.hpp"

namespace tangram {

namespace {

/// The kind of a polygon by its corners and sides: "triangle", "square", "rectangle",
/// "rhombus", "parallelogram", "trapezoid", "quadrilateral", "pentagon", "hexagon"...
std::string kind_of(const ConvexPolygon& p) {
  const std::size_t n = p.corners.size();
  static const char* const names[] = {"triangle", "quadrilateral", "pentagon",
                                      "hexagon",  "heptagon",      "octagon"};
  if (n != 4) return n >= 3 && n <= 8 ? names[n - 3] : std::to_string(n) + "-gon";
  std::vector<cv::Point> side;
  for (std::size_t i = 0; i < 4; ++i) side.push_back(p.side_steps[i] * p.side_vectors[i]);
  const auto cross = [](cv::Point a, cv::Point b) { return long{a.x} * b.y - long{a.y} * b.x; };
  const auto dot = [](cv::Point a, cv::Point b) { return long{a.x} * b.x + long{a.y} * b.y; };
  const bool parallel02 = cross(side[0], side[2]) == 0, parallel13 = cross(side[1], side[3]) == 0;
  const bool equal = dot(side[0], side[0]) == dot(side[1], side[1]);
  const bool right = dot(side[0], side[1]) == 0;
  if (parallel02 && parallel13)
    return right ? (equal ? "square" : "rectangle") : (equal ? "rhombus" : "parallelogram");
  return parallel02 || parallel13 ? "trapezoid" : "quadrilateral";
}

}  // namespace

void check_convex_options(const ConvexOptions& o, const OptionWords& words) {
  if (!(o.time_limit_s > 0))
    throw UsageError(words("time-limit", {}) + " must be a positive number of seconds");
  if (o.threads < 0)
    throw UsageError(words("threads", {}) + " must be 0 (all cores) or more, got " +
                     std::to_string(o.threads));
}

ConvexFigures generate_convex_figures(const ConvexOptions& options,
                                      std::chrono::steady_clock::time_point started,
                                      const ConvexProgress& progress, const std::atomic<bool>* stop,
                                      const OptionWords& words) {
  check_convex_options(options, words);
  SolveOptions solve;
  solve.pieces = options.pieces;
  solve.threads = options.threads;
  solve.all = true;
  solve.up_to_symmetry = true;
  solve.time_limit_s = options.time_limit_s;
  ConvexFigures run;
  run.plan = plan_solve(solve, words);
  SolverConfig config = run.plan.config;
  config.search.started = started;
  EnumerationConfig enumeration = run.plan.enumeration;
  enumeration.stop = stop;
  if (!options.all) enumeration.max_solutions = 1;
  const PieceSet& set = config.pieces;

  const std::vector<ConvexPolygon> candidates =
      convex_candidates(set, ConvexCandidatesConfig{config.search.reflection});
  run.candidates = static_cast<long>(candidates.size());
  std::map<std::string, int> kinds;  // figures of each kind, for the names
  long decided = 0;
  // Once the time limit or the stop has come, the candidates left are not started: undecided.
  const auto over = [&] {
    return (stop != nullptr && stop->load()) ||
           std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() >=
               options.time_limit_s;
  };
  for (const ConvexPolygon& polygon : candidates) {
    ConvexFigure figure;
    figure.polygon = polygon;
    if (over()) {
      run.undecided.push_back(std::move(figure));
      if (progress) progress(++decided, run.candidates, static_cast<long>(run.formed.size()));
      continue;
    }
    figure.verdict = decide_convex_candidate(polygon, config, enumeration);
    if (figure.formed()) {
      const std::string kind = kind_of(polygon);
      figure.name = kind + "-" + std::to_string(++kinds[kind]);
      // A complete count needs the enumeration to the end; one assembly is enough without --all.
      if (options.all && !figure.verdict.enumeration.exhausted) run.undecided.push_back(figure);
      run.formed.push_back(std::move(figure));
    } else if (figure.proved_empty()) {
      run.rejected.push_back(std::move(figure));
    } else {
      run.undecided.push_back(std::move(figure));
    }
    if (progress) progress(++decided, run.candidates, static_cast<long>(run.formed.size()));
  }
  // A kind with one figure is named without its number ("square", not "square-1").
  for (ConvexFigure& f : run.formed) {
    const std::string kind = f.name.substr(0, f.name.rfind('-'));
    if (kinds[kind] == 1) f.name = kind;
  }
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  run.answer = !run.undecided.empty() ? Answer::Incomplete
               : run.formed.empty()   ? Answer::None
                                      : Answer::Found;
  run.summary =
      std::to_string(run.formed.size()) + " convex figure" + (run.formed.size() == 1 ? "" : "s") +
      " of " + set.name() + " (" + std::to_string(run.candidates) + " candidate polygons, " +
      std::to_string(run.rejected.size()) + " proved to have no assembly" +
      (run.undecided.empty() ? "" : ", " + std::to_string(run.undecided.size()) + " not decided") +
      ") in " + detail::fixed(run.seconds, 1) + " s";
  return run;
}

std::string convex_figure_json(const ConvexFigures& run, const ConvexFigure& figure,
                               const std::string& pattern_name) {
  return assembly_json(
      run.plan, enumerated_assembly(run.plan, figure.verdict.pieces, &figure.verdict.pattern),
      pattern_name, false);
}

}  // namespace tangram
