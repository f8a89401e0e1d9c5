// The generate job (generate.hpp): options, the puzzles generated, sorted, named and worded.

#include "tangram/service/generate.hpp"

#include <algorithm>
#include <cmath>

#include "tangram/core/base/error.hpp"
#include "tangram/core/base/format.hpp"
#include "tangram/core/base/parallel.hpp"
#include "tangram/service/dissect.hpp"

namespace tangram {

namespace {

/// The value --sort orders by.
double sort_key(const DissectionPuzzle& p, const std::string& sort) {
  if (sort == "amusement") return p.rating.amusement;
  if (sort == "difficulty2") return p.rating.difficulty2;
  return p.rating.difficulty1;
}

}  // namespace

void check_generate_options(const GenerateOptions& o, const OptionWords& words) {
  const auto w = [&](std::string_view option, std::string_view value = {}) {
    return words(option, value);
  };
  if (o.parts < 2)
    throw UsageError(w("parts") + " must be at least 2, got " + std::to_string(o.parts));
  if (o.cells < o.parts || o.cells > kMaxGenerateCells)
    throw UsageError(w("cells") + " must be " + std::to_string(o.parts) + " to " +
                     std::to_string(kMaxGenerateCells) + ", got " + std::to_string(o.cells));
  if (o.cells % o.parts != 0)
    throw UsageError(w("cells", std::to_string(o.cells)) + " is not a multiple of " +
                     w("parts", std::to_string(o.parts)) + ": the pieces would differ in size");
  if (o.holes && o.from_square != 0)
    throw UsageError(w("holes") + " and " + w("from-square") + " are two generators: choose one");
  if (o.from_piece && o.from_square != 0)
    throw UsageError(w("from-piece") + " and " + w("from-square") +
                     " are two generators: choose one");
  if (!o.method.empty()) dissect_method(o.method, o.parts, words);
  if (o.long_cut && !o.from_piece)
    throw UsageError(w("long-cut") + " lays the copies of " + w("from-piece") + ": add " +
                     w("from-piece"));
  if (o.from_square < 0 || (o.from_square > 0 && o.from_square * o.from_square < o.cells) ||
      o.from_square > 64)
    throw UsageError(w("from-square", std::to_string(o.from_square)) + ": a square of " +
                     std::to_string(o.from_square * o.from_square) + " squares cannot hold " +
                     w("cells", std::to_string(o.cells)) +
                     (o.from_square > 64 ? " (64 at most)" : ""));
  if (o.count < 1 || o.count > kMaxGenerateCount)
    throw UsageError(w("count") + " must be 1 to " + std::to_string(kMaxGenerateCount) + ", got " +
                     std::to_string(o.count));
  if (!(o.time_limit_s > 0) || !std::isfinite(o.time_limit_s))
    throw UsageError(w("time-limit") + " must be a positive number of seconds");
  if (std::isnan(o.min_difficulty) || o.min_difficulty == std::numeric_limits<double>::infinity())
    throw UsageError(w("min-difficulty") + " must be a number");
  if (!o.sort.empty() && o.sort != "amusement" && o.sort != "difficulty1" &&
      o.sort != "difficulty2")
    throw UsageError(w("sort") + ": expected amusement, difficulty1 or difficulty2, got '" +
                     o.sort + "'");
  if (o.max_candidates < 0) throw UsageError(w("max-candidates") + " must be 0 (no bound) or more");
  if (o.threads < 0) throw UsageError(w("threads") + " must be 0 (all cores) or more");
}

GeneratedPuzzles generate_dissection_puzzles(
    const GenerateOptions& options, std::chrono::steady_clock::time_point started,
    const std::function<void(const PuzzleSet& so_far)>& progress, const OptionWords& words) {
  check_generate_options(options, words);
  GenerateConfig config;
  config.parts = options.parts;
  config.cells = options.cells;
  config.holes = options.holes;
  config.from_square = options.from_square;
  config.from_piece = options.from_piece;
  config.longest_contact = options.long_cut;
  if (!options.method.empty()) config.method = dissect_method(options.method, options.parts, words);
  config.mirror = options.mirror;
  config.min_difficulty1 = options.min_difficulty;
  config.deadline = started + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                  std::chrono::duration<double>(options.time_limit_s));
  config.max_total_candidates = options.max_candidates;
  const auto count = static_cast<std::size_t>(options.count);
  PuzzleSet set;
  {
    ThreadLimit limit(options.threads);
    set = generate_puzzles(config, count, options.seed, progress);
  }
  GeneratedPuzzles out;
  out.requested = options.count;
  out.candidates = set.candidates;
  out.seeds = set.seeds;
  out.stop = set.stop;
  out.mirror = config.mirror;
  for (DissectionPuzzle& puzzle : set.puzzles) out.puzzles.push_back({"", std::move(puzzle)});
  if (!options.sort.empty())
    std::stable_sort(out.puzzles.begin(), out.puzzles.end(),
                     [&](const NamedPuzzle& a, const NamedPuzzle& b) {
                       return sort_key(a.puzzle, options.sort) > sort_key(b.puzzle, options.sort);
                     });
  const int digits = std::max(3, static_cast<int>(std::to_string(out.puzzles.size()).size()));
  for (std::size_t i = 0; i < out.puzzles.size(); ++i)
    out.puzzles[i].name = "puzzle-" + detail::padded(static_cast<long>(i + 1), digits);
  out.answer = out.puzzles.empty() ? Answer::None
               : out.complete()    ? Answer::Found
                                   : Answer::Incomplete;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  out.summary = std::to_string(out.puzzles.size()) + " of " + std::to_string(count) +
                (count == 1 ? " puzzle" : " puzzles") + " in " + detail::fixed(seconds, 2) +
                " s (" + std::to_string(set.candidates) +
                (set.candidates == 1 ? " candidate, " : " candidates, ") +
                std::to_string(set.seeds) + (set.seeds == 1 ? " seed" : " seeds") +
                (set.stop == GenerateStop::barren
                     ? "; no new puzzle for " + std::to_string(kMaxBarrenSeeds) + " seeds in a row"
                 : set.stop == GenerateStop::deadline   ? "; time limit"
                 : set.stop == GenerateStop::candidates ? "; candidate limit"
                                                        : "") +
                ")";
  return out;
}

std::string puzzles_title(const GenerateOptions& options, std::size_t puzzles) {
  return std::to_string(puzzles) +
         " congruent dissection puzzles: " + std::to_string(options.cells) + " squares into " +
         std::to_string(options.parts) + " pieces" +
         (options.from_piece ? ", copies of one piece" : "") +
         (options.long_cut ? " along the most edges" : "") +
         (options.holes ? (options.from_piece ? ", holes allowed" : ", with holes") : "") +
         (options.from_square > 0 ? ", cut off a " + std::to_string(options.from_square) + " x " +
                                        std::to_string(options.from_square) + " square"
                                  : "") +
         " (seed " + std::to_string(options.seed) + ")";
}

}  // namespace tangram
