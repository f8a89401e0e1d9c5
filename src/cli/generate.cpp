// `tangram generate dissection`: its options declared and handed to the generate service
// (service/generate.hpp); the puzzles written as a folder, a CSV of ratings and a sheet.

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
#include "tangram/io/files.hpp"
#include "tangram/io/png.hpp"
#include "tangram/lab/dissection_sheet.hpp"

namespace tangram::cli {

CLI::App* setup_generate(CLI::App& app, GenerateCommand& command) {
  GenerateOptions& options = command.generate;
  CLI::App* generate = app.add_subcommand(
      "generate",
      wrap("Generate puzzles: congruent dissections, silhouette puzzles with one solution, or the "
           "convex figures of a set."));
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
  cmd->add_flag_callback(
      "--no-mirror", [&options] { options.mirror = false; },
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
  cmd->add_option("--out", command.out_dir, wrap("The folder to write into (created)."))
      ->type_name("DIR")
      ->required();
  cmd->add_option("--time-limit", options.time_limit_s,
                  wrap("Stop after SEC seconds with the puzzles found so far (exit 5). Default: " +
                       general(options.time_limit_s) + "."))
      ->type_name("SEC");
  cmd->add_option("--max-candidates", options.max_candidates,
                  wrap("Stop after trying N figures in all, with the puzzles found so far (exit "
                       "5): a bound on the work that, unlike the time limit, gives the same "
                       "result on any machine. Default: 0, no bound."))
      ->type_name("N");
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
  cmd->add_flag("-q,--quiet", command.quiet, wrap("No progress line on stderr."));
  cmd->footer(
      wrap("Exit status: 0 all M puzzles written; 5 fewer (the time limit, --max-candidates, or no "
           "new puzzle for many seeds: the ones found are written); 1 none found; 2 bad "
           "option or output; 3 internal error.",
           90));
  command.convex_app = setup_generate_convex(*generate, command);
  command.puzzles_app = setup_generate_puzzles(*generate, command);
  return generate;
}

void prepare_out_dir(const std::string& out_dir, const std::string& option) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(out_dir, ec) && !fs::is_directory(out_dir, ec))
    throw UsageError(option + " " + out_dir + " is not a folder: name a folder to write into");
  fs::create_directories(out_dir, ec);
  if (ec || !fs::is_directory(out_dir))
    throw OutputError("cannot create the folder " + out_dir + ": " +
                      (ec ? ec.message() : "not a folder"));
  remove_stale_temporaries(out_dir);  // those of a run killed before (docs/durability.md)
}

void write_silhouette_files(const std::string& out_dir, const std::string& name,
                            const Pattern& pattern, const std::string& json) {
  const std::filesystem::path base = std::filesystem::path(out_dir) / name;
  write_png_atomic(base.string() + ".png", cv::Mat1b(255 - pattern.puzzle));
  write_text_atomic(base.string() + ".json", json);
}

int run_generate(const GenerateCommand& command) {
  if (command.puzzles_app != nullptr && command.puzzles_app->parsed())
    return run_generate_puzzles(command);
  return command.convex_app != nullptr && command.convex_app->parsed()
             ? run_generate_convex(command)
             : run_generate_dissection(command);
}

int run_generate_dissection(const GenerateCommand& command) {
  const auto started = std::chrono::steady_clock::now();
  const GenerateOptions& options = command.generate;
  check_generate_options(options);
  namespace fs = std::filesystem;
  prepare_out_dir(command.out_dir);

  GeneratedPuzzles generated;
  {
    StatusLine status(!command.quiet);
    const auto count = static_cast<std::size_t>(options.count);
    generated = generate_dissection_puzzles(options, started, [&](const PuzzleSet& so_far) {
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
  std::string csv = puzzle_csv_header();
  for (const NamedPuzzle& p : generated.puzzles) {
    const fs::path base = fs::path(command.out_dir) / p.name;
    write_png_atomic(base.string() + ".png", render_dissection(p.puzzle.figure, {}));
    write_text_atomic(base.string() + ".txt", grid_text(p.puzzle.figure));
    write_text_atomic(base.string() + ".json", puzzle_json(p.name, p.puzzle, generated.mirror));
    csv += puzzle_csv_row(p.name, p.puzzle);
    named.push_back({p.name, p.puzzle});
  }
  const fs::path sheet = fs::path(command.out_dir) / "sheet.html";
  write_text_atomic((fs::path(command.out_dir) / "puzzles.csv").string(), csv);
  write_text_atomic(
      sheet.string(),
      dissection_sheet_html(named, puzzles_title(options, named.size()), generated.mirror));
  std::cout << generated.summary << ": " << sheet.string() << "\n";
  return exit_code(generated.answer);
}

}  // namespace tangram::cli
