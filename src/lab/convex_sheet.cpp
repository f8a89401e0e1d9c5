// The sheet and tables of `tangram generate convex` (convex_sheet.hpp).

#include "tangram/lab/convex_sheet.hpp"

#include <algorithm>
#include <sstream>

#include "tangram/core/base/format.hpp"
#include "tangram/io/picture.hpp"
#include "tangram/io/svg.hpp"
#include "tangram/lab/figures.hpp"

namespace tangram {

namespace {

constexpr int kCellPx = 180;  ///< each figure's square on the sheet
constexpr int kColumns = 5;   ///< figures in a row

/// The part of `pattern` that holds the figure, with a margin of a twentieth.
cv::Rect figure_box(const Pattern& pattern) {
  const cv::Rect box = cv::boundingRect(pattern.puzzle);
  const int margin = std::max(2, std::max(box.width, box.height) / 20);
  return cv::Rect(box.x - margin, box.y - margin, box.width + 2 * margin, box.height + 2 * margin) &
         cv::Rect(0, 0, pattern.puzzle.cols, pattern.puzzle.rows);
}

std::string sheet_title(const ConvexFigures& run) {
  return std::to_string(run.formed.size()) + " convex figures of " + run.plan.config.pieces.name();
}

}  // namespace

cv::Mat3b convex_sheet_picture(const ConvexFigures& run) {
  std::vector<cv::Mat3b> cells;
  for (const ConvexFigure& f : run.formed) {
    const Pattern& pattern = f.verdict.pattern;
    const cv::Mat3b drawn = render_assembly(pattern, f.verdict.pieces, run.plan.config.pieces, 1);
    cells.push_back(with_title(fit_picture(drawn(figure_box(pattern)), kCellPx, 6), f.name));
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
      corners += (corners.empty() ? "" : " ") + detail::general(c.x * p.step) + ";" + detail::general(c.y * p.step);
    const Enumeration& e = f.verdict.enumeration;
    out += f.name + "," + corners + ",\"" + side_lengths_text(p) + "\"," + detail::general(p.step) + "," +
           detail::general(run.plan.config.pieces.total_area()) + "," + std::to_string(e.symmetries) + "," +
           (counted ? std::to_string(e.solutions) : std::string()) + "," +
           (counted ? (e.exhausted ? "yes" : "no") : std::string()) + "\n";
  }
  return out;
}

std::string rejected_csv(const ConvexFigures& run) {
  std::string out = "sides,step,placements,exhaustive\n";
  for (const ConvexFigure& f : run.rejected)
    out += "\"" + side_lengths_text(f.polygon) + "\"," + detail::general(f.polygon.step) + "," +
           std::to_string(f.verdict.enumeration.nodes) + "," +
           (f.verdict.enumeration.exhausted ? "yes" : "no") + "\n";
  return out;
}

}  // namespace tangram
