#include "tangram/core/figure/roughness.hpp"

namespace tangram {

double rough_inset_allowance_px(const cv::Mat1b& puzzle) {
  const double noise = outline_noise_px(puzzle);
  return noise < kNoisyOutlinePx ? 0.0 : 1.5 * noise;
}

}  // namespace tangram
