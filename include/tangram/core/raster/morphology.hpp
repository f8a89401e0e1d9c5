#pragma once
/// \file morphology.hpp
/// Collision-free areas and skeletons (Yamada et al. 2019, Fig. 7; docs/design/raster.md).

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/raster/raster.hpp"

namespace tangram {

/// Run table: for L in [1, max_len], bit x of row y is set when pixels x .. x+L-1 are empty.
class RunTable {
public:
  RunTable() = default;
  /// Builds the table for `empty` (set bit = empty pixel) up to run length `max_len`.
  RunTable(const BitGrid& empty, int max_len);

  /// This table with rows [y0, y1) rebuilt from `empty`, the others shared (`max_len` <= ours).
  RunTable with_rows_rebuilt(const BitGrid& empty, int y0, int y1, int max_len) const;

  int max_len() const { return max_len_; }
  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int words_per_row() const { return words_; }
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

/// Sets bit (x, y) of `out` when `mask` anchored there covers only empty pixels (its runs at
/// most table.max_len()).
void collision_free_area(const RunTable& table, const RunMask& mask, BitGrid& out);

/// True when the collision-free area of `mask` is not empty (stops at the first hit).
bool has_collision_free_position(const RunTable& table, const RunMask& mask);

/// Per configuration of `piece`: false when surely nothing fits (its group's core), exact for
/// one-member groups; only `wanted` ones tested, in parallel. Once `ended` (if given) returns
/// true, the groups left are not tested (all false): the caller is out of time.
std::vector<char> possible_configurations(const RunTable& table, const PieceMasks& piece,
                                          const std::vector<char>* wanted = nullptr,
                                          const std::function<bool()>& ended = {});

/// True when some configuration of `piece` has a collision-free position (exact; parallel).
/// Once `ended` returns true, no more configurations are tested and the answer is true: not
/// shown not to fit (the caller is out of time).
bool any_configuration_fits(const RunTable& table, const PieceMasks& piece,
                            const std::function<bool()>& ended = {});

/// The same with cv::dilate (tests, benchmarks); 255 = collision-free.
cv::Mat1b collision_free_area_reference(const cv::Mat1b& obstacles, const RunMask& mask);

/// Euclidean distance (px) of each empty pixel to the nearest obstacle or the border.
cv::Mat1f distance_to_obstacles(const cv::Mat1b& empty);

/// Zhang-Suen thinning to a one-pixel 8-connected skeleton; every component keeps a pixel.
cv::Mat1b skeleton(const cv::Mat1b& image);

/// A skeleton's pixels with one 8-neighbour or none, sorted by (y, x).
std::vector<cv::Point> skeleton_endpoints(const cv::Mat1b& skeleton);

}  // namespace tangram
