// `tangram verify`: checks a tangram-solution/1 file against a pattern with the library's own
// checker (verify.hpp), like ../shared/tools/tangram-referee.

#include <filesystem>
#include <iostream>

#include "commands.hpp"
#include "tangram/core/error.hpp"
#include "tangram/core/verify.hpp"
#include "tangram/io/detail/json.hpp"
#include "tangram/io/documents.hpp"
#include "tangram/io/pattern_png.hpp"

namespace tangram::cli {

namespace {

/// The verdict on one solution file.
struct Verdict {
  std::string status;                ///< VALID, INVALID or UNSOLVED
  std::vector<std::string> reasons;  ///< why not VALID
  bool measured = false;             ///< `report` holds measurements of the pieces
  VerifyReport report;
};

/// Judges the solution file; a file that cannot be read or is malformed is an InputError
/// (exit 2), a missing one a verdict (the referee's rule: no file, no solution).
Verdict judge(const Pattern& pattern, const std::string& solution_path, const ReadLimits& limits) {
  Verdict verdict;
  std::error_code ec;
  namespace fs = std::filesystem;
  if (solution_path != "-" && !fs::exists(fs::symlink_status(solution_path, ec))) {
    verdict.status = "UNSOLVED";
    verdict.reasons.push_back("no solution file " + solution_path);
    return verdict;
  }
  const Solution solution = read_solution_json(solution_path, limits);
  if (!solution.pieces.empty()) {
    verdict.report = verify_solution(pattern, solution.pieces, PieceSet::tangram());
    verdict.measured = true;
    verdict.reasons = verdict.report.reasons;
  }
  if (!solution.solved) {
    verdict.status = "UNSOLVED";
    verdict.reasons.insert(verdict.reasons.begin(), "the solution says \"solved\": false");
  } else if (verdict.measured && verdict.report.valid) {
    verdict.status = "VALID";
  } else {
    verdict.status = "INVALID";
    if (!verdict.measured) verdict.reasons.push_back("no pieces");
  }
  return verdict;
}

void print_text(const Verdict& verdict) {
  std::cout << verdict.status;
  for (std::size_t i = 0; i < verdict.reasons.size(); ++i)
    std::cout << (i == 0 ? ": " : "; ") << verdict.reasons[i];
  if (verdict.measured) {
    const AreaMetrics& m = verdict.report.metrics;
    std::cout << "  coverage=" << fixed(m.coverage, 4) << " spill=" << fixed(m.spill, 4)
              << " overlap=" << fixed(m.overlap, 4)
              << " scale=" << fixed(verdict.report.scale_ratio, 4);
  }
  std::cout << std::endl;
}

void print_json(const VerifyOptions& options, const Verdict& verdict) {
  using detail::json_number;
  using detail::json_string;
  std::string out = "{\"pattern\": " + json_string(options.pattern) +
                    ", \"solution\": " + json_string(options.solution) +
                    ", \"status\": " + json_string(verdict.status) + ", \"reasons\": [";
  for (std::size_t i = 0; i < verdict.reasons.size(); ++i)
    out += (i == 0 ? "" : ", ") + json_string(verdict.reasons[i]);
  out += "]";
  if (verdict.measured) {
    const VerifyReport& r = verdict.report;
    out += ", \"coverage\": " + json_number(r.metrics.coverage) +
           ", \"spill\": " + json_number(r.metrics.spill) +
           ", \"overlap\": " + json_number(r.metrics.overlap) +
           ", \"scale_ratio\": " + json_number(r.scale_ratio) +
           ", \"max_edge_err\": " + json_number(r.max_edge_err) +
           ", \"max_angle_err_deg\": " + json_number(r.max_angle_err_deg);
  }
  std::cout << out << "}" << std::endl;
}

}  // namespace

CLI::App* setup_verify(CLI::App& app, VerifyOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "verify", "Check a tangram-solution/1 file against a pattern (the referee's rules).");
  cmd->add_option("PATTERN", options.pattern,
                  wrap("Silhouette PNG the solution claims to solve."))
      ->required()
      ->type_name("PNG");
  cmd->add_option("SOLUTION", options.solution, wrap("tangram-solution/1 JSON file."))
      ->required()
      ->type_name("JSON");
  const char* input_group = "Input (how the PNG is read; default: as the referee reads it)";
  cmd->add_option("--threshold", options.threshold,
                  wrap("Luminance threshold on the 8-bit scale, 1-255, as for 'tangram solve'. "
                       "Default: " + general(options.threshold) + "."))
      ->type_name("T")
      ->group(input_group);
  cmd->add_option("--invert", options.invert,
                  wrap("auto, yes or no, as for 'tangram solve'. Default: " + options.invert +
                       "."))
      ->type_name("MODE")
      ->group(input_group);
  cmd->add_flag("--clean", options.clean,
                wrap("Drop specks and fill pinholes as 'tangram solve' does by default. "
                     "Default: every pixel counts."))
      ->group(input_group);
  cmd->add_flag("--fill-outline", options.fill_outline,
                wrap("Fill an outline drawing as 'tangram solve --fill-outline' does."))
      ->group(input_group);
  cmd->add_flag("--json", options.json,
                wrap("Print a JSON object (status, reasons, coverage, spill, overlap, "
                     "scale_ratio, max_edge_err, max_angle_err_deg) instead of a line of "
                     "text."));
  add_limit_options(*cmd, options.limits, true, true);
  cmd->footer(wrap(
      "Prints VALID, INVALID: reasons, or UNSOLVED, with coverage, spill and overlap as "
      "shares of the puzzle area. The check is always at full resolution. With the input "
      "options that 'tangram solve' used (--invert auto --clean for its defaults) the pattern "
      "is read as solve read it; by default it is read as the referee reads it.\n"
      "Either file may be '-' (standard input).\n"
      "Exit status: 0 valid; 1 invalid or unsolved (also a missing solution file, as for the "
      "referee); 2 an unreadable or malformed pattern or solution file, an input over a limit, "
      "or bad usage; 3 internal error.",
      90));
  return cmd;
}

int run_verify(const VerifyOptions& options) {
  if (options.pattern == "-" && options.solution == "-")
    throw UsageError("PATTERN and SOLUTION cannot both be '-' (standard input)");
  InputConfig input = InputConfig::referee_reading();
  input.threshold = options.threshold;
  const auto invert = invert_mode_from_name(options.invert);
  if (!invert)
    throw UsageError("--invert: unknown mode '" + options.invert + "' (choose auto, yes or no)");
  input.invert = *invert;
  input.clean = options.clean;
  input.fill_outline = options.fill_outline;
  const Silhouette silhouette = load_silhouette_png(options.pattern, input, options.limits);
  print_input_report(silhouette.report, false);
  const Pattern& pattern = silhouette.pattern;
  const Verdict verdict = judge(pattern, options.solution, options.limits);
  if (options.json)
    print_json(options, verdict);
  else
    print_text(verdict);
  return verdict.status == "VALID" ? kExitOk : kExitFailed;
}

}  // namespace tangram::cli
