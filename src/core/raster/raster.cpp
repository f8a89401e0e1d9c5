#include "tangram/core/raster/raster.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "tangram/core/base/parallel.hpp"
#include "tangram/core/figure/thinness.hpp"
#include "tangram/core/raster/detail/invariants.hpp"

namespace tangram {

void RunMask::add_run(int row, int first, int length) {
  if (length <= 0) return;
  dy.push_back(row);
  x0.push_back(first);
  len.push_back(length);
  pixels += length;
}

int RunMask::max_run() const { return len.empty() ? 0 : *std::max_element(len.begin(), len.end()); }

cv::Rect RunMask::bounds() const {
  if (len.empty()) return {};
  int xmin = x0[0], xmax = x0[0] + len[0] - 1;
  for (int i = 1; i < runs(); ++i) {
    xmin = std::min(xmin, x0[i]);
    xmax = std::max(xmax, x0[i] + len[i] - 1);
  }
  return {xmin, top(), xmax - xmin + 1, bottom() - top() + 1};
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
    if (xl <= xr) {
      const int a = static_cast<int>(std::ceil(xl - eps));
      const int b = static_cast<int>(std::floor(xr + eps));
      mask.add_run(y, a, b - a + 1);
    }
  }
  return mask;
}

namespace {

/// Half-open interval [lo, hi) of cells, for the general rasteriser.
struct Span {
  int lo, hi;
};

/// The columns x of row `y` whose lattice point lies within `d` of segment pq (closer than d,
/// with a tolerance that keeps points at exactly d), as a closed interval [lo, hi] of reals;
/// empty (lo > hi) when none. The points within d of a segment form a convex stadium, so a row
/// meets it in one interval: the union of the row's intervals in the two end discs and in the
/// band along the segment.
std::pair<double, double> near_segment(Vec2 p, Vec2 q, double y, double d) {
  double lo = 1e300, hi = -1e300;
  for (const Vec2 c : {p, q}) {
    const double h = d * d - (y - c.y) * (y - c.y);
    if (h <= 0.0) continue;
    const double w = std::sqrt(h);
    lo = std::min(lo, c.x - w);
    hi = std::max(hi, c.x + w);
  }
  const Vec2 u = q - p;
  const double length = std::hypot(u.x, u.y);
  if (length > 0.0) {
    // Points (x, y) with 0 <= (X - p).u / |u| <= |u| and |(X - p) x u| / |u| < d: each bound is
    // linear in x, so the row's set is an interval.
    double a = -1e300, b = 1e300;
    const auto bound = [&](double slope, double offset, double low, double high) {
      // low <= slope * x + offset <= high
      if (std::abs(slope) < 1e-15) {
        if (offset < low || offset > high) a = 1e300, b = -1e300;
        return;
      }
      double x1 = (low - offset) / slope, x2 = (high - offset) / slope;
      if (x1 > x2) std::swap(x1, x2);
      a = std::max(a, x1);
      b = std::min(b, x2);
    };
    // projection: ((x - p.x) u.x + (y - p.y) u.y) / length in [0, length]
    bound(u.x / length, ((y - p.y) * u.y - p.x * u.x) / length, 0.0, length);
    // signed distance: ((x - p.x) u.y - (y - p.y) u.x) / length in (-d, d)
    bound(u.y / length, (-p.x * u.y - (y - p.y) * u.x) / length, -d, d);
    if (a <= b) {
      lo = std::min(lo, a);
      hi = std::max(hi, b);
    }
  }
  return {lo, hi};
}

/// `spans` (sorted, disjoint) without the cells in [lo, hi].
void remove_cells(std::vector<Span>& spans, int lo, int hi) {
  if (lo > hi) return;
  std::vector<Span> out;
  for (const Span& s : spans) {
    if (s.hi <= lo || s.lo > hi) {
      out.push_back(s);
      continue;
    }
    if (s.lo < lo) out.push_back({s.lo, lo});
    if (hi + 1 < s.hi) out.push_back({hi + 1, s.hi});
  }
  spans.swap(out);
}

/// `spans` with the cells in [lo, hi] added, kept sorted and merged.
void add_cells(std::vector<Span>& spans, int lo, int hi) {
  if (lo > hi) return;
  spans.push_back({lo, hi + 1});
  std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) { return a.lo < b.lo; });
  std::vector<Span> out;
  for (const Span& s : spans) {
    if (!out.empty() && s.lo <= out.back().hi)
      out.back().hi = std::max(out.back().hi, s.hi);
    else
      out.push_back(s);
  }
  spans.swap(out);
}

}  // namespace

RunMask rasterise_polygon(const Polygon& local, double inset_px) {
  RunMask mask;
  const std::size_t n = local.size();
  if (n < 3) return mask;
  const double d = std::max(0.0, inset_px);
  constexpr double eps = 1e-9;
  const Box box = bounding_box(local);
  const int r0 = static_cast<int>(std::ceil(box.y0 - eps));
  const int r1 = static_cast<int>(std::floor(box.y1 + eps));
  for (int y = r0; y <= r1; ++y) {
    // Inside by the even-odd rule on the row: crossings of edges taken half-open in y.
    std::vector<double> crossings;
    for (std::size_t i = 0; i < n; ++i) {
      const Vec2 p = local[i], q = local[(i + 1) % n];
      if ((p.y <= y) == (q.y <= y)) continue;
      crossings.push_back(p.x + (y - p.y) / (q.y - p.y) * (q.x - p.x));
    }
    std::sort(crossings.begin(), crossings.end());
    std::vector<Span> spans;
    for (std::size_t k = 0; k + 1 < crossings.size(); k += 2)
      add_cells(spans, static_cast<int>(std::ceil(crossings[k] - eps)),
                static_cast<int>(std::floor(crossings[k + 1] + eps)));
    for (std::size_t i = 0; i < n; ++i) {
      const Vec2 p = local[i], q = local[(i + 1) % n];
      if (d > 0.0) {
        // Closer than d to the boundary: not in the mask.
        const auto [lo, hi] = near_segment(p, q, y, d - eps);
        if (lo <= hi)
          remove_cells(spans, static_cast<int>(std::ceil(lo)), static_cast<int>(std::floor(hi)));
      } else {
        // On the boundary (within eps): in the mask.
        const auto [lo, hi] = near_segment(p, q, y, eps);
        if (lo <= hi)
          add_cells(spans, static_cast<int>(std::ceil(lo)), static_cast<int>(std::floor(hi)));
      }
    }
    for (const Span& s : spans) mask.add_run(y, s.lo, s.hi - s.lo);
  }
  return mask;
}

float mask_depth(const RunMask& mask, float enough, const cv::Point* near, cv::Point* deepest) {
  return deepest_cell_distance(mask.dy, mask.x0, mask.len, enough, near, deepest);
}

cv::Mat1b run_mask_image(const RunMask& mask, cv::Point& anchor) {
  const cv::Rect box = mask.bounds();
  cv::Mat1b image(std::max(1, box.height), std::max(1, box.width), uchar(0));
  anchor = {-box.x, -box.y};
  for (int i = 0; i < mask.runs(); ++i)
    for (int k = 0; k < mask.len[i]; ++k) image(mask.dy[i] - box.y, mask.x0[i] + k - box.x) = 255;
  return image;
}

double default_inset_px(double side_px, double rotation_step_deg, double reach_units,
                        double grid_step_deg) {
  const double snap = 0.75;
  const double ratio = grid_step_deg / rotation_step_deg;
  if (std::abs(ratio - std::round(ratio)) < 1e-9) {
    // Steps dividing the grid step reach every angle of a figure on the grid exactly; off-grid
    // figures are still up to step/2 away, which the tolerance below covers partly.
    if (rotation_step_deg >= grid_step_deg - 1e-9) return snap;
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
  // Convex shapes (the Tangram's) keep the half-plane rasteriser; others are sampled generally.
  ConfigurationMask out{config,
                        set.convex(config.shape) ? rasterise_convex(inset_convex(posed, inset_px))
                                                 : rasterise_polygon(posed, inset_px),
                        posed};
  TANGRAM_CHECK(mask_matches_polygon(out, inset_px), "a configuration's mask matches its polygon");
  return out;
}

std::vector<ConfigurationMask> rasterise_configurations(
    const PieceSet& set, ShapeId shape, double side_px, double step_deg, bool reflection,
    double inset_px, std::chrono::steady_clock::time_point deadline, double offset_deg) {
  const std::vector<Configuration> all =
      set.configurations(shape, step_deg, reflection, offset_deg);
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
  // Both run lists are sorted by (row, column): walk them together.
  int i = 0, j = 0;
  while (i < a.runs() && j < b.runs()) {
    if (a.dy[i] != b.dy[j]) {
      (a.dy[i] < b.dy[j] ? i : j)++;
      continue;
    }
    const int lo = std::max(a.x0[i], b.x0[j]);
    const int hi = std::min(a.x0[i] + a.len[i], b.x0[j] + b.len[j]);
    out.add_run(a.dy[i], lo, hi - lo);
    // The run that ends first has no more overlaps in this row.
    (a.x0[i] + a.len[i] <= b.x0[j] + b.len[j] ? i : j)++;
  }
  return out;
}

ConfigurationGroups group_configurations(const std::vector<ConfigurationMask>& configs,
                                         double span_deg) {
  ConfigurationGroups groups;
  for (std::size_t i = 0; i < configs.size(); ++i) {
    const Configuration& c = configs[i].config;
    if (!groups.members.empty()) {
      const Configuration& first =
          configs[static_cast<std::size_t>(groups.members.back().front())].config;
      // (With an offset the angles may wrap past 360 once: such neighbours are not grouped.)
      if (first.reflected == c.reflected && std::abs(c.angle_deg - first.angle_deg) < span_deg) {
        groups.members.back().push_back(static_cast<int>(i));
        continue;
      }
    }
    groups.members.push_back({static_cast<int>(i)});
  }
  // Each group's core: its members' masks intersected in order, groups in parallel.
  groups.cores.resize(groups.members.size());
  parallel_for(groups.members.size(), [&](std::size_t g) {
    const std::vector<int>& members = groups.members[g];
    RunMask core = configs[static_cast<std::size_t>(members.front())].mask;
    for (std::size_t m = 1; m < members.size(); ++m)
      core = intersect_masks(core, configs[static_cast<std::size_t>(members[m])].mask);
    groups.cores[g] = std::move(core);
  });
  return groups;
}

PieceMasks rasterise_piece(const PieceSet& set, ShapeId shape, double side_px, double step_deg,
                           bool reflection, double inset_px,
                           std::chrono::steady_clock::time_point deadline, double offset_deg) {
  PieceMasks piece;
  piece.configs = rasterise_configurations(set, shape, side_px, step_deg, reflection, inset_px,
                                           deadline, offset_deg);
  piece.groups = group_configurations(piece.configs, 8.0);
  return piece;
}

BitGrid::BitGrid(int rows, int cols)
    : rows_(rows),
      cols_(cols),
      words_((cols + 63) / 64),
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
    const std::uint64_t ones =
        hi - lo == 64 ? ~std::uint64_t{0} : ((std::uint64_t{1} << (hi - lo)) - 1) << lo;
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
