// `tangram solve`: maps the options onto SolverConfig, solves, reports and writes outputs.

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <mutex>

#include <unistd.h>

#include "commands.hpp"
#include "status_line.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/core/figure/rotation_plan.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/core/raster/placement.hpp"
#include "tangram/core/solve/solve.hpp"
#include "tangram/io/documents.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/image.hpp"
#include "tangram/io/pattern_png.hpp"
#include "tangram/io/picture.hpp"
#include "tangram/io/piece_sets.hpp"
#include "tangram/io/png.hpp"
#include "tangram/io/silhouette.hpp"
#include "tangram/io/solve_silhouette.hpp"
#include "tangram/io/svg.hpp"
#include "tangram/lab/figures.hpp"
#include "tangram/lab/solve_settings.hpp"

namespace tangram::cli {

namespace {

/// Pictures of patterns whose longer side exceeds this (px) are drawn at the pattern's size,
/// not twice it (a 4000 x 3000 scan would give a 144 MB picture).
constexpr int kPictureFullSizeAbovePx = 1000;

/// The --search names.

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

namespace {}  // namespace

void check_solve_outputs(const SolveOptions& options) {
  namespace fs = std::filesystem;
  const std::pair<const char*, const std::string*> outputs[] = {{"--json", &options.json_path},
                                                                {"--image", &options.image_path},
                                                                {"--svg", &options.svg_path}};
  for (const auto& [option, path] : outputs) {
    if (path->empty()) continue;
    if (same_file(*path, options.pattern))
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
  if (!options.image_path.empty()) check_picture_output("--image", options.image_path, true);
  if (!options.svg_path.empty()) check_svg_output("--svg", options.svg_path, true);
  if (!options.json_path.empty())
    check_document_output("--json", options.json_path, "a JSON document");
}

bool writes_to_stdout(const SolveOptions& options) {
  return options.json_path == "-" || options.image_path == "-" || options.svg_path == "-";
}

namespace {

/// The progress of solve() on a status line: pieces placed, placements, backtracks, seconds.
class ProgressLine {
public:
  /// `pieces`: how many pieces the set has.
  ProgressLine(bool enabled, std::size_t pieces) : line_(enabled), pieces_(pieces) {}

  /// The callback for solve(); empty when disabled. May be called from several threads.
  ProgressCallback callback() {
    if (!line_.enabled()) return {};
    return [this](const SearchProgress& p) {
      line_.show([&] {
        return std::to_string(p.pieces_placed) + "/" + std::to_string(pieces_) +
               " pieces placed, " + std::to_string(p.placements_tried) + " placements, " +
               std::to_string(p.backtracks) + " backtracks, " + fixed(p.seconds, 1) + " s";
      });
    };
  }

private:
  StatusLine line_;
  const std::size_t pieces_;
};

/// `rejection`: why an assembly the search accepted is not solved after all (empty if it is).
/// The summary goes to stdout, or to stderr when an output is written to stdout ("-").
void print_summary(const SolveOptions& options, const SolverConfig& config,
                   const Solution& solution, const std::string& rejection) {
  const SolveStats& s = solution.stats;
  std::ostream& out = writes_to_stdout(options) ? std::cerr : std::cout;
  out << (options.pattern == "-" ? "(standard input)" : options.pattern) << ": ";
  if (solution.solved)
    out << "solved";
  else if (!rejection.empty())
    out << "not solved (" << rejection << ")";
  else if (s.timed_out)
    out << "not solved (" << unsolved_reason(solution, config) << ", " << solution.pieces.size()
        << " of " << config.pieces.piece_count() << " pieces placed)";
  else
    out << "not solved (" << unsolved_reason(solution, config) << ")";
  out << " in " << fixed(s.seconds, 2) << " s with " << s.threads << " thread"
      << (s.threads == 1 ? "" : "s") << "\n"
      << "  placements " << s.placements_tried << ", backtracks " << s.backtracks
      << ", validations failed " << s.validations_failed;
  if (s.repeats_skipped > 0) out << ", copies' repeats skipped " << s.repeats_skipped;
  out << "\n";
  // The vertex stage alone (--search vertex) is not told as found by it.
  const bool vertex_mode = config.search.mode == SearchMode::Vertex;
  const bool off_rotations = s.found_by == "vertex-off-rotations";
  const bool by_vertices = off_rotations || (s.found_by == "vertex" && !vertex_mode);
  if (s.found_by == "grid") out << "  found on the set's unit grid, cell by cell (exact search)\n";
  if (s.found_by == "lattice") out << "  found on the set's lattice (exact search)\n";
  if (by_vertices) out << "  found by the vertex search on the outline (exact search)\n";
  if (off_rotations)
    out << "  with pieces outside the " << rotation_words(s, config)
        << ", which the raster search exhausted\n";
  // The vertex search takes its angles from the outline's edges, not from a rotation plan.
  if (config.search.rotation_auto && !by_vertices && !vertex_mode)
    out << "  rotations " << rotation_words(s, config) << " (--rotation-step auto, stage "
        << s.rotation_stages << ")\n";
  if (solution.solved)
    out << "  coverage " << fixed(s.coverage, 4) << ", overlap " << fixed(s.overlap, 4)
        << ", spill " << fixed(s.spill, 4) << "\n";
  out << std::flush;
}

}  // namespace

SolveOptions default_solve_options() {
  const SolverConfig defaults;
  const SearchConfig& d = defaults.search;
  SolveOptions options;
  options.strategy = std::string(strategy_name(defaults.placement.strategy));
  options.search = search_mode_name(d.mode);
  options.pieces = SolverConfig{}.pieces.name();
  options.rotation_step = "auto";
  options.no_reflection = !d.reflection;
  options.candidates = d.candidates_per_config;
  options.no_corners = !d.corners;
  options.no_widen = !d.widen;
  options.no_angle_hints = !d.angle_hints;
  options.inset_px = d.inset_px;
  options.no_polish = !d.polish;
  options.no_snap = !d.snap;
  options.no_lattice_snap = !d.lattice_snap;
  options.no_exact = !d.grid_search;
  options.time_limit_s = kCliTimeLimitS;
  options.threads = d.threads;
  return options;
}

std::string missed_rotation_note(const Pattern& pattern, const SolverConfig& config) {
  if (config.search.rotation_auto) return "";
  const std::optional<MissedDirection> missed = missed_direction(
      pattern, config.pieces, config.search.rotation_step_deg, config.search.rotation_offset_deg);
  if (!missed) return "";
  return "the figure's edges point at " + fixed(missed->residue_deg, 2) + " deg modulo " +
         general(missed->grid_deg) + ", which " + general(config.search.rotation_step_deg) +
         "-degree steps do not reach: try --rotation-step auto (or " + general(missed->step_deg) +
         ")";
}

PieceSetFile load_pieces_option(const std::string& value, const ReadLimits& limits) {
  try {
    return load_piece_set(value, limits);
  } catch (const LimitError&) {
    throw;
  } catch (const InputError& e) {
    throw InputError("--pieces: " + e.tagged());
  }
}

CLI::Option* add_pieces_option(CLI::App& cmd, std::string& value, const std::string& role,
                               const std::string& default_text) {
  std::string names;
  for (const std::string& name : builtin_piece_set_names())
    names += (names.empty() ? "" : ", ") + name;
  return cmd
      .add_option("--pieces", value,
                  wrap(role + " A built-in set (" + names +
                       "; 'tangram pieces' lists them) or "
                       "a tangram-pieces/1 file. " +
                       default_text))
      ->type_name("NAME|FILE");
}

SolverConfig solver_config(const SolveOptions& options) {
  SolveSettings settings;
  settings.strategy = options.strategy;
  settings.search = options.search;
  settings.rotation_step = options.rotation_step;
  settings.reflection = !options.no_reflection;
  settings.time_limit_s = options.time_limit_s;
  settings.threads = options.threads;
  std::optional<PieceSetFile> file;
  if (options.pieces != SolverConfig().pieces.name())
    file = load_pieces_option(options.pieces, options.limits);
  SolverConfig config = configure_solver(settings, file ? &*file : nullptr);
  config.search.candidates_per_config = options.candidates;
  config.search.corners = !options.no_corners;
  config.search.widen = !options.no_widen;
  config.search.angle_hints = !options.no_angle_hints;
  config.search.inset_px = options.inset_px;
  config.search.polish = !options.no_polish;
  config.search.snap = !options.no_snap;
  config.search.lattice_snap = !options.no_lattice_snap;
  config.search.grid_search = !options.no_exact;
  return config;
}

void add_search_options(CLI::App& app, SolveOptions& options) {
  CLI::App* cmd = &app;
  cmd->add_option("--search", options.search,
                  wrap("Search procedure: ours (ranked candidates, forward check, wider "
                       "candidates when exhausted, angle hints), paper (Algorithm 1 as "
                       "published) or vertex (the Vert-Solve search on the figure's vectorised "
                       "outline: pieces laid at its corners along its edges and cut away by "
                       "polygon clipping, depth first; straight-edged sets only, no rotation "
                       "step, one thread). Default: " +
                       options.search + "."))
      ->type_name("MODE");
  add_pieces_option(*cmd, options.pieces,
                    "The pieces to assemble; the set's total area is the figure's.",
                    "Default: " + options.pieces + ".");
  cmd->add_option("--rotation-step", options.rotation_step,
                  wrap("auto, or a rotation step in degrees: pieces are tried at 0, DEG, 2 DEG, "
                       "... (0 < DEG <= 360; at most " +
                       std::to_string(kMaxConfigurations) +
                       " piece configurations in all, a step of at least 0.1). auto chooses "
                       "from the figure: when its edges share a direction modulo the set's "
                       "grid step (45 deg for the tangram), that grid turned to it first (for a "
                       "half of the time limit), then the fine step (1 deg for the tangram, "
                       "the set's own step for other sets) with the rest; the summary says "
                       "which solved it. Default: " +
                       options.rotation_step + "."))
      ->type_name("auto|DEG");
  cmd->add_flag("--no-reflection", options.no_reflection,
                wrap("Do not try mirror images of the pieces (the Tangram's parallelogram is the "
                     "only one that differs). Default: mirror images allowed, unless the set "
                     "forbids them."));
}

CLI::App* setup_solve(CLI::App& app, SolveOptions& options) {
  options = default_solve_options();

  CLI::App* cmd = app.add_subcommand(
      "solve", "Assemble the seven Tangram pieces into the silhouette of a picture.");
  cmd->add_option("PATTERN", options.patterns,
                  wrap("Silhouette picture: PNG, JPEG, BMP, TIFF, WebP or PBM/PGM/PPM, "
                       "recognised by its content, not its name (grey or colour, with or "
                       "without alpha; 8 or 16 bit). Puzzle pixels: luminance < 128 "
                       "(--threshold) and, with alpha, alpha >= 128; see the input options "
                       "for light figures, specks, outlines and large images. - reads standard "
                       "input. Several pictures, or folders of them, with --out-dir."))
      ->required()
      ->type_name("IMAGE...");
  add_input_options(*cmd, options.input);
  cmd->add_option("--strategy", options.strategy,
                  wrap("Placement strategy: dt (distance transform), bl (bottom-left), lb "
                       "(left-bottom), hzz / vzz (horizontal / vertical zig-zag), s (spiral), "
                       "s-inv (inverse spiral). Default: " +
                       options.strategy + "."))
      ->type_name("NAME");
  add_search_options(*cmd, options);
  cmd->add_option("--candidates", options.candidates,
                  wrap("Search 'ours' only: candidate positions tried per configuration. "
                       "Default: " +
                       std::to_string(options.candidates) + "."))
      ->type_name("K");
  cmd->add_flag("--no-corners", options.no_corners,
                wrap("Search 'ours' only: offer only skeleton endpoints, not the corners of the "
                     "collision-free area. Default: corners offered too."));
  cmd->add_flag("--no-widen", options.no_widen,
                wrap("Search 'ours' only: stop when the candidates are exhausted instead of "
                     "searching again with four times as many per configuration. Default: "
                     "widen until the time limit."));
  cmd->add_flag("--no-angle-hints", options.no_angle_hints,
                wrap("Search 'ours' only, rotation steps under 45: search every rotation from "
                     "the start instead of first (for up to half the time limit) the rotations "
                     "that the silhouette's long edges point at. Default: hints first."));
  cmd->add_option("--inset", options.inset_px,
                  wrap("Inward offset of the raster piece masks, in pixels (>= 0). Default: "
                       "automatic."))
      ->type_name("PX");
  cmd->add_flag("--no-polish", options.no_polish,
                wrap("Keep the raster poses: skip the sub-pixel refinement of the final "
                     "assembly. Default: refine."));
  cmd->add_flag("--no-snap", options.no_snap,
                wrap("Keep the polished poses: skip the exact snap that turns and moves the "
                     "pieces so that edges that nearly coincide coincide exactly, piece to "
                     "piece and piece to the figure's vectorised outline. Default: snap."));
  cmd->add_flag("--no-lattice-snap", options.no_lattice_snap,
                wrap("Keep the snapped poses: skip the step after the snap that puts the "
                     "pieces on the set's exact lattice (the Tangram's (a + b sqrt 2) / 4 "
                     "per coordinate) when their contacts allow and nothing gets worse. "
                     "Default: on the lattice."));
  cmd->add_flag("--no-exact", options.no_exact,
                wrap("Search 'ours' only: go straight to the raster search, without first "
                     "the exact searches: on the set's unit grid (polyominoes) or lattice (the "
                     "Stomachion's grid, quarters of the Tangram square's side) when the figure "
                     "lies on it, then for straight-edged sets the vertex search on the "
                     "outline (as --search vertex; its assembly taken when exact and at the "
                     "configured rotations). Default: the exact searches first (up to half the "
                     "time limit on a lattice, a tenth for the vertex search, half for sets of "
                     "more than seven pieces)."));
  cmd->add_option("--time-limit", options.time_limit_s,
                  wrap("Give up (not solved, exit 1) SEC seconds after the start: reading and "
                       "preparing the pattern, rasterising the pieces, the search, polishing and "
                       "checking all count. Default: " +
                       general(options.time_limit_s) + "."))
      ->type_name("SEC");
  cmd->add_option("--threads", options.threads,
                  wrap("Worker threads, 0 = all cores; the result does not depend on it. "
                       "Default: " +
                       std::to_string(options.threads) + "."))
      ->type_name("N");
  cmd->add_option("--json", options.json_path,
                  wrap("Write the assembly as tangram-solution/1 JSON, also when not solved "
                       "(\"solved\": false and the partial assembly), with how the pattern was "
                       "read (\"reading\": the input options), which 'tangram verify' applies; - "
                       "writes it to standard output (the summary then goes to stderr). An "
                       "existing file is replaced whole, a symlink's target too; anything but a "
                       "regular file is never replaced. Default: none."))
      ->type_name("OUT.json");
  cmd->add_option("--image", options.image_path,
                  wrap("Write a picture of the assembly at twice the pattern's size (at "
                       "its size when the longer side exceeds " +
                       std::to_string(kPictureFullSizeAbovePx) +
                       " px) with a band below it: the caption (solved, or NOT SOLVED and "
                       "why) and the legend (each piece's colour and name); also when not "
                       "solved. Its format comes from the name: .png (PNG; any other name is "
                       "refused before the search); - writes PNG to standard output. Default: "
                       "none."))
      ->type_name("OUT.png");
  cmd->add_option("--svg", options.svg_path,
                  wrap("Write the picture of --image as SVG: the silhouette (the outline of its "
                       "pixels) and each piece as exact vectors, every coordinate as computed, "
                       "pieces coloured as in the PNG and named (a data-piece attribute and a "
                       "tooltip), the caption and the legend below; units are the pattern's "
                       "pixels. Also when not solved. The name must end in .svg; - writes it to "
                       "standard output. With --use subset or copies, the assembly chosen; "
                       "refused with --all and --unique. Default: none."))
      ->type_name("OUT.svg");
  cmd->add_flag("-q,--quiet", options.quiet,
                wrap("No progress line, no notes and no summary when solved (the exit status "
                     "tells); warnings about the input stay."));
  add_limit_options(*cmd, options.limits, true, false);
  cmd->footer(wrap(
      "--json, --image and --svg are written after the search, atomically (complete or absent); "
      "--frames pictures during it.\n"
      "Exit status: 0 solved; 1 not solved (time limit reached or search space exhausted); "
      "2 bad or over-limit input (also an outline drawing or a figure too thin for the pieces), "
      "bad option "
      "or output not writable; 3 internal error. With --all: 0 done (every assembly, or "
      "--max-solutions of them), 1 none, 5 the time limit or Ctrl-C came first (at least the "
      "count given; --json holds them). With --unique: 0 unique, 1 none, 4 several, 5 "
      "undecided (one found, the search did not finish).",
      90));
  return cmd;
}

namespace {

/// Largest --max-frames: a million frames of a small pattern already fill gigabytes.
constexpr int kMaxFramesLimit = 1000000;

/// Whether `name` looks like a frame file: at least four digits, '-', ..., ".png".
bool is_frame_name(const std::string& name) {
  std::size_t digits = 0;
  while (digits < name.size() && std::isdigit(static_cast<unsigned char>(name[digits]))) ++digits;
  return digits >= 4 && digits < name.size() && name[digits] == '-' && name.size() > 4 &&
         name.compare(name.size() - 4, 4, ".png") == 0;
}

/// Checks --max-frames and the --frames directory before the search: not the input, not a
/// file, and free of frames of an earlier run (which would mix with the new ones).
void check_frames_options(const SolveOptions& options, const SolveWatchOptions& watch) {
  namespace fs = std::filesystem;
  if (watch.max_frames < 1 || watch.max_frames > kMaxFramesLimit)
    throw UsageError("--max-frames must be in 1.." + std::to_string(kMaxFramesLimit) + ", got " +
                     std::to_string(watch.max_frames));
  const std::string& dir = watch.frames_dir;
  if (dir.empty()) return;
  if (same_file(dir, options.pattern))
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
  SearchWatcher(const Pattern& pattern, const PieceSet& set, const SolveWatchOptions& watch)
      : pattern_(pattern), set_(set), watch_(watch) {
    for (int n = watch.max_frames; n >= 10000; n /= 10) ++digits_;
  }

  /// The observer for solve(); empty when neither frames nor log lines are asked for.
  SearchObserver observer() {
    if (watch_.frames_dir.empty() && !watch_.verbose) return {};
    return [this](const SearchEvent& event) { on_event(event); };
  }

  long events() const { return events_; }
  long frames() const { return frames_; }

private:
  void on_event(const SearchEvent& event) {
    ++events_;
    const std::string what(search_event_name(event.type));
    const std::string& piece = set_.shape_name(event.piece.shape);
    if (watch_.verbose) {
      const Pose& pose = event.piece.pose;
      std::cerr << "step " << event.step << ": " << what << " " << piece << ", angle "
                << general(pose.angle_deg) << ", mirror " << (pose.reflected ? "yes" : "no")
                << ", at (" << fixed(pose.centre.x, 1) << ", " << fixed(pose.centre.y, 1) << "), "
                << event.assembly.size() << "/" << set_.piece_count() << " placed";
      if (event.discrepancy_bound >= 0) std::cerr << ", bound " << event.discrepancy_bound;
      std::cerr << ", " << fixed(event.seconds, 3) << " s\n";
    }
    if (!watch_.frames_dir.empty() && frames_ < watch_.max_frames) {
      const std::string name = padded(event.step, digits_) + "-" + what + "-" + piece + ".png";
      write_png_atomic((std::filesystem::path(watch_.frames_dir) / name).string(),
                       render_search_frame(pattern_, set_, event));
      ++frames_;
    }
  }

  const Pattern& pattern_;
  const PieceSet& set_;
  const SolveWatchOptions& watch_;
  int digits_ = 4;
  long events_ = 0;
  long frames_ = 0;
};

}  // namespace

void add_watch_options(CLI::App& solve, SolveWatchOptions& options) {
  CLI::Option* frames =
      solve
          .add_option("--frames", options.frames_dir,
                      wrap("Directory (created if missing) for one picture per search step, "
                           "written during the search: NNNN-place-PIECE.png, "
                           "NNNN-reject-PIECE.png (placed, then undone by the validation), "
                           "NNNN-remove-PIECE.png (taken off to backtrack), each showing the "
                           "partial assembly. The time they take counts against --time-limit. "
                           "The raster search is the one shown (as with --no-exact). "
                           "Default: none."))
          ->type_name("DIR");
  solve
      .add_option("--max-frames", options.max_frames,
                  wrap("With --frames: write at most N pictures (the first N steps); a note "
                       "says when the search took more. Default: " +
                       std::to_string(options.max_frames) + "."))
      ->type_name("N")
      ->needs(frames);
  solve.add_flag("-v,--verbose", options.verbose,
                 wrap("Log every search step on stderr, one line each: step, event (place, "
                      "reject, remove), piece, angle, mirror, centre (px), pieces placed, the "
                      "discrepancy bound (search 'ours') and seconds since the start. Replaces "
                      "the progress line. The raster search is the one shown (as with "
                      "--no-exact)."));
}

int run_solve(const SolveOptions& options) { return run_solve(options, SolveWatchOptions{}); }

int run_solve(const SolveOptions& options, const SolveWatchOptions& watch) {
  SolverConfig config = solver_config(options);
  config.search.started = options.started;
  // Frames and log lines show the raster search's steps; the exact search has none to show.
  if (!watch.frames_dir.empty() || watch.verbose) config.search.grid_search = false;
  validate_config(config);
  const InputConfig input = read_for_set(input_config(options.input), config.pieces);
  check_solve_outputs(options);
  check_frames_options(options, watch);
  const Silhouette silhouette = load_silhouette(options.pattern, input, options.limits);
  print_input_report(silhouette.report, options.quiet);
  const Pattern& pattern = silhouette.working;
  if (!watch.frames_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(watch.frames_dir, ec);
    if (ec)
      throw OutputError("cannot create --frames directory " + watch.frames_dir + ": " +
                        ec.message());
  }

  SilhouetteSolution result;
  SearchWatcher watcher(pattern, config.pieces, watch);
  {
    ProgressLine progress(!options.quiet && !watch.verbose, config.pieces.piece_count());
    result = solve_silhouette(silhouette, config, progress.callback(), watcher.observer());
  }
  const Solution& solution = result.solution;
  const VerifyReport& full_check = result.full_check;
  std::string rejection = rejection_reason(silhouette, result);
  if (!rejection.empty())
    rejection += silhouette.report.work_scale > 1 ? " try --work-size 0" : " try --no-clean";
  if (!options.quiet || !solution.solved) print_summary(options, config, solution, rejection);
  if (!solution.solved && rejection.empty())
    if (const std::string note = missed_rotation_note(pattern, config); !note.empty())
      std::cerr << "tangram: note: " << note << std::endl;
  if (!watch.frames_dir.empty() && watcher.events() > watcher.frames())
    std::cerr << "tangram: note: --frames " << watch.frames_dir << " holds the first "
              << watcher.frames() << " of " << watcher.events() << " steps (--max-frames "
              << watch.max_frames << ")" << std::endl;

  if (!options.json_path.empty())
    write_text_atomic(options.json_path,
                      solution_to_json(solution, config.pieces, options.pattern, true, input));
  if (!options.image_path.empty()) {
    const cv::Size size = silhouette.pattern.puzzle.size();
    const int scale = std::max(size.width, size.height) > kPictureFullSizeAbovePx ? 1 : 2;
    const PictureCaption caption = result.rejected_at_full_resolution()
                                       ? rejected_caption(solution, config, full_check)
                                       : solution_caption(solution, config);
    write_picture(options.image_path,
                  render_solution(silhouette.pattern, solution, config.pieces, caption, scale));
  }
  if (!options.svg_path.empty()) {
    const cv::Size size = silhouette.pattern.puzzle.size();
    SvgConfig svg;
    svg.scale = std::max(size.width, size.height) > kPictureFullSizeAbovePx ? 1 : 2;
    svg.title = pattern_file_name(options.pattern);
    svg.caption = result.rejected_at_full_resolution()
                      ? rejected_caption(solution, config, full_check)
                      : solution_caption(solution, config);
    write_text_atomic(options.svg_path,
                      assembly_svg(silhouette.pattern, solution.pieces, config.pieces, svg));
  }
  return solution.solved ? kExitOk : kExitFailed;
}

}  // namespace tangram::cli
