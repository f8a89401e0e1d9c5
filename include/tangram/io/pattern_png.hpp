#pragma once
/// \file pattern_png.hpp
/// Pattern files: a PNG read, within limits, as a puzzle (silhouette.hpp does the reading).

#include <string>
#include <string_view>

#include "tangram/core/pattern.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/silhouette.hpp"

namespace tangram {

/// Reads a PNG (grey, grey+alpha, RGB, RGBA; 8 or 16 bit) as the referee does
/// (InputConfig::referee_reading()): puzzle pixels are those with luminance < 128 (on the 8-bit
/// scale, ITU-R BT.601 weights) and, when there is an alpha channel, alpha >= 128 (on the 8-bit
/// scale); nothing is inverted, cleaned or reduced. Throws InputError with a one-line message
/// for a missing file, a directory, a file that is not a PNG, an undecodable PNG, an empty
/// silhouette or one too small for the pieces.
/// At most `limits` are read (files.hpp): LimitError beyond them.
Pattern load_pattern_png(const std::string& path, const ReadLimits& limits = {});

/// Reads a PNG and interprets it with make_silhouette() (threshold, inversion, cleaning,
/// outline and thinness checks, working resolution; see silhouette.hpp). Throws InputError
/// with a one-line message naming the file, as load_pattern_png; UsageError for a bad config.
/// The file is only read; "-" is standard input. Only regular files are read, and at most
/// `limits` (files.hpp): LimitError beyond them, before anything is decoded.
Silhouette load_silhouette_png(const std::string& path, const InputConfig& config,
                               const ReadLimits& limits = {});

/// load_silhouette_png on a PNG file's bytes; `name` stands for the file in messages.
Silhouette decode_silhouette_png(std::string_view bytes, const InputConfig& config,
                                 const std::string& name, const ReadLimits& limits = {});

}  // namespace tangram
