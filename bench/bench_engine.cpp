// Collision-free areas: the run-table erosion (morphology.hpp) against cv::dilate with the
// piece kernel, on the same masks, in one run. Prints times, the ratio and whether every
// result is identical. Not a test: timings belong here, not in ctest.
//
//   tangram_bench [PATTERN.png] [STEP_DEG] [REPEATS]

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/raster/morphology.hpp"
#include "tangram/core/raster/raster.hpp"
#include "tangram/io/pattern_png.hpp"

using namespace tangram;
using Clock = std::chrono::steady_clock;

namespace {

// Median wall time (ms) of `repeats` runs of `work`.
template <typename Work>
double median_ms(int repeats, Work&& work) {
  std::vector<double> times;
  for (int r = 0; r < repeats; ++r) {
    const auto start = Clock::now();
    work();
    times.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
  }
  std::nth_element(times.begin(), times.begin() + repeats / 2, times.end());
  return times[static_cast<std::size_t>(repeats / 2)];
}

}  // namespace

int main(int argc, char** argv) {
  const std::string path = argc > 1 && *argv[1]
                               ? std::string(argv[1])
                               : std::string(TANGRAM_SOURCE_DIR) + "/masks/02-page9-11.png";
  const double step = argc > 2 ? std::atof(argv[2]) : 1.0;
  const int repeats = argc > 3 ? std::atoi(argv[3]) : 5;
  const Pattern pattern = load_pattern_png(path);
  const double inset = default_inset_px(pattern.side_px, step, PieceSet::tangram().reach());

  std::vector<ConfigurationMask> configs;
  for (ShapeId kind :
       {tangram_shapes::large_triangle, tangram_shapes::medium_triangle,
        tangram_shapes::small_triangle, tangram_shapes::square, tangram_shapes::parallelogram}) {
    auto more =
        rasterise_configurations(PieceSet::tangram(), kind, pattern.side_px, step, true, inset);
    configs.insert(configs.end(), more.begin(), more.end());
  }
  int max_run = 1;
  for (const ConfigurationMask& c : configs) max_run = std::max(max_run, c.mask.max_run());
  const BitGrid empty = BitGrid::from_mat(pattern.puzzle);
  const cv::Mat1b obstacles = pattern.puzzle == 0;

  std::printf(
      "pattern %s (%dx%d, set side %.1f px), %zu configurations (all pieces, %g deg, "
      "mirrored too), median of %d runs\n",
      path.c_str(), pattern.puzzle.cols, pattern.puzzle.rows, pattern.side_px, configs.size(), step,
      repeats);

  std::vector<cv::Mat1b> reference(configs.size());
  const double dilate_ms = median_ms(repeats, [&] {
    for (std::size_t i = 0; i < configs.size(); ++i)
      reference[i] = collision_free_area_reference(obstacles, configs[i].mask);
  });
  std::vector<BitGrid> fast(configs.size());
  const double table_ms = median_ms(repeats, [&] { RunTable table(empty, max_run); });
  const double erode_ms = median_ms(repeats, [&] {
    const RunTable table(empty, max_run);
    for (std::size_t i = 0; i < configs.size(); ++i)
      collision_free_area(table, configs[i].mask, fast[i]);
  });

  std::size_t identical = 0;
  for (std::size_t i = 0; i < configs.size(); ++i)
    identical += cv::countNonZero(fast[i].to_mat() != reference[i]) == 0;

  std::printf("%-44s %10.2f ms\n", "cv::dilate with the piece kernel", dilate_ms);
  std::printf("%-44s %10.2f ms  (run table alone: %.2f ms)\n",
              "run-table erosion (table built once)", erode_ms, table_ms);
  std::printf("%-44s %10.1fx\n", "ratio", dilate_ms / erode_ms);
  std::printf("identical results: %zu of %zu configurations\n", identical, configs.size());
  return identical == configs.size() ? 0 : 1;
}
