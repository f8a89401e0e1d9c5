#include "tangram/io/set_picture.hpp"

#include <algorithm>
#include <cmath>

#include <opencv2/imgproc.hpp>

#include "tangram/core/base/error.hpp"

namespace tangram {

cv::Mat3b render_piece_set(const PieceSet& set, double unit_px) {
  const double unit = unit_px > 0.0 ? unit_px : 120.0 / std::sqrt(set.total_area());
  constexpr int kGap = 16, kLabel = 22, kShift = 8;  // px; fixed-point bits of the vertices
  const double font_scale = 0.45;
  // Each piece's box: its outline's bounding box, widened to its name.
  struct Item {
    Polygon polygon;
    Box box;
    std::string label;
    int width;
  };
  std::vector<Item> items;
  int width = kGap, height = 0;
  std::vector<int> copy(set.shape_count(), 0);
  for (const ShapeId shape : set.order()) {
    Item item;
    for (const Vec2& v : set.shape(shape).outline) item.polygon.push_back(unit * v);
    item.box = bounding_box(item.polygon);
    const int count = set.shape(shape).count;
    item.label = set.shape_name(shape) +
                 (count > 1 ? " " + std::to_string(++copy[static_cast<std::size_t>(shape)]) + "/" +
                                  std::to_string(count)
                            : "");
    int baseline = 0;
    const int text =
        cv::getTextSize(item.label, cv::FONT_HERSHEY_SIMPLEX, font_scale, 1, &baseline).width;
    item.width = std::max(static_cast<int>(std::ceil(item.box.x1 - item.box.x0)), text);
    height = std::max(height, static_cast<int>(std::ceil(item.box.y1 - item.box.y0)));
    width += item.width + kGap;
    items.push_back(std::move(item));
  }
  if (width > 20000 || height > 20000)
    throw UsageError("the picture of the set would be " + std::to_string(width) +
                     " px wide, "
                     "over 20000");
  cv::Mat3b image(height + 2 * kGap + kLabel, width, cv::Vec3b(255, 255, 255));
  int x = kGap;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const Item& item = items[i];
    const double dx = x + (item.width - (item.box.x1 - item.box.x0)) / 2 - item.box.x0;
    const double dy = kGap + (height - (item.box.y1 - item.box.y0)) - item.box.y0;
    std::vector<cv::Point> points;
    for (const Vec2& v : item.polygon)
      points.emplace_back(static_cast<int>(std::lround((v.x + dx) * (1 << kShift))),
                          static_cast<int>(std::lround((v.y + dy) * (1 << kShift))));
    // Hues spread over the pieces, alternating light and dark so that neighbours differ.
    cv::Mat3b hsv(1, 1,
                  cv::Vec3b(static_cast<uchar>(180.0 * i / items.size()), 140,
                            static_cast<uchar>(i % 2 ? 170 : 220)));
    cv::Mat3b bgr;
    cv::cvtColor(hsv, bgr, cv::COLOR_HSV2BGR);
    const std::vector<std::vector<cv::Point>> contours{points};
    cv::fillPoly(image, contours, cv::Scalar(bgr(0, 0)), cv::LINE_AA, kShift);
    cv::polylines(image, contours, true, cv::Scalar(60, 60, 60), 1, cv::LINE_AA, kShift);
    cv::putText(image, item.label, {x, height + 2 * kGap + kLabel / 2}, cv::FONT_HERSHEY_SIMPLEX,
                font_scale, cv::Scalar(40, 40, 40), 1, cv::LINE_AA);
    x += item.width + kGap;
  }
  return image;
}

}  // namespace tangram
