// The play endpoints' work (play_desk.hpp): the play service on a library problem.

#include "tangram/web/play_desk.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

#include "tangram/core/base/error.hpp"
#include "tangram/io/detail/json.hpp"
#include "tangram/io/pattern_png.hpp"
#include "tangram/io/piece_sets.hpp"
#include "tangram/service/option_words.hpp"
#include "tangram/service/play.hpp"

namespace tangram::web {

namespace {

using tangram::detail::Json;

/// Default time limit of a hint (s).
constexpr double kHintSeconds = 10.0;

double in_millionths(double v) { return std::round(v * 1e6) / 1e6; }

Json rings_json(const std::vector<Polygon>& rings) {
  Json out = Json::array();
  for (const Polygon& ring : rings) {
    Json points = Json::array();
    for (const Vec2& v : ring)
      points.push_back(Json::array({in_millionths(v.x), in_millionths(v.y)}));
    out.push_back(points);
  }
  return out;
}

Json piece_json(const PlayerPiece& p) {
  return Json{{"piece", p.piece},
              {"x", in_millionths(p.x)},
              {"y", in_millionths(p.y)},
              {"angle", in_millionths(p.angle_deg)},
              {"mirror", p.mirror}};
}

}  // namespace

/// A solve plan of the problem's set (hints' default time limit), and its picture read by it.
struct PlayDesk::Reading {
  SolvePlan plan;
  Silhouette silhouette;
};

std::shared_ptr<const PlayDesk::Reading> PlayDesk::reading(const JobProblem& problem) const {
  const std::string key = problem.id + '\n' + problem.set + '\n' +
                          std::to_string(std::hash<std::string>{}(problem.png)) + '\n' +
                          std::to_string(problem.png.size());
  {
    const std::lock_guard<std::mutex> lock(cache_mutex_);
    for (auto it = cache_.begin(); it != cache_.end(); ++it)
      if (it->first == key) {
        cache_.splice(cache_.begin(), cache_, it);
        return cache_.front().second;
      }
  }
  SolveOptions options;
  options.pieces = problem.set;
  options.time_limit_s = kHintSeconds;
  std::optional<PieceSetFile> set;
  if (problem.set != SolverConfig().pieces.name()) set = builtin_piece_set(problem.set);
  auto read = std::make_shared<Reading>();
  read->plan = plan_solve(options, cli_words, set ? &*set : nullptr);
  read->silhouette = decode_silhouette(problem.png, read->plan.input, problem.name);
  const std::lock_guard<std::mutex> lock(cache_mutex_);
  cache_.emplace_front(key, read);
  if (cache_.size() > kCachedProblems) cache_.pop_back();
  return read;
}

namespace {

double number(const Json& j, const char* key, double fallback) {
  const auto it = j.find(key);
  if (it == j.end()) return fallback;
  if (!it->is_number()) throw UsageError(std::string("\"") + key + "\" must be a number");
  return it->get<double>();
}

/// The body's "pieces".
std::vector<PlayerPiece> body_pieces(const Json& body) {
  const auto it = body.find("pieces");
  if (it == body.end() || !it->is_array())
    throw UsageError("the request needs \"pieces\": an array of {piece, x, y, angle, mirror}");
  if (it->size() > kMaxPlayPieces)
    throw UsageError("at most " + std::to_string(kMaxPlayPieces) + " pieces");
  std::vector<PlayerPiece> out;
  for (const Json& p : *it) {
    if (!p.is_object() || !p.contains("piece") || !p["piece"].is_string())
      throw UsageError("each piece needs \"piece\", its name");
    PlayerPiece piece;
    piece.piece = p["piece"].get<std::string>();
    piece.x = number(p, "x", 0.0);
    piece.y = number(p, "y", 0.0);
    piece.angle_deg = number(p, "angle", 0.0);
    if (p.contains("mirror")) {
      if (!p["mirror"].is_boolean()) throw UsageError("\"mirror\" must be true or false");
      piece.mirror = p["mirror"].get<bool>();
    }
    out.push_back(std::move(piece));
  }
  return out;
}

Json body_json(const std::string& body) {
  Json j = tangram::detail::parse_json(body);
  if (!j.is_object()) throw UsageError("the request body must be a JSON object");
  return j;
}

/// Decrements a counter when it goes.
class Slot {
public:
  explicit Slot(std::atomic<int>& n) : n_(n) {}
  ~Slot() { --n_; }
  Slot(const Slot&) = delete;
  Slot& operator=(const Slot&) = delete;

private:
  std::atomic<int>& n_;
};

}  // namespace

std::string PlayDesk::figure_json(const JobProblem& problem) const {
  const std::shared_ptr<const Reading> p = reading(problem);
  const PlayFigure f = play_figure(p->silhouette, p->plan.config.pieces);
  return Json{{"unit_px", in_millionths(f.unit_px)},
              {"width", in_millionths(f.width)},
              {"height", in_millionths(f.height)},
              {"outer", rings_json(f.outer)},
              {"holes", rings_json(f.holes)}}
      .dump();
}

std::string PlayDesk::check_json(const JobProblem& problem, const std::string& body) const {
  const std::vector<PlayerPiece> pieces = body_pieces(body_json(body));
  const std::shared_ptr<const Reading> p = reading(problem);
  const PlayVerdict v = check_play(p->silhouette, p->plan.config.pieces, pieces);
  return Json{{"solved", v.solved},
              {"all_placed", v.all_placed},
              {"coverage", in_millionths(v.metrics.coverage)},
              {"overlap", in_millionths(v.metrics.overlap)},
              {"spill", in_millionths(v.metrics.spill)},
              {"reasons", v.reasons},
              {"gaps", rings_json(v.gaps)}}
      .dump();
}

std::optional<std::string> PlayDesk::hint_json(const JobProblem& problem, const std::string& body) {
  const Json j = body_json(body);
  const std::vector<PlayerPiece> pieces = body_pieces(j);
  const double limit = number(j, "time_limit", kHintSeconds);
  if (!(limit > 0.0) || !std::isfinite(limit))
    throw UsageError("\"time_limit\" must be a positive number of seconds");
  if (++running_ > max_hints_) {
    --running_;
    return std::nullopt;
  }
  const Slot slot(running_);
  const std::shared_ptr<const Reading> p = reading(problem);
  SolvePlan plan = p->plan;
  plan.config.search.time_limit_s = std::min(limit, kMaxHintSeconds);
  const Hint h = hint(plan, p->silhouette, pieces, &stop_);
  const char* kind = h.kind == Hint::Kind::Piece     ? "piece"
                     : h.kind == Hint::Kind::Blocked ? "blocked"
                     : h.kind == Hint::Kind::Solved  ? "solved"
                                                     : "unknown";
  Json out{{"kind", kind}, {"text", h.text}, {"blocking", h.blocking}};
  out["piece"] = h.piece ? piece_json(*h.piece) : Json(nullptr);
  Json assembly = Json::array();
  for (const PlayerPiece& a : h.assembly) assembly.push_back(piece_json(a));
  out["assembly"] = assembly;
  return out.dump();
}

}  // namespace tangram::web
