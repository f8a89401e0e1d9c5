// `tangram solve --all | --unique | --use subset|copies`: more than one assembly of a figure,
// enumerated by all_solutions.hpp, counted, written as JSON lines and shown in a montage.

#include <algorithm>
#include <atomic>
#include <cmath>
#include <csignal>
#include <iostream>
#include <mutex>

#include <opencv2/imgproc.hpp>

#include "commands.hpp"
#include "status_line.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/core/enumerate/all_solutions.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/io/documents.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/image.hpp"
#include "tangram/io/pattern_png.hpp"
#include "tangram/io/picture.hpp"
#include "tangram/io/silhouette.hpp"
#include "tangram/io/svg.hpp"
#include "tangram/lab/figures.hpp"
#include "tangram/lab/solve_settings.hpp"

namespace tangram::cli {

namespace {

/// Largest --max-solutions.
constexpr long kMaxSolutionsLimit = 1'000'000'000;

/// Assemblies drawn in the --image montage (the first ones), and the size of each cell.
constexpr std::size_t kMontageCells = 100;
constexpr int kMontageCellPx = 160;
constexpr int kMontageColumns = 10;

/// Set by SIGINT (Ctrl-C) while an enumeration runs: it stops and keeps what it found. A
/// second SIGINT ends the process as usual.
std::atomic<bool> interrupted{false};

extern "C" void on_interrupt(int) {
  interrupted.store(true);
  std::signal(SIGINT, SIG_DFL);
}

/// SIGINT handled by on_interrupt() while alive.
class InterruptGuard {
public:
  InterruptGuard() : previous_(std::signal(SIGINT, on_interrupt)) { interrupted.store(false); }
  ~InterruptGuard() { std::signal(SIGINT, previous_ == SIG_ERR ? SIG_DFL : previous_); }
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

private:
  void (*previous_)(int);
};

/// What the run asks for.
enum class Goal { All, Unique, Best };

Goal goal_of(const SolveAllOptions& all) {
  return all.all ? Goal::All : all.unique ? Goal::Unique : Goal::Best;
}

/// Refuses options that the enumeration has no use for or that contradict each other.
void check_all_options(const SolveOptions& options, const SolveWatchOptions& watch,
                       const SolveAllOptions& all) {
  SolveSettings settings;
  settings.search = options.search;
  settings.all = all.all;
  settings.unique = all.unique;
  settings.use = all.use;
  settings.figure_area = all.figure_area;
  settings.max_solutions_given = all.max_solutions_given;
  settings.show_steps = !watch.frames_dir.empty() || watch.verbose;
  check_piece_use(settings);
  if (all.prefer != "fewer" && all.prefer != "more")
    throw UsageError("--prefer: expected fewer or more, got '" + all.prefer + "'");
  if (all.max_solutions < 1 || all.max_solutions > kMaxSolutionsLimit)
    throw UsageError("--max-solutions must be in 1.." + std::to_string(kMaxSolutionsLimit) +
                     ", got " + std::to_string(all.max_solutions));
  check_figure_area(settings);
  if (all.up_to_symmetry && !all.all && !all.unique)
    throw UsageError("--up-to-symmetry needs --all or --unique");
  if (all.prefer != "fewer" && (all.all || all.unique))
    throw UsageError("--prefer chooses one assembly: with --all or --unique every one counts");
  if (all.prefer != "fewer" && all.use == "exact")
    throw UsageError(
        "--prefer chooses among assemblies of some of the pieces or of copies: it "
        "needs --use subset or copies");
  if (all.max_solutions_given && all.unique)
    throw UsageError("--unique stops at the second assembly: --max-solutions does not apply");
  check_enumeration(settings);
  const std::string mode = all.all ? "--all" : all.unique ? "--unique" : "--use " + all.use;
  if (!options.svg_path.empty() && (all.all || all.unique))
    throw UsageError("--svg draws one assembly and " + mode +
                     " finds many: --image draws a montage of them, --json lists them");
}

/// The montage of the first assemblies: a title line, cells of kMontageCellPx with the
/// assembly (cropped to the figure) and its number, and the set's legend.
cv::Mat3b montage(const Pattern& pattern, const PieceSet& set,
                  const std::vector<std::vector<PlacedPiece>>& assemblies,
                  const std::string& title) {
  const cv::Rect box =
      cv::boundingRect(pattern.puzzle) & cv::Rect(0, 0, pattern.puzzle.cols, pattern.puzzle.rows);
  const int margin = std::max(2, std::max(box.width, box.height) / 40);
  const cv::Rect crop =
      cv::Rect(box.x - margin, box.y - margin, box.width + 2 * margin, box.height + 2 * margin) &
      cv::Rect(0, 0, pattern.puzzle.cols, pattern.puzzle.rows);
  const int scale =
      std::max(1, std::min(4, kMontageCellPx / std::max(1, std::max(crop.width, crop.height))));
  const int columns = static_cast<int>(
      std::min<std::size_t>(kMontageColumns, std::max<std::size_t>(1, assemblies.size())));
  std::vector<cv::Mat3b> row, rows;
  for (std::size_t i = 0; i < assemblies.size(); ++i) {
    const cv::Mat3b drawn = render_assembly(pattern, assemblies[i], set, scale);
    const cv::Rect scaled(crop.x * scale, crop.y * scale, crop.width * scale, crop.height * scale);
    row.push_back(
        with_title(fit_picture(drawn(scaled), kMontageCellPx, 4), "#" + std::to_string(i + 1)));
    if (static_cast<int>(row.size()) == columns || i + 1 == assemblies.size()) {
      rows.push_back(side_by_side(row, 4));
      row.clear();
    }
  }
  cv::Mat3b grid = rows.empty()
                       ? cv::Mat3b(kMontageCellPx, kMontageCellPx, cv::Vec3b(255, 255, 255))
                       : rows.front();
  for (std::size_t r = 1; r < rows.size(); ++r) {
    cv::Mat3b padded(rows[r].rows, grid.cols, cv::Vec3b(255, 255, 255));
    rows[r].copyTo(padded(cv::Rect(0, 0, rows[r].cols, rows[r].rows)));
    cv::Mat3b stacked;
    cv::vconcat(grid, padded, stacked);
    grid = stacked;
  }
  const cv::Mat3b legend = render_legend(set, grid.cols, 0.5);
  cv::Mat3b body(grid.rows + legend.rows, std::max(grid.cols, legend.cols),
                 cv::Vec3b(255, 255, 255));
  grid.copyTo(body(cv::Rect(0, 0, grid.cols, grid.rows)));
  legend.copyTo(body(cv::Rect(0, grid.rows, legend.cols, legend.rows)));
  return with_title(body, title);
}

/// "9356 assemblies", "1 assembly".
std::string assemblies_text(long n) {
  return std::to_string(n) + (n == 1 ? " assembly" : " assemblies");
}

/// "25848989 placements", "1 placement".
std::string placements_text(long n) {
  return std::to_string(n) + (n == 1 ? " placement" : " placements");
}

/// The pieces an assembly uses and those it leaves out, in words: "used I, L x 2; left out
/// F, N" (shapes in the set's order).
std::string pieces_used_text(const PieceSet& set, const std::vector<PlacedPiece>& pieces) {
  std::vector<int> used(set.shape_count(), 0);
  for (const PlacedPiece& p : pieces) ++used[static_cast<std::size_t>(p.shape)];
  std::string in, out;
  for (std::size_t s = 0; s < used.size(); ++s) {
    const std::string& name = set.shape_name(static_cast<ShapeId>(s));
    if (used[s] > 0)
      in += (in.empty() ? "" : ", ") + name + (used[s] > 1 ? " x " + std::to_string(used[s]) : "");
    const int left = set.shape(static_cast<ShapeId>(s)).count - used[s];
    if (left > 0)
      out += (out.empty() ? "" : ", ") + name + (left > 1 ? " x " + std::to_string(left) : "");
  }
  return "used " + in + (out.empty() ? "" : "; left out " + out);
}

/// Which assemblies an enumeration counts, in words: on a lattice, those with every piece on
/// it (others exist for some figures and are not searched); on the unit grid, all.
std::string family_text(const Enumeration& e) {
  if (e.method != "lattice") return "";
  return " with every piece's corners on the lattice of step " + general(e.lattice_step) +
         " set units";
}

}  // namespace

void add_all_options(CLI::App& solve, SolveAllOptions& options) {
  CLI::Option* all =
      solve.add_flag("--all", options.all,
                     wrap("Enumerate every assembly, not only the first: the count on stdout, "
                          "each assembly a line of --json (JSON lines, each a "
                          "tangram-solution/1 document), the first " +
                          std::to_string(kMontageCells) +
                          " in the --image montage. Exact for sets of polyominoes on a figure "
                          "that lies on their unit grid, and for other sets on a figure that "
                          "lies on their own lattice (the Stomachion's unit grid, quarters of "
                          "the Tangram square's side), counting the assemblies with every piece "
                          "on it; others are refused. Each assembly is met once, copies of a "
                          "piece never swapped. Ctrl-C stops it and keeps what it found. The "
                          "order is the same for any thread count. The picture is read at full "
                          "resolution (--work-size does not apply)."));
  solve
      .add_flag("--unique", options.unique,
                wrap("Is the assembly unique? Stops at the second one; the message and the "
                     "exit status say none (1), unique (0) or several (4)."))
      ->excludes(all);
  solve
      .add_option("--max-solutions", options.max_solutions,
                  wrap("With --all (or --use subset or copies): stop after N assemblies (the "
                       "count then says 'at least'). Default: " +
                       std::to_string(options.max_solutions) + "."))
      ->type_name("N")
      ->each([&options](const std::string&) { options.max_solutions_given = true; });
  solve.add_flag("--up-to-symmetry", options.up_to_symmetry,
                 wrap("With --all or --unique: assemblies that a rotation or reflection of "
                      "the figure maps onto each other count once (reflections only when the "
                      "pieces may be mirrored); the one kept is the least of its images. "
                      "Default: every assembly counts."));
  solve
      .add_option("--use", options.use,
                  wrap("How the pieces may be used: exact (each piece once, as the set has "
                       "them), subset (each at most once: some may stay out), copies (each "
                       "shape any number of times: a tiling). subset and copies need "
                       "--figure-area; without --all or --unique the assembly chosen is the "
                       "one with the fewest pieces (--prefer). Default: " +
                       options.use + "."))
      ->type_name("exact|subset|copies");
  solve
      .add_option("--figure-area", options.figure_area,
                  wrap("With --use subset or copies: the figure's area in square set units "
                       "(a pentomino's is 5), which sets the scale."))
      ->type_name("UNITS");
  solve
      .add_option("--prefer", options.prefer,
                  wrap("With --use subset or copies and neither --all nor --unique: choose the "
                       "assembly with the fewest pieces or the most, the first found among "
                       "equals. Default: " +
                       options.prefer + "."))
      ->type_name("fewer|more");
}

int run_solve_all(const SolveOptions& options, const SolveWatchOptions& watch,
                  const SolveAllOptions& all) {
  check_all_options(options, watch, all);
  const Goal goal = goal_of(all);
  SolverConfig config = solver_config(options);
  config.search.started = options.started;
  validate_config(config);
  InputConfig input = read_for_set(input_config(options.input), config.pieces);
  // The enumeration works on the picture as read (on a grid or a lattice the resolution does
  // not matter): no reduced working copy, and no note about one.
  input.work_size_px = 0;
  check_solve_outputs(options);
  const Silhouette silhouette = load_silhouette(options.pattern, input, options.limits);
  print_input_report(silhouette.report, options.quiet);
  // The picture as read: on a grid the search does not depend on the resolution.
  const Pattern& pattern = silhouette.pattern;

  EnumerationConfig enumeration;
  enumeration.use = *piece_use_from_name(all.use);
  enumeration.figure_area = all.figure_area;
  enumeration.up_to_symmetry = all.up_to_symmetry;
  enumeration.max_solutions = goal == Goal::Unique ? 2 : all.max_solutions;
  enumeration.stop = &interrupted;
  if (const std::optional<std::string> why = enumeration_refusal(pattern, config, enumeration))
    throw UsageError((goal == Goal::All      ? "--all: "
                      : goal == Goal::Unique ? "--unique: "
                                             : "--use " + all.use + ": ") +
                     *why);

  std::ostream& out = writes_to_stdout(options) ? std::cerr : std::cout;
  std::optional<AtomicOutput> lines;
  if (!options.json_path.empty() && goal != Goal::Best) lines.emplace(options.json_path);
  std::vector<std::vector<PlacedPiece>> shown;  // the montage's, or the one chosen
  long index = 0;
  const bool more = all.prefer == "more";
  const auto sink = [&](const std::vector<PlacedPiece>& pieces) {
    ++index;
    if (goal == Goal::Best) {
      if (shown.empty() ||
          (more ? pieces.size() > shown.front().size() : pieces.size() < shown.front().size()))
        shown = {pieces};
      return;
    }
    if (lines) {
      const UsedPieces used = used_pieces(config.pieces, pieces, enumeration.use);
      Solution solution;
      solution.solved = true;
      solution.pieces = used.pieces;
      lines->write(solution_to_json_line(solution, used.set, options.pattern, false, input));
    }
    if (!options.image_path.empty() && shown.size() < kMontageCells) shown.push_back(pieces);
  };
  Enumeration found;
  {
    StatusLine status(!options.quiet);
    InterruptGuard guard;
    found = enumerate_assemblies(
        pattern, config, enumeration, sink, [&](long solutions, long nodes, double seconds) {
          status.show([&] {
            return assemblies_text(solutions) + ", " + placements_text(nodes) + ", " +
                   fixed(seconds, 1) + " s";
          });
        });
  }
  if (lines) lines->commit();

  // The summary: the count first (scripts read it), then how far it goes.
  const std::string where = options.pattern == "-" ? "(standard input)" : options.pattern;
  const std::string symmetric = all.up_to_symmetry
                                    ? " up to the figure's " + std::to_string(found.symmetries) +
                                          (found.symmetries == 1 ? " symmetry" : " symmetries")
                                    : "";
  int status = kExitOk;
  std::string title;
  if (goal == Goal::All) {
    out << assemblies_text(found.solutions) << symmetric << " of " << where << family_text(found)
        << " (" << count_qualifier(found, enumeration.max_solutions) << ")\n";
    if (found.method == "lattice" && found.solutions == 0 && found.exhausted)
      out << "  none in this family; assemblies with a piece off the lattice are not searched\n";
    status = found.solutions == 0                   ? kExitFailed
             : found.timed_out || found.interrupted ? kExitIncomplete
                                                    : kExitOk;
    title = assemblies_text(found.solutions) + symmetric + (found.exhausted ? "" : " (at least)") +
            (found.solutions > static_cast<long>(shown.size())
                 ? ", the first " + std::to_string(shown.size()) + " shown"
                 : "");
  } else if (goal == Goal::Unique) {
    if (found.solutions >= 2) {
      out << "several: " << where << " has more than one assembly" << symmetric
          << family_text(found) << "\n";
      status = kExitSeveral;
    } else if (found.solutions == 1 && found.exhausted) {
      out << "unique: " << where << " has exactly one assembly" << symmetric << family_text(found)
          << "\n";
    } else if (found.solutions == 1) {
      out << "undecided: " << where << " has an assembly; whether it is unique is not known ("
          << (found.timed_out ? "the time limit" : "an interrupt") << " ended the search)\n";
      status = kExitIncomplete;
    } else {
      out << "none: " << where << " has no assembly" << family_text(found)
          << (found.exhausted ? "" : " found (the search did not finish)") << "\n";
      status = kExitFailed;
    }
    title = assemblies_text(found.solutions) + symmetric + (status == kExitOk ? " (unique)" : "");
  } else {
    if (shown.empty()) {
      out << where << ": no assembly with pieces used as " << all.use
          << (found.exhausted ? "" : " found (the search did not finish)") << "\n";
      status = kExitFailed;
    } else {
      out << where << ": solved with " << shown.front().size() << " pieces (" << all.use << "; the "
          << (more ? "most" : "fewest") << " pieces of " << assemblies_text(found.solutions) << ", "
          << count_qualifier(found, enumeration.max_solutions) << ")\n"
          << "  " << pieces_used_text(config.pieces, shown.front()) << "\n";
    }
  }
  out << "  " << placements_text(found.nodes) << ", " << fixed(found.seconds, 2) << " s with "
      << found.threads << " thread" << (found.threads == 1 ? "" : "s");
  if (found.rejected > 0)
    out << "; " << found.rejected << " cover" << (found.rejected == 1 ? "" : "s")
        << " of the samples rejected (two pieces overlapped)";
  out << "\n" << std::flush;

  if (goal == Goal::Best) {
    const ChosenAssembly chosen = chosen_assembly(
        pattern, config.pieces, shown.empty() ? std::vector<PlacedPiece>{} : shown.front(), found,
        enumeration.use);
    const Solution& solution = chosen.drawn;
    if (!options.json_path.empty())
      write_text_atomic(options.json_path, solution_to_json(chosen.documented, chosen.used_set,
                                                            options.pattern, true, input));
    if (!options.image_path.empty())
      write_picture(options.image_path, render_solution(pattern, solution, config.pieces,
                                                        solution_caption(solution, config)));
    if (!options.svg_path.empty()) {
      SvgConfig svg;
      svg.title = pattern_file_name(options.pattern);
      svg.caption = solution_caption(solution, config);
      write_text_atomic(options.svg_path,
                        assembly_svg(pattern, solution.pieces, config.pieces, svg));
    }
    return solution.solved ? kExitOk : kExitFailed;
  }
  if (!options.image_path.empty())
    write_picture(options.image_path, montage(pattern, config.pieces, shown, title));
  return status;
}

}  // namespace tangram::cli
