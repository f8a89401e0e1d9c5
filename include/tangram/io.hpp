#pragma once
/// \file io.hpp
/// Files in and out: PNG silhouettes, tangram-solution/1 JSON documents, solution pictures.
/// Every writer writes a temporary file next to the target and renames it, so an output is
/// complete or absent, never half-written.

#include <string>
#include <string_view>

#include <opencv2/core.hpp>

#include "tangram/arrangement.hpp"
#include "tangram/files.hpp"
#include "tangram/pattern.hpp"
#include "tangram/silhouette.hpp"
#include "tangram/solution.hpp"

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

/// Serialises a solution as tangram-solution/1: {"format", "pattern", "solved", "pieces":
/// [{"name", "reflected", "angle_deg", "polygon"}], "stats": {...}}; without the stats block
/// when `with_stats` is false (a ground truth).
std::string solution_to_json(const Solution& solution, const std::string& pattern_path,
                             bool with_stats = true);

/// Parses a tangram-solution/1 document (the stats block is optional). Throws InputError on
/// malformed JSON, a wrong format tag or unknown piece names.
Solution solution_from_json(const std::string& text);

/// Reads and parses a tangram-solution/1 file (at most limits.max_document_bytes).
Solution read_solution_json(const std::string& path, const ReadLimits& limits = {});

/// Parses a tangram-arrangement/1 document: {"format": "tangram-arrangement/1", "name",
/// "source" (both optional strings), "pieces": [{"name", "reflected", "angle_deg", "centre":
/// [x, y]}] with the centre (the piece's centroid) in piece units, "turns" (optional): [{"pieces":
/// [indices], "pivot": [x, y], "angle_deg"}], "rotate_deg" (optional number)}. Throws
/// InputError on malformed JSON, a wrong format tag, unknown piece names or missing fields; the
/// piece set itself is checked by final_poses.
Arrangement arrangement_from_json(const std::string& text);

/// Reads and parses a tangram-arrangement/1 file (at most limits.max_document_bytes).
Arrangement read_arrangement_json(const std::string& path, const ReadLimits& limits = {});

/// Writes text to `path` completely or not at all (write_output_file). Throws OutputError.
void write_text_atomic(const std::string& path, const std::string& text);

/// Writes a PNG completely or not at all (write_output_file). Throws OutputError.
void write_png_atomic(const std::string& path, const cv::Mat& image);

/// A picture of the assembly: the pattern in light grey, each piece filled in its own colour
/// and outlined in black, at `scale` times the pattern's size.
cv::Mat3b render_solution(const Pattern& pattern, const Solution& solution, int scale = 2);

}  // namespace tangram
