#pragma once
/// \file solution.hpp
/// An assembly of a set's pieces and the statistics of the search that produced it.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tangram/core/geometry/geometry.hpp"
#include "tangram/core/puzzle/piece_set.hpp"

namespace tangram {

/// One piece of an assembly: its shape, its pose and its true (full-size) polygon in the pixel
/// frame of the pattern.
struct PlacedPiece {
  ShapeId shape = 0;  ///< index in the set (PieceSet::shapes())
  Pose pose;
  Polygon polygon;
};

/// `piece` moved by `by` (px): its pose's centre and every corner of its polygon.
void move_piece(PlacedPiece& piece, Vec2 by);

/// What rules out, before any search, every assembly of a set in a pattern at the configured
/// rotations (found on the pattern and the raster piece masks the search would use, so it holds
/// for the search, not only in general). Front ends word it.
struct Impossibility {
  enum class Kind {
    /// A shape has no collision-free position anywhere in the empty pattern, in any
    /// configuration: no assembly can hold it.
    PieceFitsNowhere,
    /// The pattern falls apart into separate parts (8-connected), and the parts in which no
    /// piece fits hold more of its area than the checker lets stay uncovered.
    UncoverableParts,
    /// A corner of the figure's outline has an angle that no meeting of the pieces' corners
    /// makes (corner_angles.hpp): at `at`, `angle_deg`.
    UnmakeableCorner,
    /// The figure's `corners` corners need at least `needed` of the pieces' corners, and the
    /// set has `available` (corner_shortage(), corner_angles.hpp).
    TooManyCorners,
    /// The figure's `corners` corners need at least `needed` degrees of the pieces' corner
    /// angles, and the set's corners add up to `available` (corner_shortage()).
    CornerAngleShortage,
    /// A circular arc of the figure (curved_refusals.hpp) of `radius` (set units), `convex` or
    /// not, at `at`: no piece arc of that kind has its radius (`available` 0, `needed` its
    /// length), or the figure's arcs of that kind are `needed` long and the pieces' `available`.
    UnmatchedArc,
    /// The figure holds no disc as wide as the one inside shape `shape` (thinness.hpp): its
    /// widest has radius at most `available`, the shape's `needed` (set units).
    PieceTooWide,
    /// The figure's outline lies on the set's exact lattice (surd_search.hpp), where every
    /// assembly that tiles it exactly has its pieces: laid at a convex corner of what is left in
    /// every way a piece can lie there, the pieces fill it in no way (none refused by the
    /// checker, no time limit).
    NoCornerAssembly,
  };
  Kind kind = Kind::PieceFitsNowhere;
  ShapeId shape = 0;       ///< PieceFitsNowhere, PieceTooWide: the shape that fits nowhere
  int parts = 0;           ///< UncoverableParts: the parts in which no piece fits
  double share = 0.0;      ///< UncoverableParts: their share of the puzzle area
  Vec2 at;                 ///< UnmakeableCorner: the corner (px)
  double angle_deg = 0.0;  ///< UnmakeableCorner: its angle inside the figure
  int corners = 0;         ///< TooManyCorners, CornerAngleShortage: the figure's corners
  double needed = 0.0;     ///< ... what they need of the pieces' corners (count or degrees)
  double available = 0.0;  ///< ... what the set has
  double radius = 0.0;     ///< UnmatchedArc: the arc's radius (set units)
  bool convex = true;      ///< UnmatchedArc: the figure lies inside the arc's circle
};

/// Counters of one search run.
struct SolveStats {
  double seconds = 0.0;  ///< wall-clock time of solve(), rasterising the masks included
  /// Seconds spent in the steps after a search (polish, snap, lattice snap), summed over every
  /// assembly they refined and over threads; part of `seconds` with one thread.
  double refine_seconds = 0.0;
  /// Nominal seconds of work the searches charged (search/work.hpp), which end the stages and
  /// phases: the same for the same figure and settings on any machine, under any load.
  double work_seconds = 0.0;
  long placements_tried = 0;    ///< placements executed (Algorithm 1, line 9)
  long backtracks = 0;          ///< pieces removed because the next piece ran out of options
  long validations_failed = 0;  ///< placements undone by the validation (Sec. III-D)
  /// Placements not made because they reach a state searched before with the copies of a
  /// shape in another order (SearchConfig::copies_once).
  long repeats_skipped = 0;
  /// The stage that answered, with an assembly or a proof (Stage::name(): "refusal", "grid",
  /// "lattice", "vertex", "straightened", "arcs", "raster", "vertex-off-rotations"); empty when
  /// none did.
  std::string found_by;
  double coverage = 0.0;  ///< covered share of the puzzle area (exact, true polygons)
  double overlap = 0.0;   ///< overlapping area / puzzle area
  double spill = 0.0;     ///< area outside the puzzle / puzzle area
  /// The share by which the check widened max spill and lowered min coverage on the figure's
  /// rough outline (Pattern::rough_band, verify_config()); 0: the referee's thresholds.
  double rough_band = 0.0;
  int threads = 0;         ///< worker threads used
  bool timed_out = false;  ///< the time limit ended the search
  /// SearchConfig::stop ended the search (timed_out is then set too: it ended, not exhausted).
  bool stopped = false;
  /// The rotations searched (SearchConfig): with SearchConfig::rotation_auto, those of the
  /// stage that solved it, or of the last stage tried.
  double rotation_step_deg = 0.0;
  double rotation_offset_deg = 0.0;
  int rotation_stages = 1;  ///< stages run (SearchConfig::rotation_auto), 1 otherwise
  /// Set when the search did not start because the pattern rules every assembly out.
  std::optional<Impossibility> impossible;
  /// The stages that searched their family of assemblies to the end and found none ("lattice":
  /// none with every piece's corners on the figure's lattice); the solve went on past them.
  std::vector<std::string> exhausted_stages;
};

/// The outcome of a solve. When `solved` is false `pieces` may hold a partial assembly.
struct Solution {
  bool solved = false;
  std::vector<PlacedPiece> pieces;
  SolveStats stats;
};

/// Adds the counters of `from` (placements, backtracks, validations, repeats, refine seconds)
/// to `into`.
void add_counters(SolveStats& into, const SolveStats& from);

/// How a run ended, as pictures, tables and reports tell it.
enum class Outcome {
  Solved,      ///< a full assembly, accepted
  Invalid,     ///< a full assembly that a later check rejected (told by the front end)
  TimeLimit,   ///< not solved: the time limit ended the search
  Exhausted,   ///< not solved: the search ran out of candidates before the time limit
  Impossible,  ///< not solved: ruled out before the search (SolveStats::impossible)
};

/// The outcome of a solve: Solved, else Impossible, TimeLimit or Exhausted by its stats (never
/// Invalid: only a front end that checks the assembly again can tell that).
Outcome outcome_of(const Solution& solution);

/// The name of an outcome in files ("solved", "invalid", "time-limit", "exhausted",
/// "impossible").
std::string_view outcome_name(Outcome outcome);

/// Inverse of outcome_name; nullopt for an unknown name.
std::optional<Outcome> outcome_from_name(std::string_view name);

}  // namespace tangram
