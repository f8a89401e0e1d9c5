#include "tangram/core/puzzle/pattern.hpp"

#include <cmath>

#include "tangram/core/base/error.hpp"
#include "tangram/core/puzzle/roughness.hpp"

namespace tangram {

Pattern make_pattern(const cv::Mat1b& mask) {
  const long area = mask.empty() ? 0 : static_cast<long>(cv::countNonZero(mask));
  if (area == 0) throw InputError("no puzzle pixels (dark, opaque pixels) in the image");
  const double side = std::sqrt(static_cast<double>(area));
  if (side < kMinSidePx) {
    const long minimum = static_cast<long>(std::ceil(kMinSidePx * kMinSidePx));
    throw InputError("puzzle area is " + std::to_string(area) + " pixels, at least " +
                     std::to_string(minimum) + " are needed (set side >= " +
                     std::to_string(static_cast<int>(kMinSidePx)) + " px): use a larger image");
  }
  Pattern pattern;
  pattern.puzzle = cv::Mat1b(mask.size(), uchar{0});
  pattern.puzzle.setTo(255, mask != 0);
  pattern.area_px = area;
  pattern.side_px = side;
  pattern.rough_band = rough_band(pattern.puzzle);
  return pattern;
}

}  // namespace tangram
