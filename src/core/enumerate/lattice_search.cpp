#include "tangram/core/enumerate/lattice_search.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "tangram/core/figure/angles.hpp"
#include "tangram/core/figure/corner_angles.hpp"
#include "tangram/core/figure/rotation_plan.hpp"
#include "tangram/core/figure/warp.hpp"
#include "tangram/core/geometry/outline.hpp"

namespace tangram {

namespace {

/// Whether `v` is within 1e-6 of a whole number.
bool near_whole(double v) { return std::abs(v - std::round(v)) < 1e-6; }

/// The configurations of each shape whose corners fall on a lattice of `step` set units; empty
/// when some shape has none.
std::vector<std::vector<LatticeConfiguration>> lattice_configurations(const PieceSet& set,
                                                                      bool reflection,
                                                                      double step) {
  std::vector<std::vector<LatticeConfiguration>> out(set.shape_count());
  for (std::size_t s = 0; s < set.shape_count(); ++s) {
    const ShapeId id = static_cast<ShapeId>(s);
    const Polygon local = set.local_polygon(id, 1.0);
    std::vector<std::vector<cv::Point>> seen;
    for (const Configuration& config : set.configurations(id, set.grid_step_deg(), reflection)) {
      const Polygon posed = apply_pose(local, Pose{{0.0, 0.0}, config.angle_deg, config.reflected});
      const Box box = bounding_box(posed);
      LatticeConfiguration c;
      c.config = config;
      bool on = true;
      for (const Vec2& v : posed) {
        const double x = (v.x - box.x0) / step, y = (v.y - box.y0) / step;
        on = on && near_whole(x) && near_whole(y);
        c.corners.emplace_back(static_cast<int>(std::lround(x)), static_cast<int>(std::lround(y)));
      }
      if (!on) continue;
      std::vector<cv::Point> key = c.corners;
      std::sort(key.begin(), key.end(),
                [](cv::Point a, cv::Point b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
      if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
      seen.push_back(key);
      c.size = {static_cast<int>(std::lround((box.x1 - box.x0) / step)),
                static_cast<int>(std::lround((box.y1 - box.y0) / step))};
      c.centre = {-box.x0 / step, -box.y0 / step};  // the centroid was at (0, 0)
      out[s].push_back(std::move(c));
    }
    if (out[s].empty()) return {};
  }
  return out;
}

/// The outline of a placed configuration in lattice steps.
Polygon lattice_polygon(const LatticeConfiguration& c, cv::Point at) {
  Polygon polygon;
  for (const cv::Point& p : c.corners) polygon.push_back({double(p.x + at.x), double(p.y + at.y)});
  return polygon;
}

/// Offsets of the samples within a cell of the lattice, in fractions of a step over `k`
/// samples per step: candidates tried in turn, the one farthest from every edge line kept.
constexpr double kOffsets[] = {0.5, 0.3183, 0.5772, 0.4142, 0.618, 0.2718, 0.7071, 0.1415};

/// The least distance, in steps, from the samples (u + a) / k, (v + b) / k to the lines through
/// lattice points along the directions `directions` (primitive integer vectors).
double least_clearance(double a, double b, int k, const std::vector<cv::Point>& directions) {
  double least = 1.0;
  for (const cv::Point& d : directions) {
    const double norm = std::hypot(double(d.x), double(d.y));
    for (int u = 0; u < k; ++u)
      for (int v = 0; v < k; ++v) {
        // Lines along (dx, dy) through lattice points: dy x - dx y = n for whole n.
        const double t = (d.y * (u + a) - d.x * (v + b)) / k;
        least = std::min(least, std::abs(t - std::round(t)) / norm);
      }
  }
  return least;
}

/// A sampling of a figure: samples per step, their offsets, and their least distance (px) from
/// a line a piece's edge can follow.
struct Sampling {
  int k = 1;
  double a = 0.5, b = 0.5;
  double clearance_px = 0.0;
};

/// The edge directions of the configurations, as primitive integer vectors.
std::vector<cv::Point> edge_directions(const LatticeFigure& figure) {
  std::vector<cv::Point> directions;
  for (const auto& configs : figure.configs)
    for (const LatticeConfiguration& c : configs)
      for (std::size_t i = 0; i < c.corners.size(); ++i) {
        cv::Point d = c.corners[(i + 1) % c.corners.size()] - c.corners[i];
        const int g = std::gcd(std::abs(d.x), std::abs(d.y));
        if (g == 0) continue;
        d = {d.x / g, d.y / g};
        if (d.x < 0 || (d.x == 0 && d.y < 0)) d = -d;
        if (std::find(directions.begin(), directions.end(), d) == directions.end())
          directions.push_back(d);
      }
  return directions;
}

/// The fewest samples any configuration holds with sampling `s`.
int fewest_samples(const LatticeFigure& figure, const Sampling& s) {
  int fewest = std::numeric_limits<int>::max();
  for (const auto& configs : figure.configs)
    for (const LatticeConfiguration& c : configs) {
      const Polygon outline = lattice_polygon(c, {0, 0});
      int n = 0;
      for (int v = 0; v < c.size.height * s.k; ++v)
        for (int u = 0; u < c.size.width * s.k; ++u)
          n += inside_polygon(outline, {(u + s.a) / s.k, (v + s.b) / s.k}) ? 1 : 0;
      fewest = std::min(fewest, n);
    }
  return fewest;
}

/// The samples of the cover: the fewest per step (fewer samples, a shallower search) such that
/// every configuration holds at least one and each lies kLatticeClearancePx from every line a
/// piece's edge can follow (so that no sample is taken for the wrong side of an edge); with
/// `fine`, the most per step (at most 4, at least 3 px apart), for the check that a piece
/// lies inside the figure. Short of that clearance, the one that comes nearest.
Sampling choose_sampling(const LatticeFigure& figure, bool fine) {
  const std::vector<cv::Point> directions = edge_directions(figure);
  const double step_px = std::min(figure.step_px.x, figure.step_px.y);
  const int most = std::clamp(static_cast<int>(step_px / 3.0), 1, 4);
  Sampling best;
  double best_px = -1.0;
  for (int n = 1; n <= most; ++n) {
    const int k = fine ? most + 1 - n : n;
    Sampling chosen;
    double chosen_px = -1.0;
    for (const double a : kOffsets)
      for (const double b : kOffsets) {
        const double px = least_clearance(a, b, k, directions) * step_px;
        if (px > chosen_px + 1e-9 && (fine || fewest_samples(figure, {k, a, b}) >= 1)) {
          chosen_px = px;
          chosen = {k, a, b, px};
        }
      }
    if (chosen_px > best_px) {
      best_px = chosen_px;
      best = chosen;
    }
    if (chosen_px >= kLatticeClearancePx) return chosen;
  }
  return best;
}

/// Whether sample (u, v) of `s` (in 1/k steps from the box's corner, plus the offsets) falls on
/// a puzzle pixel.
bool sample_in_figure(const Pattern& pattern, const LatticeFigure& figure, const Sampling& s, int u,
                      int v) {
  const int x = static_cast<int>(std::floor(figure.origin.x + (u + s.a) / s.k * figure.step_px.x));
  const int y = static_cast<int>(std::floor(figure.origin.y + (v + s.b) / s.k * figure.step_px.y));
  return x >= 0 && y >= 0 && x < pattern.puzzle.cols && y < pattern.puzzle.rows &&
         pattern.puzzle(y, x) != 0;
}

/// Whether the figure maps onto itself under `t` (a symmetry of its box of cols x rows steps):
/// the puzzle pixels of the box and of its image differ on under 1% of the figure.
bool figure_symmetric(const Pattern& pattern, const LatticeFigure& figure, const GridSymmetry& t) {
  const cv::Rect box = cv::boundingRect(pattern.puzzle);
  const cv::Mat1b crop = pattern.puzzle(box) != 0;
  cv::Mat1b image;
  // t in lattice points (0..cols, 0..rows): the same map on the box's pixels.
  if (t.b == 0) {
    const int code = t.a < 0 && t.e < 0 ? -1 : t.a < 0 ? 1 : t.e < 0 ? 0 : 2;
    if (code == 2) return true;
    cv::flip(crop, image, code);
  } else {
    if (figure.cols != figure.rows) return false;
    cv::Mat1b transposed;
    cv::transpose(crop, transposed);
    // (x, y) -> (b y + c, d x + f): a transpose, then flips where b or d is negative.
    const int code = t.b < 0 && t.d < 0 ? -1 : t.b < 0 ? 1 : t.d < 0 ? 0 : 2;
    if (code == 2)
      image = transposed;
    else
      cv::flip(transposed, image, code);
  }
  if (image.size() != crop.size()) cv::resize(image, image, crop.size(), 0, 0, cv::INTER_NEAREST);
  const double most = 0.01 * std::max(1, cv::countNonZero(crop));
  // A figure turned to its lattice was resampled: its box may lie a pixel off its image's.
  const int slack = figure.turned ? 1 : 0;
  cv::Mat1b padded;
  cv::copyMakeBorder(crop, padded, slack, slack, slack, slack, cv::BORDER_CONSTANT, 0);
  for (int dy = -slack; dy <= slack; ++dy)
    for (int dx = -slack; dx <= slack; ++dx) {
      cv::Mat1b shifted(padded.size(), uchar{0});
      image.copyTo(shifted(cv::Rect(slack + dx, slack + dy, image.cols, image.rows)));
      cv::Mat1b differ;
      cv::bitwise_xor(padded, shifted, differ);
      if (cv::countNonZero(differ) < most) return true;
    }
  return false;
}

/// Whether every corner of the figure (figure_corners()) lies within `tolerance_px` of a point of
/// `figure`'s lattice: a corner of the figure is a corner of a piece, so on a lattice assembly
/// it is a lattice point.
bool corners_on_lattice(const Pattern& pattern, const LatticeFigure& figure) {
  const double tolerance = std::max(2.5, 0.1 * std::min(figure.step_px.x, figure.step_px.y));
  for (const FigureCorner& corner : figure_corners(pattern.puzzle, min_corner_edge_px(pattern))) {
    const double u = (corner.at.x - figure.origin.x) / figure.step_px.x;
    const double v = (corner.at.y - figure.origin.y) / figure.step_px.y;
    if (std::abs(u - std::round(u)) * figure.step_px.x > tolerance ||
        std::abs(v - std::round(v)) * figure.step_px.y > tolerance)
      return false;
  }
  return true;
}

/// The directions of the figure's outline edges in `figure`'s lattice, as primitive integer
/// vectors: the lines along which reading the figure's pixels at a sample can go wrong (the
/// pieces' inner edges are never read from pixels).
std::vector<cv::Point> outline_directions(const Pattern& pattern, const LatticeFigure& figure) {
  std::vector<cv::Point> out;
  for (const OutlineRing& ring : vectorise_outline(pattern.puzzle)) {
    const std::size_t n = ring.corners.size();
    for (std::size_t i = 0; i < n; ++i) {
      const Vec2 a = ring.corners[i], b = ring.corners[(i + 1) % n];
      int du = static_cast<int>(std::lround((b.x - a.x) / figure.step_px.x));
      int dv = static_cast<int>(std::lround((b.y - a.y) / figure.step_px.y));
      const int g = std::gcd(std::abs(du), std::abs(dv));
      if (g == 0) continue;
      du /= g;
      dv /= g;
      if (dv < 0 || (dv == 0 && du < 0)) {
        du = -du;
        dv = -dv;
      }
      if (std::find(out.begin(), out.end(), cv::Point(du, dv)) == out.end())
        out.emplace_back(du, dv);
    }
  }
  return out;
}

/// lattice_figure() of the figure as it lies, its lattice along the pixel axes.
std::optional<LatticeFigure> axis_lattice_figure(const Pattern& pattern, const PieceSet& set,
                                                 bool reflection, double unit_px) {
  if (pattern.puzzle.empty() || pattern.area_px == 0 || !(unit_px > 0.0)) return std::nullopt;
  const cv::Rect box = cv::boundingRect(pattern.puzzle);
  // The set's own steps (finer steps of the same kind would only add positions off the
  // pieces' own lattice).
  for (PieceLattice& lattice : piece_lattices(set, reflection)) {
    LatticeFigure figure;
    const double step = lattice.step;
    figure.configs = std::move(lattice.configs);
    const double step_px = step * unit_px;
    const int cols = static_cast<int>(std::lround(box.width / step_px));
    const int rows = static_cast<int>(std::lround(box.height / step_px));
    const double tolerance = std::max(1.5, 0.05 * step_px);
    if (step_px >= 6.0 && cols >= 1 && rows >= 1 && double(cols) * rows <= 1e5 &&
        std::abs(box.width - cols * step_px) <= tolerance &&
        std::abs(box.height - rows * step_px) <= tolerance) {
      figure.step = step;
      // The step from the area, the lattice's box centred on the pixels' box: that box can be
      // a pixel short at either end (a sloped side's corner pixel whose centre is on the
      // outline), so the box's corner and its size in steps may each be a pixel off.
      figure.origin = {box.x + (box.width - cols * step_px) / 2.0,
                       box.y + (box.height - rows * step_px) / 2.0};
      figure.step_px = {step_px, step_px};
      figure.cols = cols;
      figure.rows = rows;
      if (!corners_on_lattice(pattern, figure)) continue;
      // How far the samples lie from the figure's own outline, which is read from pixels.
      const Sampling cover = choose_sampling(figure, false), fine = choose_sampling(figure, true);
      const std::vector<cv::Point> outline = outline_directions(pattern, figure);
      figure.clearance_px = step_px * std::min(least_clearance(cover.a, cover.b, cover.k, outline),
                                               least_clearance(fine.a, fine.b, fine.k, outline));
      return figure;
    }
  }
  return std::nullopt;
}

/// `pattern` turned by `turn_deg` (counter-clockwise as seen) about its centre onto a canvas that
/// holds it, and the map from the turned pixels back to `pattern`'s (pixel frame: pixel (i, j)
/// covers [i, i + 1] x [j, j + 1]).
std::pair<Pattern, cv::Matx23d> turned_pattern(const Pattern& pattern, double turn_deg) {
  const double a = turn_deg * CV_PI / 180.0, c = std::cos(a), s = std::sin(a);
  const double w = pattern.puzzle.cols, h = pattern.puzzle.rows;
  const double cw = std::abs(w * c) + std::abs(h * s), ch = std::abs(w * s) + std::abs(h * c);
  const int cols = static_cast<int>(std::ceil(cw)) + 2, rows = static_cast<int>(std::ceil(ch)) + 2;
  // Seen counter-clockwise with y down: (x, y) -> (c x + s y, -s x + c y) about the centres.
  const cv::Vec2d from{w / 2.0, h / 2.0}, to{cols / 2.0, rows / 2.0};
  const cv::Matx22d r(c, s, -s, c);
  const cv::Vec2d shift = to - r * from;
  // The warp maps pixel centres (i + 0.5 in this frame) to pixel centres.
  const cv::Vec2d centre_shift = shift + r * cv::Vec2d(0.5, 0.5) - cv::Vec2d(0.5, 0.5);
  const cv::Matx23d forward(r(0, 0), r(0, 1), centre_shift[0], r(1, 0), r(1, 1), centre_shift[1]);
  const cv::Mat1b image = warp_affine_linear(pattern.puzzle, forward, {cols, rows});
  const cv::Mat1b mask = image >= 128;
  Pattern out;
  out.puzzle = mask;
  out.area_px = cv::countNonZero(mask);
  out.side_px = std::sqrt(static_cast<double>(out.area_px));
  const cv::Matx22d back = r.t();
  const cv::Vec2d back_shift = -(back * shift);
  return {out, cv::Matx23d(back(0, 0), back(0, 1), back_shift[0], back(1, 0), back(1, 1),
                           back_shift[1])};
}

}  // namespace

std::vector<PieceLattice> piece_lattices(const PieceSet& set, bool reflection) {
  std::vector<PieceLattice> out;
  for (const double base : {1.0, std::sqrt(2.0)})
    for (int m = 1; m <= 16; ++m) {
      const double step = base / m;
      auto configs = lattice_configurations(set, reflection, step);
      if (configs.empty()) continue;
      out.push_back({step, std::move(configs)});
      break;
    }
  return out;
}

std::optional<LatticeFigure> lattice_figure(const Pattern& pattern, const PieceSet& set,
                                            bool reflection, double unit_px) {
  if (std::optional<LatticeFigure> figure = axis_lattice_figure(pattern, set, reflection, unit_px))
    return figure;
  // A turned figure: its outline's direction modulo the grid step, as --rotation-step auto
  // reads it (rotation_plan.hpp), turned back to the lattice's.
  const std::optional<OutlineDirection> direction = outline_direction(pattern, set.grid_step_deg());
  if (!direction || direction->share < RotationPlanConfig{}.min_share) return std::nullopt;
  const double grid = set.grid_step_deg();
  double turn = grid_turn(*direction, grid);
  if (turn == 0.0) return std::nullopt;
  if (turn > grid / 2.0) turn -= grid;  // the nearer way: the figure as upright as it can be
  auto [turned, back] = turned_pattern(pattern, -turn);
  std::optional<LatticeFigure> figure = axis_lattice_figure(turned, set, reflection, unit_px);
  if (!figure) return std::nullopt;
  figure->turned = std::make_shared<const Pattern>(std::move(turned));
  figure->turn_deg = turn;
  figure->back = back;
  return figure;
}

LatticeSearchResult lattice_search(
    const Pattern& input, const LatticeFigure& figure, const PieceSet& set,
    const GridSearchConfig& config,
    const std::function<void(const std::vector<LatticePlacement>&)>& on_solution,
    const CoverProgressSink& on_progress) {
  const Pattern& pattern = figure.turned ? *figure.turned : input;
  const Sampling sampling = choose_sampling(figure, false);
  const Sampling fine = choose_sampling(figure, true);
  const int k = sampling.k;
  const int cols = figure.cols * k, rows = figure.rows * k;
  // The samples in the figure, numbered in scan order (along the shorter side, line by line).
  const bool column_major = cols > rows;
  cv::Mat1i index(rows, cols, -1);
  CoverProblem problem = cover_problem(set);
  for (int l = 0; l < (column_major ? cols : rows); ++l)
    for (int m = 0; m < (column_major ? rows : cols); ++m) {
      const int u = column_major ? l : m, v = column_major ? m : l;
      if (sample_in_figure(pattern, figure, sampling, u, v)) index(v, u) = problem.points++;
    }
  // Each sample's neighbours (the eight around it in the figure), where slivers show first.
  problem.neighbours.resize(static_cast<std::size_t>(problem.points));
  for (int v = 0; v < rows; ++v)
    for (int u = 0; u < cols; ++u)
      for (int dv = -1; dv <= 1 && index(v, u) >= 0; ++dv)
        for (int du = -1; du <= 1; ++du) {
          const int y = v + dv, x = u + du;
          if ((dv != 0 || du != 0) && y >= 0 && y < rows && x >= 0 && x < cols && index(y, x) >= 0)
            problem.neighbours[static_cast<std::size_t>(index(v, u))].push_back(index(y, x));
        }
  // The fine samples: whether each is in the figure.
  cv::Mat1b fine_in(figure.rows * fine.k, figure.cols * fine.k, uchar{0});
  for (int v = 0; v < fine_in.rows; ++v)
    for (int u = 0; u < fine_in.cols; ++u)
      fine_in(v, u) = sample_in_figure(pattern, figure, fine, u, v) ? 1 : 0;
  // Every lattice configuration at every lattice point where it lies in the figure (all its
  // fine samples in it), as the cover's samples it holds.
  std::vector<LatticePlacement> placements;
  std::vector<Polygon> outlines;  // in steps
  for (std::size_t s = 0; s < figure.configs.size(); ++s)
    for (std::size_t c = 0; c < figure.configs[s].size(); ++c) {
      const LatticeConfiguration& lc = figure.configs[s][c];
      for (int j = 0; j + lc.size.height <= figure.rows; ++j)
        for (int i = 0; i + lc.size.width <= figure.cols; ++i) {
          const Polygon outline = lattice_polygon(lc, {i, j});
          CoverMove move{static_cast<ShapeId>(s), {}};
          bool inside = true;
          for (int v = j * k; v < (j + lc.size.height) * k && inside; ++v)
            for (int u = i * k; u < (i + lc.size.width) * k && inside; ++u) {
              const Vec2 p{(u + sampling.a) / k, (v + sampling.b) / k};
              if (!inside_polygon(outline, p)) continue;
              inside = index(v, u) >= 0;
              move.points.push_back(index(v, u));
            }
          for (int v = j * fine.k; v < (j + lc.size.height) * fine.k && inside; ++v)
            for (int u = i * fine.k; u < (i + lc.size.width) * fine.k && inside; ++u)
              if (inside_polygon(outline, {(u + fine.a) / fine.k, (v + fine.b) / fine.k}))
                inside = fine_in(v, u) != 0;
          if (!inside || move.points.empty()) continue;
          problem.moves.push_back(std::move(move));
          placements.push_back({static_cast<ShapeId>(s), static_cast<int>(c), {i, j}});
          outlines.push_back(outline);
        }
    }
  // Polygon pieces leave slivers that the first empty sample reaches late: when every
  // assembly is wanted, the point with the fewest moves finds them at once; a first assembly
  // comes sooner by the cheaper step (experiments/enumeration/).
  if (config.max_solutions > 2) problem.choice = CoverChoice::FewestMoves;
  LatticeSearchResult result;
  // The figure's symmetries as permutations of the moves: one class representative searched,
  // every image made from it unless up to symmetry.
  problem.every_image = !config.up_to_symmetry;
  {
    CellGrid box;
    box.cols = figure.cols + 1;  // lattice points, so that the maps below use cols and rows
    box.rows = figure.rows + 1;
    box.cells = cv::Mat1b(box.rows, box.cols, uchar{255});
    // A move's key: its corners, each as one whole number.
    const auto corner_key = [&](const Polygon& outline, const GridSymmetry& t) {
      std::vector<int> key;
      for (const Vec2& v : outline) {
        const cv::Point q = t({int(std::lround(v.x)), int(std::lround(v.y))});
        key.push_back(q.y * box.cols + q.x);
      }
      return key;
    };
    std::vector<GridSymmetry> symmetric;  // the figure's symmetries but the identity
    for (const GridSymmetry& t : grid_symmetries(box, !config.reflection))
      if (!(t.a == 1 && t.b == 0 && t.d == 0 && t.e == 1) && figure_symmetric(pattern, figure, t))
        symmetric.push_back(t);
    const std::optional<MoveKeys> keys =
        symmetric.empty() ? std::nullopt
                          : std::make_optional<MoveKeys>(problem, [&](std::size_t m) {
                              return corner_key(outlines[m], {});
                            });
    for (const GridSymmetry& t : symmetric) {
      std::optional<std::vector<int>> image_of =
          keys->permutation([&](std::size_t m) { return corner_key(outlines[m], t); });
      if (image_of) problem.symmetries.push_back(std::move(*image_of));
    }
  }
  // No two pieces may overlap: the samples can miss a thin overlap, the areas cannot.
  std::atomic<long> rejected{0};
  problem.accept = [&](const std::vector<int>& moves) {
    for (std::size_t x = 0; x < moves.size(); ++x)
      for (std::size_t y = x + 1; y < moves.size(); ++y) {
        const Polygon& a = outlines[static_cast<std::size_t>(moves[x])];
        const Polygon& b = outlines[static_cast<std::size_t>(moves[y])];
        const Box ba = bounding_box(a), bb = bounding_box(b);
        if (ba.x1 <= bb.x0 || bb.x1 <= ba.x0 || ba.y1 <= bb.y0 || bb.y1 <= ba.y0) continue;
        if (overlap_area(a, b) > 1e-9) {
          rejected.fetch_add(1, std::memory_order_relaxed);
          return false;
        }
      }
    return true;
  };
  static_cast<PlacedCover<LatticePlacement>&>(result) =
      cover_placed(problem, config, placements, on_solution, on_progress);
  // The group the symmetries found generate: a resampled figure may show some of them only as
  // products of others.
  result.symmetries = config.up_to_symmetry ? static_cast<std::size_t>(result.group_order) : 1;
  result.rejected = rejected.load();
  return result;
}

std::vector<PlacedPiece> lattice_pieces(const LatticeFigure& figure, const PieceSet& set,
                                        double unit_px,
                                        const std::vector<LatticePlacement>& placements) {
  std::vector<PlacedPiece> pieces;
  for (const LatticePlacement& p : placements) {
    const LatticeConfiguration& c =
        figure.configs[static_cast<std::size_t>(p.shape)][static_cast<std::size_t>(p.config)];
    Pose pose;
    pose.angle_deg = c.config.angle_deg;
    pose.reflected = c.config.reflected;
    pose.centre = {figure.origin.x + figure.step_px.x * (p.at.x + c.centre.x),
                   figure.origin.y + figure.step_px.y * (p.at.y + c.centre.y)};
    if (figure.turned) {
      const cv::Vec2d centre = figure.back * cv::Vec3d(pose.centre.x, pose.centre.y, 1.0);
      pose.centre = {centre[0], centre[1]};
      pose.angle_deg = normalised_angle(pose.angle_deg + figure.turn_deg);
    }
    pieces.push_back({p.shape, pose, set.posed_polygon(p.shape, unit_px, pose)});
  }
  return pieces;
}

}  // namespace tangram
