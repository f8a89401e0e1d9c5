#pragma once
/// \file report.hpp
/// `tangram report`: one self-contained HTML page for a results directory (results.hpp). No
/// network and no external file: CSS inline, pictures embedded as base64 `data:` URIs, charts
/// as inline SVG drawn here. The page has
///   - a summary table per (experiment, search, strategy) and two bar charts: runs that count
///     as solved per strategy, and mean search time of those runs per strategy, with one bar
///     per (experiment, search) group;
///   - the tables of `tables.md` when the directory has one (Markdown pipe tables under `#`
///     headings, converted to HTML);
///   - per (experiment, search) group, a pattern x strategy table of solved / time / coverage /
///     backtracks;
///   - a gallery: per group, one row per pattern with the pattern's picture first and then each
///     strategy's solution picture; runs not solved, or rejected by the checker, are framed in
///     red or orange and labelled NOT SOLVED or INVALID.
/// A picture that is missing or not a PNG shows as a visible placeholder saying why.

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "tangram/lab/detail/text.hpp"
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
  std::string title;            ///< shown as the page title, e.g. the results directory
  std::string generator;        ///< shown in the footer, e.g. "tangram 0.1.0"
  std::vector<RunRecord> runs;  ///< runs.csv
  std::string tables_markdown;  ///< tables.md, empty when there is none
  /// Pictures by their path as written in runs.csv (pattern and picture fields). A path that
  /// is absent here shows as a placeholder.
  std::map<std::string, EmbeddedImage> images;
  GalleryMode gallery = GalleryMode::All;
};

/// The HTML page (UTF-8, starting with <!DOCTYPE html>).
std::string report_html(const ReportInput& input);

/// Reads a results directory: runs.csv (required, read_runs_csv), tables.md (optional) and the
/// pictures the gallery of `gallery` shows, resolved against `results_dir` (absolute paths are
/// kept). Throws InputError when the directory or runs.csv cannot be read or parsed. A picture
/// that is missing, unreadable or not a PNG is recorded with its problem, and one line per such
/// picture is appended to `warnings`. Every file is read within `limits` (files.hpp): a picture
/// over them is such a problem, a runs.csv or tables.md over them a LimitError.
ReportInput load_report_input(const std::string& results_dir, GalleryMode gallery,
                              std::vector<std::string>& warnings, const ReadLimits& limits = {});

/// The files a report of `runs` in `results_dir` reads: runs.csv, tables.md and every pattern,
/// solution and picture path in `runs`, resolved as by load_report_input (whether they exist or
/// not). An output must not be one of them.
std::vector<std::string> report_input_files(const std::string& results_dir,
                                            const std::vector<RunRecord>& runs);

namespace detail {

/// Base64 (RFC 4648, with '=' padding) of arbitrary bytes.
std::string base64(std::string_view bytes);

/// Markdown to HTML for what tables.md holds: ATX headings (`#` to `######`; the shallowest
/// one present becomes <h3>, under the report's own <h1> and <h2>, deeper ones follow), pipe
/// tables (a header row, a
/// delimiter row of dashes with optional ':' for alignment, body rows; `\|` is a literal
/// pipe), ``` fenced code blocks, and paragraphs. Inline: **bold** and `code`. Everything else
/// is text, HTML-escaped.
std::string markdown_to_html(const std::string& markdown);

}  // namespace detail

}  // namespace tangram
