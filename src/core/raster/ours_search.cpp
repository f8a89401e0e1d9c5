// This project's raster search (SearchMode::Ours): a limited discrepancy search over Algorithm
// 1's steps, with subtrees walked ahead on other threads (docs/design/raster.md,
// docs/design/determinism.md "Walks ahead").

#include "tangram/core/raster/detail/ours_search.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <deque>
#include <functional>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include "tangram/core/base/parallel.hpp"
#include "tangram/core/figure/angles.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/core/raster/candidates.hpp"
#include "tangram/core/raster/detail/copy_memo.hpp"
#include "tangram/core/raster/detail/node_memo.hpp"
#include "tangram/core/raster/detail/search_steps.hpp"
#include "tangram/core/refine/snap.hpp"

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
  /// A walk ahead that has seen no cut goes on past this node's first valid child, where a
  /// walk that has seen one stops (the steps between its log's Only marks).
  bool uncut_only = false;
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

/// Subtrees are walked ahead only under nodes at least this many levels above the leaves...
constexpr std::size_t kFanOutLevelsBelow = 3;
/// ... and once the search has done this much work (nominal seconds, search/work.hpp): a short
/// search gains more from children validated side by side (Steps::take_child()).
constexpr double kFanOutAfterWorkS = 0.06;

/// subtrees_taken_ahead().
std::atomic<long> taken_ahead{0};

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

  /// A complete assembly's verdict (accept()).
  enum class Verdict { Rejected, Usable, Accepted };

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
    background_ = max_threads() > 1 && !steps_.observed();
    max_pending_ = background_ ? 4 * static_cast<std::size_t>(max_threads()) : 1;
    // States explored in this pass, reached with the copies of a shape in another order.
    copies_.clear();
    memo_ = config_.copies_once && copies_.active();
    std::vector<LdsNode> stack;
    stack.reserve(pieces + 1);  // no reallocation: growing would copy the layout states
    stack.push_back(LdsNode{steps_.root(), 0, 0});
    bound_ = bound;
    // While other threads walk ahead, the search's loops take no task but their own.
    std::optional<IsolatedLoops> isolated;
    if (background_) isolated.emplace();
    Walk root{stack, bound, cut};
    expand(root, 0);
    const Outcome outcome = walk(root, solution, deepest);
    end_fan_out();
    if (outcome == Outcome::Solved) return false;
    // A larger bound comes next: the leaves still judged are settled in its course.
    if (cut && background_ && !solution.stats.timed_out && !fallback_expired_) return true;
    return settle(solution) ? false : cut;
  }

  /// Why a walk returned: its part of the search is done, an accepted assembly ended the search
  /// (settled), or the time, the work or the fallback's placements ran out.
  enum class Outcome { Done, Solved, Stopped };

  /// What a walk ahead of the search's own did for one candidate of a node and its subtree, in
  /// the order the search would have done it (fan_out()).
  struct SubtreeLog {
    /// OnlyUncut to OnlyEnd: steps taken only if the search has seen no cut by then (the walk
    /// ahead had not); Cut: it sees one.
    enum class Kind : unsigned char {
      Step,
      Placed,
      Charge,
      Failed,
      Skipped,
      Backtrack,
      Deepest,
      Leaf,
      Record,
      Cut,
      OnlyUncut,
      OnlyEnd
    };
    struct Event {
      Kind kind;
      double charge = 0.0;   ///< Charge: nominal seconds
      std::size_t item = 0;  ///< Deepest: into paths; Leaf: into leaves; Record: into records
    };
    /// A copy memo's key: the state of `path` + `next` with `discrepancies`.
    struct Key {
      std::vector<Candidate> path;
      int level = 0;
      Candidate next;
      int discrepancies = 0;
    };
    struct Found {
      std::vector<PlacedPiece> pieces;
      Verdict verdict = Verdict::Rejected;
    };
    std::vector<Event> events;
    std::vector<std::vector<Candidate>> paths;
    std::vector<Found> leaves;
    std::vector<Key> records;
    /// Lookups of the copy memo that missed: valid only if the search's memo misses them too
    /// once the walks before this one are in it.
    std::vector<Key> misses;
    std::size_t widest = 0;
    bool counts = false;  ///< the candidate is a valid child of the node (within the bound)
    /// Walked to its end, or to an accepted assembly (not stopped part way).
    bool complete = false;
    std::atomic<bool> ready{false};
    TaskGroup walking;  ///< the walk, for another thread to help while it waits for it

    void add(Kind kind, double charge = 0.0, std::size_t item = 0) {
      events.push_back({kind, charge, item});
    }
  };

  /// The walks ahead under one node of a walk's stack: other threads take its candidates from
  /// `first` on in order, as does the walk itself once it is back at the node; the walk then
  /// takes their logs in order as if it had walked them (commit()).
  struct FanOut {
    FanOut(std::vector<LdsNode>& stack_, std::size_t level_, bool cut_)
        : stack(stack_),
          node(stack_[level_]),
          level(level_),
          first(node.next),
          cut(cut_),
          claimed(first) {
      for (std::size_t j = first; j < node.candidates.size(); ++j)
        logs.push_back(std::make_unique<SubtreeLog>());
    }
    std::vector<LdsNode>& stack;  ///< the walk's, whose path down to the node the others copy
    LdsNode& node;
    std::size_t level;
    std::size_t first;
    bool cut;  ///< whether the walk had seen a cut: the walks ahead take it as their start's
    std::atomic<std::size_t> claimed;               ///< the next candidate no thread has taken
    std::vector<std::unique_ptr<SubtreeLog>> logs;  ///< per candidate from `first`
    std::atomic<bool> abandoned{false};             ///< the walk ended early: the walks ahead stop
    std::size_t committed = first;                  ///< the next candidate whose log the walk takes
  };

  /// A walk of the tree on `stack`: the search's own (`log` null: every step counts at once),
  /// or one subtree's ahead of it (steps into `log`); one with a floor ends back at that level.
  struct Walk {
    std::vector<LdsNode>& stack;
    int bound;
    bool& cut;
    SubtreeLog* log = nullptr;
    std::size_t floor = std::numeric_limits<std::size_t>::max();
    search::CopyMemo* own = nullptr;  ///< a walk ahead's own records of the copy memo
    std::size_t deepest = 0;          ///< a walk ahead: the deepest level it logged
    /// The nodes of this walk whose later candidates other threads walk ahead, shallowest first.
    std::vector<std::shared_ptr<FanOut>> fans = {};
    const FanOut* under = nullptr;  ///< a walk ahead: the fan-out it walks a candidate of
  };

  /// Whether walk `w` ahead is of no use any more: the pass ended, or the walk it is ahead of
  /// ended early.
  bool stopped(const Walk& w) const {
    return abort_ahead_.load(std::memory_order_relaxed) ||
           (w.under != nullptr && w.under->abandoned.load(std::memory_order_relaxed));
  }

  /// The steps of `w` until it is done (the search's own: the root's candidates are spent; a
  /// walk with a floor: back at it) or the search ends. A walk that ends early waits for the
  /// walks ahead under its nodes.
  Outcome walk(Walk& w, Solution& solution, std::vector<Candidate>& deepest) {
    const Outcome o = steps(w, solution, deepest);
    if (o != Outcome::Done) {
      if (w.log == nullptr) abort_ahead_ = true;  // the pass ends: every walk ahead is of no use
      for (auto f = w.fans.rbegin(); f != w.fans.rend(); ++f) {
        (*f)->abandoned = true;
        const std::size_t claimed = (*f)->claimed.exchange(std::numeric_limits<std::size_t>::max());
        for (std::size_t j = (*f)->first; j < std::min(claimed, (*f)->node.candidates.size()); ++j)
          while (!(*f)->logs[j - (*f)->first]->ready.load(std::memory_order_acquire))
            std::this_thread::yield();
        forget(*f);
      }
      w.fans.clear();
    }
    return o;
  }

  /// walk()'s steps: Algorithm 1's loop with the discrepancy bound.
  Outcome steps(Walk& w, Solution& solution, std::vector<Candidate>& deepest) {
    const std::size_t pieces = steps_.set().piece_count();
    std::vector<LdsNode>& stack = w.stack;
    for (;;) {
      if (w.log != nullptr) {
        drain();
        if (stopped(w)) return Outcome::Stopped;
        w.log->add(SubtreeLog::Kind::Step);
      } else if (const Outcome o = checks(solution); o != Outcome::Done) {
        return o;
      }
      const std::size_t level = stack.size() - 1;
      if (level == w.floor) return Outcome::Done;
      if (level == pieces) {
        if (w.log != nullptr) {
          // An accepted assembly ends the search: nothing after it is of use.
          if (log_leaf(w) == Verdict::Accepted) return Outcome::Solved;
        } else if (const Outcome o =
                       reach_leaf(steps_.assemble(search::path_of(stack)), nullptr, solution);
                   o != Outcome::Done) {
          return o;
        }
        // The checker rejected the complete assembly (or is still judging it); the last piece
        // comes off.
        remove_last(w, level, solution);
        continue;
      }
      if (!w.fans.empty() && level == w.fans.back()->level) {
        // Back at the node whose later candidates were walked ahead.
        if (const Outcome o = commit(w, solution, deepest); o != Outcome::Done) return o;
      }
      LdsNode& node = stack.back();
      // Past its first valid child, a node with no discrepancy left to spend could only show
      // that the bound cut something: once the pass knows that, its other candidates are left.
      if (node.valid_children > 0 && node.discrepancies + 1 > w.bound) {
        if (w.cut) {
          node.next = node.candidates.size();
        } else if (w.log != nullptr && !node.uncut_only) {
          // A walk ahead does not know whether the search will have seen a cut by then: its
          // log holds both walks (replay()).
          node.uncut_only = true;
          w.log->add(SubtreeLog::Kind::OnlyUncut);
        }
      }
      if (node.next < node.candidates.size()) {
        const std::size_t index = node.next++;
        const int discrepancies = node.discrepancies + (node.valid_children > 0 ? 1 : 0);
        switch (try_child(w, node, level, index, discrepancies, solution, deepest)) {
          case Try::Skipped:
            if (discrepancies > w.bound) {
              see_cut(w);
              node.next = node.candidates.size();
            } else {
              ++node.valid_children;
            }
            break;
          case Try::Failed: break;
          case Try::Over:
            see_cut(w);
            node.next = node.candidates.size();
            break;
          case Try::Entered:
            ++node.valid_children;
            fan_out(w, level);
            break;
        }
      } else {
        // Algorithm 1, lines 19-25: reset this piece, remove the previous one.
        if (level == 0) return Outcome::Done;
        if (node.uncut_only) w.log->add(SubtreeLog::Kind::OnlyEnd);
        remove_last(w, level, solution);
      }
      if (w.log == nullptr)
        steps_.report_progress(static_cast<int>(stack.size()) - 1, solution.stats);
    }
  }

  /// Walk `w` sees that the bound cut something.
  void see_cut(Walk& w) {
    w.cut = true;
    if (w.log != nullptr) w.log->add(SubtreeLog::Kind::Cut);
  }

  /// What the search checks before each step: the leaves judged so far in order (an accepted
  /// one ends it), the time and work limits, and the fallback's placements.
  Outcome checks(Solution& solution) {
    // Rejected leaves leave the queue as soon as they are judged; an accepted one ends the
    // search once the leaves before it are judged too.
    while (!leaves_.empty() && leaves_.front().judged()) {
      if (leaves_.front().accepted) {
        settle(solution);
        return Outcome::Solved;
      }
      keep_usable(leaves_.front());
      leaves_.pop_front();
    }
    if (steps_.out_of_time() || work_reached(config_.work, work_limit_s_)) {
      solution.stats.timed_out = true;
      solution.stats.stopped = stop_requested(config_);
      return Outcome::Stopped;
    }
    if (fallback_ && solution.stats.placements_tried > fallback_until_) {
      fallback_expired_ = true;
      return Outcome::Stopped;
    }
    return Outcome::Done;
  }

  /// A complete assembly reached by the search: judged now, in the background, or (`found`)
  /// judged already by a walk ahead.
  Outcome reach_leaf(std::vector<PlacedPiece> pieces, const SubtreeLog::Found* found,
                     Solution& solution) {
    Leaf& leaf = leaves_.emplace_back(std::move(pieces), solution.stats, reached_++);
    if (config_.work != nullptr) leaf.work = config_.work->seconds();
    if (found != nullptr) {
      leaf.leave_waiting(Leaf::kJudging);
      record_verdict(leaf, found->verdict);
    } else if (background_) {
      judges_.run([this, &leaf] { judge(leaf); });
    } else {
      judge(leaf);
    }
    if (leaves_.size() >= max_pending_ && settle(solution)) return Outcome::Solved;
    return Outcome::Done;
  }

  /// A walk ahead's complete assembly, judged at once.
  Verdict log_leaf(Walk& w) {
    SubtreeLog::Found& found = w.log->leaves.emplace_back();
    found.pieces = steps_.assemble(search::path_of(w.stack));
    found.verdict = accept(found.pieces, [this, &w] { return stopped(w); });
    w.log->add(SubtreeLog::Kind::Leaf, 0.0, w.log->leaves.size() - 1);
    return found.verdict;
  }

  /// The last piece comes off the stack (a backtrack).
  void remove_last(Walk& w, std::size_t level, Solution& solution) {
    SolveStats counted_below;  // Steps counts the backtrack here; count() does it for the walk
    steps_.remove_last(w.stack, static_cast<int>(level), counted_below, w.bound);
    count(w, SubtreeLog::Kind::Backtrack, solution);
  }

  /// A step counted (Placed, Failed, Skipped or Backtrack): in the search's counts, or into the
  /// walk's log.
  void count(Walk& w, SubtreeLog::Kind kind, Solution& solution) {
    if (w.log != nullptr) {
      w.log->add(kind);
      return;
    }
    SolveStats& stats = solution.stats;
    switch (kind) {
      case SubtreeLog::Kind::Placed: ++stats.placements_tried; break;
      case SubtreeLog::Kind::Failed: ++stats.validations_failed; break;
      case SubtreeLog::Kind::Skipped: ++stats.repeats_skipped; break;
      case SubtreeLog::Kind::Backtrack: ++stats.backtracks; break;
      default: break;
    }
  }

  /// Work charged by a step: to the meter, or into the walk's log.
  void charge(Walk& w, double seconds) {
    if (w.log != nullptr)
      w.log->add(SubtreeLog::Kind::Charge, seconds);
    else
      charge_work(config_, seconds);
  }

  /// What became of a candidate: a state the copy memo knows (not entered), a child that failed
  /// validation, a valid child past the bound (cut), or a valid child entered (pushed).
  enum class Try { Skipped, Failed, Over, Entered };

  /// Candidate `index` of `node` (the stack's last, at `level`) as a child with `discrepancies`:
  /// counted, placed, validated and, when valid within the bound, pushed and expanded. Changes
  /// neither the node's next candidate nor its count of valid children.
  /// `alone`: the child is computed by itself, never in a batch (the node is another walk's, or
  /// other threads walk its candidates ahead).
  Try try_child(Walk& w, LdsNode& node, std::size_t level, std::size_t index, int discrepancies,
                Solution& solution, std::vector<Candidate>& deepest, bool alone = false) {
    const std::size_t pieces = steps_.set().piece_count();
    const Candidate candidate = node.candidates[index];
    SubtreeLog* log = w.log;
    // A state reached before with the copies of a shape swapped is valid and searched already
    // (copy_memo.hpp): it counts as a valid child, and is not entered again.
    const bool memo = memo_ && copies_.later_copy(static_cast<int>(level));
    if (memo) {
      const std::vector<Candidate> path = search::path_of(w.stack);
      const int at = static_cast<int>(level);
      bool seen = log != nullptr && w.own->explored(path, at, candidate, discrepancies);
      if (!seen) {
        const std::lock_guard<std::mutex> lock(copies_mutex_);
        seen = copies_.explored(path, at, candidate, discrepancies);
      }
      if (!seen && log != nullptr) log->misses.push_back({path, at, candidate, discrepancies});
      if (seen) {
        count(w, SubtreeLog::Kind::Skipped, solution);
        return Try::Skipped;
      }
    }
    count(w, SubtreeLog::Kind::Placed, solution);
    charge(w, kPlaceSecondsPerPixel * pixels_);
    const std::vector<signed char>* known = node.known != nullptr ? &node.known->valid : nullptr;
    bool valid = false;
    LayoutState child;
    if (log != nullptr || alone) {
      valid = steps_.place_as_known(node.state, static_cast<int>(level), candidate, child,
                                    search::Validation::PaperAndForwardCheck,
                                    known != nullptr ? (*known)[index] : -1);
    } else {
      // Once the node's discrepancies are used up, a valid child after the first one is
      // cut, so children are computed ahead only up to the next valid one.
      const bool to_first_valid = node.discrepancies + 1 > w.bound;
      // Children are computed ahead of use, in parallel, when other threads could help;
      // not while they are judging assemblies or walking subtrees ahead, nor with one thread
      // (a child computed ahead is not always used: a sibling may lead to the solution or be
      // cut by the bound). Nor is the first candidate's sibling when only the first valid
      // child counts: the first is usually valid, and its inner loops get every thread.
      const bool ahead = background_ && leaves_.empty() &&
                         !helping_.load(std::memory_order_relaxed) &&
                         !(to_first_valid && index == 0);
      child = steps_.take_child(node, static_cast<int>(level), index,
                                search::Validation::PaperAndForwardCheck, ahead, to_first_valid,
                                valid, known);
    }
    if (node.known != nullptr) node.known->valid[index] = valid ? 1 : 0;
    if (!valid) {
      count(w, SubtreeLog::Kind::Failed, solution);
      if (log == nullptr)
        steps_.notify(SearchEventType::ValidationFailed, static_cast<int>(level), candidate,
                      w.stack, w.bound);
      return Try::Failed;
    }
    if (discrepancies > w.bound) return Try::Over;
    if (memo) {
      const std::vector<Candidate> path = search::path_of(w.stack);
      const int at = static_cast<int>(level);
      if (log != nullptr) {
        w.own->record(path, at, candidate, discrepancies);
        log->records.push_back({path, at, candidate, discrepancies});
        log->add(SubtreeLog::Kind::Record, 0.0, log->records.size() - 1);
      } else {
        const std::lock_guard<std::mutex> lock(copies_mutex_);
        copies_.record(path, at, candidate, discrepancies);
      }
    }
    w.stack.push_back(LdsNode{{std::move(child), {}, 0, candidate, {}}, discrepancies, 0, nullptr});
    if (log != nullptr) {
      if (w.stack.size() - 1 > w.deepest) {
        w.deepest = w.stack.size() - 1;
        log->paths.push_back(search::path_of(w.stack));
        log->add(SubtreeLog::Kind::Deepest, 0.0, log->paths.size() - 1);
      }
    } else {
      steps_.notify(SearchEventType::Placed, static_cast<int>(level), candidate, w.stack, w.bound);
      if (w.stack.size() - 1 > deepest.size()) deepest = search::path_of(w.stack);
    }
    if (level + 1 < pieces) expand(w, level + 1);
    return Try::Entered;
  }

  /// Once a walk has entered a valid child of its node at `level` with discrepancies to spare
  /// (so that every later candidate of it is walked, each with one discrepancy more), another
  /// thread may walk those candidates' subtrees ahead, each on a stack of its own, into logs
  /// that commit() takes in order: the same steps, counts and outcome as one thread's. Only with
  /// a second thread and no observer, at least kFanOutLevelsBelow levels above the leaves.
  void fan_out(Walk& w, std::size_t level) {
    if (!background_ || !work_reached(config_.work, kFanOutAfterWorkS)) return;
    const std::size_t pieces = steps_.set().piece_count();
    const LdsNode& node = w.stack[level];
    if (node.discrepancies + 1 > w.bound || node.next >= node.candidates.size() ||
        level + kFanOutLevelsBelow > pieces)
      return;
    if (memo_) {
      const std::lock_guard<std::mutex> lock(copies_mutex_);
      if (2 * copies_.size() > copies_.max_states()) return;
    }
    // The subtrees of two candidates reach the same states when the piece they place has a
    // later copy: the copy memo would skip in one what the other explored, so a walk ahead
    // would mostly be walked again.
    if (memo_ && copies_.later_copy(static_cast<int>(level) + 1)) return;
    w.fans.push_back(std::make_shared<FanOut>(w.stack, level, w.cut));
    const std::lock_guard<std::mutex> lock(fans_mutex_);
    fans_.push_back(w.fans.back());
    if (helping_) return;
    helping_ = true;
    helper_.run([this] {
      while (help_once(true)) {}
    });
  }

  /// Walks ahead the next candidate of the deepest node with one left; false if there is none
  /// (then, for the helper's job, it ends).
  bool help_once(bool helper, std::size_t min_level = 0) {
    std::shared_ptr<FanOut> fan;
    std::size_t j = 0;
    {
      const std::lock_guard<std::mutex> lock(fans_mutex_);
      if (!abort_ahead_.load())
        for (const std::shared_ptr<FanOut>& f : fans_)
          if ((!fan || f->level > fan->level) && f->level >= min_level &&
              f->claimed.load() < f->node.candidates.size())
            fan = f;
      if (fan) j = fan->claimed++;
      if (!fan || j >= fan->node.candidates.size()) {
        if (helper) helping_ = false;
        return false;
      }
    }
    // The path down to the node (its state too in a checked build, for the stack's check).
    std::vector<LdsNode> base;
    base.reserve(steps_.set().piece_count() + 1);
    for (std::size_t k = 0; k <= fan->level; ++k) {
      LdsNode& copy = base.emplace_back();
      copy.placed = fan->stack[k].placed;
      copy.discrepancies = fan->stack[k].discrepancies;
      if (kChecked && k == fan->level) copy.state = fan->stack[k].state;
    }
    SubtreeLog& log = *fan->logs[j - fan->first];
    log.walking.run([&] { walk_ahead(*fan, base, j); });
    log.walking.wait();
    return true;
  }

  /// Walks candidate `index` of the fan's node (at the top of `stack`, or the node it copies)
  /// and its subtree ahead, into its log.
  void walk_ahead(FanOut& fan, std::vector<LdsNode>& stack, std::size_t index) {
    SubtreeLog& log = *fan.logs[index - fan.first];
    search::CopyMemo own(steps_.set());
    // Whether the pass has seen a cut before this candidate: surely if the walk had when it
    // fanned out; else the log holds the steps of both cases.
    bool cut = fan.cut;
    const std::size_t level = stack.size() - 1;
    Walk w{stack, bound_, cut, &log, level, &own};
    w.under = &fan;
    Solution unused;
    std::vector<Candidate> unused_deepest;
    log.add(SubtreeLog::Kind::Step);
    switch (try_child(w, fan.node, level, index, fan.node.discrepancies + 1, unused, unused_deepest,
                      true)) {
      case Try::Skipped:
      case Try::Entered: log.counts = true; break;
      case Try::Failed:
      case Try::Over: break;
    }
    const Outcome o = stack.size() - 1 > level ? walk(w, unused, unused_deepest) : Outcome::Done;
    log.complete = o != Outcome::Stopped;
    while (stack.size() - 1 > level) stack.pop_back();  // a walk ended early
    log.ready.store(true, std::memory_order_release);
  }

  /// A walk, back at the node of its last fan-out, takes the logs in order: each as if it had
  /// walked it, unless the copy memo now knows a state the walk ahead did not (then it walks
  /// that candidate itself). While a log is not ready, it walks the node's next candidate no
  /// thread has taken, ahead too, or another node's, or waits.
  Outcome commit(Walk& w, Solution& solution, std::vector<Candidate>& deepest) {
    const std::shared_ptr<FanOut> fan = w.fans.back();
    LdsNode& node = fan->node;
    for (std::size_t j; (j = fan->committed) < node.candidates.size();) {
      SubtreeLog& log = *fan->logs[j - fan->first];
      bool itself = false;
      while (!log.ready.load(std::memory_order_acquire)) {
        if (w.log != nullptr && stopped(w)) return Outcome::Stopped;
        // Candidate j if no thread took it; else help walk j's subtree (the nodes deeper than
        // this one); else the next candidate, ahead.
        if (help_once(false, fan->level + 1)) continue;
        const std::size_t k =
            fan->claimed.load() < node.candidates.size() ? fan->claimed++ : node.candidates.size();
        if (k == j) {  // no other thread took it: this walk takes it itself
          itself = true;
          log.ready.store(true, std::memory_order_release);
          break;
        }
        if (k < node.candidates.size()) {
          // The search's own walk takes the logs that get ready meanwhile (drain()).
          std::optional<Drain> drain;
          if (w.log == nullptr)
            drain.emplace(*this, Drainer{fan.get(), &w, &solution, &deepest, k});
          walk_ahead(*fan, w.stack, k);
          drain.reset();
          if (drained_ != Outcome::Done) return std::exchange(drained_, Outcome::Done);
        } else {
          log.walking.wait();  // helps the other thread's loops in it
        }
      }
      if (fan->committed != j) continue;  // drained
      if (!itself) itself = !log.complete || conflicts(log, w);
      node.next = j + 1;
      fan->committed = j + 1;
      if (!itself) ++taken_ahead;
      const Outcome o = itself ? walk_one(w, node, j, solution, deepest)
                               : replay(log, w, node, solution, deepest);
      log.events = {};
      if (o != Outcome::Done) return o;
    }
    forget(fan);
    w.fans.pop_back();
    return Outcome::Done;
  }

  /// The search's own walk, waiting in commit() while its thread walks candidate `walking`
  /// ahead: the logs before it that get ready meanwhile are taken at once (drain()).
  struct Drainer {
    FanOut* fan = nullptr;
    Walk* w = nullptr;
    Solution* solution = nullptr;
    std::vector<Candidate>* deepest = nullptr;
    std::size_t walking = 0;
  };
  /// Sets drainer_ for the search's thread while alive.
  class Drain {
  public:
    Drain(OursSearch& search, Drainer d) : search_(search) {
      search_.drainer_ = d;
      search_.drain_thread_ = std::this_thread::get_id();
    }
    ~Drain() {
      search_.drain_thread_ = std::thread::id{};
      search_.drainer_ = Drainer{};
    }
    Drain(const Drain&) = delete;
    Drain& operator=(const Drain&) = delete;

  private:
    OursSearch& search_;
  };

  /// On the search's thread, walking ahead inside commit(): takes the logs before the one it
  /// walks that are ready and of use, in order. An outcome that ends the search stops the walks
  /// ahead and is kept in drained_ for commit() to return.
  void drain() {
    if (drain_thread_.load(std::memory_order_relaxed) != std::this_thread::get_id()) return;
    Drainer& d = drainer_;
    if (d.fan == nullptr || drained_ != Outcome::Done) return;
    FanOut& fan = *d.fan;
    LdsNode& node = fan.node;
    for (std::size_t j; (j = fan.committed) < d.walking;) {
      SubtreeLog& log = *fan.logs[j - fan.first];
      if (!log.ready.load(std::memory_order_acquire) || !log.complete || conflicts(log, *d.w))
        return;
      node.next = j + 1;
      fan.committed = j + 1;
      ++taken_ahead;
      const Outcome o = replay(log, *d.w, node, *d.solution, *d.deepest);
      log.events = {};
      if (o != Outcome::Done) {
        drained_ = o;
        abort_ahead_ = true;
        return;
      }
    }
  }

  /// Whether a walk ahead's log is of no use to `w`: the copy memo (the search's, and the
  /// walk's own records) now knows a state it looked up in vain, or would overflow.
  bool conflicts(const SubtreeLog& log, const Walk& w) {
    if (!memo_) return false;
    const std::lock_guard<std::mutex> lock(copies_mutex_);
    if (copies_.size() + log.records.size() > copies_.max_states()) return true;
    return std::any_of(log.misses.begin(), log.misses.end(), [&](const SubtreeLog::Key& m) {
      return copies_.explored(m.path, m.level, m.next, m.discrepancies) ||
             (w.own != nullptr && w.own->explored(m.path, m.level, m.next, m.discrepancies));
    });
  }

  /// Removes a fan-out from those other threads may take from.
  void forget(const std::shared_ptr<FanOut>& fan) {
    const std::lock_guard<std::mutex> lock(fans_mutex_);
    fans_.erase(std::find(fans_.begin(), fans_.end(), fan));
  }

  /// Walk `w` takes candidate `index` of its last node and walks its subtree itself.
  Outcome walk_one(Walk& w, LdsNode& node, std::size_t index, Solution& solution,
                   std::vector<Candidate>& deepest) {
    const std::size_t level = w.stack.size() - 1;
    if (w.log != nullptr)
      w.log->add(SubtreeLog::Kind::Step);
    else if (const Outcome o = checks(solution); o != Outcome::Done)
      return o;
    Walk d{w.stack, w.bound, w.cut, w.log, level, w.own, w.deepest};
    d.under = w.under;
    switch (try_child(d, node, level, index, node.discrepancies + 1, solution, deepest, true)) {
      case Try::Skipped:
      case Try::Entered: ++node.valid_children; break;
      case Try::Failed:
      case Try::Over: break;
    }
    const Outcome o = w.stack.size() - 1 > level ? walk(d, solution, deepest) : Outcome::Done;
    w.deepest = d.deepest;
    return o;
  }

  /// The steps of a walk ahead, taken into `w` as its own: counted by the search, or logged.
  Outcome replay(const SubtreeLog& log, Walk& w, LdsNode& node, Solution& solution,
                 std::vector<Candidate>& deepest) {
    using Kind = SubtreeLog::Kind;
    SubtreeLog* into = w.log;
    bool skipping = false;  // the steps of a walk that had seen no cut, and `w` has
    for (const SubtreeLog::Event& e : log.events) {
      if (skipping) {
        skipping = e.kind != Kind::OnlyEnd;
        continue;
      }
      switch (e.kind) {
        case Kind::OnlyUncut:
          if (w.cut)
            skipping = true;
          else if (into != nullptr)
            into->add(Kind::OnlyUncut);
          break;
        case Kind::OnlyEnd:
          if (into != nullptr) into->add(Kind::OnlyEnd);
          break;
        case Kind::Cut: see_cut(w); break;
        case Kind::Step:
          if (into != nullptr) {
            if (stopped(w)) return Outcome::Stopped;
            into->add(Kind::Step);
          } else if (const Outcome o = checks(solution); o != Outcome::Done) {
            return o;
          }
          break;
        case Kind::Placed:
        case Kind::Failed:
        case Kind::Skipped:
        case Kind::Backtrack: count(w, e.kind, solution); break;
        case Kind::Charge: charge(w, e.charge); break;
        case Kind::Deepest: {
          const std::vector<Candidate>& path = log.paths[e.item];
          if (into == nullptr) {
            if (path.size() > deepest.size()) deepest = path;
          } else if (path.size() > w.deepest) {
            w.deepest = path.size();
            into->paths.push_back(path);
            into->add(Kind::Deepest, 0.0, into->paths.size() - 1);
          }
          break;
        }
        case Kind::Leaf: {
          const SubtreeLog::Found& found = log.leaves[e.item];
          if (into != nullptr) {
            into->leaves.push_back(found);
            into->add(Kind::Leaf, 0.0, into->leaves.size() - 1);
            if (found.verdict == Verdict::Accepted) return Outcome::Solved;
          } else {
            if (const Outcome o = reach_leaf(found.pieces, &found, solution); o != Outcome::Done)
              return o;
            // Accepted: the search ends once the leaves before it are judged.
            if (found.verdict == Verdict::Accepted)
              if (const Outcome o = checks(solution); o != Outcome::Done) return o;
          }
          break;
        }
        case Kind::Record: {
          const SubtreeLog::Key& r = log.records[e.item];
          if (into != nullptr) {
            w.own->record(r.path, r.level, r.next, r.discrepancies);
            into->records.push_back(r);
            into->add(Kind::Record, 0.0, into->records.size() - 1);
          } else {
            const std::lock_guard<std::mutex> lock(copies_mutex_);
            copies_.record(r.path, r.level, r.next, r.discrepancies);
          }
          break;
        }
      }
    }
    if (into != nullptr) {
      into->widest = std::max(into->widest, log.widest);
      into->misses.insert(into->misses.end(), log.misses.begin(), log.misses.end());
    } else {
      widest_ = std::max(widest_, log.widest);
    }
    if (log.counts) ++node.valid_children;
    return Outcome::Done;
  }

  /// Stops the walks ahead, if any, and waits for them.
  void end_fan_out() {
    abort_ahead_ = true;
    helper_.wait();
    abort_ahead_ = false;
    const std::lock_guard<std::mutex> lock(fans_mutex_);
    fans_.clear();
  }

  /// Judges `leaf` unless another thread has started to, or it was dropped; true if it did.
  /// A judging stops early once a leaf reached before it is accepted: it will be dropped.
  bool judge(Leaf& leaf) {
    if (!leaf.leave_waiting(Leaf::kJudging)) return false;
    record_verdict(leaf, accept(leaf.pieces, [this, &leaf] {
                     return first_accepted_.load(std::memory_order_relaxed) < leaf.order;
                   }));
    return true;
  }

  /// Stores the verdict on a leaf being judged: it is judged.
  void record_verdict(Leaf& leaf, Verdict verdict) {
    leaf.accepted = verdict == Verdict::Accepted;
    leaf.usable = verdict == Verdict::Usable;
    if (leaf.accepted) {
      long first = first_accepted_.load();
      while (leaf.order < first && !first_accepted_.compare_exchange_weak(first, leaf.order)) {}
    }
    leaf.state.store(Leaf::kJudged, std::memory_order_release);
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

  /// The candidates of piece `level` in the state of the walk's last node: skeleton
  /// endpoints, corners and short-edge middles, up to keep_ per configuration (only the hinted
  /// configurations while restricted), all ranked together by cost; as an earlier pass of this
  /// round computed them if it did (nodes_).
  void expand(Walk& w, std::size_t level) {
    LdsNode& node = w.stack.back();
    search::CandidateChoice choice;
    choice.positions = CandidateConfig{config_.corners, steps_.short_edge_px()};
    choice.per_configuration = keep_;
    choice.corner_contacts = config_.corners && config_.corner_contacts;
    if (restricted_)
      choice.configurations = &hinted_[static_cast<std::size_t>(steps_.set().order()[level])];
    std::atomic<std::size_t> widest{0};
    choice.widest = &widest;
    const std::vector<char>* only = choice.configurations;
    const std::size_t configurations =
        only != nullptr ? static_cast<std::size_t>(std::count(only->begin(), only->end(), 1))
                        : steps_.piece_at(static_cast<int>(level)).configs.size();
    // Charged whether computed or remembered: the work meter counts the sequential search's
    // steps, not the machine's.
    charge(w, kExpandSecondsPerPixel * pixels_ * static_cast<double>(configurations));
    std::size_t& widest_seen = w.log != nullptr ? w.log->widest : widest_;
    const std::vector<Candidate> path = search::path_of(w.stack);
    {
      const std::lock_guard<std::mutex> lock(nodes_mutex_);
      if (search::NodeMemo::Known* known = nodes_.find(path)) {
        node.candidates = known->candidates;
        node.known = known;
        widest_seen = std::max(widest_seen, known->widest);
        return;
      }
    }
    node.candidates = steps_.candidates(node.state, static_cast<int>(level), choice);
    std::stable_sort(node.candidates.begin(), node.candidates.end(), candidate_less);
    widest_seen = std::max(widest_seen, widest.load());
    const std::lock_guard<std::mutex> lock(nodes_mutex_);
    node.known = nodes_.remember(path, node.candidates, widest.load());
  }

  /// A complete raster assembly, polished (and snapped): accepted when it passes the checker
  /// and is as good as an exact assembly (exact_enough()); usable when it only passes the checker.
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
  search::CopyMemo copies_;      ///< states explored with copies in another order
  std::mutex copies_mutex_;      ///< guards copies_ while walks ahead read it
  search::NodeMemo nodes_;       ///< the nodes of this round's earlier passes
  std::mutex nodes_mutex_;       ///< guards nodes_ (the walks ahead use it too)
  bool background_ = false;      ///< this pass judges leaves in the background
  std::size_t max_pending_ = 1;  ///< ... up to this many at a time
  bool memo_ = false;            ///< this pass uses the copy memo
  /// The nodes of the search's stack whose later candidates are walked ahead, shallowest first.
  std::vector<std::shared_ptr<FanOut>> fans_;
  std::mutex fans_mutex_;                        ///< guards fans_ and helping_
  std::atomic<bool> helping_{false};             ///< the helper's job runs
  std::atomic<bool> abort_ahead_{false};         ///< the walks ahead stop (the pass ends)
  TaskGroup helper_;                             ///< the helper's job
  int bound_ = 0;                                ///< this pass's bound
  Drainer drainer_;                              ///< see drain()
  std::atomic<std::thread::id> drain_thread_{};  ///< the thread drainer_ is for
  Outcome drained_ = Outcome::Done;              ///< what drain() ended the search with
  std::optional<Fallback> fallback_;             ///< the first usable assembly, if any
  long fallback_until_ = 0;                      ///< the search for an accepted one ends after this
                                                 ///< many placements
  bool fallback_expired_ = false;                ///< ... and has ended
};

}  // namespace

Solution ours_search(search::Steps& steps) { return OursSearch(steps).run(); }

long subtrees_taken_ahead() { return taken_ahead.load(); }

}  // namespace tangram
