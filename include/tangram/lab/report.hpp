#pragma once
/// \file report.hpp
/// `tangram report`: one self-contained HTML page for a results directory (results.hpp). No
/// network and no external file: CSS inline, pictures embedded as base64 `data:` URIs, charts
/// as inline SVG drawn here. The page has
///   - how the results were made: the settings of the directory's settings.json (results.hpp:
///     time limit, rotation steps, searches, strategies, threads, pieces, and each command
///     with its commit, machine and date), or a note that the directory records none;
///   - a summary table per (experiment, search, strategy) and two bar charts: runs that count
///     as solved per strategy, and mean search time of those runs per strategy, with one bar
///     per (experiment, search) group;
///   - Tables I-III beside the paper's numbers, as `tables.md` has them, when the runs are
///     those of `tangram experiment` (computed from the runs' records, see load_report_input);
///   - per (experiment, search) group, a pattern x strategy table of solved / time / coverage /
///     backtracks;
///   - a gallery: per group, one row per pattern with the pattern's picture first and then each
///     strategy's solution picture; runs not solved, or rejected by the checker, are framed in
///     red or orange and labelled NOT SOLVED or INVALID, with why when runs.csv has the
///     outcome (time limit, search space exhausted, impossible, rejected by the checker); above
///     it the legend of the pieces' colours when the settings name the pieces.
/// Chart labels each name their container (data-container: an invisible slot rectangle wide
/// enough for the widest label), which tests/browser/check-report.sh measures them against.
/// Strategy labels with a superscript ("S^-1") are shown raised (<sup>, an SVG <tspan>).
/// A picture that is missing or not a PNG shows as a visible placeholder saying why.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tangram/lab/experiment.hpp"
#include "tangram/lab/results.hpp"

namespace tangram {

/// Which runs the gallery shows.
enum class GalleryMode {
  All,       ///< every run
  Unsolved,  ///< only the runs that do not count as solved (not solved or invalid)
  None,      ///< no gallery
};

/// A picture as the report embeds it.
struct EmbeddedImage {
  std::string png;      ///< the PNG file's bytes; empty when it could not be used
  std::string problem;  ///< why it could not be used ("no such file", ...); empty when fine
  int width = 0;        ///< pixels, from the PNG header
  int height = 0;
};

/// Everything the page is made of; report_html reads nothing else.
struct ReportInput {
  std::string title;                    ///< shown as the page title, e.g. the results directory
  std::string generator;                ///< shown in the footer, e.g. "tangram 0.1.0"
  std::vector<RunRecord> runs;          ///< runs.csv
  std::vector<ExperimentTable> tables;  ///< Tables I-III; empty without experiment runs
  /// settings.json of the directory; empty when it has none (or it could not be read).
  std::optional<ResultsSettings> settings;
  /// Pictures by their path as written in runs.csv (pattern and picture fields). A path that
  /// is absent here shows as a placeholder.
  std::map<std::string, EmbeddedImage> images;
  GalleryMode gallery = GalleryMode::All;
};

/// The HTML page (UTF-8, starting with <!DOCTYPE html>).
std::string report_html(const ReportInput& input);

/// Reads a results directory: runs.csv (required, read_runs_csv) and the pictures the gallery of
/// `gallery` shows, resolved against `results_dir` (absolute paths are kept). When runs.csv has
/// runs of `tangram experiment` (experiment 1, 2 or 3), also what that command computes
/// tables.md from: each such run's record (run_record_path(); runs.csv rounds the times more)
/// and the plan in tables.csv (how many runs each cell should have; without a usable
/// tables.csv, the runs in runs.csv count as all that were planned). tables.md itself is not
/// read. settings.json is read when there is one. Throws InputError when the directory or
/// runs.csv cannot be read or parsed. A picture that is missing, unreadable or not a PNG is
/// recorded with its problem, and one line per such picture is appended to `warnings`; so is
/// one line when run records are unusable (their runs.csv rows stand in), one when tables.csv
/// is, and one when settings.json is. Every file is read within `limits`
/// (files.hpp): a picture over them is such a problem, a runs.csv over them a LimitError.
ReportInput load_report_input(const std::string& results_dir, GalleryMode gallery,
                              std::vector<std::string>& warnings, const ReadLimits& limits = {});

/// The files a report of `runs` in `results_dir` reads outside the run records: runs.csv,
/// tables.csv, settings.json and every pattern, solution and picture path in `runs`, resolved as by
/// load_report_input (whether they exist or not). An output must not be one of them (nor lie
/// in `results_dir`, where the records are).
std::vector<std::string> report_input_files(const std::string& results_dir,
                                            const std::vector<RunRecord>& runs);

namespace detail {

/// Base64 (RFC 4648, with '=' padding) of arbitrary bytes.
std::string base64(std::string_view bytes);

}  // namespace detail

}  // namespace tangram
