#include "tangram/io/image.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <string>
#include <utility>

#include "tangram/core/base/error.hpp"
#include "tangram/io/detail/image_formats.hpp"
#include "tangram/io/png.hpp"

namespace tangram {

namespace {

using detail::byte_at;
using detail::starts_with;

// --- Recognising a file ----------------------------------------------------------------------

/// Formats that are recognised but not read: their magic bytes (at `offset`) and what to call
/// them.
struct Refused {
  std::string_view magic;
  std::size_t offset;
  const char* name;
};

const Refused kRefused[] = {
    {"GIF87a", 0, "a GIF image"},
    {"GIF89a", 0, "a GIF image"},
    {std::string_view("\0\0\0\x0CjP  \r\n\x87\n", 12), 0, "a JPEG 2000 image"},
    {"\xFF\x4F\xFF\x51", 0, "a JPEG 2000 codestream"},
    {std::string_view("\0\0\0\x0CJXL \r\n\x87\n", 12), 0, "a JPEG XL image"},
    {"\xFF\x0A", 0, "a JPEG XL image"},
    {"\x76\x2F\x31\x01", 0, "an OpenEXR image"},
    {"#?RADIANCE", 0, "a Radiance HDR image"},
    {"#?RGBE", 0, "a Radiance HDR image"},
    {"PF\n", 0, "a PFM (floating-point) image"},
    {"Pf\n", 0, "a PFM (floating-point) image"},
    {"P7\n", 0, "a PAM image"},
    {"\x59\xA6\x6A\x95", 0, "a Sun raster image"},
    {"8BPS", 0, "a Photoshop document"},
    {"%PDF", 0, "a PDF document"},
    {"%!PS", 0, "a PostScript document"},
    {"DICM", 128, "a DICOM file"},
    {"ftypavif", 4, "an AVIF image"},
    {"ftypheic", 4, "a HEIF image"},
    {"ftypmif1", 4, "a HEIF image"},
    {"<?xml", 0, "XML text (an SVG drawing?), not a raster image"},
    {"<svg", 0, "an SVG drawing, not a raster image"},
};

/// The formats that are read, for messages.
constexpr const char* kReadFormats = "PNG, JPEG, BMP, TIFF, WebP, PBM/PGM/PPM";

/// "starts with 7B 22 66 6F ('{"fo')": the first bytes of an unknown file.
std::string first_bytes(std::string_view b) {
  const std::size_t n = std::min<std::size_t>(b.size(), 8);
  static const char kHex[] = "0123456789ABCDEF";
  std::string hex, text;
  for (std::size_t i = 0; i < n; ++i) {
    const unsigned c = byte_at(b, i);
    hex += std::string(i ? " " : "") + kHex[c >> 4] + kHex[c & 15];
    text += c >= 0x20 && c < 0x7F ? static_cast<char>(c) : '.';
  }
  return "starts with " + hex + " ('" + text + "')";
}

bool is_pnm(std::string_view b) {
  return b.size() >= 3 && b[0] == 'P' && b[1] >= '1' && b[1] <= '6' &&
         std::isspace(static_cast<unsigned char>(b[2]));
}

/// The format of `b` by its magic bytes; throws InputError for anything that is not read.
ImageFormat recognise(std::string_view b) {
  if (has_png_signature(b)) return ImageFormat::Png;
  if (starts_with(b, "\xFF\xD8\xFF")) return ImageFormat::Jpeg;
  if (starts_with(b, "BM")) return ImageFormat::Bmp;
  if (starts_with(b, "II*\0") || starts_with(b, std::string_view("MM\0*", 4)) ||
      starts_with(b, "II+\0") || starts_with(b, std::string_view("MM\0+", 4)))
    return ImageFormat::Tiff;
  if (starts_with(b, "RIFF") && starts_with(b, "WEBP", 8)) return ImageFormat::WebP;
  if (is_pnm(b)) return ImageFormat::Pnm;
  if (b.empty()) throw InputError("not an image: the file is empty");
  for (const Refused& r : kRefused)
    if (starts_with(b, r.magic, r.offset))
      throw InputError(std::string(r.name) + ", which tangram does not read (it reads " +
                       kReadFormats + "): convert it to PNG");
  throw InputError("not an image: " + first_bytes(b) + "; tangram reads " + kReadFormats);
}

// --- Decoding -------------------------------------------------------------------------------

/// OpenCV decodes no picture of more pixels (CV_IO_MAX_IMAGE_PIXELS), whatever the cap.
constexpr std::uint64_t kMaxDecodedPixels = std::uint64_t{1} << 30;

ImageHeader header_of(std::string_view b, ImageFormat format) {
  switch (format) {
    case ImageFormat::Png: break;
    case ImageFormat::Jpeg: return detail::jpeg_header(b);
    case ImageFormat::Bmp: return detail::bmp_header(b);
    case ImageFormat::Tiff: return detail::tiff_header(b);
    case ImageFormat::WebP: return detail::webp_header(b);
    case ImageFormat::Pnm: return detail::pnm_header(b);
  }
  return {};
}

/// The pixels of a file whose header was read and passed the caps.
cv::Mat decode_checked(std::string_view b, const ImageHeader& header) {
  switch (header.format) {
    case ImageFormat::Jpeg: return detail::decode_jpeg(b, header);
    case ImageFormat::Tiff: return detail::decode_tiff(b, header);
    case ImageFormat::WebP: return detail::decode_webp(b, header);
    case ImageFormat::Bmp: return detail::decode_bmp(b);
    case ImageFormat::Pnm: return detail::decode_pnm(b);
    case ImageFormat::Png: break;
  }
  return {};
}

// --- Writing ---------------------------------------------------------------------------------

/// The picture formats written, by extension (lower case). Another writer is one more line.
constexpr std::pair<std::string_view, PictureFormat> kPictureExtensions[] = {
    {".png", PictureFormat::Png},
};

/// Names of picture formats that are not written, by extension, for the refusal.
constexpr std::pair<std::string_view, std::string_view> kOtherPictureExtensions[] = {
    {".svg", "an SVG"}, {".jpg", "a JPEG"},  {".jpeg", "a JPEG"}, {".bmp", "a BMP"},
    {".tif", "a TIFF"}, {".tiff", "a TIFF"}, {".webp", "a WebP"}, {".gif", "a GIF"},
    {".pdf", "a PDF"},  {".pgm", "a PGM"},   {".ppm", "a PPM"},   {".pbm", "a PBM"},
    {".eps", "an EPS"},
};

/// The extension of `path`, lower case (".png"), empty when there is none.
std::string lower_extension(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return extension;
}

}  // namespace

void detail::unreadable(ImageFormat format, const std::string& why) {
  throw InputError("the " + std::string(image_format_name(format)) + " data cannot be decoded (" +
                   why + ")");
}

void detail::unsupported(ImageFormat format, const std::string& with) {
  throw InputError("a " + std::string(image_format_name(format)) + " with " + with +
                   ", which tangram does not read: save it as PNG");
}

void detail::truncated(ImageFormat format, std::uint64_t needed, std::size_t size) {
  unreadable(format, "truncated file: the header asks for " + std::to_string(needed) +
                         " bytes, the file has " + std::to_string(size));
}

std::string_view image_format_name(ImageFormat format) {
  switch (format) {
    case ImageFormat::Png: return "PNG";
    case ImageFormat::Jpeg: return "JPEG";
    case ImageFormat::Bmp: return "BMP";
    case ImageFormat::Tiff: return "TIFF";
    case ImageFormat::WebP: return "WebP";
    case ImageFormat::Pnm: return "PBM/PGM/PPM";
  }
  return "?";
}

void check_pixel_cap(std::uint64_t width, std::uint64_t height, std::uint64_t max_pixels) {
  if (width * height > max_pixels)
    throw LimitError(Limit::Pixels, std::to_string(width) + " x " + std::to_string(height) +
                                        " px is over the limit of " + std::to_string(max_pixels) +
                                        " pixels");
}

ImageHeader read_image_header(std::string_view bytes) {
  const ImageFormat format = recognise(bytes);
  if (format != ImageFormat::Png) return header_of(bytes, format);
  // The PNG header is IHDR, the first chunk (png.cpp checks it in full while decoding).
  if (bytes.size() < 8 + 8 + 13 || bytes.substr(12, 4) != "IHDR")
    throw InputError("the PNG data cannot be decoded (the first chunk is not IHDR)");
  return {format, detail::be32(bytes, 16), detail::be32(bytes, 20)};
}

cv::Mat decode_image(std::string_view bytes, std::uint64_t max_pixels) {
  const ImageFormat format = recognise(bytes);
  if (format == ImageFormat::Png) return decode_png(bytes, max_pixels);
  const ImageHeader header = header_of(bytes, format);
  check_pixel_cap(header.width, header.height, max_pixels);
  if (header.width > kMaxImageSide || header.height > kMaxImageSide)
    detail::unreadable(format, "image side over " + std::to_string(kMaxImageSide) + " px");
  if (std::uint64_t{header.width} * header.height > kMaxDecodedPixels)
    detail::unreadable(format, "over 2^30 pixels");
  return decode_checked(bytes, header);
}

PictureFormat picture_output_format(const std::string& path) {
  if (path == "-") return PictureFormat::Png;
  const std::string extension = lower_extension(path);
  for (const auto& [known, format] : kPictureExtensions)
    if (extension == known) return format;
  std::string written;
  for (const auto& [known, format] : kPictureExtensions)
    written += (written.empty() ? "" : " or ") + std::string(known);
  std::string what = "'" + extension + "' is not a picture format";
  if (extension.empty()) what = "no extension to choose the picture's format";
  for (const auto& [other, name] : kOtherPictureExtensions)
    if (extension == other) what = "cannot write " + std::string(name) + " picture";
  throw UsageError(path + ": " + what + "; pictures are written as " + written +
                   " (name the file so)");
}

bool names_a_picture(const std::string& path) {
  const std::string extension = lower_extension(path);
  for (const auto& [known, format] : kPictureExtensions)
    if (extension == known) return true;
  for (const auto& [other, name] : kOtherPictureExtensions)
    if (extension == other) return true;
  return false;
}

void write_picture(const std::string& path, const cv::Mat& image) {
  switch (picture_output_format(path)) {
    case PictureFormat::Png: write_png_atomic(path, image); return;
  }
}

}  // namespace tangram
