#pragma once
/// \file png.hpp
/// PNG decoding and encoding that never prints (docs/design/io.md).

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

/// Decodes as cv::imread(IMREAD_UNCHANGED) would. Throws InputError, LimitError.
cv::Mat decode_png(std::string_view bytes, std::uint64_t max_pixels);

/// Encodes an 8-bit image (1, 3 or 4 channels) as PNG. Throws OutputError.
std::vector<unsigned char> encode_png(const cv::Mat& image);

/// Writes a PNG completely or not at all (write_output_file). Throws OutputError.
void write_png_atomic(const std::string& path, const cv::Mat& image);

}  // namespace tangram
