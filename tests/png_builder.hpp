#pragma once
// PNG files built chunk by chunk, for tests of the decoder: any colour type, bit depth and
// interlacing, extra or broken chunks, and decompression bombs written without holding the
// image in memory.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <zlib.h>

namespace tangram::test {

inline void put_u32(std::string& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((v >> shift) & 0xFF);
}

/// A chunk with its length and CRC; `crc_xor` != 0 breaks the CRC.
inline std::string png_chunk(const std::string& type, const std::string& data,
                             std::uint32_t crc_xor = 0) {
  std::string out;
  put_u32(out, static_cast<std::uint32_t>(data.size()));
  const std::string body = type + data;
  out += body;
  put_u32(out, static_cast<std::uint32_t>(crc32(0L, reinterpret_cast<const Bytef*>(body.data()),
                                                static_cast<uInt>(body.size()))) ^
                   crc_xor);
  return out;
}

inline std::string png_signature() { return std::string("\x89PNG\r\n\x1a\n", 8); }

inline std::string ihdr_data(std::uint32_t width, std::uint32_t height, int depth, int colour,
                             bool interlaced = false) {
  std::string d;
  put_u32(d, width);
  put_u32(d, height);
  d += static_cast<char>(depth);
  d += static_cast<char>(colour);
  d += '\0';
  d += '\0';
  d += static_cast<char>(interlaced ? 1 : 0);
  return d;
}

inline std::string zlib_compress(const std::string& raw) {
  uLongf size = compressBound(static_cast<uLong>(raw.size()));
  std::string out(size, '\0');
  compress2(reinterpret_cast<Bytef*>(out.data()), &size, reinterpret_cast<const Bytef*>(raw.data()),
            static_cast<uLong>(raw.size()), 9);
  out.resize(size);
  return out;
}

/// Filtered rows (filter byte 0) of an image whose sample bytes per row come from `row(y)`,
/// laid out for Adam7 when `interlaced` (pass by pass, each pass's pixels taken from the full
/// rows given by `pixel(x, y)` as `bytes_per_pixel` bytes; only for depths >= 8).
inline std::string raw_rows(std::uint32_t width, std::uint32_t height, int bytes_per_pixel,
                            bool interlaced,
                            const std::function<std::string(std::uint32_t, std::uint32_t)>& pixel) {
  std::string raw;
  if (!interlaced) {
    for (std::uint32_t y = 0; y < height; ++y) {
      raw += '\0';
      for (std::uint32_t x = 0; x < width; ++x) raw += pixel(x, y);
    }
    return raw;
  }
  static constexpr int kX0[7] = {0, 4, 0, 2, 0, 1, 0}, kDx[7] = {8, 8, 4, 4, 2, 2, 1};
  static constexpr int kY0[7] = {0, 0, 4, 0, 2, 0, 1}, kDy[7] = {8, 8, 8, 4, 4, 2, 2};
  (void)bytes_per_pixel;
  for (int p = 0; p < 7; ++p) {
    if (width <= static_cast<std::uint32_t>(kX0[p])) continue;
    for (std::uint32_t y = kY0[p]; y < height; y += kDy[p]) {
      raw += '\0';
      for (std::uint32_t x = kX0[p]; x < width; x += kDx[p]) raw += pixel(x, y);
    }
  }
  return raw;
}

/// A whole file: signature, IHDR, the `before` chunks, IDAT of `raw`, IEND.
inline std::string png_file(const std::string& ihdr, const std::string& raw,
                            const std::string& before = "") {
  return png_signature() + png_chunk("IHDR", ihdr) + before +
         png_chunk("IDAT", zlib_compress(raw)) + png_chunk("IEND", "");
}

/// An all-black 8-bit grey image of width x height as a PNG: a few hundred kB on disk for
/// 20000 x 20000, hundreds of MB once decoded. Compressed a row at a time.
inline std::string png_bomb(std::uint32_t width, std::uint32_t height) {
  z_stream z{};
  deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 15, 9, Z_RLE);  // runs of zeros: fast
  const std::string row(width + 1, '\0');
  std::string compressed;
  std::vector<unsigned char> buffer(1 << 16);
  for (std::uint32_t y = 0; y < height; ++y) {
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(row.data()));
    z.avail_in = static_cast<uInt>(row.size());
    const int flush = y + 1 == height ? Z_FINISH : Z_NO_FLUSH;
    int status = Z_OK;
    do {
      z.next_out = buffer.data();
      z.avail_out = static_cast<uInt>(buffer.size());
      status = deflate(&z, flush);
      compressed.append(reinterpret_cast<char*>(buffer.data()), buffer.size() - z.avail_out);
    } while (z.avail_out == 0 || (flush == Z_FINISH && status != Z_STREAM_END));
  }
  deflateEnd(&z);
  return png_signature() + png_chunk("IHDR", ihdr_data(width, height, 8, 0)) +
         png_chunk("IDAT", compressed) + png_chunk("IEND", "");
}

}  // namespace tangram::test
