#pragma once
/// \file vertex_search.hpp
/// The vertex search (SearchMode::Vertex): the "Vert-Solve" algorithm of the blog post in
/// ../shared/papers (001), on the figure's vectorised outline (outline.hpp) instead of its
/// raster. A piece's vertex is put on a vertex of the remaining silhouette with its edges along
/// the silhouette's edges, the piece is subtracted from the remaining silhouette by polygon
/// clipping (Boost.Geometry), and the search goes on depth first, backtracking when a corner
/// cannot be filled.
///
/// The post pairs every piece vertex with every silhouette vertex. Here each level fills one
/// convex corner of the remaining silhouette, the one that the fewest piece corners fit (its
/// angle smallest): whatever exact assembly there is puts a piece there with a vertex on the
/// corner and an edge along the corner's longer edge, so trying the pieces (largest first; one
/// copy per shape, so copies are never searched in swapped order; mirror images of chiral
/// shapes with SearchConfig::reflection) and their vertices at that one corner loses no
/// assembly and searches none twice. A piece's angle comes from the edge it is laid along, so
/// any figure rotation works without a rotation step.
///
/// Which corner: the post does not say; as first written, the one with the fewest placements
/// among the three with the fewest fitting piece corners. With SearchConfig::vertex_pruning
/// (the default) every corner is compared, the first with at most one placement taken at once,
/// so that a corner no piece fits ends the level wherever it is (the double tangram's figures
/// then take some 5,000 placements instead of 50,000). Placements are counted exactly but
/// cheaply: a placement whose spill's lower bound (spill.hpp) is already too much is set aside
/// without clipping, and a convex piece's spill is its area less the remainder's rings clipped
/// to it (Sutherland-Hodgman) instead of two Boost.Geometry overlays.
///
/// With SearchConfig::vertex_lattice as well (the default) the search runs first on the
/// figure's exact lattice when the set and the figure have one (surd_search.hpp: the same
/// search in exact arithmetic on (a + b sqrt 2) coordinates, for the Tangram's 45-degree
/// figures), for up to half the time limit, and on the outline as described here only when
/// that finds nothing.
///
/// The outline is noisy by a fraction of a pixel, so the geometry has tolerances scaled to the
/// piece size: a piece may spill out of the remaining silhouette by a thin band along its
/// perimeter; after each subtraction the remainder is opened (parts thinner than a few pixels,
/// the slivers the noise leaves along the pieces' edges, are dropped), simplified within a
/// pixel, and parts too small for any remaining piece are dropped; the area dropped on the way
/// is bounded well below the checker's tolerance. A complete assembly must pass
/// verify_solution() on the judge pattern.

#include <functional>
#include <vector>

#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/solution.hpp"
#include "tangram/core/search/config.hpp"

namespace tangram {

/// A further check of a complete assembly that passes verify_solution(): true to take it (it may
/// change the pieces, e.g. snap them), false to search on.
using AssemblyCheck = std::function<bool(std::vector<PlacedPiece>&)>;

/// Tells `progress` and `observer` (either may be empty) of a placement or a removal of
/// `piece`, as the vertex searches do: `step` counts the observer's events, `assembly` holds
/// the pieces on the figure after it, `now` the search's counts.
void tell_vertex_event(const ProgressCallback& progress, const SearchObserver& observer, long& step,
                       SearchEventType type, const PlacedPiece& piece,
                       const std::vector<PlacedPiece>& assembly, const SearchProgress& now);

/// Assembles config.pieces into `pattern` by the vertex search (see the file comment). Single
/// threaded and deterministic. Honours SearchConfig::reflection, time_limit_s and started (an
/// unsolved Solution with SolveStats::timed_out when the limit ends it); ignores the rotation
/// and raster settings. `progress` sees every placement and removal, `observer` every Placed
/// and Removed event (SearchEvent::piece at its exact pose), `judge` as for solve(). Unsolved,
/// the deepest partial assembly is returned. `accept`, when set, must also take a complete
/// assembly (as it leaves it) for the search to end with it. Throws UsageError for a set with
/// curved pieces ("the vertex search needs straight-edged pieces").
Solution vertex_search(const Pattern& pattern, const SolverConfig& config,
                       const ProgressCallback& progress = {}, const SearchObserver& observer = {},
                       const Pattern* judge = nullptr, const AssemblyCheck& accept = {});

}  // namespace tangram
