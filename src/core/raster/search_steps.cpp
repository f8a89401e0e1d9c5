#include "tangram/core/raster/detail/search_steps.hpp"

#include "tangram/core/figure/refusals.hpp"
#include "tangram/core/figure/roughness.hpp"
#include "tangram/core/raster/components.hpp"
#include "tangram/core/raster/detail/invariants.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include <opencv2/imgproc.hpp>

#include "tangram/core/base/parallel.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/core/raster/morphology.hpp"
#include "tangram/core/raster/placement.hpp"
#include "tangram/core/refine/polish.hpp"
#include "tangram/core/refine/snap.hpp"

namespace tangram::search {

namespace {

/// The share of the time limit that one polish may take (PolishConfig::deadline); its trial cap
/// usually ends it long before.
constexpr double kPolishShare = 0.05;

}  // namespace

bool candidate_less(const Candidate& a, const Candidate& b) {
  if (a.cost != b.cost) return a.cost < b.cost;
  if (a.config != b.config) return a.config < b.config;
  if (a.anchor.y != b.anchor.y) return a.anchor.y < b.anchor.y;
  return a.anchor.x < b.anchor.x;
}

void drop_neighbours(std::vector<Candidate>& candidates) {
  std::vector<Candidate> kept;
  for (const Candidate& c : candidates) {
    const bool near = std::any_of(kept.begin(), kept.end(), [&](const Candidate& k) {
      return std::abs(k.anchor.x - c.anchor.x) <= 1 && std::abs(k.anchor.y - c.anchor.y) <= 1;
    });
    if (!near) kept.push_back(c);
  }
  candidates = std::move(kept);
}

std::size_t validation_batch() {
  return std::clamp(static_cast<std::size_t>(max_threads()), std::size_t{2}, kValidationBatch);
}

Batch::Batch(std::size_t first_, std::size_t n_, Compute compute, bool ahead, bool to_first_valid)
    : first(first_), n(n_), compute_(std::move(compute)) {
  if (ahead)
    parallel_any(n, [this, to_first_valid](std::size_t j) {
      complete(j);
      return to_first_valid && valid_[j];
    });
}

namespace {

/// The longest distance between two corners of a shape of `set` at `unit_px`, rounded up, + 1.
int longest_chord_px(const PieceSet& set, double unit_px) {
  double longest = 0.0;
  for (std::size_t shape = 0; shape < set.shape_count(); ++shape) {
    const Polygon polygon = set.local_polygon(static_cast<ShapeId>(shape), unit_px);
    for (const Vec2& a : polygon)
      for (const Vec2& b : polygon) longest = std::max(longest, std::hypot(a.x - b.x, a.y - b.y));
  }
  return static_cast<int>(std::ceil(longest)) + 1;
}

/// The corners of each configuration of `shape` (Steps::corners_).
std::vector<std::vector<Vec2>> configuration_corners(const PieceSet& set, ShapeId shape,
                                                     double unit_px, const PieceMasks& masks) {
  const Polygon local = set.local_polygon(shape, unit_px);
  const std::vector<bool> inside = inside_arcs(set.shape(shape));
  std::vector<std::vector<Vec2>> out;
  for (const ConfigurationMask& c : masks.configs) {
    std::vector<Vec2>& corners = out.emplace_back();
    for (std::size_t i = 0; i < local.size(); ++i)
      if (!inside[i])
        corners.push_back(rotate_local(local[i], c.config.angle_deg, c.config.reflected));
  }
  return out;
}

/// The arcs of each configuration of `shape` (Steps::arcs_).
std::vector<std::vector<ArcAt>> configuration_arcs(const PieceSet& set, ShapeId shape,
                                                   double unit_px, const PieceMasks& masks) {
  const PieceShape& piece = set.shape(shape);
  std::vector<std::vector<ArcAt>> out(masks.configs.size());
  if (piece.arcs.empty()) return out;
  const Polygon local = set.local_polygon(shape, unit_px);
  for (const PieceArc& arc : piece.arcs) {
    const Vec2 centre = unit_px * (arc.centre - set.centroid(shape));
    // Convex when a point just inside the arc's middle, towards the centre, is in the piece.
    const Vec2 middle = local[(arc.start + arc.chords / 2) % local.size()];
    const bool convex = inside_polygon(local, middle + 0.02 * (centre - middle));
    for (std::size_t i = 0; i < masks.configs.size(); ++i) {
      const Configuration& c = masks.configs[i].config;
      out[i].push_back(
          {rotate_local(centre, c.angle_deg, c.reflected), unit_px * arc.radius, convex});
    }
  }
  return out;
}

}  // namespace

Steps::Steps(const Pattern& pattern, const SolverConfig& config, const ProgressCallback& progress,
             const SearchObserver& observer, const Pattern& judge)
    : start_(config.search.started == Clock::time_point{} ? Clock::now() : config.search.started),
      pattern_(pattern),
      judge_(judge),
      config_(config),
      progress_(progress),
      observer_(observer) {
  const SearchConfig& s = config.search;
  const double inset =
      s.inset_px >= 0.0
          ? s.inset_px
          : default_inset_px(config.pieces.unit_px(pattern.side_px), s.rotation_step_deg,
                             config.pieces.reach(), config.pieces.grid_step_deg());
  const auto deadline = start_ + std::chrono::duration_cast<Clock::duration>(
                                     std::chrono::duration<double>(std::min(s.time_limit_s, 1e9)));
  const PieceSet& set = config.pieces;
  // Work that needs no masks runs alongside them: a thread that finishes its share of the
  // rasterising takes it, instead of the caller doing it alone before or after.
  TaskGroup beside;
  if (s.snap) beside.run([this, &judge] { outline_ = vectorise_outline(judge.puzzle); });
  if (s.arcs_on_outline)
    beside.run(
        [this, &pattern] { figure_arcs_ = outline_arcs(vectorise_outline(pattern.puzzle)); });
  beside.run([this, &pattern, &set] { refusal_ = outline_refusal(pattern, set); });
  beside.run([this, &pattern, &set] {
    root_state_ = make_layout_state(pattern.puzzle);
    // Its run table too, up to the longest chord of a shape, which no mask's run exceeds: it is
    // built again below only if an arc makes a longer run than the shapes' corners span.
    root_state_.ensure_runs(longest_chord_px(set, set.unit_px(pattern.side_px)));
  });
  rasterise_pieces(inset, deadline);
  beside.wait();
  // A wobbly outline (figure/roughness.hpp) whose notches leave a piece nowhere to fit at the
  // automatic inset: the masks inset further by its noise, so that the wobble refuses nothing.
  // (The noise first: on a clean outline it is 0 and the fit is not tested twice.)
  if (s.inset_px < 0.0 && !masks_timed_out_)
    if (const double allowance = rough_inset_allowance_px(pattern.puzzle);
        allowance > 0.0 && some_piece_fits_nowhere())
      rasterise_pieces(inset + allowance, deadline);
  if (masks_timed_out_) return;
  // Longest mask run among the pieces from each level on: the run table needs no more.
  const auto& order = set.order();
  max_run_from_.assign(order.size(), 0);
  for (int level = static_cast<int>(order.size()) - 1; level >= 0; --level) {
    int longest = level + 1 < static_cast<int>(order.size()) ? max_run_from_[level + 1] : 1;
    for (const ConfigurationMask& c : piece_at(level).configs)
      longest = std::max(longest, c.mask.max_run());
    max_run_from_[level] = longest;
  }
  root_state_.ensure_runs(max_run_from_.front());
  if (config.placement.strategy != Strategy::DistanceTransform)
    sweep_ = sweep_cost_matrix(config.placement.strategy, pattern.puzzle.rows, pattern.puzzle.cols);
}

void Steps::rasterise_pieces(double inset, Clock::time_point deadline) {
  const SearchConfig& s = config_.search;
  const PieceSet& set = config_.pieces;
  // Slack of an exact fit: the inset moves each 45-degree tip inward by inset / sin(22.5).
  short_edge_px_ = static_cast<int>(std::ceil(2.0 * inset / std::sin(M_PI / 8.0))) + 1;
  pieces_.assign(set.shape_count(), PieceMasks{});
  needs_.assign(set.shape_count(), PieceNeeds{});
  corners_.assign(set.shape_count(), {});
  arcs_.assign(set.shape_count(), {});
  for (const ShapeId shape : set.order()) {  // largest first, as before the split into shapes
    const std::size_t k = static_cast<std::size_t>(shape);
    if (pieces_[k].configs.empty() && !masks_timed_out_) {
      pieces_[k] = rasterise_piece(set, shape, set.unit_px(pattern_.side_px), s.rotation_step_deg,
                                   s.reflection, inset, deadline, s.rotation_offset_deg);
      masks_timed_out_ = pieces_[k].configs.empty();
      needs_[k] = piece_needs(pieces_[k].configs);
      corners_[k] = configuration_corners(set, shape, set.unit_px(pattern_.side_px), pieces_[k]);
      if (s.arcs_on_outline)
        arcs_[k] = configuration_arcs(set, shape, set.unit_px(pattern_.side_px), pieces_[k]);
    }
  }
}

bool Steps::some_piece_fits_nowhere() const {
  int longest = 1;
  for (const PieceMasks& piece : pieces_)
    for (const ConfigurationMask& c : piece.configs) longest = std::max(longest, c.mask.max_run());
  LayoutState empty = root_state_;  // its table, built again only if too short
  empty.ensure_runs(longest);
  return std::any_of(pieces_.begin(), pieces_.end(), [&](const PieceMasks& piece) {
    return !piece.configs.empty() && !any_configuration_fits(empty.runs, piece);
  });
}

Solution Steps::timed_out_solution() const {
  Solution solution;
  solution.stats.threads = max_threads();
  solution.stats.timed_out = true;
  solution.stats.seconds = elapsed();
  return solution;
}

std::optional<Impossibility> Steps::impossibility() const {
  const PieceSet& pieces = set();
  // What the outline rules out (refusals.hpp): corners the pieces' corners cannot make, arcs
  // no piece arc follows.
  if (refusal_) return refusal_;
  std::vector<ShapeId> shapes;  // each shape once, largest first
  for (const ShapeId shape : pieces.order())
    if (std::find(shapes.begin(), shapes.end(), shape) == shapes.end()) shapes.push_back(shape);
  const int longest = max_run_from_.front();
  const RunTable& table = root_state_.runs;
  // Out of time, a shape not yet shown to fit nowhere counts as fitting: the search then
  // stops at once.
  const auto ended = [this] { return out_of_time(); };
  for (const ShapeId shape : shapes)
    if (!any_configuration_fits(table, pieces_[static_cast<std::size_t>(shape)], ended)) {
      Impossibility why;
      why.kind = Impossibility::Kind::PieceFitsNowhere;
      why.shape = shape;
      return why;
    }

  // Every shape fits somewhere; with several parts, each part is tested on its own (its
  // bounding box, the rest an obstacle) for the smallest shapes first.
  if (root_state_.region_px.size() <= 1) return std::nullopt;  // one part (or none)
  const Components found = connected_components(pattern_.puzzle, 8);
  if (found.count() <= 1) return std::nullopt;
  long total = 0, uncovered = 0;
  int parts = 0;
  for (int label = 1; label <= found.count(); ++label) {
    const long area = found.area[static_cast<std::size_t>(label)];
    total += area;
    const RunTable part_table(BitGrid::from_mat(found.mask(label)), longest);
    const bool holds_a_piece = std::any_of(shapes.rbegin(), shapes.rend(), [&](ShapeId shape) {
      return any_configuration_fits(part_table, pieces_[static_cast<std::size_t>(shape)], ended);
    });
    if (!holds_a_piece) {
      uncovered += area;
      ++parts;
    }
  }
  const double share = total > 0 ? static_cast<double>(uncovered) / total : 0.0;
  if (share <= 1.0 - verify_config(judge_).min_coverage) return std::nullopt;
  Impossibility why;
  why.kind = Impossibility::Kind::UncoverableParts;
  why.parts = parts;
  why.share = share;
  return why;
}

Solution Steps::impossible_solution(const Impossibility& why) const {
  Solution solution;
  solution.stats.threads = max_threads();
  solution.stats.impossible = why;
  solution.stats.seconds = elapsed();
  return solution;
}

Node Steps::root() const { return Node{root_state_, {}, 0, {}, {}}; }

namespace {

/// How far (px) a corner contact may be from where the corners meet exactly: the inset masks'
/// slack and the rounding of both corners to pixels.
constexpr int kContactReachPx = 2;
/// How far the radius of a figure's arc may be from a piece arc's, as a share of the piece's,
/// for the piece's arc to lie on it (a short arc's fitted radius can be several pixels off).
constexpr double kArcRadiusShare = 0.15;

cv::Mat1f dt_normalised(const LayoutState& state) {
  cv::Mat1f dt = state.depth.clone();
  if (state.max_depth > 0.0f) dt /= state.max_depth;
  return dt;
}

}  // namespace

std::vector<Candidate> Steps::candidates(LayoutState& state, int level,
                                         const CandidateChoice& choice) const {
  const PieceMasks& piece = piece_at(level);
  const std::vector<ConfigurationMask>& configs = piece.configs;
  state.ensure_runs(max_run_from_[level]);
  // The region's corners (serial) beside the possible configurations and the costs.
  std::vector<char> possible;
  std::optional<PlacementCost> cost;
  std::vector<cv::Point> region;
  parallel_invoke(
      [&] {
        if (choice.corner_contacts) region = region_corners(state.empty);
      },
      [&] {
        possible = possible_configurations(state.runs, piece, choice.configurations,
                                           [this] { return out_of_time(); });
        cost = config_.placement.strategy == Strategy::DistanceTransform
                   ? PlacementCost::distance_transform(dt_normalised(state))
                   : PlacementCost::sweep(sweep_);
      });
  const std::size_t keep = choice.per_configuration;
  const std::size_t shape =
      static_cast<std::size_t>(set().order()[static_cast<std::size_t>(level)]);
  const std::vector<std::vector<Vec2>>& corners = corners_[shape];
  const std::vector<std::vector<ArcAt>>& arcs = arcs_[shape];
  std::vector<std::vector<Candidate>> per_config(configs.size());
  // Past the time limit the configurations left are skipped: the search stops before it uses
  // this node (a node of thousands of large masks could otherwise run on for minutes).
  parallel_for(configs.size(), [&](std::size_t i) {
    if (!possible[i] || out_of_time()) return;
    BitGrid area;
    collision_free_area(state.runs, configs[i].mask, area);
    std::vector<Candidate>& out = per_config[i];
    // SearchConfig::arcs_on_outline: a piece with arcs only where one lies on the outline's.
    const bool on_arcs = !arcs.empty() && !arcs[i].empty();
    std::vector<cv::Point> positions =
        on_arcs ? arc_contacts(area, arcs[i]) : candidate_positions(area, choice.positions);
    if (choice.corner_contacts && !on_arcs) {
      const std::vector<cv::Point> contacts =
          corner_contacts(area, region, corners[i], kContactReachPx);
      positions.insert(positions.end(), contacts.begin(), contacts.end());
      sort_unique(positions);
    }
    for (const cv::Point& p : positions)
      out.push_back({(*cost)(configs[i].mask, p), static_cast<int>(i), p});
    std::sort(out.begin(), out.end(), candidate_less);
    drop_neighbours(out);
    if (out.size() > keep) {
      if (choice.widest != nullptr) {
        std::size_t seen = choice.widest->load();
        while (out.size() > seen && !choice.widest->compare_exchange_weak(seen, out.size())) {}
      }
      out.resize(keep);
    }
  });
  std::vector<Candidate> all;
  for (std::vector<Candidate>& c : per_config) all.insert(all.end(), c.begin(), c.end());
  return all;
}

std::vector<cv::Point> Steps::arc_contacts(const BitGrid& area,
                                           const std::vector<ArcAt>& piece_arcs) const {
  std::vector<cv::Point> exact;
  for (const ArcAt& arc : piece_arcs)
    for (const OutlineArc& figure : figure_arcs_) {
      if (figure.convex != arc.convex ||
          std::abs(figure.radius - arc.radius) > kArcRadiusShare * arc.radius)
        continue;
      // The circle of the piece's radius through the arc's ends, on the fitted circle's side
      // of their chord: a short arc's fitted centre and radius can be pixels off.
      Vec2 centre = figure.centre;
      const Vec2 chord = figure.to - figure.from;
      const double half = 0.5 * std::hypot(chord.x, chord.y);
      if (half > 1.0 && half < arc.radius) {
        const Vec2 middle = 0.5 * (figure.from + figure.to);
        Vec2 normal{-chord.y / (2.0 * half), chord.x / (2.0 * half)};
        if (dot(normal, figure.centre - middle) < 0.0) normal = -1.0 * normal;
        centre = middle + std::sqrt(arc.radius * arc.radius - half * half) * normal;
      }
      // The circles' centre is the anchor pixel's centre a + 0.5 plus the piece arc's.
      exact.emplace_back(static_cast<int>(std::lround(centre.x - 0.5 - arc.centre.x)),
                         static_cast<int>(std::lround(centre.y - 0.5 - arc.centre.y)));
    }
  return contacts_near(area, exact, kContactReachPx);
}

// The distance transform, the costliest part of a placement, comes last: the forward check
// rejects most placements before it (a passing forward check implies the paper's two rules,
// still checked, so the verdict is the same in any order).
bool Steps::consistent(const std::vector<Candidate>& path, const LayoutState& state) const {
  cv::Mat1b empty = pattern_.puzzle != 0;
  for (std::size_t k = 0; k < path.size(); ++k) {
    const RunMask& mask =
        piece_at(static_cast<int>(k)).configs[static_cast<std::size_t>(path[k].config)].mask;
    if (!cells_are_empty(empty, mask, path[k].anchor)) return false;
    empty = place_mask(empty, mask, path[k].anchor);
  }
  return cv::countNonZero(empty != state.empty) == 0 && state_matches_rebuild(state);
}

bool Steps::place_and_validate(const LayoutState& parent, int level, const Candidate& c,
                               LayoutState& child, Validation validation) const {
  const RunMask& mask = piece_at(level).configs[static_cast<std::size_t>(c.config)].mask;
  child = place_cells(parent, mask, c.anchor);
  const auto& order = set().order();
  const std::size_t next = static_cast<std::size_t>(level) + 1;
  if (next >= order.size()) return true;
  const PieceNeeds& needs = needs_[static_cast<std::size_t>(order[next])];
  if (!region_rule_holds(child, needs)) return false;
  if (validation == Validation::PaperAndForwardCheck) {
    child.ensure_runs(max_run_from_[next]);
    std::vector<const PieceMasks*> remaining;
    for (std::size_t k = next; k < order.size(); ++k) {
      const PieceMasks* m = &pieces_[static_cast<std::size_t>(order[k])];
      if (std::find(remaining.begin(), remaining.end(), m) == remaining.end())
        remaining.push_back(m);
    }
    if (!every_piece_fits(child, remaining)) return false;
  }
  add_depth(child, parent, mask, c.anchor);
  return depth_rule_holds(child, needs);
}

bool Steps::place_as_known(const LayoutState& parent, int level, const Candidate& c,
                           LayoutState& child, Validation validation, signed char verdict) const {
  if (verdict == 0) return false;
  // Valid before: the paper's rules, cheap, build the state; the forward check passed.
  return place_and_validate(parent, level, c, child, verdict == 1 ? Validation::Paper : validation);
}

LayoutState Steps::take_child(Node& node, int level, std::size_t index, Validation validation,
                              bool ahead, bool to_first_valid, bool& valid,
                              const std::vector<signed char>* known) const {
  if (!node.batch || index >= node.batch->first + node.batch->n ||
      (ahead && !node.batch->has(index))) {
    std::size_t n = std::min(validation_batch(), node.candidates.size() - index);
    // A child known valid is entered next: its later siblings wait until the search is back.
    if (known != nullptr)
      for (std::size_t j = 0; j < n; ++j)
        if ((*known)[index + j] == 1) {
          n = j + 1;
          break;
        }
    node.batch = std::make_unique<Batch>(
        index, n,
        [this, &node, level, index, validation, known](std::size_t j, LayoutState& child) {
          const std::size_t i = index + j;
          return place_as_known(node.state, level, node.candidates[i], child, validation,
                                known != nullptr ? (*known)[i] : -1);
        },
        ahead, to_first_valid);
  }
  return node.batch->take(index - node.batch->first, valid);
}

PlacedPiece Steps::placed_piece(int level, const Candidate& c) const {
  const ConfigurationMask& cm = piece_at(level).configs[static_cast<std::size_t>(c.config)];
  PlacedPiece p;
  p.shape = cm.config.shape;
  p.pose = Pose{{c.anchor.x + 0.5, c.anchor.y + 0.5}, cm.config.angle_deg, cm.config.reflected};
  p.polygon = set().posed_polygon(p.shape, set().unit_px(pattern_.side_px), p.pose);
  return p;
}

std::vector<PlacedPiece> Steps::assemble(const std::vector<Candidate>& path) const {
  std::vector<PlacedPiece> pieces;
  for (std::size_t k = 0; k < path.size(); ++k)
    pieces.push_back(placed_piece(static_cast<int>(k), path[k]));
  return pieces;
}

void Steps::send_event(SearchEventType type, int level, const Candidate& c,
                       const std::vector<Candidate>& path, int bound) {
  SearchEvent event;
  event.step = ++events_;
  event.type = type;
  event.level = level;
  event.piece = placed_piece(level, c);
  event.assembly = assemble(path);
  event.discrepancy_bound = bound;
  event.seconds = elapsed();
  observer_(event);
}

namespace {

/// Adds the time from its construction to its destruction to `into` (nanoseconds).
class RefineTimer {
public:
  explicit RefineTimer(std::atomic<long long>& into) : into_(into), start_(Clock::now()) {}
  RefineTimer(const RefineTimer&) = delete;
  RefineTimer& operator=(const RefineTimer&) = delete;
  ~RefineTimer() {
    into_ += std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start_).count();
  }

private:
  std::atomic<long long>& into_;
  Clock::time_point start_;
};

}  // namespace

void Steps::polish_poses(std::vector<PlacedPiece>& pieces) const {
  const RefineTimer timer(refine_ns_);
  polish_raster(pieces);
  if (config_.search.snap && !pieces.empty())
    snap_checked(judge_, set(), outline_, pieces, snap_config(config_.search));
}

bool Steps::polish_and_verify(std::vector<PlacedPiece>& pieces,
                              const std::function<bool()>& cancelled) const {
  const RefineTimer timer(refine_ns_);
  polish_raster(pieces, cancelled);
  if (cancelled && cancelled()) return false;
  // The snap's own check answers for the snapped or the polished pieces, whichever stay.
  if (config_.search.snap && !pieces.empty())
    return snap_checked(judge_, set(), outline_, pieces, snap_config(config_.search));
  return verified(pieces);
}

void Steps::polish_raster(std::vector<PlacedPiece>& pieces,
                          const std::function<bool()>& cancelled) const {
  if (config_.search.polish) {
    // Fine rotation steps approximate the figure's angles: let polish turn by half a step.
    PolishConfig polish_config;
    const double step = config_.search.rotation_step_deg;
    if (step < 45.0) polish_config.max_turn_deg = std::min(step / 2.0, 2.0);
    // An offset measured on the outline (rotation_plan.hpp) is good to a fraction of a degree.
    if (config_.search.rotation_offset_deg != 0.0)
      polish_config.max_turn_deg = std::max(polish_config.max_turn_deg, 1.0);
    // A share of the time limit for each polish, within the time limit itself.
    const double limit = std::min(config_.search.time_limit_s, 1e9);
    const Clock::time_point now = Clock::now();
    const auto seconds = [](double s) {
      return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
    };
    polish_config.deadline = std::min(now + seconds(kPolishShare * limit), start_ + seconds(limit));
    polish_config.cancelled = cancelled;
    polish(judge_, set(), pieces, polish_config);
  }
}

bool Steps::verified(const std::vector<PlacedPiece>& pieces) const {
  return verify_solution(judge_, pieces, set()).valid;
}

void Steps::finish(Solution& solution, const std::vector<Candidate>& deepest) const {
  if (!solution.solved && !deepest.empty()) {
    solution.pieces = assemble(deepest);
    polish_poses(solution.pieces);
  }
  solution.stats.seconds = elapsed();
  solution.stats.refine_seconds = refine_seconds();
  if (!solution.pieces.empty()) {
    const AreaMetrics m = measure_areas(judge_, solution.pieces);
    solution.stats.coverage = m.coverage;
    solution.stats.overlap = m.overlap;
    solution.stats.spill = m.spill;
  }
}

}  // namespace tangram::search
