#pragma once
/// \file lattice_snap.hpp
/// The set's exact lattice, whether an assembly lies on it, and the lattice snap that puts a
/// snapped assembly (snap.hpp) there when its contacts allow.
///
/// The lattice: at every multiple of the set's grid step (PieceSet::grid_step_deg), mirrored or
/// not, each edge vector of each piece has coordinates in {(a + b r) / q : a, b integers}, with
/// r = sqrt(2) for a 45-degree grid and r = 0 for a 90-degree one, q the smallest denominator up
/// to 48 that holds every edge: the Tangram (square of side 1) (a + b sqrt 2) / 4, the
/// pentominoes the integers, the Stomachion twelfths of its square. So in an assembly whose
/// pieces touch edge to edge at those turns, every vertex relative to any other lies on the
/// lattice per coordinate, in set units, in the figure's frame turned to its grid direction.
///
/// The lattice snap, after the snap: each piece turned onto the figure's grid direction
/// (outline_direction(), as the snap turns them) plus a multiple of the grid step, then placed
/// piece by piece from one piece at the lattice's origin, through the contacts of the snapped
/// assembly with the pieces already placed: a corner that meets a corner fixes the piece's
/// position exactly; corners on two edges that are not parallel fix it where the lines meet (when
/// that is a lattice point); a corner sliding along one edge fixes one direction, the slide along
/// the edge rounded to the simplest lattice value (smallest |a| + |b|) within a pixel and a half;
/// a piece with no such contact (a separate part of the figure) has both coordinates rounded so.
/// The pieces' lattice positions then share one pixel origin, the mean of what each piece asks.
/// Rounded values keep |a|, |b| within LatticeCheck::height, and the result must pass
/// lattice_check(): the lattice is dense, and a value found only far out in it says nothing.
/// Every contact of the snapped assembly must still hold exactly, or nothing changes.

#include <optional>
#include <vector>

#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/piece_set.hpp"
#include "tangram/core/puzzle/solution.hpp"
#include "tangram/core/puzzle/verify.hpp"

namespace tangram {

/// A set's lattice: coordinates (a + b root) / denominator, a and b integers.
struct SetLattice {
  double grid_deg = 45.0;  ///< the set's grid step (PieceSet::grid_step_deg)
  double root = 0.0;       ///< sqrt(2) on a 45-degree grid, 0 on a 90-degree one
  int denominator = 1;     ///< q
};

/// The lattice of `set` as the file comment says; nullopt for a set with arcs, a grid step other
/// than 45, 90 or 180 degrees, or edges that no denominator up to 48 holds (within 1e-9).
std::optional<SetLattice> set_lattice(const PieceSet& set);

/// A coordinate on a lattice: (a + b root) / denominator.
struct LatticeValue {
  long a = 0, b = 0;
  double value(const SetLattice& lattice) const {
    return (static_cast<double>(a) + static_cast<double>(b) * lattice.root) / lattice.denominator;
  }
};

/// The simplest lattice value (smallest |a| + |b|, then the nearest) within `tolerance` (set
/// units) of `v`, with |a| <= 400 and |b| <= 100 (b = 0 when root is 0); nullopt when none.
std::optional<LatticeValue> lattice_value(double v, const SetLattice& lattice, double tolerance);

/// Whether an assembly lies on its set's lattice (lattice_check()).
struct LatticeCheck {
  bool lattice = false;         ///< the set has a lattice (set_lattice()) and there are pieces
  double direction_deg = 0.0;   ///< the first piece's angle modulo the grid step
  double worst_turn_deg = 0.0;  ///< the largest angle of a piece off direction + k grid
  int off_coordinates = 0;      ///< vertex coordinates not on the lattice
  /// The largest |a| and |b| allowed: q (extent + 1), the extent the larger side of the
  /// vertices' box in set units (a coordinate relative to another vertex is a sum of edge
  /// components, each with |a|, |b| <= q); beyond, the dense lattice's near misses.
  long height = 0;
  bool on() const { return lattice && worst_turn_deg <= 1e-6 && off_coordinates == 0; }
};

/// Checks `pieces` (pixel frame, `unit_px` pixels per set unit): every piece's angle (Pose) the
/// first piece's plus a multiple of the grid step within 1e-6 degrees, and every vertex, relative
/// to the first piece's first vertex, turned back by the direction and in set units, on the
/// lattice per coordinate within `tolerance` set units with |a|, |b| <= LatticeCheck::height.
LatticeCheck lattice_check(const std::vector<PlacedPiece>& pieces, const PieceSet& set,
                           double unit_px, double tolerance = 1e-6);

/// Settings of lattice_snap().
struct LatticeSnapConfig {
  /// Pieces turn onto the grid from at most this far (degrees): the snap's own reach.
  double max_turn_deg = 2.5;
  /// Corners this close (px) to a corner or an edge of another piece touch it: the snap leaves
  /// the contacts it makes within 0.01 px.
  double contact_px = 0.1;
  /// A free coordinate is rounded to the simplest lattice value within this distance (px).
  double window_px = 1.5;
};

/// What lattice_snap() did.
struct LatticeSnapReport {
  bool applied = false;  ///< the pieces were moved onto the lattice (otherwise left as they were)
  int turned = 0;        ///< pieces whose angle changed
  int fixed = 0;         ///< pieces placed by a corner on a corner or on two edges
  int slid = 0;          ///< pieces placed by a corner on one edge (the slide rounded)
  int rounded = 0;       ///< pieces placed by rounding alone (the first piece not counted)
  /// Why nothing changed, when applied is false ("no lattice", "a piece off the grid", ...).
  const char* refusal = "";
};

/// Moves `pieces` (pixel frame, true size: one scale, found from their areas) onto the set's
/// lattice as the file comment says, in place, or leaves them as they are
/// (LatticeSnapReport::refusal). Deterministic.
LatticeSnapReport lattice_snap(const Pattern& pattern, const PieceSet& set,
                               std::vector<PlacedPiece>& pieces,
                               const LatticeSnapConfig& config = {});

/// How much of the figure's area (a share) the lattice snap may give up: coverage may fall by
/// kLatticeCoverageGive, a fifth of a percent, and overlap grow by kLatticeOverlapGive (a square
/// of 2 px at side 200). Exact positions on the lattice trade a little of the pixel fit: the
/// lattice search's assemblies (lattice_search.hpp: a step measured on the figure's box, the
/// pieces sized by its area) overlap by 0.0004-0.0023 of kilogram-dev's figures, and on the
/// set's own lattice overlap by none while covering 0.0002-0.001 less.
inline constexpr double kLatticeCoverageGive = 2e-3;
inline constexpr double kLatticeOverlapGive = 1e-4;

/// Whether an assembly put on the lattice (checked `after`) may replace the one it came from
/// (checked `before`, both verify_solution()): it passes the checker, and either the one before
/// did not or it covers no less and overlaps no more, within kLatticeCoverageGive and
/// kLatticeOverlapGive.
bool lattice_snap_acceptable(const VerifyReport& before, const VerifyReport& after);

/// lattice_snap() kept only when lattice_snap_acceptable() on `pattern`. When that assembly is
/// refused and some piece was placed by rounding, the lattice snap is tried again with half the
/// window, then a quarter (values nearer the snapped ones, if less simple). Returns whether
/// `pieces` were replaced.
bool lattice_snap_checked(const Pattern& pattern, const PieceSet& set,
                          std::vector<PlacedPiece>& pieces, const LatticeSnapConfig& config = {});

}  // namespace tangram
