#include "tangram/core/raster/layout.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "tangram/core/raster/components.hpp"
#include "tangram/core/raster/detail/invariants.hpp"

namespace tangram {

void LayoutState::ensure_runs(int max_len) {
  if (runs.max_len() < max_len || runs.rows() != empty.rows)
    runs = RunTable(empty_bits, max_len);
  else if (stale_begin < stale_end)
    runs = runs.with_rows_rebuilt(empty_bits, stale_begin, stale_end, max_len);
  stale_begin = stale_end = 0;
}

std::vector<long> region_sizes(const BitGrid& empty) {
  // Runs of set bits per row, found a word at a time, joined 8-connected.
  RunUnion join(8);
  std::vector<long> length;
  const int words = empty.words_per_row();
  for (int y = 0; y < empty.rows(); ++y) {
    join.next_row();
    const std::uint64_t* row = empty.row(y);
    const auto add_run = [&](int a, int x) {
      join.add(a, x);
      length.push_back(x - a);
    };
    int open = -1;  // first column of the run being read, or -1 between runs
    for (int w = 0; w < words; ++w) {
      for (int pos = 0; pos < 64;) {
        // The next set bit when between runs, else the next clear bit (bits past the last
        // column are clear, so a run there ends at the last column).
        const std::uint64_t rest = (open < 0 ? row[w] : ~row[w]) >> pos;
        if (rest == 0) break;
        pos += __builtin_ctzll(rest);
        if (open < 0) {
          open = 64 * w + pos;
        } else {
          add_run(open, 64 * w + pos);
          open = -1;
        }
      }
    }
    if (open >= 0) add_run(open, empty.cols());
  }
  std::vector<long> size(length.size(), 0);
  for (int i = 0; i < join.runs(); ++i)
    size[static_cast<std::size_t>(join.root(i))] += length[static_cast<std::size_t>(i)];
  std::vector<long> regions;
  for (int i = 0; i < join.runs(); ++i)
    if (join.root(i) == i) regions.push_back(size[static_cast<std::size_t>(i)]);
  std::sort(regions.begin(), regions.end(), std::greater<long>());
  return regions;
}

namespace {

/// The maximum of a state's depth.
float maximum_depth(const cv::Mat1f& depth) {
  double max_value = 0.0;
  cv::minMaxLoc(depth, nullptr, &max_value);
  return static_cast<float>(max_value);
}

}  // namespace

LayoutState make_layout_state(const cv::Mat1b& empty) {
  LayoutState state;
  state.empty = empty != 0;
  state.empty_bits = BitGrid::from_mat(state.empty);
  state.depth = distance_to_obstacles(state.empty);
  state.max_depth = maximum_depth(state.depth);
  state.region_px = region_sizes(state.empty_bits);
  return state;
}

LayoutState place_cells(const LayoutState& parent, const RunMask& mask, cv::Point anchor) {
  LayoutState state;
  state.empty = place_mask(parent.empty, mask, anchor);
  state.empty_bits = parent.empty_bits;
  state.runs = parent.runs;
  state.stale_begin = parent.stale_begin;
  state.stale_end = parent.stale_end;
  for (int i = 0; i < mask.runs(); ++i) {
    const int y = anchor.y + mask.dy[i];
    if (y < 0 || y >= state.empty.rows || !mask.len[i]) continue;
    const int a = std::max(0, anchor.x + mask.x0[i]);
    const int b = std::min(state.empty.cols, anchor.x + mask.x0[i] + mask.len[i]);
    if (a >= b) continue;
    state.empty_bits.clear_run(a, b, y);
    if (state.stale_begin >= state.stale_end) {
      state.stale_begin = y;
      state.stale_end = y + 1;
    } else {
      state.stale_begin = std::min(state.stale_begin, y);
      state.stale_end = std::max(state.stale_end, y + 1);
    }
  }
  state.region_px = region_sizes(state.empty_bits);
  TANGRAM_CHECK(state_matches_rebuild(state), "a placement's state equals the state rebuilt");
  return state;
}

namespace {

/// Lowers `depth` (the parent's distance transform) to the distance from each pixel of `roi` to
/// the nearest of the piece's cells (`cells`, 255 on them, the image's pixels at `box`): the
/// exact Euclidean distance transform of the cells, as cv::distanceTransform (DIST_L2,
/// DIST_MASK_PRECISE) gives it, the float root of the exact squared distance. Separable
/// (Felzenszwalb and Huttenlocher): per column of the box, the distance to the column's cells;
/// per row of `roi`, the lower envelope of the box columns' parabolas. Columns outside the box
/// hold no cell, so the first pass is over the box's columns only.
void lower_to_piece(cv::Mat1f& depth, const cv::Mat1b& cells, cv::Rect box, cv::Rect roi) {
  constexpr int kNone = std::numeric_limits<int>::min() / 4;  // no cell seen yet
  constexpr long kFar = std::numeric_limits<long>::max() / 4;
  const int w = box.width, h = roi.height;
  const auto at = [w](int r, int c) {
    return static_cast<std::size_t>(r) * static_cast<std::size_t>(w) + static_cast<std::size_t>(c);
  };
  // g(r, c): distance from (box.x + c, roi.y + r) to the nearest cell of its column, going down
  // then up; row after row, so that both passes and the rows' envelopes read memory in order.
  std::vector<int> g(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
  std::vector<int> last(static_cast<std::size_t>(w), kNone);
  const auto cell_row = [&](int r) -> const uchar* {
    const int y = roi.y + r - box.y;
    return y >= 0 && y < box.height ? cells.ptr<uchar>(y) : nullptr;
  };
  for (int r = 0; r < h; ++r) {
    const uchar* row = cell_row(r);
    int* out = g.data() + at(r, 0);
    for (int c = 0; c < w; ++c) {
      if (row != nullptr && row[c]) last[static_cast<std::size_t>(c)] = r;
      const int l = last[static_cast<std::size_t>(c)];
      out[c] = l == kNone ? -1 : r - l;  // -1: no cell above
    }
  }
  std::fill(last.begin(), last.end(), kNone);
  for (int r = h - 1; r >= 0; --r) {
    const uchar* row = cell_row(r);
    int* out = g.data() + at(r, 0);
    for (int c = 0; c < w; ++c) {
      if (row != nullptr && row[c]) last[static_cast<std::size_t>(c)] = r;
      const int l = last[static_cast<std::size_t>(c)];
      if (l != kNone && (out[c] < 0 || l - r < out[c])) out[c] = l - r;
    }
  }
  // The lower envelope of the parabolas (x - v)^2 + g(r, v)^2 of the box columns v, row by row.
  std::vector<int> vertex(static_cast<std::size_t>(w));
  std::vector<double> from(static_cast<std::size_t>(w) + 1);
  for (int r = 0; r < h; ++r) {
    const int* gr = g.data() + at(r, 0);
    const auto f = [&](int c) {
      return gr[c] < 0 ? kFar : static_cast<long>(gr[c]) * static_cast<long>(gr[c]);
    };
    int k = -1;
    double s = -HUGE_VAL;
    for (int c = 0; c < w; ++c) {
      if (gr[c] < 0) continue;
      const double q = c, fq = static_cast<double>(f(c));
      while (k >= 0) {
        const int v = vertex[static_cast<std::size_t>(k)];
        s = ((fq + q * q) - (static_cast<double>(f(v)) + double(v) * v)) / (2.0 * (q - v));
        if (s > from[static_cast<std::size_t>(k)]) break;
        --k;
      }
      ++k;
      vertex[static_cast<std::size_t>(k)] = c;
      from[static_cast<std::size_t>(k)] = k == 0 ? -HUGE_VAL : s;
    }
    if (k < 0) continue;  // no cell in these columns at all
    from[static_cast<std::size_t>(k) + 1] = HUGE_VAL;
    float* out = depth.ptr<float>(roi.y + r);
    int j = 0;
    for (int x = roi.x; x < roi.x + roi.width; ++x) {
      const long q = x - box.x;
      while (from[static_cast<std::size_t>(j) + 1] < static_cast<double>(q)) ++j;
      const long v = vertex[static_cast<std::size_t>(j)];
      const long d2 = (q - v) * (q - v) + f(static_cast<int>(v));
      // The root only where it may lower the depth: the float root of d2 is at least out[x]
      // whenever d2 is at least out[x] squared.
      const double o = out[x];
      if (static_cast<double>(d2) < o * o)
        out[x] = std::min(out[x], std::sqrt(static_cast<float>(d2)));
    }
  }
}

}  // namespace

void add_depth(LayoutState& state, const LayoutState& parent, const RunMask& mask,
               cv::Point anchor) {
  state.depth = parent.depth.clone();
  const cv::Mat1b& image = parent.empty;

  // The piece's cells inside the image and their bounding box.
  cv::Rect box;
  bool any = false;
  for (int i = 0; i < mask.runs(); ++i) {
    const int y = anchor.y + mask.dy[i];
    if (y < 0 || y >= image.rows || !mask.len[i]) continue;
    const int a = std::max(0, anchor.x + mask.x0[i]);
    const int b = std::min(image.cols, anchor.x + mask.x0[i] + mask.len[i]);
    if (a >= b) continue;
    const cv::Rect run(a, y, b - a, 1);
    box = any ? (box | run) : run;
    any = true;
  }
  if (any) {
    // Beyond parent.max_depth from the piece, the parent's depth is already smaller.
    const int grow = static_cast<int>(std::ceil(parent.max_depth)) + 1;
    const cv::Rect roi =
        cv::Rect(box.x - grow, box.y - grow, box.width + 2 * grow, box.height + 2 * grow) &
        cv::Rect(0, 0, image.cols, image.rows);
    // The cells newly filled: distances to cells that were already obstacles change nothing.
    cv::Mat1b cells(box.size(), uchar(0));
    const cv::Mat1b placed = state.empty(box), before = image(box);
    for (int y = 0; y < box.height; ++y)
      for (int x = 0; x < box.width; ++x)
        if (before(y, x) && !placed(y, x)) cells(y, x) = 255;
    lower_to_piece(state.depth, cells, box, roi);
  }
  state.max_depth = maximum_depth(state.depth);
  TANGRAM_CHECK(state_matches_rebuild(state), "a placement's depth equals the depth rebuilt");
}

LayoutState place_piece(const LayoutState& parent, const RunMask& mask, cv::Point anchor) {
  LayoutState state = place_cells(parent, mask, anchor);
  add_depth(state, parent, mask, anchor);
  return state;
}

cv::Mat1b place_mask(const cv::Mat1b& empty, const RunMask& mask, cv::Point anchor) {
  cv::Mat1b out = empty.clone();
  for (int i = 0; i < mask.runs(); ++i) {
    const int y = anchor.y + mask.dy[i];
    if (y < 0 || y >= out.rows || !mask.len[i]) continue;
    const int a = std::max(0, anchor.x + mask.x0[i]);
    const int b = std::min(out.cols, anchor.x + mask.x0[i] + mask.len[i]);
    if (a < b) std::fill(out.ptr<uchar>(y) + a, out.ptr<uchar>(y) + b, uchar(0));
  }
  return out;
}

}  // namespace tangram
