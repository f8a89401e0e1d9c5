// The raster searches of the "raster" stage: Algorithm 1 as published (paper_search.cpp) and
// this project's default (OursSearch, here), at fixed rotations or by the rotation plan.

#include "tangram/core/raster/detail/raster_search.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <deque>
#include <functional>
#include <limits>
#include <thread>
#include <utility>
#include <vector>

#include "tangram/core/base/parallel.hpp"
#include "tangram/core/figure/angles.hpp"
#include "tangram/core/figure/rotation_plan.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/core/raster/candidates.hpp"
#include "tangram/core/raster/detail/copy_memo.hpp"
#include "tangram/core/raster/detail/node_memo.hpp"
#include "tangram/core/raster/detail/paper_search.hpp"
#include "tangram/core/raster/detail/search_steps.hpp"
#include "tangram/core/raster/raster.hpp"
#include "tangram/core/refine/snap.hpp"
#include "tangram/core/search/stage.hpp"

namespace tangram {

namespace {

using search::Candidate;
using search::candidate_less;
using search::Steps;

/// A node of the limited discrepancy search: a search::Node and its discrepancy counts.
struct LdsNode : search::Node {
  int discrepancies = 0;   ///< times the path to here did not take a node's first valid child
  int valid_children = 0;  ///< children of this node that passed validation so far
  search::NodeMemo::Known* known = nullptr;  ///< the node in the memo, if remembered
};

/// How long the search goes on for an accepted assembly once it has a usable one, in
/// placements (so that the outcome does not depend on the machine's speed or load): this many
/// times the placements it took to reach that one, and at least this many (a few seconds).
constexpr long kFallbackShare = 4;
constexpr long kFallbackMinPlacements = 40000;

/// The raster search's cost model (search/work.hpp), in nominal seconds per pixel of the
/// figure's image: for each configuration whose candidates a node computes, and for each
/// placement validated (docs/design/determinism.md).
constexpr double kExpandSecondsPerPixel = 3.0e-9;
constexpr double kPlaceSecondsPerPixel = 0.3e-9;

/// A complete assembly reached by the search, to be judged by accept(): its pieces (polished by
/// the judging) and the search's counts when it was reached.
struct Leaf {
  enum : int { kWaiting, kJudging, kJudged, kDropped };
  Leaf(std::vector<PlacedPiece> p, const SolveStats& s, long o)
      : pieces(std::move(p)), stats(s), order(o) {}
  bool judged() const { return state.load(std::memory_order_acquire) == kJudged; }
  /// Moves a waiting leaf to `next` (kJudging or kDropped); false if it was not waiting.
  bool leave_waiting(int next) {
    int waiting = kWaiting;
    return state.compare_exchange_strong(waiting, next);
  }

  std::vector<PlacedPiece> pieces;
  SolveStats stats;
  long order = 0;     ///< leaves reached before it
  double work = 0.0;  ///< the work meter's reading when it was reached
  bool accepted = false;
  /// Passes the checker but is not as good as an exact assembly (exact_enough()): kept as the
  /// answer only if no accepted one is found in time.
  bool usable = false;
  /// kWaiting, then kJudging (one thread judges it) and kJudged (stored with release once
  /// `accepted` and `pieces` are final), or kDropped when an earlier leaf was accepted.
  std::atomic<int> state{kWaiting};
};

/// The default search (SearchMode::Ours): limited discrepancy search over Algorithm 1's steps,
/// with wider candidate sets, the forward check, angle hints and judged complete assemblies
/// (see SearchMode::Ours).
class OursSearch {
public:
  explicit OursSearch(Steps& steps)
      : steps_(steps),
        config_(steps.config().search),
        copies_(steps.set()),
        nodes_(config_.remembered_candidates) {}

  Solution run() {
    Solution solution;
    solution.stats.threads = max_threads();
    std::vector<Candidate> deepest;
    // Limited discrepancy search: the bound caps how often a path leaves the first valid
    // candidate of a node; it grows until a solution is found, the limit is reached or the
    // bound no longer cuts anything (the candidate space is exhausted).
    // Once exhausted, it starts over with more candidates per configuration, while any
    // configuration had more candidates than were kept.
    // With fine rotation steps, the rotations hinted by the silhouette's edges come first,
    // for at most half the time; then every rotation, for the rest.
    if (restrict_to_hints()) {
      work_limit_s_ = std::min(config_.work_limit_s, 0.5 * config_.time_limit_s);
      search_widening(solution, deepest);
      restricted_ = false;
      solution.stats.timed_out = false;
    }
    work_limit_s_ = config_.work_limit_s;
    if (!solution.solved && !fallback_expired_) search_widening(solution, deepest);
    if (!solution.solved && fallback_) {
      // No assembly as good as an exact one in time: the first one that passes the checker.
      solution.solved = true;
      solution.stats.timed_out = false;
      take(std::move(*fallback_), solution);
    }
    steps_.finish(solution, deepest);
    return solution;
  }

private:
  /// Limited discrepancy search with widening, until solved, timed out or exhausted.
  void search_widening(Solution& solution, std::vector<Candidate>& deepest) {
    keep_ = static_cast<std::size_t>(config_.candidates_per_config);
    for (;;) {
      widest_ = 0;
      nodes_.clear();  // a new candidate choice (keep_, or the restriction)
      for (int bound = 0; !solution.solved && !solution.stats.timed_out && !fallback_expired_;
           ++bound)
        if (!dfs(bound, solution, deepest)) break;
      if (solution.solved || solution.stats.timed_out || fallback_expired_ || !config_.widen ||
          widest_ <= keep_)
        break;
      keep_ *= 4;
    }
  }

  /// Marks the configurations whose rotation the silhouette's edges hint at (angles.hpp) and
  /// turns the restriction on. False (no restriction) with steps of 45 degrees or more, with
  /// hints off, without hints, or when the hints leave out no configuration.
  bool restrict_to_hints() {
    if (!config_.angle_hints || config_.rotation_step_deg >= 45.0) return false;
    AngleHintConfig hints;
    hints.step_deg = config_.rotation_step_deg;
    const std::vector<double> residues = dominant_residues(steps_.pattern(), hints);
    if (residues.empty()) return false;
    const std::vector<PieceMasks>& pieces = steps_.shape_masks();
    hinted_.resize(pieces.size());
    bool leaves_out = false;
    for (std::size_t k = 0; k < pieces.size(); ++k) {
      hinted_[k].assign(pieces[k].configs.size(), 0);
      for (std::size_t i = 0; i < pieces[k].configs.size(); ++i) {
        hinted_[k][i] = matches_residue(pieces[k].configs[i].config.angle_deg, residues) ? 1 : 0;
        leaves_out = leaves_out || (!pieces[k].configs.empty() && !hinted_[k][i]);
      }
    }
    restricted_ = leaves_out;
    return restricted_;
  }

  /// Depth-first search (Algorithm 1's steps) in which a path may take a node's second or later
  /// valid candidate at most `bound` times. Returns true when the bound cut off some candidate,
  /// i.e. a larger bound could find more. `deepest` keeps the deepest partial assembly seen.
  bool dfs(int bound, Solution& solution, std::vector<Candidate>& deepest) {
    const std::size_t pieces = steps_.set().piece_count();
    bool cut = false;
    // Complete assemblies are judged in the order they are reached. With more than one thread
    // (and no observer, which must see each verdict before the next step) they are judged in the
    // background while the search goes on as after a rejection, up to `max_pending` at a time,
    // into the next pass if there is one; the first accepted one then wins with the counts of
    // when it was reached, which is the outcome of judging each at once.
    const bool background = max_threads() > 1 && !steps_.observed();
    const std::size_t max_pending = background ? 4 * static_cast<std::size_t>(max_threads()) : 1;
    // States explored in this pass, reached with the copies of a shape in another order.
    copies_.clear();
    const bool memo = config_.copies_once && copies_.active();
    // Placing piece `level` may reach a state the memo knows (a later copy of its shape).
    const auto memo_at = [&](std::size_t level) {
      return memo && copies_.later_copy(static_cast<int>(level));
    };
    std::vector<LdsNode> stack;
    stack.reserve(pieces + 1);  // no reallocation: growing would copy the layout states
    stack.push_back(LdsNode{steps_.root(), 0, 0});
    expand(stack, 0);
    while (!stack.empty()) {
      // Rejected leaves leave the queue as soon as they are judged; an accepted one ends the
      // search once the leaves before it are judged too.
      while (!leaves_.empty() && leaves_.front().judged()) {
        if (leaves_.front().accepted) return settle(solution) ? false : cut;
        keep_usable(leaves_.front());
        leaves_.pop_front();
      }
      if (steps_.out_of_time() || work_reached(config_.work, work_limit_s_)) {
        solution.stats.timed_out = true;
        solution.stats.stopped = stop_requested(config_);
        break;
      }
      if (fallback_ && solution.stats.placements_tried > fallback_until_) {
        fallback_expired_ = true;
        break;
      }
      const std::size_t level = stack.size() - 1;
      if (level == pieces) {
        Leaf& leaf = leaves_.emplace_back(steps_.assemble(search::path_of(stack)), solution.stats,
                                          reached_++);
        if (config_.work != nullptr) leaf.work = config_.work->seconds();
        if (background)
          judges_.run([this, &leaf] { judge(leaf); });
        else
          judge(leaf);
        if (leaves_.size() >= max_pending && settle(solution)) return false;
        // The checker rejected the complete assembly (or is still judging it); the last piece
        // comes off.
        steps_.remove_last(stack, static_cast<int>(level), solution.stats, bound);
        continue;
      }
      LdsNode& node = stack.back();
      // Past its first valid child, a node with no discrepancy left to spend could only show
      // that the bound cut something: once the pass knows that, its other candidates are left.
      if (cut && node.valid_children > 0 && node.discrepancies + 1 > bound)
        node.next = node.candidates.size();
      if (node.next < node.candidates.size()) {
        const std::size_t index = node.next++;
        const Candidate candidate = node.candidates[index];
        // A state reached before with the copies of a shape swapped is valid and searched
        // already (copy_memo.hpp): it counts as a valid child, and is not entered again.
        const int discrepancies = node.discrepancies + (node.valid_children > 0 ? 1 : 0);
        if (memo_at(level) && copies_.explored(search::path_of(stack), static_cast<int>(level),
                                               candidate, discrepancies)) {
          ++solution.stats.repeats_skipped;
          if (discrepancies > bound) {
            cut = true;
            node.next = node.candidates.size();
          } else {
            ++node.valid_children;
          }
          continue;
        }
        ++solution.stats.placements_tried;
        charge_work(config_, kPlaceSecondsPerPixel * pixels_);
        // Once the node's discrepancies are used up, a valid child after the first one is
        // cut, so children are computed ahead only up to the next valid one.
        const bool to_first_valid = node.discrepancies + 1 > bound;
        // Children are computed ahead of use, in parallel, when other threads could help;
        // not while they are judging assemblies nor with one thread (a child computed ahead
        // is not always used: a sibling may lead to the solution or be cut by the bound). Nor
        // is the first candidate's sibling when only the first valid child counts: the first
        // is usually valid, and its inner loops get every thread.
        const bool ahead = background && leaves_.empty() && !(to_first_valid && index == 0);
        bool valid = false;
        LayoutState child = steps_.take_child(
            node, static_cast<int>(level), index, search::Validation::PaperAndForwardCheck, ahead,
            to_first_valid, valid, node.known != nullptr ? &node.known->valid : nullptr);
        if (node.known != nullptr) node.known->valid[index] = valid ? 1 : 0;
        if (!valid) {
          ++solution.stats.validations_failed;
          steps_.notify(SearchEventType::ValidationFailed, static_cast<int>(level), candidate,
                        stack, bound);
          continue;
        }
        if (discrepancies > bound) {
          cut = true;
          node.next = node.candidates.size();
          continue;
        }
        ++node.valid_children;
        if (memo_at(level))
          copies_.record(search::path_of(stack), static_cast<int>(level), candidate, discrepancies);
        stack.push_back(
            LdsNode{{std::move(child), {}, 0, candidate, {}}, discrepancies, 0, nullptr});
        steps_.notify(SearchEventType::Placed, static_cast<int>(level), candidate, stack, bound);
        if (stack.size() - 1 > deepest.size()) deepest = search::path_of(stack);
        if (level + 1 < pieces) expand(stack, static_cast<int>(level) + 1);
      } else {
        // Algorithm 1, lines 19-25: reset this piece, remove the previous one.
        if (level == 0) break;
        steps_.remove_last(stack, static_cast<int>(level), solution.stats, bound);
      }
      steps_.report_progress(static_cast<int>(stack.size()) - 1, solution.stats);
    }
    // A larger bound comes next: the leaves still judged are settled in its course.
    if (cut && background && !solution.stats.timed_out && !fallback_expired_) return true;
    return settle(solution) ? false : cut;
  }

  /// Judges `leaf` unless another thread has started to, or it was dropped; true if it did.
  /// A judging stops early once a leaf reached before it is accepted: it will be dropped.
  bool judge(Leaf& leaf) {
    if (!leaf.leave_waiting(Leaf::kJudging)) return false;
    const Verdict verdict = accept(leaf.pieces, [this, &leaf] {
      return first_accepted_.load(std::memory_order_relaxed) < leaf.order;
    });
    leaf.accepted = verdict == Verdict::Accepted;
    leaf.usable = verdict == Verdict::Usable;
    if (leaf.accepted) {
      long first = first_accepted_.load();
      while (leaf.order < first && !first_accepted_.compare_exchange_weak(first, leaf.order)) {}
    }
    leaf.state.store(Leaf::kJudged, std::memory_order_release);
    return true;
  }

  /// The first usable leaf (in the order leaves are reached) becomes the fallback; the search
  /// goes on for a while for an accepted one (fallback_until_).
  void keep_usable(Leaf& leaf) {
    if (!leaf.usable || fallback_) return;
    fallback_ = Fallback{std::move(leaf.pieces), leaf.stats};
    const long reached = leaf.stats.placements_tried;
    fallback_until_ = reached + std::max(kFallbackMinPlacements, kFallbackShare * reached);
  }

  /// The pieces and counts of `leaf` as the solution's.
  template <class Found>
  static void take(Found&& found, Solution& solution) {
    solution.pieces = std::move(found.pieces);
    solution.stats.placements_tried = found.stats.placements_tried;
    solution.stats.backtracks = found.stats.backtracks;
    solution.stats.validations_failed = found.stats.validations_failed;
    solution.stats.repeats_skipped = found.stats.repeats_skipped;
  }

  /// Settles the judging of the leaves in order and empties the queue: the first accepted one
  /// becomes the solution, with the counts of when it was reached, and the result is true; the
  /// leaves after it are dropped unjudged. While another thread judges a leaf, this one judges
  /// the next ones.
  bool settle(Solution& solution) {
    bool solved = false;
    for (std::size_t i = 0; i < leaves_.size() && !solved; ++i) {
      Leaf& leaf = leaves_[i];
      judge(leaf);
      for (std::size_t next = i + 1; !leaf.judged();) {
        if (next < leaves_.size())
          judge(leaves_[next++]);
        else
          std::this_thread::yield();
      }
      if (!leaf.accepted) {
        keep_usable(leaf);
        continue;
      }
      solved = true;
      solution.solved = true;
      take(leaf, solution);
      // The work of the search is the work up to the leaf, as the counts are.
      if (config_.work != nullptr) config_.work->rewind(leaf.work);
    }
    for (Leaf& leaf : leaves_) leaf.leave_waiting(Leaf::kDropped);
    judges_.wait();  // the jobs of dropped leaves end at once; none may outlive the queue
    leaves_.clear();
    return solved;
  }

  /// The candidates of piece `level` in the state of the stack's last node: skeleton
  /// endpoints, corners and short-edge middles, up to keep_ per configuration (only the hinted
  /// configurations while restricted), all ranked together by cost; as an earlier pass of this
  /// round computed them if it did (nodes_).
  void expand(std::vector<LdsNode>& stack, int level) {
    LdsNode& node = stack.back();
    search::CandidateChoice choice;
    choice.positions = CandidateConfig{config_.corners, steps_.short_edge_px()};
    choice.per_configuration = keep_;
    choice.corner_contacts = config_.corners && config_.corner_contacts;
    if (restricted_)
      choice.configurations =
          &hinted_[static_cast<std::size_t>(steps_.set().order()[static_cast<std::size_t>(level)])];
    std::atomic<std::size_t> widest{0};
    choice.widest = &widest;
    const std::vector<char>* only = choice.configurations;
    const std::size_t configurations =
        only != nullptr ? static_cast<std::size_t>(std::count(only->begin(), only->end(), 1))
                        : steps_.piece_at(level).configs.size();
    // Charged whether computed or remembered: the work meter counts the sequential search's
    // steps, not the machine's.
    charge_work(config_, kExpandSecondsPerPixel * pixels_ * static_cast<double>(configurations));
    const std::vector<Candidate> path = search::path_of(stack);
    if (search::NodeMemo::Known* known = nodes_.find(path)) {
      node.candidates = known->candidates;
      node.known = known;
      widest_ = std::max(widest_, known->widest);
      return;
    }
    node.candidates = steps_.candidates(node.state, level, choice);
    std::stable_sort(node.candidates.begin(), node.candidates.end(), candidate_less);
    widest_ = std::max(widest_, widest.load());
    node.known = nodes_.remember(path, node.candidates, widest.load());
  }

  /// A complete raster assembly, polished (and snapped): accepted when it passes the checker
  /// and is as good as an exact assembly (exact_enough()); usable when it only passes the checker.
  enum class Verdict { Rejected, Usable, Accepted };
  Verdict accept(std::vector<PlacedPiece>& pieces, const std::function<bool()>& cancelled) const {
    if (!steps_.polish_and_verify(pieces, cancelled)) return Verdict::Rejected;
    if (config_.final_check && !config_.final_check(pieces)) return Verdict::Rejected;
    // Only a snapped assembly can be exact.
    if (!config_.snap || exact_enough(steps_.judge(), steps_.set(), pieces))
      return Verdict::Accepted;
    return Verdict::Usable;
  }

  /// The first usable assembly, while the search looks on for an accepted one.
  struct Fallback {
    std::vector<PlacedPiece> pieces;
    SolveStats stats;
  };

  Steps& steps_;
  const SearchConfig& config_;
  std::size_t keep_ = 1;  ///< candidates kept per configuration
  /// The running phase ends once the work reaches this: SearchConfig::work_limit_s, or half the
  /// time limit while restricted to the hinted rotations.
  double work_limit_s_ = 0.0;
  /// Pixels of the figure's image, the unit of the cost model.
  double pixels_ = static_cast<double>(steps_.pattern().puzzle.total());
  bool restricted_ = false;                ///< only hinted configurations are expanded
  std::vector<std::vector<char>> hinted_;  ///< per shape: configuration hinted?
  std::size_t widest_ = 0;                 ///< most candidates a truncated configuration had
  /// Complete assemblies waiting for their verdict, in the order reached (dfs()); declared
  /// before judges_, whose destruction waits for its jobs.
  std::deque<Leaf> leaves_;
  TaskGroup judges_;  ///< the judgings in the background
  long reached_ = 0;  ///< leaves reached so far
  /// The order of the first leaf accepted (none: the largest long).
  std::atomic<long> first_accepted_{std::numeric_limits<long>::max()};
  search::CopyMemo copies_;           ///< states explored with copies in another order
  search::NodeMemo nodes_;            ///< the nodes of this round's earlier passes
  std::optional<Fallback> fallback_;  ///< the first usable assembly, if any
  long fallback_until_ = 0;           ///< the search for an accepted one ends after this
                                      ///< many placements
  bool fallback_expired_ = false;     ///< ... and has ended
};

}  // namespace

namespace {

/// One search at the configured rotations (SearchConfig::rotation_auto off).
Solution solve_at(const Pattern& pattern, const SolverConfig& config,
                  const ProgressCallback& progress, const SearchObserver& observer,
                  const Pattern* judge) {
  ThreadLimit limit(config.search.threads);
  search::Steps steps(pattern, config, progress, observer, judge ? *judge : pattern);
  Solution solution;
  if (steps.masks_timed_out())
    solution = steps.timed_out_solution();
  else if (const std::optional<Impossibility> why = steps.impossibility())
    solution = steps.impossible_solution(*why);
  else if (config.search.mode == SearchMode::Paper)
    solution = paper_search(steps);
  else
    solution = OursSearch(steps).run();
  solution.stats.rotation_step_deg = config.search.rotation_step_deg;
  solution.stats.rotation_offset_deg = config.search.rotation_offset_deg;
  return solution;
}

/// SearchConfig::rotation_auto: the stages of auto_rotation_plan() one after the other, all
/// timed from one start, until one solves the pattern. The observer sees one numbering of the
/// steps across stages; the counters add up. Unsolved, the deepest partial assembly is kept
/// (the later stage's on a tie) with the last stage's outcome.
Solution solve_in_stages(const Pattern& pattern, const SolverConfig& config,
                         const ProgressCallback& progress, const SearchObserver& observer,
                         const Pattern* judge) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start =
      config.search.started == Clock::time_point{} ? Clock::now() : config.search.started;
  RotationPlanConfig plan_config;
  plan_config.rough_ladder = config.search.inset_px < 0.0;  // an inset given is kept
  const std::vector<RotationStage> plan =
      auto_rotation_plan(pattern, config.pieces, config.search.rotation_step_deg, plan_config);
  long told = 0;  // the observer's events so far: each stage's are numbered on from them
  SolveStats total;
  std::vector<PlacedPiece> deepest;
  Solution solution;
  int ran = 0;
  for (std::size_t i = 0; i < plan.size(); ++i) {
    SolverConfig stage = config;
    stage.search.rotation_auto = false;
    stage.search.rotation_step_deg = plan[i].step_deg;
    stage.search.rotation_offset_deg = plan[i].offset_deg;
    stage.search.started = start;
    if (plan[i].extra_inset_px > 0.0)
      stage.search.inset_px =
          default_inset_px(config.pieces.unit_px(pattern.side_px), plan[i].step_deg,
                           config.pieces.reach(), config.pieces.grid_step_deg()) +
          plan[i].extra_inset_px;
    if (plan[i].until_share < 1.0)
      stage.search.work_limit_s =
          std::min(config.search.work_limit_s, config.search.time_limit_s * plan[i].until_share);
    // A stage whose share earlier ones spent (the rungs of a rough outline's ladder): left out.
    if (i + 1 < plan.size() && work_reached(config.search.work, stage.search.work_limit_s))
      continue;
    solution = solve_at(pattern, stage, progress, numbered_after(observer, told), judge);
    ++ran;
    add_counters(total, solution.stats);
    if (solution.solved) break;
    if (solution.pieces.size() >= deepest.size()) deepest = solution.pieces;
    if (Clock::now() - start >= std::chrono::duration<double>(config.search.time_limit_s) ||
        solution.stats.stopped)
      break;
  }
  solution.stats.placements_tried = total.placements_tried;
  solution.stats.backtracks = total.backtracks;
  solution.stats.validations_failed = total.validations_failed;
  solution.stats.repeats_skipped = total.repeats_skipped;
  solution.stats.refine_seconds = total.refine_seconds;
  solution.stats.rotation_stages = ran;
  if (!solution.solved && deepest.size() > solution.pieces.size()) {
    solution.pieces = deepest;
    const AreaMetrics m = measure_areas(judge ? *judge : pattern, solution.pieces);
    solution.stats.coverage = m.coverage;
    solution.stats.overlap = m.overlap;
    solution.stats.spill = m.spill;
  }
  return solution;
}

}  // namespace

Solution raster_search(const Pattern& pattern, const SolverConfig& config,
                       const ProgressCallback& progress, const SearchObserver& observer,
                       const Pattern* judge) {
  WorkMeter own_meter;
  const SolverConfig metered = with_work_meter(config, own_meter);
  if (config.search.rotation_auto)
    return solve_in_stages(pattern, metered, progress, observer, judge);
  return solve_at(pattern, metered, progress, observer, judge);
}

}  // namespace tangram
