#pragma once
/// \file snap.hpp
/// Exact snapping of an assembly found on the raster: pieces turned and moved, true size kept,
/// so that edges that nearly coincide coincide exactly and corners that nearly meet meet, piece
/// to piece and piece to the figure's vectorised outline (outline.hpp).
///
/// Turns: when the outline's edges share a direction modulo the set's grid step (angles.hpp,
/// outline_direction; 0 when within a quarter degree of it), each piece within `max_turn_deg`
/// of that family of angles is turned onto it exactly; the others keep their angles.
/// Moves: with the turns fixed, every contact is a linear equation in the pieces' shifts: two
/// edges of different pieces that run opposite ways along nearly the same line (sharing a
/// stretch), a piece's edge along an outline edge, a piece's corner at another's corner or on
/// another's edge, at an outline corner or on an outline edge (pieces touch only where the
/// figure holds the point between them: not across the gap between two parts, nor a slit).
/// Contacts between pieces must hold
/// exactly, contacts with the outline (measured on pixels) as well as they can: a least-squares
/// solve with the piece contacts weighted far above the outline's, and a weak pull towards the
/// raster poses for what no contact fixes. Contacts are found again after each solve, and a
/// piece contact that the others contradict (left over after the solve) is dropped.
/// Curved sets: a piece's arc lies on an outline arc (outline.hpp, OutlineRing::arcs) of the
/// same radius bulging the same way, or on another piece's arc of that radius bulging the other
/// way, when their centres are within reach: the centres made one (a piece contact between
/// pieces, an outline contact with the outline). Their chords make no edge contacts, the
/// vertices inside them no corner contacts, and the outline's edges along its arcs none either.

#include <vector>

#include "tangram/core/geometry/outline.hpp"
#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/solution.hpp"
#include "tangram/core/search/config.hpp"

namespace tangram {

/// Settings of snap().
struct SnapConfig {
  /// Edges and corners this close (px) are taken to touch; negative = automatic: 1.5% of the
  /// pattern's side, at least 1.5 px (the raster search leaves pieces within about a pixel of
  /// their true places; distinct vertices of an exact Tangram figure lie side / 8 or more apart).
  double reach_px = -1.0;
  /// Pieces turn onto the outline's family of angles from at most this far (degrees).
  double max_turn_deg = 2.5;
  /// Edges count as parallel within this many degrees.
  double parallel_deg = 1.0;
  /// Contact finding and solving rounds.
  int rounds = 3;
  /// snap_checked(): then put the snapped pieces on the set's lattice when that does no harm
  /// (lattice_snap_checked(), lattice_snap.hpp).
  bool lattice = true;
};

/// What snap() did.
struct SnapReport {
  int turned = 0;            ///< pieces turned onto the outline's family of angles
  int piece_contacts = 0;    ///< equations between pieces in the last solve
  int outline_contacts = 0;  ///< equations between pieces and the outline in the last solve
  int dropped = 0;           ///< piece contacts dropped as contradicted
  /// Largest distance (px) by which a piece contact of the last solve is missed: rounding.
  double piece_residual_px = 0.0;
  /// Root mean square of the outline contacts' misses (px) in the last solve.
  double outline_residual_px = 0.0;
};

/// Snaps `pieces` (poses and polygons) in place as the file comment says. `outline` is
/// vectorise_outline(pattern.puzzle). Deterministic.
SnapReport snap(const Pattern& pattern, const PieceSet& set,
                const std::vector<OutlineRing>& outline, std::vector<PlacedPiece>& pieces,
                const SnapConfig& config = {});

/// snap() kept unless it does harm: the snapped pieces replace `pieces` when they pass
/// verify_solution() on `pattern`, or when `pieces` do not either; snapped pieces that pass it
/// are then put on the set's lattice when SnapConfig::lattice says so and that does no harm
/// (lattice_snap_checked()). Returns whether `pieces` pass verify_solution() afterwards.
bool snap_checked(const Pattern& pattern, const PieceSet& set,
                  const std::vector<OutlineRing>& outline, std::vector<PlacedPiece>& pieces,
                  const SnapConfig& config = {});

/// The snap's settings that `search` implies (SearchConfig::lattice_snap).
inline SnapConfig snap_config(const SearchConfig& search) {
  SnapConfig snap;
  snap.lattice = search.lattice_snap;
  return snap;
}

/// Whether a complete assembly that passes the checker is as good as an exact one: overlap and
/// gaps away from the outline within 0.001 of the puzzle area. Any assembly of a set with arcs.
bool exact_enough(const Pattern& judge, const PieceSet& set,
                  const std::vector<PlacedPiece>& pieces);

}  // namespace tangram
