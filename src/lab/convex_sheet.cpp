// The sheet and tables of `tangram generate convex` (convex_sheet.hpp).

#include "tangram/lab/convex_sheet.hpp"

#include <algorithm>
#include <sstream>

#include <opencv2/imgproc.hpp>

#include "tangram/core/base/format.hpp"
#include "tangram/io/picture.hpp"
#include "tangram/io/svg.hpp"
#include "tangram/lab/detail/text.hpp"
#include "tangram/lab/figures.hpp"

namespace tangram {

namespace {

constexpr int kCellPx = 180;  ///< each figure's square on the sheet
constexpr int kColumns = 5;   ///< figures in a row

/// The square of `side` px centred on the figure of `pattern` in `drawn` (its picture at scale
/// 1), white beyond the picture: every figure cut to the same square keeps one scale.
cv::Mat3b figure_square(const cv::Mat3b& drawn, const Pattern& pattern, int side) {
  const cv::Rect box = cv::boundingRect(pattern.puzzle);
  const cv::Point corner(box.x + box.width / 2 - side / 2, box.y + box.height / 2 - side / 2);
  cv::Mat3b padded;
  cv::copyMakeBorder(drawn, padded, side, side, side, side, cv::BORDER_CONSTANT,
                     cv::Scalar(255, 255, 255));
  return padded(cv::Rect(corner.x + side, corner.y + side, side, side)).clone();
}

std::string sheet_title(const ConvexFigures& run) {
  return std::to_string(run.formed.size()) + " convex figures of " + run.plan.config.pieces.name();
}

}  // namespace

cv::Mat3b convex_sheet_picture(const ConvexFigures& run) {
  int side = 1;  // the largest figure's box, and a margin of a twentieth
  for (const ConvexFigure& f : run.formed) {
    const cv::Rect box = cv::boundingRect(f.verdict.pattern.puzzle);
    side = std::max(side, std::max(box.width, box.height) * 21 / 20);
  }
  std::vector<cv::Mat3b> cells;
  for (const ConvexFigure& f : run.formed) {
    const Pattern& pattern = f.verdict.pattern;
    const cv::Mat3b drawn = render_assembly(pattern, f.verdict.pieces, run.plan.config.pieces, 1);
    cells.push_back(
        with_title(fit_picture(figure_square(drawn, pattern, side), kCellPx, 6), f.name));
  }
  const cv::Mat3b grid = cells.empty() ? cv::Mat3b(kCellPx, kCellPx, cv::Vec3b(255, 255, 255))
                                       : picture_grid(cells, kColumns, 6);
  return with_legend_and_title(grid, run.plan.config.pieces, sheet_title(run));
}

std::string convex_sheet_svg(const ConvexFigures& run) {
  std::ostringstream body;
  const int label_px = 20;
  int x = 0, y = 0, row_height = 0, width = 0;
  for (std::size_t i = 0; i < run.formed.size(); ++i) {
    const ConvexFigure& f = run.formed[i];
    SvgConfig config;
    config.scale = 1;
    config.legend = false;
    config.title = f.name;
    std::string svg =
        assembly_svg(f.verdict.pattern, f.verdict.pieces, run.plan.config.pieces, config);
    svg = svg.substr(svg.find("<svg"));  // nested: no XML declaration
    const cv::Size size = f.verdict.pattern.puzzle.size();
    if (i > 0 && i % kColumns == 0) {
      x = 0;
      y += row_height + label_px + 10;
      row_height = 0;
    }
    body << "<text x=\"" << x + size.width / 2 << "\" y=\"" << y + 15
         << "\" text-anchor=\"middle\" font-family=\"sans-serif\" font-size=\"14\">" << f.name
         << "</text>\n<svg x=\"" << x << "\" y=\"" << y + label_px << "\"" << svg.substr(4);
    x += size.width + 10;
    width = std::max(width, x);
    row_height = std::max(row_height, size.height);
  }
  const int height = y + row_height + label_px;
  std::ostringstream out;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" << width
      << "\" height=\"" << height << "\" viewBox=\"0 0 " << width << " " << height << "\">\n"
      << "<title>" << sheet_title(run) << "</title>\n"
      << "<rect x=\"0\" y=\"0\" width=\"" << width << "\" height=\"" << height
      << "\" fill=\"#ffffff\"/>\n"
      << body.str() << "</svg>\n";
  return out.str();
}

std::string convex_csv(const ConvexFigures& run, bool counted) {
  std::string out = "name,corners,sides,step,area,symmetries,assemblies,exhaustive\n";
  for (const ConvexFigure& f : run.formed) {
    const ConvexPolygon& p = f.polygon;
    std::string corners;
    for (const cv::Point c : p.corners)
      corners += (corners.empty() ? "" : " ") + detail::general(c.x * p.step) + ";" +
                 detail::general(c.y * p.step);
    const Enumeration& e = f.verdict.enumeration;
    out += f.name + "," + corners + "," + detail::csv_field(side_lengths_text(p)) + "," +
           detail::general(p.step) + "," + detail::general(run.plan.config.pieces.total_area()) +
           "," + std::to_string(e.symmetries) + "," +
           (counted ? std::to_string(e.solutions) : std::string()) + "," +
           (counted ? (e.exhausted ? "yes" : "no") : std::string()) + "\n";
  }
  return out;
}

std::string rejected_csv(const ConvexFigures& run) {
  std::string out = "sides,step,placements,exhaustive\n";
  for (const ConvexFigure& f : run.rejected)
    out += detail::csv_field(side_lengths_text(f.polygon)) + "," + detail::general(f.polygon.step) +
           "," + std::to_string(f.verdict.enumeration.nodes) + "," +
           (f.verdict.enumeration.exhausted ? "yes" : "no") + "\n";
  return out;
}

}  // namespace tangram
