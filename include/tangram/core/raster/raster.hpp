#pragma once
/// \file raster.hpp
/// Raster masks and bit grids. A mask at anchor (x, y) covers pixels (x + dx, y + dy) and puts
/// the piece's centroid at (x + 0.5, y + 0.5), px.

#include <chrono>
#include <cstdint>
#include <limits>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/geometry/geometry.hpp"
#include "tangram/core/puzzle/piece_set.hpp"

namespace tangram {

/// A raster mask as sorted, disjoint horizontal runs of cells relative to the anchor pixel.
struct RunMask {
  std::vector<int> dy;   ///< per run: row offset (px)
  std::vector<int> x0;   ///< per run: column offset (px) of its first cell
  std::vector<int> len;  ///< per run: length in cells (at least 1)
  long pixels = 0;       ///< number of cells

  /// Number of runs.
  int runs() const { return static_cast<int>(len.size()); }
  /// Row offset of the first run (0 when there is none).
  int top() const { return dy.empty() ? 0 : dy.front(); }
  /// Row offset of the last run (-1 when there is none).
  int bottom() const { return dy.empty() ? -1 : dy.back(); }
  /// Appends a run (after the last one, in the order above); empty runs are ignored.
  void add_run(int row, int first, int length);
  /// Longest run (px).
  int max_run() const;
  /// Bounding box of the cells relative to the anchor (x, y = min offsets).
  cv::Rect bounds() const;
};

/// Rasterises a convex polygon given around the anchor (pixel units, centroid at the origin).
RunMask rasterise_convex(const Polygon& local);

/// Rasterises a simple polygon around the anchor (px): points at least `inset_px` inside it.
RunMask rasterise_polygon(const Polygon& local, double inset_px);

/// The mask as the smallest image holding it (cells 255); `anchor` receives the anchor there.
cv::Mat1b run_mask_image(const RunMask& mask, cv::Point& anchor);

/// The largest Euclidean distance of a cell of `mask` to its outside (the largest value of
/// cv::distanceTransform, DIST_L2 DIST_MASK_PRECISE). With `enough`: some distance of at least
/// `enough` as soon as one is found, so that the result is exact whenever it is below `enough`.
/// `near` and `deepest` as deepest_cell_distance() (thinness.hpp), in offsets from the anchor.
float mask_depth(const RunMask& mask, float enough = std::numeric_limits<float>::infinity(),
                 const cv::Point* near = nullptr, cv::Point* deepest = nullptr);

/// Default inset (px) of the masks: 0.75, more when the step does not divide `grid_step_deg`.
double default_inset_px(double side_px, double rotation_step_deg, double reach_units,
                        double grid_step_deg = 45.0);

/// A configuration rasterised: its mask and true posed polygon (px, centroid at the origin).
struct ConfigurationMask {
  Configuration config;
  RunMask mask;
  Polygon local_polygon;
};

/// One configuration at `side_px` pixels per set unit, inset by `inset_px`.
ConfigurationMask rasterise_configuration(const PieceSet& set, const Configuration& config,
                                          double side_px, double inset_px);

/// No deadline: rasterise_configurations and rasterise_piece run to the end.
inline constexpr std::chrono::steady_clock::time_point kNoDeadline =
    std::chrono::steady_clock::time_point::max();

/// Every configuration of `shape`, as rasterise_configuration(); empty past `deadline`.
std::vector<ConfigurationMask> rasterise_configurations(
    const PieceSet& set, ShapeId shape, double side_px, double step_deg, bool reflection,
    double inset_px, std::chrono::steady_clock::time_point deadline = kNoDeadline,
    double offset_deg = 0.0);

/// Cells present in both masks (same anchor). Convex masks stay one run per row.
RunMask intersect_masks(const RunMask& a, const RunMask& b);

/// Groups of neighbouring rotations, each with its core: the members' masks intersected.
struct ConfigurationGroups {
  std::vector<RunMask> cores;             ///< one per group
  std::vector<std::vector<int>> members;  ///< indices into the configuration list
};

/// Every configuration of a piece at one scale, grouped.
struct PieceMasks {
  std::vector<ConfigurationMask> configs;
  ConfigurationGroups groups;
};

/// Groups consecutive rotations of `configs` with one mirror flag spanning under `span_deg`.
ConfigurationGroups group_configurations(const std::vector<ConfigurationMask>& configs,
                                         double span_deg);

/// rasterise_configurations() grouped with an 8-degree span; empty past `deadline`.
PieceMasks rasterise_piece(const PieceSet& set, ShapeId shape, double side_px, double step_deg,
                           bool reflection, double inset_px,
                           std::chrono::steady_clock::time_point deadline = kNoDeadline,
                           double offset_deg = 0.0);

/// A binary image packed 64 pixels per word, row by row. Bits past the last column are zero.
class BitGrid {
public:
  BitGrid() = default;
  BitGrid(int rows, int cols);
  /// Nonzero pixels of `image` become set bits.
  static BitGrid from_mat(const cv::Mat1b& image);
  /// Set bits become 255.
  cv::Mat1b to_mat() const;

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int words_per_row() const { return words_; }
  bool get(int x, int y) const {
    return (data_[static_cast<std::size_t>(y) * words_ + (x >> 6)] >> (x & 63)) & 1u;
  }
  void set(int x, int y, bool value);
  /// Clears bits [a, b) of row y (0 <= a <= b <= cols).
  void clear_run(int a, int b, int y);
  std::uint64_t* row(int y) { return data_.data() + static_cast<std::size_t>(y) * words_; }
  const std::uint64_t* row(int y) const {
    return data_.data() + static_cast<std::size_t>(y) * words_;
  }
  /// Clears every bit.
  void clear();
  /// True when any bit is set.
  bool any() const;
  /// Number of set bits.
  long count() const;
  /// Smallest rectangle holding every set bit (empty rect when none).
  cv::Rect bounding_box() const;

private:
  int rows_ = 0, cols_ = 0, words_ = 0;
  std::vector<std::uint64_t> data_;
};

}  // namespace tangram
