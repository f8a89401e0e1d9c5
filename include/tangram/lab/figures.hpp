#pragma once
/// \file figures.hpp
/// Pictures of the method's data, `scale` times the pattern (docs/design/lab.md).

#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/solve/solve.hpp"

namespace tangram {

/// One picture with its file name and caption.
struct Figure {
  std::string file;     ///< file name, e.g. "fig7a-pattern-mask.png"
  std::string title;    ///< short title, e.g. "(a) Pattern mask"
  std::string caption;  ///< one or two sentences, plain text
  cv::Mat3b image;
  /// Optional table shown under the caption: the first row is the header (plain text).
  std::vector<std::vector<std::string>> table;
};

/// Figures under one heading.
struct FigureSection {
  std::string heading;  ///< e.g. "Fig. 7: one placement, step by step"
  std::string intro;    ///< a sentence or two, plain text
  std::vector<Figure> figures;
};

/// A self-contained HTML page of the sections, pictures by file name.
std::string figures_html(const std::string& title, const std::string& intro,
                         const std::vector<FigureSection>& sections);

/// Integer scale that brings the longer side of `size` to about 512 px; at least 1.
int figure_scale(cv::Size size);

/// A binary image in two colours: nonzero pixels `on`, zero pixels `off`.
cv::Mat3b binary_image(const cv::Mat1b& mask, const cv::Vec3b& on, const cv::Vec3b& off);

/// Values in [0, 1] through viridis; `inside`'s zero pixels become `outside`.
cv::Mat3b colour_map(const cv::Mat1f& values, const cv::Mat1b& inside = cv::Mat1b(),
                     const cv::Vec3b& outside = cv::Vec3b(255, 255, 255));

/// Values in [0, 1] (clamped) as grey levels: 0 black, 1 white (the paper's Figs. 5 and 6).
cv::Mat3b grey_map(const cv::Mat1f& values);

/// `image` enlarged `scale` (>= 1) times, every pixel a scale x scale block.
cv::Mat3b enlarge(const cv::Mat3b& image, int scale);

/// Marks `pixels` on a picture enlarged `scale` times with ringed discs.
void mark_points(cv::Mat3b& picture, const std::vector<cv::Point>& pixels, int scale,
                 const cv::Scalar& fill, const cv::Scalar& ring, int radius_px);

/// Fills and rings one pixel on a picture enlarged `scale` times.
void mark_pixel(cv::Mat3b& picture, cv::Point pixel, int scale, const cv::Scalar& colour,
                int radius_px);

/// Draws the boundary of `region`'s nonzero pixels, enlarged `scale` times.
void draw_region_outline(cv::Mat3b& picture, const cv::Mat1b& region, int scale,
                         const cv::Scalar& colour, int thickness = 1);

/// Draws a polygon given in the pattern's pixel frame on a picture enlarged `scale` times.
void draw_polygon(cv::Mat3b& picture, const Polygon& polygon, int scale, const cv::Scalar& colour,
                  int thickness = 1);

/// `pictures` left to right, top-aligned, `gap_px` apart, on `background`.
cv::Mat3b side_by_side(const std::vector<cv::Mat3b>& pictures, int gap_px,
                       const cv::Vec3b& background = cv::Vec3b(255, 255, 255));

/// `pictures` in rows of `columns`, left to right, `gap_px` apart, on white.
cv::Mat3b picture_grid(const std::vector<cv::Mat3b>& pictures, int columns, int gap_px);

/// `picture` with `set`'s legend below it, under a band with `title`.
cv::Mat3b with_legend_and_title(const cv::Mat3b& picture, const PieceSet& set,
                                const std::string& title);

/// `picture` under a 24 px band with `text` (ASCII), as wide as the picture.
cv::Mat3b with_title(const cv::Mat3b& picture, const std::string& text);

/// One frame of a search: the assembly after `event`, its piece outlined; one size per pattern.
cv::Mat3b render_search_frame(const Pattern& pattern, const PieceSet& set, const SearchEvent& event,
                              int scale = 2);

}  // namespace tangram
