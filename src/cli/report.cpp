// `tangram report`: one self-contained HTML page for a results directory (runs.csv, written by
// `tangram compare --out` or `tangram experiment --out`). The page itself is made by
// report_html (report.hpp); this file maps the options, guards the inputs and writes it.

#include <filesystem>
#include <iostream>
#include <optional>

#include "commands.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/io/files.hpp"
#include "tangram/lab/report.hpp"

namespace tangram::cli {

namespace {

namespace fs = std::filesystem;

/// The --gallery names.
constexpr std::pair<std::string_view, GalleryMode> kGalleryModes[] = {
    {"all", GalleryMode::All}, {"unsolved", GalleryMode::Unsolved}, {"none", GalleryMode::None}};

/// Whether `path` is `dir` or lies below it (symbolic links and ".." resolved as far as the
/// paths exist).
bool is_inside(const fs::path& path, const fs::path& dir) {
  std::error_code ec;
  const fs::path p = fs::weakly_canonical(fs::absolute(path, ec), ec);
  const fs::path d = fs::weakly_canonical(fs::absolute(dir, ec), ec);
  if (ec) return false;
  auto pi = p.begin();
  for (auto di = d.begin(); di != d.end(); ++di, ++pi) {
    if (di->empty()) continue;  // trailing separator of a directory path
    if (pi == p.end() || *pi != *di) return false;
  }
  return true;
}

}  // namespace

CLI::App* setup_report(CLI::App& app, ReportOptions& options) {
  options.gallery = "all";
  CLI::App* cmd = app.add_subcommand(
      "report", wrap("Write one self-contained HTML page (tables, charts, pictures) for a results "
                     "directory."));
  cmd->add_option("RESULTS_DIR", options.results_dir,
                  wrap("Directory with runs.csv, as written by 'tangram compare --out DIR' or "
                       "'tangram experiment --out DIR' (also the pictures it names and an "
                       "experiment's run records and tables.csv)."))
      ->required()
      ->type_name("DIR");
  cmd->add_option("-o,--out", options.output,
                  wrap("The HTML file to write (atomically). It must not lie inside RESULTS_DIR "
                       "nor be any file the report reads. Required."))
      ->type_name("HTML");
  add_deprecated_alias(*cmd, "--output", options.output, "-o/--out");
  cmd->add_option("--gallery", options.gallery,
                  wrap("Pictures to embed: all runs, only the unsolved ones (not solved or "
                       "rejected by the checker), or none. Default: all."))
      ->type_name("all|unsolved|none");
  add_limit_options(*cmd, options.limits, true, true);
  cmd->footer(wrap(
      "The page needs no network and no other file: CSS inline, pictures embedded as data: "
      "URIs, charts as inline SVG. It shows a summary per strategy with bar charts of the "
      "solved runs and of their mean search time, for an experiment Tables I-III beside the "
      "paper's numbers (those of tables.md, computed again from the run records), a "
      "pattern x strategy table per experiment and search, and a gallery (each pattern beside "
      "its assemblies; NOT SOLVED and INVALID runs framed in red and orange).\n"
      "A picture that is missing or unreadable is shown as a placeholder and reported with one "
      "warning line on stderr, as are unusable run records or tables.csv of an experiment; the "
      "exit status stays 0.\n"
      "Exit status: 0 written; 2 no runs.csv, a malformed row, a bad option, or an output that "
      "cannot be written; 3 internal error.",
      90));
  return cmd;
}

int run_report(const ReportOptions& options) {
  if (options.output.empty()) throw UsageError("-o/--out HTML is required");
  std::optional<GalleryMode> gallery;
  for (const auto& [name, mode] : kGalleryModes)
    if (options.gallery == name) gallery = mode;
  if (!gallery)
    throw UsageError("--gallery must be all, unsolved or none, got '" + options.gallery + "'");

  const std::string& out = options.output;
  const std::string& dir = options.results_dir;
  std::error_code ec;
  if (fs::is_directory(dir, ec) && is_inside(out, dir))
    throw UsageError("-o " + out + " is inside the results directory " + dir +
                     ", which is an input: write the report elsewhere");
  if (fs::is_directory(out, ec)) throw OutputError("cannot write " + out + ": is a directory");
  const fs::path parent = fs::path(out).parent_path();
  if (!parent.empty() && !fs::is_directory(parent, ec))
    throw OutputError("cannot write " + out + ": directory " + parent.string() + " does not exist");

  std::vector<std::string> warnings;
  ReportInput input = load_report_input(dir, *gallery, warnings, options.limits);
  for (const std::string& file : report_input_files(dir, input.runs))
    if (same_file(out, file))
      throw UsageError("-o " + out + " would overwrite " + file +
                       ", an input of the report: choose another output path");
  check_document_output("-o", out, "an HTML page");
  input.generator =
      std::string("tangram ") + TANGRAM_VERSION + " (" + std::string(build_commit()) + ")";

  for (const std::string& warning : warnings)
    std::cerr << "tangram: warning: " << in_words(warning) << "\n";
  const std::string html = report_html(input);
  write_text_atomic(out, html);
  std::size_t embedded = 0;
  for (const auto& [path, image] : input.images) embedded += image.png.empty() ? 0 : 1;
  std::cout << out << ": " << input.runs.size() << " runs, " << embedded << " pictures embedded, "
            << fixed(html.size() / 1e6, 2) << " MB" << std::endl;
  return kExitOk;
}

}  // namespace tangram::cli
