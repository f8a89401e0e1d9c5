#pragma once
/// \file commands.hpp
/// The subcommands of `tangram`: each an options struct, a setup_ function that declares them and
/// a run_ function that calls the library and returns the exit code; errors are thrown.

#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "help_text.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/core/base/format.hpp"
#include "tangram/core/raster/placement.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/image.hpp"
#include "tangram/io/piece_sets.hpp"
#include "tangram/io/silhouette.hpp"
#include "tangram/lab/results.hpp"
#include "tangram/service/convex.hpp"
#include "tangram/service/dissect.hpp"
#include "tangram/service/generate.hpp"
#include "tangram/service/option_words.hpp"
#include "tangram/service/puzzles.hpp"
#include "tangram/service/solve.hpp"

namespace tangram::cli {

/// Exit statuses shared by all subcommands.
enum ExitCode : int {
  kExitOk = 0,        ///< solved / valid
  kExitFailed = 1,    ///< not solved within the limits / invalid or unsolved solution
  kExitUsage = 2,     ///< bad input, bad option, or an output that cannot be written
  kExitInternal = 3,  ///< unexpected internal error (a bug)
  kExitSeveral = 4,   ///< solve --unique: more than one assembly
  /// solve --all / --unique: the time limit or an interrupt came before the answer was
  /// certain (the count found is a lower bound, uniqueness undecided)
  kExitIncomplete = 5,
  /// a store (results folder, shard, problem library) holds damaged files: refused, unchanged;
  /// --repair moves them aside (DamagedStoreError)
  kExitDamaged = 6,
};

/// The exit status of a service's answer: 0 found, 1 none, 4 several, 5 incomplete.
inline int exit_code(Answer answer) {
  switch (answer) {
    case Answer::Found: return kExitOk;
    case Answer::None: return kExitFailed;
    case Answer::Several: return kExitSeveral;
    case Answer::Incomplete: return kExitIncomplete;
  }
  return kExitInternal;
}

/// A subcommand as main() runs it: declared on the app, run when it was parsed.
struct Subcommand {
  CLI::App* app;
  std::function<int()> run;
};

/// The Subcommand of `setup` and `run`, over an options struct it owns.
template <class Options>
Subcommand subcommand(CLI::App& app, CLI::App* (*setup)(CLI::App&, Options&),
                      int (*run)(const Options&)) {
  auto options = std::make_shared<Options>();
  CLI::App* cmd = setup(app, *options);
  return {cmd, [options, run] { return run(*options); }};
}

// Numbers as text (tangram/core/base/format.hpp): fixed(x, 2) == "2.50"; general(x) the
// shortest natural text, "1", "0.5", "360"; padded(7, 2) == "07".
using detail::fixed;
using detail::general;
using detail::padded;

/// Declares the options that raise the caps on inputs (--max-pixels and --max-image-mb when the
/// command reads images, --max-document-mb when it reads JSON or CSV) in a "Limits" group,
/// bound to `limits`, whose current values are shown as the defaults.
void add_limit_options(CLI::App& cmd, ReadLimits& limits, bool images, bool documents);

// How the command line spells the settings that library messages mention (option_words.hpp).
using tangram::in_words;
using tangram::option_words;

/// The format of the picture output `path` given with `option` ("--image"), from its extension
/// (picture_output_format). Throws UsageError "--image out.svg: cannot write an SVG picture;
/// ..." for a name of another format; with `svg_option`, the command has --svg, which the
/// message for a .svg name points to.
PictureFormat check_picture_output(const std::string& option, const std::string& path,
                                   bool svg_option = false);

/// Refuses an SVG output `path` given with `option` ("--svg") whose name does not end in
/// ".svg" (any case), so that SVG never goes under another format's name; "-" (standard
/// output) only when `allow_stdout`. Throws UsageError.
void check_svg_output(const std::string& option, const std::string& path, bool allow_stdout);

/// Refuses a document output (`kind`: "a JSON document", "an HTML page") named as a picture
/// ("--json out.png"): bytes of one format never go under another's name. Throws UsageError.
void check_document_output(const std::string& option, const std::string& path,
                           const std::string& kind);

/// Declares `old_name` (a spelling of an earlier release, e.g. "--output") on `cmd` as a hidden
/// option bound to `target`: it still works for one release, with the note "tangram: note:
/// --output is deprecated and goes in the next release: use -o/--out" on stderr.
void add_deprecated_alias(CLI::App& cmd, const std::string& old_name, std::string& target,
                          const std::string& replacement);

/// Declares --threshold, --invert, --no-clean, --fill-outline and --work-size on `cmd`, bound
/// to `options` (whose current values are shown as the defaults). Shared by solve and compare.
void add_input_options(CLI::App& cmd, SolveOptions& options);

/// Prints the notes (unless `quiet`) and the warnings of a reading on stderr, one line each:
/// "tangram: note: CONTEXTtext", "tangram: warning: CONTEXTtext".
void print_input_report(const InputReport& report, bool quiet, const std::string& context = "");

/// The set a --pieces value names (load_piece_set), its errors prefixed "--pieces: ".
PieceSetFile load_pieces_option(const std::string& value, const ReadLimits& limits);

/// Declares --pieces NAME|FILE on `cmd` into `value`: `role` (a sentence) says what the set is
/// for, `default_text` (a sentence) what is used without the option; the built-in sets are
/// listed between them.
CLI::Option* add_pieces_option(CLI::App& cmd, std::string& value, const std::string& role,
                               const std::string& default_text);

// parse_degrees() and strategy_choices(): service/option_words.hpp.
using tangram::parse_degrees;
using tangram::strategy_choices;

/// Whether two paths name the same file (also when neither exists yet).
bool same_file(const std::string& a, const std::string& b);

/// Declares --search, --pieces, --rotation-step and --no-reflection on `cmd`, bound to
/// `options` (whose current values are shown as the defaults). Shared by solve and compare.
void add_search_options(CLI::App& cmd, SolveOptions& options);

/// `tangram solve`'s command line: the service's options, the figures and the outputs.
struct SolveCommand {
  SolveOptions solve;                 ///< what to solve and how (service/solve_options.hpp)
  std::vector<std::string> patterns;  ///< PATTERN: pictures, or with --out-dir also folders
  std::string out_dir;                ///< --out-dir: every figure solved into it (a batch)
  bool repair = false;                ///< --repair: move damaged runs of out_dir aside, redo them
  int jobs = 0;                       ///< --jobs: figures at the same time; 0 = one per core
  std::string json_path;              ///< --json; empty = none
  std::string image_path;             ///< --image; empty = none
  std::string svg_path;               ///< --svg; empty = none
  std::string fixed_path;             ///< --fixed: pieces kept in place; empty = none
  bool quiet = false;                 ///< --quiet
  std::string frames_dir;             ///< --frames: one PNG per search event; empty = none
  int max_frames = 2000;              ///< --max-frames
  bool verbose = false;               ///< --verbose: one line per search event on stderr
  bool time_limit_given = false;      ///< --time-limit was given (--all has none otherwise)

  /// The figure of a single solve: the first PATTERN.
  const std::string& pattern() const { return patterns.front(); }
};

/// Declares `solve` on `app`; the defaults are SolveOptions'.
CLI::App* setup_solve(CLI::App& app, SolveCommand& command);

/// Runs `solve`: a batch (run_solve_batch) or one figure towards the options' goal. Returns
/// exit_code() of the answer. Throws tangram::Error on bad input, options or outputs.
int run_solve(const SolveCommand& command);

/// Refuses, before any work, outputs of `solve` that would overwrite the input or each other,
/// whose name asks for another format, or whose directory is missing. Throws UsageError or
/// OutputError.
void check_solve_outputs(const SolveCommand& command);

/// Whether `solve` writes an output (--json, --image, --svg) to standard output ("-"): its
/// summary then goes to stderr.
bool writes_to_stdout(const SolveCommand& command);

/// Whether `solve` was asked for a batch: --out-dir given, or several PATTERN arguments.
bool batch_requested(const SolveCommand& command);

/// Runs `solve PATTERN... --out-dir DIR` (lab/experiment_runner.hpp, BatchSolve): every figure
/// solved into DIR, resumably, with a progress line and DIR/runs.csv. 0 when every figure is
/// solved, 1 otherwise. Throws tangram::Error (UsageError for options that mean one figure).
int run_solve_batch(const SolveCommand& command);

/// The montage `solve --all --image` draws: a title line, the first assemblies cropped to the
/// figure, each numbered, and the set's legend.
cv::Mat3b assemblies_montage(const Pattern& pattern, const PieceSet& set,
                             const std::vector<std::vector<PlacedPiece>>& assemblies,
                             const std::string& title);

/// Options of `tangram verify`. The input options are empty unless given: the solution's
/// recorded reading (or the referee's) applies where they are.
struct VerifyOptions {
  std::string pattern;                ///< input picture
  std::string solution;               ///< tangram-solution/1 file
  std::string pieces;                 ///< --pieces: the solution's set; empty = the one it names
  bool json = false;                  ///< print a JSON report instead of a line of text
  bool as_referee = false;            ///< read as the referee, whatever the solution says
  std::optional<double> threshold;    ///< luminance threshold, 8-bit scale
  std::optional<std::string> invert;  ///< auto, yes or no
  std::optional<bool> clean;          ///< drop specks and fill pinholes (--clean/--no-clean)
  std::optional<bool> fill_outline;   ///< fill an outline drawing
  ReadLimits limits;                  ///< caps on both files
};

/// Declares `verify` on `app`.
CLI::App* setup_verify(CLI::App& app, VerifyOptions& options);

/// Runs `verify`: 0 valid, 1 invalid or unsolved. Throws tangram::Error on an unusable pattern.
int run_verify(const VerifyOptions& options);

/// Options of `tangram compare`.
struct CompareOptions {
  std::vector<std::string> patterns;  ///< input pictures
  std::string strategies;             ///< "all" or comma-separated strategy names
  /// Comma-separated search names (search_mode_name()); empty = the --search value alone.
  std::string searches;
  /// Search settings shared by every run (the strategy is each column's).
  SolveOptions solve;
  std::string out_dir;  ///< empty = print the table only
  bool svg = false;     ///< with out_dir: each run's picture as SVG too
};

/// The strategies of a --strategies value: "all" or a comma-separated list of names
/// (duplicates dropped, order kept). Throws UsageError naming a bad name.
std::vector<Strategy> parse_strategies(const std::string& text);

/// The searches of a comma-separated list of search_mode_name()s (duplicates dropped, order
/// kept); without `vertex` the vertex search is refused as unknown (the paper's experiments,
/// which compare by placement strategy). Throws UsageError naming `option` and the bad name.
std::vector<SearchMode> parse_searches(const std::string& option, const std::string& text,
                                       bool vertex);

/// Declares `compare` on `app`.
CLI::App* setup_compare(CLI::App& app, CompareOptions& options);

/// Runs `compare`: every pattern with every strategy; 0 when all runs were done, whatever was
/// solved. Throws tangram::Error on bad input, options or outputs.
int run_compare(const CompareOptions& options);

/// Options of `tangram render`.
struct RenderOptions {
  std::string arrangement;  ///< input tangram-arrangement/1 file
  std::string png;          ///< output pattern
  std::string truth;        ///< output ground truth; empty = next to the PNG
  std::string svg;          ///< output SVG picture of the arrangement; empty = none
  double side_px = 0.0;
  double margin_px = 0.0;
  std::string pieces;  ///< --pieces: the arrangement's set; empty = the one it names
  ReadLimits limits;   ///< caps on the arrangement file
};

/// Declares `render` on `app`; defaults come from a default-constructed RenderConfig.
CLI::App* setup_render(CLI::App& app, RenderOptions& options);

/// Runs `render`: 0 written. Throws tangram::Error on a bad arrangement or output.
int run_render(const RenderOptions& options);

/// Options of `tangram experiment`.
struct ExperimentOptions {
  std::string experiment;    ///< "1", "2", "3", "all", "sets" or "merge"
  std::string sets = "all";  ///< --sets: the piece-set experiment's sets, "all" or a list
  std::string out_dir;
  std::string masks;       ///< directory of NN-name.png patterns
  std::string patterns;    ///< range of pattern numbers, empty = all
  std::string strategies;  ///< "all" or a list
  std::string searches;    ///< "paper", "ours" or "paper,ours"
  double time_limit_s = 0.0;
  int jobs = 0;              ///< runs at the same time, 0 = one per core
  int threads = 1;           ///< threads of each run
  bool tables_only = false;  ///< run nothing, tabulate what is recorded
  bool repair = false;       ///< --repair: move damaged files of --out (or shards) aside
  bool quiet = false;
  std::string pieces = "tangram";       ///< --pieces: a built-in set or a piece-set file
  std::string shard;                    ///< --shard I/N, empty = every run
  std::vector<std::string> shard_dirs;  ///< 'merge': the shards' results directories
  ReadLimits limits;                    ///< caps on the patterns and the run records
};

/// Declares `experiment` on `app`.
CLI::App* setup_experiment(CLI::App& app, ExperimentOptions& options);

/// Runs `experiment`: 0 when every planned run is recorded. Throws tangram::Error on bad input,
/// options or outputs.
int run_experiment(const ExperimentOptions& options);

/// Options of `tangram report`.
struct ReportOptions {
  std::string results_dir;  ///< directory with runs.csv
  std::string output;       ///< the HTML file to write
  std::string gallery;      ///< "all", "unsolved" or "none"
  ReadLimits limits;        ///< caps on runs.csv, run records, tables.csv and the pictures
};

/// Declares `report` on `app`.
CLI::App* setup_report(CLI::App& app, ReportOptions& options);

/// Runs `report`: 0 when the page was written (missing pictures are warnings). Throws
/// tangram::Error on a missing or malformed runs.csv, bad options or an unwritable output.
int run_report(const ReportOptions& options);

/// Options of `tangram explain`.
struct ExplainOptions {
  std::string pattern;  ///< input picture
  std::string piece;    ///< piece name in the set; empty: the first of its largest-first order
  std::string pieces = "tangram";  ///< --pieces: a built-in set or a piece-set file
  /// Rotation, degrees counter-clockwise on screen, in [0, 360); none = the first multiple of
  /// the rotation step at which the piece fits.
  std::optional<double> angle_deg;
  /// "auto" or a step in degrees: the solve step whose masks (inset) and angles are shown; auto
  /// is the first stage of solve's plan for the figure (rotation_plan.hpp)
  std::string rotation_step = "auto";
  bool mirror = false;   ///< mirror the piece top-to-bottom before the rotation
  std::string strategy;  ///< placement strategy name
  double inset_px = -1;  ///< mask inset (px); negative = as `solve` at the rotation step
  int scale = 0;         ///< picture scale; 0 = automatic (figure_scale)
  std::string out_dir;   ///< directory for the pictures and index.html
  ReadLimits limits;     ///< caps on the pattern file
};

/// Declares `explain` on `app`.
CLI::App* setup_explain(CLI::App& app, ExplainOptions& options);

/// Runs `explain`: writes the pictures of Figs. 5-7 and index.html into out_dir; 0 when done.
/// Throws tangram::Error on bad input or options, a piece that does not fit, or unwritable
/// outputs.
int run_explain(const ExplainOptions& options);

/// Options of `tangram pieces`.
struct PiecesOptions {
  std::string set;         ///< a built-in set's name or a piece-set file; empty: list them all
  std::string image_path;  ///< empty = no picture
  ReadLimits limits;
};

/// Declares `tangram pieces` on `app`.
CLI::App* setup_pieces(CLI::App& app, PiecesOptions& options);

/// Lists the built-in piece sets, or describes one (and draws it); returns the exit code.
int run_pieces(const PiecesOptions& options);

/// `tangram dissect`'s command line: the service's options, the figure and the outputs.
struct DissectCommand {
  DissectOptions dissect;  ///< service/dissect.hpp
  std::string figure;      ///< a text grid or picture file, "-" standard input
  std::string json_path;   ///< --json; empty = none
  bool print = false;      ///< --print: each dissection as a grid of letters
  std::string image_path;  ///< --image: PNG picture of one dissection; empty = none
  std::string svg_path;    ///< --svg: SVG picture of one dissection; empty = none
  long index = 1;          ///< --index: which dissection the pictures show (from 1)
};

/// Declares `tangram dissect` on `app`.
CLI::App* setup_dissect(CLI::App& app, DissectCommand& command);

/// Runs `dissect`: 0 found (--unique: one), 1 none, kExitSeveral (--unique: several),
/// kExitIncomplete (the time limit left the answer uncertain). Throws tangram::Error.
int run_dissect(const DissectCommand& command);

/// `tangram generate`'s command line: each subcommand's service options and the folder.
struct GenerateCommand {
  GenerateOptions generate;               ///< `dissection`: service/generate.hpp
  ConvexOptions convex;                   ///< `convex`: service/convex.hpp
  PuzzleOptions puzzles;                  ///< `puzzles`: service/puzzles.hpp
  std::vector<std::string> rate;          ///< `puzzles --rate`: figures to rate, none made
  std::string out_dir;                    ///< --out (required but with --rate)
  bool quiet = false;                     ///< no progress line
  const CLI::App* convex_app = nullptr;   ///< `generate convex`, to tell which ran
  const CLI::App* puzzles_app = nullptr;  ///< `generate puzzles`
};

/// Declares `tangram generate` and its subcommands `dissection` and `convex` on `app`;
/// returns `generate`.
CLI::App* setup_generate(CLI::App& app, GenerateCommand& command);

/// Declares `generate convex` on `generate` (generate_convex.cpp).
CLI::App* setup_generate_convex(CLI::App& generate, GenerateCommand& command);

/// Declares `generate puzzles` on `generate` (generate_puzzles.cpp).
CLI::App* setup_generate_puzzles(CLI::App& generate, GenerateCommand& command);

/// Runs the subcommand of `generate` that was given. Throws tangram::Error.
int run_generate(const GenerateCommand& command);

/// Runs `generate dissection`: 0 all M puzzles written, kExitIncomplete fewer (the time limit,
/// or no new puzzle for many seeds), 1 none. Throws tangram::Error.
int run_generate_dissection(const GenerateCommand& command);

/// Runs `generate convex`: 0 every candidate decided, kExitIncomplete some not (the time
/// limit), 1 no convex figure. Throws tangram::Error.
int run_generate_convex(const GenerateCommand& command);

/// Runs `generate puzzles`: 0 --count puzzles written, kExitIncomplete fewer (--max-candidates),
/// 1 none; with --rate, 0 every figure rated. Throws tangram::Error.
int run_generate_puzzles(const GenerateCommand& command);

/// Writes a generated figure into `out_dir`: NAME.png, the silhouette dark on white as a book
/// prints it (tangram solve reads it), and NAME.json, its assembly `json`. Both atomic.
void write_silhouette_files(const std::string& out_dir, const std::string& name,
                            const Pattern& pattern, const std::string& json);

/// Creates the folder `out_dir` of `option` when missing, and removes the temporary files that
/// killed writers left in it. Throws UsageError when it names something else, OutputError when
/// it cannot be made.
void prepare_out_dir(const std::string& out_dir, const std::string& option = "--out");

/// Options of `tangram serve` (web/server.hpp).
struct ServeOptions {
  int port = 8765;                 ///< 0 = any free port
  std::string host = "127.0.0.1";  ///< loopback unless told otherwise
  std::string library;             ///< empty = $XDG_DATA_HOME/tangram/library (or ~/.local/share)
  int max_solves = 1;              ///< solves at a time
  int max_queue = 16;              ///< solves waiting
  int threads = 0;                 ///< search threads of each solve, 0 = all cores
  bool read_only = false;          ///< --read-only: the library cannot be changed
  std::string token;               ///< --token: needed to change the library; empty = see serve
  int rate = -1;                   ///< --rate: solves and hints a client may start a minute
  int max_connections = 256;       ///< --max-connections: open at once, 503 beyond
  bool repair = false;             ///< --repair: move damaged problems aside, then serve
};

/// Declares `tangram serve` on `app`.
CLI::App* setup_serve(CLI::App& app, ServeOptions& options);

/// `options` with the default library filled in. Throws UsageError for a bad value.
ServeOptions checked_serve_options(const ServeOptions& options);

/// Runs `serve` until SIGINT or SIGTERM: 0 then. Throws tangram::Error for a bad option, a port
/// that cannot be bound or a library folder that cannot be used. In `tangram`, hands the
/// process over to tangram-serve (serve_handoff.cpp); in tangram-serve, serves (serve_run.cpp).
int run_serve(const ServeOptions& options);

/// Keeps the command line as main() received it, for this_invocation(). Called once, first.
void set_command_line(int argc, const char* const* argv);

/// This run of tangram as results record it (results.hpp, Invocation): the command line (each
/// word quoted for a POSIX shell where it needs to be), "tangram VERSION", build_commit(), the
/// CPU model (the first "model name" of /proc/cpuinfo, "unknown" without one), the logical
/// cores and the current time (UTC).
Invocation this_invocation();

}  // namespace tangram::cli
