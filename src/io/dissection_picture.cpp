#include "tangram/io/dissection_picture.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "tangram/core/detail/format.hpp"
#include "tangram/core/error.hpp"
#include "tangram/io/picture.hpp"

namespace tangram {

namespace {

constexpr int kOutsideFigure = -1;
constexpr int kFigureOnly = 0;  ///< the owner of every square when there is no dissection
/// Grid lines darken the fill they lie on by this factor (black at 20 % opacity in the SVG).
constexpr double kGridShade = 0.8;

/// A unit edge between two pixel-frame points (horizontal or vertical).
struct Edge {
  int x0, y0, x1, y1;
};

/// The figure on its bounding box: the owner of every square, the thin and the thick edges.
struct Layout {
  int rows = 0, cols = 0, cell = 0, margin = 0, line = 0;
  std::vector<int> owner;  ///< per square, row by row: piece index, or kOutsideFigure
  std::vector<std::vector<Cell>> pieces;  ///< squares of each owner, in the local frame
  std::vector<Edge> grid, cuts;

  int width() const { return cols * cell + 2 * margin; }
  int height() const { return rows * cell + 2 * margin; }
  int at(int r, int c) const {
    return r < 0 || c < 0 || r >= rows || c >= cols
               ? kOutsideFigure
               : owner[static_cast<std::size_t>(r * cols + c)];
  }
};

Layout layout(const Cells& figure, const Dissection& d, const DissectionPictureConfig& config) {
  if (config.cell_px < 4 || config.cell_px > 1024)
    throw UsageError("a dissection picture's square side must be 4 to 1024 pixels, got " +
                     std::to_string(config.cell_px));
  if (config.margin_px < 0 || config.margin_px > 4096)
    throw UsageError("a dissection picture's margin must be 0 to 4096 pixels, got " +
                     std::to_string(config.margin_px));
  if (figure.empty()) throw InputError("empty figure: nothing to draw");
  Layout l;
  l.cell = config.cell_px;
  l.margin = config.margin_px;
  l.line = dissection_line_px(config.cell_px);
  Cell lo = figure[0], hi = figure[0];
  for (Cell c : figure) {
    lo = {std::min(lo.row, c.row), std::min(lo.col, c.col)};
    hi = {std::max(hi.row, c.row), std::max(hi.col, c.col)};
  }
  l.rows = hi.row - lo.row + 1;
  l.cols = hi.col - lo.col + 1;
  if (static_cast<long long>(l.rows) * l.cell > 30000 ||
      static_cast<long long>(l.cols) * l.cell > 30000)
    throw UsageError("a dissection picture of " + std::to_string(l.cols) + " x " +
                     std::to_string(l.rows) + " squares of " + std::to_string(l.cell) +
                     " pixels is too large: give smaller squares");
  l.owner.assign(static_cast<std::size_t>(l.rows * l.cols), kOutsideFigure);
  const auto index = [&](Cell c) {
    return static_cast<std::size_t>((c.row - lo.row) * l.cols + (c.col - lo.col));
  };
  for (Cell c : figure) l.owner[index(c)] = kFigureOnly;
  std::vector<bool> taken(l.owner.size(), false);
  for (std::size_t p = 0; p < d.size(); ++p)
    for (Cell c : d[p]) {
      if (c.row < lo.row || c.row > hi.row || c.col < lo.col || c.col > hi.col ||
          l.owner[index(c)] == kOutsideFigure)
        throw InputError("piece " + std::to_string(p + 1) + " holds square (" +
                         std::to_string(c.row) + ", " + std::to_string(c.col) +
                         "), which is not in the figure");
      if (taken[index(c)])
        throw InputError("square (" + std::to_string(c.row) + ", " + std::to_string(c.col) +
                         ") is in two pieces");
      taken[index(c)] = true;
      l.owner[index(c)] = static_cast<int>(p);
    }
  l.pieces.resize(std::max<std::size_t>(1, d.size()));
  for (int r = 0; r < l.rows; ++r)
    for (int c = 0; c < l.cols; ++c) {
      const int own = l.at(r, c);
      const int x = l.margin + c * l.cell, y = l.margin + r * l.cell, s = l.cell;
      if (own == kOutsideFigure) {
        // An outside square: the thick edges it shares with the figure (the outline).
        if (l.at(r, c + 1) != kOutsideFigure) l.cuts.push_back({x + s, y, x + s, y + s});
        if (l.at(r + 1, c) != kOutsideFigure) l.cuts.push_back({x, y + s, x + s, y + s});
        continue;
      }
      l.pieces[static_cast<std::size_t>(own)].push_back({r, c});
      // Top and left edges on the bounding box, right and bottom edges toward every neighbour.
      if (r == 0) l.cuts.push_back({x, y, x + s, y});
      if (c == 0) l.cuts.push_back({x, y, x, y + s});
      const int right = l.at(r, c + 1), below = l.at(r + 1, c);
      (right == own ? l.grid : l.cuts).push_back({x + s, y, x + s, y + s});
      (below == own ? l.grid : l.cuts).push_back({x, y + s, x + s, y + s});
    }
  return l;
}

/// The fill of owner `p`: the piece's colour, or the puzzle's grey without a dissection.
cv::Scalar fill_of(const Dissection& d, std::size_t p) {
  return d.empty() ? puzzle_colour() : piece_colour(p);
}

}  // namespace

int dissection_line_px(int cell_px) { return std::max(4, cell_px / 16 * 2); }

cv::Mat3b render_dissection(const Cells& figure, const Dissection& d,
                            const DissectionPictureConfig& config) {
  const Layout l = layout(figure, d, config);
  cv::Mat3b image(l.height(), l.width(), cv::Vec3b(255, 255, 255));
  for (std::size_t p = 0; p < l.pieces.size(); ++p)
    for (Cell c : l.pieces[p])
      cv::rectangle(image, cv::Rect(l.margin + c.col * l.cell, l.margin + c.row * l.cell, l.cell,
                                    l.cell),
                    fill_of(d, p), cv::FILLED);
  // A grid line: the pixel row or column just before the edge, shaded.
  for (const Edge& e : l.grid) {
    const cv::Rect line = e.x0 == e.x1 ? cv::Rect(e.x0 - 1, e.y0, 1, e.y1 - e.y0)
                                       : cv::Rect(e.x0, e.y0 - 1, e.x1 - e.x0, 1);
    image(line) *= kGridShade;
  }
  // A thick line: centred on the edge, extended by half its width at both ends (square caps).
  const int half = l.line / 2;
  for (const Edge& e : l.cuts)
    cv::rectangle(image,
                  cv::Rect(std::min(e.x0, e.x1) - half, std::min(e.y0, e.y1) - half,
                           std::abs(e.x1 - e.x0) + l.line, std::abs(e.y1 - e.y0) + l.line),
                  outline_colour(), cv::FILLED);
  return image;
}

std::string dissection_svg(const Cells& figure, const Dissection& d,
                           const DissectionPictureConfig& config) {
  const Layout l = layout(figure, d, config);
  const std::string w = std::to_string(l.width()), h = std::to_string(l.height());
  std::string svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + w + "\" height=\"" + h +
                    "\" viewBox=\"0 0 " + w + " " + h + "\">\n<title>" +
                    (d.empty() ? std::string("congruent dissection puzzle")
                               : "dissection into " + std::to_string(d.size()) + " pieces") +
                    "</title>\n<rect width=\"" + w + "\" height=\"" + h + "\" fill=\"#ffffff\"/>\n";
  const std::string side = std::to_string(l.cell);
  for (std::size_t p = 0; p < l.pieces.size(); ++p) {
    std::string path;
    for (Cell c : l.pieces[p])
      path += "M" + std::to_string(l.margin + c.col * l.cell) + " " +
              std::to_string(l.margin + c.row * l.cell) + "h" + side + "v" + side + "h-" + side +
              "z";
    svg += "<path class=\"piece\" data-piece=\"" +
           (d.empty() ? std::string("figure") : std::to_string(p + 1)) + "\" fill=\"" +
           colour_hex(fill_of(d, p)) + "\" shape-rendering=\"crispEdges\" d=\"" + path + "\"/>\n";
  }
  const auto edges = [](const std::vector<Edge>& list, int shift) {
    std::string path;
    for (const Edge& e : list) {
      // Grid lines lie on the pixel row or column before the edge (as in the PNG): centred
      // half a pixel before it.
      const bool vertical = e.x0 == e.x1;
      const std::string x0 = std::to_string(2 * e.x0 - (vertical ? shift : 0));
      const std::string y0 = std::to_string(2 * e.y0 - (vertical ? 0 : shift));
      path += "M" + x0 + " " + y0 + (vertical ? "V" + std::to_string(2 * e.y1)
                                              : "H" + std::to_string(2 * e.x1));
    }
    return path;
  };
  // Half-pixel coordinates are written doubled inside a scale(0.5) group: integers throughout.
  svg += "<g transform=\"scale(0.5)\">\n<path class=\"grid\" fill=\"none\" stroke=\"#000000\" "
         "stroke-opacity=\"" + detail::fixed(1.0 - kGridShade, 1) +
         "\" stroke-width=\"2\" d=\"" + edges(l.grid, 1) + "\"/>\n<path class=\"cut\" "
         "fill=\"none\" stroke=\"" + colour_hex(outline_colour()) + "\" stroke-width=\"" +
         std::to_string(2 * l.line) + "\" stroke-linecap=\"square\" d=\"" + edges(l.cuts, 0) +
         "\"/>\n</g>\n</svg>\n";
  return svg;
}

}  // namespace tangram
