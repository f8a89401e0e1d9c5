#include "tangram/io/picture.hpp"

#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "tangram/core/error.hpp"

namespace tangram {

namespace {

/// Seven fixed colours (BGR), one per piece index: a muted qualitative palette.
const std::array<cv::Scalar, 7> kPieceColours = {{
    cv::Scalar(180, 119, 31),   // blue
    cv::Scalar(14, 127, 255),   // orange
    cv::Scalar(44, 160, 44),    // green
    cv::Scalar(40, 39, 214),    // red
    cv::Scalar(189, 103, 148),  // purple
    cv::Scalar(75, 86, 140),    // brown
    cv::Scalar(194, 119, 227),  // pink
}};

/// Fractional bits of the fixed-point vertices handed to OpenCV's polygon drawing.
constexpr int kShiftBits = 8;

}  // namespace

cv::Mat3b render_solution(const Pattern& pattern, const Solution& solution, int scale) {
  if (scale < 1) throw UsageError("render scale must be at least 1, got " + std::to_string(scale));
  cv::Mat3b image(pattern.puzzle.rows * scale, pattern.puzzle.cols * scale,
                  cv::Vec3b(255, 255, 255));
  cv::Mat1b puzzle;
  cv::resize(pattern.puzzle, puzzle, image.size(), 0, 0, cv::INTER_NEAREST);
  image.setTo(cv::Scalar(225, 225, 225), puzzle);

  // Fixed-point vertices must fit in int; pieces beyond that are far off the picture anyway.
  const double limit = 0.25 * std::numeric_limits<int>::max() / (1 << kShiftBits) / scale;
  for (std::size_t i = 0; i < solution.pieces.size(); ++i) {
    const Polygon& polygon = solution.pieces[i].polygon;
    std::vector<cv::Point> points;
    for (const Vec2& v : polygon) {
      if (!(std::abs(v.x) <= limit && std::abs(v.y) <= limit)) break;
      // Pixel (i, j) covers [j, j+1) x [i, i+1); OpenCV's integer coordinates are pixel centres.
      points.emplace_back(static_cast<int>(std::lround((v.x * scale - 0.5) * (1 << kShiftBits))),
                          static_cast<int>(std::lround((v.y * scale - 0.5) * (1 << kShiftBits))));
    }
    if (points.size() < 3 || points.size() != polygon.size()) continue;
    const std::vector<std::vector<cv::Point>> contours{points};
    cv::fillPoly(image, contours, kPieceColours[i % kPieceColours.size()], cv::LINE_AA,
                 kShiftBits);
    cv::polylines(image, contours, true, cv::Scalar(40, 40, 40), 1, cv::LINE_AA, kShiftBits);
  }
  return image;
}

}  // namespace tangram
