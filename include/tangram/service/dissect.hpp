#pragma once
/// \file dissect.hpp
/// The dissect job of every front end (`tangram dissect`, Python's dissect()): a grid figure
/// cut into K congruent pieces (congruent_dissection.hpp, half_square_dissection.hpp), its
/// options checked, the figure read, the dissections counted and worded.

#include <chrono>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/dissection/congruent_dissection.hpp"
#include "tangram/core/dissection/half_square_dissection.hpp"
#include "tangram/io/dissection_documents.hpp"
#include "tangram/io/files.hpp"
#include "tangram/service/option_words.hpp"
#include "tangram/service/solve.hpp"

namespace tangram {

/// A dissection's options; the comment of each names its option of `tangram dissect`.
struct DissectOptions {
  int cell_px = 0;                           ///< --cell: a picture's square side (px); 0 = detected
  int parts = 2;                             ///< --parts: K
  std::string method = "auto";               ///< --method: auto, ours, kotani or halving
  std::string cells = "square";              ///< --cells: square or half
  bool quarters = false;                     ///< --quarters
  bool mirror = true;                        ///< not --no-mirror
  bool unique = false;                       ///< --unique
  bool up_to_symmetry = false;               ///< --up-to-symmetry
  long max_solutions = 0;                    ///< --max-solutions; 0 = all
  double time_limit_s = kDefaultTimeLimitS;  ///< --time-limit (s)
  ReadLimits limits;                         ///< --max-pixels, --max-image-mb
};

/// The solver `name` names (auto, kotani, ours, halving) for `parts` pieces. Throws
/// UsageError for another name, or kotani or halving with parts != 2.
DissectMethod dissect_method(const std::string& name, int parts,
                             const OptionWords& words = cli_words);

/// Refuses values and combinations that `tangram dissect` refuses before it reads the figure
/// (--parts, --method, --unique with --max-solutions, --time-limit, --cells, --quarters).
/// Throws UsageError.
void check_dissect_options(const DissectOptions& options, const OptionWords& words = cli_words);

/// What a dissection found.
struct DissectOutcome {
  DissectionDocument about;  ///< parts, mirror, up_to_symmetry, complete
  bool half = false;         ///< --cells half: `quarters` and `half_solutions` hold the answer
  bool halves = true;        ///< half: pieces of whole half-squares (not --quarters)
  Cells figure;
  std::vector<Dissection> solutions;
  Quarters quarters;
  std::vector<HalfDissection> half_solutions;
  bool timed_out = false;
  Answer answer = Answer::None;
  std::string summary;  ///< the count `tangram dissect` prints, one line ending in '\n'

  std::size_t count() const { return half ? half_solutions.size() : solutions.size(); }
};

/// Dissects the figure in `bytes` (a text grid, or a picture of dark squares), `name` naming it
/// in messages; the time limit counts from `started`. Throws InputError for a figure that is
/// not a dissectable grid, UsageError for options that do not fit it.
DissectOutcome dissect_figure(const DissectOptions& options, const std::string& bytes,
                              const std::string& name,
                              std::chrono::steady_clock::time_point started,
                              const OptionWords& words = cli_words);

/// dissect_figure() on the file at `path` ("-": standard input), named "standard input" then.
DissectOutcome dissect_file(const DissectOptions& options, const std::string& path,
                            const OptionWords& words = cli_words);

/// Dissection `index` (from 0) as `--print` shows it: a grid of letters, one per piece, and
/// for squares its rating.
std::string dissection_text(const DissectOutcome& outcome, std::size_t index);

/// The tangram-dissection/1 (or tangram-half-dissection/1) document of every dissection.
std::string dissection_document(const DissectOutcome& outcome);

/// The picture of dissection `index` (from 0), or of the figure alone for an index beyond the
/// dissections: PNG pixels, or SVG text.
cv::Mat3b dissection_picture(const DissectOutcome& outcome, std::size_t index);
std::string dissection_svg_text(const DissectOutcome& outcome, std::size_t index);

}  // namespace tangram
