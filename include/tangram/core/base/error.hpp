#pragma once
/// \file error.hpp
/// The library's exceptions, and settings named in messages by tags each front end spells.

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace tangram {

/// A setting that messages may mention: a field of a config struct.
enum class Setting {
  Threshold,         ///< InputConfig::threshold
  Invert,            ///< InputConfig::invert
  Clean,             ///< InputConfig::clean
  FillOutline,       ///< InputConfig::fill_outline
  WorkSize,          ///< InputConfig::work_size_px
  RotationStep,      ///< SearchConfig::rotation_step_deg
  TimeLimit,         ///< SearchConfig::time_limit_s
  Threads,           ///< SearchConfig::threads
  Candidates,        ///< SearchConfig::candidates_per_config
  Inset,             ///< SearchConfig::inset_px
  MaxPixels,         ///< ReadLimits::max_pixels
  MaxImageBytes,     ///< ReadLimits::max_image_bytes
  MaxDocumentBytes,  ///< ReadLimits::max_document_bytes
  SetSide,           ///< RenderConfig::side_px
  Margin,            ///< RenderConfig::margin_px
  MasksDir,          ///< ExperimentConfig::masks_dir
  OutDir,            ///< ExperimentConfig::out_dir
  Patterns,          ///< ExperimentConfig::patterns
  Jobs,              ///< ExperimentConfig::jobs
};

/// A tag for `setting` (and a `value` to advise) in a message, spelled by word_settings().
std::string mention(Setting setting, std::string_view value = {});

/// How a front end spells a setting and an optional value.
using SettingWords = std::function<std::string(Setting setting, std::string_view value)>;

/// The library's spelling: the config field, "= value" when there is one ("work_size_px = 0").
std::string config_words(Setting setting, std::string_view value);

/// `tagged` with every mention() spelled by `words`.
std::string word_settings(std::string_view tagged, const SettingWords& words = config_words);

/// Base of every error thrown on purpose: one line saying what is wrong and what to do; what()
/// spells settings as config fields, tagged() keeps the tags.
class Error : public std::runtime_error {
public:
  explicit Error(const std::string& tagged)
      : std::runtime_error(word_settings(tagged)), tagged_(tagged) {}
  const std::string& tagged() const { return tagged_; }

private:
  std::string tagged_;
};

/// The input (file, image, silhouette or solution document) cannot be used.
class InputError : public Error {
public:
  using Error::Error;
};

/// Which cap on accepted input an input went over (ReadLimits, io/files.hpp).
enum class Limit {
  Pixels,         ///< ReadLimits::max_pixels
  ImageBytes,     ///< ReadLimits::max_image_bytes
  DocumentBytes,  ///< ReadLimits::max_document_bytes
};

/// The setting that raises a limit (Setting::MaxPixels for Limit::Pixels, ...).
Setting limit_setting(Limit limit);

/// An input larger than the `limit` cap allows; the message ends "(raise it with SETTING)".
class LimitError : public InputError {
public:
  LimitError(Limit limit, const std::string& message)
      : InputError(message + " (raise it with " + mention(limit_setting(limit)) + ")"),
        limit_(limit) {}
  Limit limit() const { return limit_; }

  /// The same error with `prefix` before its message ("cannot read pattern X: ").
  LimitError with_prefix(const std::string& prefix) const {
    return LimitError(limit_, prefix + tagged(), Prefixed{});
  }

private:
  struct Prefixed {};
  LimitError(Limit limit, const std::string& tagged, Prefixed)
      : InputError(tagged), limit_(limit) {}
  Limit limit_;
};

/// An option or configuration value is out of range.
class UsageError : public Error {
public:
  using Error::Error;
};

/// An output file could not be written (disk full, directory missing, permission denied).
class OutputError : public Error {
public:
  using Error::Error;
};

}  // namespace tangram
