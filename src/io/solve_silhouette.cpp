#include "tangram/io/solve_silhouette.hpp"

namespace tangram {

SilhouetteSolution solve_silhouette(const Silhouette& silhouette, const SolverConfig& config,
                                    const ProgressCallback& progress,
                                    const SearchObserver& observer) {
  SilhouetteSolution result;
  const Solution working =
      solve(silhouette.working, config, progress, observer, &silhouette.working_unfilled);
  result.solved_working = working.solved;
  result.solution = to_original_frame(working, silhouette, config.pieces, &result.full_check);
  return result;
}

}  // namespace tangram
