#include "tangram/core/raster/morphology.hpp"

#include <algorithm>
#include <numeric>

#include <opencv2/imgproc.hpp>

#include "tangram/core/base/parallel.hpp"

namespace tangram {

namespace {

// A row's bit string shifted so that bit x of the result is bit (x + shift) of the source
// (shift < 0 shifts the other way); bits from outside the row are zero.
class RowShift {
public:
  explicit RowShift(int shift)
      : left_(shift < 0),
        q_((shift < 0 ? -shift : shift) >> 6),
        r_((shift < 0 ? -shift : shift) & 63) {}

  /// Word w of the shifted row.
  std::uint64_t word(const std::uint64_t* src, int words, int w) const {
    if (!left_) {
      const int s = w + q_;
      const std::uint64_t lo = s < words ? src[s] : 0;
      const std::uint64_t hi = (r_ && s + 1 < words) ? src[s + 1] : 0;
      return r_ ? (lo >> r_) | (hi << (64 - r_)) : lo;
    }
    const int s = w - q_;
    const std::uint64_t hi = s >= 0 ? src[s] : 0;
    const std::uint64_t lo = (r_ && s - 1 >= 0) ? src[s - 1] : 0;
    return r_ ? (hi << r_) | (lo >> (64 - r_)) : hi;
  }

private:
  bool left_;
  int q_, r_;
};

// dst = src shifted by `shift`.
inline void shifted_row(const std::uint64_t* src, int words, int shift, std::uint64_t* dst) {
  const RowShift s(shift);
  for (int w = 0; w < words; ++w) dst[w] = s.word(src, words, w);
}

// dst &= src shifted by `shift`; returns true if dst is still nonzero.
inline bool and_shifted_row(const std::uint64_t* src, int words, int shift, std::uint64_t* dst) {
  const RowShift s(shift);
  std::uint64_t any = 0;
  for (int w = 0; w < words; ++w) {
    if (!dst[w]) continue;
    dst[w] &= s.word(src, words, w);
    any |= dst[w];
  }
  return any != 0;
}

// The mask's runs, longest first: the most selective tests run first, so that rows without
// any collision-free anchor are rejected early. The run lengths of a convex mask rise to a peak
// and fall (give or take a pixel of rasterisation), so merging outward from the longest run
// orders them without sorting; for other masks it orders them roughly. The order only affects
// speed.
void runs_by_length(const RunMask& mask, std::vector<int>& order) {
  order.clear();
  const int h = mask.runs();
  if (h == 0) return;
  const int peak =
      static_cast<int>(std::max_element(mask.len.begin(), mask.len.end()) - mask.len.begin());
  order.push_back(peak);
  for (int up = peak - 1, down = peak + 1; up >= 0 || down < h;) {
    const bool take_up = down >= h || (up >= 0 && mask.len[static_cast<std::size_t>(up)] >=
                                                      mask.len[static_cast<std::size_t>(down)]);
    order.push_back(take_up ? up-- : down++);
  }
}

// Computes the rows of the collision-free area that hold any anchor and hands each to
// sink(y, bits); a sink returning true stops the scan.
template <typename Sink>
void erode(const RunTable& table, const RunMask& mask, Sink&& sink) {
  const int rows = table.rows(), words = table.words_per_row();
  thread_local std::vector<int> order;  // reused: this runs for every configuration tested
  thread_local std::vector<std::uint64_t> acc;
  runs_by_length(mask, order);
  acc.assign(static_cast<std::size_t>(words), 0);
  if (order.empty()) return;
  const int first_row = mask.top(), last = mask.bottom();
  // Left shifts can carry bits past the last column; they are cleared before reporting.
  const int tail = table.cols() & 63;
  const std::uint64_t tail_mask = tail ? (std::uint64_t{1} << tail) - 1 : ~std::uint64_t{0};
  const int y_begin = std::max(0, -first_row), y_end = std::min(rows, rows - last);
  for (int y = y_begin; y < y_end; ++y) {
    // A row without a run as long as the mask's row there rules the anchor row out at once.
    if (std::any_of(order.begin(), order.end(),
                    [&](int i) { return table.longest(y + mask.dy[i]) < mask.len[i]; }))
      continue;
    bool alive = true;
    bool first = true;
    for (int i : order) {
      const std::uint64_t* src = table.row(mask.len[i], y + mask.dy[i]);
      if (first) {
        shifted_row(src, words, mask.x0[i], acc.data());
        alive = std::any_of(acc.begin(), acc.end(), [](std::uint64_t w) { return w != 0; });
        first = false;
      } else {
        alive = and_shifted_row(src, words, mask.x0[i], acc.data());
      }
      if (!alive) break;
    }
    if (!alive) continue;
    acc[static_cast<std::size_t>(words - 1)] &= tail_mask;
    if (std::all_of(acc.begin(), acc.end(), [](std::uint64_t w) { return w == 0; })) continue;
    if (sink(y, acc.data())) return;
  }
}

}  // namespace

RunTable::RunTable(const BitGrid& empty, int max_len)
    : max_len_(std::max(1, max_len)),
      rows_(empty.rows()),
      cols_(empty.cols()),
      words_(empty.words_per_row()),
      lengths_(static_cast<std::size_t>(rows_), 0),
      row_(static_cast<std::size_t>(rows_), nullptr),
      zeros_(static_cast<std::size_t>(words_), 0) {
  build_rows(empty, 0, rows_);
}

RunTable RunTable::with_rows_rebuilt(const BitGrid& empty, int y0, int y1, int max_len) const {
  RunTable table = *this;
  table.max_len_ = std::max(1, std::min(max_len, max_len_));
  table.build_rows(empty, std::max(0, y0), std::min(rows_, y1));
  return table;
}

void RunTable::build_rows(const BitGrid& empty, int y0, int y1) {
  // L = 1 is the empty row itself; L = k ANDs in the row shifted by k - 1. Row by row, stopping
  // at the first length with no run left (computed in place past the row's last length, then
  // dropped): longer ones have none either. A row has no run longer than its count of empty
  // pixels, which bounds the block's size: it is allocated once.
  const std::size_t words = static_cast<std::size_t>(words_);
  std::size_t bound = 0;
  for (int y = y0; y < y1; ++y) {
    const std::uint64_t* source = empty.row(y);
    const int count = std::accumulate(source, source + words, 0, [](int n, std::uint64_t w) {
      return n + __builtin_popcountll(w);
    });
    bound += static_cast<std::size_t>(std::min(count, max_len_) + 1) * words;  // + 1: scratch
  }
  // Not zero-filled: every word up to `size` is written before it is read.
  std::shared_ptr<std::uint64_t[]> block(new std::uint64_t[std::max<std::size_t>(bound, 1)]);
  std::uint64_t* data = block.get();
  std::size_t size = 0;
  for (int y = y0; y < y1; ++y) {
    const std::uint64_t* source = empty.row(y);
    int length = 0;
    row_[static_cast<std::size_t>(y)] = data + size;
    if (std::any_of(source, source + words, [](std::uint64_t w) { return w != 0; })) {
      std::copy(source, source + words, data + size);
      size += words;
      // Length L + 1 starts where length L starts at x and at x + 1: the row before ANDed with
      // itself shifted by one. Only its nonzero words [lo, hi] can stay nonzero, and they only
      // narrow as L grows; the words outside are written as zeros.
      std::size_t lo = 0, hi = words - 1;
      for (length = 1; length < max_len_; ++length) {
        const std::uint64_t* prev = data + size - words;
        while (prev[lo] == 0) ++lo;  // the row before has a set bit, so both stop
        while (prev[hi] == 0) --hi;
        std::uint64_t* cur = data + size;
        std::fill(cur, cur + lo, std::uint64_t{0});
        std::fill(cur + hi + 1, cur + words, std::uint64_t{0});
        std::uint64_t any = 0;
        for (std::size_t w = lo; w <= hi; ++w) {
          const std::uint64_t next = w + 1 < words ? prev[w + 1] << 63 : 0;
          any |= cur[w] = prev[w] & ((prev[w] >> 1) | next);
        }
        if (!any) break;
        size += words;
      }
    }
    lengths_[static_cast<std::size_t>(y)] = length;
  }
  blocks_.push_back(std::move(block));
}

void collision_free_area(const RunTable& table, const RunMask& mask, BitGrid& out) {
  if (out.rows() != table.rows() || out.cols() != table.cols())
    out = BitGrid(table.rows(), table.cols());
  else
    out.clear();
  const int words = table.words_per_row();
  erode(table, mask, [&](int y, const std::uint64_t* bits) {
    std::copy(bits, bits + words, out.row(y));
    return false;
  });
}

bool has_collision_free_position(const RunTable& table, const RunMask& mask) {
  bool found = false;
  erode(table, mask, [&](int, const std::uint64_t*) { return found = true; });
  return found;
}

namespace {

// A core with no cells constrains nothing.
bool core_may_fit(const RunTable& table, const RunMask& core) {
  return core.pixels == 0 || has_collision_free_position(table, core);
}

}  // namespace

std::vector<char> possible_configurations(const RunTable& table, const PieceMasks& piece,
                                          const std::vector<char>* wanted,
                                          const std::function<bool()>& ended) {
  const auto is_wanted = [&](int i) { return !wanted || (*wanted)[static_cast<std::size_t>(i)]; };
  std::vector<char> possible(piece.configs.size(), 0);
  parallel_for(piece.groups.cores.size(), [&](std::size_t g) {
    const std::vector<int>& members = piece.groups.members[g];
    if (std::none_of(members.begin(), members.end(), is_wanted)) return;
    if (ended && ended()) return;
    if (!core_may_fit(table, piece.groups.cores[g])) return;
    for (int i : members) possible[static_cast<std::size_t>(i)] = is_wanted(i) ? 1 : 0;
  });
  return possible;
}

bool any_configuration_fits(const RunTable& table, const PieceMasks& piece,
                            const std::function<bool()>& ended) {
  return parallel_any(piece.groups.cores.size(), [&](std::size_t g) {
    if (ended && ended()) return true;
    const std::vector<int>& members = piece.groups.members[g];
    if (!core_may_fit(table, piece.groups.cores[g])) return false;
    if (members.size() == 1 && piece.groups.cores[g].pixels > 0) return true;
    return std::any_of(members.begin(), members.end(), [&](int i) {
      return (ended && ended()) ||
             has_collision_free_position(table, piece.configs[static_cast<std::size_t>(i)].mask);
    });
  });
}

cv::Mat1b collision_free_area_reference(const cv::Mat1b& obstacles, const RunMask& mask) {
  cv::Point anchor;
  const cv::Mat1b kernel = run_mask_image(mask, anchor);
  cv::Mat1b binary = obstacles != 0;
  cv::Mat1b dilated;
  cv::dilate(binary, dilated, kernel, anchor, 1, cv::BORDER_CONSTANT, cv::Scalar(255));
  cv::Mat1b free_area = dilated == 0;
  return free_area;
}

cv::Mat1f distance_to_obstacles(const cv::Mat1b& empty) {
  cv::Mat1b padded;
  cv::copyMakeBorder(empty != 0, padded, 1, 1, 1, 1, cv::BORDER_CONSTANT, 0);
  cv::Mat1f dist;
  cv::distanceTransform(padded, dist, cv::DIST_L2, cv::DIST_MASK_PRECISE);
  return dist(cv::Rect(1, 1, empty.cols, empty.rows)).clone();
}

namespace {

// One Zhang-Suen sub-iteration; returns the number of deleted pixels.
int thinning_pass(cv::Mat1b& img, int pass, std::vector<cv::Point>& marked) {
  marked.clear();
  for (int y = 1; y < img.rows - 1; ++y) {
    const uchar* up = img.ptr<uchar>(y - 1);
    const uchar* mid = img.ptr<uchar>(y);
    const uchar* dn = img.ptr<uchar>(y + 1);
    for (int x = 1; x < img.cols - 1; ++x) {
      if (!mid[x]) continue;
      // Neighbours P2..P9 clockwise from north.
      const int p2 = up[x] != 0, p3 = up[x + 1] != 0, p4 = mid[x + 1] != 0, p5 = dn[x + 1] != 0;
      const int p6 = dn[x] != 0, p7 = dn[x - 1] != 0, p8 = mid[x - 1] != 0, p9 = up[x - 1] != 0;
      const int b = p2 + p3 + p4 + p5 + p6 + p7 + p8 + p9;
      if (b < 2 || b > 6) continue;
      const int a = (!p2 && p3) + (!p3 && p4) + (!p4 && p5) + (!p5 && p6) + (!p6 && p7) +
                    (!p7 && p8) + (!p8 && p9) + (!p9 && p2);
      if (a != 1) continue;
      if (pass == 0) {
        if ((p2 && p4 && p6) || (p4 && p6 && p8)) continue;
      } else {
        if ((p2 && p4 && p8) || (p2 && p6 && p8)) continue;
      }
      marked.emplace_back(x, y);
    }
  }
  for (const cv::Point& p : marked) img(p) = 0;
  return static_cast<int>(marked.size());
}

}  // namespace

cv::Mat1b skeleton(const cv::Mat1b& image) {
  cv::Mat1b padded;
  cv::copyMakeBorder(image != 0, padded, 1, 1, 1, 1, cv::BORDER_CONSTANT, 0);
  cv::Mat1b thin = padded.clone();
  std::vector<cv::Point> marked;
  while (true) {
    const int removed = thinning_pass(thin, 0, marked) + thinning_pass(thin, 1, marked);
    if (removed == 0) break;
  }
  // Components that vanished (2x2 blocks and the like) keep the pixel nearest their centroid.
  cv::Mat1i labels;
  cv::Mat stats, centroids;
  const int n = cv::connectedComponentsWithStats(padded, labels, stats, centroids, 8, CV_32S);
  if (n > 1) {
    std::vector<char> has_skeleton(static_cast<std::size_t>(n), 0);
    for (int y = 0; y < thin.rows; ++y)
      for (int x = 0; x < thin.cols; ++x)
        if (thin(y, x)) has_skeleton[static_cast<std::size_t>(labels(y, x))] = 1;
    std::vector<double> best(static_cast<std::size_t>(n), 1e300);
    std::vector<cv::Point> best_point(static_cast<std::size_t>(n));
    for (int y = 0; y < thin.rows; ++y)
      for (int x = 0; x < thin.cols; ++x) {
        const int l = labels(y, x);
        if (l == 0 || has_skeleton[static_cast<std::size_t>(l)]) continue;
        const double dx = x - centroids.at<double>(l, 0), dy = y - centroids.at<double>(l, 1);
        const double d = dx * dx + dy * dy;
        if (d < best[static_cast<std::size_t>(l)]) {
          best[static_cast<std::size_t>(l)] = d;
          best_point[static_cast<std::size_t>(l)] = {x, y};
        }
      }
    for (int l = 1; l < n; ++l)
      if (!has_skeleton[static_cast<std::size_t>(l)])
        thin(best_point[static_cast<std::size_t>(l)]) = 255;
  }
  return thin(cv::Rect(1, 1, image.cols, image.rows)).clone();
}

std::vector<cv::Point> skeleton_endpoints(const cv::Mat1b& skel) {
  std::vector<cv::Point> out;
  for (int y = 0; y < skel.rows; ++y)
    for (int x = 0; x < skel.cols; ++x) {
      if (!skel(y, x)) continue;
      int neighbours = 0;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          if (!dx && !dy) continue;
          const int yy = y + dy, xx = x + dx;
          if (yy >= 0 && yy < skel.rows && xx >= 0 && xx < skel.cols && skel(yy, xx)) ++neighbours;
        }
      if (neighbours <= 1) out.emplace_back(x, y);
    }
  return out;
}

}  // namespace tangram
