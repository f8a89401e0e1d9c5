/// libFuzzer target: runs.csv text -> parse_runs_csv -> summarise_by_strategy. Only
/// tangram::Error may leave the library. Also checked: the summaries account for every run, and
/// parsed runs survive runs_csv -> parse_runs_csv with the same text fields and flags.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "fuzz_common.hpp"
#include "tangram/lab/results.hpp"

namespace {

[[noreturn]] void fail(const char* message) {
  std::fprintf(stderr, "\nfuzz_runs_csv: %s\n", message);
  std::fflush(stderr);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  tangram_fuzz::init_common();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  tangram_fuzz::expect_only_tangram_errors("fuzz_runs_csv", [&] {
    const std::vector<tangram::RunRecord> runs = tangram::parse_runs_csv(text, "fuzz");
    const std::vector<tangram::StrategySummary> summaries = tangram::summarise_by_strategy(runs);
    long total = 0;
    for (const tangram::StrategySummary& s : summaries) {
      if (s.runs <= 0 || s.solved < 0 || s.invalid < 0 || s.solved + s.invalid > s.runs)
        fail("a summary's counts do not add up");
      if (s.mean_seconds_solved.has_value() != (s.solved > 0))
        fail("a summary has a mean time without solved runs, or none with them");
      total += s.runs;
    }
    if (total != static_cast<long>(runs.size())) fail("the summaries do not count every run");

    // What was read can be written and read again.
    const std::string again = tangram::runs_csv(runs);
    std::vector<tangram::RunRecord> reread;
    try {
      reread = tangram::parse_runs_csv(again, "rewritten");
    } catch (const tangram::Error& e) {
      std::fprintf(stderr, "\nrewritten runs.csv:\n%s\nerror: %s\n", again.c_str(), e.what());
      fail("runs_csv wrote a table that parse_runs_csv refuses");
    }
    if (reread.size() != runs.size()) fail("runs_csv -> parse_runs_csv changed the number of runs");
    for (std::size_t i = 0; i < runs.size(); ++i) {
      const tangram::RunRecord& a = runs[i];
      const tangram::RunRecord& b = reread[i];
      if (a.experiment != b.experiment || a.search != b.search || a.pattern != b.pattern ||
          a.strategy != b.strategy || a.solution != b.solution || a.picture != b.picture ||
          a.solved != b.solved || a.valid != b.valid || a.placements != b.placements ||
          a.backtracks != b.backtracks)
        fail("runs_csv -> parse_runs_csv changed a run");
    }
  });
  return 0;
}
