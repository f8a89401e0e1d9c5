#pragma once
/// \file experiment_shards.hpp
/// An experiment split over machines, and merged back (docs/design/lab.md).

#include <cstddef>
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

/// The tangram-shard/1 manifest of a sharded plan.
std::string shard_manifest_json(const ExperimentPlan& plan);

/// What merge_experiment_shards() joined.
struct MergedShards {
  std::string tables;      ///< the tables (Markdown), as written in the merged directory
  std::size_t shards = 0;  ///< shard directories joined
  std::size_t runs = 0;    ///< runs copied (every run of the plan)
};

/// Joins shard directories into a new `out_dir` with its runs.csv and tables, atomically (the
/// folder is filled beside it, synced, then renamed).
/// Throws UsageError when the shards do not add up, InputError, OutputError.
MergedShards merge_experiment_shards(const std::vector<std::string>& dirs,
                                     const std::string& out_dir, const ReadLimits& limits,
                                     const std::string& masks_dir = "");

}  // namespace tangram
