#pragma once
/// \file piece_sets.hpp
/// Piece-set files (tangram-pieces/1; docs/formats.md) and the built-in sets.

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
  /// The set's rotations: multiples of this step.
  double rotation_step_deg = 45.0;
  bool mirror = true;     ///< mirror images allowed
  Polygon figure;         ///< the canonical figure's outline, when the file gives one
  bool has_arcs = false;  ///< some piece has arcs (PieceShape::arcs)
};

/// Most pieces (copies counted) and vertices per outline a piece-set file may have.
inline constexpr std::size_t kMaxSetPieces = 1000;
inline constexpr std::size_t kMaxOutlineVertices = 10000;

/// Parses tangram-pieces/1 (arcs in 3-degree chords); `source` names it. Throws InputError.
PieceSetFile piece_set_from_json(std::string_view text, const std::string& source = "");

/// `set` as one-line tangram-pieces/1 that reads back as the same set (docs/design/io.md).
std::string piece_set_to_json(const PieceSet& set);

/// The names of the built-in sets, "tangram" first, then alphabetically.
std::vector<std::string> builtin_piece_set_names();

/// A built-in set by name; throws InputError naming the known ones for another name.
PieceSetFile builtin_piece_set(std::string_view name);

/// The built-in set so named, else the piece-set file at that path.
PieceSetFile load_piece_set(const std::string& name_or_path, const ReadLimits& limits = {});

}  // namespace tangram
