#pragma once
/// \file components.hpp
/// Connected components of a binary image, found on its row runs: the components, areas and
/// boxes of cv::connectedComponentsWithStats, numbered by their first pixel in raster order, with
/// no label image unless asked.

#include <vector>

#include <opencv2/core.hpp>

namespace tangram {

/// Joins runs of set pixels, given row by row and left to right, into components.
class RunUnion {
public:
  /// `connectivity`: 4 (edges) or 8 (edges and corners).
  explicit RunUnion(int connectivity);

  /// Starts the next row; the row before becomes the one runs are joined to.
  void next_row();
  /// Adds the run of columns [first, end) to the current row.
  void add(int first, int end);
  /// The runs added, in order.
  int runs() const { return static_cast<int>(first_.size()); }
  /// The component of run i: the index of its first run, the same for all of its runs.
  int root(int i);

private:
  int reach_;  // 1 with corners: [a, b) and [c, d) touch when c <= b and a <= d; else 0
  std::vector<int> first_, end_, parent_;
  int above_begin_ = 0, above_end_ = 0, row_begin_ = 0;
};

/// The components of the pixels of an image that are nonzero (or zero).
struct Components {
  struct Run {
    int row, first, end;  ///< pixels [first, end) of row `row`
    int label;            ///< 1 .. count()
  };
  std::vector<Run> runs;      ///< row by row, left to right
  std::vector<long> area;     ///< pixels, by label (index 0 unused, 0)
  std::vector<cv::Rect> box;  ///< bounding boxes, by label (index 0 unused)

  /// Number of components.
  int count() const { return static_cast<int>(area.size()) - 1; }
  /// Whether component `label`'s box reaches the border of an image of `size`.
  bool touches_border(int label, cv::Size size) const;
  /// Sets `image` to `value` on the pixels of the components flagged (by label).
  void paint(cv::Mat1b& image, const std::vector<char>& flagged, uchar value) const;
  /// The label image: 0 off the components, their label on them.
  cv::Mat1i labels(cv::Size size) const;
  /// Component `label` alone in its box: 255 on its pixels.
  cv::Mat1b mask(int label) const;
};

/// The 4- or 8-connected components of the nonzero pixels of `image`, or of its zero pixels
/// when `nonzero` is false.
Components connected_components(const cv::Mat1b& image, int connectivity, bool nonzero = true);

}  // namespace tangram
