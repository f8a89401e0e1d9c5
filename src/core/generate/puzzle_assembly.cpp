#include "tangram/core/generate/puzzle_assembly.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include <opencv2/imgproc.hpp>
#include <set>
#include <tuple>

#include "tangram/core/generate/detail/lattice_vectors.hpp"
#include "tangram/core/geometry/geometry.hpp"

namespace tangram {

namespace {

Polygon as_polygon(const std::vector<cv::Point>& outline) {
  Polygon p;
  for (const cv::Point q : outline) p.push_back({double(q.x), double(q.y)});
  return p;
}

/// `corners` run counter-clockwise as seen (y down): negative shoelace sum.
std::vector<cv::Point> counter_clockwise(std::vector<cv::Point> corners) {
  if (detail::twice_signed_area(corners) > 0) std::reverse(corners.begin(), corners.end());
  return corners;
}

cv::Rect box_of(const std::vector<cv::Point>& outline) { return cv::boundingRect(outline); }

/// The quarter-cell samples, in tenths of a step: cell (i, j)'s four triangles' points.
constexpr int kQuarter[4][2] = {{5, 2}, {8, 5}, {5, 8}, {2, 5}};

/// Whether sample (x, y) (tenths of a step) lies in the outline (never on its sides).
bool sample_in(const std::vector<cv::Point>& outline, int x, int y) {
  bool in = false;
  const std::size_t n = outline.size();
  for (std::size_t i = 0, j = n - 1; i < n; j = i++) {
    const std::int64_t xi = 10LL * outline[i].x, yi = 10LL * outline[i].y;
    const std::int64_t xj = 10LL * outline[j].x, yj = 10LL * outline[j].y;
    if ((yi > y) == (yj > y)) continue;
    // x < xi + (y - yi) (xj - xi) / (yj - yi), compared exactly.
    const std::int64_t lhs = (x - xi) * (yj - yi), rhs = (y - yi) * (xj - xi);
    if (yj - yi > 0 ? lhs < rhs : lhs > rhs) in = !in;
  }
  return in;
}

/// The samples in the figure, per cell and quarter: (rows, cols * 4).
cv::Mat1b sample_grid(const std::vector<std::vector<cv::Point>>& outlines, cv::Size size) {
  cv::Mat1b in(size.height, size.width * 4, uchar{0});
  for (const auto& outline : outlines) {
    const cv::Rect box = box_of(outline);
    for (int j = box.y; j < box.y + box.height - 1; ++j)
      for (int i = box.x; i < box.x + box.width - 1; ++i)
        for (int q = 0; q < 4; ++q)
          if (sample_in(outline, 10 * i + kQuarter[q][0], 10 * j + kQuarter[q][1]))
            in(j, 4 * i + q) = 1;
  }
  return in;
}

}  // namespace

bool outlines_overlap(const std::vector<cv::Point>& a, const std::vector<cv::Point>& b) {
  const cv::Rect ba = box_of(a), bb = box_of(b);
  // boundingRect counts points: a box of width w spans w - 1 steps.
  if (ba.x + ba.width - 1 <= bb.x || bb.x + bb.width - 1 <= ba.x || ba.y + ba.height - 1 <= bb.y ||
      bb.y + bb.height - 1 <= ba.y)
    return false;
  return overlap_area(as_polygon(a), as_polygon(b)) > 1e-9;
}

double shared_boundary(const std::vector<cv::Point>& a, const std::vector<cv::Point>& b) {
  double shared = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const cv::Point p = a[i], u = a[(i + 1) % a.size()] - p;
    const std::int64_t uu = detail::dot(u, u);
    for (std::size_t j = 0; j < b.size(); ++j) {
      const cv::Point c = b[j], d = b[(j + 1) % b.size()];
      if (detail::cross(u, d - c) != 0 || detail::cross(u, c - p) != 0) continue;
      const std::int64_t tc = detail::dot(c - p, u), td = detail::dot(d - p, u);
      const std::int64_t lo = std::max<std::int64_t>(0, std::min(tc, td));
      const std::int64_t hi = std::min(uu, std::max(tc, td));
      if (hi > lo) shared += double(hi - lo) / std::sqrt(double(uu));
    }
  }
  return shared;
}

int assembly_holes(const std::vector<std::vector<cv::Point>>& outlines, cv::Size size) {
  // Samples with a border of empty cells; the background's triangles joined across their
  // sides (within a cell: each to its two neighbours; across a cell's side: to the facing one).
  const cv::Mat1b in = sample_grid(outlines, size);
  const int rows = size.height + 2, cols = size.width + 2;
  std::vector<int> label(static_cast<std::size_t>(rows * cols * 4), -1);
  const auto at = [&](int j, int i, int q) { return (j * cols + i) * 4 + q; };
  const auto empty = [&](int j, int i, int q) {
    const int y = j - 1, x = i - 1;
    return y < 0 || x < 0 || y >= size.height || x >= size.width || in(y, 4 * x + q) == 0;
  };
  int components = 0;
  for (int j = 0; j < rows; ++j)
    for (int i = 0; i < cols; ++i)
      for (int q = 0; q < 4; ++q) {
        if (!empty(j, i, q) || label[static_cast<std::size_t>(at(j, i, q))] >= 0) continue;
        std::vector<std::array<int, 3>> stack{{j, i, q}};
        label[static_cast<std::size_t>(at(j, i, q))] = components;
        while (!stack.empty()) {
          const auto [y, x, r] = stack.back();
          stack.pop_back();
          std::array<std::array<int, 3>, 3> next{{{y, x, (r + 1) % 4}, {y, x, (r + 3) % 4}, {}}};
          // 0 top, 1 right, 2 bottom, 3 left: the facing triangle of the next cell.
          static constexpr int dy[4] = {-1, 0, 1, 0}, dx[4] = {0, 1, 0, -1};
          next[2] = {y + dy[r], x + dx[r], (r + 2) % 4};
          for (const auto& [ny, nx, nr] : next) {
            if (ny < 0 || nx < 0 || ny >= rows || nx >= cols || !empty(ny, nx, nr)) continue;
            int& l = label[static_cast<std::size_t>(at(ny, nx, nr))];
            if (l >= 0) continue;
            l = components;
            stack.push_back({ny, nx, nr});
          }
        }
        ++components;
      }
  return std::max(0, components - 1);  // the first is the outside (the border's)
}

std::vector<std::int32_t> assembly_figure_key(const PuzzleAssembly& assembly) {
  const cv::Mat1b in = sample_grid(assembly.outlines, assembly.size);
  std::vector<cv::Point> points;
  for (int j = 0; j < in.rows; ++j)
    for (int i = 0; i < assembly.size.width; ++i)
      for (int q = 0; q < 4; ++q)
        if (in(j, 4 * i + q) != 0)
          points.emplace_back(10 * i + kQuarter[q][0], 10 * j + kQuarter[q][1]);
  std::vector<std::int32_t> best;
  for (int t = 0; t < 8; ++t) {
    std::vector<cv::Point> image;
    for (const cv::Point p : points) {
      cv::Point q = (t & 4) != 0 ? cv::Point(p.y, p.x) : p;
      if ((t & 1) != 0) q.x = -q.x;
      if ((t & 2) != 0) q.y = -q.y;
      image.push_back(q);
    }
    int x0 = 1 << 30, y0 = 1 << 30;
    for (const cv::Point p : image) {
      x0 = std::min(x0, p.x);
      y0 = std::min(y0, p.y);
    }
    std::vector<std::int32_t> key;
    for (const cv::Point p : image) key.push_back(((p.y - y0) << 16) | (p.x - x0));
    std::sort(key.begin(), key.end());
    if (best.empty() || key < best) best = std::move(key);
  }
  return best;
}

namespace {

/// The outlines of `configs` per shape, counter-clockwise.
using Shapes = std::vector<std::vector<std::vector<cv::Point>>>;

/// The pieces `order` laid one by one as random_assembly() lays them, into `a`; false when a
/// piece finds no place.
bool lay_part(const std::vector<ShapeId>& order, const Shapes& shapes,
              const PuzzleAssemblyConfig& config, std::mt19937_64& rng, PuzzleAssembly& a) {
  struct Candidate {
    LatticePlacement placement;
    double shared = 0.0;
  };
  for (const ShapeId shape : order) {
    const auto& configs = shapes[static_cast<std::size_t>(shape)];
    if (a.outlines.empty()) {
      const int c = std::uniform_int_distribution<int>(0, int(configs.size()) - 1)(rng);
      a.placements.push_back({shape, c, {0, 0}});
      a.outlines.push_back(configs[static_cast<std::size_t>(c)]);
      continue;
    }
    // Every placement with a corner on a corner of the figure so far and a side along one
    // of its sides, running the other way (the two pieces on either side of it).
    std::vector<Candidate> candidates;
    std::set<std::tuple<int, int, int>> tried;
    for (std::size_t c = 0; c < configs.size(); ++c) {
      const std::vector<cv::Point>& outline = configs[c];
      for (const auto& laid : a.outlines)
        for (std::size_t e = 0; e < laid.size(); ++e) {
          const cv::Point p = laid[e], q = laid[(e + 1) % laid.size()];
          for (std::size_t f = 0; f < outline.size(); ++f) {
            const cv::Point r = outline[f], s = outline[(f + 1) % outline.size()];
            if (detail::cross(q - p, s - r) != 0 || detail::dot(q - p, s - r) >= 0) continue;
            for (const cv::Point offset : {q - r, p - s}) {
              LatticePlacement placement{shape, static_cast<int>(c), offset};
              if (!tried.emplace(placement.config, offset.x, offset.y).second) continue;
              std::vector<cv::Point> moved = outline;
              for (cv::Point& v : moved) v += offset;
              bool clear = true;
              double shared = 0.0;
              for (const auto& other : a.outlines) {
                if (outlines_overlap(moved, other)) {
                  clear = false;
                  break;
                }
                shared += shared_boundary(moved, other);
              }
              if (clear) candidates.push_back({placement, shared});
            }
          }
        }
    }
    if (candidates.empty()) return false;
    // The preferred quarter by shared boundary (compact: longest; sprawling: shortest).
    std::stable_sort(
        candidates.begin(), candidates.end(), [&](const Candidate& x, const Candidate& y) {
          return config.style == PuzzleStyle::Compact ? x.shared > y.shared : x.shared < y.shared;
        });
    const std::size_t pool = std::max<std::size_t>(1, candidates.size() / 4);
    const Candidate& chosen =
        candidates[std::uniform_int_distribution<std::size_t>(0, pool - 1)(rng)];
    std::vector<cv::Point> moved = configs[static_cast<std::size_t>(chosen.placement.config)];
    for (cv::Point& v : moved) v += chosen.placement.at;
    a.placements.push_back(chosen.placement);
    a.outlines.push_back(std::move(moved));
  }
  return true;
}

/// Moves `a` by `offset` lattice steps.
void shift(PuzzleAssembly& a, cv::Point offset) {
  for (auto& outline : a.outlines)
    for (cv::Point& v : outline) v += offset;
  for (LatticePlacement& p : a.placements) p.at += offset;
}

/// Moves `a`'s box corner to (0, 0) and sets its size.
void to_origin(PuzzleAssembly& a) {
  int x0 = 1 << 30, y0 = 1 << 30, x1 = -(1 << 30), y1 = -(1 << 30);
  for (const auto& outline : a.outlines)
    for (const cv::Point v : outline) {
      x0 = std::min(x0, v.x);
      y0 = std::min(y0, v.y);
      x1 = std::max(x1, v.x);
      y1 = std::max(y1, v.y);
    }
  shift(a, {-x0, -y0});
  a.size = {x1 - x0, y1 - y0};
}

}  // namespace

std::optional<PuzzleAssembly> random_assembly(const PieceSet& set, const PieceLattice& lattice,
                                              const PuzzleAssemblyConfig& config,
                                              std::mt19937_64& rng) {
  Shapes shapes;
  for (const auto& configs : lattice.configs) {
    shapes.emplace_back();
    for (const LatticeConfiguration& c : configs)
      shapes.back().push_back(counter_clockwise(c.corners));
  }
  const std::size_t pieces = set.piece_count();
  const std::size_t parts =
      std::clamp<std::size_t>(std::size_t(std::max(1, config.parts)), 1, pieces);
  for (int attempt = 0; attempt < std::max(1, config.attempts); ++attempt) {
    std::vector<ShapeId> order = set.order();
    std::shuffle(order.begin(), order.end(), rng);
    // The shuffled pieces cut into `parts` runs of as even sizes as can be, each laid alone.
    std::vector<PuzzleAssembly> laid(parts);
    bool stuck = false;
    for (std::size_t k = 0, from = 0; k < parts && !stuck; ++k) {
      const std::size_t to = from + (pieces - from) / (parts - k);
      const std::vector<ShapeId> run(order.begin() + std::ptrdiff_t(from),
                                     order.begin() + std::ptrdiff_t(to));
      stuck = !lay_part(run, shapes, config, rng, laid[k]);
      to_origin(laid[k]);
      from = to;
    }
    if (stuck) continue;
    // The parts left to right, one step apart, each at a random height within the tallest.
    int tallest = 0;
    for (const PuzzleAssembly& part : laid) tallest = std::max(tallest, part.size.height);
    PuzzleAssembly a;
    a.step = lattice.step;
    int x = 0;
    for (PuzzleAssembly& part : laid) {
      const int y = tallest > part.size.height
                        ? std::uniform_int_distribution<int>(0, tallest - part.size.height)(rng)
                        : 0;
      shift(part, {x, y});
      x += part.size.width + 1;
      a.placements.insert(a.placements.end(), part.placements.begin(), part.placements.end());
      a.outlines.insert(a.outlines.end(), part.outlines.begin(), part.outlines.end());
    }
    to_origin(a);
    a.holes = assembly_holes(a.outlines, a.size);
    if (a.holes > 0 && !config.holes) continue;
    return a;
  }
  return std::nullopt;
}

Pattern assembly_pattern(const PuzzleAssembly& assembly, int step_px, int margin_px) {
  cv::Mat1b mask(assembly.size.height * step_px + 2 * margin_px,
                 assembly.size.width * step_px + 2 * margin_px, uchar{0});
  // Nudged off every line through lattice points along small directions.
  const double nx = 0.5 + 0.0123, ny = 0.5 + 0.0071;
  for (const auto& outline : assembly.outlines) {
    Polygon px;
    for (const cv::Point v : outline)
      px.push_back({double(margin_px + v.x * step_px), double(margin_px + v.y * step_px)});
    const cv::Rect box = box_of(outline);
    for (int y = margin_px + box.y * step_px; y < margin_px + (box.y + box.height - 1) * step_px;
         ++y)
      for (int x = margin_px + box.x * step_px; x < margin_px + (box.x + box.width - 1) * step_px;
           ++x)
        if (mask(y, x) == 0 && inside_polygon(px, {x + nx, y + ny})) mask(y, x) = 255;
  }
  return make_pattern(mask);
}

std::vector<PlacedPiece> assembly_pieces(const PuzzleAssembly& assembly, const PieceSet& set,
                                         const PieceLattice& lattice, int step_px, int margin_px) {
  const double unit_px = step_px / lattice.step;
  std::vector<PlacedPiece> pieces;
  for (const LatticePlacement& p : assembly.placements) {
    const LatticeConfiguration& c =
        lattice.configs[static_cast<std::size_t>(p.shape)][static_cast<std::size_t>(p.config)];
    Pose pose;
    pose.angle_deg = c.config.angle_deg;
    pose.reflected = c.config.reflected;
    pose.centre = {margin_px + step_px * (p.at.x + c.centre.x),
                   margin_px + step_px * (p.at.y + c.centre.y)};
    pieces.push_back({p.shape, pose, set.posed_polygon(p.shape, unit_px, pose)});
  }
  return pieces;
}

OutlineCorners outline_corners(const PuzzleAssembly& assembly) {
  std::set<std::pair<int, int>> points;
  for (const auto& outline : assembly.outlines)
    for (const cv::Point v : outline) points.emplace(v.x, v.y);
  // Each outline's orientation, once: the sign of its shoelace sum.
  std::vector<bool> clockwise;
  for (const auto& outline : assembly.outlines)
    clockwise.push_back(detail::twice_signed_area(outline) > 0);
  OutlineCorners out;
  for (const auto& [x, y] : points) {
    const cv::Point v(x, y);
    double angle = 0.0;  // the pieces' angles at v, radians
    int pieces = 0;
    for (std::size_t o = 0; o < assembly.outlines.size(); ++o) {
      const auto& outline = assembly.outlines[o];
      const std::size_t n = outline.size();
      for (std::size_t i = 0; i < n; ++i) {
        const cv::Point p = outline[i], q = outline[(i + 1) % n];
        if (p == v) {
          const cv::Point a = v - outline[(i + n - 1) % n], b = q - v;
          const double turn = std::atan2(double(detail::cross(a, b)), double(detail::dot(a, b)));
          angle += CV_PI - (clockwise[o] ? turn : -turn);
          ++pieces;
        } else if (q != v && detail::cross(q - p, v - p) == 0 && detail::dot(v - p, q - p) > 0 &&
                   detail::dot(v - p, q - p) < detail::dot(q - p, q - p)) {
          angle += CV_PI;  // v inside one of its sides
          ++pieces;
        }
      }
    }
    if (std::abs(angle - 2.0 * CV_PI) < 1e-6 || std::abs(angle - CV_PI) < 1e-6) continue;
    ++out.corners;
    if (pieces >= 2) ++out.joined;
  }
  return out;
}

OutlineCorners outline_corners(const std::vector<PlacedPiece>& pieces, double tolerance_px) {
  const auto length = [](Vec2 a) { return std::hypot(a.x, a.y); };
  // The distinct points, each corner within the tolerance of an earlier one merged into it.
  std::vector<Vec2> points;
  for (const PlacedPiece& p : pieces)
    for (const Vec2 v : p.polygon) {
      const bool known = std::any_of(points.begin(), points.end(),
                                     [&](Vec2 u) { return length(u - v) <= tolerance_px; });
      if (!known) points.push_back(v);
    }
  OutlineCorners out;
  for (const Vec2 v : points) {
    double angle = 0.0;  // the pieces' angles at v, radians
    int at = 0;
    for (const PlacedPiece& piece : pieces) {
      const Polygon& poly = piece.polygon;
      const std::size_t n = poly.size();
      double area = 0.0;
      for (std::size_t i = 0; i < n; ++i) area += cross(poly[i], poly[(i + 1) % n]);
      bool corner = false;
      for (std::size_t i = 0; i < n && !corner; ++i) {
        if (length(poly[i] - v) > tolerance_px) continue;
        const Vec2 a = poly[i] - poly[(i + n - 1) % n], b = poly[(i + 1) % n] - poly[i];
        const double turn = std::atan2(cross(a, b), dot(a, b));
        angle += CV_PI - (area > 0 ? turn : -turn);
        corner = true;
      }
      if (!corner)
        for (std::size_t i = 0; i < n; ++i) {
          const Vec2 p = poly[i], d = poly[(i + 1) % n] - p;
          const double t = dot(v - p, d) / dot(d, d);
          if (t <= 0.0 || t >= 1.0 || std::abs(cross(d, v - p)) / length(d) > tolerance_px)
            continue;
          angle += CV_PI;  // v inside one of its sides
          corner = true;
          break;
        }
      if (corner) ++at;
    }
    if (std::abs(angle - 2.0 * CV_PI) < 0.1 || std::abs(angle - CV_PI) < 0.1) continue;
    ++out.corners;
    if (at >= 2) ++out.joined;
  }
  return out;
}

PuzzleUniqueness puzzle_uniqueness(const Pattern& pattern, const SolverConfig& solver) {
  PuzzleUniqueness out;
  SolverConfig config = solver;
  config.search.time_limit_s = 1e9;  // decided by the enumeration's end, never by a clock
  EnumerationConfig enumeration;
  enumeration.max_solutions = 2;
  enumeration.up_to_symmetry = true;
  if (std::optional<std::string> why = enumeration_refusal(pattern, config, enumeration)) {
    out.refusal = *why;
    return out;
  }
  out.enumeration = enumerate_assemblies(pattern, config, enumeration, {});
  return out;
}

}  // namespace tangram
