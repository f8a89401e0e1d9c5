// `tangram generate puzzles`: its options declared and handed to the silhouette-puzzle service
// (service/puzzles.hpp); the puzzles written as a folder: pictures, solutions, a table, a sheet.

#include <filesystem>
#include <iostream>

#include "commands.hpp"
#include "status_line.hpp"
#include "tangram/core/base/parallel.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/pattern_png.hpp"
#include "tangram/io/png.hpp"
#include "tangram/lab/puzzle_sheet.hpp"

namespace tangram::cli {

CLI::App* setup_generate_puzzles(CLI::App& generate, GenerateCommand& command) {
  PuzzleOptions& options = command.puzzles;
  CLI::App* cmd = generate.add_subcommand(
      "puzzles",
      wrap("New silhouette puzzles for a piece set: random assemblies of all its pieces, each "
           "laid corner to corner and edge along edge with those before on the set's lattice, "
           "kept when the exact enumeration finds exactly one assembly (up to the figure's "
           "symmetry and identical pieces); a figure that repeats an earlier one turned or "
           "mirrored is skipped. Writes into DIR, for each puzzle NAME.png (the silhouette, "
           "which tangram solve NAME.png --pieces SET solves) and NAME.json (its solution, "
           "tangram-solution/1, which tangram verify NAME.png NAME.json accepts); puzzles.csv "
           "(corners, holes, parts, search placements and a rating, docs/puzzles.md); and "
           "sheet.html, a printable sheet with the answers on their own page. With --rate, "
           "rates the figures given instead, as puzzles.csv rates its puzzles."));
  cmd->add_option("--pieces", options.pieces,
                  wrap("The piece set: a built-in name (tangram pieces lists them) or a "
                       "tangram-pieces/1 file; it must lie on a lattice. Default: " +
                       options.pieces + "."))
      ->type_name("SET");
  cmd->add_option(
         "--count", options.count,
         wrap("The number of puzzles to make. Default: " + std::to_string(options.count) + "."))
      ->type_name("N");
  cmd->add_option("--seed", options.seed,
                  wrap("The random seed: the same seed gives the same puzzles, for any "
                       "--threads. Default: 1."))
      ->type_name("N");
  cmd->add_option("--style", options.style,
                  wrap("sprawling: each piece laid where it shares the least boundary with the "
                       "figure so far; compact: the most (compact figures seldom have one "
                       "assembly: raise --max-candidates). Default: sprawling."))
      ->type_name("STYLE");
  cmd->add_flag("--holes", options.holes, wrap("Allow figures with holes."));
  cmd->add_option("--parts", options.parts,
                  wrap("The parts of each figure: the pieces split into N groups, each laid edge "
                       "to edge, the groups side by side a lattice step apart. Default: 1."))
      ->type_name("N");
  cmd->add_option("--budget", options.budget,
                  wrap("The placements each search of the rating may make (Algorithm 1 and the "
                       "default search, one thread each; docs/puzzles.md). Default: " +
                       std::to_string(options.budget) + "."))
      ->type_name("N");
  cmd->add_option("--max-candidates", options.max_candidates,
                  wrap("Draw at most N figures in all, so that every run ends (0: 50 per puzzle "
                       "wanted). Default: 0."))
      ->type_name("N");
  CLI::Option* out = cmd->add_option("--out", command.out_dir,
                                     wrap("The folder to write into (created); required unless "
                                          "--rate."))
                         ->type_name("DIR");
  cmd->add_option("--rate", command.rate,
                  wrap("Make no puzzles: rate these silhouettes for --pieces (each searched "
                       "within --budget) and print their rows of puzzles.csv, named by their "
                       "path."))
      ->type_name("FILE")
      ->excludes(out);
  cmd->add_option("--threads", options.threads,
                  wrap("Worker threads, 0 = all cores; the puzzles do not depend on it. "
                       "Default: 0."))
      ->type_name("N");
  cmd->add_flag("-q,--quiet", command.quiet, wrap("No progress line on stderr."));
  cmd->footer(
      wrap("Exit status: 0 all N puzzles written; 5 fewer (--max-candidates: the ones "
           "found are written); 1 none found; 2 bad option, set or output; 3 internal "
           "error.",
           90));
  return cmd;
}

namespace {

/// `--rate`: each figure's row, in the order given.
int rate_puzzle_figures(const GenerateCommand& command) {
  const PuzzleOptions& options = command.puzzles;
  std::vector<std::string> rows(command.rate.size());
  std::vector<cv::Mat> images;
  for (const std::string& path : command.rate) images.push_back(load_pattern_image(path));
  SolveOptions set;
  set.pieces = options.pieces;
  const std::size_t pieces = load_pieces(set).set.piece_count();
  ThreadLimit limit(options.threads);
  parallel_for(rows.size(), [&](std::size_t k) {
    rows[k] = command.rate[k] + "," + std::to_string(pieces) + "," +
              rating_cells(rate_figure(images[k], options.pieces, options.budget));
  });
  std::cout << "name,pieces," << kRatingColumns << "\n";
  for (const std::string& row : rows) std::cout << row << "\n";
  return 0;
}

}  // namespace

int run_generate_puzzles(const GenerateCommand& command) {
  const PuzzleOptions& options = command.puzzles;
  check_puzzle_options(options);
  if (!command.rate.empty()) return rate_puzzle_figures(command);
  if (command.out_dir.empty()) throw UsageError("--out DIR is required (or --rate FILE...)");
  prepare_out_dir(command.out_dir);
  SilhouettePuzzles run;
  {
    StatusLine status(!command.quiet);
    run = make_silhouette_puzzles(options, [&](long candidates, long kept) {
      status.show([&] {
        return "generate puzzles: " + std::to_string(kept) + "/" + std::to_string(options.count) +
               " puzzles, " + std::to_string(candidates) + " figures drawn";
      });
    });
  }
  namespace fs = std::filesystem;
  const fs::path out(command.out_dir);
  for (const SilhouettePuzzle& p : run.puzzles)
    write_silhouette_files(command.out_dir, p.name, p.pattern,
                           silhouette_puzzle_json(run, p, p.name + ".png"));
  write_text_atomic((out / "puzzles.csv").string(), silhouette_puzzles_csv(run));
  write_text_atomic((out / "sheet.html").string(),
                    silhouette_sheet_html(run, "Puzzles for " + run.plan.config.pieces.name()));
  std::cout << run.summary << ": " << (out / "sheet.html").string() << "\n";
  return exit_code(run.answer);
}

}  // namespace tangram::cli
