#include "tangram/lab/results.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <tuple>

#include "tangram/core/detail/format.hpp"
#include "tangram/core/error.hpp"
#include "tangram/io/files.hpp"

namespace tangram {

namespace {

/// Number of fields of a runs.csv row (kRunsCsvHeader); one less without the outcome column.
constexpr std::size_t kFieldCount = 15;

std::string quoted_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out = "\"";
  for (const char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

using detail::fixed;

/// One CSV record and the line it starts on (1-based).
struct CsvRecord {
  std::vector<std::string> fields;
  int line = 0;
};

/// Splits CSV text into records (RFC 4180: fields in double quotes may hold commas, line
/// breaks and doubled quotes). "\r\n" ends a record like "\n". Blank lines give no record.
std::vector<CsvRecord> split_csv(const std::string& text, const std::string& source) {
  std::vector<CsvRecord> records;
  CsvRecord record;
  std::string field;
  int line = 1;
  record.line = line;
  bool in_quotes = false;
  bool quoted = false;  // the current field was quoted (closing quote seen)
  const auto end_record = [&] {
    record.fields.push_back(field);
    const bool blank = record.fields.size() == 1 && record.fields[0].empty() && !quoted;
    if (!blank) records.push_back(record);
    record = CsvRecord{};
    field.clear();
    quoted = false;
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_quotes) {
      if (c == '"') {
        if (i + 1 < text.size() && text[i + 1] == '"') {
          field += '"';
          ++i;
        } else {
          in_quotes = false;
          quoted = true;
        }
      } else {
        if (c == '\n') ++line;
        field += c;
      }
      continue;
    }
    if (c == '"') {
      if (!field.empty() || quoted)
        throw InputError(source + " line " + std::to_string(line) +
                         ": a quote inside an unquoted field (quote the whole field)");
      in_quotes = true;
    } else if (c == ',') {
      record.fields.push_back(field);
      field.clear();
      quoted = false;
    } else if (c == '\n' || c == '\r') {
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      end_record();
      record.line = ++line;
    } else {
      if (quoted)
        throw InputError(source + " line " + std::to_string(line) +
                         ": text after a closing quote");
      field += c;
    }
  }
  if (in_quotes)
    throw InputError(source + " line " + std::to_string(record.line) +
                     ": unterminated quoted field");
  if (!field.empty() || quoted || !record.fields.empty()) end_record();
  return records;
}

/// Parses one row of `fields` fields (kFieldCount, or one less without the outcome column);
/// `at` is "<source> line N".
RunRecord parse_row(const std::vector<std::string>& f, std::size_t fields, const std::string& at) {
  static const char* const kNames[kFieldCount] = {
      "experiment", "search",     "pattern",  "strategy", "solved",   "valid",
      "seconds",    "placements", "backtracks", "coverage", "overlap", "spill",
      "solution",   "picture",    "outcome"};
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
    if (value < 0)
      throw InputError(at + ": " + kNames[i] + " is negative: " + f[i]);
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
      throw InputError(at + ": outcome " + f[14] + " contradicts solved " + f[4] +
                       " and valid " + f[5]);
    run.outcome = outcome;
  }
  return run;
}

}  // namespace

std::string relative_to(const std::filesystem::path& file, const std::filesystem::path& base) {
  namespace fs = std::filesystem;
  return fs::proximate(fs::absolute(file), fs::absolute(base)).generic_string();
}

std::string runs_csv_row(const RunRecord& run) {
  return quoted_field(run.experiment) + "," + quoted_field(run.search) + "," +
         quoted_field(run.pattern) + "," + quoted_field(run.strategy) + "," +
         (run.solved ? "1" : "0") + "," + (run.valid ? "1" : "0") + "," +
         fixed(run.seconds, 3) + "," + std::to_string(run.placements) + "," +
         std::to_string(run.backtracks) + "," + fixed(run.coverage, 4) + "," +
         fixed(run.overlap, 4) + "," + fixed(run.spill, 4) + "," + quoted_field(run.solution) +
         "," + quoted_field(run.picture) + "," +
         (run.outcome ? std::string(outcome_name(*run.outcome)) : std::string()) + "\n";
}

std::string runs_csv(const std::vector<RunRecord>& runs) {
  std::string out(kRunsCsvHeader);
  out += '\n';
  for (const RunRecord& run : runs) out += runs_csv_row(run);
  return out;
}

std::vector<RunRecord> parse_runs_csv(const std::string& text, const std::string& source) {
  const std::vector<CsvRecord> records = split_csv(text, source);
  if (records.empty()) throw InputError(source + " is empty (expected the header line)");
  std::string header;
  for (const std::string& field : records[0].fields)
    header += (header.empty() ? "" : ",") + field;
  if (records[0].line != 1 || (header != kRunsCsvHeader && header != kRunsCsvHeaderWithoutOutcome))
    throw InputError(source + " line 1: not a runs.csv header (expected '" +
                     std::string(kRunsCsvHeader) + "')");
  const std::size_t fields = header == kRunsCsvHeader ? kFieldCount : kFieldCount - 1;
  std::vector<RunRecord> runs;
  for (std::size_t r = 1; r < records.size(); ++r)
    runs.push_back(parse_row(records[r].fields, fields,
                             source + " line " + std::to_string(records[r].line)));
  return runs;
}

std::vector<RunRecord> read_runs_csv(const std::string& path, const ReadLimits& limits) {
  return parse_runs_csv(
      read_input_file(path, "results table", limits.max_document_bytes, Limit::DocumentBytes),
      path);
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

}  // namespace tangram
