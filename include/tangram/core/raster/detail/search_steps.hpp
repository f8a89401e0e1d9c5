#pragma once
/// \file search_steps.hpp
/// The steps both raster searches (paper_search.cpp, ours_search.cpp) are built of; the
/// searches decide which steps to take and in what order.

#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/geometry/outline.hpp"
#include "tangram/core/raster/candidates.hpp"
#include "tangram/core/raster/detail/invariants.hpp"
#include "tangram/core/raster/detail/validation.hpp"
#include "tangram/core/raster/layout.hpp"
#include "tangram/core/raster/raster.hpp"
#include "tangram/core/search/config.hpp"

namespace tangram::search {

using Clock = std::chrono::steady_clock;

/// A piece arc in one configuration: its circle's centre (px from the anchor's centre) and
/// radius (px); convex when the piece lies inside the circle along it.
struct ArcAt {
  Vec2 centre;
  double radius = 0.0;
  bool convex = true;
};

/// A placement of the current piece: configuration index, anchor pixel and cost.
struct Candidate {
  double cost = 0.0;
  int config = 0;
  cv::Point anchor;
};

/// Lower cost first; ties by configuration, then anchor (y, then x).
bool candidate_less(const Candidate& a, const Candidate& b);

/// Drops each candidate (one configuration's, cheapest first) next to an earlier one kept.
void drop_neighbours(std::vector<Candidate>& candidates);

/// Which candidates a node gets (Steps::candidates()).
struct CandidateChoice {
  /// Which positions of each collision-free area (default: the paper's).
  CandidateConfig positions;
  /// The lowest-cost positions kept per configuration (the paper: 1).
  std::size_t per_configuration = 1;
  /// Per configuration of the piece: 0 = leave it out; null = all of them.
  const std::vector<char>* configurations = nullptr;
  /// Add corner_contacts().
  bool corner_contacts = false;
  /// When set, raised to the most positions a configuration had when some were left out.
  std::atomic<std::size_t>* widest = nullptr;
};

/// How a placement is validated (Sec. III-D).
enum class Validation {
  /// The paper's two rules against the largest remaining piece.
  Paper,
  /// The paper's rules and a forward check: every remaining piece still fits somewhere.
  PaperAndForwardCheck,
};

/// At most this many candidates' children are placed and validated together, ahead of use.
constexpr std::size_t kValidationBatch = 8;

/// How many children a batch computes ahead: one per thread (at least 2, at most
/// kValidationBatch). A child more than there are threads waits for a thread, and every step
/// waits for its batch.
std::size_t validation_batch();

/// The children of candidates [first, first + n), computed ahead in parallel or when taken.
class Batch {
public:
  using Compute = std::function<bool(std::size_t j, LayoutState& child)>;

  /// With `ahead`, computes the children in parallel (up to the first valid when
  /// `to_first_valid`).
  Batch(std::size_t first_, std::size_t n_, Compute compute, bool ahead, bool to_first_valid);

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

/// One level of a depth-first search: a state and the next piece's candidates in order.
struct Node {
  LayoutState state;
  std::vector<Candidate> candidates;
  std::size_t next = 0;          ///< the next candidate to try
  Candidate placed;              ///< the placement that led to this state (unused at the root)
  std::unique_ptr<Batch> batch;  ///< the children of the candidates tried next
};

/// The placements of a search stack (nodes 1, 2, ...), piece k's at k.
template <class StackNode>
std::vector<Candidate> path_of(const std::vector<StackNode>& stack) {
  std::vector<Candidate> path;
  for (std::size_t k = 1; k < stack.size(); ++k) path.push_back(stack[k].placed);
  return path;
}

/// What one solve() prepares once (masks, costs, clock) and the work of one step.
class Steps {
public:
  /// Starts the clock and rasterises the masks (unusable if masks_timed_out()). Keeps every
  /// argument by reference: each must outlive the Steps.
  Steps(const Pattern& pattern, const SolverConfig& config, const ProgressCallback& progress,
        const SearchObserver& observer, const Pattern& judge);

  /// The time limit passed while the piece masks were rasterised.
  bool masks_timed_out() const { return masks_timed_out_; }
  /// The unsolved, timed-out solution for that case.
  Solution timed_out_solution() const;
  /// What rules out every assembly before the search starts, if anything (sound).
  std::optional<Impossibility> impossibility() const;
  /// The unsolved solution for an impossibility found by impossibility().
  Solution impossible_solution(const Impossibility& why) const;

  const Pattern& pattern() const { return pattern_; }
  /// The pattern complete assemblies are polished, checked and measured on (solve()'s judge).
  const Pattern& judge() const { return judge_; }
  const SolverConfig& config() const { return config_; }
  /// Seconds since the time limit started counting.
  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }
  /// Whether the time limit has passed or a stop was requested (SearchConfig::stop).
  bool out_of_time() const {
    return elapsed() > config_.search.time_limit_s || stop_requested(config_.search);
  }

  /// The set's pieces (SolverConfig::pieces).
  const PieceSet& set() const { return config_.pieces; }
  /// The configurations of every shape, by ShapeId.
  const std::vector<PieceMasks>& shape_masks() const { return pieces_; }
  /// The configurations of piece `level` of the largest-first order (PieceSet::order()).
  const PieceMasks& piece_at(int level) const {
    return pieces_[static_cast<std::size_t>(set().order()[static_cast<std::size_t>(level)])];
  }

  /// Slack (px) of an exact fit left by the inset masks: CandidateConfig::short_edge_px.
  int short_edge_px() const { return short_edge_px_; }

  /// The root of a search: the empty pattern.
  Node root() const;

  /// The candidates of piece `level` in `state` as `choice` asks: per configuration in order,
  /// its cheapest positions. Builds the state's run table.
  std::vector<Candidate> candidates(LayoutState& state, int level,
                                    const CandidateChoice& choice) const;

  /// Places `c` of piece `level` in `parent` as `child` and validates it (not when complete).
  bool place_and_validate(const LayoutState& parent, int level, const Candidate& c,
                          LayoutState& child, Validation validation) const;

  /// place_and_validate() as an earlier verdict on the child allows: -1 (none) validates as
  /// `validation` asks; 0 (invalid) computes nothing and is false; 1 (valid) checks only the
  /// paper's rules, which build the state.
  bool place_as_known(const LayoutState& parent, int level, const Candidate& c, LayoutState& child,
                      Validation validation, signed char verdict) const;

  /// The child of candidate `index` of `node`, placed and validated in batches (see Batch);
  /// `valid` receives the verdict. With `known` (per candidate of the node: -1 unknown, else
  /// the verdict an earlier pass found), a child known invalid is not computed and one known
  /// valid is not checked again.
  LayoutState take_child(Node& node, int level, std::size_t index, Validation validation,
                         bool ahead, bool to_first_valid, bool& valid,
                         const std::vector<signed char>* known = nullptr) const;

  /// Piece `level` placed at `c`, at its raster pose.
  PlacedPiece placed_piece(int level, const Candidate& c) const;
  /// The pieces of a path (placement k of piece k), at their raster poses.
  std::vector<PlacedPiece> assemble(const std::vector<Candidate>& path) const;

  /// Tells the observer of an event of piece `level` at `c`; `bound` -1 without a discrepancy
  /// bound.
  template <class StackNode>
  void notify(SearchEventType type, int level, const Candidate& c,
              const std::vector<StackNode>& stack, int bound) {
    if (!observer_) return;
    send_event(type, level, c, path_of(stack), bound);
  }

  /// A backtrack: piece `level` - 1 comes off the stack, counted, checked and observed.
  template <class StackNode>
  void remove_last(std::vector<StackNode>& stack, int level, SolveStats& stats, int bound) {
    const Candidate removed = stack.back().placed;
    stack.pop_back();
    TANGRAM_CHECK(consistent(path_of(stack), stack.back().state),
                  "the search state is consistent after a backtrack");
    ++stats.backtracks;
    notify(SearchEventType::Removed, level - 1, removed, stack, bound);
  }

  /// Reports progress (if asked for): `pieces_placed` pieces on the pattern, the counts so far.
  void report_progress(int pieces_placed, const SolveStats& stats) const {
    if (progress_)
      progress_(SearchProgress{pieces_placed, stats.placements_tried, stats.backtracks, elapsed()});
  }
  /// Whether an observer watches the search.
  bool observed() const { return static_cast<bool>(observer_); }

  /// The stack's invariant: `state` is the pattern with `path` placed on empty cells.
  bool consistent(const std::vector<Candidate>& path, const LayoutState& state) const;

  /// The polish, then the snap unless it loses the check, on the judge (as enabled).
  void polish_poses(std::vector<PlacedPiece>& pieces) const;
  /// polish_poses(), then whether the result passes verify_solution() on the judge. Once
  /// `cancelled` returns true, it stops early with false (for pieces no longer wanted).
  bool polish_and_verify(std::vector<PlacedPiece>& pieces,
                         const std::function<bool()>& cancelled = {}) const;
  /// Whether a complete, polished assembly passes verify_solution() on the judge pattern.
  bool verified(const std::vector<PlacedPiece>& pieces) const;

  /// Seconds spent so far in polish_poses() and polish_and_verify(), summed over threads.
  double refine_seconds() const { return 1e-9 * static_cast<double>(refine_ns_.load()); }

  /// Completes `solution` (unsolved: the `deepest` partial assembly, polished) with its time,
  /// refine_seconds() and measures on the judge.
  void finish(Solution& solution, const std::vector<Candidate>& deepest) const;

private:
  /// The masks, needs and corners of every shape, inset by `inset` px; short_edge_px_ with them.
  void rasterise_pieces(double inset, Clock::time_point deadline);
  /// Whether a shape has no configuration that fits in the empty pattern.
  bool some_piece_fits_nowhere() const;
  /// The sub-pixel polish of polish_poses(), when enabled.
  void polish_raster(std::vector<PlacedPiece>& pieces,
                     const std::function<bool()>& cancelled = {}) const;
  /// Free anchors of `area` where one of the piece's arcs lies on an arc of the pattern's outline
  /// (the same circle, within a few pixels).
  std::vector<cv::Point> arc_contacts(const BitGrid& area,
                                      const std::vector<ArcAt>& piece_arcs) const;
  void send_event(SearchEventType type, int level, const Candidate& c,
                  const std::vector<Candidate>& path, int bound);

  Clock::time_point start_;  ///< when the time limit started (SearchConfig::started, or now)
  bool masks_timed_out_ = false;
  const Pattern& pattern_;
  const Pattern& judge_;  ///< final assemblies are polished, checked and measured on it
  const SolverConfig& config_;
  const ProgressCallback& progress_;
  const SearchObserver& observer_;
  long events_ = 0;                 ///< events sent to the observer so far
  std::vector<PieceMasks> pieces_;  ///< per shape
  std::vector<PieceNeeds> needs_;   ///< per shape
  /// Per shape and configuration: the posed piece's corners, px from the anchor's centre.
  std::vector<std::vector<std::vector<Vec2>>> corners_;
  /// With SearchConfig::arcs_on_outline, per shape and configuration: the posed piece's arcs.
  std::vector<std::vector<std::vector<ArcAt>>> arcs_;
  /// With SearchConfig::arcs_on_outline: the arcs of the pattern's outline.
  std::vector<OutlineArc> figure_arcs_;
  std::vector<int> max_run_from_;  ///< longest mask run among the pieces from each level on
  /// The empty pattern's state (its run table long enough for every mask), built once: root()
  /// hands out copies, which share its images (a child never writes its parent's).
  LayoutState root_state_;
  int short_edge_px_ = 0;             ///< slack of an exact fit (CandidateConfig::short_edge_px)
  cv::Mat1f sweep_;                   ///< the sweep strategy's cost matrix (not DT)
  std::vector<OutlineRing> outline_;  ///< the judge's vectorised outline (SearchConfig::snap)
  /// outline_refusal() of the pattern, computed alongside the masks for impossibility().
  std::optional<Impossibility> refusal_;
  mutable std::atomic<long long> refine_ns_{0};  ///< refine_seconds(), in nanoseconds
};

}  // namespace tangram::search
