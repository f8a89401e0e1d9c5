// New problems from a set (figure_desk.hpp): puzzles made to order and convex figures.

#include "tangram/web/figure_desk.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "tangram/core/base/error.hpp"
#include "tangram/io/detail/json.hpp"
#include "tangram/io/piece_sets.hpp"
#include "tangram/io/png.hpp"
#include "tangram/service/convex.hpp"
#include "tangram/service/puzzles.hpp"

namespace tangram::web {

namespace {

using tangram::detail::Json;

/// A figure's pixels (255 = figure) as the library's picture: dark on white, PNG.
std::string silhouette_png(const Pattern& pattern) {
  const std::vector<unsigned char> bytes = encode_png(cv::Mat1b(255 - pattern.puzzle));
  return std::string(bytes.begin(), bytes.end());
}

const Json& field(const Json& body, const char* key, bool (Json::*is)() const, const char* what) {
  static const Json none;
  const auto it = body.find(key);
  if (it == body.end()) return none;
  if (!((*it).*is)()) throw UsageError(std::string("\"") + key + "\" must be " + what);
  return *it;
}

/// Refuses a set that is not built in (a request never names a file).
void check_builtin(const std::string& set) {
  const std::vector<std::string> names = builtin_piece_set_names();
  if (std::find(names.begin(), names.end(), set) == names.end())
    throw UsageError("\"" + set + "\" is not a built-in set (" + [&] {
      std::string all;
      for (const std::string& n : names) all += (all.empty() ? "" : ", ") + n;
      return all;
    }() + ")");
}

}  // namespace

std::vector<NewProblem> generated_puzzles(const std::string& body, int threads,
                                          std::string& summary) {
  const Json j = tangram::detail::parse_json(body);
  if (!j.is_object()) throw UsageError("the request body must be a JSON object");
  PuzzleOptions options;
  options.count = 5;
  options.threads = threads;
  if (const Json& v = field(j, "set", &Json::is_string, "a set's name"); !v.is_null())
    options.pieces = v.get<std::string>();
  check_builtin(options.pieces);
  if (const Json& v = field(j, "count", &Json::is_number_integer, "a whole number"); !v.is_null())
    options.count = v.get<int>();
  if (options.count < 1 || options.count > kMaxGeneratedPuzzles)
    throw UsageError("\"count\" must be in 1.." + std::to_string(kMaxGeneratedPuzzles));
  if (const Json& v = field(j, "style", &Json::is_string, "sprawling or compact"); !v.is_null())
    options.style = v.get<std::string>();
  if (const Json& v = field(j, "holes", &Json::is_boolean, "true or false"); !v.is_null())
    options.holes = v.get<bool>();
  if (const Json& v = field(j, "seed", &Json::is_number_unsigned, "a whole number"); !v.is_null())
    options.seed = v.get<std::uint64_t>();
  check_puzzle_options(options);
  const SilhouettePuzzles run = make_silhouette_puzzles(options);
  summary = run.summary;
  std::vector<NewProblem> out;
  for (const SilhouettePuzzle& p : run.puzzles) {
    NewProblem problem;
    problem.name = options.pieces + " " + p.name + " (seed " + std::to_string(options.seed) + ")";
    problem.set = options.pieces;
    problem.source = "generated";
    problem.png = silhouette_png(p.pattern);
    out.push_back(std::move(problem));
  }
  return out;
}

ConvexDesk::ConvexDesk() = default;
ConvexDesk::~ConvexDesk() = default;

std::shared_ptr<const ConvexFigures> ConvexDesk::figures(const std::string& set, int threads) {
  std::lock_guard<std::mutex> lock(mutex_);  // one set at a time: each is found once
  if (const auto it = done_.find(set); it != done_.end()) return it->second;
  check_builtin(set);
  ConvexOptions options;
  options.pieces = set;
  options.threads = threads;
  options.time_limit_s = kConvexSeconds;
  check_convex_options(options);
  auto run = std::make_shared<const ConvexFigures>(
      generate_convex_figures(options, std::chrono::steady_clock::now()));
  done_[set] = run;
  return run;
}

std::string ConvexDesk::figures_json(const std::string& set, int threads) {
  const std::shared_ptr<const ConvexFigures> run = figures(set, threads);
  Json figures = Json::array();
  for (const ConvexFigure& f : run->formed) {
    Json corners = Json::array();
    for (const cv::Point& c : f.polygon.corners)
      corners.push_back(Json::array({c.x * f.polygon.step, c.y * f.polygon.step}));
    figures.push_back(
        Json{{"name", f.name}, {"corners", corners}, {"sides", side_lengths_text(f.polygon)}});
  }
  return Json{{"set", set},
              {"summary", run->summary},
              {"complete", run->answer == Answer::Found},
              {"figures", figures}}
      .dump();
}

std::optional<NewProblem> ConvexDesk::figure_problem(const std::string& set,
                                                     const std::string& name, int threads) {
  const std::shared_ptr<const ConvexFigures> run = figures(set, threads);
  for (const ConvexFigure& f : run->formed)
    if (f.name == name) {
      NewProblem problem;
      problem.name = set + " convex " + name;
      problem.set = set;
      problem.source = "convex";
      problem.png = silhouette_png(f.verdict.pattern);
      return problem;
    }
  return std::nullopt;
}

}  // namespace tangram::web
