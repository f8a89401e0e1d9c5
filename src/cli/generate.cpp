// `tangram generate dissection`: Kotani's congruent dissection puzzles, generated from a seed
// (congruent_dissection.hpp: generate_puzzles), written as a folder of puzzles, a CSV of their
// ratings and a printable sheet.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <iostream>

#include "commands.hpp"
#include "status_line.hpp"
#include "tangram/core/base/parallel.hpp"
#include "tangram/core/dissection/congruent_dissection.hpp"
#include "tangram/io/dissection_documents.hpp"
#include "tangram/io/dissection_picture.hpp"
#include "tangram/io/png.hpp"
#include "tangram/lab/dissection_sheet.hpp"

namespace tangram::cli {

namespace {

/// The most squares --cells takes: generating means solving many candidates of that size.
constexpr int kMaxGenerateCells = 200;
/// The most puzzles --count takes.
constexpr long kMaxGenerateCount = 100000;

}  // namespace

CLI::App* setup_generate(CLI::App& app, GenerateDissectionOptions& options) {
  CLI::App* generate = app.add_subcommand("generate", wrap("Generate puzzles."));
  generate->require_subcommand(1);
  CLI::App* cmd = generate->add_subcommand(
      "dissection",
      wrap("Kotani's congruent dissection puzzles: random figures of N unit squares that cut "
           "along grid lines into K congruent pieces in exactly one way, which the figure's own "
           "symmetry does not make, from Kotani's three generators or ours (--from-piece). Writes "
           "into DIR, for each puzzle NAME.png (the figure), "
           "NAME.txt (its text grid, for tangram dissect) and NAME.json (tangram-dissection/1 "
           "with the solution and the rating), and puzzles.csv (Kotani's five attributes and "
           "three estimates per puzzle) and sheet.html (a printable page: the puzzles, the "
           "answers on a page of their own)."));
  cmd->add_option("--parts", options.parts,
                  wrap("K, the pieces of each puzzle (2 or more). Default: " +
                       std::to_string(options.parts) + "."))
      ->type_name("K");
  cmd->add_option("--cells", options.cells,
                  wrap("N, the squares of the whole figure (a multiple of K, at most " +
                       std::to_string(kMaxGenerateCells) + ")."))
      ->type_name("N")
      ->required();
  cmd->add_flag("--holes", options.holes,
                wrap("Kotani's second generator: the figure grown from one square, then inner "
                     "squares taken out (holes). Default: grown from one square by random "
                     "squares on its surface (his first)."));
  cmd->add_option("--from-square", options.from_square,
                  wrap("Kotani's third generator: random squares cut off the edge of an S x S "
                       "square."))
      ->type_name("S");
  cmd->add_flag("--from-piece", options.from_piece,
                wrap("Our generator: a random piece of N/K squares (grown as Kotani's figures "
                     "are) and K - 1 copies of it, each turned (and turned over) at random and "
                     "laid edge to edge with the figure so far at a random place; kept on the "
                     "same terms as Kotani's. With --holes the figure may have holes; without, "
                     "it may not."));
  cmd->add_flag("--long-cut", options.long_cut,
                wrap("With --from-piece: each copy is laid only where it touches the figure so "
                     "far along the most edges (a long cut and a compact figure, more like "
                     "Kotani's), not anywhere it touches."));
  cmd->add_option("--method", options.method,
                  wrap("The solver that checks each figure: halving (K = 2), ours or kotani "
                       "(K = 2); the puzzles are the same, only the time differs. Default: "
                       "halving for K = 2, ours for more."))
      ->type_name("NAME");
  cmd->add_flag("--no-mirror", options.no_mirror,
                wrap("The pieces may only be turned, not turned over."));
  cmd->add_option(
         "--count", options.count,
         wrap("M, the puzzles to generate. Default: " + std::to_string(options.count) + "."))
      ->type_name("M");
  cmd->add_option("--seed", options.seed,
                  wrap("The same seed gives the same puzzles, with any number of threads. "
                       "Default: " +
                       std::to_string(options.seed) + "."))
      ->type_name("X");
  cmd->add_option("--out", options.out_dir, wrap("The folder to write into (created)."))
      ->type_name("DIR")
      ->required();
  cmd->add_option("--time-limit", options.time_limit_s,
                  wrap("Stop after SEC seconds with the puzzles found so far (exit 5). Default: " +
                       general(options.time_limit_s) + "."))
      ->type_name("SEC");
  cmd->add_option("--min-difficulty", options.min_difficulty,
                  wrap("Keep only puzzles whose estimated difficulty1 is at least X."))
      ->type_name("X");
  cmd->add_option("--sort", options.sort,
                  wrap("Order the puzzles by amusement, difficulty1 or difficulty2, highest "
                       "first. Default: in the order they were generated."))
      ->type_name("KEY");
  cmd->add_option("--threads", options.threads,
                  wrap("Worker threads, 0 = all cores; the puzzles do not depend on it. "
                       "Default: 0."))
      ->type_name("N");
  cmd->add_flag("-q,--quiet", options.quiet, wrap("No progress line on stderr."));
  cmd->footer(
      wrap("Exit status: 0 all M puzzles written; 5 fewer (the time limit, or no new "
           "puzzle for many seeds: the ones found are written); 1 none found; 2 bad "
           "option or output; 3 internal error.",
           90));
  return generate;
}

namespace {

void check_generate_options(const GenerateDissectionOptions& o) {
  if (o.parts < 2) throw UsageError("--parts must be at least 2, got " + std::to_string(o.parts));
  if (o.cells < o.parts || o.cells > kMaxGenerateCells)
    throw UsageError("--cells must be " + std::to_string(o.parts) + " to " +
                     std::to_string(kMaxGenerateCells) + ", got " + std::to_string(o.cells));
  if (o.cells % o.parts != 0)
    throw UsageError("--cells " + std::to_string(o.cells) + " is not a multiple of --parts " +
                     std::to_string(o.parts) + ": the pieces would differ in size");
  if (o.holes && o.from_square != 0)
    throw UsageError("--holes and --from-square are two generators: choose one");
  if (o.from_piece && o.from_square != 0)
    throw UsageError("--from-piece and --from-square are two generators: choose one");
  if (!o.method.empty()) dissect_method(o.method, o.parts);
  if (o.long_cut && !o.from_piece)
    throw UsageError("--long-cut lays the copies of --from-piece: add --from-piece");
  if (o.from_square < 0 || (o.from_square > 0 && o.from_square * o.from_square < o.cells) ||
      o.from_square > 64)
    throw UsageError("--from-square " + std::to_string(o.from_square) + ": a square of " +
                     std::to_string(o.from_square * o.from_square) + " squares cannot hold " +
                     "--cells " + std::to_string(o.cells) +
                     (o.from_square > 64 ? " (64 at most)" : ""));
  if (o.count < 1 || o.count > kMaxGenerateCount)
    throw UsageError("--count must be 1 to " + std::to_string(kMaxGenerateCount) + ", got " +
                     std::to_string(o.count));
  if (!(o.time_limit_s > 0) || !std::isfinite(o.time_limit_s))
    throw UsageError("--time-limit must be a positive number of seconds");
  if (std::isnan(o.min_difficulty) || o.min_difficulty == std::numeric_limits<double>::infinity())
    throw UsageError("--min-difficulty must be a number");
  if (!o.sort.empty() && o.sort != "amusement" && o.sort != "difficulty1" &&
      o.sort != "difficulty2")
    throw UsageError("--sort: expected amusement, difficulty1 or difficulty2, got '" + o.sort +
                     "'");
  if (o.threads < 0) throw UsageError("--threads must be 0 (all cores) or more");
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(o.out_dir, ec) && !fs::is_directory(o.out_dir, ec))
    throw UsageError("--out " + o.out_dir + " is not a folder: name a folder to write into");
}

/// The value --sort orders by.
double sort_key(const DissectionPuzzle& p, const std::string& sort) {
  if (sort == "amusement") return p.rating.amusement;
  if (sort == "difficulty2") return p.rating.difficulty2;
  return p.rating.difficulty1;
}

}  // namespace

int run_generate_dissection(const GenerateDissectionOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  check_generate_options(options);
  GenerateConfig config;
  config.parts = options.parts;
  config.cells = options.cells;
  config.holes = options.holes;
  config.from_square = options.from_square;
  config.from_piece = options.from_piece;
  config.longest_contact = options.long_cut;
  if (!options.method.empty()) config.method = dissect_method(options.method, options.parts);
  config.mirror = !options.no_mirror;
  config.min_difficulty1 = options.min_difficulty;
  config.deadline = started + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                  std::chrono::duration<double>(options.time_limit_s));
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(options.out_dir, ec);
  if (ec || !fs::is_directory(options.out_dir))
    throw OutputError("cannot create the folder " + options.out_dir + ": " +
                      (ec ? ec.message() : "not a folder"));

  StatusLine status(!options.quiet);
  const auto count = static_cast<std::size_t>(options.count);
  PuzzleSet set;
  {
    ThreadLimit limit(options.threads);
    set = generate_puzzles(config, count, options.seed, [&](const PuzzleSet& so_far) {
      status.show([&] {
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        return "generate dissection: " + std::to_string(so_far.puzzles.size()) + "/" +
               std::to_string(count) + " puzzles, " + std::to_string(so_far.candidates) +
               " candidates, " + fixed(seconds, 1) + " s";
      });
    });
  }
  std::vector<SheetPuzzle> named;
  const int digits = std::max(3, static_cast<int>(std::to_string(set.puzzles.size()).size()));
  for (std::size_t i = 0; i < set.puzzles.size(); ++i)
    named.push_back({"", std::move(set.puzzles[i])});
  if (!options.sort.empty())
    std::stable_sort(named.begin(), named.end(), [&](const SheetPuzzle& a, const SheetPuzzle& b) {
      return sort_key(a.puzzle, options.sort) > sort_key(b.puzzle, options.sort);
    });
  std::string csv = puzzle_csv_header();
  for (std::size_t i = 0; i < named.size(); ++i) {
    SheetPuzzle& p = named[i];
    p.name = "puzzle-" + padded(static_cast<long>(i + 1), digits);
    const fs::path base = fs::path(options.out_dir) / p.name;
    write_png_atomic(base.string() + ".png", render_dissection(p.puzzle.figure, {}));
    write_text_atomic(base.string() + ".txt", grid_text(p.puzzle.figure));
    write_text_atomic(base.string() + ".json", puzzle_json(p.name, p.puzzle, config.mirror));
    csv += puzzle_csv_row(p.name, p.puzzle);
  }
  write_text_atomic((fs::path(options.out_dir) / "puzzles.csv").string(), csv);
  const std::string title =
      std::to_string(named.size()) +
      " congruent dissection puzzles: " + std::to_string(options.cells) + " squares into " +
      std::to_string(options.parts) + " pieces" +
      (options.from_piece ? ", copies of one piece" : "") +
      (options.long_cut ? " along the most edges" : "") +
      (options.holes ? (options.from_piece ? ", holes allowed" : ", with holes") : "") +
      (options.from_square > 0 ? ", cut off a " + std::to_string(options.from_square) + " x " +
                                     std::to_string(options.from_square) + " square"
                               : "") +
      " (seed " + std::to_string(options.seed) + ")";
  write_text_atomic((fs::path(options.out_dir) / "sheet.html").string(),
                    dissection_sheet_html(named, title, config.mirror));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::cout << named.size() << " of " << count << (count == 1 ? " puzzle" : " puzzles") << " in "
            << fixed(seconds, 2) << " s (" << set.candidates
            << (set.candidates == 1 ? " candidate, " : " candidates, ") << set.seeds
            << (set.seeds == 1 ? " seed" : " seeds")
            << (set.exhausted
                    ? "; no new puzzle for " + std::to_string(kMaxBarrenSeeds) + " seeds in a row"
                : !set.complete ? "; time limit"
                                : "")
            << "): " << (fs::path(options.out_dir) / "sheet.html").string() << "\n";
  if (named.empty()) return kExitFailed;
  return set.complete ? kExitOk : kExitIncomplete;
}

}  // namespace tangram::cli
