#pragma once
/// \file pattern_png.hpp
/// Pattern files: a picture in any format of image.hpp (PNG, JPEG, BMP, TIFF, WebP, PBM/PGM/PPM,
/// recognised by content), read within limits as a puzzle (silhouette.hpp does the reading).
/// The file keeps its first name; the functions ending in _png are the old names.

#include <string>
#include <string_view>

#include <opencv2/core.hpp>

#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/silhouette.hpp"

namespace tangram {

/// How messages name a pattern file: its path, or "(standard input)" for "-".
std::string pattern_file_name(const std::string& path);

/// Reads a pattern file ("-": standard input; only regular files, at most
/// limits.max_image_bytes) and decodes it with decode_image() (image.hpp; at most
/// limits.max_pixels, checked from the header). Throws InputError "cannot read pattern NAME:
/// ..." with one line, or LimitError.
cv::Mat load_pattern_image(const std::string& path, const ReadLimits& limits = {});

/// make_silhouette() on a decoded pattern; `name` stands for the file in messages ("pattern
/// NAME: no puzzle pixels ..."). Throws InputError, or UsageError for a bad config.
Silhouette read_silhouette(const cv::Mat& image, const InputConfig& config,
                           const std::string& name);

/// load_pattern_image() then read_silhouette(): a pattern file read as `config` says
/// (threshold, inversion, cleaning, outline and thinness checks, working resolution). The file
/// is only read.
Silhouette load_silhouette(const std::string& path, const InputConfig& config,
                           const ReadLimits& limits = {});

/// load_silhouette() on a file's bytes; `name` stands for the file in messages.
Silhouette decode_silhouette(std::string_view bytes, const InputConfig& config,
                             const std::string& name, const ReadLimits& limits = {});

/// A pattern file read as the referee reads it (InputConfig::referee_reading()): puzzle pixels
/// are those with luminance < 128 (on the 8-bit scale, ITU-R BT.601 weights) and, when there is
/// an alpha channel, alpha >= 128 (on the 8-bit scale); nothing is inverted, cleaned or
/// reduced. Throws InputError with a one-line message for a missing file, a directory, a file
/// that is not an image read, an undecodable one, an empty silhouette or one too small for the
/// pieces; LimitError beyond `limits`.
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
