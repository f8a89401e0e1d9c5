// The solve service (solve.hpp): one plan, one run and one text for every front end.

#include "tangram/service/solve.hpp"

#include <algorithm>
#include <mutex>
#include <optional>
#include <sstream>

#include "tangram/core/base/error.hpp"
#include "tangram/core/base/format.hpp"
#include "tangram/core/figure/refusals.hpp"
#include "tangram/core/figure/rotation_plan.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/core/solve/solve.hpp"
#include "tangram/io/documents.hpp"
#include "tangram/io/picture.hpp"
#include "tangram/io/svg.hpp"

namespace tangram {

namespace {

using detail::fixed;
using detail::general;

/// Pictures of patterns whose longer side exceeds this (px) are drawn at the pattern's size,
/// not twice it (a 4000 x 3000 scan would give a 144 MB picture).
constexpr int kPictureFullSizeAbovePx = 1000;

int picture_scale(const Pattern& pattern) {
  const cv::Size size = pattern.puzzle.size();
  return std::max(size.width, size.height) > kPictureFullSizeAbovePx ? 1 : 2;
}

/// "9356 assemblies", "1 assembly".
std::string assemblies_text(long n) {
  return std::to_string(n) + (n == 1 ? " assembly" : " assemblies");
}

/// "25848989 placements", "1 placement".
std::string placements_text(long n) {
  return std::to_string(n) + (n == 1 ? " placement" : " placements");
}

/// The pieces an assembly uses and those it leaves out, in words: "used I, L x 2; left out
/// F, N" (shapes in the set's order).
std::string pieces_used_text(const PieceSet& set, const std::vector<PlacedPiece>& pieces) {
  std::vector<int> used(set.shape_count(), 0);
  for (const PlacedPiece& p : pieces) ++used[static_cast<std::size_t>(p.shape)];
  std::string in, out;
  for (std::size_t s = 0; s < used.size(); ++s) {
    const std::string& name = set.shape_name(static_cast<ShapeId>(s));
    if (used[s] > 0)
      in += (in.empty() ? "" : ", ") + name + (used[s] > 1 ? " x " + std::to_string(used[s]) : "");
    const int left = set.shape(static_cast<ShapeId>(s)).count - used[s];
    if (left > 0)
      out += (out.empty() ? "" : ", ") + name + (left > 1 ? " x " + std::to_string(left) : "");
  }
  return "used " + in + (out.empty() ? "" : "; left out " + out);
}

/// Which assemblies an enumeration counts, in words: on a lattice, those with every piece on
/// it (others exist for some figures and are not searched); on the unit grid, all.
std::string family_text(const Enumeration& e) {
  if (e.method != "lattice") return "";
  return " with every piece's corners on the lattice of step " + general(e.lattice_step) +
         " set units";
}

/// When a fixed rotation step missed the direction the figure's edges share
/// (missed_direction): the note that says so and suggests a step; empty otherwise.
std::string missed_rotation_note(const Pattern& pattern, const SolverConfig& config,
                                 const OptionWords& words) {
  if (config.search.rotation_auto) return "";
  const std::optional<MissedDirection> missed = missed_direction(
      pattern, config.pieces, config.search.rotation_step_deg, config.search.rotation_offset_deg);
  if (!missed) return "";
  return "the figure's edges point at " + fixed(missed->residue_deg, 2) + " deg modulo " +
         general(missed->grid_deg) + ", which " + general(config.search.rotation_step_deg) +
         "-degree steps do not reach: try " + words("rotation-step", "auto") + " (or " +
         general(missed->step_deg) + ")";
}

/// The search's summary: the outcome, the counters, which search found it, the rotations and
/// the measures of a solved assembly.
std::string search_summary(const SolvePlan& plan, const Solution& solution, const std::string& name,
                           const std::string& reason) {
  const SolverConfig& config = plan.config;
  const SolveStats& s = solution.stats;
  std::ostringstream out;
  const std::string approximate = approximate_words(rough_verify_config(s.rough_band));
  out << name << ": "
      << (!solution.solved      ? "not solved (" + reason + ")"
          : approximate.empty() ? std::string("solved")
                                : "solved (approximate: " + approximate + ")")
      << " in " << fixed(s.seconds, 2) << " s with " << s.threads << " thread"
      << (s.threads == 1 ? "" : "s") << "\n"
      << "  placements " << s.placements_tried << ", backtracks " << s.backtracks
      << ", validations failed " << s.validations_failed;
  if (s.repeats_skipped > 0) out << ", copies' repeats skipped " << s.repeats_skipped;
  out << "\n";
  // The vertex stage alone (--search vertex) is not told as found by it.
  const bool vertex_mode = config.search.mode == SearchMode::Vertex;
  const bool off_rotations = s.found_by == "vertex-off-rotations";
  const bool by_vertices = off_rotations || (s.found_by == "vertex" && !vertex_mode);
  if (s.found_by == "grid") out << "  found on the set's unit grid, cell by cell (exact search)\n";
  if (s.found_by == "lattice") out << "  found on the set's lattice (exact search)\n";
  if (s.found_by == "straightened")
    out << "  found on the outline straightened (lines through its long runs), checked as drawn\n";
  if (s.found_by == "arcs")
    out << "  found with the curved pieces first, their arcs on the outline's arcs\n";
  if (std::find(s.exhausted_stages.begin(), s.exhausted_stages.end(), "lattice") !=
      s.exhausted_stages.end())
    out << "  no assembly with every piece's corners on the figure's lattice (searched to the "
           "end); "
        << (solution.solved ? "this one has a piece off it" : "assemblies off it were searched")
        << "\n";
  if (by_vertices && solution.solved)
    out << "  found by the vertex search on the outline (exact search)\n";
  if (off_rotations)
    out << "  with pieces outside the " << rotation_words(s, config)
        << ", which the raster search exhausted\n";
  // The vertex search takes its angles from the outline's edges, not from a rotation plan.
  if (config.search.rotation_auto && !by_vertices && !vertex_mode)
    out << "  rotations " << rotation_words(s, config) << " ("
        << plan.words("rotation-step", "auto") << ", stage " << s.rotation_stages << ")\n";
  if (solution.solved)
    out << "  coverage " << fixed(s.coverage, 4) << ", overlap " << fixed(s.overlap, 4)
        << ", spill " << fixed(s.spill, 4) << "\n";
  return out.str();
}

/// Goal One: the search, its outcome and its text.
void run_search(const SolvePlan& plan, const Silhouette& silhouette, const std::string& name,
                const SolveHooks& hooks, SolveResult& result) {
  SolverConfig config = plan.config;
  config.search.started = hooks.started;
  config.search.stop = hooks.stop;
  ProgressCallback progress;
  if (hooks.progress)
    progress = [&](const SearchProgress& p) {
      hooks.progress({p.pieces_placed, p.placements_tried, p.backtracks, 0, p.seconds});
    };
  result.search = solve_silhouette(silhouette, config, progress, hooks.observer, plan.fixed);
  const Solution& solution = result.search.solution;
  result.found = solution.solved ? 1 : 0;
  result.answer = solution.solved ? Answer::Found : Answer::None;
  const SolveStats& s = solution.stats;
  std::string rejection = rejection_reason(silhouette, result.search);
  if (!rejection.empty()) {
    rejection += " try " + (silhouette.report.work_scale > 1 ? plan.words("work-size", "0")
                                                             : plan.words("no-clean", {}));
    result.outcome = outcome_name(Outcome::Invalid);
    result.reason = rejection;
  } else if (s.stopped && !solution.solved) {
    result.outcome = "stopped";
    result.reason = "stopped, " + std::to_string(solution.pieces.size()) + " of " +
                    std::to_string(config.pieces.piece_count()) + " pieces placed";
  } else {
    result.outcome = outcome_name(outcome_of(solution));
    result.reason = unsolved_reason(solution, config);
    if (s.timed_out && !solution.solved)
      result.reason += ", " + std::to_string(solution.pieces.size()) + " of " +
                       std::to_string(config.pieces.piece_count()) + " pieces placed";
  }
  result.summary = search_summary(plan, solution, name, result.reason);
  if (!plan.fixed.empty())
    result.summary += "  " + std::to_string(plan.fixed.size()) + " of " +
                      std::to_string(config.pieces.piece_count()) +
                      " pieces kept where they were (" + plan.words("fixed", {}) + ")\n";
  if (!solution.solved && rejection.empty())
    if (std::string note = missed_rotation_note(silhouette.working, config, plan.words);
        !note.empty())
      result.notes.push_back(std::move(note));
}

/// The words of a proof that no assembly exists: "the figure's corner at (40, 12) of 20 deg...".
std::string impossible_words(const Impossibility& why, const SolverConfig& config) {
  Solution refused;
  refused.stats.impossible = why;
  std::string words = unsolved_reason(refused, config);
  const std::string lead = "impossible: ";
  return words.rfind(lead, 0) == 0 ? words.substr(lead.size()) : words;
}

/// Goal Unique answered without an enumeration: none when the outline proves it (`proof`,
/// refusals.hpp), else undecided because the figure cannot be enumerated (`why`), never a
/// refusal of the figure.
void unique_uncounted(const SolvePlan& plan, const std::optional<Impossibility>& proof,
                      const std::string& name, const std::string& why, SolveResult& result) {
  std::ostringstream out;
  if (proof) {
    out << "none: " << name << " has no assembly (" << impossible_words(*proof, plan.config)
        << ")\n";
    result.answer = Answer::None;
    result.outcome = outcome_name(Outcome::Impossible);
  } else {
    out << "undecided: " << name << " cannot be counted exactly: " << why << "\n";
    result.answer = Answer::Incomplete;
    result.outcome = outcome_name(Outcome::Exhausted);
  }
  result.found = 0;
  result.summary = out.str();
}

/// The other goals: the enumeration, what it found and its text.
void run_enumeration(const SolvePlan& plan, const Silhouette& silhouette, const std::string& name,
                     const SolveHooks& hooks, SolveResult& result) {
  const Goal goal = plan.goal;
  const OptionWords& words = plan.words;
  SolverConfig config = plan.config;
  config.search.started = hooks.started;
  EnumerationConfig enumeration = plan.enumeration;
  enumeration.stop = hooks.stop;
  // The picture as read: on a grid or a lattice the resolution does not matter.
  const Pattern& pattern = silhouette.pattern;
  check_enumerable(plan, pattern);
  if (goal == Goal::Unique) {
    // A figure the outline rules out is none at once; one that cannot be counted, undecided.
    // (The refusals take every piece once, at the scale of the set's area.)
    const std::optional<Impossibility> proof =
        enumeration.use == PieceUse::Exact && !(enumeration.figure_area > 0.0)
            ? outline_refusal(pattern, config.pieces)
            : std::nullopt;
    const std::optional<std::string> why = enumeration_refusal(pattern, config, enumeration);
    if (proof || why) {
      unique_uncounted(plan, proof, name, why.value_or(""), result);
      return;
    }
  }

  const bool choose = goal == Goal::Fewest || goal == Goal::Most;
  std::vector<PlacedPiece> chosen;
  long index = 0;
  const AssemblySink sink = [&](const std::vector<PlacedPiece>& pieces) {
    const long at = index++;
    if (choose) {
      if (chosen.empty() ||
          (goal == Goal::Most ? pieces.size() > chosen.size() : pieces.size() < chosen.size()))
        chosen = pieces;
      return;
    }
    if (hooks.assembly) hooks.assembly(at, pieces);
  };
  EnumerationProgress progress;
  if (hooks.progress)
    progress = [&](long solutions, long nodes, double seconds) {
      hooks.progress({0, nodes, 0, solutions, seconds});
    };
  const Enumeration found = enumerate_assemblies(pattern, config, enumeration, sink, progress);
  result.enumeration = found;

  std::ostringstream out;
  const std::string symmetric = enumeration.up_to_symmetry
                                    ? " up to the figure's " + std::to_string(found.symmetries) +
                                          (found.symmetries == 1 ? " symmetry" : " symmetries")
                                    : "";
  if (goal == Goal::All) {
    result.found = found.solutions;
    out << assemblies_text(found.solutions) << symmetric << " of " << name << family_text(found)
        << " (" << count_qualifier(found, enumeration.max_solutions, words) << ")\n";
    if (found.method == "lattice" && found.solutions == 0 && found.exhausted)
      out << "  none in this family; assemblies with a piece off the lattice are not searched\n";
    result.answer = found.solutions == 0                   ? Answer::None
                    : found.timed_out || found.interrupted ? Answer::Incomplete
                                                           : Answer::Found;
  } else if (goal == Goal::Unique) {
    result.found = found.solutions;
    if (found.solutions >= 2) {
      out << "several: " << name << " has more than one assembly" << symmetric << "\n";
      result.answer = Answer::Several;
    } else if (found.solutions == 1 && found.exhausted) {
      out << "unique: " << name << " has exactly one assembly" << symmetric << "\n";
      result.answer = Answer::Found;
    } else if (found.solutions == 1) {
      out << "undecided: " << name << " has an assembly; whether it is unique is not known ("
          << (found.timed_out ? "the time limit" : "an interrupt") << " ended the search)\n";
      result.answer = Answer::Incomplete;
    } else if (found.method == "lattice" || !found.exhausted) {
      // An exhausted lattice proves none only on the lattice (the outline's refusals were
      // applied before): say what it proves, no more.
      out << "undecided: " << name << " has no assembly"
          << (found.method == "lattice" ? " with every piece's corners on the figure's lattice"
                                        : "")
          << (found.exhausted ? "; assemblies with a piece off it are not searched"
                              : " found (the search did not finish)")
          << "\n";
      result.answer = Answer::Incomplete;
    } else {
      out << "none: " << name << " has no assembly\n";
      result.answer = Answer::None;
    }
  } else {
    result.found = chosen.empty() ? 0 : 1;
    if (chosen.empty()) {
      out << name << ": no assembly with pieces used as " << plan.use
          << (found.exhausted ? "" : " found (the search did not finish)") << "\n";
      result.answer = Answer::None;
    } else {
      out << name << ": solved with " << chosen.size() << " pieces (" << plan.use << "; the "
          << (goal == Goal::Most ? "most" : "fewest") << " pieces of "
          << assemblies_text(found.solutions) << ", "
          << count_qualifier(found, enumeration.max_solutions, words) << ")\n"
          << "  " << pieces_used_text(config.pieces, chosen) << "\n";
      result.answer = Answer::Found;
    }
    result.chosen = chosen_assembly(pattern, config.pieces, chosen, found, enumeration.use);
  }
  out << "  " << placements_text(found.nodes) << ", " << fixed(found.seconds, 2) << " s with "
      << found.threads << " thread" << (found.threads == 1 ? "" : "s");
  if (found.rejected > 0)
    out << "; " << found.rejected << " candidate" << (found.rejected == 1 ? "" : "s")
        << " set aside on a closer look (two pieces overlapped)";
  out << "\n";
  result.summary = out.str();
  result.outcome = found.interrupted ? "stopped"
                   : found.timed_out ? std::string(outcome_name(Outcome::TimeLimit))
                   : index > 0       ? std::string(outcome_name(Outcome::Solved))
                                     : std::string(outcome_name(Outcome::Exhausted));
}

}  // namespace

SolvePlan plan_solve(const SolveOptions& options, const OptionWords& words,
                     const PieceSetFile* pieces) {
  SolvePlan plan;
  plan.goal = goal_of(options);
  plan.words = words;
  plan.use = options.use;
  plan.fixed = options.fixed;
  check_solve_options(options, words);
  plan.config = solver_config(options, words, pieces);
  validate_config(plan.config);
  plan.input = read_for_set(input_config(options, words), plan.config.pieces);
  if (plan.goal != Goal::One) {
    // The enumeration works on the picture as read (on a grid or a lattice the resolution
    // does not matter): no reduced working copy, and no note about one.
    plan.input.work_size_px = 0;
    plan.enumeration.use = *piece_use_from_name(options.use);
    plan.enumeration.figure_area = options.figure_area;
    plan.enumeration.up_to_symmetry = options.up_to_symmetry;
    plan.enumeration.max_solutions = plan.goal == Goal::Unique ? 2 : options.max_solutions;
  }
  return plan;
}

void check_enumerable(const SolvePlan& plan, const Pattern& pattern) {
  // Unique: a figure that cannot be counted is undecided (or none, by a proof), not refused.
  if (plan.goal == Goal::One || plan.goal == Goal::Unique) return;
  if (const std::optional<std::string> why =
          enumeration_refusal(pattern, plan.config, plan.enumeration))
    throw UsageError((plan.goal == Goal::All      ? plan.words("all", {})
                      : plan.goal == Goal::Unique ? plan.words("unique", {})
                                                  : plan.words("use", plan.use)) +
                     ": " + *why);
}

SolveResult run_solve(const SolvePlan& plan, const Silhouette& silhouette, const std::string& name,
                      const SolveHooks& hooks) {
  SolveResult result;
  result.goal = plan.goal;
  if (plan.goal == Goal::One)
    run_search(plan, silhouette, name, hooks, result);
  else
    run_enumeration(plan, silhouette, name, hooks, result);
  return result;
}

FoundAssembly result_assembly(const SolvePlan& plan, const SolveResult& result) {
  FoundAssembly found;
  if (result.goal == Goal::One) {
    found.drawn = found.documented = result.search.solution;
    found.documented_set = plan.config.pieces;
    found.caption = result.search.rejected_at_full_resolution()
                        ? rejected_caption(found.drawn, plan.config, result.search.full_check)
                        : solution_caption(found.drawn, plan.config);
  } else {
    found.drawn = result.chosen->drawn;
    found.documented = result.chosen->documented;
    found.documented_set = result.chosen->used_set;
    found.caption = solution_caption(found.drawn, plan.config);
  }
  return found;
}

FoundAssembly enumerated_assembly(const SolvePlan& plan, const std::vector<PlacedPiece>& pieces,
                                  const Pattern* pattern) {
  FoundAssembly found;
  UsedPieces used = used_pieces(plan.config.pieces, pieces, plan.enumeration.use);
  found.drawn.solved = found.documented.solved = true;
  found.drawn.pieces = pieces;
  if (pattern)
    found.drawn.stats.coverage = found.documented.stats.coverage =
        measure_areas(*pattern, pieces).coverage;
  found.documented.pieces = std::move(used.pieces);
  found.documented_set = std::move(used.set);
  found.caption = solution_caption(found.drawn, plan.config);
  return found;
}

std::string assembly_json(const SolvePlan& plan, const FoundAssembly& found,
                          const std::string& pattern_name, bool with_stats) {
  return solution_to_json(found.documented, found.documented_set, pattern_name, with_stats,
                          plan.input);
}

std::string enumeration_header_line(const SolvePlan& plan, const std::string& pattern_name) {
  return solutions_header_line(
      SolutionsHeader{pattern_name, plan.config.pieces, plan.input, plan.enumeration.use});
}

std::string enumeration_assembly_line(const SolvePlan& plan, long index,
                                      const std::vector<PlacedPiece>& pieces) {
  return solutions_assembly_line(index, pieces, plan.config.pieces);
}

SolutionsSummary enumeration_summary(const SolvePlan& plan, const SolveResult& result) {
  const Enumeration& e = result.enumeration;
  SolutionsSummary s;
  s.complete = e.exhausted;
  s.reason = e.exhausted     ? "exhaustive"
             : e.timed_out   ? std::string(outcome_name(Outcome::TimeLimit))
             : e.interrupted ? "stopped"
                             : "max-solutions";
  if (e.method.empty()) {  // Unique on a figure that cannot be counted: nothing enumerated
    s.complete = result.answer == Answer::None;  // a proof from the outline: none is all
    s.reason = s.complete ? "impossible" : "not-counted";
  }
  if (result.goal == Goal::Unique)
    s.answer = result.answer == Answer::Found     ? "unique"
               : result.answer == Answer::Several ? "several"
               : result.answer == Answer::None    ? "none"
                                                  : "undecided";
  s.count = e.solutions;
  s.placements = e.nodes;
  s.seconds = e.seconds;
  s.threads = e.threads;
  s.method = e.method;
  s.lattice_step = e.lattice_step;
  s.lattice_turn_deg = e.lattice_turn_deg;
  s.symmetries = static_cast<long>(e.symmetries);
  SolutionsSettings& o = s.settings;
  const SearchConfig& search = plan.config.search;
  o.pieces = plan.config.pieces.name();
  o.use = plan.enumeration.use;
  o.figure_area = plan.enumeration.figure_area;
  o.up_to_symmetry = plan.enumeration.up_to_symmetry;
  o.reflection = search.reflection;
  o.max_solutions = plan.enumeration.max_solutions;
  if (search.time_limit_s < kNoTimeLimitS) o.time_limit_s = search.time_limit_s;
  return s;
}

cv::Mat3b assembly_picture(const SolvePlan& plan, const Pattern& pattern,
                           const FoundAssembly& found) {
  return render_solution(pattern, found.drawn, plan.config.pieces, found.caption,
                         picture_scale(pattern));
}

std::string assembly_svg_text(const SolvePlan& plan, const Pattern& pattern,
                              const FoundAssembly& found, const std::string& title) {
  SvgConfig svg;
  svg.scale = picture_scale(pattern);
  svg.title = title;
  svg.caption = found.caption;
  return assembly_svg(pattern, found.drawn.pieces, plan.config.pieces, svg);
}

}  // namespace tangram
