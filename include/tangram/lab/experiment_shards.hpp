#pragma once
/// \file experiment_shards.hpp
/// An experiment split over machines. With ExperimentConfig::shard = I/N, plan_experiment()
/// keeps every N-th run of the full plan, from the I-th on, in an order shuffled by the runs'
/// names (the same on every machine, so that each shard gets some of every pattern and
/// strategy), so N shards together hold each run exactly once whatever machine runs which;
/// run_experiment() then writes OUT/shard.json, the shard's manifest: the shard, the experiment's
/// settings and pieces, and the runs it owns. merge_experiment_shards() joins shard directories
/// into one results directory after checking the manifests against each other: the same experiment,
/// every shard 1..N once, every run recorded, none twice.

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

/// Throws UsageError when config.out_dir holds the manifest of another shard than config.shard
/// (or of any shard, when config has none): the runs of one shard are never mixed with
/// another's. InputError when that manifest cannot be read.
void check_shard_directory(const ExperimentConfig& config);

/// The manifest of a sharded plan (tangram-shard/1): the shard, the config (experiments or
/// sets, masks directory as an absolute path, pattern range, strategies, searches, time limit,
/// threads, the pieces as a tangram-pieces/1 document), the number of runs of the whole plan,
/// a digest of their names, and the record paths of this shard's runs, relative to its
/// directory.
std::string shard_manifest_json(const ExperimentPlan& plan);

/// What merge_experiment_shards() joined.
struct MergedShards {
  ExperimentPlan plan;     ///< the whole experiment on the merged directory, tables only
  std::size_t shards = 0;  ///< shard directories joined
  std::size_t runs = 0;    ///< runs copied (every run of the plan)
};

/// Joins the shard directories `dirs` (each written by a sharded `tangram experiment`) into
/// `out_dir`, which must not exist or be empty: each shard's records, solutions, pictures and
/// the settings (their commands, shard by shard) are copied into a directory beside it that is
/// renamed to `out_dir` when complete. Then plans the whole experiment on it (tables only), its
/// patterns in `masks_dir` (empty: where the first shard's manifest says they were).
/// Throws UsageError when the shards do not add up (another experiment, settings or shard
/// count; a shard missing or given twice; a run not recorded, or recorded in a shard that does
/// not own it), InputError for an unreadable manifest or record, OutputError when out_dir
/// cannot be written.
MergedShards merge_experiment_shards(const std::vector<std::string>& dirs,
                                     const std::string& out_dir, const ReadLimits& limits,
                                     const std::string& masks_dir = "");

}  // namespace tangram
