#include "tangram/io/dissection_picture.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "tangram/core/base/error.hpp"
#include "tangram/core/base/format.hpp"
#include "tangram/io/picture.hpp"

namespace tangram {

namespace {

constexpr int kOutsideFigure = -1;
constexpr int kFigureOnly = 0;  ///< the owner of every quarter when there is no dissection
/// Grid lines darken the fill they lie on by this factor (black at 20 % opacity in the SVG).
constexpr double kGridShade = 0.8;

/// A segment between two pixel-frame points: a unit edge along a grid line, or a half-diagonal
/// (a square's corner to its centre).
struct Edge {
  int x0, y0, x1, y1;
  bool axis() const { return x0 == x1 || y0 == y1; }
};

/// The figure on its bounding box: the owner of every quarter square (a square's four quarters
/// all have the square's owner in a figure of squares), the thin and the thick segments.
struct Layout {
  int rows = 0, cols = 0, cell = 0, margin = 0, line = 0;
  bool puzzle = false;     ///< no dissection: the figure alone, in grey
  bool round = false;      ///< thick lines with round caps (half-squares), else square caps
  std::vector<int> owner;  ///< per quarter, (row * cols + col) * 4 + side: piece, kOutsideFigure
  std::vector<Edge> grid, cuts;

  int width() const { return cols * cell + 2 * margin; }
  int height() const { return rows * cell + 2 * margin; }
  int at(int r, int c, int side) const {
    return r < 0 || c < 0 || r >= rows || c >= cols
               ? kOutsideFigure
               : owner[static_cast<std::size_t>((r * cols + c) * 4 + side)];
  }
  /// The owners of the quarters of square (r, c), by side.
  std::array<int, 4> square(int r, int c) const {
    return {at(r, c, 0), at(r, c, 1), at(r, c, 2), at(r, c, 3)};
  }
  /// The pixel corners of square (r, c): top left, top right, bottom right, bottom left.
  std::array<cv::Point, 4> corners(int r, int c) const {
    const int x = margin + c * cell, y = margin + r * cell;
    return {cv::Point(x, y), cv::Point(x + cell, y), cv::Point(x + cell, y + cell),
            cv::Point(x, y + cell)};
  }
};

/// The quarters of a square, or the quarter itself; and how the error messages name them.
std::array<Quarter, 4> quarters_in(Cell c) {
  return {Quarter{c.row, c.col, 0}, Quarter{c.row, c.col, 1}, Quarter{c.row, c.col, 2},
          Quarter{c.row, c.col, 3}};
}
std::array<Quarter, 1> quarters_in(Quarter q) { return {q}; }
std::string name_of(Cell c) {
  return "square (" + std::to_string(c.row) + ", " + std::to_string(c.col) + ")";
}
std::string name_of(Quarter q) {
  return "quarter (" + std::to_string(q.row) + ", " + std::to_string(q.col) + ", " +
         std::to_string(q.side) + ")";
}

/// The thin and thick segments: every grid edge, and with `diagonals` every half-diagonal,
/// between two quarters of one piece (thin) or of two owners, the outside being one (thick).
void add_edges(Layout& l, bool diagonals) {
  const auto add = [&l](int a, int b, Edge e) {
    if (a != b)
      l.cuts.push_back(e);
    else if (a != kOutsideFigure)
      l.grid.push_back(e);
  };
  for (int r = 0; r < l.rows; ++r)
    for (int c = 0; c < l.cols; ++c) {
      const int x = l.margin + c * l.cell, y = l.margin + r * l.cell, s = l.cell;
      // Top and left edges on the bounding box, right and bottom edges toward every neighbour.
      if (r == 0) add(l.at(r, c, 0), kOutsideFigure, {x, y, x + s, y});
      if (c == 0) add(l.at(r, c, 3), kOutsideFigure, {x, y, x, y + s});
      add(l.at(r, c, 1), l.at(r, c + 1, 3), {x + s, y, x + s, y + s});
      add(l.at(r, c, 2), l.at(r + 1, c, 0), {x, y + s, x + s, y + s});
      if (!diagonals) continue;
      // The half-diagonal from the corner between sides `side` and `side` + 1 to the centre.
      const std::array<cv::Point, 4> corner = l.corners(r, c);
      for (int side = 0; side < 4; ++side) {
        const cv::Point p = corner[static_cast<std::size_t>((side + 1) % 4)];
        add(l.at(r, c, side), l.at(r, c, (side + 1) % 4), {p.x, p.y, x + s / 2, y + s / 2});
      }
    }
}

template <class Item>
Layout layout(const std::vector<Item>& figure, const std::vector<std::vector<Item>>& d,
              const DissectionPictureConfig& config, bool diagonals) {
  if (config.cell_px < 4 || config.cell_px > 1024)
    throw UsageError("a dissection picture's square side must be 4 to 1024 pixels, got " +
                     std::to_string(config.cell_px));
  if (diagonals && config.cell_px % 2 != 0)
    throw UsageError("a half-square dissection picture's square side must be even, got " +
                     std::to_string(config.cell_px));
  if (config.margin_px < 0 || config.margin_px > 4096)
    throw UsageError("a dissection picture's margin must be 0 to 4096 pixels, got " +
                     std::to_string(config.margin_px));
  if (figure.empty()) throw InputError("empty figure: nothing to draw");
  Layout l;
  l.cell = config.cell_px;
  l.margin = config.margin_px;
  l.line = dissection_line_px(config.cell_px);
  l.puzzle = d.empty();
  l.round = diagonals;
  Cell lo{figure[0].row, figure[0].col}, hi = lo;
  for (const Item& c : figure) {
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
  l.owner.assign(static_cast<std::size_t>(l.rows * l.cols * 4), kOutsideFigure);
  const auto index = [&](Quarter q) {
    return static_cast<std::size_t>(((q.row - lo.row) * l.cols + (q.col - lo.col)) * 4 + q.side);
  };
  for (const Item& item : figure)
    for (Quarter q : quarters_in(item)) l.owner[index(q)] = kFigureOnly;
  std::vector<bool> taken(l.owner.size(), false);
  for (std::size_t p = 0; p < d.size(); ++p)
    for (const Item& item : d[p])
      for (Quarter q : quarters_in(item)) {
        if (q.row < lo.row || q.row > hi.row || q.col < lo.col || q.col > hi.col || q.side < 0 ||
            q.side > 3 || l.owner[index(q)] == kOutsideFigure)
          throw InputError("piece " + std::to_string(p + 1) + " holds " + name_of(item) +
                           ", which is not in the figure");
        if (taken[index(q)]) throw InputError(name_of(item) + " is in two pieces");
        taken[index(q)] = true;
        l.owner[index(q)] = static_cast<int>(p);
      }
  add_edges(l, diagonals);
  return l;
}

/// The fill of owner `p`: the piece's colour, or the puzzle's grey without a dissection.
cv::Scalar fill_of(const Layout& l, int p) {
  return l.puzzle ? puzzle_colour() : piece_colour(static_cast<std::size_t>(p));
}

/// Which quarter of a square of side `s` holds the pixel (x, y) of the square (by its centre;
/// on a diagonal, the top or bottom one).
int quarter_of_pixel(int x, int y, int s) {
  const int dx = 2 * x + 1 - s, dy = 2 * y + 1 - s;  // doubled, from the square's centre
  if (std::abs(dy) >= std::abs(dx)) return dy < 0 ? 0 : 2;
  return dx > 0 ? 1 : 3;
}

void fill(cv::Mat3b& image, const Layout& l) {
  for (int r = 0; r < l.rows; ++r)
    for (int c = 0; c < l.cols; ++c) {
      const std::array<int, 4> own = l.square(r, c);
      const int x = l.margin + c * l.cell, y = l.margin + r * l.cell;
      if (std::all_of(own.begin(), own.end(), [&](int o) { return o == own[0]; })) {
        if (own[0] != kOutsideFigure)
          cv::rectangle(image, cv::Rect(x, y, l.cell, l.cell), fill_of(l, own[0]), cv::FILLED);
        continue;
      }
      for (int py = 0; py < l.cell; ++py)
        for (int px = 0; px < l.cell; ++px) {
          const int o = own[static_cast<std::size_t>(quarter_of_pixel(px, py, l.cell))];
          if (o == kOutsideFigure) continue;
          const cv::Scalar colour = fill_of(l, o);
          image(y + py, x + px) = cv::Vec3b(static_cast<unsigned char>(colour[0]),
                                            static_cast<unsigned char>(colour[1]),
                                            static_cast<unsigned char>(colour[2]));
        }
    }
}

/// A thin line, shaded: along a grid line, the pixel row or column just before the edge; along
/// a half-diagonal, the pixels whose centres it passes through.
void shade(cv::Mat3b& image, const Edge& e) {
  if (e.axis()) {
    const cv::Rect line = e.x0 == e.x1 ? cv::Rect(e.x0 - 1, e.y0, 1, e.y1 - e.y0)
                                       : cv::Rect(e.x0, e.y0 - 1, e.x1 - e.x0, 1);
    image(line) *= kGridShade;
    return;
  }
  const int sx = e.x1 > e.x0 ? 1 : -1, sy = e.y1 > e.y0 ? 1 : -1;
  for (int k = 0; k < std::abs(e.x1 - e.x0); ++k) {
    cv::Vec3b& p = image(e.y0 + sy * k - (sy < 0 ? 1 : 0), e.x0 + sx * k - (sx < 0 ? 1 : 0));
    for (int i = 0; i < 3; ++i) p[i] = cv::saturate_cast<unsigned char>(p[i] * kGridShade);
  }
}

/// A thick line centred on the edge: square caps (a rectangle extended by half the width at
/// both ends), or round caps (every pixel whose centre is within half the width of the edge).
void thick(cv::Mat3b& image, const Edge& e, int width, bool round) {
  const int half = width / 2;
  const cv::Rect box(std::min(e.x0, e.x1) - half, std::min(e.y0, e.y1) - half,
                     std::abs(e.x1 - e.x0) + width, std::abs(e.y1 - e.y0) + width);
  if (!round) {
    cv::rectangle(image, box, outline_colour(), cv::FILLED);
    return;
  }
  const cv::Scalar s = outline_colour();
  const cv::Vec3b dark(static_cast<unsigned char>(s[0]), static_cast<unsigned char>(s[1]),
                       static_cast<unsigned char>(s[2]));
  const double ex = e.x1 - e.x0, ey = e.y1 - e.y0, length2 = ex * ex + ey * ey;
  const cv::Rect clipped = box & cv::Rect(0, 0, image.cols, image.rows);
  for (int y = clipped.y; y < clipped.y + clipped.height; ++y)
    for (int x = clipped.x; x < clipped.x + clipped.width; ++x) {
      const double px = x + 0.5 - e.x0, py = y + 0.5 - e.y0;
      const double t = std::clamp((px * ex + py * ey) / length2, 0.0, 1.0);
      const double dx = px - t * ex, dy = py - t * ey;
      if (dx * dx + dy * dy <= half * half) image(y, x) = dark;
    }
}

cv::Mat3b render(const Layout& l) {
  cv::Mat3b image(l.height(), l.width(), cv::Vec3b(255, 255, 255));
  fill(image, l);
  for (const Edge& e : l.grid) shade(image, e);
  for (const Edge& e : l.cuts) thick(image, e, l.line, l.round);
  return image;
}

/// Each owner's fill as SVG path data: a square whose quarters it holds all as "M x y h s v s
/// h -s z", else one polygon per run of its quarters around the square (a half-square as its
/// triangle).
std::vector<std::string> fill_paths(const Layout& l) {
  int owners = 1;
  for (int o : l.owner) owners = std::max(owners, o + 1);
  std::vector<std::string> paths(static_cast<std::size_t>(owners));
  const auto point = [](cv::Point p) { return std::to_string(p.x) + " " + std::to_string(p.y); };
  const std::string side = std::to_string(l.cell);
  for (int r = 0; r < l.rows; ++r)
    for (int c = 0; c < l.cols; ++c) {
      const std::array<int, 4> own = l.square(r, c);
      const std::array<cv::Point, 4> corner = l.corners(r, c);
      if (std::all_of(own.begin(), own.end(), [&](int o) { return o == own[0]; })) {
        if (own[0] != kOutsideFigure)
          paths[static_cast<std::size_t>(own[0])] +=
              "M" + point(corner[0]) + "h" + side + "v" + side + "h-" + side + "z";
        continue;
      }
      int first = 0;  // a side where a run begins
      while (own[static_cast<std::size_t>(first)] == own[static_cast<std::size_t>((first + 3) % 4)])
        ++first;
      for (int k = 0; k < 4;) {
        const int start = (first + k) % 4, o = own[static_cast<std::size_t>(start)];
        int n = 1;
        while (k + n < 4 && own[static_cast<std::size_t>((start + n) % 4)] == o) ++n;
        k += n;
        if (o == kOutsideFigure) continue;
        // Side s runs from corner s to corner s + 1; the centre closes the run (a half-square's
        // centre lies on its long side, and is left out).
        const cv::Point centre(corner[0].x + l.cell / 2, corner[0].y + l.cell / 2);
        std::string polygon = n == 2 ? std::string() : "M" + point(centre);
        for (int i = 0; i <= n; ++i)
          polygon += (polygon.empty() ? "M" : "L") +
                     point(corner[static_cast<std::size_t>((start + i) % 4)]);
        paths[static_cast<std::size_t>(o)] += polygon + "z";
      }
    }
  return paths;
}

std::string svg(const Layout& l, std::size_t pieces) {
  const std::string w = std::to_string(l.width()), h = std::to_string(l.height());
  std::string svg =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
      w + "\" height=\"" + h + "\" viewBox=\"0 0 " + w + " " + h + "\">\n<title>" +
      (l.puzzle ? std::string("congruent dissection puzzle")
                : "dissection into " + std::to_string(pieces) + " pieces") +
      "</title>\n<rect width=\"" + w + "\" height=\"" + h + "\" fill=\"#ffffff\"/>\n";
  const std::vector<std::string> paths = fill_paths(l);
  for (std::size_t p = 0; p < std::max<std::size_t>(1, pieces); ++p)
    svg += "<path class=\"piece\" data-piece=\"" +
           (l.puzzle ? std::string("figure") : std::to_string(p + 1)) + "\" fill=\"" +
           colour_hex(fill_of(l, static_cast<int>(p))) + "\" shape-rendering=\"crispEdges\" d=\"" +
           (p < paths.size() ? paths[p] : "") + "\"/>\n";
  const auto edges = [](const std::vector<Edge>& list, int shift) {
    std::string path;
    for (const Edge& e : list) {
      if (!e.axis()) {  // a half-diagonal: the PNG's pixels are centred on it
        path += "M" + std::to_string(2 * e.x0) + " " + std::to_string(2 * e.y0) + "L" +
                std::to_string(2 * e.x1) + " " + std::to_string(2 * e.y1);
        continue;
      }
      // Grid lines lie on the pixel row or column before the edge (as in the PNG): centred
      // half a pixel before it.
      const bool vertical = e.x0 == e.x1;
      const std::string x0 = std::to_string(2 * e.x0 - (vertical ? shift : 0));
      const std::string y0 = std::to_string(2 * e.y0 - (vertical ? 0 : shift));
      path += "M" + x0 + " " + y0 +
              (vertical ? "V" + std::to_string(2 * e.y1) : "H" + std::to_string(2 * e.x1));
    }
    return path;
  };
  // Half-pixel coordinates are written doubled inside a scale(0.5) group: integers throughout.
  svg +=
      "<g transform=\"scale(0.5)\">\n<path class=\"grid\" fill=\"none\" stroke=\"#000000\" "
      "stroke-opacity=\"" +
      detail::fixed(1.0 - kGridShade, 1) + "\" stroke-width=\"2\" d=\"" + edges(l.grid, 1) +
      "\"/>\n<path class=\"cut\" "
      "fill=\"none\" stroke=\"" +
      colour_hex(outline_colour()) + "\" stroke-width=\"" + std::to_string(2 * l.line) +
      "\" stroke-linecap=\"" + (l.round ? "round" : "square") + "\" d=\"" + edges(l.cuts, 0) +
      "\"/>\n</g>\n</svg>\n";
  return svg;
}

}  // namespace

int dissection_line_px(int cell_px) { return std::max(4, cell_px / 16 * 2); }

cv::Mat3b render_dissection(const Cells& figure, const Dissection& d,
                            const DissectionPictureConfig& config) {
  return render(layout(figure, d, config, false));
}

std::string dissection_svg(const Cells& figure, const Dissection& d,
                           const DissectionPictureConfig& config) {
  return svg(layout(figure, d, config, false), d.size());
}

cv::Mat3b render_half_dissection(const Quarters& figure, const HalfDissection& d,
                                 const DissectionPictureConfig& config) {
  return render(layout(figure, d, config, true));
}

std::string half_dissection_svg(const Quarters& figure, const HalfDissection& d,
                                const DissectionPictureConfig& config) {
  return svg(layout(figure, d, config, true), d.size());
}

}  // namespace tangram
