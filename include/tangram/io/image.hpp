#pragma once
/// \file image.hpp
/// Pictures in (PNG, JPEG, BMP, TIFF, WebP, PBM/PGM/PPM, to the pixels OpenCV 4.6 decodes) and
/// out (PNG), checked before decoding; the rules are in docs/design/io.md.

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

/// Largest width or height of any picture read (px): libpng's default cap on a side
/// (PNG_USER_WIDTH_MAX, PNG_USER_HEIGHT_MAX), applied to every format so that no decoder meets
/// a side it would overflow on.
inline constexpr std::uint32_t kMaxImageSide = 1000000;

/// Progressive JPEGs with more scans are refused: each scan is a pass over the whole picture,
/// and a handful is usual (libjpeg's own progressive files have 10).
inline constexpr int kMaxJpegScans = 500;

/// What a file's header says.
struct ImageHeader {
  ImageFormat format = ImageFormat::Png;
  std::uint32_t width = 0;   ///< px
  std::uint32_t height = 0;  ///< px
};

/// Throws LimitError (Limit::Pixels) "W x H px is over the limit of N pixels" when width x
/// height exceeds `max_pixels`.
void check_pixel_cap(std::uint64_t width, std::uint64_t height, std::uint64_t max_pixels);

/// Recognises `bytes` by their content and reads the width and height from the header. Throws
/// InputError with one line and no file name: "not an image: starts with ...", "a GIF image,
/// which tangram does not read: ...", or what is wrong with the header ("the BMP data cannot
/// be read (truncated file: ...)").
ImageHeader read_image_header(std::string_view bytes);

/// Decodes a picture in any format that is read, to the pixels cv::imdecode(IMREAD_UNCHANGED)
/// gives (8 or 16-bit samples; 1 grey, 3 BGR or 4 BGRA channels), after the checks of the file
/// comment.
/// Nothing is printed. Throws InputError (one line, no file name) or LimitError
/// (Limit::Pixels) when width x height exceeds `max_pixels`, before any pixel is decoded.
cv::Mat decode_image(std::string_view bytes, std::uint64_t max_pixels);

/// The formats pictures are written in.
enum class PictureFormat { Png };

/// The format of a picture output named `path`: from its extension, case-insensitive; "-"
/// (standard output) is PNG. Throws UsageError naming the path ("out.svg: cannot write an SVG
/// picture; pictures are written as .png (name the file so)") for any other name.
PictureFormat picture_output_format(const std::string& path);

/// Whether `path`'s extension is that of a picture format, written or not (".png", ".svg",
/// ".jpg", ...; case-insensitive): a document must not be written under such a name.
bool names_a_picture(const std::string& path);

/// Writes `image` (8-bit, 1, 3 or 4 channels) to `path` in the format its name asks for
/// (picture_output_format), completely or not at all. Throws UsageError for a name of another
/// format, OutputError when the file cannot be written.
void write_picture(const std::string& path, const cv::Mat& image);

}  // namespace tangram
