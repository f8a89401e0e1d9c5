#pragma once
/// \file pattern_png.hpp
/// Pattern files read as puzzles within limits (functions ending in _png are old names).

#include <string>
#include <string_view>

#include <opencv2/core.hpp>

#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/silhouette.hpp"

namespace tangram {

/// How messages name a pattern file: its path, or "(standard input)" for "-".
std::string pattern_file_name(const std::string& path);

/// Reads and decodes a pattern file ("-": stdin). Throws InputError, LimitError.
cv::Mat load_pattern_image(const std::string& path, const ReadLimits& limits = {});

/// make_silhouette() with `name` in its messages. Throws InputError, UsageError.
Silhouette read_silhouette(const cv::Mat& image, const InputConfig& config,
                           const std::string& name);

/// load_pattern_image() then read_silhouette().
Silhouette load_silhouette(const std::string& path, const InputConfig& config,
                           const ReadLimits& limits = {});

/// load_silhouette() on a file's bytes; `name` stands for the file in messages.
Silhouette decode_silhouette(std::string_view bytes, const InputConfig& config,
                             const std::string& name, const ReadLimits& limits = {});

/// A pattern file read as the referee does. Throws InputError, LimitError.
Pattern load_pattern(const std::string& path, const ReadLimits& limits = {});

/// Old name of load_pattern().
inline Pattern load_pattern_png(const std::string& path, const ReadLimits& limits = {}) {
  return load_pattern(path, limits);
}

/// Old name of load_silhouette().
inline Silhouette load_silhouette_png(const std::string& path, const InputConfig& config,
                                      const ReadLimits& limits = {}) {
  return load_silhouette(path, config, limits);
}

/// Old name of decode_silhouette().
inline Silhouette decode_silhouette_png(std::string_view bytes, const InputConfig& config,
                                        const std::string& name, const ReadLimits& limits = {}) {
  return decode_silhouette(bytes, config, name, limits);
}

}  // namespace tangram
