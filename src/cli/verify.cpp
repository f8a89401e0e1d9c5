// `tangram verify`: checks a tangram-solution/1 file against a pattern with the library's own
// checker (verify.hpp), reading the picture as the solution records it was read (its
// "reading"), or as the referee reads it.

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>

#include <opencv2/core.hpp>

#include "commands.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/io/detail/json.hpp"
#include "tangram/io/documents.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/pattern_png.hpp"

namespace tangram::cli {

namespace {

/// The verdict on one solution file.
struct Verdict {
  std::string status;                ///< VALID, INVALID or UNSOLVED
  std::vector<std::string> reasons;  ///< why not VALID
  bool measured = false;             ///< `report` holds measurements of the pieces
  VerifyReport report;
  VerifyConfig config;  ///< the thresholds it was held to
};

/// The verdict on a solution document: measured on `pattern` when it has pieces, at the
/// pattern's thresholds (verify_config(): wider on a rough outline), or the referee's.
Verdict judge(const Pattern& pattern, const Solution& solution, const PieceSet& set,
              bool referee_thresholds) {
  Verdict verdict;
  verdict.config = referee_thresholds ? VerifyConfig{} : verify_config(pattern);
  if (!solution.pieces.empty()) {
    verdict.report = verify_solution(pattern, solution.pieces, set, verdict.config);
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

/// Whether any input option was given on the command line.
bool reading_options_given(const VerifyOptions& options) {
  return options.threshold || options.invert || options.clean || options.fill_outline;
}

/// How the picture is read: --as-referee, or the solution's recorded reading (the referee's
/// when it records none) with the options given on top. Always at full resolution and without
/// refusals: verify judges, it does not prepare a figure for the search.
InputConfig verify_reading(const VerifyOptions& options,
                           const std::optional<InputConfig>& recorded) {
  InputConfig reading = InputConfig::judging_reading(options.as_referee ? std::nullopt : recorded);
  if (options.threshold) reading.threshold = *options.threshold;
  if (options.invert) {
    const auto invert = invert_mode_from_name(*options.invert);
    if (!invert)
      throw UsageError("--invert: unknown mode '" + *options.invert + "' (choose auto, yes or no)");
    reading.invert = *invert;
  }
  if (options.clean) reading.clean = *options.clean;
  if (options.fill_outline) reading.fill_outline = *options.fill_outline;
  return reading;
}

/// The options that read a picture as `reading` does, where it differs from the referee's
/// ("--invert auto --clean"); empty when it does not.
std::string reading_difference(const InputConfig& reading) {
  const InputConfig referee = InputConfig::referee_reading();
  std::string words;
  const auto add = [&](Setting setting, std::string_view value) {
    words += (words.empty() ? "" : " ") + option_words(setting, value);
  };
  if (reading.threshold != referee.threshold) add(Setting::Threshold, general(reading.threshold));
  if (reading.invert != referee.invert) add(Setting::Invert, invert_mode_name(reading.invert));
  if (reading.clean != referee.clean) add(Setting::Clean, reading.clean ? "true" : "false");
  if (reading.fill_outline != referee.fill_outline) add(Setting::FillOutline, "true");
  return words;
}

/// One note line when `judged` (the picture as `reading` reads it, pinholes open) differs from
/// the referee's reading of `image`: how it was read, where that came from, and by how much.
void note_referee_difference(const cv::Mat& image, const Pattern& judged,
                             const InputConfig& reading, const std::string& source,
                             const std::string& name) {
  const std::string options = reading_difference(reading);
  if (options.empty()) return;
  std::string difference;
  try {
    const Pattern referee = read_silhouette(image, InputConfig::referee_reading(), name).pattern;
    if (cv::countNonZero(referee.puzzle != judged.puzzle) == 0) return;
    difference =
        "read plainly (dark pixels the figure, as --as-referee reads it), it is another "
        "figure";
  } catch (const InputError& e) {
    difference =
        "read plainly (as --as-referee reads it), it is no figure: " + in_words(e.tagged());
  }
  std::cerr << "tangram: note: " << name << " read with " << options << " (" << source << "); "
            << difference << std::endl;
}

void print_text(const Verdict& verdict) {
  std::cout << verdict.status;
  if (widened(verdict.config))
    std::cout << " (approximate: " << approximate_words(verdict.config) << ")";
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

/// The opening of a verdict's JSON object: the files, the status and the reasons.
std::string json_head(const VerifyOptions& options, const std::string& status,
                      const std::vector<std::string>& reasons) {
  using detail::json_string;
  std::string out = "{\"pattern\": " + json_string(options.pattern) +
                    ", \"solution\": " + json_string(options.solution) +
                    ", \"status\": " + json_string(status) + ", \"reasons\": [";
  for (std::size_t i = 0; i < reasons.size(); ++i)
    out += (i == 0 ? "" : ", ") + json_string(reasons[i]);
  return out + "]";
}

void print_json(const VerifyOptions& options, const Verdict& verdict) {
  using detail::json_number;
  using detail::json_string;
  std::string out = json_head(options, verdict.status, verdict.reasons);
  if (widened(verdict.config))
    out += ", \"approximate\": " + json_string(approximate_words(verdict.config)) +
           ", \"max_spill\": " + json_number(verdict.config.max_spill) +
           ", \"min_coverage\": " + json_number(verdict.config.min_coverage);
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

/// Most reasons a verdict on JSON lines lists; the rest are counted.
constexpr std::size_t kMaxListedReasons = 10;

/// The verdict on JSON lines of assemblies (solve --all --json).
struct LinesVerdict {
  std::string status;  ///< VALID or INVALID
  std::vector<std::string> reasons;
  std::size_t assemblies = 0;
  std::size_t valid = 0;
  std::optional<bool> complete;  ///< none: the file does not say
  /// The summary's reason ("exhaustive", "time-limit", ...), "no summary" or "older form".
  std::string completeness;
};

/// What identifies an assembly: its pieces' names and polygons (to 1e-3 px), sorted.
std::string assembly_key(const SolutionDocument& document) {
  std::vector<std::string> pieces;
  for (const PlacedPiece& piece : document.solution.pieces) {
    std::string key = document.pieces.shape_name(piece.shape);
    for (const Vec2& p : piece.polygon)
      key += " " + detail::json_number(p.x, 3) + "," + detail::json_number(p.y, 3);
    pieces.push_back(std::move(key));
  }
  std::sort(pieces.begin(), pieces.end());
  std::string out;
  for (const std::string& piece : pieces) out += piece + ";";
  return out;
}

/// Every assembly of `lines` judged on `pattern` (as judge()), repeats and the summary's count
/// checked.
LinesVerdict judge_lines(const Pattern& pattern, const SolutionLines& lines,
                         bool referee_thresholds) {
  LinesVerdict verdict;
  verdict.assemblies = lines.assemblies.size();
  std::vector<std::string> problems;
  std::map<std::string, std::size_t> seen;
  for (std::size_t i = 0; i < lines.assemblies.size(); ++i) {
    const SolutionDocument& document = lines.assemblies[i];
    const Verdict one = judge(pattern, document.solution, document.pieces, referee_thresholds);
    if (one.status == "VALID")
      ++verdict.valid;
    else
      for (const std::string& reason : one.reasons)
        problems.push_back("assembly " + std::to_string(i + 1) + ": " + reason);
    const auto [at, added] = seen.emplace(assembly_key(document), i);
    if (!added)
      problems.push_back("assembly " + std::to_string(i + 1) + " repeats assembly " +
                         std::to_string(at->second + 1));
  }
  if (lines.older_form) {
    verdict.completeness = "older form";
  } else if (!lines.summary) {
    verdict.completeness = "no summary";
  } else {
    verdict.complete = lines.summary->complete;
    verdict.completeness = lines.summary->reason;
    if (lines.summary->count != static_cast<long>(lines.assemblies.size()))
      problems.push_back("the summary counts " + std::to_string(lines.summary->count) +
                         " assemblies, the file holds " + std::to_string(lines.assemblies.size()));
  }
  // No assemblies with a summary is a record of none; without one, of nothing.
  if (lines.assemblies.empty() && !lines.summary)
    problems.emplace_back("no assemblies, no summary");
  verdict.status = problems.empty() ? "VALID" : "INVALID";
  for (std::size_t i = 0; i < problems.size() && i < kMaxListedReasons; ++i)
    verdict.reasons.push_back(problems[i]);
  if (problems.size() > kMaxListedReasons)
    verdict.reasons.push_back("and " + std::to_string(problems.size() - kMaxListedReasons) +
                              " more");
  return verdict;
}

/// "yes", "no (time-limit)", "unknown (no summary)".
std::string completeness_text(const LinesVerdict& verdict) {
  if (!verdict.complete) return "unknown (" + verdict.completeness + ")";
  return *verdict.complete ? "yes" : "no (" + verdict.completeness + ")";
}

void print_lines_text(const LinesVerdict& verdict) {
  std::cout << verdict.status;
  for (std::size_t i = 0; i < verdict.reasons.size(); ++i)
    std::cout << (i == 0 ? ": " : "; ") << verdict.reasons[i];
  std::cout << "  assemblies=" << verdict.assemblies << " valid=" << verdict.valid
            << " complete=" << completeness_text(verdict) << std::endl;
}

void print_lines_json(const VerifyOptions& options, const LinesVerdict& verdict) {
  using detail::json_string;
  std::string out = json_head(options, verdict.status, verdict.reasons);
  out += ", \"assemblies\": " + std::to_string(verdict.assemblies) +
         ", \"valid\": " + std::to_string(verdict.valid) +
         ", \"complete\": " + (verdict.complete ? (*verdict.complete ? "true" : "false") : "null") +
         ", \"completeness\": " + json_string(verdict.completeness);
  std::cout << out << "}" << std::endl;
}

}  // namespace

CLI::App* setup_verify(CLI::App& app, VerifyOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "verify", wrap("Check a tangram-solution/1 file against a pattern (the referee's rules)."));
  cmd->add_option("PATTERN", options.pattern,
                  wrap("Silhouette picture the solution claims to solve, in any format 'tangram "
                       "solve' reads."))
      ->required()
      ->type_name("IMAGE");
  cmd->add_option("SOLUTION", options.solution,
                  wrap("tangram-solution/1 JSON file, or the JSON lines of 'tangram solve --all "
                       "--json' (tangram-solutions/1, or one tangram-solution/1 document a "
                       "line as written before it)."))
      ->required()
      ->type_name("JSON");
  const char* input_group =
      "Input (how the picture is read; default: as the solution records, else as the referee)";
  CLI::Option* threshold =
      cmd->add_option_function<double>(
             "--threshold", [&options](const double& value) { options.threshold = value; },
             wrap("Luminance threshold on the 8-bit scale, 1-255, as for 'tangram solve'. "
                  "Default: the solution's, else 128."))
          ->type_name("T")
          ->group(input_group);
  CLI::Option* invert =
      cmd->add_option_function<std::string>(
             "--invert", [&options](const std::string& value) { options.invert = value; },
             wrap("auto, yes or no, as for 'tangram solve'. Default: the solution's, else no."))
          ->type_name("MODE")
          ->group(input_group);
  CLI::Option* clean =
      cmd->add_flag_function(
             "--clean,!--no-clean", [&options](std::int64_t count) { options.clean = count > 0; },
             wrap("Drop specks and fill pinholes as 'tangram solve' does by default (the "
                  "pinholes stay outside for the check, as solve judges), or not. Default: "
                  "the solution's, else every pixel counts."))
          ->group(input_group);
  CLI::Option* fill =
      cmd->add_flag_function(
             "--fill-outline", [&options](std::int64_t count) { options.fill_outline = count > 0; },
             wrap("Fill an outline drawing as 'tangram solve --fill-outline' "
                  "does. Default: the solution's, else no."))
          ->group(input_group);
  cmd->add_flag("--as-referee", options.as_referee,
                wrap("Read the picture as the referee does (luminance threshold 128, alpha "
                     ">= 128, nothing inverted, cleaned or filled), whatever the solution "
                     "records, and hold it to the referee's thresholds on a rough outline "
                     "too."))
      ->excludes(threshold)
      ->excludes(invert)
      ->excludes(clean)
      ->excludes(fill)
      ->group(input_group);
  add_pieces_option(*cmd, options.pieces, "The set the solution's pieces belong to.",
                    "Default: the set the solution names (its \"piece_set\", which 'tangram "
                    "solve --json' writes; a built-in set), else the tangram.");
  cmd->add_flag("--json", options.json,
                wrap("Print a JSON object (status, reasons, coverage, spill, overlap, "
                     "scale_ratio, max_edge_err, max_angle_err_deg) instead of a line of "
                     "text."));
  add_limit_options(*cmd, options.limits, true, true);
  cmd->footer(wrap(
      "Prints VALID, INVALID: reasons, or UNSOLVED, with coverage, spill and overlap as "
      "shares of the puzzle area. The check is always at full resolution. The picture is read "
      "as the solution records it was read (its \"reading\", which 'tangram solve --json' "
      "writes: threshold, inversion, cleaning, outline filling), so that what solve solved "
      "verifies; a solution without one (older files, ground truths) is read as the referee "
      "reads it. Input options given here override the record; --as-referee ignores it. When "
      "that reading differs from the referee's, one note line says by how many pixels.\n"
      "On a rough outline (a hand-drawn or noisy figure) the check allows more spill and less "
      "coverage than the referee's 2% and 95%, by a band of the outline's measured noise, as "
      "'tangram solve' does; the verdict then says \"approximate\" and the thresholds.\n"
      "JSON lines are judged assembly by assembly, with repeats and the summary's count "
      "checked: VALID or INVALID: reasons, with the number of assemblies, how many are valid, "
      "and complete=yes, no (why: time-limit, stopped, max-solutions) or unknown (no summary, "
      "older form), as the file records it.\n"
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
  // A missing solution file is a verdict (the referee's rule: no file, no solution), but the
  // pattern must still be readable.
  std::error_code ec;
  const bool missing =
      options.solution != "-" &&
      !std::filesystem::exists(std::filesystem::symlink_status(options.solution, ec));
  std::optional<PieceSet> given;
  if (!options.pieces.empty()) given = load_pieces_option(options.pieces, options.limits).set;
  const PieceSet* pieces = given ? &*given : nullptr;
  SolutionDocument document;
  std::optional<SolutionLines> lines;  // JSON lines of assemblies (solve --all --json)
  if (!missing) {
    const std::string text = read_input_file(
        options.solution, "solution", options.limits.max_document_bytes, Limit::DocumentBytes);
    if (is_solution_lines(text))
      lines = solution_lines_from_text(text, pieces, options.solution);
    else
      document = solution_document_from_json(text, pieces, options.solution);
  }
  const InputConfig reading =
      verify_reading(options, lines ? lines->header.reading : document.reading);
  const std::string name = pattern_file_name(options.pattern);
  const cv::Mat image = load_pattern_image(options.pattern, options.limits);
  const Silhouette silhouette = read_silhouette(image, reading, name);
  const bool recorded = lines ? lines->header.reading.has_value() : document.reading.has_value();
  if (!options.as_referee) {
    const std::string source = !recorded ? "as asked"
                               : reading_options_given(options)
                                   ? "the solution's reading and the options given"
                                   : "as the solution records";
    note_referee_difference(image, silhouette.unfilled, reading, source, name);
  }
  if (lines) {
    const LinesVerdict verdict = judge_lines(silhouette.unfilled, *lines, options.as_referee);
    if (options.json)
      print_lines_json(options, verdict);
    else
      print_lines_text(verdict);
    return verdict.status == "VALID" ? kExitOk : kExitFailed;
  }
  Verdict verdict;
  if (missing) {
    verdict.status = "UNSOLVED";
    verdict.reasons.push_back("no solution file " + options.solution);
  } else {
    verdict = judge(silhouette.unfilled, document.solution, document.pieces, options.as_referee);
  }
  if (options.json)
    print_json(options, verdict);
  else
    print_text(verdict);
  return verdict.status == "VALID" ? kExitOk : kExitFailed;
}

}  // namespace tangram::cli
