// Play: a player's pieces checked, and hints with them kept (play.hpp).

#include "tangram/service/play.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include <opencv2/imgproc.hpp>

#include "tangram/core/base/error.hpp"
#include "tangram/core/geometry/outline.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/io/solve_silhouette.hpp"

namespace tangram {

namespace {

using Clock = std::chrono::steady_clock;

/// Gaps under this share of the figure's area are not shown (the seams along the cuts).
constexpr double kGapShare = 0.002;

/// `polygon` (px) in set units.
Polygon in_units(const Polygon& polygon, double unit_px) {
  Polygon out;
  out.reserve(polygon.size());
  for (const Vec2& v : polygon) out.push_back((1.0 / unit_px) * v);
  return out;
}

double unit_of(const Silhouette& silhouette, const PieceSet& set) {
  return set.unit_px(silhouette.pattern.side_px);
}

}  // namespace

PlayFigure play_figure(const Silhouette& silhouette, const PieceSet& set) {
  PlayFigure figure;
  figure.unit_px = unit_of(silhouette, set);
  figure.width = silhouette.pattern.puzzle.cols / figure.unit_px;
  figure.height = silhouette.pattern.puzzle.rows / figure.unit_px;
  for (const OutlineRing& ring : vectorise_outline(silhouette.pattern.puzzle))
    (ring.hole ? figure.holes : figure.outer).push_back(in_units(ring.corners, figure.unit_px));
  return figure;
}

std::vector<PlacedPiece> placed_pieces(const std::vector<PlayerPiece>& pieces, const PieceSet& set,
                                       double unit_px) {
  std::vector<int> left(set.shape_count());
  for (std::size_t s = 0; s < left.size(); ++s) left[s] = set.shape(static_cast<ShapeId>(s)).count;
  std::vector<PlacedPiece> out;
  for (const PlayerPiece& p : pieces) {
    const std::optional<ShapeId> shape = set.find(p.piece);
    if (!shape)
      throw InputError("no piece '" + p.piece + "' in the set " + set.name() + " (" +
                       set.shape_names() + ")");
    if (--left[static_cast<std::size_t>(*shape)] < 0)
      throw InputError("the set " + set.name() + " has the " + p.piece + " only " +
                       std::to_string(set.shape(*shape).count) + " time(s)");
    if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.angle_deg))
      throw InputError("a piece's x, y and angle must be finite numbers");
    PlacedPiece placed;
    placed.shape = *shape;
    // The page turns clockwise and mirrors left to right; the core turns anticlockwise and
    // mirrors top to bottom, and left to right is top to bottom turned by 180 degrees.
    placed.pose.centre = unit_px * Vec2{p.x, p.y};
    placed.pose.reflected = p.mirror;
    placed.pose.angle_deg = normalised_angle(p.mirror ? 180.0 - p.angle_deg : -p.angle_deg);
    placed.polygon = set.posed_polygon(*shape, unit_px, placed.pose);
    out.push_back(std::move(placed));
  }
  return out;
}

PlayerPiece player_piece(const PlacedPiece& piece, const PieceSet& set, double unit_px) {
  PlayerPiece p;
  p.piece = set.shape_name(piece.shape);
  p.x = piece.pose.centre.x / unit_px;
  p.y = piece.pose.centre.y / unit_px;
  p.mirror = piece.pose.reflected;
  p.angle_deg = normalised_angle(p.mirror ? 180.0 - piece.pose.angle_deg : -piece.pose.angle_deg);
  return p;
}

PlayVerdict check_play(const Silhouette& silhouette, const PieceSet& set,
                       const std::vector<PlayerPiece>& pieces) {
  const double unit = unit_of(silhouette, set);
  const std::vector<PlacedPiece> placed = placed_pieces(pieces, set, unit);
  PlayVerdict verdict;
  verdict.all_placed = placed.size() == set.piece_count();
  const Pattern& figure = silhouette.pattern;
  const VerifyReport report = verify_solution(figure, placed, set);
  verdict.solved = verdict.all_placed && report.valid;
  verdict.reasons = report.reasons;
  verdict.metrics = report.metrics;
  // Where the figure is left uncovered: its pixels no piece covers, seams opened away.
  cv::Mat1b gaps;
  cv::bitwise_and(figure.puzzle, ~pixels_inside(figure.puzzle.size(), placed), gaps);
  cv::morphologyEx(gaps, gaps, cv::MORPH_OPEN,
                   cv::getStructuringElement(cv::MORPH_RECT, cv::Size(5, 5)));
  std::vector<std::pair<double, Polygon>> found;
  for (const OutlineRing& ring : vectorise_outline(gaps)) {
    const double area = std::abs(signed_area(ring.corners));
    if (!ring.hole && area >= kGapShare * static_cast<double>(figure.area_px))
      found.emplace_back(area, in_units(ring.corners, unit));
  }
  std::stable_sort(found.begin(), found.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  for (auto& [area, polygon] : found) verdict.gaps.push_back(std::move(polygon));
  return verdict;
}

Hint hint(const SolvePlan& plan, const Silhouette& silhouette,
          const std::vector<PlayerPiece>& pieces, const std::atomic<bool>* stop) {
  const PieceSet& set = plan.config.pieces;
  const double unit = unit_of(silhouette, set);
  const std::vector<PlacedPiece> placed = placed_pieces(pieces, set, unit);
  Hint out;
  if (placed.size() == set.piece_count() &&
      verify_solution(silhouette.pattern, placed, set).valid) {
    out.kind = Hint::Kind::Solved;
    out.text = "solved: every piece is in place";
    return out;
  }
  const Clock::time_point started = Clock::now();
  const Clock::time_point end =
      started + std::chrono::duration_cast<Clock::duration>(
                    std::chrono::duration<double>(plan.config.search.time_limit_s));
  // The search with `fixed` kept, for `share` of the time limit's work (search/work.hpp), so
  // that the hint does not depend on the machine's speed; all of them within the limit.
  const auto attempt = [&](const std::vector<PlacedPiece>& fixed, double share) {
    SolverConfig config = plan.config;
    config.search.stop = stop;
    config.search.started = started;
    config.search.work_limit_s = share * plan.config.search.time_limit_s;
    return solve_silhouette(silhouette, config, {}, {}, fixed).solution;
  };
  const Solution kept = attempt(placed, placed.empty() ? 1.0 : 0.5);
  if (kept.solved) {
    // The largest piece the player has not placed, first in the assembly's order on a tie.
    std::size_t best = placed.size();
    for (std::size_t i = placed.size(); i < kept.pieces.size(); ++i)
      if (set.area(kept.pieces[i].shape) > set.area(kept.pieces[best].shape) + 1e-12) best = i;
    out.kind = Hint::Kind::Piece;
    out.piece = player_piece(kept.pieces[best], set, unit);
    for (const PlacedPiece& p : kept.pieces) out.assembly.push_back(player_piece(p, set, unit));
    out.text = "place the " + out.piece->piece + " here";
    return out;
  }
  // Which placed piece stands in the way: the last placed first.
  for (std::size_t k = placed.size(); k-- > 0;) {
    if (Clock::now() >= end || (stop != nullptr && stop->load())) break;
    std::vector<PlacedPiece> others = placed;
    others.erase(others.begin() + static_cast<std::ptrdiff_t>(k));
    if (attempt(others, 1.0 / static_cast<double>(k + 1)).solved) {
      out.kind = Hint::Kind::Blocked;
      out.blocking = static_cast<int>(k);
      out.text = "no assembly keeps every piece you placed; one keeps all but the " +
                 pieces[k].piece + ": take it back";
      return out;
    }
  }
  out.text = "no assembly found in the time given: try again, or take a piece back";
  return out;
}

}  // namespace tangram
