#include "tangram/core/refine/snap.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include <opencv2/core.hpp>

#include "tangram/core/figure/angles.hpp"
#include "tangram/core/figure/rotation_plan.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/core/refine/detail/lattice_snap.hpp"

namespace tangram {
namespace {

// Weights of the least-squares rows: a piece contact against an outline contact against the
// pull of a coordinate towards its start. A conflict of 1 px between a piece contact and the
// outline leaves the piece contact missed by about (1 / 100)^2 px.
constexpr double kPieceWeight = 100.0;
constexpr double kOutlineWeight = 1.0;
constexpr double kPullWeight = 0.01;
// A piece contact missed by more than this after the solve is contradicted by the others.
constexpr double kContradictionPx = 0.01;
constexpr int kMaxDropped = 12;

/// A straight edge: of a piece (`piece` >= 0) or of the outline (-1).
struct Segment {
  Vec2 a, b;
  int piece = -1;
};

/// One linear equation in the shifts: sum of coefficient * shift component = rhs. Unknown
/// 2 p is piece p's x shift, 2 p + 1 its y shift.
struct Row {
  std::vector<std::pair<int, double>> terms;
  double rhs = 0.0;
  bool piece_contact = false;  ///< between pieces (exact), else with the outline
};

/// A piece's arc where the piece lies (pixel frame).
struct PlacedArc {
  std::size_t start = 0, chords = 0;  ///< as PieceArc: the polygon's vertices on the arc
  Vec2 centre;
  double radius = 0.0;
  Vec2 middle;         ///< the vertex in the arc's middle
  bool convex = true;  ///< the piece lies on the centre's side
};

double length(Vec2 v) { return std::hypot(v.x, v.y); }
Vec2 unit(Vec2 v) { return (1.0 / length(v)) * v; }
Vec2 normal(Vec2 u) { return {-u.y, u.x}; }

/// Adds n . shift(p) with sign to a row.
void add_normal(Row& row, int piece, Vec2 n, double sign) {
  row.terms.emplace_back(2 * piece, sign * n.x);
  row.terms.emplace_back(2 * piece + 1, sign * n.y);
}

/// The equations of the contacts between the pieces' current polygons and with the outline.
class Contacts {
public:
  Contacts(const cv::Mat1b& puzzle, const std::vector<Segment>& outline_edges,
           const std::vector<Vec2>& outline_corners, double reach, double parallel_deg)
      : puzzle_(puzzle),
        outline_edges_(outline_edges),
        outline_corners_(outline_corners),
        reach_(reach),
        cos_parallel_(std::cos(parallel_deg * kPi / 180.0)) {}

  /// `curves`: per piece, its arcs (empty for straight pieces): their chords make no edge
  /// contacts and the vertices inside them no corner contacts.
  std::vector<Row> rows(const std::vector<PlacedPiece>& pieces, const std::vector<bool>& movable,
                        const std::vector<std::vector<PlacedArc>>& curves) const {
    std::vector<Row> rows;
    std::vector<Segment> piece_edges;
    std::vector<std::vector<bool>> chord(pieces.size()), inside(pieces.size());
    for (std::size_t p = 0; p < pieces.size(); ++p) {
      if (!movable[p]) continue;
      const Polygon& poly = pieces[p].polygon;
      chord[p].assign(poly.size(), false);
      inside[p].assign(poly.size(), false);
      for (const PlacedArc& arc : curves[p])
        for (std::size_t j = 0; j < arc.chords; ++j) {
          chord[p][(arc.start + j) % poly.size()] = true;
          if (j > 0) inside[p][(arc.start + j) % poly.size()] = true;
        }
      for (std::size_t k = 0; k < poly.size(); ++k)
        if (!chord[p][k])
          piece_edges.push_back({poly[k], poly[(k + 1) % poly.size()], static_cast<int>(p)});
    }
    // Edge along edge.
    for (std::size_t e = 0; e < piece_edges.size(); ++e) {
      for (std::size_t f = e + 1; f < piece_edges.size(); ++f)
        if (piece_edges[f].piece != piece_edges[e].piece)
          edge_contact(piece_edges[e], piece_edges[f], rows);
      for (const Segment& f : outline_edges_) edge_contact(piece_edges[e], f, rows);
    }
    // Corner at corner, corner on edge.
    for (std::size_t p = 0; p < pieces.size(); ++p) {
      if (!movable[p]) continue;
      const int piece = static_cast<int>(p);
      for (std::size_t i = 0; i < pieces[p].polygon.size(); ++i) {
        if (inside[p][i]) continue;
        const Vec2 v = pieces[p].polygon[i];
        for (std::size_t q = p + 1; q < pieces.size(); ++q) {
          if (!movable[q]) continue;
          for (std::size_t j = 0; j < pieces[q].polygon.size(); ++j) {
            const Vec2 w = pieces[q].polygon[j];
            if (!inside[q][j] && length(w - v) <= reach_)
              corner_contact(piece, v, static_cast<int>(q), w, rows);
          }
        }
        for (const Vec2 c : outline_corners_)
          if (length(c - v) <= reach_) corner_contact(piece, v, -1, c, rows);
        for (const Segment& f : piece_edges)
          if (f.piece != piece) corner_on_edge(piece, v, f, rows);
        for (const Segment& f : outline_edges_) corner_on_edge(piece, v, f, rows);
      }
    }
    // Outline corners on piece edges (a notch of the figure where a piece's edge goes on).
    for (const Segment& e : piece_edges)
      for (const Vec2 c : outline_corners_) corner_on_edge(-1, c, e, rows);
    return rows;
  }

  /// A piece's arc on an outline arc, or on another piece's arc, of the same radius, bulging
  /// the same way as the outline's (the other piece's the other way), their centres within
  /// reach and the piece's arc's middle on the other: the centres made one.
  void arc_rows(const std::vector<bool>& movable, const std::vector<std::vector<PlacedArc>>& curves,
                const std::vector<OutlineArc>& outline_arcs, std::vector<Row>& rows) const {
    const auto same_radius = [](double r, double q) {
      return std::abs(r - q) <= std::max(1.5, 0.05 * r);
    };
    for (std::size_t p = 0; p < curves.size(); ++p) {
      if (!movable[p]) continue;
      const int piece = static_cast<int>(p);
      for (const PlacedArc& arc : curves[p]) {
        for (const OutlineArc& o : outline_arcs)
          if (o.convex == arc.convex && same_radius(o.radius, arc.radius) &&
              length(o.centre - arc.centre) <= reach_ && on_outline_arc(o, arc.middle))
            corner_contact(piece, arc.centre, -1, o.centre, rows);
        for (std::size_t q = p + 1; q < curves.size(); ++q) {
          if (!movable[q]) continue;
          for (const PlacedArc& other : curves[q])
            if (other.convex != arc.convex && same_radius(other.radius, arc.radius) &&
                length(other.centre - arc.centre) <= reach_ &&
                std::abs(length(arc.middle - other.centre) - other.radius) <= reach_)
              corner_contact(piece, arc.centre, static_cast<int>(q), other.centre, rows);
        }
      }
    }
  }

private:
  /// Whether `v` lies near the outline arc: within reach of its circle, inside its sweep.
  bool on_outline_arc(const OutlineArc& o, Vec2 v) const {
    if (std::abs(length(v - o.centre) - o.radius) > reach_) return false;
    if (std::abs(o.sweep_deg) >= 360.0) return true;
    const auto angle = [&](Vec2 p) {
      return std::atan2(p.y - o.centre.y, p.x - o.centre.x) * 180.0 / kPi;
    };
    double t = angle(v) - angle(o.from);
    if (o.sweep_deg < 0) t = -t;
    t = std::fmod(t + 720.0, 360.0);
    return t <= std::abs(o.sweep_deg);
  }

  /// Whether points p and q of two pieces can touch in the figure: the figure holds the point
  /// between them (pieces of separate parts, or across a slit, are near but apart), unless they
  /// are closer than a pixel.
  bool touch_inside(Vec2 p, Vec2 q) const {
    if (length(q - p) < 1.0) return true;
    const Vec2 m = 0.5 * (p + q);
    const int x = static_cast<int>(std::floor(m.x)), y = static_cast<int>(std::floor(m.y));
    return x >= 0 && y >= 0 && x < puzzle_.cols && y < puzzle_.rows && puzzle_(y, x) != 0;
  }

  /// Edge e of a piece along edge f (of another piece: opposite ways; of the outline: the same
  /// way, the figure lying on the same side of both), sharing a stretch: the lines made one.
  void edge_contact(const Segment& e, const Segment& f, std::vector<Row>& rows) const {
    const Vec2 ue = unit(e.b - e.a), uf = unit(f.b - f.a);
    const double along = dot(ue, uf);
    if (f.piece >= 0 ? along > -cos_parallel_ : along < cos_parallel_) return;
    const double le = length(e.b - e.a), lf = length(f.b - f.a);
    const double t1 = dot(ue, f.a - e.a), t2 = dot(ue, f.b - e.a);
    const double lo = std::max(0.0, std::min(t1, t2)), hi = std::min(le, std::max(t1, t2));
    if (hi - lo < std::max(reach_, 0.1 * std::min(le, lf))) return;
    const Vec2 n = normal(ue);
    const double middle = (lo + hi) / 2.0;
    const Vec2 on_f = f.a + ((middle - t1) / (t2 - t1)) * (f.b - f.a);
    const double gap = dot(n, on_f - e.a);
    if (std::abs(gap) > reach_) return;
    if (f.piece >= 0 && !touch_inside(on_f, on_f - gap * n)) return;
    // After the shifts the gap n . (on_f + shift_f - e.a - shift_e) is 0.
    Row row;
    add_normal(row, e.piece, n, -1.0);
    if (f.piece >= 0) add_normal(row, f.piece, n, 1.0);
    row.rhs = -gap;
    row.piece_contact = f.piece >= 0;
    rows.push_back(std::move(row));
  }

  /// Corner v of `piece` at point w of `other` (a piece's corner, or with -1 an outline corner).
  void corner_contact(int piece, Vec2 v, int other, Vec2 w, std::vector<Row>& rows) const {
    if (other >= 0 && !touch_inside(v, w)) return;
    for (int axis = 0; axis < 2; ++axis) {
      Row row;
      row.terms.emplace_back(2 * piece + axis, 1.0);
      if (other >= 0) row.terms.emplace_back(2 * other + axis, -1.0);
      row.rhs = axis == 0 ? w.x - v.x : w.y - v.y;
      row.piece_contact = other >= 0;
      rows.push_back(std::move(row));
    }
  }

  /// Point v (a corner of `piece`, or with -1 a fixed outline corner) on the inside of edge f
  /// (away from its ends, where corner_contact holds it).
  void corner_on_edge(int piece, Vec2 v, const Segment& f, std::vector<Row>& rows) const {
    const double lf = length(f.b - f.a);
    const Vec2 uf = unit(f.b - f.a), n = normal(uf);
    const double t = dot(uf, v - f.a);
    if (t < reach_ || t > lf - reach_) return;
    const double gap = dot(n, f.a - v);
    if (std::abs(gap) > reach_) return;
    if (piece >= 0 && f.piece >= 0 && !touch_inside(v, v + gap * n)) return;
    // n . (v + shift(piece) - f.a - shift(f)) = 0.
    Row row;
    if (piece >= 0) add_normal(row, piece, n, 1.0);
    if (f.piece >= 0) add_normal(row, f.piece, n, -1.0);
    row.rhs = gap;
    row.piece_contact = piece >= 0 && f.piece >= 0;
    rows.push_back(std::move(row));
  }

  const cv::Mat1b& puzzle_;
  const std::vector<Segment>& outline_edges_;
  const std::vector<Vec2>& outline_corners_;
  double reach_;
  double cos_parallel_;
};

/// The shifts that best satisfy `rows` (weighted as the file says), with every unknown pulled
/// towards 0.
std::vector<double> solve_shifts(const std::vector<Row>& rows, std::size_t unknowns) {
  const int n = static_cast<int>(unknowns);
  cv::Mat1d normal_matrix = cv::Mat1d::eye(n, n) * (kPullWeight * kPullWeight);
  cv::Mat1d right(n, 1, 0.0);
  for (const Row& row : rows) {
    const double w = row.piece_contact ? kPieceWeight : kOutlineWeight;
    for (const auto& [i, a] : row.terms) {
      right(i, 0) += w * w * a * row.rhs;
      for (const auto& [j, b] : row.terms) normal_matrix(i, j) += w * w * a * b;
    }
  }
  cv::Mat1d x;
  cv::solve(normal_matrix, right, x, cv::DECOMP_CHOLESKY);
  return std::vector<double>(x.begin(), x.end());
}

double residual(const Row& row, const std::vector<double>& x) {
  double sum = -row.rhs;
  for (const auto& [i, a] : row.terms) sum += a * x[static_cast<std::size_t>(i)];
  return sum;
}

/// The arcs of a placed piece (empty for a straight one, or when its polygon is not the
/// shape's posed outline).
std::vector<PlacedArc> placed_arcs(const PieceSet& set, double unit_px, const PlacedPiece& piece) {
  const PieceShape& shape = set.shape(piece.shape);
  std::vector<PlacedArc> arcs;
  const std::size_t n = shape.outline.size();
  if (shape.arcs.empty() || piece.polygon.size() != n) return arcs;
  const Polygon local = set.local_polygon(piece.shape, unit_px);
  for (const PieceArc& arc : shape.arcs) {
    PlacedArc placed;
    placed.start = arc.start;
    placed.chords = arc.chords;
    placed.centre =
        apply_pose({local[0] + unit_px * (arc.centre - shape.outline[0])}, piece.pose)[0];
    placed.radius = arc.radius * unit_px;
    placed.middle = piece.polygon[(arc.start + arc.chords / 2) % n];
    const Vec2 a = shape.outline[arc.start], b = shape.outline[(arc.start + 1) % n];
    placed.convex = cross(a - arc.centre, b - arc.centre) > 0.0;
    arcs.push_back(placed);
  }
  return arcs;
}

}  // namespace

SnapReport snap(const Pattern& pattern, const PieceSet& set,
                const std::vector<OutlineRing>& outline, std::vector<PlacedPiece>& pieces,
                const SnapConfig& config) {
  SnapReport report;
  const double unit_px = set.unit_px(pattern.side_px);
  const double reach =
      config.reach_px >= 0.0 ? config.reach_px : std::max(1.5, 0.015 * pattern.side_px);
  // Pieces with arcs move when the set's pieces are posed as its outlines (their arcs known).
  const bool curved = has_arcs(set);
  std::vector<bool> movable(pieces.size());
  for (std::size_t p = 0; p < pieces.size(); ++p) {
    const PieceShape& shape = set.shape(pieces[p].shape);
    movable[p] = shape.arcs.empty() || pieces[p].polygon.size() == shape.outline.size();
  }

  // Turns onto the outline's family of angles.
  const double grid = set.grid_step_deg();
  if (const std::optional<OutlineDirection> direction =
          outline_direction(pattern, grid, kDirectionMinEdgeShare, curved ? &outline : nullptr)) {
    const double residue = grid_turn(*direction, grid);
    for (std::size_t p = 0; p < pieces.size(); ++p) {
      if (!movable[p]) continue;
      Pose& pose = pieces[p].pose;
      const double target = residue + grid * std::round((pose.angle_deg - residue) / grid);
      const double turn = std::abs(target - pose.angle_deg);
      if (turn > config.max_turn_deg || turn == 0.0) continue;
      pose.angle_deg = normalised_angle(target);
      pieces[p].polygon = set.posed_polygon(pieces[p].shape, unit_px, pose);
      ++report.turned;
    }
  }

  // The outline's fitted edges, and its corners between two fitted edges.
  std::vector<Segment> outline_edges;
  std::vector<Vec2> outline_corners;
  std::vector<OutlineArc> outline_arcs;
  for (const OutlineRing& ring : outline) {
    const std::size_t m = ring.corners.size();
    // For a curved set, the edges along the outline's arcs are chords, not edges.
    std::vector<bool> fitted = ring.fitted;
    if (curved)
      for (const OutlineArc& arc : ring.arcs) {
        outline_arcs.push_back(arc);
        for (std::size_t k = 0; k < arc.edges; ++k) fitted[(arc.first_edge + k) % m] = false;
      }
    for (std::size_t i = 0; i < m; ++i) {
      if (fitted[i]) outline_edges.push_back({ring.corners[i], ring.corners[(i + 1) % m], -1});
      if (fitted[i] && fitted[(i + m - 1) % m]) outline_corners.push_back(ring.corners[i]);
    }
  }
  const Contacts contacts(pattern.puzzle, outline_edges, outline_corners, reach,
                          config.parallel_deg);

  for (int round = 0; round < config.rounds; ++round) {
    std::vector<std::vector<PlacedArc>> curves(pieces.size());
    for (std::size_t p = 0; p < pieces.size(); ++p)
      curves[p] = placed_arcs(set, unit_px, pieces[p]);
    std::vector<Row> rows = contacts.rows(pieces, movable, curves);
    contacts.arc_rows(movable, curves, outline_arcs, rows);
    std::vector<double> shifts;
    int dropped = 0;
    while (true) {
      shifts = solve_shifts(rows, 2 * pieces.size());
      // The piece contact missed most: contradicted by the others when above rounding.
      std::size_t worst = rows.size();
      double worst_miss = kContradictionPx;
      for (std::size_t r = 0; r < rows.size(); ++r)
        if (rows[r].piece_contact && std::abs(residual(rows[r], shifts)) > worst_miss) {
          worst_miss = std::abs(residual(rows[r], shifts));
          worst = r;
        }
      if (worst == rows.size() || dropped == kMaxDropped) break;
      rows.erase(rows.begin() + static_cast<std::ptrdiff_t>(worst));
      ++dropped;
    }
    for (std::size_t p = 0; p < pieces.size(); ++p) {
      if (!movable[p]) continue;
      move_piece(pieces[p], Vec2{shifts[2 * p], shifts[2 * p + 1]});
    }
    report = SnapReport{report.turned, 0, 0, report.dropped + dropped, 0.0, 0.0};
    double outline_squares = 0.0;
    for (const Row& row : rows) {
      const double miss = std::abs(residual(row, shifts));
      if (row.piece_contact) {
        ++report.piece_contacts;
        report.piece_residual_px = std::max(report.piece_residual_px, miss);
      } else {
        ++report.outline_contacts;
        outline_squares += miss * miss;
      }
    }
    if (report.outline_contacts > 0)
      report.outline_residual_px = std::sqrt(outline_squares / report.outline_contacts);
  }
  return report;
}

bool snap_checked(const Pattern& pattern, const PieceSet& set,
                  const std::vector<OutlineRing>& outline, std::vector<PlacedPiece>& pieces,
                  const SnapConfig& config) {
  std::vector<PlacedPiece> snapped = pieces;
  snap(pattern, set, outline, snapped, config);
  if (verify_solution(pattern, snapped, set).valid) {
    if (config.lattice) lattice_snap_checked(pattern, set, snapped);
    pieces = std::move(snapped);
    return true;
  }
  if (verify_solution(pattern, pieces, set).valid) return true;
  pieces = std::move(snapped);
  return false;
}

bool fit_to_outline(const Pattern& pattern, const PieceSet& set, std::vector<PlacedPiece>& pieces,
                    const SnapConfig& config) {
  std::vector<PlacedPiece> fitted = pieces;
  const bool exact =
      snap_checked(pattern, set, vectorise_outline(pattern.puzzle), fitted, config) &&
      exact_enough(pattern, set, fitted);
  if (config.lattice) lattice_snap_checked(pattern, set, pieces);
  if (!exact || measure_areas(pattern, fitted).coverage < measure_areas(pattern, pieces).coverage)
    return false;
  pieces = std::move(fitted);
  return true;
}

bool exact_enough(const Pattern& judge, const PieceSet& set,
                  const std::vector<PlacedPiece>& pieces) {
  // Shares of the puzzle area: rounding, not a misplaced piece.
  constexpr double kFineOverlap = 0.001;
  constexpr double kFineGaps = 0.001;
  if (has_arcs(set) || judge.rough_band > 0.0) return true;
  return measure_areas(judge, pieces).overlap <= kFineOverlap &&
         uncovered_inside(judge, pieces) <= kFineGaps;
}

}  // namespace tangram
