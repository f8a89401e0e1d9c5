#include "tangram/io/solve_silhouette.hpp"

#include <algorithm>
#include <mutex>
#include <optional>
#include <utility>

#include "tangram/core/solve/fixed_pieces.hpp"

namespace tangram {

namespace {

bool same_pieces(const std::vector<PlacedPiece>& a, const std::vector<PlacedPiece>& b) {
  const auto same_point = [](Vec2 p, Vec2 q) { return p.x == q.x && p.y == q.y; };
  return std::equal(
      a.begin(), a.end(), b.begin(), b.end(), [&](const PlacedPiece& p, const PlacedPiece& q) {
        return p.shape == q.shape && same_point(p.pose.centre, q.pose.centre) &&
               p.pose.angle_deg == q.pose.angle_deg && p.pose.reflected == q.pose.reflected &&
               std::equal(p.polygon.begin(), p.polygon.end(), q.polygon.begin(), q.polygon.end(),
                          same_point);
      });
}

/// The assemblies (in the picture's frame) that passed the check on the picture as read during
/// the search, with their reports: the answer is one of them, and is not checked again. The
/// search may judge on several threads.
class PassedChecks {
public:
  void add(std::vector<PlacedPiece> pieces, const VerifyReport& report) {
    const std::lock_guard<std::mutex> lock(mutex_);
    passed_.emplace_back(std::move(pieces), report);
  }
  std::optional<VerifyReport> find(const std::vector<PlacedPiece>& pieces) const {
    const std::lock_guard<std::mutex> lock(mutex_);
    for (const auto& [passed, report] : passed_)
      if (same_pieces(passed, pieces)) return report;
    return std::nullopt;
  }

private:
  mutable std::mutex mutex_;
  std::vector<std::pair<std::vector<PlacedPiece>, VerifyReport>> passed_;
};

}  // namespace

SilhouetteSolution solve_silhouette(const Silhouette& silhouette, const SolverConfig& config,
                                    const ProgressCallback& progress,
                                    const SearchObserver& observer,
                                    const std::vector<PlacedPiece>& fixed) {
  SilhouetteSolution result;
  // The raster search checks each assembly it would accept on the picture as read too, so that
  // one that passes only on the reduced raster lets the search go on.
  SolverConfig checked = config;
  PassedChecks passed;
  if (checked_again_in_full(silhouette)) {
    const PieceSet& set = config.pieces;
    checked.search.final_check = [&silhouette, &set, &passed, inner = config.search.final_check](
                                     const std::vector<PlacedPiece>& pieces) {
      if (inner && !inner(pieces)) return false;
      std::vector<PlacedPiece> original = to_original_pieces(pieces, silhouette);
      const VerifyReport report = full_resolution_check(silhouette, original, set);
      if (report.valid) passed.add(std::move(original), report);
      return report.valid;
    };
  }
  const Solution working =
      fixed.empty()
          ? solve(silhouette.working, checked, progress, observer, &silhouette.working_unfilled)
          : solve_around(to_working_frame(fixed, silhouette), silhouette.working, checked, progress,
                         observer, &silhouette.working_unfilled);
  result.solved_working = working.solved;
  std::optional<VerifyReport> known;
  if (checked_again_in_full(silhouette))
    known = passed.find(to_original_pieces(working.pieces, silhouette));
  result.solution = to_original_frame(working, silhouette, config.pieces, &result.full_check,
                                      known ? &*known : nullptr);
  // The fixed pieces as given, not as mapped there and back.
  for (std::size_t i = 0; i < fixed.size() && i < result.solution.pieces.size(); ++i)
    result.solution.pieces[i] = fixed[i];
  return result;
}

std::string rejection_reason(const Silhouette& silhouette, const SilhouetteSolution& result) {
  if (!result.rejected_at_full_resolution()) return "";
  std::string reason = silhouette.report.work_scale > 1
                           ? "solved at 1/" + std::to_string(silhouette.report.work_scale) +
                                 " scale, rejected at full resolution:"
                           : std::string(
                                 "solved with the pinholes filled, rejected with them "
                                 "open (they are outside, as for the referee):");
  for (const std::string& r : result.full_check.reasons) reason += " " + r + ";";
  return reason;
}

}  // namespace tangram
