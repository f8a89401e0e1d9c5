#pragma once
/// \file png.hpp
/// PNG decoding and encoding with zlib alone, silent: every problem becomes one exception
/// message. A file is checked before anything is decoded: the header's size against the pixel
/// cap (so a decompression bomb costs nothing), the chunk layout, every CRC, and the image data
/// inflated and checked row by row (filter types, exact size). Only IHDR, PLTE, tRNS and IDAT
/// are used; ancillary chunks (colour profiles, gamma, text) are left out, unread.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <opencv2/core.hpp>

namespace tangram {

/// What a PNG header says.
struct PngHeader {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  int bit_depth = 0;    ///< 1, 2, 4, 8 or 16
  int colour_type = 0;  ///< 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA
  bool interlaced = false;
};

/// True when `bytes` start with the PNG signature.
bool has_png_signature(std::string_view bytes);

/// Decodes a PNG to the pixels cv::imdecode(IMREAD_UNCHANGED) gives (8 or 16 bit; 1 grey, 3 BGR
/// or 4 BGRA channels; grey+alpha as BGRA; palettes expanded). Throws InputError with a one-line
/// message and no file name ("not a PNG file", "the PNG data cannot be decoded (CRC error in
/// chunk IDAT)") or LimitError (Limit::Pixels) when width x height exceeds `max_pixels`.
cv::Mat decode_png(std::string_view bytes, std::uint64_t max_pixels);

/// Encodes an 8 or 16-bit image of 1 (grey), 3 (BGR) or 4 (BGRA) channels as PNG. Throws
/// OutputError for other images.
std::vector<unsigned char> encode_png(const cv::Mat& image);

/// Writes a PNG completely or not at all (write_output_file). Throws OutputError.
void write_png_atomic(const std::string& path, const cv::Mat& image);

}  // namespace tangram
