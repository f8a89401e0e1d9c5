#pragma once
/// \file image.hpp
/// Image files in and out: checked before decoding, nothing printed (docs/design/io.md).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <opencv2/core.hpp>

namespace tangram {

/// The raster formats that are read.
enum class ImageFormat { Png, Jpeg, Bmp, Tiff, WebP, Pnm };

/// "PNG", "JPEG", "BMP", "TIFF", "WebP", "PBM/PGM/PPM".
std::string_view image_format_name(ImageFormat format);

/// Largest width or height of any picture read (px): libpng's default cap, for every format.
inline constexpr std::uint32_t kMaxImageSide = 1000000;

/// Progressive JPEGs with more scans are refused (each scan is a pass over the whole picture).
inline constexpr int kMaxJpegScans = 500;

/// What a file's header says.
struct ImageHeader {
  ImageFormat format = ImageFormat::Png;
  std::uint32_t width = 0;   ///< px
  std::uint32_t height = 0;  ///< px
};

/// Throws LimitError (Limit::Pixels) when width x height exceeds `max_pixels`.
void check_pixel_cap(std::uint64_t width, std::uint64_t height, std::uint64_t max_pixels);

/// The format and size of `bytes`, by content. Throws InputError (one line, no file name).
ImageHeader read_image_header(std::string_view bytes);

/// Decodes as cv::imdecode(IMREAD_UNCHANGED) would, silently. Throws InputError, LimitError.
cv::Mat decode_image(std::string_view bytes, std::uint64_t max_pixels);

/// The formats pictures are written in.
enum class PictureFormat { Png };

/// The format that `path`'s extension asks for ("-": PNG). Throws UsageError for others.
PictureFormat picture_output_format(const std::string& path);

/// Whether `path` has a picture's extension (no document may be written there).
bool names_a_picture(const std::string& path);

/// Writes `image` (8-bit) to `path` atomically. Throws UsageError, OutputError.
void write_picture(const std::string& path, const cv::Mat& image);

}  // namespace tangram
