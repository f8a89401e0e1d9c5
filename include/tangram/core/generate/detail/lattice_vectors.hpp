#pragma once
/// \file lattice_vectors.hpp
/// Exact integer arithmetic on lattice vectors and polygons (core/generate's internals).

#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <vector>

#include <opencv2/core.hpp>

namespace tangram::detail {

/// a x b, exactly.
inline std::int64_t cross(cv::Point a, cv::Point b) {
  return std::int64_t{a.x} * b.y - std::int64_t{a.y} * b.x;
}

/// a . b, exactly.
inline std::int64_t dot(cv::Point a, cv::Point b) {
  return std::int64_t{a.x} * b.x + std::int64_t{a.y} * b.y;
}

/// `v` divided by the greatest common divisor of its coordinates.
inline cv::Point primitive(cv::Point v) {
  const int g = std::gcd(std::abs(v.x), std::abs(v.y));
  return g == 0 ? v : cv::Point(v.x / g, v.y / g);
}

/// The shoelace sum of `corners`: twice the signed area (positive: clockwise as seen, y down).
inline std::int64_t twice_signed_area(const std::vector<cv::Point>& corners) {
  std::int64_t twice = 0;
  for (std::size_t i = 0; i < corners.size(); ++i)
    twice += cross(corners[i], corners[(i + 1) % corners.size()]);
  return twice;
}

}  // namespace tangram::detail
