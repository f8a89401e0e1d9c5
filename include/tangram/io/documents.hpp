#pragma once
/// \file documents.hpp
/// The JSON documents: tangram-solution/1 (an assembly in a pattern's pixel frame) and
/// tangram-arrangement/1 (the pieces' poses in piece units, for rendering figures).

#include <optional>
#include <string>

#include "tangram/core/puzzle/arrangement.hpp"
#include "tangram/core/puzzle/solution.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/silhouette.hpp"

namespace tangram {

/// Serialises a solution as tangram-solution/1: {"format", "piece_set", "set", "pattern",
/// "solved", "reading", "pieces": [{"name", "reflected", "angle_deg", "polygon"}], "stats":
/// {...}}; without the stats block when `with_stats` is false (a ground truth). The pieces are
/// named by `set`; "piece_set" is its name and "set" the set itself (piece_set_to_json: each
/// shape's outline, arcs as arcs, and count), so that a checker needs nothing else to test each
/// piece for congruence (readers use it for a set that is not built in). "reading" (only when
/// `reading` is given) records how the pattern was read: {"threshold": 128, "invert": "auto",
/// "clean": true, "fill_outline": false, "work_size": "auto"} (work_size "auto" or pixels, 0 = full
/// resolution; InputConfig's fields), so that a checker can read the picture the same way.
std::string solution_to_json(const Solution& solution, const PieceSet& set,
                             const std::string& pattern_path, bool with_stats = true,
                             const std::optional<InputConfig>& reading = std::nullopt);

/// solution_to_json() as one line (JSON lines: one document per line), ending in a newline.
std::string solution_to_json_line(const Solution& solution, const PieceSet& set,
                                  const std::string& pattern_path, bool with_stats = true,
                                  const std::optional<InputConfig>& reading = std::nullopt);

/// A tangram-solution/1 document: the solution and how its pattern was read.
struct SolutionDocument {
  Solution solution;
  /// The "reading" object; none in documents without one (older ones, ground truths). Its
  /// members are optional, a missing one takes InputConfig's default; the fields it does not
  /// record (check_tileable, crop) are InputConfig's defaults.
  std::optional<InputConfig> reading;
  /// The "piece_set" member: the name of the set its pieces belong to; empty in documents
  /// without one (older ones, ground truths), whose pieces are the Tangram's.
  std::string piece_set;
  /// The set the pieces were read as (the one given, the one named, or the Tangram).
  PieceSet pieces = PieceSet::tangram();
};

/// Parses a tangram-solution/1 document with its "reading" object (see solution_from_json).
/// Throws InputError also for a malformed "reading" (a threshold outside [1, 255], an unknown
/// invert mode, a work size that is neither "auto" nor a whole number of pixels). The pieces
/// are read as shapes of `pieces`, or without it of the set the document names ("piece_set":
/// a built-in set, piece_sets.hpp; the Tangram when it names none); InputError when the
/// document names another set than `pieces`, or without `pieces` a set that is not built in.
SolutionDocument solution_document_from_json(const std::string& text,
                                             const PieceSet* pieces = nullptr);

/// Reads and parses a tangram-solution/1 file with its "reading" object (at most
/// limits.max_document_bytes); `pieces` as for solution_document_from_json.
SolutionDocument read_solution_document(const std::string& path, const ReadLimits& limits = {},
                                        const PieceSet* pieces = nullptr);

/// Parses a tangram-solution/1 document (the stats block is optional); its pieces are those of
/// the set it names (solution_document_from_json without a set). Throws InputError on malformed
/// JSON, a wrong format tag or unknown piece names.
Solution solution_from_json(const std::string& text);

/// Reads and parses a tangram-solution/1 file (at most limits.max_document_bytes).
Solution read_solution_json(const std::string& path, const ReadLimits& limits = {});

/// Parses a tangram-arrangement/1 document: {"format": "tangram-arrangement/1", "name",
/// "source", "piece_set" (all optional strings), "pieces": [{"name", "reflected", "angle_deg",
/// "centre": [x, y]}] with the centre (the piece's centroid) in set units, "turns" (optional):
/// [{"pieces": [indices], "pivot": [x, y], "angle_deg"}], "rotate_deg" (optional number)}, with
/// the pieces of the set it names ("piece_set": a built-in set; the Tangram without one).
/// Throws InputError on malformed JSON, a wrong format tag, an unknown set or piece name or
/// missing fields; the piece set itself is checked by final_poses.
Arrangement arrangement_from_json(const std::string& text);

/// Reads and parses a tangram-arrangement/1 file (at most limits.max_document_bytes).
Arrangement read_arrangement_json(const std::string& path, const ReadLimits& limits = {});

/// A tangram-arrangement/1 document and the set its pieces were read with.
struct ArrangementDocument {
  Arrangement arrangement;
  std::string piece_set;  ///< its "piece_set" member; empty without one
  /// The set the pieces were read as (the one given, the one named, or the Tangram).
  PieceSet pieces = PieceSet::tangram();
};

/// Parses an arrangement with the pieces of `pieces`, or (nullptr) of the set it names; a
/// document that names another set than `pieces` is refused (InputError).
ArrangementDocument arrangement_document_from_json(const std::string& text,
                                                   const PieceSet* pieces = nullptr);

/// Reads and parses a tangram-arrangement/1 file (see arrangement_document_from_json).
ArrangementDocument read_arrangement_document(const std::string& path, const ReadLimits& limits,
                                              const PieceSet* pieces = nullptr);

}  // namespace tangram
