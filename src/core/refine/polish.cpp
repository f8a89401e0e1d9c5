#include "tangram/core/refine/polish.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <utility>
#include <vector>

#include "tangram/core/puzzle/verify.hpp"
#include "tangram/core/refine/detail/row_areas.hpp"

namespace tangram {
namespace {

// Step sizes of the coordinate descent (px; a turn step moves the piece's farthest vertex by the
// same distance). Down to 0.05 px: shifting a 100 px edge by 0.05 px changes the areas by 5 px^2,
// about 0.01% of the puzzle at side 200, far below the referee's tolerances.
constexpr std::array<double, 4> kStepsPx = {0.5, 0.25, 0.1, 0.05};

// Objective moves must beat the current one by this much (share of the puzzle area), so that
// rounding noise never counts as progress and the descent always terminates.
constexpr double kMinGain = 1e-12;

// Each measure relative to the referee's threshold for it (overlap 1%, spill 2%, uncovered 5%):
// an unweighted sum would reduce to "maximise coverage" (with the terms of metrics_from_terms,
// overlap + spill - coverage is constant under rigid moves) and leave raster-flush pieces
// overlapping along shared edges.
double objective_of(const AreaMetrics& m) {
  return m.overlap / 0.01 + m.spill / 0.02 + (1.0 - m.coverage) / 0.05;
}

// The assembly's area terms, cached per piece and per pair so that trying a move of one piece
// recomputes only the terms that involve it (detail::piece_terms / pair_terms, the code of
// measure_areas, with RowAreas: their cost does not grow with the figure's runs per row).
class AreaCache {
public:
  AreaCache(const Pattern& pattern, const std::vector<PlacedPiece>& pieces)
      : runs_(pattern.puzzle),
        puzzle_area_(static_cast<double>(pattern.area_px)),
        single_(pieces.size()),
        pair_(pieces.size(), std::vector<detail::AreaTerms>(pieces.size())),
        seen_(pieces.size()),
        next_(pieces.size(), 0),
        version_(pieces.size(), 0) {
    for (const PlacedPiece& p : pieces) polygons_.push_back(p.polygon);
    for (std::size_t i = 0; i < polygons_.size(); ++i) {
      single_[i] = runs_.piece_terms(polygons_[i]);
      for (std::size_t j = i + 1; j < polygons_.size(); ++j)
        pair_[i][j] = pair_[j][i] = runs_.pair_terms(polygons_[i], polygons_[j]);
    }
    objective_ = polygons_.empty() ? 0.0 : objective_with(0, single_[0], pair_[0]);
  }

  // Replaces piece k by `moved` when that lowers the objective; returns whether it did.
  bool try_move(std::size_t k, const Polygon& moved) {
    Seen& known = seen(k, moved);
    const detail::AreaTerms single = known.single;
    std::vector<detail::AreaTerms> pairs(polygons_.size());
    for (std::size_t j = 0; j < polygons_.size(); ++j) {
      if (j == k) continue;
      if (known.pair_version[j] != version_[j]) {
        known.pairs[j] = runs_.pair_terms(moved, polygons_[j]);
        known.pair_version[j] = version_[j];
        ++measured_;
      } else {
        ++reused_;
      }
      pairs[j] = known.pairs[j];
    }
    const double candidate = objective_with(k, single, pairs);
    if (!(candidate < objective_ - kMinGain)) return false;
    polygons_[k] = moved;
    single_[k] = single;
    for (std::size_t j = 0; j < polygons_.size(); ++j)
      if (j != k) pair_[k][j] = pair_[j][k] = pairs[j];
    ++version_[k];
    objective_ = candidate;
    return true;
  }

  // Area terms measured (a piece's own or a pair's), and those remembered instead.
  long measured() const { return measured_; }
  long reused() const { return reused_; }

private:
  // The terms of piece k at one polygon: its own, and with each other piece j at the pose
  // that piece had in version pair_version[j] (-1: not measured).
  struct Seen {
    Polygon polygon;
    detail::AreaTerms single;
    std::vector<detail::AreaTerms> pairs;
    std::vector<long> pair_version;
  };

  // The remembered terms of piece k at `polygon`, its own terms measured if it is new. The
  // descent often tries a pose again (the step back after a step forward, the last round at
  // each step size); the terms depend on the polygons alone, so a remembered value is the one
  // computed afresh.
  Seen& seen(std::size_t k, const Polygon& polygon) {
    const auto same = [](const Vec2& a, const Vec2& b) { return a.x == b.x && a.y == b.y; };
    std::vector<Seen>& list = seen_[k];
    for (Seen& entry : list)
      if (std::equal(entry.polygon.begin(), entry.polygon.end(), polygon.begin(), polygon.end(),
                     same)) {
        ++reused_;
        return entry;
      }
    Seen entry{polygon, runs_.piece_terms(polygon), std::vector<detail::AreaTerms>(n()),
               std::vector<long>(n(), -1)};
    ++measured_;
    if (list.size() < kRemembered) return list.emplace_back(std::move(entry));
    Seen& slot = list[next_[k]++ % kRemembered];
    slot = std::move(entry);
    return slot;
  }
  std::size_t n() const { return polygons_.size(); }
  static constexpr std::size_t kRemembered = 32;

  // The objective with piece k's own terms replaced by `single` and its pair terms by `pairs`
  // (pairs[j]: piece k with piece j). Summed afresh in a fixed order, so that accepted moves
  // accumulate no rounding drift.
  double objective_with(std::size_t k, const detail::AreaTerms& single,
                        const std::vector<detail::AreaTerms>& pairs) const {
    detail::AreaTerms sum;
    for (std::size_t i = 0; i < polygons_.size(); ++i) {
      sum += (i == k) ? single : single_[i];
      for (std::size_t j = i + 1; j < polygons_.size(); ++j)
        sum += (i == k) ? pairs[j] : (j == k) ? pairs[i] : pair_[i][j];
    }
    return objective_of(detail::metrics_from_terms(sum, puzzle_area_));
  }

  detail::RowAreas runs_;
  double puzzle_area_;
  std::vector<Polygon> polygons_;
  std::vector<detail::AreaTerms> single_;
  std::vector<std::vector<detail::AreaTerms>> pair_;
  std::vector<std::vector<Seen>> seen_;  ///< per piece: terms at polygons tried
  std::vector<std::size_t> next_;        ///< per piece: where seen_ is overwritten next once full
  std::vector<long> version_;            ///< per piece: moves kept so far
  long measured_ = 0, reused_ = 0;
  double objective_ = 0.0;
};

// Largest distance of a vertex of the piece from its centroid (px), the lever arm of a turn.
double lever_arm(const PieceSet& set, ShapeId shape, double side_px) {
  double r = 0.0;
  for (const Vec2& v : set.local_polygon(shape, side_px)) r = std::max(r, std::hypot(v.x, v.y));
  return r;
}

}  // namespace

PolishReport polish(const Pattern& pattern, const PieceSet& set, std::vector<PlacedPiece>& pieces,
                    const PolishConfig& config) {
  PolishReport report;
  if (pieces.empty() || pattern.area_px <= 0) return report;
  AreaCache cache(pattern, pieces);
  const double unit = set.unit_px(pattern.side_px);

  const std::size_t n = pieces.size();
  std::vector<Pose> start(n);
  std::vector<double> turned(n, 0.0);  // degrees turned from the start pose
  for (std::size_t k = 0; k < n; ++k) start[k] = pieces[k].pose;
  const double max_turn = std::max(0.0, config.max_turn_deg);

  // One candidate move: a translation (dx, dy) px and a turn of dturn degrees.
  struct Move {
    double dx, dy, dturn;
  };
  // Whether the budget is spent: the trial cap, or the deadline (read every few trials).
  const auto spent = [&] {
    if (report.capped) return true;
    report.capped =
        report.trials >= config.max_trials ||
        (report.trials % 8 == 0 && (std::chrono::steady_clock::now() >= config.deadline ||
                                    (config.cancelled && config.cancelled())));
    return report.capped;
  };
  auto try_repeatedly = [&](std::size_t k, const Move& move) {
    bool moved_once = false;
    for (;;) {
      if (spent()) return moved_once;
      Pose pose = pieces[k].pose;
      pose.centre = pose.centre + Vec2{move.dx, move.dy};
      pose.angle_deg = normalised_angle(pose.angle_deg + move.dturn);
      const Vec2 shift = pose.centre - start[k].centre;
      const double turn = turned[k] + move.dturn;
      if (std::hypot(shift.x, shift.y) > config.max_shift_px + 1e-9 ||
          std::abs(turn) > max_turn + 1e-9)
        return moved_once;
      Polygon polygon = set.posed_polygon(pieces[k].shape, unit, pose);
      ++report.trials;
      if (!cache.try_move(k, polygon)) return moved_once;
      ++report.moves;
      pieces[k].pose = pose;
      pieces[k].polygon = std::move(polygon);
      turned[k] = turn;
      moved_once = true;
    }
  };

  // Coordinate descent: a round tries, for every piece in order, each axis move (and turn) at
  // the current step, repeating a move while it gains; a round without gain moves on to the
  // next smaller step.
  std::size_t step_index = 0;
  for (int round = 0; round < config.max_rounds && step_index < kStepsPx.size() && !report.capped;
       ++round) {
    const double step = kStepsPx[step_index];
    bool improved = false;
    for (std::size_t k = 0; k < n; ++k) {
      std::vector<Move> moves = {{step, 0, 0}, {-step, 0, 0}, {0, step, 0}, {0, -step, 0}};
      if (max_turn > 0.0) {
        const double dturn = step / lever_arm(set, pieces[k].shape, unit) * 180.0 / M_PI;
        moves.push_back({0, 0, dturn});
        moves.push_back({0, 0, -dturn});
      }
      for (const Move& move : moves) improved = try_repeatedly(k, move) || improved;
    }
    if (!improved) ++step_index;
  }
  report.measured = cache.measured();
  report.reused = cache.reused();
  return report;
}

}  // namespace tangram
