#include "tangram/io/square_picture.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "tangram/core/base/error.hpp"

namespace tangram {

namespace {

/// A region enclosed by dark lines is the figure's fill, not a hole, when its mean colour
/// differs from the ground's by more than this in some channel (the puzzle's grey is 30 away).
constexpr double kFillContrast = 12.0;
/// A pixel lies on a line when it is darker than this fraction of both pixels across the line.
constexpr double kLineShade = 0.9;
/// How far across a line its sides are looked for (px): lines up to 2 x 16 px wide are seen.
constexpr int kLineReach = 16;

/// `image` as 8-bit BGR, transparent pixels white.
cv::Mat3b bgr_of(const cv::Mat& input) {
  cv::Mat image = input;
  if (image.depth() == CV_16U) input.convertTo(image, CV_8U, 1.0 / 257.0);
  cv::Mat3b bgr;
  if (image.channels() == 4) {
    cv::cvtColor(image, bgr, cv::COLOR_BGRA2BGR);
    std::vector<cv::Mat> planes;
    cv::split(image, planes);
    bgr.setTo(cv::Scalar(255, 255, 255), planes[3] < 128);
  } else if (image.channels() == 3) {
    bgr = image;
  } else {
    cv::cvtColor(image, bgr, cv::COLOR_GRAY2BGR);
  }
  return bgr;
}

/// The greatest common divisor of the lengths of the runs of equal values along the rows (or
/// the columns, `by_column`) of `mask`, with `g`.
int run_gcd(const cv::Mat1b& mask, bool by_column, int g) {
  const int lines = by_column ? mask.cols : mask.rows, length = by_column ? mask.rows : mask.cols;
  for (int i = 0; i < lines; ++i) {
    int run = 1;
    for (int k = 1; k <= length; ++k) {
      const auto at = [&](int j) { return by_column ? mask(j, i) : mask(i, j); };
      if (k < length && at(k) == at(k - 1))
        ++run;
      else
        g = std::gcd(g, run), run = 1;
    }
  }
  return g;
}

/// Dark squares: the side from the runs (or `cell_px`), a square filled when its centre is dark.
SquareGrid solid_reading(const cv::Mat1b& dark, int cell_px) {
  SquareGrid grid;
  const cv::Rect box = cv::boundingRect(dark);
  const cv::Mat1b inside = dark(box);
  grid.box = box.size();
  const int side = cell_px != 0 ? cell_px : run_gcd(inside, true, run_gcd(inside, false, 0));
  if (side < 2) return grid;
  grid.cell_px = side;
  if (box.width % side != 0 || box.height % side != 0) return grid;
  for (int r = 0; r < box.height / side; ++r) {
    for (int c = 0; c < box.width / side; ++c)
      grid.text += inside(r * side + side / 2, c * side + side / 2) ? '#' : '.';
    grid.text += '\n';
  }
  return grid;
}

/// The centres (px, continuous: pixel i spans [i, i + 1)) of the vertical lines drawn across
/// `figure`: columns where most of the figure's pixels are darker than kLineShade of both
/// pixels at some distance up to kLineReach on either side (a line up to twice as wide). Pass
/// the transposes for the horizontal lines.
std::vector<double> line_centres(const cv::Mat1b& grey, const cv::Mat1b& figure) {
  std::vector<bool> on(static_cast<std::size_t>(grey.cols), false);
  for (int x = 0; x < grey.cols; ++x) {
    int in_figure = 0, on_line = 0;
    for (int y = 0; y < grey.rows; ++y) {
      if (figure(y, x) == 0) continue;
      ++in_figure;
      for (int reach = 1; reach <= kLineReach; ++reach) {
        const int left = x - reach >= 0 ? grey(y, x - reach) : 255;
        const int right = x + reach < grey.cols ? grey(y, x + reach) : 255;
        if (grey(y, x) < kLineShade * std::min(left, right)) {
          ++on_line;
          break;
        }
      }
    }
    on[static_cast<std::size_t>(x)] = on_line >= 2 && 2 * on_line >= in_figure;
  }
  std::vector<double> centres;
  for (int x = 0; x < grey.cols;) {
    if (!on[static_cast<std::size_t>(x)]) {
      ++x;
      continue;
    }
    int end = x;
    while (end < grey.cols && on[static_cast<std::size_t>(end)]) ++end;
    centres.push_back((x + end) / 2.0);  // the middle of pixels x .. end - 1
    x = end;
  }
  return centres;
}

/// Whether every line lies on a multiple of `side` from the first, within a pixel and a half
/// (thin lines are drawn on the pixel before their edge, thick ones centred on it).
bool lines_fit(const std::vector<double>& lines, double side) {
  const double tolerance = std::max(1.5, side / 10.0);
  return std::all_of(lines.begin(), lines.end(), [&](double c) {
    const double d = (c - lines.front()) / side;
    return std::abs(d - std::round(d)) * side <= tolerance;
  });
}

/// A drawn figure: `figure` (its inside filled) cut into squares whose side is the spacing of
/// the lines drawn on it (or `cell_px`), from the outline's first line.
SquareGrid drawn_reading(const cv::Mat1b& grey, const cv::Mat1b& figure, int cell_px) {
  SquareGrid grid;
  grid.drawn = true;
  const std::vector<double> xs = line_centres(grey, figure);
  const std::vector<double> ys = line_centres(grey.t(), figure.t());
  if (xs.size() < 2 || ys.size() < 2) return grid;
  const double width = xs.back() - xs.front(), height = ys.back() - ys.front();
  grid.box = cv::Size(static_cast<int>(std::lround(width)), static_cast<int>(std::lround(height)));
  double side = 0;
  if (cell_px != 0) {
    grid.cell_px = cell_px;
    if (!lines_fit(xs, cell_px) || !lines_fit(ys, cell_px)) return grid;
    side = cell_px;
  } else {
    for (int n = 1; width / n >= 4; ++n)  // the largest side that every line fits
      if (lines_fit(xs, width / n) && lines_fit(ys, width / n)) {
        side = width / n;
        break;
      }
    if (side == 0) return grid;
    grid.cell_px = static_cast<int>(std::lround(side));
  }
  const long cols = std::lround(width / side), rows = std::lround(height / side);
  const int half = std::max(1, static_cast<int>(side / 4));
  for (long r = 0; r < rows; ++r) {
    for (long c = 0; c < cols; ++c) {
      const int x =
          static_cast<int>(std::floor(xs.front() + (static_cast<double>(c) + 0.5) * side));
      const int y =
          static_cast<int>(std::floor(ys.front() + (static_cast<double>(r) + 0.5) * side));
      const cv::Rect window = cv::Rect(x - half, y - half, 2 * half + 1, 2 * half + 1) &
                              cv::Rect(0, 0, figure.cols, figure.rows);
      grid.text += 2 * cv::countNonZero(figure(window)) > window.area() ? '#' : '.';
    }
    grid.text += '\n';
  }
  return grid;
}

}  // namespace

SquareGrid read_square_grid(const cv::Mat& image, int cell_px) {
  const cv::Mat3b bgr = bgr_of(image);
  cv::Mat1b grey;
  cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
  const cv::Mat1b dark = grey < 128;
  if (cv::countNonZero(dark) == 0)
    throw InputError("no dark pixel: the figure is drawn dark on light");
  // The light regions: the ground touches the picture's border; the others are enclosed.
  cv::Mat1i labels;
  const int count = cv::connectedComponents(255 - dark, labels, 4, CV_32S);
  std::vector<bool> ground(static_cast<std::size_t>(count), false);
  for (int y = 0; y < labels.rows; ++y)
    for (int x = 0; x < labels.cols; ++x)
      if (y == 0 || x == 0 || y == labels.rows - 1 || x == labels.cols - 1)
        if (dark(y, x) == 0) ground[static_cast<std::size_t>(labels(y, x))] = true;
  cv::Mat1b ground_mask(labels.size(), uchar{0});
  for (int y = 0; y < labels.rows; ++y)
    for (int x = 0; x < labels.cols; ++x)
      if (dark(y, x) == 0 && ground[static_cast<std::size_t>(labels(y, x))])
        ground_mask(y, x) = 255;
  const cv::Scalar ground_colour =
      cv::countNonZero(ground_mask) > 0 ? cv::mean(bgr, ground_mask) : cv::Scalar(255, 255, 255);
  // Each enclosed region is a fill (its colour is not the ground's) or a hole.
  std::vector<cv::Vec3d> sums(static_cast<std::size_t>(count));
  std::vector<long> areas(static_cast<std::size_t>(count), 0);
  for (int y = 0; y < labels.rows; ++y)
    for (int x = 0; x < labels.cols; ++x) {
      if (dark(y, x) != 0) continue;
      const auto l = static_cast<std::size_t>(labels(y, x));
      sums[l] += cv::Vec3d(bgr(y, x)[0], bgr(y, x)[1], bgr(y, x)[2]);
      ++areas[l];
    }
  std::vector<bool> filled(static_cast<std::size_t>(count), false);
  bool any_fill = false, any_enclosed = false;
  for (std::size_t l = 0; l < filled.size(); ++l) {
    if (ground[l] || areas[l] == 0) continue;
    any_enclosed = true;
    const cv::Vec3d mean = sums[l] / static_cast<double>(areas[l]);
    for (int i = 0; i < 3; ++i)
      if (std::abs(mean[i] - ground_colour[i]) > kFillContrast) filled[l] = true;
    any_fill = any_fill || filled[l];
  }
  const auto figure_of = [&](bool fill_every_region) {
    cv::Mat1b figure = dark.clone();
    for (int y = 0; y < labels.rows; ++y)
      for (int x = 0; x < labels.cols; ++x) {
        const auto l = static_cast<std::size_t>(labels(y, x));
        if (dark(y, x) == 0 && !ground[l] && (fill_every_region || filled[l])) figure(y, x) = 255;
      }
    return figure;
  };
  if (any_fill) return drawn_reading(grey, figure_of(false), cell_px);
  SquareGrid solid = solid_reading(dark, cell_px);
  if (!solid.text.empty() || !any_enclosed) return solid;
  // Dark lines on the ground's colour that no side of squares explains: a drawn grid.
  SquareGrid drawn = drawn_reading(grey, figure_of(true), cell_px);
  return drawn.text.empty() ? solid : drawn;
}

}  // namespace tangram
