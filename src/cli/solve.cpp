// `tangram solve`: its options declared and handed to the solve service (service/solve.hpp);
// the progress line, the search's frames, the summary and the output files.

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <iostream>

#include "commands.hpp"
#include "status_line.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/core/base/parallel.hpp"
#include "tangram/io/documents.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/image.hpp"
#include "tangram/io/pattern_png.hpp"
#include "tangram/io/picture.hpp"
#include "tangram/io/piece_sets.hpp"
#include "tangram/io/png.hpp"
#include "tangram/io/silhouette.hpp"
#include "tangram/lab/figures.hpp"

namespace tangram::cli {

namespace {

/// Help groups of `solve`, besides the input options' and the limits'.
constexpr const char* kTuningGroup = "Search tuning (the raster search)";
constexpr const char* kOutputGroup = "Outputs";
constexpr const char* kSeveralGroup = "Several assemblies";
constexpr const char* kWatchGroup = "Watching the raster search";
constexpr const char* kBatchGroup = "Many figures";

/// Largest --max-frames: a million frames of a small pattern already fill gigabytes.
constexpr int kMaxFramesLimit = 1000000;

/// Assemblies drawn in the --image montage of --all and --unique (the first ones).
constexpr std::size_t kMontageCells = 100;

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

/// Whether `name` looks like a frame file: at least four digits, '-', ..., ".png".
bool is_frame_name(const std::string& name) {
  std::size_t digits = 0;
  while (digits < name.size() && std::isdigit(static_cast<unsigned char>(name[digits]))) ++digits;
  return digits >= 4 && digits < name.size() && name[digits] == '-' && name.size() > 4 &&
         name.compare(name.size() - 4, 4, ".png") == 0;
}

/// Checks --max-frames and the --frames directory before the search: not the input, not a
/// file, and free of frames of an earlier run (which would mix with the new ones).
void check_frames_options(const SolveCommand& command) {
  namespace fs = std::filesystem;
  if (command.max_frames < 1 || command.max_frames > kMaxFramesLimit)
    throw UsageError("--max-frames must be in 1.." + std::to_string(kMaxFramesLimit) + ", got " +
                     std::to_string(command.max_frames));
  const std::string& dir = command.frames_dir;
  if (dir.empty()) return;
  if (same_file(dir, command.pattern()))
    throw UsageError("--frames " + dir + " is the input pattern: choose a directory");
  std::error_code ec;
  if (!fs::exists(dir, ec)) return;
  if (!fs::is_directory(dir, ec))
    throw OutputError("cannot write frames to --frames " + dir + ": not a directory");
  for (const auto& entry : fs::directory_iterator(dir, ec))
    if (is_frame_name(entry.path().filename().string()))
      throw UsageError("--frames " + dir + " already holds frames of an earlier run (" +
                       entry.path().filename().string() +
                       "): remove them or choose another directory");
}

/// The observer of `tangram solve`: one PNG per search event into the frames directory (up to
/// the limit) and one line per event on stderr, as the options ask.
class SearchWatcher {
public:
  SearchWatcher(const Pattern& pattern, const PieceSet& set, const SolveCommand& command)
      : pattern_(pattern), set_(set), command_(command) {
    for (int n = command.max_frames; n >= 10000; n /= 10) ++digits_;
  }

  /// The observer for the search; empty when neither frames nor log lines are asked for.
  SearchObserver observer() {
    if (command_.frames_dir.empty() && !command_.verbose) return {};
    return [this](const SearchEvent& event) { on_event(event); };
  }

  long events() const { return events_; }
  long frames() const { return frames_; }

private:
  void on_event(const SearchEvent& event) {
    ++events_;
    const std::string what(search_event_name(event.type));
    const std::string& piece = set_.shape_name(event.piece.shape);
    if (command_.verbose) {
      const Pose& pose = event.piece.pose;
      std::cerr << "step " << event.step << ": " << what << " " << piece << ", angle "
                << general(pose.angle_deg) << ", mirror " << (pose.reflected ? "yes" : "no")
                << ", at (" << fixed(pose.centre.x, 1) << ", " << fixed(pose.centre.y, 1) << "), "
                << event.assembly.size() << "/" << set_.piece_count() << " placed";
      if (event.discrepancy_bound >= 0) std::cerr << ", bound " << event.discrepancy_bound;
      std::cerr << ", " << fixed(event.seconds, 3) << " s\n";
    }
    if (!command_.frames_dir.empty() && frames_ < command_.max_frames) {
      const std::string name = padded(event.step, digits_) + "-" + what + "-" + piece + ".png";
      write_png_atomic((std::filesystem::path(command_.frames_dir) / name).string(),
                       render_search_frame(pattern_, set_, event));
      ++frames_;
    }
  }

  const Pattern& pattern_;
  const PieceSet& set_;
  const SolveCommand& command_;
  int digits_ = 4;
  long events_ = 0;
  long frames_ = 0;
};

/// The service's options of `command`: watched steps when frames or log lines are asked for
/// (--verbose with --unique: the counting's lattice instead), and no time limit for --all
/// unless --time-limit gives one.
SolveOptions service_options(const SolveCommand& command) {
  SolveOptions options = command.solve;
  // --unique --verbose names the lattice it counted on; it has no search steps to show.
  options.show_steps = !command.frames_dir.empty() || (command.verbose && !options.unique);
  if (goal_of(options) == Goal::All && !command.time_limit_given)
    options.time_limit_s = kNoTimeLimit;
  return options;
}

/// The search (goal One): the progress line, frames and log lines, the summary, the notes.
int solve_one(const SolveCommand& command, const SolvePlan& plan, const Silhouette& silhouette,
              std::chrono::steady_clock::time_point started) {
  const std::string& pattern = command.pattern();
  if (!command.frames_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(command.frames_dir, ec);
    if (ec)
      throw OutputError("cannot create --frames directory " + command.frames_dir + ": " +
                        ec.message());
  }
  SolveResult result;
  SearchWatcher watcher(silhouette.working, plan.config.pieces, command);
  {
    StatusLine line(!command.quiet && !command.verbose);
    const std::size_t pieces = plan.config.pieces.piece_count();
    SolveHooks hooks;
    hooks.started = started;
    hooks.observer = watcher.observer();
    if (line.enabled())
      hooks.progress = [&](const SolveProgress& p) {
        line.show([&] {
          return std::to_string(p.pieces_placed) + "/" + std::to_string(pieces) +
                 " pieces placed, " + std::to_string(p.placements) + " placements, " +
                 std::to_string(p.backtracks) + " backtracks, " + fixed(p.seconds, 1) + " s";
        });
      };
    result = run_solve(plan, silhouette, pattern == "-" ? "(standard input)" : pattern, hooks);
  }
  const bool solved = result.answer == Answer::Found;
  std::ostream& out = writes_to_stdout(command) ? std::cerr : std::cout;
  if (!command.quiet || !solved) out << result.summary << std::flush;
  for (const std::string& note : result.notes) std::cerr << "tangram: note: " << note << std::endl;
  if (!command.frames_dir.empty() && watcher.events() > watcher.frames())
    std::cerr << "tangram: note: --frames " << command.frames_dir << " holds the first "
              << watcher.frames() << " of " << watcher.events() << " steps (--max-frames "
              << command.max_frames << ")" << std::endl;

  const FoundAssembly found = result_assembly(plan, result);
  if (!command.json_path.empty())
    write_text_atomic(command.json_path, assembly_json(plan, found, pattern, true));
  if (!command.image_path.empty())
    write_picture(command.image_path, assembly_picture(plan, silhouette.pattern, found));
  if (!command.svg_path.empty())
    write_text_atomic(command.svg_path, assembly_svg_text(plan, silhouette.pattern, found,
                                                          pattern_file_name(pattern)));
  return exit_code(result.answer);
}

/// "9356 assemblies", "1 assembly".
std::string assemblies_text(long n) {
  return std::to_string(n) + (n == 1 ? " assembly" : " assemblies");
}

/// The progress line of an enumeration: "1234 assemblies (56.2/s), 1034567 placements, 22.0 s",
/// and with --all how to stop it.
std::string enumeration_progress_text(const SolveProgress& p, Goal goal) {
  const double rate = p.seconds > 0.0 ? static_cast<double>(p.solutions) / p.seconds : 0.0;
  return assemblies_text(p.solutions) + " (" + fixed(rate, rate < 100.0 ? 1 : 0) + "/s), " +
         std::to_string(p.placements) + (p.placements == 1 ? " placement" : " placements") + ", " +
         fixed(p.seconds, 1) + " s" + (goal == Goal::All ? "; Ctrl-C stops and keeps them" : "");
}

/// The enumerations (All, Unique, Fewest, Most): the progress line, Ctrl-C, the JSON lines,
/// the summary, the montage or the assembly chosen.
int solve_several(const SolveCommand& command, const SolvePlan& plan, const Silhouette& silhouette,
                  std::chrono::steady_clock::time_point started) {
  const std::string& pattern = command.pattern();
  const bool choose = plan.goal == Goal::Fewest || plan.goal == Goal::Most;
  // --all, --unique: tangram-solutions/1 (a header, the assemblies, a summary).
  std::optional<AtomicOutput> lines;
  if (!command.json_path.empty() && !choose) lines.emplace(command.json_path);
  // The header goes before the first assembly, or the summary: nothing before a refusal.
  bool header_written = false;
  const auto write_header = [&] {
    if (!lines || header_written) return;
    lines->write(enumeration_header_line(plan, pattern));
    header_written = true;
  };
  std::vector<std::vector<PlacedPiece>> shown;  // the montage's
  SolveResult result;
  {
    StatusLine status(!command.quiet);
    InterruptGuard guard;
    SolveHooks hooks;
    hooks.started = started;
    hooks.stop = &interrupted;
    hooks.progress = [&](const SolveProgress& p) {
      status.show([&] { return enumeration_progress_text(p, plan.goal); });
    };
    hooks.assembly = [&](long index, const std::vector<PlacedPiece>& pieces) {
      write_header();
      if (lines) lines->write(enumeration_assembly_line(plan, index, pieces));
      if (!command.image_path.empty() && shown.size() < kMontageCells) shown.push_back(pieces);
    };
    // Shown at once: an enumeration without a time limit may take long before its first report.
    hooks.progress(SolveProgress{});
    result = run_solve(plan, silhouette, pattern == "-" ? "(standard input)" : pattern, hooks);
  }
  if (lines) {
    write_header();
    lines->write(solutions_summary_line(enumeration_summary(plan, result)));
    lines->commit();
  }
  std::ostream& out = writes_to_stdout(command) ? std::cerr : std::cout;
  out << result.summary << std::flush;
  if (command.verbose && result.enumeration.method == "lattice")
    out << "  counted on the figure's lattice: step " << general(result.enumeration.lattice_step)
        << " set units, turned " << general(result.enumeration.lattice_turn_deg) << " deg"
        << std::endl;

  const Pattern& figure = silhouette.pattern;
  if (choose) {
    const FoundAssembly found = result_assembly(plan, result);
    if (!command.json_path.empty())
      write_text_atomic(command.json_path, assembly_json(plan, found, pattern, true));
    if (!command.image_path.empty())
      write_picture(command.image_path, assembly_picture(plan, figure, found));
    if (!command.svg_path.empty())
      write_text_atomic(command.svg_path,
                        assembly_svg_text(plan, figure, found, pattern_file_name(pattern)));
    return exit_code(result.answer);
  }
  if (!command.image_path.empty()) {
    const Enumeration& e = result.enumeration;
    const std::string symmetric = command.solve.up_to_symmetry
                                      ? " up to the figure's " + std::to_string(e.symmetries) +
                                            (e.symmetries == 1 ? " symmetry" : " symmetries")
                                      : "";
    const std::string title =
        plan.goal == Goal::All
            ? assemblies_text(e.solutions) + symmetric + (e.exhausted ? "" : " (at least)") +
                  (e.solutions > static_cast<long>(shown.size())
                       ? ", the first " + std::to_string(shown.size()) + " shown"
                       : "")
            : assemblies_text(e.solutions) + symmetric +
                  (result.answer == Answer::Found ? " (unique)" : "");
    write_picture(command.image_path, assemblies_montage(figure, plan.config.pieces, shown, title));
  }
  return exit_code(result.answer);
}

/// One figure towards the options' goal.
int solve_figure(const SolveCommand& command) {
  // --time-limit counts from here: reading and preparing the pattern are part of the solve.
  const auto started = std::chrono::steady_clock::now();
  SolveOptions options = service_options(command);
  check_solve_options(options);
  // --threads counts from here: reading the figure runs parallel loops too.
  limit_process_threads(options.threads);
  const Goal goal = goal_of(options);
  const PieceSetFile pieces = load_pieces(options);
  if (!command.fixed_path.empty()) {
    if (same_file(command.fixed_path, command.pattern()))
      throw UsageError("--fixed " + command.fixed_path + " is the input pattern: give a JSON file");
    options.fixed =
        read_solution_document(command.fixed_path, options.limits, &pieces.set).solution.pieces;
    if (options.fixed.empty())
      throw InputError("--fixed " + command.fixed_path + ": the document places no piece");
    check_solve_options(options);
  }
  if (!command.svg_path.empty() && (goal == Goal::All || goal == Goal::Unique))
    throw UsageError("--svg draws one assembly and " +
                     std::string(goal == Goal::All ? "--all" : "--unique") +
                     " finds many: --image draws a montage of them, --json lists them");
  // The default set is loaded for --fixed, but planned as the web and Python plan it: with the
  // default step (the 1-degree fine step of --rotation-step auto), not its file's 45 degrees.
  const bool default_set = options.pieces == SolverConfig().pieces.name();
  const SolvePlan plan = plan_solve(options, cli_words, default_set ? nullptr : &pieces);
  check_solve_outputs(command);
  if (goal == Goal::One) check_frames_options(command);
  const Silhouette silhouette = load_silhouette(command.pattern(), plan.input, options.limits);
  print_input_report(silhouette.report, command.quiet);
  return goal == Goal::One ? solve_one(command, plan, silhouette, started)
                           : solve_several(command, plan, silhouette, started);
}

}  // namespace

bool same_file(const std::string& a, const std::string& b) {
  namespace fs = std::filesystem;
  if (a == "-" || b == "-") return false;  // standard input or output, never a file
  std::error_code ec;
  if (fs::equivalent(a, b, ec)) return true;
  const fs::path ca = fs::weakly_canonical(a, ec);
  if (ec) return false;
  const fs::path cb = fs::weakly_canonical(b, ec);
  return !ec && ca == cb;
}

void check_solve_outputs(const SolveCommand& command) {
  const std::pair<const char*, const std::string*> outputs[] = {{"--json", &command.json_path},
                                                                {"--image", &command.image_path},
                                                                {"--svg", &command.svg_path}};
  for (const auto& [option, path] : outputs) {
    if (path->empty()) continue;
    if (same_file(*path, command.pattern()))
      throw UsageError(std::string(option) + " " + *path +
                       " would overwrite the input pattern: choose another output path");
    check_output_path(*path);
  }
  for (std::size_t a = 0; a < std::size(outputs); ++a)
    for (std::size_t b = a + 1; b < std::size(outputs); ++b) {
      const std::string& first = *outputs[a].second;
      const std::string& second = *outputs[b].second;
      if (!first.empty() && !second.empty() &&
          (same_file(first, second) || (first == "-" && second == "-")))
        throw UsageError(std::string(outputs[a].first) + " and " + outputs[b].first +
                         " name the same file " + first);
    }
  if (!command.image_path.empty()) check_picture_output("--image", command.image_path, true);
  if (!command.svg_path.empty()) check_svg_output("--svg", command.svg_path, true);
  if (!command.json_path.empty())
    check_document_output("--json", command.json_path, "a JSON document");
}

bool writes_to_stdout(const SolveCommand& command) {
  return command.json_path == "-" || command.image_path == "-" || command.svg_path == "-";
}

bool batch_requested(const SolveCommand& command) {
  return !command.out_dir.empty() || command.patterns.size() > 1;
}

PieceSetFile load_pieces_option(const std::string& value, const ReadLimits& limits) {
  SolveOptions options;
  options.pieces = value;
  options.limits = limits;
  return load_pieces(options);
}

CLI::Option* add_pieces_option(CLI::App& cmd, std::string& value, const std::string& role,
                               const std::string& default_text) {
  std::string names;
  for (const std::string& name : builtin_piece_set_names())
    names += (names.empty() ? "" : ", ") + name;
  return cmd
      .add_option(
          "--pieces", value,
          wrap(role + " A built-in set (" + names +
               "; 'tangram pieces' lists them) or a tangram-pieces/1 file. " + default_text))
      ->type_name("NAME|FILE");
}

void add_search_options(CLI::App& cmd, SolveOptions& options) {
  cmd.add_option("--search", options.search,
                 wrap("ours (the raster search, with ranked candidates and a forward check), "
                      "paper (Algorithm 1 as published) or vertex (pieces laid at the corners "
                      "of the figure's outline; straight-edged sets only). Default: " +
                      options.search + "."))
      ->type_name("MODE");
  add_pieces_option(cmd, options.pieces, "The pieces; their total area is the figure's.",
                    "Default: " + options.pieces + ".");
  cmd.add_option("--rotation-step", options.rotation_step,
                 wrap("The pieces' rotations: every DEG degrees, or auto: chosen from the "
                      "figure's edges first, then the set's own step. Default: " +
                      options.rotation_step + "."))
      ->type_name("auto|DEG");
  cmd.add_flag_callback(
      "--no-reflection", [&options] { options.reflection = false; },
      wrap("Never turn a piece over (a set may forbid it anyway)."));
}

CLI::App* setup_solve(CLI::App& app, SolveCommand& command) {
  SolveOptions& options = command.solve;
  CLI::App* cmd = app.add_subcommand(
      "solve", wrap("Assemble a set's pieces (the seven Tangram pieces unless --pieces says "
                    "otherwise) into the silhouette of a picture, or count its assemblies."));
  cmd->add_option("PATTERN", command.patterns,
                  wrap("The silhouette: a picture (PNG, JPEG, BMP, TIFF, WebP, PBM/PGM/PPM) "
                       "whose dark pixels are the figure; - reads standard input. Several, or "
                       "folders of them, with --out-dir."))
      ->required()
      ->type_name("IMAGE...");
  add_input_options(*cmd, options);
  add_search_options(*cmd, options);
  cmd->add_option("--strategy", options.strategy,
                  wrap("Where the raster search places a piece first: dt (distance transform), "
                       "bl, lb, hzz, vzz, s or s-inv. Default: " +
                       std::string(strategy_name(SolverConfig().placement.strategy)) + "."))
      ->type_name("NAME");
  cmd->add_flag_callback(
      "--no-exact", [&options] { options.exact = false; },
      wrap("Search ours: skip the exact searches (on the set's grid or "
           "lattice, then on the outline) that run first."));
  cmd->add_option("--time-limit", options.time_limit_s,
                  wrap("Give up after SEC seconds, reading included. Default: " +
                       general(options.time_limit_s) +
                       ". None with --all, which runs until it is done or Ctrl-C."))
      ->type_name("SEC")
      ->each([&command](const std::string&) { command.time_limit_given = true; });
  cmd->add_option("--fixed", command.fixed_path,
                  wrap("Keep the pieces of FILE (tangram-solution/1, as --json writes it, with "
                       "some of the pieces, placed on this picture) where they are, and "
                       "assemble the others around them. Not with --all, --unique or --use."))
      ->type_name("FILE.json");
  cmd->add_option("--threads", options.threads,
                  wrap("Worker threads, 0 = all cores; the result does not depend on it. "
                       "Default: " +
                       std::to_string(options.threads) + "."))
      ->type_name("N");

  cmd->add_option("--candidates", options.candidates,
                  wrap("Search ours: positions tried per piece configuration. Default: " +
                       std::to_string(options.candidates) + "."))
      ->type_name("K")
      ->group(kTuningGroup);
  cmd->add_flag_callback(
         "--no-corners", [&options] { options.corners = false; },
         wrap("Search ours: skeleton endpoints only, not the corners of the "
              "free area."))
      ->group(kTuningGroup);
  cmd->add_flag_callback(
         "--no-widen", [&options] { options.widen = false; },
         wrap("Search ours: stop when the candidates run out, without "
              "widening them."))
      ->group(kTuningGroup);
  cmd->add_flag_callback(
         "--no-angle-hints", [&options] { options.angle_hints = false; },
         wrap("Search ours: do not try the angles of the figure's long edges "
              "first."))
      ->group(kTuningGroup);
  cmd->add_option("--inset", options.inset_px,
                  wrap("Inward offset of the raster piece masks (px). Default: automatic; "
                       "on a rough outline --rotation-step auto tries a ladder of insets at "
                       "45-degree steps, least first."))
      ->type_name("PX")
      ->group(kTuningGroup);
  cmd->add_flag_callback(
         "--no-polish", [&options] { options.polish = false; },
         wrap("Keep the raster poses: no sub-pixel refinement."))
      ->group(kTuningGroup);
  cmd->add_flag_callback(
         "--no-snap", [&options] { options.snap = false; },
         wrap("Keep the polished poses: no snap of nearly coinciding edges."))
      ->group(kTuningGroup);
  cmd->add_flag_callback(
         "--no-lattice-snap", [&options] { options.lattice_snap = false; },
         wrap("Keep the snapped poses: do not put them on the set's lattice."))
      ->group(kTuningGroup);

  cmd->add_option("--json", command.json_path,
                  wrap("The assembly as tangram-solution/1 JSON, also when not solved; with "
                       "--all or --unique tangram-solutions/1 JSON lines (the set, one line per "
                       "assembly, then whether they are all and --unique's answer); - for "
                       "standard output."))
      ->type_name("OUT.json")
      ->group(kOutputGroup);
  cmd->add_option("--image", command.image_path,
                  wrap("A PNG picture of the assembly with a caption and a legend (with --all "
                       "or --unique the first " +
                       std::to_string(kMontageCells) + " side by side)."))
      ->type_name("OUT.png")
      ->group(kOutputGroup);
  cmd->add_option("--svg", command.svg_path,
                  wrap("The picture of --image as SVG, in exact vectors (not with --all or "
                       "--unique)."))
      ->type_name("OUT.svg")
      ->group(kOutputGroup);
  cmd->add_flag("-q,--quiet", command.quiet,
                wrap("No progress line, no notes, no summary when solved; warnings stay."))
      ->group(kOutputGroup);

  CLI::Option* all =
      cmd->add_flag("--all", options.all,
                    wrap("Enumerate every assembly and count them (figures on the set's unit "
                         "grid or lattice only); Ctrl-C stops and keeps them."))
          ->group(kSeveralGroup);
  cmd->add_flag("--unique", options.unique,
                wrap("Stop at the second assembly: none (exit 1, a proof), unique (0), several "
                     "(4) or undecided (5)."))
      ->excludes(all)
      ->group(kSeveralGroup);
  cmd->add_option("--max-solutions", options.max_solutions,
                  wrap("With --all or --use: stop after N assemblies. Default: " +
                       std::to_string(options.max_solutions) + "."))
      ->type_name("N")
      ->each([&options](const std::string&) { options.max_solutions_given = true; })
      ->group(kSeveralGroup);
  cmd->add_flag("--up-to-symmetry", options.up_to_symmetry,
                wrap("With --all or --unique: assemblies that the figure's symmetries map onto "
                     "each other count once."))
      ->group(kSeveralGroup);
  cmd->add_option("--use", options.use,
                  wrap("Each piece once (exact), at most once (subset) or any number of times "
                       "(copies). Default: " +
                       options.use + "."))
      ->type_name("exact|subset|copies")
      ->group(kSeveralGroup);
  cmd->add_option("--figure-area", options.figure_area,
                  wrap("With --use subset or copies: the figure's area in square set units."))
      ->type_name("UNITS")
      ->group(kSeveralGroup);
  cmd->add_option("--prefer", options.prefer,
                  wrap("With --use subset or copies, without --all or --unique: the assembly "
                       "with the fewest or the most pieces. Default: " +
                       options.prefer + "."))
      ->type_name("fewer|more")
      ->group(kSeveralGroup);

  CLI::Option* frames =
      cmd->add_option("--frames", command.frames_dir,
                      wrap("A folder for one picture per step of the search, written as it "
                           "runs."))
          ->type_name("DIR")
          ->group(kWatchGroup);
  cmd->add_option("--max-frames", command.max_frames,
                  wrap("With --frames: at most N pictures. Default: " +
                       std::to_string(command.max_frames) + "."))
      ->type_name("N")
      ->needs(frames)
      ->group(kWatchGroup);
  cmd->add_flag("-v,--verbose", command.verbose,
                wrap("One line per step of the search on stderr, instead of the progress "
                     "line; with --unique, the lattice the assemblies were counted on."))
      ->group(kWatchGroup);

  cmd->add_option("--out-dir", command.out_dir,
                  wrap("Solve every PATTERN into DIR (solutions, pictures, records, runs.csv); "
                       "run again, it skips the figures done."))
      ->type_name("DIR")
      ->group(kBatchGroup);
  cmd->add_option("--jobs", command.jobs,
                  wrap("With --out-dir: figures at the same time, 0 = one per core. Default: 0."))
      ->type_name("N")
      ->group(kBatchGroup);
  cmd->add_flag("--repair", command.repair,
                wrap("With --out-dir: a DIR with damaged files (a record, solution or picture "
                     "truncated or garbled, a torn runs.csv) is refused (exit 6); --repair moves "
                     "them aside into DIR/damaged-YYYYmmdd-HHMMSS/, names each, and solves those "
                     "figures again."))
      ->group(kBatchGroup);
  add_limit_options(*cmd, options.limits, true, false);
  cmd->footer(
      wrap("Every option in detail: docs/cli.md.\n"
           "Exit status: 0 solved (--all: done; --unique: unique); 1 not solved, or none; 2 bad "
           "input, option or output; 3 internal error; 4 several (--unique); 5 the time limit or "
           "Ctrl-C came first (--all, --unique); 6 --out-dir holds damaged files (see --repair).",
           90));
  return cmd;
}

int run_solve(const SolveCommand& command) {
  if (command.repair && command.out_dir.empty())
    throw UsageError("--repair: only with --out-dir (it mends a results folder)");
  return batch_requested(command) ? run_solve_batch(command) : solve_figure(command);
}

}  // namespace tangram::cli
