#include "tangram/lab/experiment_shards.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <regex>
#include <set>

#include <unistd.h>

#include "tangram/core/base/error.hpp"
#include "tangram/core/base/format.hpp"
#include "tangram/io/detail/json.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/piece_sets.hpp"
#include "tangram/lab/results.hpp"

namespace tangram {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kShardTag = "tangram-shard/1";

/// Most shards an experiment is split into.
constexpr int kMaxShards = 100000;

/// The config as the manifest records it: what makes the runs, not where or how fast (the
/// masks directory and the jobs may differ from machine to machine).
nlohmann::ordered_json config_json(const ExperimentConfig& config) {
  nlohmann::ordered_json doc;
  doc["experiments"] = config.experiments;
  doc["sets"] = config.sets;
  doc["patterns"] =
      config.patterns
          ? nlohmann::ordered_json::array({config.patterns->first, config.patterns->last})
          : nlohmann::ordered_json();
  std::vector<std::string> strategies, searches;
  for (const Strategy s : config.strategies) strategies.emplace_back(strategy_name(s));
  for (const SearchMode s : config.searches) searches.emplace_back(search_mode_name(s));
  doc["strategies"] = strategies;
  doc["searches"] = searches;
  doc["time_limit_s"] = config.time_limit_s;
  doc["threads"] = config.threads;
  doc["pieces"] = nlohmann::ordered_json::parse(piece_set_to_json(config.pieces));
  return doc;
}

/// A shard's manifest as read back.
struct Manifest {
  fs::path dir;
  Shard shard;
  std::string config;  ///< config_json() as text, to compare shards
  std::string masks;
  std::size_t runs_in_all = 0;
  std::string digest;
  std::vector<std::string> runs;  ///< record paths relative to dir
};

Manifest read_manifest(const fs::path& dir, const ReadLimits& limits) {
  const fs::path file = dir / kShardFile;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw InputError(dir.string() + ": not a directory");
  if (!fs::exists(file, ec))
    throw InputError(dir.string() + " has no " + kShardFile +
                     ": not the results of 'tangram experiment --shard I/N'");
  const std::string text = read_input_file(file.string(), "shard manifest",
                                           limits.max_document_bytes, Limit::DocumentBytes);
  const detail::JsonFields fields("invalid shard manifest " + file.string());
  const detail::Json doc = fields.document(text, kShardTag);
  Manifest m;
  m.dir = dir;
  m.shard = parse_shard(fields.text(doc, "shard"), file.string());
  m.config = fields.member(doc, "config", detail::JsonType::Object).dump();
  m.masks = fields.text(doc, "masks");
  const double all = fields.number(doc, "runs_in_all");
  if (!(all >= 0 && all < 1e9)) fields.fail("\"runs_in_all\" is out of range");
  m.runs_in_all = static_cast<std::size_t>(all);
  m.digest = fields.text(doc, "runs_digest");
  m.runs = fields.texts(doc, "runs");
  for (const std::string& run : m.runs) {
    const fs::path path(run);
    if (path.is_absolute() || run.find("..") != std::string::npos || run.empty())
      fields.fail("run path '" + run + "' is not inside the shard's directory");
  }
  return m;
}

/// Record paths (relative to `dir`) of every run record under `dir`.
std::set<std::string> records_under(const fs::path& dir) {
  std::set<std::string> found;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::end(it);
       it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (it.depth() == 0 && it->is_directory(ec) && is_damaged_folder(name)) {
      it.disable_recursion_pending();  // what --repair moved aside is not the shard's
      continue;
    }
    if (it->is_regular_file(ec) && name.size() > 9 &&
        name.compare(name.size() - 9, 9, ".run.json") == 0)
      found.insert(relative_to(it->path(), dir));
  }
  return found;
}

std::string digest_text(std::uint64_t digest) {
  static const char* const hex = "0123456789abcdef";
  std::string text(16, '0');
  for (int i = 15; i >= 0; --i, digest >>= 4) text[static_cast<std::size_t>(i)] = hex[digest & 15];
  return text;
}

/// The damaged files of the runs `m` records (check_run_files()); `aside` gets every file of
/// those runs.
std::vector<Damage> damaged_runs(const Manifest& m, const ReadLimits& limits,
                                 std::vector<fs::path>& aside) {
  std::vector<Damage> found;
  std::error_code ec;
  for (const std::string& run : m.runs) {
    const fs::path record = m.dir / run;
    if (!fs::exists(record, ec)) continue;
    const fs::path stem = m.dir / run.substr(0, run.size() - 9);  // less ".run.json"
    const fs::path solution = stem.string() + ".json", picture = stem.string() + ".png";
    std::optional<ExperimentRecord> read;
    const std::vector<Damage> damage = check_run_files(record, solution, picture, limits, read);
    if (damage.empty()) continue;
    found.insert(found.end(), damage.begin(), damage.end());
    aside.insert(aside.end(), {record, solution, picture});
  }
  return found;
}

/// "3 runs (first: exp2/ours/01-x-dt.run.json)".
std::string runs_text(const std::vector<std::string>& runs) {
  return std::to_string(runs.size()) + (runs.size() == 1 ? " run" : " runs") +
         " (first: " + runs.front() + ")";
}

}  // namespace

Shard parse_shard(const std::string& text, const std::string& option) {
  static const std::regex pattern(R"(\s*(\d{1,6})\s*/\s*(\d{1,6})\s*)");
  std::smatch m;
  if (std::regex_match(text, m, pattern)) {
    const Shard shard{std::stoi(m[1]), std::stoi(m[2])};
    if (shard.index >= 1 && shard.index <= shard.count && shard.count <= kMaxShards) return shard;
  }
  throw UsageError(option + ": expected I/N with 1 <= I <= N <= " + std::to_string(kMaxShards) +
                   " (e.g. 2/4), got '" + text + "'");
}

std::string shard_text(const Shard& shard) {
  return std::to_string(shard.index) + "/" + std::to_string(shard.count);
}

void check_shard_directory(const ExperimentConfig& config) {
  const fs::path file = fs::path(config.out_dir) / kShardFile;
  std::error_code ec;
  if (!fs::exists(file, ec)) return;
  const Manifest there = read_manifest(config.out_dir, config.limits);
  if (config.shard && there.shard.index == config.shard->index &&
      there.shard.count == config.shard->count)
    return;
  throw UsageError(mention(Setting::OutDir, config.out_dir) + " holds shard " +
                   shard_text(there.shard) + " of an experiment: continue it with --shard " +
                   shard_text(there.shard) + ", or choose another " + mention(Setting::OutDir));
}

std::optional<std::string> shard_manifest_damage(const fs::path& dir, const ReadLimits& limits) {
  std::error_code ec;
  if (!fs::exists(dir / kShardFile, ec)) return std::nullopt;
  try {
    read_manifest(dir, limits);
  } catch (const UsageError& e) {
    return e.tagged();
  } catch (const InputError& e) {
    return e.tagged();
  }
  return std::nullopt;
}

std::vector<RepairedShard> repair_shards(const std::vector<std::string>& dirs,
                                         const ReadLimits& limits) {
  std::vector<RepairedShard> repaired;
  for (const std::string& dir : dirs) {
    if (shard_manifest_damage(dir, limits)) continue;  // merge refuses it: not rebuilt here
    std::error_code ec;
    if (!fs::exists(fs::path(dir) / kShardFile, ec)) continue;
    std::vector<fs::path> aside;
    RepairedShard shard;
    shard.damaged = damaged_runs(read_manifest(dir, limits), limits, aside);
    if (shard.damaged.empty()) continue;
    shard.folder = move_aside(dir, aside);
    repaired.push_back(std::move(shard));
  }
  return repaired;
}

std::string shard_manifest_json(const ExperimentPlan& plan) {
  const ExperimentConfig& config = plan.config;
  nlohmann::ordered_json doc;
  doc["format"] = kShardTag;
  doc["shard"] = shard_text(config.shard.value_or(Shard{}));
  doc["config"] = config_json(config);
  std::error_code ec;
  const fs::path masks = fs::absolute(config.masks_dir, ec);
  doc["masks"] = (ec ? fs::path(config.masks_dir) : masks).lexically_normal().string();
  doc["runs_in_all"] = plan.runs_in_all;
  doc["runs_digest"] = digest_text(plan.runs_digest);
  std::vector<std::string> runs;
  for (const PlannedRun& run : plan.runs)
    runs.push_back(relative_to(run.record_path(), config.out_dir));
  doc["runs"] = runs;
  return doc.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

MergedShards merge_experiment_shards(const std::vector<std::string>& dirs,
                                     const std::string& out_dir, const ReadLimits& limits,
                                     const std::string& masks_dir) {
  if (dirs.empty()) throw UsageError("no shard directory to merge");
  // The manifests, checked against each other before anything is written.
  std::vector<Manifest> shards;
  for (const std::string& dir : dirs) shards.push_back(read_manifest(dir, limits));
  std::sort(shards.begin(), shards.end(),
            [](const Manifest& a, const Manifest& b) { return a.shard.index < b.shard.index; });
  const Manifest& first = shards.front();
  for (const Manifest& m : shards) {
    if (m.shard.count != first.shard.count)
      throw UsageError(m.dir.string() + " is shard " + shard_text(m.shard) + " but " +
                       first.dir.string() + " is shard " + shard_text(first.shard) +
                       ": not one split of the same experiment");
    if (m.config != first.config || m.runs_in_all != first.runs_in_all || m.digest != first.digest)
      throw UsageError(m.dir.string() + " and " + first.dir.string() +
                       " are shards of different experiments (other settings, pieces or "
                       "patterns)");
  }
  for (std::size_t i = 1; i < shards.size(); ++i)
    if (shards[i].shard.index == shards[i - 1].shard.index)
      throw UsageError(shards[i - 1].dir.string() + " and " + shards[i].dir.string() +
                       " are both shard " + shard_text(shards[i].shard));
  std::vector<std::string> missing;
  for (int index = 1, k = 0; index <= first.shard.count; ++index) {
    if (k < static_cast<int>(shards.size()) &&
        shards[static_cast<std::size_t>(k)].shard.index == index)
      ++k;
    else
      missing.push_back(std::to_string(index));
  }
  if (!missing.empty()) {
    std::string list;
    for (std::size_t i = 0; i < missing.size() && i < 10; ++i) list += (i ? ", " : "") + missing[i];
    if (missing.size() > 10) list += ", ...";
    throw UsageError("shard" + std::string(missing.size() == 1 ? " " : "s ") + list + " of " +
                     std::to_string(first.shard.count) + " missing: give every shard's directory");
  }
  // Every run owned once, recorded in its shard, and no shard holding another's.
  std::map<std::string, const Manifest*> owner;
  for (const Manifest& m : shards) {
    for (const std::string& run : m.runs)
      if (!owner.emplace(run, &m).second)
        throw UsageError(run + " is planned in both " + owner[run]->dir.string() + " and " +
                         m.dir.string());
  }
  if (owner.size() != first.runs_in_all)
    throw UsageError("the shards plan " + std::to_string(owner.size()) + " runs of the " +
                     std::to_string(first.runs_in_all) + " of their experiment");
  for (const Manifest& m : shards) {  // damaged runs are refused before anything is read
    std::vector<fs::path> aside;
    const std::vector<Damage> damaged = damaged_runs(m, limits, aside);
    if (!damaged.empty())
      throw damaged_store_error(damaged, "move the damaged runs aside into " +
                                             (m.dir / "damaged-YYYYmmdd-HHMMSS").string() +
                                             "/, then rerun that shard's command to redo them");
  }
  for (const Manifest& m : shards) {
    const std::set<std::string> found = records_under(m.dir);
    std::vector<std::string> unrecorded, foreign;
    for (const std::string& run : m.runs)
      if (!found.count(run)) unrecorded.push_back(run);
    for (const std::string& run : found)
      if (owner.count(run) == 0 || owner[run] != &m) foreign.push_back(run);
    if (!unrecorded.empty())
      throw UsageError(m.dir.string() + " (shard " + shard_text(m.shard) + ") has " +
                       runs_text(unrecorded) +
                       " not recorded yet: finish it (rerun its command) before merging");
    if (!foreign.empty())
      throw UsageError(m.dir.string() + " (shard " + shard_text(m.shard) + ") holds " +
                       runs_text(foreign) + " that are not its own");
  }

  // The output: new or empty, filled beside it and renamed into place when complete.
  const fs::path out(out_dir);
  std::error_code ec;
  if (fs::exists(out, ec) && (!fs::is_directory(out, ec) || !fs::is_empty(out, ec)))
    throw OutputError("cannot merge into " + mention(Setting::OutDir, out_dir) +
                      ": it exists and is not an empty directory");
  for (const Manifest& m : shards)
    if (fs::exists(out, ec) && fs::equivalent(out, m.dir, ec))
      throw OutputError(mention(Setting::OutDir, out_dir) + " is a shard's directory");
  const fs::path parent = out.has_parent_path() ? out.parent_path() : fs::path(".");
  const fs::path partial =
      parent / ("." + out.filename().string() + ".merging-" + std::to_string(::getpid()));
  fs::remove_all(partial, ec);
  remove_stale_temporaries(parent);  // a killed merge's folder (and writers' files)
  // Until the folder has its name, any error removes it.
  struct Discard {
    fs::path path;
    ~Discard() {
      std::error_code ignored;
      if (!path.empty()) fs::remove_all(path, ignored);
    }
  } discard{partial};
  const auto fail = [&](std::string what) {
    std::error_code ignored;
    fs::remove_all(partial, ignored);
    // A file is named as it would be in the merged directory, not in the temporary one.
    const std::string from = partial.string(), to = out.string();
    for (std::size_t at = what.find(from); at != std::string::npos;
         at = what.find(from, at + to.size()))
      what.replace(at, from.size(), to);
    throw OutputError("cannot merge into " + mention(Setting::OutDir, out_dir) + ": " + what);
  };
  ResultsSettings settings;
  bool have_settings = false;
  for (const Manifest& m : shards) {
    for (const std::string& run : m.runs) {
      const std::string stem = run.substr(0, run.size() - 9);  // less ".run.json"
      for (const std::string& file : {run, stem + ".json", stem + ".png"}) {
        if (!fs::exists(m.dir / file, ec)) continue;
        fs::create_directories((partial / file).parent_path(), ec);
        if (ec)
          fail("cannot create " + (partial / file).parent_path().string() + ": " + ec.message());
        // Through AtomicOutput, synced: the folder is whole on the disk before it has its name.
        const bool picture = fs::path(file).extension() == ".png";
        try {
          write_output_file(
              (partial / file).string(),
              read_input_file((m.dir / file).string(), "results file",
                              picture ? limits.max_image_bytes : limits.max_document_bytes,
                              picture ? Limit::ImageBytes : Limit::DocumentBytes));
        } catch (const OutputError& e) {
          fail(e.what());
        }
      }
    }
    const fs::path file = m.dir / std::string(kSettingsFile);
    if (fs::exists(file, ec)) {
      const ResultsSettings s = settings_from_json(read_input_file(
          file.string(), "settings", limits.max_document_bytes, Limit::DocumentBytes));
      if (!have_settings) settings = s, settings.invocations.clear();
      have_settings = true;
      settings.invocations.insert(settings.invocations.end(), s.invocations.begin(),
                                  s.invocations.end());
    }
  }
  if (have_settings) {
    try {
      write_text_atomic((partial / std::string(kSettingsFile)).string(),
                        settings_to_json(settings));
    } catch (const OutputError& e) {
      fail(e.what());
    }
  }

  // The whole experiment on the merged directory, as the shards' config says.
  const detail::Json config = detail::parse_json(first.config);
  const detail::JsonFields fields("invalid shard manifest " + (first.dir / kShardFile).string());
  ExperimentConfig whole;
  whole.experiments.clear();
  for (const detail::Json& n : fields.member(config, "experiments", detail::JsonType::Array))
    whole.experiments.push_back(static_cast<int>(n.get<double>()));
  whole.sets = fields.texts(config, "sets");
  if (config.at("patterns").is_array() && config.at("patterns").size() == 2)
    whole.patterns = PatternRange{static_cast<int>(config.at("patterns")[0].get<double>()),
                                  static_cast<int>(config.at("patterns")[1].get<double>())};
  whole.strategies.clear();
  for (const std::string& name : fields.texts(config, "strategies")) {
    const std::optional<Strategy> s = strategy_from_name(name);
    if (!s) fields.fail("unknown strategy '" + name + "'");
    whole.strategies.push_back(*s);
  }
  whole.searches.clear();
  for (const std::string& name : fields.texts(config, "searches")) {
    const std::optional<SearchMode> s = search_mode_from_name(name);
    if (!s) fields.fail("unknown search '" + name + "'");
    whole.searches.push_back(*s);
  }
  whole.time_limit_s = fields.number(config, "time_limit_s");
  whole.threads = static_cast<int>(fields.number(config, "threads"));
  whole.pieces = piece_set_from_json(config.at("pieces").dump(), "the shard manifest").set;
  whole.masks_dir = masks_dir.empty() ? first.masks : masks_dir;
  whole.tables_only = true;
  whole.limits = limits;
  MergedShards merged;
  merged.shards = shards.size();
  merged.runs = owner.size();
  // The tables too before the folder has its name: a merge that fails leaves nothing behind.
  try {
    whole.out_dir = partial.string();
    const ExperimentPlan plan = plan_experiment(whole);
    if (plan.runs_in_all != first.runs_in_all || digest_text(plan.runs_digest) != first.digest)
      throw UsageError(mention(Setting::MasksDir, whole.masks_dir) +
                       " no longer holds the patterns the shards ran");
    merged.tables = write_experiment_tables(plan);
  } catch (const OutputError& e) {
    fail(e.what());
  }
  if (fs::exists(out, ec)) fs::remove(out, ec);  // empty
  fs::rename(partial, out, ec);
  if (ec) fail("cannot rename the merged folder into place: " + ec.message());
  discard.path.clear();
  try {
    sync_directory(parent.string());
  } catch (const OutputError& e) {
    fs::remove_all(out, ec);  // not known to be on the disk: as if it had not been made
    throw OutputError("cannot merge into " + mention(Setting::OutDir, out_dir) + ": " + e.tagged());
  }
  return merged;
}

}  // namespace tangram
