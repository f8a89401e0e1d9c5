#pragma once
/// \file piece_sets.hpp
/// Piece-set files (tangram-pieces/1) and the sets built into the program.
///
/// A piece-set file is a JSON object:
///   {"format": "tangram-pieces/1", "name": "pentominoes", "title": "...", "source": "...",
///    "notes": "...", "units": "...",
///    "rotations": {"step_deg": 90} or {"angles_deg": [0, 90, 180, 270]},
///    "mirror": true,
///    "figure": [[x, y], ...]              (optional: the set's canonical figure)
///    "assembly": [...]                    (optional, not read: scripts/check-piece-sets.py)
///    "pieces": [{"name": "F", "count": 1, "outline": [[x, y], ..., {"through": [x, y]}, ...]}]}
/// Outlines are closed (no repeated first vertex), in set units, y down. An object
/// {"through": [x, y]} between two vertices makes that edge a circular arc from the vertex
/// before it to the vertex after it (the last vertex and the first, after the last one) through
/// the given point. Arcs are flattened here into chords of at most 3 degrees of turn, the
/// fewest equal ones (at least 2), which the search rasterises and areas count; each piece
/// keeps its arcs as arcs too (PieceShape::arcs), which the checker compares (verify.hpp).
/// The figure's arcs are only flattened.
/// The built-in sets are the files of src/io/sets/, compiled into the library.

#include <string>
#include <string_view>
#include <vector>

#include "tangram/core/puzzle/piece_set.hpp"
#include "tangram/io/files.hpp"

namespace tangram {

/// A piece-set file: the set and what the file says about it.
struct PieceSetFile {
  PieceSet set = PieceSet::tangram();
  std::string title, source, notes, units;
  /// The set's rotations: multiples of this step (an "angles_deg" list must be the multiples of
  /// one step from 0).
  double rotation_step_deg = 45.0;
  bool mirror = true;     ///< mirror images allowed
  Polygon figure;         ///< the canonical figure's outline, when the file gives one
  bool has_arcs = false;  ///< some piece has arcs (PieceShape::arcs)
};

/// Most pieces (copies counted) and vertices per outline a piece-set file may have.
inline constexpr std::size_t kMaxSetPieces = 1000;
inline constexpr std::size_t kMaxOutlineVertices = 10000;

/// Parses a tangram-pieces/1 document; `source` (a path or a set name, or empty) names it in
/// messages. Throws InputError with one line naming the field and what is wrong.
PieceSetFile piece_set_from_json(std::string_view text, const std::string& source = "");

/// `set` as a tangram-pieces/1 document on one line: its name, its rotation step
/// (PieceSet::grid_step_deg) and each shape's name, count and outline (set units, every number
/// to 17 significant digits), each arc as its {"through": PieceArc::through} object between
/// its ends, not as its chords. piece_set_from_json() reads it back as the same set, number
/// for number, arcs included: an arc is flattened the same way whichever way its outline runs.
/// (A set made in code reads back so only when its arcs are flattened as here and no arc runs
/// across the outline's first vertex except from the last one.) Solutions embed it
/// (documents.hpp).
std::string piece_set_to_json(const PieceSet& set);

/// The names of the built-in sets, "tangram" first, then alphabetically.
std::vector<std::string> builtin_piece_set_names();

/// A built-in set by name; throws InputError naming the known ones for another name.
PieceSetFile builtin_piece_set(std::string_view name);

/// A built-in set when `name_or_path` is one's name, else the piece-set file at that path (at
/// most limits.max_document_bytes).
PieceSetFile load_piece_set(const std::string& name_or_path, const ReadLimits& limits = {});

}  // namespace tangram
