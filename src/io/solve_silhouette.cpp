#include "tangram/io/solve_silhouette.hpp"

#include "tangram/core/solve/fixed_pieces.hpp"

namespace tangram {

SilhouetteSolution solve_silhouette(const Silhouette& silhouette, const SolverConfig& config,
                                    const ProgressCallback& progress,
                                    const SearchObserver& observer,
                                    const std::vector<PlacedPiece>& fixed) {
  SilhouetteSolution result;
  // The raster search checks each assembly it would accept on the picture as read too, so that
  // one that passes only on the reduced raster lets the search go on.
  SolverConfig checked = config;
  if (checked_again_in_full(silhouette)) {
    const PieceSet& set = config.pieces;
    checked.search.final_check = [&silhouette, &set, inner = config.search.final_check](
                                     const std::vector<PlacedPiece>& pieces) {
      return (!inner || inner(pieces)) &&
             full_resolution_check(silhouette, to_original_pieces(pieces, silhouette), set).valid;
    };
  }
  const Solution working =
      fixed.empty()
          ? solve(silhouette.working, checked, progress, observer, &silhouette.working_unfilled)
          : solve_around(to_working_frame(fixed, silhouette), silhouette.working, checked, progress,
                         observer, &silhouette.working_unfilled);
  result.solved_working = working.solved;
  result.solution = to_original_frame(working, silhouette, config.pieces, &result.full_check);
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
