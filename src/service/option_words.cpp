// How the command line spells settings and options in messages (option_words.hpp).

#include "tangram/service/option_words.hpp"

#include <cmath>

#include "tangram/core/raster/placement.hpp"

namespace tangram {

std::string cli_words(std::string_view option, std::string_view value) {
  return "--" + std::string(option) + (value.empty() ? "" : " " + std::string(value));
}

std::string option_words(Setting setting, std::string_view value) {
  const std::string v(value);
  switch (setting) {
    case Setting::Threshold: return "--threshold" + (v.empty() ? "" : " " + v);
    case Setting::Invert: return "--invert" + (v.empty() ? "" : " " + v);
    case Setting::Clean: return v == "false" ? "--no-clean" : "--clean";
    case Setting::FillOutline: return "--fill-outline";
    case Setting::WorkSize: return "--work-size" + (v.empty() ? "" : " " + v);
    case Setting::RotationStep: return "--rotation-step" + (v.empty() ? "" : " " + v);
    case Setting::TimeLimit: return "--time-limit" + (v.empty() ? "" : " " + v);
    case Setting::Threads: return "--threads" + (v.empty() ? "" : " " + v);
    case Setting::Candidates: return "--candidates" + (v.empty() ? "" : " " + v);
    case Setting::Inset: return "--inset" + (v.empty() ? "" : " " + v);
    case Setting::MaxPixels: return "--max-pixels";
    case Setting::MaxImageBytes: return "--max-image-mb";
    case Setting::MaxDocumentBytes: return "--max-document-mb";
    case Setting::SetSide: return "--side" + (v.empty() ? "" : " " + v);
    case Setting::Margin: return "--margin" + (v.empty() ? "" : " " + v);
    case Setting::MasksDir: return "--masks" + (v.empty() ? "" : " " + v);
    case Setting::OutDir: return "--out" + (v.empty() ? "" : " " + v);
    case Setting::Patterns: return "--patterns" + (v.empty() ? "" : " " + v);
    case Setting::Jobs: return "--jobs" + (v.empty() ? "" : " " + v);
  }
  return config_words(setting, value);
}

std::string in_words(std::string_view tagged) { return word_settings(tagged, option_words); }

std::string strategy_choices() {
  std::string names;
  for (const Strategy s : all_strategies())
    names += (names.empty() ? "" : ", ") + std::string(strategy_name(s));
  return names;
}

double parse_degrees(const std::string& option, const std::string& text) {
  std::size_t used = 0;
  double value = 0.0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size() || !std::isfinite(value))
    throw UsageError(option + ": expected auto or a number of degrees, got '" + text + "'");
  return value;
}

}  // namespace tangram
