#pragma once
/// \file documents.hpp
/// The JSON documents tangram-solution/1, tangram-solutions/1 (an enumeration's JSON lines) and
/// tangram-arrangement/1 (docs/formats.md).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tangram/core/enumerate/cover_search.hpp"
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
/// Throws InputError, naming `source` (a path) when given.
SolutionDocument solution_document_from_json(const std::string& text,
                                             const PieceSet* pieces = nullptr,
                                             const std::string& source = {});

/// solution_document_from_json() of a file read within `limits`.
SolutionDocument read_solution_document(const std::string& path, const ReadLimits& limits = {},
                                        const PieceSet* pieces = nullptr);

/// solution_document_from_json(text).solution. Throws InputError.
Solution solution_from_json(const std::string& text);

/// Reads and parses a tangram-solution/1 file (at most limits.max_document_bytes).
Solution read_solution_json(const std::string& path, const ReadLimits& limits = {});

/// The first record of tangram-solutions/1: what every assembly line is read with.
struct SolutionsHeader {
  std::string pattern;                 ///< the pattern's name, as a tangram-solution/1 "pattern"
  PieceSet set = PieceSet::tangram();  ///< the set enumerated, embedded once
  std::optional<InputConfig> reading;  ///< how the pattern was read
  PieceUse use = PieceUse::Exact;      ///< how the assemblies use the set's pieces
};

/// The settings an enumeration ran with, as its summary records them.
struct SolutionsSettings {
  std::string pieces;  ///< the set's name
  PieceUse use = PieceUse::Exact;
  double figure_area = 0.0;  ///< square set units; 0: the set's area (use exact)
  bool up_to_symmetry = false;
  bool reflection = true;
  long max_solutions = 0;
  std::optional<double> time_limit_s;  ///< none: no time limit
};

/// The last record of tangram-solutions/1: whether the file holds every assembly.
struct SolutionsSummary {
  bool complete = false;  ///< every assembly (of the family counted) is in the file
  /// Why it ended: "exhaustive" (complete), "time-limit", "stopped" or "max-solutions".
  std::string reason;
  /// --unique's verdict: "unique", "several", "none" or "undecided" (empty for --all).
  std::string answer;
  long count = 0;  ///< the assembly lines before it
  long placements = 0;
  double seconds = 0.0;
  int threads = 0;
  std::string method;             ///< "grid" or "lattice"
  double lattice_step = 0.0;      ///< "lattice": the step, in set units
  double lattice_turn_deg = 0.0;  ///< "lattice": its turn to the figure's outline (degrees)
  long symmetries = 1;            ///< the figure's symmetries used (1: each assembly counts)
  SolutionsSettings settings;
};

/// The tag of the first record of tangram-solutions/1.
inline constexpr std::string_view kSolutionsFormat = "tangram-solutions/1";

/// The header record of tangram-solutions/1, one line ending in a newline.
std::string solutions_header_line(const SolutionsHeader& header);

/// An assembly record: its `index` (from 0, in the order found) and its pieces (px) of `set`,
/// one line ending in a newline.
std::string solutions_assembly_line(long index, const std::vector<PlacedPiece>& pieces,
                                    const PieceSet& set);

/// The summary record, one line ending in a newline.
std::string solutions_summary_line(const SolutionsSummary& summary);

/// The assemblies of a JSON lines file: tangram-solutions/1, or the form written before it
/// (one tangram-solution/1 document a line, nothing said about completeness).
struct SolutionLines {
  bool older_form = false;  ///< one tangram-solution/1 document a line
  SolutionsHeader header;   ///< older form: the first line's pattern, set and reading
  /// Each assembly as a document by itself (its set, `--use subset` or copies' own, and its
  /// reading), as `tangram verify` reads one.
  std::vector<SolutionDocument> assemblies;
  /// None in the older form, or when the file ends before its summary (a run cut short).
  std::optional<SolutionsSummary> summary;
};

/// Whether `text` holds JSON lines of assemblies rather than one document: its first line is
/// by itself an object of tangram-solutions/1 or of tangram-solution/1.
bool is_solution_lines(std::string_view text);

/// Parses JSON lines of either form, with `pieces` or the set the file names (as
/// solution_document_from_json). Throws InputError naming `source` (a path) and the line.
SolutionLines solution_lines_from_text(const std::string& text, const PieceSet* pieces = nullptr,
                                       const std::string& source = {});

/// solution_lines_from_text() of a file read within `limits`.
SolutionLines read_solution_lines(const std::string& path, const ReadLimits& limits = {},
                                  const PieceSet* pieces = nullptr);

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
