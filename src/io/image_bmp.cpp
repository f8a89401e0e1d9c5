// BMP: headers, checks and pixels read here, the way OpenCV 4.6's BmpDecoder (grfmt_bmp.cpp)
// reads them: what OpenCV decodes (uncompressed, 1-32 bits per pixel, 5-5-5 and 5-6-5 bit
// fields) and nothing else; palettes of greys give grey pictures, 32 bits with bit fields BGRA
// (the bytes as stored, whatever the masks), the rest BGR (32 bits without bit fields too, the
// fourth byte dropped); OS/2 bitmaps grey, as OpenCV never takes them for colour.

#include <array>
#include <cstddef>
#include <cstring>
#include <string>

#include "tangram/core/base/error.hpp"
#include "tangram/io/detail/image_formats.hpp"

namespace tangram::detail {

namespace {

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
  int bpp = 0;
  std::uint32_t compression = 0;
  bool os2 = false;                 ///< OS/2 1.x header (12 bytes)
  bool top_down = false;            ///< rows stored top first (a negative height)
  std::uint64_t data_offset = 0;    ///< where the pixel rows start
  std::uint64_t header_end = 0;     ///< end of the information header
  std::uint64_t palette_bytes = 0;  ///< palette (or colour masks) after the header
  std::uint64_t pitch = 0;          ///< bytes per row, padded to 4
};

/// BMP: the file header and the information header (40 bytes or more, or OS/2's 12), read as
/// OpenCV reads them; only layouts OpenCV decodes pass.
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
    layout.compression = le32(b, 30);
    if (layout.compression == 1 || layout.compression == 2)
      throw InputError(
          "a run-length-encoded BMP, which tangram does not read: save it "
          "uncompressed or as PNG");
    if (!bmp_layout_read(bpp, layout.compression))
      unsupported(f, std::to_string(bpp) + " bits per pixel and compression " +
                         std::to_string(layout.compression));
    const std::uint32_t colours = le32(b, 46);
    if (bpp <= 8) {
      if (colours > 256) unreadable(f, "a palette of " + std::to_string(colours) + " colours");
      layout.palette_bytes = 4 * std::uint64_t{colours == 0 ? 1u << bpp : colours};
    } else if (bpp == 16 && layout.compression == 3) {
      layout.palette_bytes = 12;  // the red, green and blue masks, checked with the data
    }
  } else if (info == 12) {  // OS/2 1.x: 16-bit sides, 3-byte palette entries
    if (b.size() < 26) truncated(f, 26, b.size());
    layout.os2 = true;
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
  layout.bpp = bpp;
  layout.top_down = height < 0;
  layout.pitch = ((static_cast<std::uint64_t>(width) * bpp + 7) / 8 + 3) & ~3ull;
  return layout;
}

/// The rest of a BMP: every byte OpenCV will read (palette or masks, then the pixel rows) is in
/// the file, and 16-bit masks are ones it decodes. Returns whether 16 bits are 5-6-5.
bool check_bmp_data(std::string_view b, const BmpLayout& layout) {
  const ImageFormat f = ImageFormat::Bmp;
  const std::uint64_t palette_end = layout.header_end + layout.palette_bytes;
  if (palette_end > b.size()) truncated(f, palette_end, b.size());
  bool rgb565 = false;
  if (layout.palette_bytes == 12) {
    const std::uint32_t red = le32(b, layout.header_end), green = le32(b, layout.header_end + 4),
                        blue = le32(b, layout.header_end + 8);
    const bool rgb555 = red == 0x7C00 && green == 0x3E0 && blue == 0x1F;
    rgb565 = red == 0xF800 && green == 0x7E0 && blue == 0x1F;
    if (!rgb555 && !rgb565) unsupported(f, "16-bit colour masks other than 5-5-5 or 5-6-5");
  }
  const std::uint64_t end = layout.data_offset + layout.pitch * layout.header.height;
  if (end > b.size()) truncated(f, end, b.size());
  return rgb565;
}

/// A palette entry: blue, green, red.
using BmpColour = std::array<unsigned char, 3>;

}  // namespace

ImageHeader bmp_header(std::string_view b) { return bmp_layout(b).header; }

cv::Mat decode_bmp(std::string_view b) {
  const BmpLayout layout = bmp_layout(b);
  const bool rgb565 = check_bmp_data(b, layout);
  const int bpp = layout.bpp;
  // The palette, 256 entries, black past those in the file (OpenCV's, zeroed first).
  std::array<BmpColour, 256> palette{};
  const std::size_t entry = layout.os2 ? 3 : 4;
  for (std::size_t i = 0; i < layout.palette_bytes / entry && bpp <= 8; ++i)
    for (std::size_t c = 0; c < 3; ++c)
      palette[i][c] = static_cast<unsigned char>(b[layout.header_end + i * entry + c]);
  // Colour unless a palette of greys (the 2^bpp entries it can index) or an OS/2 header.
  bool colour = !layout.os2;
  if (colour && bpp <= 8) {
    colour = false;
    for (std::size_t i = 0; i < (std::size_t{1} << bpp); ++i)
      colour = colour || palette[i][0] != palette[i][1] || palette[i][0] != palette[i][2];
  }
  const int channels = !colour ? 1 : bpp == 32 && layout.compression == 3 ? 4 : 3;
  const int width = static_cast<int>(layout.header.width);
  const int height = static_cast<int>(layout.header.height);
  cv::Mat image(height, width, CV_8UC(channels));
  for (int y = 0; y < height; ++y) {
    const auto* row = reinterpret_cast<const unsigned char*>(b.data() + layout.data_offset +
                                                             layout.pitch * std::uint64_t(y));
    unsigned char* out = image.ptr(layout.top_down ? y : height - 1 - y);
    for (int x = 0; x < width; ++x) {
      // Blue, green, red (and the fourth byte of 32 bits) of pixel x.
      unsigned char bgra[4] = {0, 0, 0, 0};
      if (bpp <= 8) {
        const int per_byte = 8 / bpp, shift = 8 - bpp * (x % per_byte + 1);
        const unsigned index = (row[x / per_byte] >> shift) & ((1u << bpp) - 1);
        std::memcpy(bgra, palette[index].data(), 3);
      } else if (bpp == 16) {
        const std::ptrdiff_t at = 2 * static_cast<std::ptrdiff_t>(x);
        const unsigned v = row[at] | row[at + 1] << 8;
        bgra[0] = static_cast<unsigned char>((v << 3) & 0xF8);
        bgra[1] = static_cast<unsigned char>(rgb565 ? (v >> 3) & 0xFC : (v >> 2) & 0xF8);
        bgra[2] = static_cast<unsigned char>(rgb565 ? (v >> 8) & 0xF8 : (v >> 7) & 0xF8);
      } else {
        std::memcpy(bgra, row + static_cast<std::ptrdiff_t>(x) * (bpp / 8),
                    static_cast<std::size_t>(bpp / 8));
      }
      if (channels == 1)
        out[x] = opencv_grey(bgra[0], bgra[1], bgra[2]);
      else
        std::memcpy(out + static_cast<std::ptrdiff_t>(x) * channels, bgra,
                    static_cast<std::size_t>(channels));
    }
  }
  return image;
}

}  // namespace tangram::detail
