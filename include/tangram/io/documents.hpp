#pragma once
/// \file documents.hpp
/// The JSON documents: tangram-solution/1 (an assembly in a pattern's pixel frame) and
/// tangram-arrangement/1 (the pieces' poses in piece units, for rendering figures).

#include <string>

#include "tangram/core/arrangement.hpp"
#include "tangram/core/solution.hpp"
#include "tangram/io/files.hpp"

namespace tangram {

/// Serialises a solution as tangram-solution/1: {"format", "pattern", "solved", "pieces":
/// [{"name", "reflected", "angle_deg", "polygon"}], "stats": {...}}; without the stats block
/// when `with_stats` is false (a ground truth). The pieces are named by `set`.
std::string solution_to_json(const Solution& solution, const PieceSet& set,
                             const std::string& pattern_path, bool with_stats = true);

/// Parses a tangram-solution/1 document (the stats block is optional); its pieces are those of
/// PieceSet::tangram(). Throws InputError on malformed JSON, a wrong format tag or unknown
/// piece names.
Solution solution_from_json(const std::string& text);

/// Reads and parses a tangram-solution/1 file (at most limits.max_document_bytes).
Solution read_solution_json(const std::string& path, const ReadLimits& limits = {});

/// Parses a tangram-arrangement/1 document: {"format": "tangram-arrangement/1", "name",
/// "source" (both optional strings), "pieces": [{"name", "reflected", "angle_deg", "centre":
/// [x, y]}] with the centre (the piece's centroid) in piece units, "turns" (optional): [{"pieces":
/// [indices], "pivot": [x, y], "angle_deg"}], "rotate_deg" (optional number)}, with the pieces
/// of PieceSet::tangram(). Throws
/// InputError on malformed JSON, a wrong format tag, unknown piece names or missing fields; the
/// piece set itself is checked by final_poses.
Arrangement arrangement_from_json(const std::string& text);

/// Reads and parses a tangram-arrangement/1 file (at most limits.max_document_bytes).
Arrangement read_arrangement_json(const std::string& path, const ReadLimits& limits = {});

}  // namespace tangram
