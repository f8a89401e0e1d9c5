#include "tangram/lab/results.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <tuple>

#include "tangram/core/base/error.hpp"
#include "tangram/core/base/format.hpp"
#include "tangram/core/raster/placement.hpp"
#include "tangram/io/damaged.hpp"
#include "tangram/io/detail/json.hpp"
#include "tangram/io/files.hpp"
#include "tangram/lab/detail/text.hpp"

namespace tangram {

namespace {

/// Number of fields of a runs.csv row (kRunsCsvHeader); one less without the outcome column.
constexpr std::size_t kFieldCount = 15;

using detail::fixed;
using detail::general;

/// Parses one row of `fields` fields (kFieldCount, or one less without the outcome column);
/// `at` is "<source> line N".
RunRecord parse_row(const std::vector<std::string>& f, std::size_t fields, const std::string& at) {
  static const char* const kNames[kFieldCount] = {"experiment", "search",   "pattern", "strategy",
                                                  "solved",     "valid",    "seconds", "placements",
                                                  "backtracks", "coverage", "overlap", "spill",
                                                  "solution",   "picture",  "outcome"};
  if (f.size() != fields)
    throw InputError(at + ": expected " + std::to_string(fields) + " fields, got " +
                     std::to_string(f.size()));
  const auto text = [&](std::size_t i) {
    if (f[i].empty()) throw InputError(at + ": empty " + kNames[i]);
    return f[i];
  };
  const auto flag = [&](std::size_t i) {
    if (f[i] == "0") return false;
    if (f[i] == "1") return true;
    throw InputError(at + ": " + kNames[i] + " must be 0 or 1, got '" + f[i] + "'");
  };
  const auto number = [&](std::size_t i) {
    const char* begin = f[i].c_str();
    char* end = nullptr;
    errno = 0;
    const double value = std::strtod(begin, &end);
    if (f[i].empty() || end != begin + f[i].size() || errno == ERANGE || !std::isfinite(value))
      throw InputError(at + ": " + kNames[i] + " is not a number: '" + f[i] + "'");
    if (value < 0) throw InputError(at + ": " + kNames[i] + " is negative: " + f[i]);
    return value;
  };
  const auto count = [&](std::size_t i) {
    const char* begin = f[i].c_str();
    char* end = nullptr;
    errno = 0;
    const long value = std::strtol(begin, &end, 10);
    if (f[i].empty() || end != begin + f[i].size() || errno == ERANGE)
      throw InputError(at + ": " + kNames[i] + " is not a whole number: '" + f[i] + "'");
    if (value < 0) throw InputError(at + ": " + kNames[i] + " is negative: " + f[i]);
    return value;
  };
  RunRecord run;
  run.experiment = text(0);
  run.search = text(1);
  run.pattern = text(2);
  run.strategy = text(3);
  run.solved = flag(4);
  run.valid = flag(5);
  run.seconds = number(6);
  run.placements = count(7);
  run.backtracks = count(8);
  run.coverage = number(9);
  run.overlap = number(10);
  run.spill = number(11);
  run.solution = f[12];
  run.picture = f[13];
  if (run.counts()) run.outcome = Outcome::Solved;
  if (run.solved && !run.valid) run.outcome = Outcome::Invalid;
  if (fields == kFieldCount && !f[14].empty()) {
    const std::optional<Outcome> outcome = outcome_from_name(f[14]);
    if (!outcome) throw InputError(at + ": unknown outcome '" + f[14] + "'");
    const bool agrees = run.outcome ? *outcome == *run.outcome
                                    : *outcome != Outcome::Solved && *outcome != Outcome::Invalid;
    if (!agrees)
      throw InputError(at + ": outcome " + f[14] + " contradicts solved " + f[4] + " and valid " +
                       f[5]);
    run.outcome = outcome;
  }
  return run;
}

}  // namespace

std::string relative_to(const std::filesystem::path& file, const std::filesystem::path& base) {
  namespace fs = std::filesystem;
  return fs::proximate(fs::absolute(file), fs::absolute(base)).generic_string();
}

std::string results_path(const std::filesystem::path& file, const std::filesystem::path& base) {
  namespace fs = std::filesystem;
  const std::string relative = relative_to(file, base);
  const bool under = relative != ".." && relative.rfind("../", 0) != 0;
  return under ? relative : fs::absolute(file).lexically_normal().generic_string();
}

std::string runs_csv_row(const RunRecord& run) {
  return detail::csv_field(run.experiment) + "," + detail::csv_field(run.search) + "," +
         detail::csv_field(run.pattern) + "," + detail::csv_field(run.strategy) + "," +
         (run.solved ? "1" : "0") + "," + (run.valid ? "1" : "0") + "," + fixed(run.seconds, 3) +
         "," + std::to_string(run.placements) + "," + std::to_string(run.backtracks) + "," +
         fixed(run.coverage, 4) + "," + fixed(run.overlap, 4) + "," + fixed(run.spill, 4) + "," +
         detail::csv_field(run.solution) + "," + detail::csv_field(run.picture) + "," +
         (run.outcome ? std::string(outcome_name(*run.outcome)) : std::string()) + "\n";
}

std::string runs_csv(const std::vector<RunRecord>& runs) {
  std::string out(kRunsCsvHeader);
  out += '\n';
  for (const RunRecord& run : runs) out += runs_csv_row(run);
  return out;
}

std::vector<RunRecord> parse_runs_csv(const std::string& text, const std::string& source) {
  const std::vector<detail::CsvRecord> records = detail::csv_records(text, source);
  if (records.empty()) throw InputError(source + " is empty (expected the header line)");
  std::string header;
  for (const std::string& field : records[0].fields) header += (header.empty() ? "" : ",") + field;
  if (records[0].line != 1 || (header != kRunsCsvHeader && header != kRunsCsvHeaderWithoutOutcome))
    throw InputError(source + " line 1: not a runs.csv header (expected '" +
                     std::string(kRunsCsvHeader) + "')");
  const std::size_t fields = header == kRunsCsvHeader ? kFieldCount : kFieldCount - 1;
  std::vector<RunRecord> runs;
  for (std::size_t r = 1; r < records.size(); ++r)
    runs.push_back(
        parse_row(records[r].fields, fields, source + " line " + std::to_string(records[r].line)));
  return runs;
}

std::vector<RunRecord> read_runs_csv(const std::string& path, const ReadLimits& limits) {
  const std::string text =
      read_input_file(path, "results table", limits.max_document_bytes, Limit::DocumentBytes);
  // Written whole, each line ended: a last line without its end was cut, and is not data.
  if (const std::optional<std::string> torn = torn_line_damage(text); torn && !text.empty())
    throw InputError(path + " " + *torn);
  return parse_runs_csv(text, path);
}

std::vector<StrategySummary> summarise_by_strategy(const std::vector<RunRecord>& runs) {
  // Order: groups by first appearance, strategies within a group by first appearance.
  std::vector<std::pair<std::string, std::string>> groups;
  std::map<std::pair<std::string, std::string>, std::vector<std::string>> strategies;
  std::map<std::tuple<std::string, std::string, std::string>, StrategySummary> sums;
  std::map<std::tuple<std::string, std::string, std::string>, std::pair<double, double>> totals;
  for (const RunRecord& run : runs) {
    const auto group = std::make_pair(run.experiment, run.search);
    const auto key = std::make_tuple(run.experiment, run.search, run.strategy);
    if (!strategies.count(group)) groups.push_back(group);
    auto& names = strategies[group];
    if (!sums.count(key)) {
      names.push_back(run.strategy);
      StrategySummary fresh;
      fresh.experiment = run.experiment;
      fresh.search = run.search;
      fresh.strategy = run.strategy;
      sums[key] = fresh;
    }
    StrategySummary& s = sums[key];
    ++s.runs;
    if (run.counts()) {
      ++s.solved;
      totals[key].first += run.seconds;
      totals[key].second += run.coverage;
    } else if (run.solved) {
      ++s.invalid;
    }
  }
  std::vector<StrategySummary> result;
  for (const auto& group : groups)
    for (const std::string& name : strategies[group]) {
      const auto key = std::make_tuple(group.first, group.second, name);
      StrategySummary s = sums[key];
      if (s.solved > 0) {
        s.mean_seconds_solved = totals[key].first / s.solved;
        s.mean_coverage_solved = totals[key].second / s.solved;
      }
      result.push_back(s);
    }
  return result;
}

namespace {

constexpr std::string_view kSettingsTag = "tangram-settings/1";

/// A whole number in [0, 1e6] of a settings document.
int count_member(const detail::JsonFields& fields, const detail::Json& object, const char* key) {
  const double value = fields.number(object, key);
  if (!(value >= 0 && value <= 1e6) || value != std::floor(value))
    fields.fail("\"" + std::string(key) + "\" is not a whole number from 0 to 1000000");
  return static_cast<int>(value);
}

std::string joined(const std::vector<std::string>& items, const std::string& separator) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : separator) + item;
  return out;
}

}  // namespace

std::string settings_to_json(const ResultsSettings& settings) {
  nlohmann::ordered_json doc;
  doc["format"] = kSettingsTag;
  doc["made_by"] = settings.made_by;
  doc["time_limit_s"] = settings.time_limit_s;
  doc["rotations"] = nlohmann::ordered_json::array();
  for (const RotationSetting& r : settings.rotations) {
    doc["rotations"].push_back(
        {{"scope", r.scope}, {"step_deg", r.step_deg}, {"reflection", r.reflection}});
    if (r.automatic) doc["rotations"].back()["auto"] = true;
  }
  doc["searches"] = settings.searches;
  doc["strategies"] = settings.strategies;
  doc["threads"] = settings.threads;
  doc["jobs"] = settings.jobs;
  doc["piece_set"] = settings.piece_set;
  doc["pieces"] = settings.pieces;
  doc["invocations"] = nlohmann::ordered_json::array();
  for (const Invocation& i : settings.invocations)
    doc["invocations"].push_back({{"command", i.command},
                                  {"version", i.version},
                                  {"commit", i.commit},
                                  {"cpu", i.cpu},
                                  {"cores", i.cores},
                                  {"date", i.date}});
  // Bytes that are not UTF-8 (a file name in a command) are replaced rather than refused.
  return doc.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

ResultsSettings settings_from_json(const std::string& text) {
  const detail::JsonFields fields("invalid settings");
  const detail::Json doc = fields.document(text, kSettingsTag);
  ResultsSettings s;
  s.made_by = fields.text(doc, "made_by");
  s.time_limit_s = fields.number(doc, "time_limit_s");
  for (const detail::Json* r : fields.objects(doc, "rotations", "a rotation")) {
    s.rotations.push_back({fields.text(*r, "scope"), fields.number(*r, "step_deg"),
                           fields.boolean(*r, "reflection")});
    if (r->contains("auto")) s.rotations.back().automatic = fields.boolean(*r, "auto");
  }
  s.searches = fields.texts(doc, "searches");
  s.strategies = fields.texts(doc, "strategies");
  s.threads = count_member(fields, doc, "threads");
  s.jobs = count_member(fields, doc, "jobs");
  s.piece_set = fields.text(doc, "piece_set");
  s.pieces = fields.texts(doc, "pieces");
  for (const detail::Json* i : fields.objects(doc, "invocations", "an invocation"))
    s.invocations.push_back({fields.text(*i, "command"), fields.text(*i, "version"),
                             fields.text(*i, "commit"), fields.text(*i, "cpu"),
                             count_member(fields, *i, "cores"), fields.text(*i, "date")});
  return s;
}

std::vector<std::pair<std::string, std::string>> settings_rows(const ResultsSettings& s) {
  std::vector<std::pair<std::string, std::string>> rows;
  const auto known = [](const std::string& text) { return text.empty() ? "unknown" : text; };
  rows.emplace_back("made by", "tangram " + known(s.made_by));
  rows.emplace_back("time limit", general(s.time_limit_s) + " s per run");
  std::vector<std::string> rotations;
  for (const RotationSetting& r : s.rotations)
    rotations.push_back((r.scope.empty() ? "" : r.scope + ": ") +
                        (r.automatic ? "auto (the grid step turned to the figure first, then " +
                                           general(r.step_deg) + " deg)"
                                     : general(r.step_deg) + " deg") +
                        ", " + (r.reflection ? "mirroring" : "no mirroring"));
  rows.emplace_back(rotations.size() > 1 ? "rotation steps" : "rotation step",
                    rotations.empty() ? "unknown" : joined(rotations, "; "));
  rows.emplace_back(s.searches.size() > 1 ? "searches" : "search", known(joined(s.searches, ", ")));
  std::vector<std::string> labels;
  for (const std::string& name : s.strategies) {
    const std::optional<Strategy> strategy = strategy_from_name(name);
    labels.push_back(strategy ? std::string(strategy_label(*strategy)) : name);
  }
  rows.emplace_back("strategies", known(joined(labels, ", ")));
  rows.emplace_back("threads",
                    (s.threads == 0 ? std::string("all cores") : std::to_string(s.threads)) +
                        " per run, " + std::to_string(s.jobs) + (s.jobs == 1 ? " run" : " runs") +
                        " at a time");
  rows.emplace_back(
      "pieces",
      known(s.piece_set) + (s.pieces.empty() ? std::string()
                                             : " (" + std::to_string(s.pieces.size()) +
                                                   " pieces: " + joined(s.pieces, ", ") + ")"));
  if (s.invocations.empty()) rows.emplace_back("command", "not recorded");
  for (std::size_t k = 0; k < s.invocations.size(); ++k) {
    const Invocation& i = s.invocations[k];
    const std::string of = s.invocations.size() == 1 ? std::string()
                                                     : " " + std::to_string(k + 1) + " of " +
                                                           std::to_string(s.invocations.size());
    rows.emplace_back("command" + of, known(i.command));
    rows.emplace_back("commit" + of,
                      known(i.commit) + (i.version.empty() ? "" : " (" + i.version + ")"));
    rows.emplace_back("machine" + of,
                      known(i.cpu) + ", " +
                          (i.cores > 0 ? std::to_string(i.cores) : std::string("?")) +
                          (i.cores == 1 ? " core" : " cores"));
    rows.emplace_back("date" + of, known(i.date));
  }
  return rows;
}

}  // namespace tangram
