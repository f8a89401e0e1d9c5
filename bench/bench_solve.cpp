// Whole solves inside one process, two variants of the solver on the same patterns: 1 thread
// against 2 threads (--vary threads, the default), or, with 1 thread, the copies of a shape
// searched in every order against once (--vary copies: SearchConfig::copies_once, copy_memo.hpp),
// or the vertex search as published against pruned (--vary pruning: SearchConfig::
// vertex_pruning, vertex_search.hpp; with --search vertex the vertex search alone, with ours
// the default search, whose vertex search runs first), or, pruned, the vertex search on the
// outline only against on the figure's exact lattice first (--vary lattice: SearchConfig::
// vertex_lattice, surd_search.hpp).
// It prints the time of solve() (rasterising the piece masks included; not the process start
// nor the PNG decoding, which are the same for both), whether both variants give the same
// result (threads: the same pieces and counts; copies: the same assembly, up to which copy is
// which; pruning, lattice: the second variant solves what the first does) and the speed-up
// (over the patterns both solve). Patterns are read as `tangram solve` reads them (default
// input options) and judged on the silhouette with its pinholes open, as there.
// Not a test: timings belong here, not in ctest. scripts/bench-solve.sh measures whole
// processes (wall time and peak memory).
//
//   tangram_bench_solve [--vary threads|copies|pruning|lattice] [--search ours|vertex]
//                       [--pieces SET]
//                       [--step DEG|auto] [--strategy NAME] [--time-limit SEC] [--reps N]
//                       PATTERN...
//
// Prints a Markdown table; with --reps N each time is the best of N solves.

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <tuple>
#include <vector>

#include "tangram/core/base/allocator.hpp"
#include "tangram/core/raster/placement.hpp"
#include "tangram/core/solve/solve.hpp"
#include "tangram/io/pattern_png.hpp"
#include "tangram/io/piece_sets.hpp"
#include "tangram/io/silhouette.hpp"

using namespace tangram;

namespace {

[[noreturn]] void usage(const std::string& message) {
  std::fprintf(stderr,
               "tangram_bench_solve: %s\nusage: tangram_bench_solve "
               "[--vary threads|copies|pruning|lattice] [--search ours|vertex] [--pieces SET] "
               "[--step DEG] [--strategy NAME] [--time-limit SEC] [--reps N] PATTERN...\n",
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

/// The same pieces at the same poses, in any order (copies may swap).
bool same_assembly(const Solution& a, const Solution& b) {
  const auto poses = [](const Solution& s) {
    std::vector<std::tuple<int, double, double, double, bool>> v;
    for (const PlacedPiece& p : s.pieces)
      v.emplace_back(p.shape, p.pose.centre.x, p.pose.centre.y, p.pose.angle_deg, p.pose.reflected);
    std::sort(v.begin(), v.end());
    return v;
  };
  return a.solved == b.solved && poses(a) == poses(b);
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
  bool vary_copies = false, vary_pruning = false, vary_lattice = false;
  std::vector<std::string> patterns;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(arg + " needs a value");
      return argv[++i];
    };
    if (arg == "--vary") {
      const std::string what = value();
      if (what != "threads" && what != "copies" && what != "pruning" && what != "lattice")
        usage("--vary takes threads, copies, pruning or lattice");
      vary_copies = what == "copies";
      vary_pruning = what == "pruning";
      vary_lattice = what == "lattice";
    } else if (arg == "--search") {
      const std::string mode = value();
      if (mode != "ours" && mode != "vertex") usage("--search takes ours or vertex");
      config.search.mode = mode == "vertex" ? SearchMode::Vertex : SearchMode::Ours;
    } else if (arg == "--pieces") {
      try {
        config.pieces = builtin_piece_set(value()).set;
      } catch (const std::exception& e) {
        usage(e.what());
      }
    } else if (arg == "--step") {
      const std::string step = value();
      config.search.rotation_auto = step == "auto";  // the fine step stays 1 degree
      if (step != "auto") config.search.rotation_step_deg = std::atof(step.c_str());
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

  const char* labels[2] = {"1 thr", "2 thr"};
  if (vary_copies) {
    labels[0] = "copies in every order";
    labels[1] = "copies once";
  }
  if (vary_pruning) {
    labels[0] = "published";
    labels[1] = "pruned";
  }
  if (vary_lattice) {
    labels[0] = "outline";
    labels[1] = "lattice";
  }
  std::printf(
      "solve() %s: search %s, set %s, rotation step %s, strategy %s, time limit %g s, "
      "best of %d\n\n",
      vary_copies    ? "with 1 thread, the copies of a shape in every order and once"
      : vary_pruning ? "with 1 thread, the vertex search as published and pruned"
      : vary_lattice ? "with 1 thread, the vertex search on the outline and on the "
                       "lattice first"
                     : "with 1 and 2 threads",
      std::string(search_mode_name(config.search.mode)).c_str(), config.pieces.name().c_str(),
      config.search.rotation_auto ? "auto"
                                  : std::to_string(config.search.rotation_step_deg).c_str(),
      std::string(strategy_name(config.placement.strategy)).c_str(), config.search.time_limit_s,
      reps);
  std::printf("| pattern | solved | s (%s) | s (%s) | speed-up | %s |\n", labels[0], labels[1],
              vary_pruning || vary_lattice ? "nothing lost" : "same result");
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
        c.search.threads = vary_copies || vary_pruning || vary_lattice ? 1 : t + 1;
        if (vary_copies) c.search.copies_once = t == 1;
        if (vary_pruning) c.search.vertex_pruning = t == 1;
        if (vary_lattice) c.search.vertex_lattice = t == 1;
        const Solution s =
            to_original_frame(solve(silhouette.working, c, {}, {}, &silhouette.working_unfilled),
                              silhouette, config.pieces);
        if (r == 0 || s.stats.seconds < best[t]) best[t] = s.stats.seconds;
        result[t] = s;
      }
    const bool same = vary_copies                    ? same_assembly(result[0], result[1])
                      : vary_pruning || vary_lattice ? !result[0].solved || result[1].solved
                                                     : same_result(result[0], result[1]);
    different += same ? 0 : 1;
    const bool both = result[0].solved && result[1].solved;
    if (both) {
      ++solved_both;
      one.push_back(best[0]);
      two.push_back(best[1]);
    }
    std::printf("| %s | %s | %.3f | %.3f | %.2fx | %s |\n",
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
  if (different)
    std::printf("\n%d pattern(s) gave different results with %s and %s\n", different, labels[0],
                labels[1]);
  return different ? 1 : 0;
}
