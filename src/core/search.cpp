#include "tangram/core/search.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <deque>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <thread>

#include "tangram/core/angles.hpp"
#include "tangram/core/candidates.hpp"
#include "tangram/core/error.hpp"
#include "tangram/core/layout.hpp"
#include "tangram/core/morphology.hpp"
#include "tangram/core/parallel.hpp"
#include "tangram/core/polish.hpp"
#include "tangram/core/raster.hpp"
#include "tangram/core/validation.hpp"
#include "tangram/core/verify.hpp"

namespace tangram {

namespace {

// Shortest readable form of a number for messages ("0", "2.5", "-1").
std::string number(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

}  // namespace

std::string_view search_event_name(SearchEventType type) {
  switch (type) {
    case SearchEventType::Placed: return "place";
    case SearchEventType::ValidationFailed: return "reject";
    case SearchEventType::Removed: return "remove";
  }
  return "?";
}

long configuration_count(double rotation_step_deg, bool reflection) {
  if (!(rotation_step_deg > 0.0)) return 0;
  std::vector<PieceKind> kinds(tangram_set().begin(), tangram_set().end());
  std::sort(kinds.begin(), kinds.end());
  kinds.erase(std::unique(kinds.begin(), kinds.end()), kinds.end());
  double total = 0.0;
  for (const PieceKind kind : kinds) {
    // Angles k * step below the period (as configurations() lists them, with its tolerance).
    const double period = rotation_period_deg(kind);
    const double angles = std::max(0.0, std::ceil((period - 1e-9) / rotation_step_deg));
    total += angles * ((reflection && mirror_distinct(kind)) ? 2 : 1);
  }
  return total > 1e15 ? static_cast<long>(1e15) : static_cast<long>(total);
}

void validate_config(const SolverConfig& config) {
  const SearchConfig& s = config.search;
  if (!(s.rotation_step_deg > 0.0 && s.rotation_step_deg <= 360.0))
    throw UsageError(mention(Setting::RotationStep) + " must be in (0, 360] degrees, got " +
                     number(s.rotation_step_deg));
  const long count = configuration_count(s.rotation_step_deg, s.reflection);
  if (count > kMaxConfigurations)
    throw UsageError(mention(Setting::RotationStep) + " " + number(s.rotation_step_deg) + " gives " +
                     std::to_string(count) + " piece configurations, more than the " +
                     std::to_string(kMaxConfigurations) + " the solver accepts (a step of at " +
                     "least 0.1 degrees)");
  if (!(s.time_limit_s > 0.0) || !std::isfinite(s.time_limit_s))
    throw UsageError(mention(Setting::TimeLimit) + " must be a positive number of seconds, got " +
                     number(s.time_limit_s));
  if (s.threads < 0 || s.threads > 1024)
    throw UsageError(mention(Setting::Threads) + " must be 0 (all cores) or 1..1024, got " +
                     std::to_string(s.threads));
  if (s.candidates_per_config < 1 || s.candidates_per_config > 1000)
    throw UsageError(mention(Setting::Candidates) + " must be in 1..1000, got " +
                     std::to_string(s.candidates_per_config));
  if (s.inset_px > 10.0 || !std::isfinite(s.inset_px))
    throw UsageError(mention(Setting::Inset) + " must be at most 10 px (negative = automatic)");
}

namespace {

using Clock = std::chrono::steady_clock;

/// A placement of the current piece: configuration index, anchor pixel and cost.
struct Candidate {
  double cost = 0.0;
  int config = 0;
  cv::Point anchor;
};

/// Candidates whose children may be placed and validated together, ahead of use.
constexpr std::size_t kValidationBatch = 4;

/// The children of candidates [first, first + n) of a node, placed and validated: in parallel
/// ahead of use, in order, or each when the search takes it. A child is the same either way,
/// so the search does not depend on which.
class Batch {
public:
  using Compute = std::function<bool(std::size_t j, LayoutState& child)>;

  /// With `ahead`, computes the children in parallel, in order, up to the first valid one when
  /// `to_first_valid` (the search will take no child after it), else all of them.
  Batch(std::size_t first_, std::size_t n_, Compute compute, bool ahead, bool to_first_valid)
      : first(first_), n(n_), compute_(std::move(compute)) {
    if (ahead)
      parallel_any(n, [this, to_first_valid](std::size_t j) {
        complete(j);
        return to_first_valid && valid_[j];
      });
  }

  /// Whether candidate `index` is in the batch and its child computed.
  bool has(std::size_t index) const {
    return index >= first && index < first + n && done_[index - first];
  }

  /// Child j, moved out; `valid` says whether it passed the validation.
  LayoutState take(std::size_t j, bool& valid) {
    if (!done_[j]) complete(j);
    valid = valid_[j];
    return std::move(child_[j]);
  }

  const std::size_t first, n;

private:
  void complete(std::size_t j) {
    valid_[j] = compute_(j, child_[j]);
    done_[j] = true;
  }

  Compute compute_;
  std::array<LayoutState, kValidationBatch> child_;
  std::array<bool, kValidationBatch> valid_{}, done_{};
};

/// One level of the depth-first search: the state with the first `level` pieces placed, and the
/// candidates of piece `level` in the order they are tried.
struct Node {
  LayoutState state;
  std::vector<Candidate> candidates;
  std::size_t next = 0;
  Candidate placed;  ///< the placement that led to this state (unused at the root)
  int discrepancies = 0;  ///< times the path to here did not take a node's first valid child
  int valid_children = 0;  ///< children of this node that passed validation so far
  std::unique_ptr<Batch> batch;  ///< the children of the candidates tried next
};

bool candidate_less(const Candidate& a, const Candidate& b) {
  if (a.cost != b.cost) return a.cost < b.cost;
  if (a.config != b.config) return a.config < b.config;
  if (a.anchor.y != b.anchor.y) return a.anchor.y < b.anchor.y;
  return a.anchor.x < b.anchor.x;
}

/// A complete assembly reached by the search, to be judged by accept(): its pieces (polished by
/// the judging) and the search's counts when it was reached.
struct Leaf {
  enum : int { kWaiting, kJudging, kJudged, kDropped };
  Leaf(std::vector<PlacedPiece> p, const SolveStats& s) : pieces(std::move(p)), stats(s) {}
  bool judged() const { return state.load(std::memory_order_acquire) == kJudged; }
  /// Moves a waiting leaf to `next` (kJudging or kDropped); false if it was not waiting.
  bool leave_waiting(int next) {
    int waiting = kWaiting;
    return state.compare_exchange_strong(waiting, next);
  }

  std::vector<PlacedPiece> pieces;
  SolveStats stats;
  bool accepted = false;
  /// kWaiting, then kJudging (one thread judges it) and kJudged (stored with release once
  /// `accepted` and `pieces` are final), or kDropped when an earlier leaf was accepted.
  std::atomic<int> state{kWaiting};
};

class Search {
public:
  Search(const Pattern& pattern, const SolverConfig& config, const ProgressCallback& progress,
         const SearchObserver& observer, const Pattern& judge)
      : start_(config.search.started == Clock::time_point{} ? Clock::now()
                                                            : config.search.started),
        pattern_(pattern), judge_(judge), config_(config),
        progress_(progress), observer_(observer) {
    const SearchConfig& s = config.search;
    const double inset =
        s.inset_px >= 0.0 ? s.inset_px : default_inset_px(pattern.side_px, s.rotation_step_deg);
    // Slack of an exact fit: the inset moves each 45-degree tip inward by inset / sin(22.5).
    short_edge_px_ = static_cast<int>(std::ceil(2.0 * inset / std::sin(M_PI / 8.0))) + 1;
    const auto deadline =
        start_ + std::chrono::duration_cast<Clock::duration>(
                     std::chrono::duration<double>(std::min(s.time_limit_s, 1e9)));
    for (PieceKind kind : tangram_set()) {
      const int k = static_cast<int>(kind);
      if (pieces_[k].configs.empty() && !out_of_time_) {
        pieces_[k] = rasterise_piece(kind, pattern.side_px, s.rotation_step_deg, s.reflection,
                                     inset, deadline);
        out_of_time_ = pieces_[k].configs.empty();
        needs_[k] = piece_needs(pieces_[k].configs);
      }
    }
    if (out_of_time_) return;  // run() reports the time limit
    // Longest mask run among the pieces from each level on: the run table needs no more.
    const auto& order = tangram_set();
    for (int level = static_cast<int>(order.size()) - 1; level >= 0; --level) {
      int longest = level + 1 < static_cast<int>(order.size()) ? max_run_from_[level + 1] : 1;
      for (const ConfigurationMask& c : piece_at(level).configs) longest = std::max(longest, c.mask.max_run());
      max_run_from_[level] = longest;
    }
    if (config.placement.strategy != Strategy::DistanceTransform)
      sweep_ = sweep_cost_matrix(config.placement.strategy, pattern.puzzle.rows,
                                 pattern.puzzle.cols);
  }

  Solution run() {
    Solution solution;
    solution.stats.threads = max_threads();
    if (out_of_time_) {  // the time limit passed while the piece masks were rasterised
      solution.stats.timed_out = true;
      solution.stats.seconds = elapsed();
      return solution;
    }
    std::vector<Node> deepest;
    deadline_s_ = config_.search.time_limit_s;
    if (config_.search.mode == SearchMode::Paper) {
      dfs(-1, solution, deepest);
    } else {
      // Limited discrepancy search: the bound caps how often a path leaves the first valid
      // candidate of a node; it grows until a solution is found, the limit is reached or the
      // bound no longer cuts anything (the candidate space is exhausted).
      // Once exhausted, it starts over with more candidates per configuration, while any
      // configuration had more candidates than were kept.
      // With fine rotation steps, the rotations hinted by the silhouette's edges come first,
      // for at most half the time; then every rotation, for the rest.
      const double limit = config_.search.time_limit_s;
      if (restrict_to_hints()) {
        deadline_s_ = 0.5 * limit;
        search_widening(solution, deepest);
        restricted_ = false;
        solution.stats.timed_out = false;
      }
      deadline_s_ = limit;
      if (!solution.solved) search_widening(solution, deepest);
    }
    if (!solution.solved && deepest.size() > 1) {
      solution.pieces = assemble(deepest);
      refine(solution.pieces);
    }
    solution.stats.seconds = elapsed();
    if (!solution.pieces.empty()) {
      const AreaMetrics m = measure_areas(judge_, solution.pieces);
      solution.stats.coverage = m.coverage;
      solution.stats.overlap = m.overlap;
      solution.stats.spill = m.spill;
    }
    return solution;
  }

private:
  /// Limited discrepancy search with widening (Ours), until solved, timed out or exhausted.
  void search_widening(Solution& solution, std::vector<Node>& deepest) {
    keep_ = static_cast<std::size_t>(config_.search.candidates_per_config);
    for (;;) {
      widest_ = 0;
      for (int bound = 0; !solution.solved && !solution.stats.timed_out; ++bound)
        if (!dfs(bound, solution, deepest)) break;
      if (solution.solved || solution.stats.timed_out || !config_.search.widen ||
          widest_.load() <= keep_)
        break;
      keep_ *= 4;
    }
  }

  /// Marks the configurations whose rotation the silhouette's edges hint at (angles.hpp) and
  /// turns the restriction on. False (no restriction) with steps of 45 degrees or more, with
  /// hints off, without hints, or when the hints leave out no configuration.
  bool restrict_to_hints() {
    const SearchConfig& s = config_.search;
    if (!s.angle_hints || s.rotation_step_deg >= 45.0) return false;
    AngleHintConfig hints;
    hints.step_deg = s.rotation_step_deg;
    const std::vector<double> residues = dominant_residues(pattern_, hints);
    if (residues.empty()) return false;
    bool leaves_out = false;
    for (std::size_t k = 0; k < pieces_.size(); ++k) {
      hinted_[k].assign(pieces_[k].configs.size(), 0);
      for (std::size_t i = 0; i < pieces_[k].configs.size(); ++i) {
        hinted_[k][i] = matches_residue(pieces_[k].configs[i].config.angle_deg, residues) ? 1 : 0;
        leaves_out = leaves_out || (!pieces_[k].configs.empty() && !hinted_[k][i]);
      }
    }
    restricted_ = leaves_out;
    return restricted_;
  }

  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

  /// Depth-first search (Algorithm 1) in which a path may take a node's second or later valid
  /// candidate at most `bound` times (negative = no bound). Returns true when the bound cut off
  /// some candidate, i.e. a larger bound could find more. `deepest` keeps the deepest partial
  /// assembly seen.
  bool dfs(int bound, Solution& solution, std::vector<Node>& deepest) {
    const std::size_t pieces = tangram_set().size();
    bool cut = false;
    // Complete assemblies are judged in the order they are reached. With more than one thread
    // (and no observer, which must see each verdict before the next step) they are judged in the
    // background while the search goes on as after a rejection, up to `max_pending` at a time;
    // the first accepted one then wins with the counts of when it was reached, which is the
    // outcome of judging each at once.
    std::deque<Leaf> leaves;  // declared before `judges`, whose destruction waits for its jobs
    TaskGroup judges;
    const bool background = max_threads() > 1 && !observer_;
    const std::size_t max_pending = background ? 4 * static_cast<std::size_t>(max_threads()) : 1;
    std::vector<Node> stack;
    stack.reserve(pieces + 1);  // no reallocation: growing would copy the layout states
    stack.push_back(Node{make_layout_state(pattern_.puzzle), {}, 0, {}, 0, 0, {}});
    expand(stack.back(), 0);
    while (!stack.empty()) {
      // Rejected leaves leave the queue as soon as they are judged; an accepted one ends the
      // search once the leaves before it are judged too.
      while (!leaves.empty() && leaves.front().judged()) {
        if (leaves.front().accepted) return settle(leaves, judges, solution) ? false : cut;
        leaves.pop_front();
      }
      if (elapsed() > deadline_s_) {
        solution.stats.timed_out = true;
        break;
      }
      const std::size_t level = stack.size() - 1;
      if (level == pieces) {
        Leaf& leaf = leaves.emplace_back(assemble(stack), solution.stats);
        if (background)
          judges.run([this, &leaf] { judge(leaf); });
        else
          judge(leaf);
        if (leaves.size() >= max_pending && settle(leaves, judges, solution)) return false;
        // Ours: the checker rejected the complete assembly (or is still judging it); the last
        // piece comes off.
        const Candidate removed = stack.back().placed;
        stack.pop_back();
        ++solution.stats.backtracks;
        notify(SearchEventType::Removed, static_cast<int>(level) - 1, removed, stack, bound);
        continue;
      }
      Node& node = stack.back();
      if (node.next < node.candidates.size()) {
        const std::size_t index = node.next++;
        const Candidate candidate = node.candidates[index];
        ++solution.stats.placements_tried;
        // Children are computed ahead of use, in parallel, when other threads could help;
        // not while they are judging assemblies nor with one thread (a child computed ahead
        // is not always used: a sibling may lead to the solution or be cut by the bound).
        const bool ahead = background && leaves.empty();
        if (!node.batch || index >= node.batch->first + node.batch->n ||
            (ahead && !node.batch->has(index))) {
          // Once the node's discrepancies are used up, a valid child after the first one is
          // cut, so children are computed ahead only up to the next valid one.
          const bool to_first_valid = bound >= 0 && node.discrepancies + 1 > bound;
          start_batch(node, static_cast<int>(level), index, ahead, to_first_valid);
        }
        bool valid = false;
        LayoutState child = node.batch->take(index - node.batch->first, valid);
        if (!valid) {
          ++solution.stats.validations_failed;
          notify(SearchEventType::ValidationFailed, static_cast<int>(level), candidate, stack,
                 bound);
          continue;
        }
        const int discrepancies = node.discrepancies + (node.valid_children > 0 ? 1 : 0);
        if (bound >= 0 && discrepancies > bound) {
          cut = true;
          node.next = node.candidates.size();
          continue;
        }
        ++node.valid_children;
        stack.push_back(Node{std::move(child), {}, 0, candidate, discrepancies, 0, {}});
        notify(SearchEventType::Placed, static_cast<int>(level), candidate, stack, bound);
        if (stack.size() > deepest.size()) deepest = copy_placements(stack);
        if (level + 1 < pieces) expand(stack.back(), static_cast<int>(level) + 1);
      } else {
        // Algorithm 1, lines 19-25: reset this piece, remove the previous one.
        if (level == 0) break;
        const Candidate removed = stack.back().placed;
        stack.pop_back();
        ++solution.stats.backtracks;
        notify(SearchEventType::Removed, static_cast<int>(level) - 1, removed, stack, bound);
      }
      if (progress_) {
        progress_(SearchProgress{static_cast<int>(stack.size()) - 1, solution.stats.placements_tried,
                                 solution.stats.backtracks, elapsed()});
      }
    }
    return settle(leaves, judges, solution) ? false : cut;
  }

  /// Judges `leaf` unless another thread has started to, or it was dropped; true if it did.
  bool judge(Leaf& leaf) const {
    if (!leaf.leave_waiting(Leaf::kJudging)) return false;
    leaf.accepted = accept(leaf.pieces);
    leaf.state.store(Leaf::kJudged, std::memory_order_release);
    return true;
  }

  /// Settles the judging of `leaves` in order and empties it: the first accepted one becomes
  /// the solution, with the counts of when it was reached, and the result is true; the leaves
  /// after it are dropped unjudged. While another thread judges a leaf, this one judges the
  /// next ones.
  bool settle(std::deque<Leaf>& leaves, TaskGroup& judges, Solution& solution) const {
    bool solved = false;
    for (std::size_t i = 0; i < leaves.size() && !solved; ++i) {
      Leaf& leaf = leaves[i];
      judge(leaf);
      for (std::size_t next = i + 1; !leaf.judged();) {
        if (next < leaves.size())
          judge(leaves[next++]);
        else
          std::this_thread::yield();
      }
      if (!leaf.accepted) continue;
      solved = true;
      solution.solved = true;
      solution.pieces = std::move(leaf.pieces);
      solution.stats.placements_tried = leaf.stats.placements_tried;
      solution.stats.backtracks = leaf.stats.backtracks;
      solution.stats.validations_failed = leaf.stats.validations_failed;
    }
    for (Leaf& leaf : leaves) leaf.leave_waiting(Leaf::kDropped);
    judges.wait();  // the jobs of dropped leaves end at once; none may outlive the queue
    leaves.clear();
    return solved;
  }

  /// The children of the candidates of `node` from `first` on (kValidationBatch of them;
  /// Algorithm 1, lines 9-10): computed ahead of use when `ahead`, up to the first valid one
  /// when `to_first_valid` (see Batch), else each when the search takes it.
  void start_batch(Node& node, int level, std::size_t first, bool ahead, bool to_first_valid) {
    const std::size_t n = std::min(kValidationBatch, node.candidates.size() - first);
    node.batch = std::make_unique<Batch>(
        first, n,
        [this, &node, level, first](std::size_t j, LayoutState& child) {
          return place_and_validate(node.state, level, node.candidates[first + j], child);
        },
        ahead, to_first_valid);
  }

  /// The placements of a stack, without the layout states (enough for assemble()).
  static std::vector<Node> copy_placements(const std::vector<Node>& stack) {
    std::vector<Node> out(stack.size());
    for (std::size_t k = 0; k < stack.size(); ++k) out[k].placed = stack[k].placed;
    return out;
  }

  const PieceMasks& piece_at(int level) const {
    return pieces_[static_cast<int>(tangram_set()[static_cast<std::size_t>(level)])];
  }
  const ConfigurationMask& mask_of(int level, int config) const {
    return piece_at(level).configs[static_cast<std::size_t>(config)];
  }

  /// Computes the candidates of piece `level` in `node`'s state, configurations in parallel.
  void expand(Node& node, int level) {
    const PieceMasks& piece = piece_at(level);
    const std::vector<ConfigurationMask>& configs = piece.configs;
    LayoutState& state = node.state;
    state.ensure_runs(max_run_from_[level]);
    const std::vector<char>* hinted =
        restricted_ ? &hinted_[static_cast<int>(tangram_set()[static_cast<std::size_t>(level)])]
                    : nullptr;
    const std::vector<char> possible = possible_configurations(state.runs, piece, hinted);
    const PlacementCost cost = config_.placement.strategy == Strategy::DistanceTransform
                                   ? PlacementCost::distance_transform(dt_normalised(state))
                                   : PlacementCost::sweep(sweep_);
    const bool paper = config_.search.mode == SearchMode::Paper;
    const std::size_t keep = paper ? 1 : keep_;
    CandidateConfig candidates;
    if (!paper)
      candidates = CandidateConfig{config_.search.corners, short_edge_px_};
    std::vector<std::vector<Candidate>> per_config(configs.size());
    parallel_for(configs.size(), [&](std::size_t i) {
      if (!possible[i]) return;
      BitGrid area;
      collision_free_area(state.runs, configs[i].mask, area);
      std::vector<Candidate>& out = per_config[i];
      for (const cv::Point& p : candidate_positions(area, candidates))
        out.push_back({cost(configs[i].mask, p), static_cast<int>(i), p});
      std::sort(out.begin(), out.end(), candidate_less);
      if (out.size() > keep) {
        std::size_t seen = widest_.load();
        while (out.size() > seen && !widest_.compare_exchange_weak(seen, out.size())) {
        }
        out.resize(keep);
      }
    });
    for (std::vector<Candidate>& c : per_config)
      node.candidates.insert(node.candidates.end(), c.begin(), c.end());
    // The paper tries configurations in their order; ours ranks all candidates by cost.
    if (!paper) std::stable_sort(node.candidates.begin(), node.candidates.end(), candidate_less);
  }

  cv::Mat1f dt_normalised(const LayoutState& state) const {
    cv::Mat1f dt = state.depth.clone();
    if (state.max_depth > 0.0f) dt /= state.max_depth;
    return dt;
  }

  /// Places candidate `c` of piece `level` in `parent` as `child` and validates the result
  /// (Sec. III-D: the largest empty region and the depth of the empty space against the largest
  /// remaining piece; Ours adds the forward check, every remaining piece must still fit). The
  /// distance transform, the costliest part of a placement, comes last: in Ours the forward
  /// check rejects most placements before it (a passing forward check implies the paper's two
  /// rules, still checked, so the verdict is the same in any order). A complete assembly is
  /// left without it: it is judged by accept(), not expanded.
  bool place_and_validate(const LayoutState& parent, int level, const Candidate& c,
                          LayoutState& child) const {
    const RunMask& mask = mask_of(level, c.config).mask;
    child = place_cells(parent, mask, c.anchor);
    const auto& order = tangram_set();
    const std::size_t next = static_cast<std::size_t>(level) + 1;
    if (next >= order.size()) return true;
    const PieceNeeds& needs = needs_[static_cast<int>(order[next])];
    if (!region_rule_holds(child, needs)) return false;
    if (config_.search.mode == SearchMode::Ours) {
      child.ensure_runs(max_run_from_[next]);
      std::vector<const PieceMasks*> remaining;
      for (std::size_t k = next; k < order.size(); ++k) {
        const PieceMasks* m = &pieces_[static_cast<int>(order[k])];
        if (std::find(remaining.begin(), remaining.end(), m) == remaining.end())
          remaining.push_back(m);
      }
      if (!every_piece_fits(child, remaining)) return false;
    }
    add_depth(child, parent, mask, c.anchor);
    return depth_rule_holds(child, needs);
  }

  /// Piece `level` placed at `c`, at its raster pose.
  PlacedPiece placed_piece(int level, const Candidate& c) const {
    const ConfigurationMask& cm = mask_of(level, c.config);
    PlacedPiece p;
    p.kind = cm.config.kind;
    p.pose = Pose{{c.anchor.x + 0.5, c.anchor.y + 0.5}, cm.config.angle_deg, cm.config.reflected};
    p.polygon = posed_polygon(p.kind, pattern_.side_px, p.pose);
    return p;
  }

  std::vector<PlacedPiece> assemble(const std::vector<Node>& stack) const {
    std::vector<PlacedPiece> pieces;
    for (std::size_t k = 1; k < stack.size(); ++k)
      pieces.push_back(placed_piece(static_cast<int>(k) - 1, stack[k].placed));
    return pieces;
  }

  /// Tells the observer (if any) that piece `level`, placed at `c`, was placed, rejected or
  /// removed; `stack` is the search stack after the event.
  void notify(SearchEventType type, int level, const Candidate& c, const std::vector<Node>& stack,
              int bound) {
    if (!observer_) return;
    SearchEvent event;
    event.step = ++steps_;
    event.type = type;
    event.level = level;
    event.piece = placed_piece(level, c);
    event.assembly = assemble(stack);
    event.discrepancy_bound = bound;
    event.seconds = elapsed();
    observer_(event);
  }

  /// A complete raster assembly: polish it; Paper mode accepts it as Algorithm 1 does, Ours
  /// only when it passes the checker.
  bool accept(std::vector<PlacedPiece>& pieces) const {
    refine(pieces);
    if (config_.search.mode == SearchMode::Paper) return true;
    return verify_solution(judge_, pieces).valid;
  }

  /// Sub-pixel polish of the raster poses, when enabled.
  void refine(std::vector<PlacedPiece>& pieces) const {
    if (config_.search.polish) {
      // Fine rotation steps approximate the figure's angles: let polish turn by half a step.
      PolishConfig polish_config;
      const double step = config_.search.rotation_step_deg;
      if (step < 45.0) polish_config.max_turn_deg = std::min(step / 2.0, 2.0);
      polish(judge_, pieces, polish_config);
    }
  }

  Clock::time_point start_;  ///< when the time limit started (SearchConfig::started, or now)
  bool out_of_time_ = false;  ///< the time limit passed while the masks were rasterised
  const Pattern& pattern_;
  const Pattern& judge_;  ///< final assemblies are polished, checked and measured on it
  const SolverConfig& config_;
  const ProgressCallback& progress_;
  const SearchObserver& observer_;
  long steps_ = 0;  ///< events sent to the observer so far
  std::array<PieceMasks, 5> pieces_;
  std::array<PieceNeeds, 5> needs_;
  std::array<int, 7> max_run_from_{};
  int short_edge_px_ = 0;
  cv::Mat1f sweep_;
  std::size_t keep_ = 1;                 ///< Ours: candidates kept per configuration
  double deadline_s_ = 0.0;              ///< the running phase ends after this many seconds
  bool restricted_ = false;              ///< Ours: only hinted configurations are expanded
  std::array<std::vector<char>, 5> hinted_;  ///< per piece kind: configuration hinted?
  std::atomic<std::size_t> widest_{0};   ///< most candidates a truncated configuration had
};

}  // namespace

Solution solve(const Pattern& pattern, const SolverConfig& config, const ProgressCallback& progress,
               const SearchObserver& observer, const Pattern* judge) {
  validate_config(config);
  if (judge != nullptr && judge->puzzle.size() != pattern.puzzle.size())
    throw UsageError("the judge pattern must have the pattern's size");
  ThreadLimit limit(config.search.threads);
  return Search(pattern, config, progress, observer, judge ? *judge : pattern).run();
}

}  // namespace tangram
