#pragma once
/// \file experiment_shards.hpp
/// An experiment split over machines, and merged back (docs/design/lab.md).

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "tangram/io/files.hpp"
#include "tangram/lab/experiment_runner.hpp"

namespace tangram {

/// The manifest's file name in a shard's results directory.
inline constexpr const char* kShardFile = "shard.json";

/// "I/N" (1 <= I <= N <= 100000) -> the shard; throws UsageError naming `option` otherwise.
Shard parse_shard(const std::string& text, const std::string& option);

/// "I/N".
std::string shard_text(const Shard& shard);

/// Throws UsageError when config.out_dir holds another shard's manifest, InputError.
void check_shard_directory(const ExperimentConfig& config);

/// What is wrong with `dir`'s shard manifest (unreadable, not JSON, not tangram-shard/1), or
/// nullopt when it reads or there is none.
std::optional<std::string> shard_manifest_damage(const std::filesystem::path& dir,
                                                 const ReadLimits& limits);

/// The tangram-shard/1 manifest of a sharded plan.
std::string shard_manifest_json(const ExperimentPlan& plan);

/// The damaged files of one shard that repair_shards() moved aside, and where.
struct RepairedShard {
  std::vector<Damage> damaged;
  std::filesystem::path folder;  ///< SHARD/damaged-YYYYmmdd-HHMMSS/
};

/// `merge --repair`: in each shard directory with a readable manifest, moves the files of its
/// damaged runs (check_run_files()) aside; their shard's command then redoes them. Throws
/// OutputError.
std::vector<RepairedShard> repair_shards(const std::vector<std::string>& dirs,
                                         const ReadLimits& limits);

/// What merge_experiment_shards() joined.
struct MergedShards {
  std::string tables;      ///< the tables (Markdown), as written in the merged directory
  std::size_t shards = 0;  ///< shard directories joined
  std::size_t runs = 0;    ///< runs copied (every run of the plan)
};

/// Joins shard directories into a new `out_dir` with its runs.csv and tables, atomically (the
/// folder is filled beside it, synced, then renamed). Throws DamagedStoreError for a damaged run
/// in a shard, UsageError when the shards do not add up, InputError, OutputError.
MergedShards merge_experiment_shards(const std::vector<std::string>& dirs,
                                     const std::string& out_dir, const ReadLimits& limits,
                                     const std::string& masks_dir = "");

}  // namespace tangram
