#pragma once
/// \file figures.hpp
/// Pictures of the method's intermediate data: binary masks, cost matrices as colour maps,
/// marked positions, and frames of a running search. Everything returns 8-bit BGR images;
/// writing them is io.hpp's job.
///
/// Scaling convention: a figure of a pattern is drawn `scale` times larger than the pattern,
/// every pattern pixel becoming a scale x scale block, so that single pixels (anchors, skeleton
/// points) stay visible. Positions passed to the marking functions are pixels of the original
/// image; they are drawn at the centre of their block.

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

/// A self-contained HTML page (inline style, no scripts, nothing fetched from the network)
/// showing `title`, `intro` and then the sections in order; each picture is referenced by its
/// file name, to be written next to the page. Text is escaped.
std::string figures_html(const std::string& title, const std::string& intro,
                         const std::vector<FigureSection>& sections);

/// Integer scale that brings the longer side of `size` to about 512 px; at least 1.
int figure_scale(cv::Size size);

/// A binary image in two colours: nonzero pixels `on`, zero pixels `off`.
cv::Mat3b binary_image(const cv::Mat1b& mask, const cv::Vec3b& on, const cv::Vec3b& off);

/// Values in [0, 1] (clamped) through the viridis colour map: 0 dark purple, 0.5 teal,
/// 1 yellow. Where `inside` is given, its zero pixels become `outside` instead.
cv::Mat3b colour_map(const cv::Mat1f& values, const cv::Mat1b& inside = cv::Mat1b(),
                     const cv::Vec3b& outside = cv::Vec3b(255, 255, 255));

/// Values in [0, 1] (clamped) as grey levels: 0 black, 1 white (the paper's Figs. 5 and 6).
cv::Mat3b grey_map(const cv::Mat1f& values);

/// `image` enlarged `scale` (>= 1) times, every pixel a scale x scale block.
cv::Mat3b enlarge(const cv::Mat3b& image, int scale);

/// Marks pixels of the original image on a picture enlarged `scale` times: a disc of radius
/// `radius_px` (picture pixels) filled with `fill` and ringed with `ring`.
void mark_points(cv::Mat3b& picture, const std::vector<cv::Point>& pixels, int scale,
                 const cv::Scalar& fill, const cv::Scalar& ring, int radius_px);

/// Frames one pixel of the original image on a picture enlarged `scale` times: the pixel's
/// block filled with `colour`, and a ring of radius `radius_px` around it so that it can be
/// found at a glance.
void mark_pixel(cv::Mat3b& picture, cv::Point pixel, int scale, const cv::Scalar& colour,
                int radius_px);

/// Draws the boundary of the nonzero region of `region` (original image size) on a picture
/// enlarged `scale` times.
void draw_region_outline(cv::Mat3b& picture, const cv::Mat1b& region, int scale,
                         const cv::Scalar& colour, int thickness = 1);

/// Draws a polygon given in the pattern's pixel frame on a picture enlarged `scale` times.
void draw_polygon(cv::Mat3b& picture, const Polygon& polygon, int scale, const cv::Scalar& colour,
                  int thickness = 1);

/// `pictures` left to right, top-aligned, `gap_px` apart, on `background`.
cv::Mat3b side_by_side(const std::vector<cv::Mat3b>& pictures, int gap_px,
                       const cv::Vec3b& background = cv::Vec3b(255, 255, 255));

/// `picture` under a white band 24 px high holding one line of `text` (ASCII), in a smaller font
/// when the text would be wider than the picture. The width stays the picture's.
cv::Mat3b with_title(const cv::Mat3b& picture, const std::string& text);

/// One frame of a search (see SearchObserver): the assembly after the event drawn as
/// render_assembly() draws it (each piece in its slot's colour, as in the solution pictures), at
/// `scale` times the pattern's size, under a title
/// ("step 12: reject square 45 deg, 3/7 placed"). The piece of the event is outlined: in black
/// when placed; in red when rejected by the validation (filled faintly where it was tried) or
/// removed (its former place, unfilled). Every frame of a pattern has the same size. `set`: the
/// pieces searched for.
cv::Mat3b render_search_frame(const Pattern& pattern, const PieceSet& set, const SearchEvent& event,
                              int scale = 2);

}  // namespace tangram
