#include "tangram/lab/figures.hpp"

#include <algorithm>
#include <cmath>

#include <opencv2/imgproc.hpp>

#include "tangram/core/base/error.hpp"
#include "tangram/core/base/format.hpp"
#include "tangram/io/picture.hpp"
#include "tangram/lab/detail/text.hpp"

namespace tangram {

namespace {

/// Fractional bits of the fixed-point coordinates handed to OpenCV's drawing functions.
constexpr int kShiftBits = 4;
constexpr double kOne = 1 << kShiftBits;

/// Height (px) of the band that with_title() puts above a picture.
constexpr int kTitlePx = 24;
constexpr int kFont = cv::FONT_HERSHEY_SIMPLEX;
constexpr double kFontScale = 0.5;

/// Fixed-point picture coordinates of the centre of pixel `p`'s block.
cv::Point block_centre(cv::Point p, int scale) {
  return {static_cast<int>(std::lround((p.x + 0.5) * scale * kOne - 0.5 * kOne)),
          static_cast<int>(std::lround((p.y + 0.5) * scale * kOne - 0.5 * kOne))};
}

cv::Mat1b clamp_to_bytes(const cv::Mat1f& values) {
  cv::Mat1f clamped;
  cv::min(cv::max(values, 0.0), 1.0, clamped);
  cv::Mat1b bytes;
  clamped.convertTo(bytes, CV_8U, 255.0);
  return bytes;
}

constexpr const char* kPageStyle =
    "body{font-family:system-ui,sans-serif;max-width:1280px;margin:1.5em auto;padding:0 1em;"
    "color:#222;line-height:1.4}\n"
    ".grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:1.5em}\n"
    "figure{margin:0}\n"
    "img{max-width:100%;height:auto;image-rendering:pixelated;border:1px solid #ccc}\n"
    "figcaption{font-size:0.9em}\n"
    "table{border-collapse:collapse;font-size:0.85em;margin-top:0.5em}\n"
    "td,th{border:1px solid #ccc;padding:1px 6px;text-align:right}\n";

/// The frame's title: "step 12: reject square 45 deg mirrored, 3/7 placed".
std::string frame_title(const PieceSet& set, const SearchEvent& event) {
  std::string angle = detail::fixed(event.piece.pose.angle_deg, 6);
  angle.erase(angle.find_last_not_of('0') + 1);
  if (!angle.empty() && angle.back() == '.') angle.pop_back();
  return "step " + std::to_string(event.step) + ": " + std::string(search_event_name(event.type)) +
         " " + set.shape_name(event.piece.shape) + " " + angle + " deg" +
         (event.piece.pose.reflected ? " mirrored" : "") + ", " +
         std::to_string(event.assembly.size()) + "/" + std::to_string(set.piece_count()) +
         " placed";
}

}  // namespace

std::string figures_html(const std::string& title, const std::string& intro,
                         const std::vector<FigureSection>& sections) {
  std::string html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  html +=
      "<title>" + detail::html_escape(title) + "</title>\n<style>\n" + kPageStyle + "</style>\n";
  html += "</head>\n<body>\n<h1>" + detail::html_escape(title) + "</h1>\n";
  if (!intro.empty()) html += "<p>" + detail::html_escape(intro) + "</p>\n";
  for (const FigureSection& section : sections) {
    html += "<h2>" + detail::html_escape(section.heading) + "</h2>\n";
    if (!section.intro.empty()) html += "<p>" + detail::html_escape(section.intro) + "</p>\n";
    html += "<div class=\"grid\">\n";
    for (const Figure& figure : section.figures) {
      html += "<figure>\n<img src=\"" + detail::html_escape(figure.file) + "\" alt=\"" +
              detail::html_escape(figure.title) + "\" width=\"" +
              std::to_string(figure.image.cols) + "\" height=\"" +
              std::to_string(figure.image.rows) + "\">\n";
      html += "<figcaption><b>" + detail::html_escape(figure.title) + ".</b> " +
              detail::html_escape(figure.caption) + "</figcaption>\n";
      if (!figure.table.empty()) {
        html += "<table>\n";
        for (std::size_t r = 0; r < figure.table.size(); ++r) {
          const char* cell = r == 0 ? "th" : "td";
          html += "<tr>";
          for (const std::string& text : figure.table[r])
            html += std::string("<") + cell + ">" + detail::html_escape(text) + "</" + cell + ">";
          html += "</tr>\n";
        }
        html += "</table>\n";
      }
      html += "</figure>\n";
    }
    html += "</div>\n";
  }
  html += "</body>\n</html>\n";
  return html;
}

int figure_scale(cv::Size size) {
  const int longest = std::max(size.width, size.height);
  if (longest <= 0) return 1;
  return std::max(1, static_cast<int>(std::lround(512.0 / longest)));
}

cv::Mat3b binary_image(const cv::Mat1b& mask, const cv::Vec3b& on, const cv::Vec3b& off) {
  cv::Mat3b image(mask.size(), off);
  image.setTo(on, mask != 0);
  return image;
}

cv::Mat3b colour_map(const cv::Mat1f& values, const cv::Mat1b& inside, const cv::Vec3b& outside) {
  cv::Mat3b image;
  if (values.empty()) return image;
  cv::applyColorMap(clamp_to_bytes(values), image, cv::COLORMAP_VIRIDIS);
  if (!inside.empty()) image.setTo(outside, inside == 0);
  return image;
}

cv::Mat3b grey_map(const cv::Mat1f& values) {
  cv::Mat3b image;
  if (values.empty()) return image;
  cv::cvtColor(clamp_to_bytes(values), image, cv::COLOR_GRAY2BGR);
  return image;
}

cv::Mat3b enlarge(const cv::Mat3b& image, int scale) {
  if (scale < 1) throw UsageError("figure scale must be at least 1, got " + std::to_string(scale));
  if (scale == 1 || image.empty()) return image.clone();
  cv::Mat3b out;
  cv::resize(image, out, cv::Size(image.cols * scale, image.rows * scale), 0, 0, cv::INTER_NEAREST);
  return out;
}

void mark_points(cv::Mat3b& picture, const std::vector<cv::Point>& pixels, int scale,
                 const cv::Scalar& fill, const cv::Scalar& ring, int radius_px) {
  const int radius = static_cast<int>(radius_px * kOne);
  for (const cv::Point& p : pixels) {
    const cv::Point c = block_centre(p, scale);
    cv::circle(picture, c, radius, fill, cv::FILLED, cv::LINE_AA, kShiftBits);
    cv::circle(picture, c, radius, ring, 1, cv::LINE_AA, kShiftBits);
  }
}

void mark_pixel(cv::Mat3b& picture, cv::Point pixel, int scale, const cv::Scalar& colour,
                int radius_px) {
  cv::rectangle(picture, cv::Rect(pixel.x * scale, pixel.y * scale, scale, scale), colour,
                cv::FILLED);
  cv::circle(picture, block_centre(pixel, scale), static_cast<int>(radius_px * kOne), colour, 2,
             cv::LINE_AA, kShiftBits);
}

void draw_region_outline(cv::Mat3b& picture, const cv::Mat1b& region, int scale,
                         const cv::Scalar& colour, int thickness) {
  std::vector<std::vector<cv::Point>> contours;
  cv::Mat1b work = region != 0;
  cv::findContours(work, contours, cv::RETR_LIST, cv::CHAIN_APPROX_SIMPLE);
  for (auto& contour : contours)
    for (cv::Point& p : contour) p = block_centre(p, scale);
  cv::polylines(picture, contours, true, colour, thickness, cv::LINE_AA, kShiftBits);
}

void draw_polygon(cv::Mat3b& picture, const Polygon& polygon, int scale, const cv::Scalar& colour,
                  int thickness) {
  std::vector<cv::Point> points;
  // Vertices are in the pixel frame (pixel (i, j) covers [j, j+1) x [i, i+1)); OpenCV's integer
  // coordinates are pixel centres, hence the half-pixel shift.
  for (const Vec2& v : polygon)
    points.emplace_back(static_cast<int>(std::lround((v.x * scale - 0.5) * kOne)),
                        static_cast<int>(std::lround((v.y * scale - 0.5) * kOne)));
  if (points.size() < 2) return;
  cv::polylines(picture, std::vector<std::vector<cv::Point>>{points}, true, colour, thickness,
                cv::LINE_AA, kShiftBits);
}

cv::Mat3b side_by_side(const std::vector<cv::Mat3b>& pictures, int gap_px,
                       const cv::Vec3b& background) {
  int width = 0, height = 0;
  for (const cv::Mat3b& p : pictures) {
    width += p.cols;
    height = std::max(height, p.rows);
  }
  if (!pictures.empty()) width += gap_px * static_cast<int>(pictures.size() - 1);
  cv::Mat3b out(std::max(height, 1), std::max(width, 1), background);
  int x = 0;
  for (const cv::Mat3b& p : pictures) {
    if (!p.empty()) p.copyTo(out(cv::Rect(x, 0, p.cols, p.rows)));
    x += p.cols + gap_px;
  }
  return out;
}

cv::Mat3b picture_grid(const std::vector<cv::Mat3b>& pictures, int columns, int gap_px) {
  const cv::Vec3b white(255, 255, 255);
  std::vector<cv::Mat3b> rows;
  const auto width = static_cast<std::size_t>(std::max(1, columns));
  for (std::size_t i = 0; i < pictures.size(); i += width) {
    const auto end =
        pictures.begin() + static_cast<std::ptrdiff_t>(std::min(pictures.size(), i + width));
    rows.push_back(
        side_by_side({pictures.begin() + static_cast<std::ptrdiff_t>(i), end}, gap_px, white));
  }
  int cols = 1, height = 0;
  for (const cv::Mat3b& r : rows) {
    cols = std::max(cols, r.cols);
    height += r.rows;
  }
  if (!rows.empty()) height += gap_px * static_cast<int>(rows.size() - 1);
  cv::Mat3b out(std::max(height, 1), cols, white);
  int y = 0;
  for (const cv::Mat3b& r : rows) {
    r.copyTo(out(cv::Rect(0, y, r.cols, r.rows)));
    y += r.rows + gap_px;
  }
  return out;
}

cv::Mat3b with_legend_and_title(const cv::Mat3b& picture, const PieceSet& set,
                                const std::string& title) {
  const cv::Mat3b legend = render_legend(set, picture.cols, 0.5);
  cv::Mat3b body(picture.rows + legend.rows, std::max(picture.cols, legend.cols),
                 cv::Vec3b(255, 255, 255));
  picture.copyTo(body(cv::Rect(0, 0, picture.cols, picture.rows)));
  legend.copyTo(body(cv::Rect(0, picture.rows, legend.cols, legend.rows)));
  return with_title(body, title);
}

cv::Mat3b with_title(const cv::Mat3b& picture, const std::string& text) {
  int baseline = 0;
  double font_scale = kFontScale;
  cv::Size size = cv::getTextSize(text, kFont, font_scale, 1, &baseline);
  const int room = std::max(1, picture.cols - 12);
  if (size.width > room) {
    font_scale *= static_cast<double>(room) / size.width;
    size = cv::getTextSize(text, kFont, font_scale, 1, &baseline);
  }
  cv::Mat3b out(picture.rows + kTitlePx, picture.cols, cv::Vec3b(255, 255, 255));
  picture.copyTo(out(cv::Rect(0, kTitlePx, picture.cols, picture.rows)));
  cv::putText(out, text, cv::Point(6, (kTitlePx + size.height) / 2), kFont, font_scale,
              cv::Scalar(0, 0, 0), 1, cv::LINE_AA);
  return out;
}

cv::Mat3b render_search_frame(const Pattern& pattern, const PieceSet& set, const SearchEvent& event,
                              int scale) {
  std::vector<PlacedPiece> shown = event.assembly;
  cv::Mat3b picture = render_assembly(pattern, shown, set, scale);
  if (event.type == SearchEventType::ValidationFailed) {
    // A rejected piece is drawn faintly where it was tried, in the colour it would have had:
    // both renderings agree everywhere else, so a blend changes only the piece's pixels.
    shown.push_back(event.piece);
    cv::addWeighted(render_assembly(pattern, shown, set, scale), 0.4, picture, 0.6, 0.0, picture);
  }
  const cv::Scalar outline =
      event.type == SearchEventType::Placed ? cv::Scalar(0, 0, 0) : cv::Scalar(0, 0, 230);
  draw_polygon(picture, event.piece.polygon, scale, outline, 2);
  return with_title(picture, frame_title(set, event));
}

}  // namespace tangram
