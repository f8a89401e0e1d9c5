#include "tangram/core/figure/warp.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace tangram {

namespace {

// OpenCV's fixed point: source coordinates in 1/1024 px, interpolated at 1/32 px, weights that
// sum to 1 << 15.
constexpr int kCoordBits = 10;
constexpr int kTableBits = 5;
constexpr int kTableSize = 1 << kTableBits;
constexpr int kWeightBits = 15;

/// cv::saturate_cast<int>(double): rounded half to even, clamped.
int round_to_int(double v) {
  if (!(v > std::numeric_limits<int>::min())) return std::numeric_limits<int>::min();
  if (!(v < std::numeric_limits<int>::max())) return std::numeric_limits<int>::max();
  return static_cast<int>(std::nearbyint(v));
}

/// cv::saturate_cast<short>(int).
int clamp_short(int v) {
  return std::min<int>(std::max<int>(v, std::numeric_limits<short>::min()),
                       std::numeric_limits<short>::max());
}

}  // namespace

cv::Mat1b warp_affine_linear(const cv::Mat1b& src, const cv::Matx23d& forward, cv::Size size) {
  // The inverse map, computed as cv::warpAffine computes it.
  double m[6] = {forward(0, 0), forward(0, 1), forward(0, 2),
                 forward(1, 0), forward(1, 1), forward(1, 2)};
  double d = m[0] * m[4] - m[1] * m[3];
  d = d != 0 ? 1. / d : 0;
  const double a11 = m[4] * d, a22 = m[0] * d;
  m[0] = a11;
  m[1] *= -d;
  m[3] *= -d;
  m[4] = a22;
  const double b1 = -m[0] * m[2] - m[1] * m[5];
  const double b2 = -m[3] * m[2] - m[4] * m[5];
  m[2] = b1;
  m[5] = b2;

  constexpr double scale = 1 << kCoordBits;
  constexpr int round_delta = (1 << kCoordBits) / kTableSize / 2;
  std::vector<int> adelta(static_cast<std::size_t>(size.width));
  std::vector<int> bdelta(static_cast<std::size_t>(size.width));
  for (int x = 0; x < size.width; ++x) {
    adelta[static_cast<std::size_t>(x)] = round_to_int(m[0] * x * scale);
    bdelta[static_cast<std::size_t>(x)] = round_to_int(m[3] * x * scale);
  }
  const int w = src.cols, h = src.rows;
  const auto at = [&](int x, int y) -> int {
    return x >= 0 && y >= 0 && x < w && y < h ? src(y, x) : 0;
  };
  cv::Mat1b dst(size);
  for (int y = 0; y < size.height; ++y) {
    const int x0 = round_to_int((m[1] * y + m[2]) * scale) + round_delta;
    const int y0 = round_to_int((m[4] * y + m[5]) * scale) + round_delta;
    std::uint8_t* out = dst.ptr<std::uint8_t>(y);
    for (int x = 0; x < size.width; ++x) {
      const int fx = (x0 + adelta[static_cast<std::size_t>(x)]) >> (kCoordBits - kTableBits);
      const int fy = (y0 + bdelta[static_cast<std::size_t>(x)]) >> (kCoordBits - kTableBits);
      const int sx = clamp_short(fx >> kTableBits), sy = clamp_short(fy >> kTableBits);
      const int ax = fx & (kTableSize - 1), ay = fy & (kTableSize - 1);
      if (sx >= w || sx + 1 < 0 || sy >= h || sy + 1 < 0) {
        out[x] = 0;
        continue;
      }
      // The weights of the 1/32-px table, exact in OpenCV's float computation.
      constexpr int unit = (1 << kWeightBits) / (kTableSize * kTableSize);
      const int w00 = (kTableSize - ay) * (kTableSize - ax) * unit;
      const int w01 = (kTableSize - ay) * ax * unit;
      const int w10 = ay * (kTableSize - ax) * unit;
      const int w11 = ay * ax * unit;
      const int sum =
          at(sx, sy) * w00 + at(sx + 1, sy) * w01 + at(sx, sy + 1) * w10 + at(sx + 1, sy + 1) * w11;
      out[x] = static_cast<std::uint8_t>(
          std::min(255, std::max(0, (sum + (1 << (kWeightBits - 1))) >> kWeightBits)));
    }
  }
  return dst;
}

}  // namespace tangram
