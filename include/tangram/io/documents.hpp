#pragma once
/// \file documents.hpp
/// The JSON documents tangram-solution/1 and tangram-arrangement/1 (docs/formats.md).

#include <optional>
#include <string>

#include "tangram/core/puzzle/arrangement.hpp"
#include "tangram/core/puzzle/solution.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/silhouette.hpp"

namespace tangram {

/// `solution` as tangram-solution/1 with `set` embedded; "stats" unless `with_stats` is false.
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
  /// The "reading" object, missing members as InputConfig's defaults; none without one.
  std::optional<InputConfig> reading;
  /// The "piece_set" member; empty without one (then the pieces are the Tangram's).
  std::string piece_set;
  /// The set the pieces were read as (the one given, the one named, or the Tangram).
  PieceSet pieces = PieceSet::tangram();
};

/// Parses tangram-solution/1 with `pieces`, or the built-in set it names (else the Tangram).
/// Throws InputError.
SolutionDocument solution_document_from_json(const std::string& text,
                                             const PieceSet* pieces = nullptr);

/// solution_document_from_json() of a file read within `limits`.
SolutionDocument read_solution_document(const std::string& path, const ReadLimits& limits = {},
                                        const PieceSet* pieces = nullptr);

/// solution_document_from_json(text).solution. Throws InputError.
Solution solution_from_json(const std::string& text);

/// Reads and parses a tangram-solution/1 file (at most limits.max_document_bytes).
Solution read_solution_json(const std::string& path, const ReadLimits& limits = {});

/// Parses tangram-arrangement/1 with the built-in set it names. Throws InputError.
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

/// Parses an arrangement with `pieces`, or the set it names. Throws InputError.
ArrangementDocument arrangement_document_from_json(const std::string& text,
                                                   const PieceSet* pieces = nullptr);

/// Reads and parses a tangram-arrangement/1 file (see arrangement_document_from_json).
ArrangementDocument read_arrangement_document(const std::string& path, const ReadLimits& limits,
                                              const PieceSet* pieces = nullptr);

}  // namespace tangram
