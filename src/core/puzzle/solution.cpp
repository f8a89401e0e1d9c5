#include "tangram/core/puzzle/solution.hpp"

namespace tangram {

namespace {

constexpr Outcome kOutcomes[] = {Outcome::Solved, Outcome::Invalid, Outcome::TimeLimit,
                                 Outcome::Exhausted, Outcome::Impossible};

}  // namespace

void move_piece(PlacedPiece& piece, Vec2 by) {
  piece.pose.centre = piece.pose.centre + by;
  for (Vec2& v : piece.polygon) v = v + by;
}

void add_counters(SolveStats& into, const SolveStats& from) {
  into.placements_tried += from.placements_tried;
  into.backtracks += from.backtracks;
  into.validations_failed += from.validations_failed;
  into.repeats_skipped += from.repeats_skipped;
  into.refine_seconds += from.refine_seconds;
}

Outcome outcome_of(const Solution& solution) {
  if (solution.solved) return Outcome::Solved;
  if (solution.stats.impossible) return Outcome::Impossible;
  return solution.stats.timed_out ? Outcome::TimeLimit : Outcome::Exhausted;
}

std::string_view outcome_name(Outcome outcome) {
  switch (outcome) {
    case Outcome::Solved: return "solved";
    case Outcome::Invalid: return "invalid";
    case Outcome::TimeLimit: return "time-limit";
    case Outcome::Exhausted: return "exhausted";
    case Outcome::Impossible: return "impossible";
  }
  return "?";
}

std::optional<Outcome> outcome_from_name(std::string_view name) {
  for (const Outcome outcome : kOutcomes)
    if (outcome_name(outcome) == name) return outcome;
  return std::nullopt;
}

}  // namespace tangram
