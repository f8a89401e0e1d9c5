// Whole solves inside one process, 1 thread against 2 threads on the same patterns: the time of
// solve() (rasterising the piece masks included; not the process start nor the PNG decoding,
// which are the same whatever the thread count), whether both thread counts give the same
// pieces and counts, and the speed-up. Patterns are read as `tangram solve` reads them (default
// input options) and judged on the silhouette with its pinholes open, as there.
// Not a test: timings belong here, not in ctest. scripts/bench-solve.sh measures whole
// processes (wall time and peak memory).
//
//   tangram_bench_solve [--step DEG] [--strategy NAME] [--time-limit SEC] [--reps N] PATTERN...
//
// Prints a Markdown table; with --reps N each time is the best of N solves.

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "tangram/core/allocator.hpp"
#include "tangram/core/placement.hpp"
#include "tangram/core/search.hpp"
#include "tangram/io/pattern_png.hpp"
#include "tangram/io/silhouette.hpp"

using namespace tangram;

namespace {

[[noreturn]] void usage(const std::string& message) {
  std::fprintf(stderr,
               "tangram_bench_solve: %s\nusage: tangram_bench_solve [--step DEG] [--strategy "
               "NAME] [--time-limit SEC] [--reps N] PATTERN...\n",
               message.c_str());
  std::exit(2);
}

bool same_result(const Solution& a, const Solution& b) {
  if (a.solved != b.solved || a.pieces.size() != b.pieces.size() ||
      a.stats.placements_tried != b.stats.placements_tried ||
      a.stats.backtracks != b.stats.backtracks ||
      a.stats.validations_failed != b.stats.validations_failed)
    return false;
  for (std::size_t i = 0; i < a.pieces.size(); ++i) {
    const Pose &p = a.pieces[i].pose, &q = b.pieces[i].pose;
    if (a.pieces[i].shape != b.pieces[i].shape || p.centre.x != q.centre.x ||
        p.centre.y != q.centre.y || p.angle_deg != q.angle_deg || p.reflected != q.reflected)
      return false;
  }
  return true;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

}  // namespace

int main(int argc, char** argv) {
  keep_freed_memory_for_reuse();  // as the tangram CLI does
  SolverConfig config;
  config.search.time_limit_s = 60.0;
  int reps = 1;
  std::vector<std::string> patterns;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(arg + " needs a value");
      return argv[++i];
    };
    if (arg == "--step") {
      config.search.rotation_step_deg = std::atof(value().c_str());
    } else if (arg == "--time-limit") {
      config.search.time_limit_s = std::atof(value().c_str());
    } else if (arg == "--reps") {
      reps = std::atoi(value().c_str());
    } else if (arg == "--strategy") {
      const std::string name = value();
      const auto strategy = strategy_from_name(name);
      if (!strategy) usage("unknown strategy " + name);
      config.placement.strategy = *strategy;
    } else if (!arg.empty() && arg[0] == '-') {
      usage("unknown option " + arg);
    } else {
      patterns.push_back(arg);
    }
  }
  if (patterns.empty()) usage("no pattern given");
  if (reps < 1) usage("--reps must be at least 1");
  try {
    validate_config(config);
  } catch (const std::exception& e) {
    usage(e.what());
  }

  std::printf("solve() with 1 and 2 threads: rotation step %g deg, strategy %s, time limit %g s, "
              "best of %d\n\n",
              config.search.rotation_step_deg,
              std::string(strategy_name(config.placement.strategy)).c_str(),
              config.search.time_limit_s, reps);
  std::printf("| pattern | solved | s (1 thr) | s (2 thr) | speed-up | same result |\n");
  std::printf("|---|---|---:|---:|---:|---|\n");
  std::vector<double> one, two;
  int solved_both = 0, different = 0;
  for (const std::string& path : patterns) {
    const Silhouette silhouette = load_silhouette_png(path, InputConfig{});
    double best[2] = {0.0, 0.0};
    Solution result[2];
    for (int r = 0; r < reps; ++r)
      for (int t = 0; t < 2; ++t) {
        SolverConfig c = config;
        c.search.threads = t + 1;
        const Solution s = to_original_frame(
            solve(silhouette.working, c, {}, {}, &silhouette.working_unfilled), silhouette, PieceSet::tangram());
        if (r == 0 || s.stats.seconds < best[t]) best[t] = s.stats.seconds;
        result[t] = s;
      }
    const bool same = same_result(result[0], result[1]);
    different += same ? 0 : 1;
    const bool both = result[0].solved && result[1].solved;
    if (both) {
      ++solved_both;
      one.push_back(best[0]);
      two.push_back(best[1]);
    }
    std::printf("| %s | %s | %.2f | %.2f | %.2fx | %s |\n",
                std::filesystem::path(path).stem().string().c_str(),
                both ? "yes" : (result[0].solved || result[1].solved ? "one only" : "no"), best[0],
                best[1], best[1] > 0 ? best[0] / best[1] : 0.0, same ? "yes" : "NO");
    std::fflush(stdout);
  }
  if (!one.empty()) {
    double sum1 = 0, sum2 = 0;
    for (double s : one) sum1 += s;
    for (double s : two) sum2 += s;
    std::printf("| **total over the %d of %zu solved** | | %.2f | %.2f | **%.2fx** | |\n",
                solved_both, patterns.size(), sum1, sum2, sum1 / sum2);
    std::printf("| median / worst of those | | %.2f / %.2f | %.2f / %.2f | | |\n", median(one),
                *std::max_element(one.begin(), one.end()), median(two),
                *std::max_element(two.begin(), two.end()));
  }
  if (different) std::printf("\n%d pattern(s) gave different results with 1 and 2 threads\n", different);
  return different ? 1 : 0;
}
