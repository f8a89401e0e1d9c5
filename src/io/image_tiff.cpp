// TIFF: the first directory's size read here, the data decoded by libtiff with handlers of this
// file only (TIFFClientOpenExt), the way OpenCV 4.6's TiffDecoder (grfmt_tiff.cpp) reads the
// layouts it reads whole: samples of up to 8 bits through libtiff's RGBA reader
// (TIFFReadRGBAStrip: palettes looked up, min-is-white inverted, unassociated alpha
// premultiplied), 16-bit samples from the raw strips; the orientation tag applied. libtiff is
// opened on the first TIFF read (shared_library.hpp).

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <tiffio.h>

#include "tangram/core/base/error.hpp"
#include "tangram/io/detail/image_formats.hpp"
#include "tangram/io/detail/shared_library.hpp"

namespace tangram::detail {

namespace {

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

/// Largest single allocation libtiff may make while reading a file.
constexpr tmsize_t kTiffMaxAlloc = tmsize_t{1} << 30;

/// OpenCV reads a strip into one buffer of at most 2^24 rows that must stay under 1 GiB
/// (readData's checks).
constexpr std::uint64_t kTiffMaxStripRows = std::uint64_t{1} << 24;
constexpr std::uint64_t kTiffMaxStripBuffer = std::uint64_t{1} << 30;

/// One row of libtiff's RGBA raster (R, G, B, A packed in 32 bits) as OpenCV converts it:
/// BGRA, BGR or grey (its luma).
void tiff_rgba_row(const std::uint32_t* rgba, unsigned char* out, std::uint32_t width,
                   int channels) {
  for (std::uint32_t x = 0; x < width; ++x) {
    const std::uint32_t p = rgba[x];
    const unsigned r = TIFFGetR(p), g = TIFFGetG(p), b = TIFFGetB(p);
    if (channels == 1) {
      out[x] = opencv_grey(b, g, r);
      continue;
    }
    unsigned char* o = out + std::size_t{x} * static_cast<unsigned>(channels);
    o[0] = static_cast<unsigned char>(b);
    o[1] = static_cast<unsigned char>(g);
    o[2] = static_cast<unsigned char>(r);
    if (channels == 4) o[3] = static_cast<unsigned char>(TIFFGetA(p));
  }
}

/// One row of 16-bit samples (native order, `samples` per pixel) as OpenCV copies it: grey as
/// it is, RGB(A) with red and blue swapped.
void tiff_row16(const std::uint16_t* in, std::uint16_t* out, std::uint32_t width, int samples) {
  if (samples == 1) {
    std::memcpy(out, in, std::size_t{width} * 2);
    return;
  }
  for (std::uint32_t x = 0; x < width; ++x, in += samples, out += samples) {
    out[0] = in[2];
    out[1] = in[1];
    out[2] = in[0];
    if (samples == 4) out[3] = in[3];
  }
}

/// The functions of libtiff that decode_tiff() calls, named as in tiffio.h.
struct Libtiff {
  SharedLibrary lib{TANGRAM_TIFF_SONAME, "TIFF"};
  TANGRAM_LIBRARY_FUNCTION(lib, TIFFClientOpenExt);
  TANGRAM_LIBRARY_FUNCTION(lib, TIFFGetField);
  TANGRAM_LIBRARY_FUNCTION(lib, TIFFGetFieldDefaulted);
  TANGRAM_LIBRARY_FUNCTION(lib, TIFFIsCODECConfigured);
  TANGRAM_LIBRARY_FUNCTION(lib, TIFFIsTiled);
  TANGRAM_LIBRARY_FUNCTION(lib, TIFFNumberOfStrips);
  TANGRAM_LIBRARY_FUNCTION(lib, TIFFOpenOptionsAlloc);
  TANGRAM_LIBRARY_FUNCTION(lib, TIFFOpenOptionsFree);
  TANGRAM_LIBRARY_FUNCTION(lib, TIFFOpenOptionsSetErrorHandlerExtR);
  TANGRAM_LIBRARY_FUNCTION(lib, TIFFOpenOptionsSetMaxSingleMemAlloc);
  TANGRAM_LIBRARY_FUNCTION(lib, TIFFOpenOptionsSetWarningHandlerExtR);
  TANGRAM_LIBRARY_FUNCTION(lib, TIFFRGBAImageOK);
  TANGRAM_LIBRARY_FUNCTION(lib, TIFFReadEncodedStrip);
  TANGRAM_LIBRARY_FUNCTION(lib, TIFFReadRGBAStrip);
  TANGRAM_LIBRARY_FUNCTION(lib, TIFFStripSize);
  TANGRAM_LIBRARY_FUNCTION(lib, TIFFClose);
};

}  // namespace

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

cv::Mat decode_tiff(std::string_view b, const ImageHeader& header) {
  const ImageFormat f = ImageFormat::Tiff;
  const Libtiff& tiff = opened<Libtiff>();
  TiffSource source{b, 0, {}};
  TIFFOpenOptions* options = tiff.TIFFOpenOptionsAlloc();
  tiff.TIFFOpenOptionsSetErrorHandlerExtR(options, tiff_error, &source);
  tiff.TIFFOpenOptionsSetWarningHandlerExtR(options, tiff_warning, &source);
  tiff.TIFFOpenOptionsSetMaxSingleMemAlloc(options, kTiffMaxAlloc);
  const std::unique_ptr<TIFF, void (*)(TIFF*)> tif(
      tiff.TIFFClientOpenExt(kTiffName, "r", &source, tiff_read, tiff_write, tiff_seek, tiff_close,
                             tiff_size, tiff_map, tiff_unmap, options),
      tiff.TIFFClose);
  tiff.TIFFOpenOptionsFree(options);
  const auto fail = [&](const std::string& what) {
    unreadable(f, source.error.empty() ? what : source.error);
  };
  if (!tif) fail("not readable");
  std::uint32_t width = 0, height = 0;
  std::uint16_t photometric = 0, bits = 0, samples = 0, format = 0, planar = 0, compression = 0;
  if (!tiff.TIFFGetField(tif.get(), TIFFTAG_IMAGEWIDTH, &width) ||
      !tiff.TIFFGetField(tif.get(), TIFFTAG_IMAGELENGTH, &height) ||
      !tiff.TIFFGetField(tif.get(), TIFFTAG_PHOTOMETRIC, &photometric))
    fail("no image size or photometric interpretation");
  if (width != header.width || height != header.height) unreadable(f, "two image sizes");
  tiff.TIFFGetFieldDefaulted(tif.get(), TIFFTAG_BITSPERSAMPLE, &bits);
  tiff.TIFFGetFieldDefaulted(tif.get(), TIFFTAG_SAMPLESPERPIXEL, &samples);
  tiff.TIFFGetFieldDefaulted(tif.get(), TIFFTAG_SAMPLEFORMAT, &format);
  tiff.TIFFGetFieldDefaulted(tif.get(), TIFFTAG_PLANARCONFIG, &planar);
  tiff.TIFFGetFieldDefaulted(tif.get(), TIFFTAG_COMPRESSION, &compression);
  std::uint16_t orientation = ORIENTATION_TOPLEFT;
  tiff.TIFFGetField(tif.get(), TIFFTAG_ORIENTATION, &orientation);
  // Layouts OpenCV 4.6 reads whole (it fails on others, printing as it does).
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
  if (tiff.TIFFIsTiled(tif.get())) unsupported(f, "tiles (TIFFs in strips are read)");
  if (compression == COMPRESSION_OJPEG || !tiff.TIFFIsCODECConfigured(compression))
    unsupported(f, "compression " + std::to_string(compression));
  // OpenCV turns such a picture by 90 degrees, which gives it the other size than its header's.
  if (orientation >= ORIENTATION_LEFTTOP && orientation <= ORIENTATION_LEFTBOT)
    unsupported(f, "orientation " + std::to_string(orientation) + " (turned on its side)");
  char reason[1024] = {};
  if (!tiff.TIFFRGBAImageOK(tif.get(), reason)) unreadable(f, reason);
  std::uint32_t rows_per_strip = height;
  tiff.TIFFGetFieldDefaulted(tif.get(), TIFFTAG_ROWSPERSTRIP, &rows_per_strip);
  // OpenCV's strip buffer: RowsPerStrip rows (the height when the tag is 0 or 2^32 - 1), at
  // most 2^24 of them, under 1 GiB.
  const std::uint64_t opencv_rows =
      rows_per_strip == 0 || rows_per_strip == 0xFFFFFFFFu ? height : rows_per_strip;
  if (opencv_rows > kTiffMaxStripRows) unreadable(f, "more than 2^24 rows per strip");
  rows_per_strip = std::max<std::uint32_t>(1, std::min(rows_per_strip, height));
  const tmsize_t raw_size = tiff.TIFFStripSize(tif.get());
  if (raw_size <= 0) fail("no strip size");

  // The picture: up to 8 bits per sample from the RGBA reader (palettes as BGR), 16 bits from
  // the raw strips. Both are read whatever the depth: a file either reader fails on is refused.
  const bool sixteen = bits == 16;
  const int channels = palette ? 3 : grey ? 1 : samples;
  if (std::uint64_t{width} * opencv_rows * (sixteen ? 2u * samples : 4u) >= kTiffMaxStripBuffer)
    unreadable(f, "a strip of 1 GiB or more");
  cv::Mat image(static_cast<int>(height), static_cast<int>(width),
                CV_MAKETYPE(sixteen ? CV_16U : CV_8U, channels));
  std::vector<unsigned char> raw(static_cast<std::size_t>(raw_size));
  const std::size_t row_bytes = std::size_t{width} * samples * 2;
  for (std::uint32_t strip = 0; strip < tiff.TIFFNumberOfStrips(tif.get()); ++strip) {
    if (tiff.TIFFReadEncodedStrip(tif.get(), strip, raw.data(), raw_size) < 0)
      fail("cannot decode strip " + std::to_string(strip));
    if (!sixteen) continue;
    const std::uint32_t first = strip * rows_per_strip;
    for (std::uint32_t r = 0; r < rows_per_strip && first + r < height; ++r)
      tiff_row16(reinterpret_cast<const std::uint16_t*>(raw.data() + r * row_bytes),
                 image.ptr<std::uint16_t>(static_cast<int>(first + r)), width, samples);
  }
  // TIFFReadRGBAStrip gives a strip's rows bottom-up (and turned as the orientation asks but
  // for a vertical flip, which is OpenCV's to make).
  const bool flip_rows = orientation == ORIENTATION_BOTRIGHT || orientation == ORIENTATION_BOTLEFT;
  std::vector<std::uint32_t> rgba(std::size_t{width} * rows_per_strip);
  for (std::uint32_t y = 0; y < height; y += rows_per_strip) {
    if (!tiff.TIFFReadRGBAStrip(tif.get(), y, rgba.data()))
      fail("cannot decode the rows from " + std::to_string(y));
    if (sixteen) continue;
    const std::uint32_t rows = std::min(rows_per_strip, height - y);
    const std::uint32_t top = flip_rows ? height - y - rows : y;
    for (std::uint32_t i = 0; i < rows; ++i)
      tiff_rgba_row(rgba.data() + std::size_t{i} * width,
                    image.ptr(static_cast<int>(top + rows - i - 1)), width, channels);
  }
  if (!source.error.empty()) unreadable(f, source.error);
  // The raw samples are as stored: OpenCV turns them as the orientation asks.
  if (sixteen && orientation == ORIENTATION_TOPRIGHT) cv::flip(image, image, 1);
  if (sixteen && orientation == ORIENTATION_BOTRIGHT) cv::flip(image, image, -1);
  if (sixteen && orientation == ORIENTATION_BOTLEFT) cv::flip(image, image, 0);
  return image;
}

}  // namespace tangram::detail
