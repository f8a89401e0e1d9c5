#pragma once
/// \file snap.hpp
/// Exact snapping: near contacts of a raster assembly made exact (docs/design/refine.md).

#include <vector>

#include "tangram/core/geometry/outline.hpp"
#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/solution.hpp"
#include "tangram/core/search/config.hpp"

namespace tangram {

/// Settings of snap().
struct SnapConfig {
  /// Edges and corners this close (px) touch; negative: 1.5% of the side, at least 1.5 px.
  double reach_px = -1.0;
  /// Pieces turn onto the outline's family of angles from at most this far (degrees).
  double max_turn_deg = 2.5;
  /// Edges count as parallel within this many degrees.
  double parallel_deg = 1.0;
  /// Contact finding and solving rounds.
  int rounds = 3;
  /// snap_checked(): then put the pieces on the set's lattice when that does no harm.
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

/// Snaps `pieces` (px) in place; `outline` is vectorise_outline(pattern.puzzle). Deterministic.
SnapReport snap(const Pattern& pattern, const PieceSet& set,
                const std::vector<OutlineRing>& outline, std::vector<PlacedPiece>& pieces,
                const SnapConfig& config = {});

/// snap() kept unless it loses verify_solution(), then lattice_snap_checked() when asked.
/// Returns whether `pieces` pass afterwards.
bool snap_checked(const Pattern& pattern, const PieceSet& set,
                  const std::vector<OutlineRing>& outline, std::vector<PlacedPiece>& pieces,
                  const SnapConfig& config = {});

/// An exact assembly placed on the figure by other means (a lattice's, by the figure's box)
/// fitted to its outline: snap_checked(), kept when still exact_enough() and covering at least
/// as much; otherwise lattice_snap_checked() when config.lattice. Returns whether the fit was
/// kept. Deterministic.
bool fit_to_outline(const Pattern& pattern, const PieceSet& set, std::vector<PlacedPiece>& pieces,
                    const SnapConfig& config = {});

/// The snap's settings that `search` implies (SearchConfig::lattice_snap).
inline SnapConfig snap_config(const SearchConfig& search) {
  SnapConfig snap;
  snap.lattice = search.lattice_snap;
  return snap;
}

/// Whether overlap and inner gaps are within 0.001 of the puzzle area (always for curved sets,
/// and on a rough outline, Pattern::rough_band: no assembly is exact on a wobbly drawing).
bool exact_enough(const Pattern& judge, const PieceSet& set,
                  const std::vector<PlacedPiece>& pieces);

}  // namespace tangram
