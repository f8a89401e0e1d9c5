#pragma once
/// \file morphology.hpp
/// Collision-free areas and morphological skeletons (Yamada et al. 2019, Sec. III-C, Fig. 7).
///
/// The paper computes the collision-free area of a configuration as the complement of the
/// obstacles dilated by the reflected configuration mask. Equivalently it is the erosion of the
/// empty region by the mask: anchor p is collision-free when every cell of the mask placed at p
/// lies on an empty pixel; pixels beyond the image count as obstacles. Because every piece is
/// convex, each mask row is one run, and the test for one row is "the empty run starting at
/// column x + x0 is at least len long": a precomputed run table answers it for 64 anchors at a
/// time with word operations. collision_free_area_reference() computes the same with cv::dilate
/// and is kept for tests and benchmarks.

#include <cstdint>
#include <memory>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/raster/raster.hpp"

namespace tangram {

/// Run table of an empty region: for every run length L in [1, max_len], bit x of row y is set
/// when pixels x .. x+L-1 of row y are all empty. Rows are immutable and shared between copies,
/// so that the table of a state one piece away is the parent's with the piece's rows rebuilt.
class RunTable {
public:
  RunTable() = default;
  /// Builds the table for `empty` (set bit = empty pixel) up to run length `max_len`.
  RunTable(const BitGrid& empty, int max_len);

  /// This table with rows [y0, y1) rebuilt from `empty` and the other rows shared: the table of
  /// `empty` when only those rows differ from the region this table was built for. `max_len`
  /// must not exceed this table's.
  RunTable with_rows_rebuilt(const BitGrid& empty, int y0, int y1, int max_len) const;

  int max_len() const { return max_len_; }
  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int words_per_row() const { return words_; }
  /// Length of the longest run of row y if it is at most max_len, else some length >= max_len:
  /// row(L, y) has a set bit exactly when L <= longest(y).
  int longest(int y) const { return lengths_[static_cast<std::size_t>(y)]; }
  /// Row y of the table for run length L (1 <= L <= max_len).
  const std::uint64_t* row(int length, int y) const {
    const std::size_t k = static_cast<std::size_t>(y);
    return length <= lengths_[k] ? row_[k] + static_cast<std::size_t>(length - 1) * words_
                                 : zeros_.data();
  }

private:
  // Builds rows [y0, y1) into a new block.
  void build_rows(const BitGrid& empty, int y0, int y1);

  int max_len_ = 0, rows_ = 0, cols_ = 0, words_ = 0;
  // Row y holds lengths 1 .. lengths_[y] (words_ words each) from row_[y]; longer lengths have
  // no run (zeros_). The rows live in blocks_, shared by the tables built from one another.
  std::vector<int> lengths_;
  std::vector<const std::uint64_t*> row_;
  std::vector<std::shared_ptr<const std::uint64_t[]>> blocks_;
  std::vector<std::uint64_t> zeros_;
};

/// Collision-free area of `mask` in the empty region behind `table`: bit (x, y) of `out` is set
/// when the mask anchored at pixel (x, y) covers only empty pixels. `out` is resized to the
/// table's size. The mask's longest run must not exceed table.max_len().
void collision_free_area(const RunTable& table, const RunMask& mask, BitGrid& out);

/// True when the collision-free area of `mask` is not empty (stops at the first hit).
bool has_collision_free_position(const RunTable& table, const RunMask& mask);

/// Flags, per configuration of `piece`, whether it may have a collision-free position: false
/// means surely none (its group's core has none); for one-member groups the flag is exact.
/// With `wanted` (one flag per configuration), unwanted configurations are flagged false and
/// groups without a wanted member are not tested. Groups are tested in parallel.
std::vector<char> possible_configurations(const RunTable& table, const PieceMasks& piece,
                                          const std::vector<char>* wanted = nullptr);

/// True when some configuration of `piece` has a collision-free position. Exact: cores only
/// skip groups that cannot fit. Groups are tested in parallel.
bool any_configuration_fits(const RunTable& table, const PieceMasks& piece);

/// Reference implementation with OpenCV: dilates `obstacles` (nonzero = obstacle) by the mask
/// with the anchor at the mask's anchor pixel and a constant obstacle border, and returns the
/// complement (255 = collision-free). cv::dilate takes the maximum over src(x + dx, y + dy) for
/// the kernel's cells (dx, dy), i.e. it already is the textbook dilation by the reflected
/// kernel, so the unreflected mask is passed.
cv::Mat1b collision_free_area_reference(const cv::Mat1b& obstacles, const RunMask& mask);

/// Euclidean distance (px) of every empty pixel (nonzero in `empty`) to the nearest obstacle
/// pixel, counting pixels beyond the image border as obstacles; 0 on obstacles.
cv::Mat1f distance_to_obstacles(const cv::Mat1b& empty);

/// Zhang-Suen thinning of a binary image (nonzero = foreground) to a one-pixel-wide skeleton
/// (8-connected). Zhang-Suen erases 2x2 blocks entirely; a connected component that would
/// vanish keeps the pixel nearest to its centroid, so every component leaves a trace.
cv::Mat1b skeleton(const cv::Mat1b& image);

/// Endpoints of a skeleton: pixels with exactly one 8-neighbour, and isolated pixels (a
/// component reduced to a single point is a position in its own right). Sorted by (y, x).
std::vector<cv::Point> skeleton_endpoints(const cv::Mat1b& skeleton);

}  // namespace tangram
