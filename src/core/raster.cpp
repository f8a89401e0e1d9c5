#include "tangram/core/raster.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>

#include <opencv2/imgproc.hpp>

#include "tangram/core/invariants.hpp"
#include "tangram/core/parallel.hpp"

namespace tangram {

int RunMask::max_run() const {
  return len.empty() ? 0 : *std::max_element(len.begin(), len.end());
}

cv::Rect RunMask::bounds() const {
  int xmin = 0, xmax = -1, ymin = 0, ymax = -1;
  bool first = true;
  for (int i = 0; i < height(); ++i) {
    if (len[i] == 0) continue;
    const int y = dy0 + i;
    if (first) {
      xmin = x0[i], xmax = x0[i] + len[i] - 1, ymin = ymax = y;
      first = false;
    } else {
      xmin = std::min(xmin, x0[i]);
      xmax = std::max(xmax, x0[i] + len[i] - 1);
      ymax = y;
    }
  }
  if (first) return {};
  return {xmin, ymin, xmax - xmin + 1, ymax - ymin + 1};
}

RunMask rasterise_convex(const Polygon& local) {
  RunMask mask;
  if (local.size() < 3) return mask;
  double ymin = local[0].y, ymax = local[0].y;
  for (const Vec2& v : local) ymin = std::min(ymin, v.y), ymax = std::max(ymax, v.y);
  // A tiny tolerance makes lattice points exactly on an edge count as inside, the same way for
  // every configuration.
  constexpr double eps = 1e-9;
  const int r0 = static_cast<int>(std::ceil(ymin - eps));
  const int r1 = static_cast<int>(std::floor(ymax + eps));
  for (int y = r0; y <= r1; ++y) {
    double xl = 1e300, xr = -1e300;
    const std::size_t n = local.size();
    for (std::size_t i = 0; i < n; ++i) {
      const Vec2 p = local[i], q = local[(i + 1) % n];
      const double lo = std::min(p.y, q.y), hi = std::max(p.y, q.y);
      if (y < lo - eps || y > hi + eps) continue;
      if (std::abs(q.y - p.y) < 1e-12) {
        xl = std::min({xl, p.x, q.x});
        xr = std::max({xr, p.x, q.x});
      } else {
        const double t = std::clamp((y - p.y) / (q.y - p.y), 0.0, 1.0);
        const double x = p.x + t * (q.x - p.x);
        xl = std::min(xl, x);
        xr = std::max(xr, x);
      }
    }
    int a = 0, b = -1;
    if (xl <= xr) {
      a = static_cast<int>(std::ceil(xl - eps));
      b = static_cast<int>(std::floor(xr + eps));
    }
    if (mask.len.empty() && b < a) continue;  // skip leading empty rows
    if (mask.len.empty()) mask.dy0 = y;
    mask.x0.push_back(b >= a ? a : 0);
    mask.len.push_back(std::max(0, b - a + 1));
    mask.pixels += std::max(0, b - a + 1);
  }
  while (!mask.len.empty() && mask.len.back() == 0) {
    mask.len.pop_back();
    mask.x0.pop_back();
  }
  if (mask.pixels > 0) {
    cv::Point anchor;
    cv::Mat1b image = run_mask_image(mask, anchor);
    cv::Mat1b padded;
    cv::copyMakeBorder(image, padded, 1, 1, 1, 1, cv::BORDER_CONSTANT, 0);
    cv::Mat1f dist;
    cv::distanceTransform(padded, dist, cv::DIST_L2, cv::DIST_MASK_PRECISE);
    double max_value = 0.0;
    cv::minMaxLoc(dist, nullptr, &max_value);
    mask.max_depth = static_cast<float>(max_value);
  }
  return mask;
}

cv::Mat1b run_mask_image(const RunMask& mask, cv::Point& anchor) {
  const cv::Rect box = mask.bounds();
  cv::Mat1b image(std::max(1, box.height), std::max(1, box.width), uchar(0));
  anchor = {-box.x, -box.y};
  for (int i = 0; i < mask.height(); ++i)
    for (int k = 0; k < mask.len[i]; ++k) image(mask.dy0 + i - box.y, mask.x0[i] + k - box.x) = 255;
  return image;
}

double default_inset_px(double side_px, double rotation_step_deg, double reach_units) {
  const double snap = 0.75;
  const double ratio = 45.0 / rotation_step_deg;
  if (std::abs(ratio - std::round(ratio)) < 1e-9) {
    // Steps dividing 45 deg reach every angle of a 45-degree figure exactly; off-grid figures
    // are still up to step/2 away, which the tolerance below covers partly.
    if (rotation_step_deg >= 45.0 - 1e-9) return snap;
  }
  // Farthest vertex of a piece from its centroid (the Tangram's large triangle: sqrt(10)/6 of
  // the set side).
  const double reach = side_px * reach_units;
  const double half_step = rotation_step_deg * M_PI / 360.0;
  return snap + 0.5 * reach * std::sin(std::min(half_step, M_PI / 8));
}

ConfigurationMask rasterise_configuration(const PieceSet& set, const Configuration& config,
                                          double side_px, double inset_px) {
  const Polygon posed = apply_pose(set.local_polygon(config.shape, side_px),
                                   Pose{{0.0, 0.0}, config.angle_deg, config.reflected});
  ConfigurationMask out{config, rasterise_convex(inset_convex(posed, inset_px)), posed};
  TANGRAM_CHECK(mask_matches_polygon(out, inset_px), "a configuration's mask matches its polygon");
  return out;
}

std::vector<ConfigurationMask> rasterise_configurations(
    const PieceSet& set, ShapeId shape, double side_px, double step_deg, bool reflection,
    double inset_px, std::chrono::steady_clock::time_point deadline) {
  const std::vector<Configuration> all = set.configurations(shape, step_deg, reflection);
  std::vector<ConfigurationMask> out(all.size());
  std::atomic<bool> expired{false};
  // Independent per configuration; each result goes to its own index.
  parallel_for(all.size(), [&](std::size_t i) {
    if (expired.load(std::memory_order_relaxed)) return;
    if (deadline != kNoDeadline && std::chrono::steady_clock::now() > deadline) {
      expired = true;
      return;
    }
    out[i] = rasterise_configuration(set, all[i], side_px, inset_px);
  });
  if (expired) out.clear();
  return out;
}

RunMask intersect_masks(const RunMask& a, const RunMask& b) {
  RunMask out;
  const int y0 = std::max(a.dy0, b.dy0);
  const int y1 = std::min(a.dy0 + a.height(), b.dy0 + b.height());
  for (int y = y0; y < y1; ++y) {
    const int i = y - a.dy0, j = y - b.dy0;
    const int lo = std::max(a.x0[i], b.x0[j]);
    const int hi = std::min(a.x0[i] + a.len[i], b.x0[j] + b.len[j]);
    const int len = (a.len[i] && b.len[j]) ? std::max(0, hi - lo) : 0;
    if (out.len.empty() && len == 0) continue;
    if (out.len.empty()) out.dy0 = y;
    out.x0.push_back(len ? lo : 0);
    out.len.push_back(len);
    out.pixels += len;
  }
  while (!out.len.empty() && out.len.back() == 0) {
    out.len.pop_back();
    out.x0.pop_back();
  }
  return out;
}

ConfigurationGroups group_configurations(const std::vector<ConfigurationMask>& configs,
                                         double span_deg) {
  ConfigurationGroups groups;
  for (std::size_t i = 0; i < configs.size(); ++i) {
    const Configuration& c = configs[i].config;
    if (!groups.members.empty()) {
      const Configuration& first = configs[static_cast<std::size_t>(groups.members.back().front())].config;
      if (first.reflected == c.reflected && c.angle_deg - first.angle_deg < span_deg) {
        groups.members.back().push_back(static_cast<int>(i));
        groups.cores.back() = intersect_masks(groups.cores.back(), configs[i].mask);
        continue;
      }
    }
    groups.members.push_back({static_cast<int>(i)});
    groups.cores.push_back(configs[i].mask);
  }
  return groups;
}

PieceMasks rasterise_piece(const PieceSet& set, ShapeId shape, double side_px, double step_deg,
                           bool reflection, double inset_px,
                           std::chrono::steady_clock::time_point deadline) {
  PieceMasks piece;
  piece.configs =
      rasterise_configurations(set, shape, side_px, step_deg, reflection, inset_px, deadline);
  piece.groups = group_configurations(piece.configs, 8.0);
  return piece;
}

BitGrid::BitGrid(int rows, int cols)
    : rows_(rows), cols_(cols), words_((cols + 63) / 64),
      data_(static_cast<std::size_t>(rows) * ((cols + 63) / 64), 0) {}

BitGrid BitGrid::from_mat(const cv::Mat1b& image) {
  BitGrid grid(image.rows, image.cols);
  for (int y = 0; y < image.rows; ++y) {
    const uchar* src = image.ptr<uchar>(y);
    std::uint64_t* dst = grid.row(y);
    for (int x = 0; x < image.cols; ++x)
      if (src[x]) dst[x >> 6] |= std::uint64_t{1} << (x & 63);
  }
  return grid;
}

cv::Mat1b BitGrid::to_mat() const {
  cv::Mat1b image(rows_, cols_, uchar(0));
  for (int y = 0; y < rows_; ++y) {
    uchar* dst = image.ptr<uchar>(y);
    for (int x = 0; x < cols_; ++x)
      if (get(x, y)) dst[x] = 255;
  }
  return image;
}

void BitGrid::set(int x, int y, bool value) {
  std::uint64_t& word = data_[static_cast<std::size_t>(y) * words_ + (x >> 6)];
  const std::uint64_t bit = std::uint64_t{1} << (x & 63);
  word = value ? (word | bit) : (word & ~bit);
}

void BitGrid::clear_run(int a, int b, int y) {
  std::uint64_t* words = row(y);
  while (a < b) {
    const int w = a >> 6, lo = a & 63;
    const int hi = std::min(64, lo + (b - a));  // bits [lo, hi) of word w
    const std::uint64_t ones = hi - lo == 64 ? ~std::uint64_t{0}
                                             : ((std::uint64_t{1} << (hi - lo)) - 1) << lo;
    words[w] &= ~ones;
    a += hi - lo;
  }
}

void BitGrid::clear() { std::fill(data_.begin(), data_.end(), 0); }

bool BitGrid::any() const {
  return std::any_of(data_.begin(), data_.end(), [](std::uint64_t w) { return w != 0; });
}

long BitGrid::count() const {
  long n = 0;
  for (std::uint64_t w : data_) n += __builtin_popcountll(w);
  return n;
}

cv::Rect BitGrid::bounding_box() const {
  int xmin = cols_, xmax = -1, ymin = rows_, ymax = -1;
  for (int y = 0; y < rows_; ++y) {
    const std::uint64_t* r = row(y);
    for (int w = 0; w < words_; ++w) {
      if (!r[w]) continue;
      ymin = std::min(ymin, y);
      ymax = y;
      xmin = std::min(xmin, w * 64 + __builtin_ctzll(r[w]));
      xmax = std::max(xmax, w * 64 + 63 - __builtin_clzll(r[w]));
    }
  }
  if (ymax < 0) return {};
  return {xmin, ymin, xmax - xmin + 1, ymax - ymin + 1};
}

}  // namespace tangram
