#pragma once
/// \file lattice_snap.hpp
/// The set's exact lattice and the lattice snap onto it (docs/design/refine.md).

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

/// The lattice of `set`'s edge vectors at its grid turns; nullopt when there is none.
std::optional<SetLattice> set_lattice(const PieceSet& set);

/// A coordinate on a lattice: (a + b root) / denominator.
struct LatticeValue {
  long a = 0, b = 0;
  double value(const SetLattice& lattice) const {
    return (static_cast<double>(a) + static_cast<double>(b) * lattice.root) / lattice.denominator;
  }
};

/// The simplest lattice value (least |a| + |b|, then nearest) within `tolerance` of `v`.
std::optional<LatticeValue> lattice_value(double v, const SetLattice& lattice, double tolerance);

/// Whether an assembly lies on its set's lattice (lattice_check()).
struct LatticeCheck {
  bool lattice = false;         ///< the set has a lattice (set_lattice()) and there are pieces
  double direction_deg = 0.0;   ///< the first piece's angle modulo the grid step
  double worst_turn_deg = 0.0;  ///< the largest angle of a piece off direction + k grid
  int off_coordinates = 0;      ///< vertex coordinates not on the lattice
  /// The largest |a| and |b| allowed: q (extent + 1), extent in set units.
  long height = 0;
  bool on() const { return lattice && worst_turn_deg <= 1e-6 && off_coordinates == 0; }
};

/// Whether `pieces` (px, `unit_px` per set unit) keep the grid's angles and every vertex on the
/// lattice within `tolerance` set units.
LatticeCheck lattice_check(const std::vector<PlacedPiece>& pieces, const PieceSet& set,
                           double unit_px, double tolerance = 1e-6);

/// Settings of lattice_snap().
struct LatticeSnapConfig {
  /// Pieces turn onto the grid from at most this far (degrees): the snap's own reach.
  double max_turn_deg = 2.5;
  /// Corners this close (px) to another piece's corner or edge touch it.
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

/// Moves `pieces` (px) onto the lattice through their contacts, or leaves them. Deterministic.
LatticeSnapReport lattice_snap(const Pattern& pattern, const PieceSet& set,
                               std::vector<PlacedPiece>& pieces,
                               const LatticeSnapConfig& config = {});

/// The shares of coverage and overlap the lattice snap may give up.
inline constexpr double kLatticeCoverageGive = 2e-3;
inline constexpr double kLatticeOverlapGive = 1e-4;

/// Whether the assembly on the lattice (`after`) may replace `before`: it passes, and is no
/// worse within the gives (or `before` did not pass).
bool lattice_snap_acceptable(const VerifyReport& before, const VerifyReport& after);

/// lattice_snap() kept when lattice_snap_acceptable(), retried with narrower windows. Returns
/// whether `pieces` changed.
bool lattice_snap_checked(const Pattern& pattern, const PieceSet& set,
                          std::vector<PlacedPiece>& pieces, const LatticeSnapConfig& config = {});

}  // namespace tangram
