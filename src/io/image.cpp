#include "tangram/io/image.hpp"

#include <algorithm>
#include <cctype>
#include <csetjmp>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <jpeglib.h>
#include <tiffio.h>
#include <opencv2/imgcodecs.hpp>

#include "tangram/core/base/error.hpp"
#include "tangram/io/detail/imdecode.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/png.hpp"

namespace tangram {

namespace {

// --- Bytes -----------------------------------------------------------------------------------

unsigned byte_at(std::string_view b, std::size_t at) { return static_cast<unsigned char>(b[at]); }

std::uint32_t le16(std::string_view b, std::size_t at) {
  return byte_at(b, at) | byte_at(b, at + 1) << 8;
}
std::uint32_t be16(std::string_view b, std::size_t at) {
  return byte_at(b, at) << 8 | byte_at(b, at + 1);
}
std::uint32_t le32(std::string_view b, std::size_t at) {
  return le16(b, at) | le16(b, at + 2) << 16;
}
std::uint32_t be32(std::string_view b, std::size_t at) {
  return be16(b, at) << 16 | be16(b, at + 2);
}

bool starts_with(std::string_view b, std::string_view prefix, std::size_t at = 0) {
  return b.size() >= at + prefix.size() && b.substr(at, prefix.size()) == prefix;
}

/// The one line of a file whose `format` data cannot be used.
[[noreturn]] void unreadable(ImageFormat format, const std::string& why) {
  throw InputError("the " + std::string(image_format_name(format)) + " data cannot be decoded (" +
                   why + ")");
}

/// The one line of a file in a layout of `format` that is not read: "a TIFF with 2 samples per
/// pixel, which tangram does not read: save it as PNG".
[[noreturn]] void unsupported(ImageFormat format, const std::string& with) {
  throw InputError("a " + std::string(image_format_name(format)) + " with " + with +
                   ", which tangram does not read: save it as PNG");
}

/// "truncated file: the header asks for 86050 bytes, the file has 43025".
[[noreturn]] void truncated(ImageFormat format, std::uint64_t needed, std::size_t size) {
  unreadable(format, "truncated file: the header asks for " + std::to_string(needed) +
                         " bytes, the file has " + std::to_string(size));
}

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

// --- Headers ---------------------------------------------------------------------------------

/// JPEG: the markers up to the frame header (SOFn), whose height and width are read.
ImageHeader jpeg_header(std::string_view b) {
  const ImageFormat f = ImageFormat::Jpeg;
  std::size_t at = 2;
  for (;;) {
    if (at >= b.size()) unreadable(f, "truncated file before the frame header");
    if (byte_at(b, at) != 0xFF) unreadable(f, "no marker where one is expected");
    while (at < b.size() && byte_at(b, at) == 0xFF) ++at;  // fill bytes
    if (at >= b.size()) unreadable(f, "truncated file before the frame header");
    const unsigned marker = byte_at(b, at++);
    if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) continue;  // no length
    if (marker == 0xD8 || marker == 0xD9 || marker == 0xDA || marker == 0x00)
      unreadable(f, "no frame header before the image data");
    if (b.size() - at < 2) unreadable(f, "truncated file before the frame header");
    const std::size_t length = be16(b, at);
    if (length < 2 || length > b.size() - at) unreadable(f, "truncated or bad marker segment");
    const bool frame =
        marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    if (frame) {
      if (length < 8) unreadable(f, "frame header too short");
      ImageHeader header{f, be16(b, at + 5), be16(b, at + 3)};
      if (header.height == 0)
        unreadable(f, "the height is left to a DNL marker, which is not supported");
      if (header.width == 0) unreadable(f, "zero image width");
      return header;
    }
    at += length;
  }
}

/// BMP layouts OpenCV reads: bits per pixel and compression (0 none, 3 bit fields).
bool bmp_layout_read(int bpp, std::uint32_t compression) {
  if (compression == 0)
    return bpp == 1 || bpp == 4 || bpp == 8 || bpp == 16 || bpp == 24 || bpp == 32;
  if (compression == 3) return bpp == 16 || bpp == 32;
  return false;
}

/// What a BMP's headers say.
struct BmpLayout {
  ImageHeader header;
  std::uint64_t data_offset = 0;    ///< where the pixel rows start
  std::uint64_t header_end = 0;     ///< end of the information header
  std::uint64_t palette_bytes = 0;  ///< palette (or colour masks) after the header
  std::uint64_t pitch = 0;          ///< bytes per row, padded to 4
};

/// BMP: the file header and the information header (40 bytes or more, or OS/2's 12), read as
/// OpenCV reads them (grfmt_bmp.cpp); only layouts OpenCV decodes pass.
BmpLayout bmp_layout(std::string_view b) {
  const ImageFormat f = ImageFormat::Bmp;
  if (b.size() < 18) truncated(f, 18, b.size());
  BmpLayout layout;
  layout.data_offset = le32(b, 10);
  const std::uint32_t info = le32(b, 14);
  if (layout.data_offset > 0x7FFFFFFFu || info > 0x7FFFFFFFu)
    unreadable(f, "header values out of range");
  layout.header_end = 14 + std::uint64_t{info};
  std::int64_t width = 0, height = 0;
  int bpp = 0;
  if (info >= 36) {
    if (b.size() < 50) truncated(f, 50, b.size());
    width = static_cast<std::int32_t>(le32(b, 18));
    height = static_cast<std::int32_t>(le32(b, 22));
    bpp = static_cast<int>(le16(b, 28));
    const std::uint32_t compression = le32(b, 30);
    if (compression == 1 || compression == 2)
      throw InputError(
          "a run-length-encoded BMP, which tangram does not read: save it "
          "uncompressed or as PNG");
    if (!bmp_layout_read(bpp, compression))
      unsupported(f, std::to_string(bpp) + " bits per pixel and compression " +
                         std::to_string(compression));
    const std::uint32_t colours = le32(b, 46);
    if (bpp <= 8) {
      if (colours > 256) unreadable(f, "a palette of " + std::to_string(colours) + " colours");
      layout.palette_bytes = 4 * std::uint64_t{colours == 0 ? 1u << bpp : colours};
    } else if (bpp == 16 && compression == 3) {
      layout.palette_bytes = 12;  // the red, green and blue masks, checked with the data
    }
  } else if (info == 12) {  // OS/2 1.x: 16-bit sides, 3-byte palette entries
    if (b.size() < 26) truncated(f, 26, b.size());
    width = le16(b, 18);
    height = le16(b, 20);
    bpp = static_cast<int>(le16(b, 24));
    if (bpp != 1 && bpp != 4 && bpp != 8 && bpp != 24 && bpp != 32)
      unsupported(f, std::to_string(bpp) + " bits per pixel");
    if (bpp <= 8) layout.palette_bytes = 3 * (std::uint64_t{1} << bpp);
  } else {
    unreadable(f, "unknown information header of " + std::to_string(info) + " bytes");
  }
  if (width <= 0 || height == 0) unreadable(f, "zero or negative image size");
  const std::uint64_t rows = static_cast<std::uint64_t>(height < 0 ? -height : height);
  if (static_cast<std::uint64_t>(width) > kMaxImageSide || rows > kMaxImageSide)
    unreadable(f, "image side over " + std::to_string(kMaxImageSide) + " px");
  layout.header = {f, static_cast<std::uint32_t>(width), static_cast<std::uint32_t>(rows)};
  layout.pitch = ((static_cast<std::uint64_t>(width) * bpp + 7) / 8 + 3) & ~3ull;
  return layout;
}

/// The rest of a BMP: every byte OpenCV will read (palette or masks, then the pixel rows) is in
/// the file, and 16-bit masks are ones it decodes.
void check_bmp_data(std::string_view b, const BmpLayout& layout) {
  const ImageFormat f = ImageFormat::Bmp;
  const std::uint64_t palette_end = layout.header_end + layout.palette_bytes;
  if (palette_end > b.size()) truncated(f, palette_end, b.size());
  if (layout.palette_bytes == 12) {
    const std::uint32_t red = le32(b, layout.header_end), green = le32(b, layout.header_end + 4),
                        blue = le32(b, layout.header_end + 8);
    const bool rgb555 = red == 0x7C00 && green == 0x3E0 && blue == 0x1F;
    const bool rgb565 = red == 0xF800 && green == 0x7E0 && blue == 0x1F;
    if (!rgb555 && !rgb565) unsupported(f, "16-bit colour masks other than 5-5-5 or 5-6-5");
  }
  const std::uint64_t end = layout.data_offset + layout.pitch * layout.header.height;
  if (end > b.size()) truncated(f, end, b.size());
}

/// Netpbm text as OpenCV's ReadNumber() takes it (grfmt_pxm.cpp): whitespace and '#' comments
/// (to the end of the line) before a number, then its digits (at most `max_digits`, 0 = any),
/// then, unless the digit limit stopped it, one more byte. Every byte taken must exist.
class PnmReader {
public:
  explicit PnmReader(std::string_view b) : b_(b) {}

  /// The next number, or nullopt with the reason in `problem` when OpenCV's reader would fail.
  std::optional<std::uint32_t> number(int max_digits = 0) {
    int c = next();
    while (c >= 0 && !std::isdigit(c)) {
      if (c == '#') {
        do c = next();
        while (c >= 0 && c != '\n' && c != '\r');
        if (c >= 0) c = next();
      } else if (std::isspace(c)) {
        while (c >= 0 && std::isspace(c)) c = next();
      } else {
        problem = "unexpected character " + std::to_string(c) + " where a number is expected";
        return std::nullopt;
      }
    }
    if (c < 0) return end();
    std::uint64_t value = 0;
    int digits = 0;
    for (;;) {
      value = value * 10 + static_cast<std::uint64_t>(c - '0');
      if (value > 0x7FFFFFFFu) {
        problem = "a number too large";
        return std::nullopt;
      }
      if (max_digits != 0 && ++digits >= max_digits) break;
      c = next();
      if (c < 0) return end();
      if (!std::isdigit(c)) break;
    }
    return static_cast<std::uint32_t>(value);
  }

  std::size_t position() const { return at_; }
  std::string problem;

private:
  int next() { return at_ < b_.size() ? static_cast<int>(byte_at(b_, at_++)) : (++at_, -1); }
  std::optional<std::uint32_t> end() {
    problem = "truncated file";
    return std::nullopt;
  }
  std::string_view b_;
  std::size_t at_ = 0;
};

/// What a PBM/PGM/PPM header says.
struct PnmLayout {
  ImageHeader header;
  int kind = 0;              ///< 1-6 (P1-P6): 1-3 plain, 4-6 raw; 1/4 bitmap, 2/5 grey, 3/6 colour
  std::uint32_t maxval = 0;  ///< largest sample value
  std::uint64_t data_start = 0;  ///< where the data starts, as OpenCV's reader finds it
};

/// PBM/PGM/PPM: P1-P6, width, height and (but for bitmaps) the maximum value.
PnmLayout pnm_layout(std::string_view b) {
  const ImageFormat f = ImageFormat::Pnm;
  PnmLayout layout;
  layout.kind = b[1] - '0';
  PnmReader in(b.substr(2));
  const auto width = in.number(), height = width ? in.number() : std::nullopt;
  const bool bitmap = layout.kind == 1 || layout.kind == 4;
  const auto maxval = !height  ? std::nullopt
                      : bitmap ? std::optional<std::uint32_t>(1)
                               : in.number();
  if (!maxval) unreadable(f, "header: " + in.problem);
  if (*width == 0 || *height == 0) unreadable(f, "zero image size");
  if (*maxval == 0 || *maxval > 65535)
    unreadable(f, "maximum value " + std::to_string(*maxval) + " (1-65535 expected)");
  if (*width > kMaxImageSide || *height > kMaxImageSide)
    unreadable(f, "image side over " + std::to_string(kMaxImageSide) + " px");
  layout.header = {f, *width, *height};
  layout.maxval = *maxval;
  layout.data_start = 2 + in.position();
  return layout;
}

/// The data of a PBM/PGM/PPM: raw rows that must all be in the file, or, for the plain
/// formats, one number per sample, each as OpenCV reads it.
void check_pnm_data(std::string_view b, const PnmLayout& layout) {
  const ImageFormat f = ImageFormat::Pnm;
  const bool bitmap = layout.kind == 1 || layout.kind == 4;
  const std::uint64_t width = layout.header.width, height = layout.header.height;
  const std::uint64_t channels = layout.kind % 3 == 0 ? 3 : 1;
  if (layout.kind >= 4) {
    const std::uint64_t bytes_per_sample = layout.maxval > 255 ? 2 : 1;
    const std::uint64_t pitch = bitmap ? (width + 7) / 8 : width * channels * bytes_per_sample;
    if (layout.data_start + pitch * height > b.size())
      truncated(f, layout.data_start + pitch * height, b.size());
    return;
  }
  PnmReader in(b.substr(layout.data_start));
  const std::uint64_t samples = width * height * channels;
  for (std::uint64_t i = 0; i < samples; ++i)
    if (!in.number(bitmap ? 1 : 0))
      unreadable(f, "sample " + std::to_string(i + 1) + " of " + std::to_string(samples) + ": " +
                        in.problem);
}

/// WebP: the RIFF header and the first chunk's frame size. OpenCV recognises a WebP by
/// libwebp's WebPGetFeatures on the first 32 bytes, so a shorter file is not one.
ImageHeader webp_header(std::string_view b) {
  const ImageFormat f = ImageFormat::WebP;
  if (b.size() < 32) truncated(f, 32, b.size());
  const std::string_view chunk = b.substr(12, 4);
  ImageHeader header{f, 0, 0};
  if (chunk == "VP8 ") {
    if ((byte_at(b, 20) & 1) != 0 || !starts_with(b, "\x9D\x01\x2A", 23))
      unreadable(f, "not a key frame");
    header.width = le16(b, 26) & 0x3FFF;
    header.height = le16(b, 28) & 0x3FFF;
  } else if (chunk == "VP8L") {
    if (byte_at(b, 20) != 0x2F) unreadable(f, "bad lossless signature");
    const std::uint32_t bits = le32(b, 21);
    header.width = (bits & 0x3FFF) + 1;
    header.height = ((bits >> 14) & 0x3FFF) + 1;
  } else if (chunk == "VP8X") {
    if ((byte_at(b, 20) & 0x02) != 0)
      throw InputError("an animated WebP, which tangram does not read: save one frame as PNG");
    header.width = (le32(b, 24) & 0xFFFFFF) + 1;
    header.height = (le32(b, 27) & 0xFFFFFF) + 1;
  } else {
    unreadable(f, "unknown first chunk");
  }
  if (header.width == 0 || header.height == 0) unreadable(f, "zero image size");
  return header;
}

/// TIFF (classic or BigTIFF): ImageWidth and ImageLength of the first directory.
ImageHeader tiff_header(std::string_view b) {
  const ImageFormat f = ImageFormat::Tiff;
  const bool little = b[0] == 'I';
  const bool big = byte_at(b, little ? 2 : 3) == 0x2B;
  const auto u16 = [&](std::size_t at) { return little ? le16(b, at) : be16(b, at); };
  const auto u32 = [&](std::size_t at) { return little ? le32(b, at) : be32(b, at); };
  const auto u64 = [&](std::size_t at) -> std::uint64_t {
    const std::uint64_t lo = u32(at), hi = u32(at + 4);
    return little ? lo | hi << 32 : hi | lo << 32;
  };
  const std::size_t head = big ? 16 : 8;
  if (b.size() < head) truncated(f, head, b.size());
  if (big && (u16(4) != 8 || u16(6) != 0)) unreadable(f, "bad BigTIFF header");
  const std::uint64_t ifd = big ? u64(8) : u32(4);
  const std::size_t count_bytes = big ? 8 : 2, entry_bytes = big ? 20 : 12;
  if (ifd > b.size() || b.size() - ifd < count_bytes) unreadable(f, "no first directory");
  const std::uint64_t entries = big ? u64(ifd) : u16(ifd);
  if (entries > (b.size() - ifd - count_bytes) / entry_bytes)
    truncated(f, ifd + count_bytes + entries * entry_bytes, b.size());
  ImageHeader header{f, 0, 0};
  for (std::uint64_t i = 0; i < entries; ++i) {
    const std::size_t at = ifd + count_bytes + i * entry_bytes;
    const std::uint32_t tag = u16(at), type = u16(at + 2);
    const std::uint64_t count = big ? u64(at + 4) : u32(at + 4);
    const std::size_t value = at + (big ? 12 : 8);
    if ((tag != 256 && tag != 257) || count != 1) continue;
    std::uint64_t v = 0;
    if (type == 3)
      v = u16(value);  // SHORT
    else if (type == 4)
      v = u32(value);  // LONG
    else if (type == 16 && big)
      v = u64(value);  // LONG8
    else
      continue;
    if (v > kMaxImageSide)
      unreadable(f, "image side over " + std::to_string(kMaxImageSide) + " px");
    (tag == 256 ? header.width : header.height) = static_cast<std::uint32_t>(v);
  }
  if (header.width == 0 || header.height == 0)
    unreadable(f, "no image width or height in the first directory");
  return header;
}

// --- Checking the data with the format's own library, silently -------------------------------

/// libjpeg's error manager, keeping the first message instead of printing it.
struct JpegState {
  jpeg_error_mgr errors;  // first: libjpeg hands back a pointer to it
  jpeg_progress_mgr progress;
  std::jmp_buf jump;
  char message[JMSG_LENGTH_MAX] = {};
  int warnings = 0;
};

void jpeg_fail(j_common_ptr cinfo) {
  auto* state = reinterpret_cast<JpegState*>(cinfo->err);
  (*cinfo->err->format_message)(cinfo, state->message);
  std::longjmp(state->jump, 1);
}

void jpeg_emit(j_common_ptr cinfo, int level) {
  if (level >= 0) return;  // trace messages
  auto* state = reinterpret_cast<JpegState*>(cinfo->err);
  if (state->warnings++ == 0) (*cinfo->err->format_message)(cinfo, state->message);
}

void jpeg_quiet(j_common_ptr) {}

void jpeg_count_scans(j_common_ptr cinfo) {
  const auto* d = reinterpret_cast<j_decompress_ptr>(cinfo);
  if (d->input_scan_number <= kMaxJpegScans) return;
  auto* state = reinterpret_cast<JpegState*>(cinfo->err);
  std::snprintf(state->message, sizeof state->message, "more than %d progressive scans",
                kMaxJpegScans);
  std::longjmp(state->jump, 1);
}

/// Decodes the whole JPEG once, as OpenCV will (grey, RGB or CMYK out); returns the first
/// warning or error, empty when there was none.
std::string jpeg_problem(std::string_view b, const ImageHeader& header) {
  // Everything with a destructor is made before setjmp: a longjmp must not skip one.
  JpegState state;
  jpeg_decompress_struct cinfo{};
  std::vector<JSAMPLE> row(std::size_t{header.width} * 4);
  JSAMPROW rows[1] = {row.data()};
  std::string problem;
  cinfo.err = jpeg_std_error(&state.errors);
  state.errors.error_exit = jpeg_fail;
  state.errors.emit_message = jpeg_emit;
  state.errors.output_message = jpeg_quiet;
  state.progress.progress_monitor = jpeg_count_scans;
  if (setjmp(state.jump) != 0) {
    jpeg_destroy_decompress(&cinfo);
    return state.message;
  }
  jpeg_create_decompress(&cinfo);
  cinfo.progress = &state.progress;
  jpeg_mem_src(&cinfo, reinterpret_cast<const unsigned char*>(b.data()),
               static_cast<unsigned long>(b.size()));
  jpeg_read_header(&cinfo, TRUE);
  if (cinfo.image_width != header.width || cinfo.image_height != header.height)
    problem = "two frame sizes";
  else if (cinfo.num_components == 1)
    cinfo.out_color_space = JCS_GRAYSCALE;
  else if (cinfo.num_components == 3)
    cinfo.out_color_space = JCS_RGB;
  else if (cinfo.num_components == 4)
    cinfo.out_color_space = JCS_CMYK;
  else
    problem = std::to_string(cinfo.num_components) + " colour components (1, 3 or 4 are read)";
  if (problem.empty()) {
    jpeg_start_decompress(&cinfo);
    while (cinfo.output_scanline < cinfo.output_height) jpeg_read_scanlines(&cinfo, rows, 1);
    jpeg_finish_decompress(&cinfo);
    if (state.warnings > 0) problem = state.message;
  }
  jpeg_destroy_decompress(&cinfo);
  return problem;
}

/// A TIFF file in memory for libtiff, with the first error libtiff reports.
struct TiffSource {
  std::string_view bytes;
  toff_t position = 0;
  std::string error;
};

tmsize_t tiff_read(thandle_t handle, void* buffer, tmsize_t n) {
  auto* s = static_cast<TiffSource*>(handle);
  if (n <= 0 || s->position >= s->bytes.size()) return 0;
  const auto count = std::min<toff_t>(static_cast<toff_t>(n), s->bytes.size() - s->position);
  std::memcpy(buffer, s->bytes.data() + s->position, count);
  s->position += count;
  return static_cast<tmsize_t>(count);
}

tmsize_t tiff_write(thandle_t, void*, tmsize_t) { return 0; }

toff_t tiff_seek(thandle_t handle, toff_t offset, int whence) {
  auto* s = static_cast<TiffSource*>(handle);
  const toff_t base = whence == SEEK_CUR ? s->position : whence == SEEK_END ? s->bytes.size() : 0;
  s->position = base + offset;
  return s->position;
}

int tiff_close(thandle_t) { return 0; }

toff_t tiff_size(thandle_t handle) { return static_cast<TiffSource*>(handle)->bytes.size(); }

int tiff_map(thandle_t handle, void** base, toff_t* size) {
  auto* s = static_cast<TiffSource*>(handle);
  *base = const_cast<char*>(s->bytes.data());
  *size = s->bytes.size();
  return 1;
}

void tiff_unmap(thandle_t, void*, toff_t) {}

/// The name libtiff is given for the file (and leaves out of messages).
constexpr const char* kTiffName = "TIFF";

int tiff_error(TIFF*, void* user, const char* module, const char* format, va_list args) {
  auto* s = static_cast<TiffSource*>(user);
  if (s->error.empty()) {
    char text[512];
    std::vsnprintf(text, sizeof text, format, args);
    const bool named = module && *module && std::strcmp(module, kTiffName) != 0;
    s->error = (named ? std::string(module) + ": " : std::string()) + text;
  }
  return 1;  // handled: libtiff's global handler (stderr) is not called
}

int tiff_warning(TIFF*, void*, const char*, const char*, va_list) { return 1; }

/// Largest single allocation libtiff may make while checking a file.
constexpr tmsize_t kTiffMaxAlloc = tmsize_t{1} << 30;

/// Opens the TIFF with this file's own silent handlers, checks that its layout is one OpenCV
/// reads (throws InputError otherwise) and decodes every strip, raw and as RGBA (OpenCV uses
/// one or the other); returns the problem, empty when there is none.
std::string tiff_problem(std::string_view b, const ImageHeader& header) {
  TiffSource source{b, 0, {}};
  TIFFOpenOptions* options = TIFFOpenOptionsAlloc();
  TIFFOpenOptionsSetErrorHandlerExtR(options, tiff_error, &source);
  TIFFOpenOptionsSetWarningHandlerExtR(options, tiff_warning, &source);
  TIFFOpenOptionsSetMaxSingleMemAlloc(options, kTiffMaxAlloc);
  const std::unique_ptr<TIFF, void (*)(TIFF*)> tif(
      TIFFClientOpenExt(kTiffName, "r", &source, tiff_read, tiff_write, tiff_seek, tiff_close,
                        tiff_size, tiff_map, tiff_unmap, options),
      TIFFClose);
  TIFFOpenOptionsFree(options);
  const auto failed = [&](const std::string& what) {
    return source.error.empty() ? what : source.error;
  };
  if (!tif) return failed("not readable");
  std::uint32_t width = 0, height = 0;
  std::uint16_t photometric = 0, bits = 0, samples = 0, format = 0, planar = 0, compression = 0;
  if (!TIFFGetField(tif.get(), TIFFTAG_IMAGEWIDTH, &width) ||
      !TIFFGetField(tif.get(), TIFFTAG_IMAGELENGTH, &height) ||
      !TIFFGetField(tif.get(), TIFFTAG_PHOTOMETRIC, &photometric))
    return failed("no image size or photometric interpretation");
  if (width != header.width || height != header.height) return "two image sizes";
  TIFFGetFieldDefaulted(tif.get(), TIFFTAG_BITSPERSAMPLE, &bits);
  TIFFGetFieldDefaulted(tif.get(), TIFFTAG_SAMPLESPERPIXEL, &samples);
  TIFFGetFieldDefaulted(tif.get(), TIFFTAG_SAMPLEFORMAT, &format);
  TIFFGetFieldDefaulted(tif.get(), TIFFTAG_PLANARCONFIG, &planar);
  TIFFGetFieldDefaulted(tif.get(), TIFFTAG_COMPRESSION, &compression);
  // Layouts OpenCV 4.6 reads whole (it fails on others, printing as it does).
  const ImageFormat f = ImageFormat::Tiff;
  const bool palette = photometric == PHOTOMETRIC_PALETTE;
  const bool grey = photometric == PHOTOMETRIC_MINISWHITE || photometric == PHOTOMETRIC_MINISBLACK;
  if (!grey && !palette && photometric != PHOTOMETRIC_RGB)
    unsupported(f, "photometric interpretation " + std::to_string(photometric) +
                       " (grey, palette or RGB are read)");
  if (!(bits == 8 || (bits == 1 && !palette) || (bits == 16 && !palette)))
    unsupported(f, std::to_string(bits) + "-bit samples" + (palette ? " and a palette" : ""));
  if (format != SAMPLEFORMAT_UINT) unsupported(f, "samples that are not unsigned integers");
  if (!((grey || palette) ? samples == 1 : samples == 3 || samples == 4))
    unsupported(f, std::to_string(samples) + " samples per pixel");
  if (planar != PLANARCONFIG_CONTIG) unsupported(f, "separate colour planes");
  if (TIFFIsTiled(tif.get())) unsupported(f, "tiles (TIFFs in strips are read)");
  if (compression == COMPRESSION_OJPEG || !TIFFIsCODECConfigured(compression))
    unsupported(f, "compression " + std::to_string(compression));
  char reason[1024] = {};
  if (!TIFFRGBAImageOK(tif.get(), reason)) return reason;
  std::uint32_t rows_per_strip = height;
  TIFFGetFieldDefaulted(tif.get(), TIFFTAG_ROWSPERSTRIP, &rows_per_strip);
  rows_per_strip = std::max<std::uint32_t>(1, std::min(rows_per_strip, height));
  const tmsize_t raw_size = TIFFStripSize(tif.get());
  if (raw_size <= 0) return failed("no strip size");
  std::vector<unsigned char> raw(static_cast<std::size_t>(raw_size));
  for (std::uint32_t strip = 0; strip < TIFFNumberOfStrips(tif.get()); ++strip)
    if (TIFFReadEncodedStrip(tif.get(), strip, raw.data(), raw_size) < 0)
      return failed("cannot decode strip " + std::to_string(strip));
  std::vector<std::uint32_t> rgba(std::size_t{width} * rows_per_strip);
  for (std::uint32_t y = 0; y < height; y += rows_per_strip)
    if (!TIFFReadRGBAStrip(tif.get(), y, rgba.data()))
      return failed("cannot decode the rows from " + std::to_string(y));
  return source.error;
}

ImageHeader header_of(std::string_view b, ImageFormat format) {
  switch (format) {
    case ImageFormat::Png: break;
    case ImageFormat::Jpeg: return jpeg_header(b);
    case ImageFormat::Bmp: return bmp_layout(b).header;
    case ImageFormat::Tiff: return tiff_header(b);
    case ImageFormat::WebP: return webp_header(b);
    case ImageFormat::Pnm: return pnm_layout(b).header;
  }
  return {};
}

/// What is wrong with the data of a file whose header was read, empty when nothing is.
std::string data_problem(std::string_view b, const ImageHeader& header) {
  switch (header.format) {
    case ImageFormat::Jpeg: return jpeg_problem(b, header);
    case ImageFormat::Tiff: return tiff_problem(b, header);
    case ImageFormat::Bmp: check_bmp_data(b, bmp_layout(b)); break;
    case ImageFormat::Pnm: check_pnm_data(b, pnm_layout(b)); break;
    case ImageFormat::Png:
    case ImageFormat::WebP: break;
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

cv::Mat detail::imdecode_checked(std::string_view bytes, std::string_view format) {
  const auto failed = [&](const std::string& why) {
    return InputError("the " + std::string(format) + " data cannot be decoded (" + why + ")");
  };
  cv::Mat image;
  try {
    const cv::Mat1b buffer(1, static_cast<int>(bytes.size()),
                           reinterpret_cast<uchar*>(const_cast<char*>(bytes.data())));
    image = cv::imdecode(buffer, cv::IMREAD_UNCHANGED);
  } catch (const cv::Exception& e) {
    throw failed("the decoder failed: " + e.err);
  }
  if (image.empty()) throw failed("the decoder failed");
  if (image.depth() != CV_8U && image.depth() != CV_16U) throw failed("unsupported sample format");
  return image;
}

ImageHeader read_image_header(std::string_view bytes) {
  const ImageFormat format = recognise(bytes);
  if (format != ImageFormat::Png) return header_of(bytes, format);
  // The PNG header is IHDR, the first chunk (png.cpp checks it in full while decoding).
  if (bytes.size() < 8 + 8 + 13 || bytes.substr(12, 4) != "IHDR")
    throw InputError("the PNG data cannot be decoded (the first chunk is not IHDR)");
  return {format, be32(bytes, 16), be32(bytes, 20)};
}

cv::Mat decode_image(std::string_view bytes, std::uint64_t max_pixels) {
  const ImageFormat format = recognise(bytes);
  if (format == ImageFormat::Png) return decode_png(bytes, max_pixels);
  const ImageHeader header = header_of(bytes, format);
  check_pixel_cap(header.width, header.height, max_pixels);
  if (header.width > kMaxImageSide || header.height > kMaxImageSide)
    unreadable(format, "image side over " + std::to_string(kMaxImageSide) + " px");
  const std::string problem = data_problem(bytes, header);
  if (!problem.empty()) unreadable(format, problem);
  const cv::Mat image = detail::imdecode_checked(bytes, image_format_name(format));
  if (image.cols != static_cast<int>(header.width) || image.rows != static_cast<int>(header.height))
    unreadable(format, "the decoded size differs from the header's");
  return image;
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
