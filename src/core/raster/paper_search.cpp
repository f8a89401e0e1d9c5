// Algorithm 1 of Yamada, Gois and Batagelo, "Solving Tangram Puzzles Using Raster-Based
// Mathematical Morphology" (SIBGRAPI 2019, Sec. III-C), as published. Its steps, by the line
// numbers of the pseudocode that the comments below cite (paraphrased):
//
//    1      the current piece is the first one;
//    2      repeat until every piece is placed:
//    3        if the current piece has configurations left to try:
//    4          take the next configuration;
//    5-8        find its feasible positions; without any, go on with the next configuration;
//    9          place the piece at the lowest-cost position;
//   10-13       if the remaining pieces can still fit the empty regions (the validation),
//               the following piece becomes the current piece;
//   14-17       otherwise take the piece off again;
//   19-23     else, if pieces are on the pattern: start the current piece's configurations
//             over, take the previous piece off and make it the current piece;
//   24-26     else: no solution;
//   28      the solution.
//
// The pieces come largest first (PieceSet::order()). Each piece on the pattern has a node on a
// stack: the state it leaves and the list of the next piece's configurations. Beyond the
// pseudocode: the time limit, the events and progress reports, and the polish of the solution;
// and, in solve() before either search starts, the check that the pattern does not rule every
// assembly out (a piece that fits nowhere: lines 24-26 would be reached, or the time limit, after
// a search that cannot succeed).

#include "tangram/core/raster/detail/paper_search.hpp"

#include <utility>
#include <vector>

#include "tangram/core/base/parallel.hpp"

namespace tangram {

namespace {

using search::Candidate;
using search::Node;
using search::Steps;

/// Events of this search carry no discrepancy bound.
constexpr int kNoBound = -1;

/// Lines 3-8 for piece `level` in `node`'s state: its list of possible configurations, each
/// with its feasible positions (the endpoints of the skeleton of its collision-free area,
/// Sec. III-C) and, of those, the lowest-cost one (line 9), in the configurations' order. A
/// configuration without a feasible position is left out of the list (lines 6-8). The state
/// does not change while the piece is current, so the list is computed once, when the piece
/// becomes current, configurations in parallel.
void list_configurations(const Steps& steps, Node& node, int level) {
  node.candidates = steps.candidates(node.state, level, search::CandidateChoice{});
}

}  // namespace

Solution paper_search(Steps& steps) {
  Solution solution;
  SolveStats& stats = solution.stats;
  stats.threads = max_threads();
  const std::size_t pieces = steps.set().piece_count();
  // With 2+ threads and no observer, the placements of the next configurations are made and
  // validated in parallel ahead of use; a placement is the same either way.
  const bool ahead = max_threads() > 1 && !steps.observed();
  std::vector<Candidate> deepest;  // the deepest partial assembly, reported when unsolved
  std::vector<Node> stack;         // the root (the empty pattern), then one node per piece placed
  stack.reserve(pieces + 1);       // no reallocation: growing would copy the layout states

  // Line 1: the current piece is the first (largest) one.
  stack.push_back(steps.root());
  list_configurations(steps, stack.back(), 0);
  for (;;) {
    // Not in the pseudocode: the time limit (and a stop asked by the caller).
    if (steps.out_of_time()) {
      stats.timed_out = true;
      stats.stopped = stop_requested(steps.config().search);
      break;
    }
    const std::size_t current = stack.size() - 1;  // the current piece's index
    const int level = static_cast<int>(current);
    if (current == pieces) break;  // line 2: all pieces placed
    Node& node = stack.back();
    if (node.next < node.candidates.size()) {  // line 3
      // Line 4: the next configuration, with its lowest-cost feasible position (lines 5-8).
      const std::size_t index = node.next++;
      const Candidate candidate = node.candidates[index];
      // Line 9: the placement; line 10: its validation (Sec. III-D: the largest empty region
      // against the largest remaining piece's pixels, the deepest empty pixel against its
      // depth).
      ++stats.placements_tried;
      bool valid = false;
      LayoutState child = steps.take_child(node, level, index, search::Validation::Paper, ahead,
                                           /*to_first_valid=*/false, valid);
      if (!valid) {
        // Lines 14-16: the piece comes off again (its state is dropped); the next configuration.
        ++stats.validations_failed;
        steps.notify(SearchEventType::ValidationFailed, level, candidate, stack, kNoBound);
        continue;
      }
      // Lines 11-12: the piece stays and the following piece becomes the current piece.
      stack.push_back(Node{std::move(child), {}, 0, candidate, {}});
      steps.notify(SearchEventType::Placed, level, candidate, stack, kNoBound);
      if (stack.size() - 1 > deepest.size()) deepest = search::path_of(stack);
      if (current + 1 < pieces) list_configurations(steps, stack.back(), level + 1);
    } else if (current > 0) {  // line 19: there are pieces in the puzzle area
      // Lines 20-22: the current piece's list goes with its node (a new one is listed when it
      // is current again); the previous piece comes off and is current again, at its next
      // configuration.
      steps.remove_last(stack, level, stats, kNoBound);
    } else {
      // Lines 24-25: the first piece ran out of configurations: no solution (unsolved; the
      // deepest partial assembly is reported, see finish()).
      break;
    }
    steps.report_progress(static_cast<int>(stack.size()) - 1, stats);
  }
  if (!stats.timed_out && stack.size() - 1 == pieces) {
    // Line 28: the solution, its raster poses polished.
    solution.solved = true;
    solution.pieces = steps.assemble(search::path_of(stack));
    steps.polish_poses(solution.pieces);
  }
  steps.finish(solution, deepest);
  return solution;
}

}  // namespace tangram
