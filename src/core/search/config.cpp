// The search settings' names and checks (search/config.hpp).

#include "tangram/core/search/config.hpp"

#include <cmath>
#include <sstream>
#include <string>

#include "tangram/core/base/error.hpp"

namespace tangram {

namespace {

// Shortest readable form of a number for messages ("0", "2.5", "-1").
std::string number(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

}  // namespace

std::string_view search_mode_name(SearchMode mode) {
  switch (mode) {
    case SearchMode::Paper: return "paper";
    case SearchMode::Ours: return "ours";
    case SearchMode::Vertex: return "vertex";
  }
  return "?";
}

std::optional<SearchMode> search_mode_from_name(std::string_view name) {
  for (const SearchMode mode : {SearchMode::Ours, SearchMode::Paper, SearchMode::Vertex})
    if (search_mode_name(mode) == name) return mode;
  return std::nullopt;
}

std::string_view search_event_name(SearchEventType type) {
  switch (type) {
    case SearchEventType::Placed: return "place";
    case SearchEventType::ValidationFailed: return "reject";
    case SearchEventType::Removed: return "remove";
  }
  return "?";
}

void validate_config(const SolverConfig& config) {
  const SearchConfig& s = config.search;
  if (!(s.rotation_step_deg > 0.0 && s.rotation_step_deg <= 360.0))
    throw UsageError(mention(Setting::RotationStep) + " must be in (0, 360] degrees, got " +
                     number(s.rotation_step_deg));
  if (!(s.rotation_offset_deg >= 0.0 && s.rotation_offset_deg < 360.0))
    throw UsageError("rotation_offset_deg must be in [0, 360) degrees, got " +
                     number(s.rotation_offset_deg));
  const long count = config.pieces.configuration_count(s.rotation_step_deg, s.reflection);
  if (count > kMaxConfigurations)
    throw UsageError(mention(Setting::RotationStep) + " " + number(s.rotation_step_deg) +
                     " gives " + std::to_string(count) + " piece configurations, more than the " +
                     std::to_string(kMaxConfigurations) + " the solver accepts (a step of at " +
                     "least 0.1 degrees)");
  if (!(s.time_limit_s > 0.0) || !std::isfinite(s.time_limit_s))
    throw UsageError(mention(Setting::TimeLimit) + " must be a positive number of seconds, got " +
                     number(s.time_limit_s));
  if (s.threads < 0 || s.threads > 1024)
    throw UsageError(mention(Setting::Threads) + " must be 0 (all cores) or 1..1024, got " +
                     std::to_string(s.threads));
  if (s.candidates_per_config < 1 || s.candidates_per_config > 1000)
    throw UsageError(mention(Setting::Candidates) + " must be in 1..1000, got " +
                     std::to_string(s.candidates_per_config));
  if (s.inset_px > 10.0 || !std::isfinite(s.inset_px))
    throw UsageError(mention(Setting::Inset) + " must be at most 10 px (negative = automatic)");
}

bool searches_turns(const SearchConfig& search, double step_deg) {
  if (search.rotation_auto) return true;  // the plan starts with the set's grid step
  const double per_step = step_deg / search.rotation_step_deg;
  return std::abs(per_step - std::round(per_step)) < 1e-9 &&
         std::abs(std::remainder(search.rotation_offset_deg, step_deg)) < 1e-9;
}

}  // namespace tangram
