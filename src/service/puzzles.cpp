// The silhouette-puzzle job (puzzles.hpp): candidates drawn in index order, each from its own
// random stream, repeats skipped, the rest decided by the exact enumeration and rated.

#include "tangram/service/puzzles.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <random>
#include <set>

#include <opencv2/imgproc.hpp>

#include "tangram/core/base/error.hpp"
#include "tangram/core/base/format.hpp"
#include "tangram/core/base/parallel.hpp"

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
  // docs/puzzles.md: search effort (decades of placements), outline corners, the share of
  // corners no single piece makes, holes and parts.
  const double effort = std::log10(1.0 + double(r.placements));
  const double share = r.corners > 0 ? double(r.joined) / r.corners : 0.0;
  const double raw =
      1.5 * effort + 0.2 * r.corners + 3.0 * share + 1.0 * r.holes + 1.0 * (r.parts - 1) - 2.0;
  return std::round(10.0 * std::clamp(raw, 0.0, 10.0)) / 10.0;
}

void check_puzzle_options(const PuzzleOptions& o, const OptionWords& words) {
  if (o.count < 1)
    throw UsageError(words("count", {}) + " must be 1 or more, got " + std::to_string(o.count));
  if (o.style != "compact" && o.style != "sprawling")
    throw UsageError(words("style", {}) + " must be compact or sprawling, got " + o.style);
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
        const OutlineCorners corners = outline_corners(*d.assembly);
        p.rating.placements = d.verdict.enumeration.nodes;
        p.rating.corners = corners.corners;
        p.rating.joined = corners.joined;
        p.rating.holes = d.assembly->holes;
        p.rating.parts = parts_of(d.pattern);
        p.rating.rating = puzzle_rating(p.rating);
        p.assembly = std::move(*d.assembly);
        p.pattern = std::move(d.pattern);
        run.puzzles.push_back(std::move(p));
      }
      if (progress) progress(run.candidates, static_cast<long>(run.puzzles.size()));
      if (static_cast<int>(run.puzzles.size()) == options.count) break;
    }
    next += static_cast<long>(batch);
  }
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
  std::string out = "name,pieces,corners,joined_corners,holes,parts,placements,rating\n";
  for (const SilhouettePuzzle& p : run.puzzles)
    out += p.name + "," + std::to_string(p.pieces.size()) + "," + std::to_string(p.rating.corners) +
           "," + std::to_string(p.rating.joined) + "," + std::to_string(p.rating.holes) + "," +
           std::to_string(p.rating.parts) + "," + std::to_string(p.rating.placements) + "," +
           detail::fixed(p.rating.rating, 1) + "\n";
  return out;
}

}  // namespace tangram
