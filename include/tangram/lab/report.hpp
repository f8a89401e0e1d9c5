#pragma once
/// \file report.hpp
/// `tangram report`: one self-contained HTML page per results directory (docs/design/lab.md).

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
  /// Pictures by their path in runs.csv; missing ones show as placeholders.
  std::map<std::string, EmbeddedImage> images;
  GalleryMode gallery = GalleryMode::All;
};

/// The HTML page (UTF-8, starting with <!DOCTYPE html>).
std::string report_html(const ReportInput& input);

/// Reads a results directory within `limits`. Throws InputError or LimitError for runs.csv;
/// other unusable files become lines in `warnings`.
ReportInput load_report_input(const std::string& results_dir, GalleryMode gallery,
                              std::vector<std::string>& warnings, const ReadLimits& limits = {});

/// The files a report of `runs` reads (no output may be one of them).
std::vector<std::string> report_input_files(const std::string& results_dir,
                                            const std::vector<RunRecord>& runs);

namespace detail {

/// Base64 (RFC 4648, with '=' padding) of arbitrary bytes.
std::string base64(std::string_view bytes);

}  // namespace detail

}  // namespace tangram
