#pragma once
/// \file detail/image_formats.hpp
/// The readers behind decode_image() (image.hpp), one source file per format: src/io/
/// image_jpeg.cpp, image_tiff.cpp, image_webp.cpp, image_bmp.cpp, image_pnm.cpp (PNG: png.cpp),
/// and the byte readers and messages they share. Internal: not part of the library's interface.
///
/// Each decoder checks the data and decodes it to exactly what OpenCV 4.6's
/// cv::imdecode(IMREAD_UNCHANGED) gives for the same bytes, and throws InputError (one line,
/// no file name) for what is refused. None prints.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <opencv2/core.hpp>

#include "tangram/io/image.hpp"

namespace tangram::detail {

/// The byte at `at` of `b`, 0-255.
inline unsigned byte_at(std::string_view b, std::size_t at) {
  return static_cast<unsigned char>(b[at]);
}
/// Little- and big-endian integers at `at` of `b` (the bytes must exist).
inline std::uint32_t le16(std::string_view b, std::size_t at) {
  return byte_at(b, at) | byte_at(b, at + 1) << 8;
}
inline std::uint32_t be16(std::string_view b, std::size_t at) {
  return byte_at(b, at) << 8 | byte_at(b, at + 1);
}
inline std::uint32_t le32(std::string_view b, std::size_t at) {
  return le16(b, at) | le16(b, at + 2) << 16;
}
inline std::uint32_t be32(std::string_view b, std::size_t at) {
  return be16(b, at) << 16 | be16(b, at + 2);
}
/// Whether `b` holds `prefix` at `at`.
inline bool starts_with(std::string_view b, std::string_view prefix, std::size_t at = 0) {
  return b.size() >= at + prefix.size() && b.substr(at, prefix.size()) == prefix;
}

/// Throws InputError "the FORMAT data cannot be decoded (why)".
[[noreturn]] void unreadable(ImageFormat format, const std::string& why);
/// Throws InputError "a FORMAT with `with`, which tangram does not read: save it as PNG".
[[noreturn]] void unsupported(ImageFormat format, const std::string& with);
/// Throws unreadable(): "truncated file: the header asks for N bytes, the file has M".
[[noreturn]] void truncated(ImageFormat format, std::uint64_t needed, std::size_t size);

/// Luma of 8-bit blue, green and red as OpenCV's codecs compute it (utils.cpp: 0.299 R +
/// 0.587 G + 0.114 B in 14-bit fixed point, rounded).
inline unsigned char opencv_grey(unsigned blue, unsigned green, unsigned red) {
  constexpr int kShift = 14;
  constexpr int kRed = static_cast<int>(0.299 * (1 << kShift) + 0.5);
  constexpr int kGreen = static_cast<int>(0.587 * (1 << kShift) + 0.5);
  constexpr int kBlue = (1 << kShift) - kRed - kGreen;
  const int sum = static_cast<int>(blue) * kBlue + static_cast<int>(green) * kGreen +
                  static_cast<int>(red) * kRed;
  return static_cast<unsigned char>((sum + (1 << (kShift - 1))) >> kShift);
}

/// JPEG: the frame header's size (the markers before it are walked).
ImageHeader jpeg_header(std::string_view bytes);
/// JPEG by libjpeg(-turbo) with libjpeg's default settings, as OpenCV decodes it: grey (1
/// component), BGR (3) or BGR from CMYK (4). Any warning or error of libjpeg refuses the file.
cv::Mat decode_jpeg(std::string_view bytes, const ImageHeader& header);

/// TIFF (classic or BigTIFF): ImageWidth and ImageLength of the first directory.
ImageHeader tiff_header(std::string_view bytes);
/// TIFF by libtiff, first page, in the layouts OpenCV 4.6 reads whole (others are refused by
/// name): up to 8 bits through libtiff's RGBA reader, 16 bits from the raw strips.
cv::Mat decode_tiff(std::string_view bytes, const ImageHeader& header);

/// WebP: the RIFF header and the first chunk's frame size; animations are refused.
ImageHeader webp_header(std::string_view bytes);
/// WebP by libwebp: BGRA when the file has alpha, else BGR.
cv::Mat decode_webp(std::string_view bytes, const ImageHeader& header);

/// BMP: the file and information headers, in the layouts OpenCV reads (others are refused).
ImageHeader bmp_header(std::string_view bytes);
/// BMP, uncompressed (1, 4, 8, 16, 24 or 32 bits per pixel), decoded here.
cv::Mat decode_bmp(std::string_view bytes);

/// PBM/PGM/PPM (P1-P6): width, height and the maximum value, read as OpenCV reads them.
ImageHeader pnm_header(std::string_view bytes);
/// PBM/PGM/PPM, plain or raw, decoded here.
cv::Mat decode_pnm(std::string_view bytes);

}  // namespace tangram::detail
