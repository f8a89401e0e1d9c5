// The silhouette-puzzle job (puzzles.hpp): candidates drawn in index order, each from its own
// random stream, repeats skipped, the rest decided by the exact enumeration and rated.

#include "tangram/service/puzzles.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <optional>
#include <random>
#include <set>

#include <opencv2/imgproc.hpp>

#include "tangram/core/base/error.hpp"
#include "tangram/core/base/format.hpp"
#include "tangram/core/base/parallel.hpp"
#include "tangram/io/pattern_png.hpp"

namespace tangram {

namespace {

constexpr int kStepPx = 25;    // pixels per lattice step (the lattice search samples them well)
constexpr int kMarginPx = 25;  // around the figure
constexpr std::size_t kBatch = 16;  // candidates drawn together: fixed, not the thread count

/// Candidate `index`'s random stream: the same on every platform and for any thread count.
std::mt19937_64 candidate_rng(std::uint64_t seed, std::uint64_t index) {
  std::seed_seq seq{std::uint32_t(seed), std::uint32_t(seed >> 32), std::uint32_t(index),
                    std::uint32_t(index >> 32)};
  return std::mt19937_64(seq);
}

/// The figure's parts (8-connected pixels of the pattern).
int parts_of(const Pattern& pattern) {
  cv::Mat1i labels;
  return cv::connectedComponents(pattern.puzzle, labels, 8) - 1;
}

/// What a candidate came to.
struct Drawn {
  std::optional<PuzzleAssembly> assembly;
  std::vector<std::int32_t> key;
  Pattern pattern;
  PuzzleUniqueness verdict;
  bool repeat = false;
};

}  // namespace

double puzzle_rating(const PuzzleRating& r) {
  // docs/puzzles.md: the two searches' effort (decades of placements, Algorithm 1 weighing
  // double, a point more when it did not solve), fewer corners harder (experiments/
  // puzzle-rating), the share of corners no single piece makes, holes and parts.
  const double paper = std::log10(1.0 + double(r.paper.placements));
  const double search = std::log10(1.0 + double(r.search.placements));
  const double share = r.corners > 0 ? double(r.joined) / r.corners : 0.0;
  const double raw = paper + 0.5 * search + (r.paper.solved ? 0.0 : 1.0) - 0.2 * r.corners + share +
                     1.0 * r.holes + 1.0 * (r.parts - 1) + 2.0;
  return std::round(10.0 * std::clamp(raw, 0.0, 10.0)) / 10.0;
}

const std::string_view kRatingColumns =
    "corners,joined_corners,holes,parts,enumeration_placements,paper_placements,"
    "paper_backtracks,paper_solved,default_placements,default_backtracks,default_solved,rating";

std::string rating_cells(const PuzzleRating& r) {
  const auto effort = [](const SearchEffort& e) {
    return std::to_string(e.placements) + "," + std::to_string(e.backtracks) + "," +
           (e.solved ? "yes" : "no");
  };
  return std::to_string(r.corners) + "," + std::to_string(r.joined) + "," +
         std::to_string(r.holes) + "," + std::to_string(r.parts) + "," +
         std::to_string(r.enumeration) + "," + effort(r.paper) + "," + effort(r.search) + "," +
         detail::fixed(r.rating, 1);
}

namespace {

/// One search of a rating (`search`: "paper" or "ours") on `silhouette`, on one thread,
/// stopped once its stages have made `budget` placements; its assembly into `found`.
SearchEffort budgeted_search(SolveOptions options, const PieceSetFile& set,
                             const std::string& search, long budget, const Silhouette& silhouette,
                             const OptionWords& words, std::vector<PlacedPiece>* found) {
  options.search = search;
  // Algorithm 1 as published searches the set's own rotations; the default search its own.
  if (search == "paper") options.rotation_step.clear();
  options.threads = 1;
  const SolvePlan plan = plan_solve(options, words, &set);
  std::atomic<bool> stop{false};
  long before = 0, last = 0;  // placements of the stages before, and of this one so far
  SolveHooks hooks;
  hooks.stop = &stop;
  hooks.progress = [&](const SolveProgress& p) {
    if (p.placements < last) before += last;  // a new stage counts from 0 again
    last = p.placements;
    if (before + last >= budget) stop = true;
  };
  const SolveResult result = run_solve(plan, silhouette, "", hooks);
  const Solution& solution = result.search.solution;
  SearchEffort effort;
  effort.placements = solution.stats.placements_tried;
  effort.backtracks = solution.stats.backtracks;
  effort.solved = solution.solved;
  if (found && solution.solved) *found = solution.pieces;
  return effort;
}

/// Holes of `pattern`'s figure: 4-connected background regions off its border.
int holes_of(const Pattern& pattern) {
  cv::Mat1b background = pattern.puzzle == 0;
  cv::copyMakeBorder(background, background, 1, 1, 1, 1, cv::BORDER_CONSTANT, 255);
  cv::Mat1i labels;
  return std::max(0, cv::connectedComponents(background, labels, 4) - 2);
}

}  // namespace

PuzzleRating rate_figure(const cv::Mat& image, const std::string& pieces, long budget,
                         const std::vector<PlacedPiece>* assembly, const OptionWords& words) {
  SolveOptions base;
  base.pieces = pieces;
  const PieceSetFile set = load_pieces(base, words);
  const SolvePlan plan = plan_solve(base, words, &set);
  const Silhouette silhouette = read_silhouette(image, plan.input, "the figure");
  PuzzleRating r;
  std::vector<PlacedPiece> found;
  r.paper = budgeted_search(base, set, "paper", budget, silhouette, words, nullptr);
  r.search = budgeted_search(base, set, "ours", budget, silhouette, words, &found);
  if (!assembly && r.search.solved) assembly = &found;
  if (assembly) {
    // Corners 2% of the set's unit apart are one (pictures are rounded to pixels).
    const double unit_px = set.set.unit_px(silhouette.pattern.side_px);
    const OutlineCorners corners = outline_corners(*assembly, std::max(1.5, 0.02 * unit_px));
    r.corners = corners.corners;
    r.joined = corners.joined;
  }
  r.holes = holes_of(silhouette.pattern);
  r.parts = parts_of(silhouette.pattern);
  r.rating = puzzle_rating(r);
  return r;
}

void check_puzzle_options(const PuzzleOptions& o, const OptionWords& words) {
  if (o.count < 1)
    throw UsageError(words("count", {}) + " must be 1 or more, got " + std::to_string(o.count));
  if (o.style != "compact" && o.style != "sprawling")
    throw UsageError(words("style", {}) + " must be compact or sprawling, got " + o.style);
  if (o.parts < 1)
    throw UsageError(words("parts", {}) + " must be 1 or more, got " + std::to_string(o.parts));
  if (o.budget < 1)
    throw UsageError(words("budget", {}) + " must be 1 or more, got " + std::to_string(o.budget));
  if (o.max_candidates < 0)
    throw UsageError(words("max-candidates", {}) + " must be 0 (50 per puzzle) or more");
  if (o.threads < 0)
    throw UsageError(words("threads", {}) + " must be 0 (all cores) or more, got " +
                     std::to_string(o.threads));
}

SilhouettePuzzles make_silhouette_puzzles(const PuzzleOptions& options,
                                          const PuzzleProgress& progress,
                                          const OptionWords& words) {
  const auto started = std::chrono::steady_clock::now();
  check_puzzle_options(options, words);
  SolveOptions solve;
  solve.pieces = options.pieces;
  solve.threads = 1;  // one enumeration per worker: the candidates run side by side
  solve.all = true;
  solve.up_to_symmetry = true;
  SilhouettePuzzles run;
  run.plan = plan_solve(solve, words);
  const SolverConfig& config = run.plan.config;
  const PieceSet& set = config.pieces;
  const std::vector<PieceLattice> lattices = piece_lattices(set, config.search.reflection);
  if (lattices.empty())
    throw UsageError("the set " + set.name() +
                     " lies on no lattice: its pieces cannot be laid edge to edge exactly");
  const PieceLattice& lattice = lattices.front();
  PuzzleAssemblyConfig assembly_config;
  assembly_config.style =
      options.style == "sprawling" ? PuzzleStyle::Sprawling : PuzzleStyle::Compact;
  assembly_config.holes = options.holes;
  assembly_config.parts = options.parts;
  if (options.parts > static_cast<int>(set.piece_count()))
    throw UsageError(words("parts", {}) + " must be at most the set's " +
                     std::to_string(set.piece_count()) + " pieces, got " +
                     std::to_string(options.parts));
  assembly_config.reflection = config.search.reflection;
  const long most = options.max_candidates > 0 ? options.max_candidates : 50L * options.count;

  ThreadLimit limit(options.threads);
  std::set<std::vector<std::int32_t>> seen;
  long next = 0;
  while (static_cast<int>(run.puzzles.size()) < options.count && next < most) {
    const std::size_t batch = std::min<std::size_t>(kBatch, static_cast<std::size_t>(most - next));
    std::vector<Drawn> drawn(batch);
    parallel_for(batch, [&](std::size_t k) {
      std::mt19937_64 rng = candidate_rng(options.seed, static_cast<std::uint64_t>(next) + k);
      drawn[k].assembly = random_assembly(set, lattice, assembly_config, rng);
      if (drawn[k].assembly) drawn[k].key = assembly_figure_key(*drawn[k].assembly);
    });
    // Repeats in index order, then the enumeration of the new figures side by side.
    for (Drawn& d : drawn)
      if (d.assembly) d.repeat = !seen.insert(d.key).second;
    parallel_for(batch, [&](std::size_t k) {
      Drawn& d = drawn[k];
      if (!d.assembly || d.repeat) return;
      d.pattern = assembly_pattern(*d.assembly, kStepPx, kMarginPx);
      d.verdict = puzzle_uniqueness(d.pattern, config);
    });
    for (std::size_t k = 0; k < batch; ++k) {
      Drawn& d = drawn[k];
      ++run.candidates;
      if (!d.assembly || (!d.repeat && !d.verdict.unique() && !d.verdict.ambiguous())) {
        ++run.skipped;
      } else if (d.repeat) {
        ++run.repeats;
      } else if (d.verdict.ambiguous()) {
        ++run.ambiguous;
      } else {
        SilhouettePuzzle p;
        p.candidate = next + static_cast<long>(k);
        p.pieces = assembly_pieces(*d.assembly, set, lattice, kStepPx, kMarginPx);
        p.rating.enumeration = d.verdict.enumeration.nodes;
        p.assembly = std::move(*d.assembly);
        p.pattern = std::move(d.pattern);
        run.puzzles.push_back(std::move(p));
      }
      if (progress) progress(run.candidates, static_cast<long>(run.puzzles.size()));
      if (static_cast<int>(run.puzzles.size()) == options.count) break;
    }
    next += static_cast<long>(batch);
  }
  // Rated side by side, each search on one thread and bounded by placements, not time.
  parallel_for(run.puzzles.size(), [&](std::size_t k) {
    SilhouettePuzzle& p = run.puzzles[k];
    const long enumeration = p.rating.enumeration;
    p.rating = rate_figure(cv::Mat1b(255 - p.pattern.puzzle), options.pieces, options.budget,
                           &p.pieces, words);
    p.rating.enumeration = enumeration;
    p.rating.rating = puzzle_rating(p.rating);
  });
  char name[32];
  for (std::size_t i = 0; i < run.puzzles.size(); ++i) {
    std::snprintf(name, sizeof name, "puzzle-%03zu", i + 1);
    run.puzzles[i].name = name;
  }
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const long kept = static_cast<long>(run.puzzles.size());
  run.answer = kept == options.count ? Answer::Found : kept > 0 ? Answer::Incomplete : Answer::None;
  run.summary = std::to_string(kept) + " puzzle" + (kept == 1 ? "" : "s") + " of " + set.name() +
                " with one assembly (" + std::to_string(run.candidates) +
                " figures drawn: " + std::to_string(run.repeats) + " repeats, " +
                std::to_string(run.ambiguous) + " with two assemblies or more, " +
                std::to_string(run.skipped) + " skipped) in " + detail::fixed(run.seconds, 1) +
                " s (seed " + std::to_string(options.seed) + ")";
  return run;
}

std::string silhouette_puzzle_json(const SilhouettePuzzles& run, const SilhouettePuzzle& puzzle,
                                   const std::string& pattern_name) {
  return assembly_json(run.plan, enumerated_assembly(run.plan, puzzle.pieces, &puzzle.pattern),
                       pattern_name, false);
}

std::string silhouette_puzzles_csv(const SilhouettePuzzles& run) {
  std::string out = "name,pieces," + std::string(kRatingColumns) + "\n";
  for (const SilhouettePuzzle& p : run.puzzles)
    out += p.name + "," + std::to_string(p.pieces.size()) + "," + rating_cells(p.rating) + "\n";
  return out;
}

}  // namespace tangram
