#include "tangram/io/png.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <zlib.h>

#include "tangram/core/base/error.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/image.hpp"

namespace tangram {

namespace {

/// The first eight bytes of every PNG file.
constexpr unsigned char kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

[[noreturn]] void corrupt(const std::string& what) {
  throw InputError("the PNG data cannot be decoded (" + what + ")");
}

std::uint32_t read_u32(std::string_view bytes, std::size_t at) {
  std::uint32_t v = 0;
  for (std::size_t i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(bytes[at + i]);
  return v;
}

void append_u32(std::string& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((v >> shift) & 0xFF);
}

/// Appends a chunk with its length and CRC.
void append_chunk(std::string& out, const char* type, std::string_view data) {
  append_u32(out, static_cast<std::uint32_t>(data.size()));
  const std::size_t start = out.size();
  out.append(type, 4);
  out.append(data.data(), data.size());
  const auto crc = crc32(0L, reinterpret_cast<const Bytef*>(out.data() + start),
                         static_cast<uInt>(out.size() - start));
  append_u32(out, static_cast<std::uint32_t>(crc));
}

/// One chunk of the file: its type and data.
struct Chunk {
  std::string type;
  std::string_view data;
};

/// Samples per pixel of a colour type.
int channels_of(int colour_type) {
  switch (colour_type) {
    case 0: return 1;
    case 2: return 3;
    case 3: return 1;
    case 4: return 2;
    case 6: return 4;
    default: return 0;
  }
}

PngHeader parse_header(std::string_view data) {
  if (data.size() != 13) corrupt("IHDR chunk of the wrong length");
  PngHeader header;
  header.width = read_u32(data, 0);
  header.height = read_u32(data, 4);
  header.bit_depth = static_cast<unsigned char>(data[8]);
  header.colour_type = static_cast<unsigned char>(data[9]);
  const int compression = static_cast<unsigned char>(data[10]);
  const int filter = static_cast<unsigned char>(data[11]);
  const int interlace = static_cast<unsigned char>(data[12]);
  if (header.width == 0 || header.height == 0) corrupt("zero image size");
  // kMaxImageSide is libpng's default cap (PNG_USER_WIDTH_MAX): refused here before libpng.
  if (header.width > kMaxImageSide || header.height > kMaxImageSide)
    corrupt("image side over " + std::to_string(kMaxImageSide) + " px");
  const int d = header.bit_depth;
  bool depth_ok = false;
  switch (header.colour_type) {
    case 0: depth_ok = d == 1 || d == 2 || d == 4 || d == 8 || d == 16; break;
    case 3: depth_ok = d == 1 || d == 2 || d == 4 || d == 8; break;
    case 2:
    case 4:
    case 6: depth_ok = d == 8 || d == 16; break;
    default: corrupt("unknown colour type " + std::to_string(header.colour_type));
  }
  if (!depth_ok) corrupt("bit depth " + std::to_string(d) + " is not allowed for its colour type");
  if (compression != 0 || filter != 0) corrupt("unknown compression or filter method");
  if (interlace > 1) corrupt("unknown interlace method");
  header.interlaced = interlace == 1;
  return header;
}

/// Rows and bytes per row (without the filter byte) of each pass: one pass, or Adam7's seven.
std::vector<std::pair<std::uint64_t, std::uint64_t>> passes(const PngHeader& h) {
  const std::uint64_t bits = static_cast<std::uint64_t>(channels_of(h.colour_type)) * h.bit_depth;
  const auto row_bytes = [&](std::uint64_t width) { return (width * bits + 7) / 8; };
  std::vector<std::pair<std::uint64_t, std::uint64_t>> out;
  if (!h.interlaced) {
    out.emplace_back(h.height, row_bytes(h.width));
    return out;
  }
  // Adam7: pass p samples columns x0 + k dx and rows y0 + k dy.
  static constexpr int kX0[7] = {0, 4, 0, 2, 0, 1, 0}, kDx[7] = {8, 8, 4, 4, 2, 2, 1};
  static constexpr int kY0[7] = {0, 0, 4, 0, 2, 0, 1}, kDy[7] = {8, 8, 8, 4, 4, 2, 2};
  for (int p = 0; p < 7; ++p) {
    const std::uint64_t w =
        h.width > static_cast<std::uint32_t>(kX0[p]) ? (h.width - kX0[p] + kDx[p] - 1) / kDx[p] : 0;
    const std::uint64_t rows = h.height > static_cast<std::uint32_t>(kY0[p])
                                   ? (h.height - kY0[p] + kDy[p] - 1) / kDy[p]
                                   : 0;
    if (w > 0 && rows > 0) out.emplace_back(rows, row_bytes(w));
  }
  return out;
}

/// Inflates the image data and checks it: exactly the size the header implies, every row's
/// filter type 0-4. Returns the raw (filtered) rows.
std::string inflate_image_data(const std::string& compressed, const PngHeader& header) {
  const auto layout = passes(header);
  std::uint64_t expected = 0;
  for (const auto& [rows, bytes] : layout) expected += rows * (bytes + 1);
  std::string raw(static_cast<std::size_t>(expected) + 1, '\0');  // +1 catches excess data
  z_stream z{};
  // windowBits 0: the window size the stream's header declares, as libpng reads it.
  if (inflateInit2(&z, 0) != Z_OK) throw std::runtime_error("zlib cannot be initialised");
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data()));
  z.next_out = reinterpret_cast<Bytef*>(raw.data());
  std::size_t in_left = compressed.size(), out_left = raw.size();
  int status = Z_OK;
  while (status == Z_OK) {
    // avail_in/out are 32-bit: feed at most 1 GiB at a time.
    const uInt in_step = static_cast<uInt>(std::min<std::size_t>(in_left, 1u << 30));
    const uInt out_step = static_cast<uInt>(std::min<std::size_t>(out_left, 1u << 30));
    z.avail_in = in_step;
    z.avail_out = out_step;
    status = inflate(&z, Z_NO_FLUSH);
    in_left -= in_step - z.avail_in;
    out_left -= out_step - z.avail_out;
    if (status == Z_BUF_ERROR && (in_left == 0 || out_left == 0)) break;
  }
  const std::string zlib_message = z.msg != nullptr ? z.msg : "";
  inflateEnd(&z);
  const std::uint64_t produced = raw.size() - out_left;
  if (produced > expected) corrupt("too much image data");
  if (status != Z_STREAM_END) {
    if (status == Z_DATA_ERROR || status == Z_NEED_DICT || status == Z_MEM_ERROR)
      corrupt("compressed image data: " + (zlib_message.empty() ? "invalid" : zlib_message));
    corrupt("not enough image data");
  }
  if (produced < expected) corrupt("not enough image data");
  raw.resize(static_cast<std::size_t>(expected));
  std::uint64_t at = 0;
  for (const auto& [rows, bytes] : layout)
    for (std::uint64_t r = 0; r < rows; ++r, at += bytes + 1)
      if (static_cast<unsigned char>(raw[static_cast<std::size_t>(at)]) > 4)
        corrupt("bad row filter type");
  return raw;
}

/// What is decoded of a checked file: the header, the palette (padded with black entries to
/// 2^depth, as libpng reads indices beyond it), the transparency libpng would use, and the
/// inflated rows (with their filter bytes).
struct PngParts {
  PngHeader header;
  std::string plte, trns, raw;
};

/// OpenCV decodes no picture of more pixels (CV_IO_MAX_IMAGE_PIXELS), whatever the cap.
constexpr std::uint64_t kMaxPngPixels = std::uint64_t{1} << 30;

/// Checks the file chunk by chunk and gives its parts: PLTE only for palette images, tRNS only
/// where libpng applies it (RGB with 8-bit values in range, palettes no longer than PLTE), the
/// image data inflated and checked row by row; ancillary chunks are left out.
PngParts checked_png(std::string_view bytes, std::uint64_t max_pixels) {
  PngParts parts;
  PngHeader& header = parts.header;
  if (!has_png_signature(bytes)) throw InputError("not a PNG file");
  std::vector<Chunk> chunks;
  std::size_t at = sizeof kSignature;
  for (;;) {
    if (at == bytes.size())
      corrupt(chunks.empty() ? "no image data" : "truncated file, no IEND chunk");
    if (bytes.size() - at < 12) corrupt("truncated file");
    const std::uint32_t length = read_u32(bytes, at);
    if (length > 0x7FFFFFFFu) corrupt("chunk length out of range");
    Chunk chunk{std::string(bytes.substr(at + 4, 4)), {}};
    for (const char c : chunk.type)
      if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) corrupt("invalid chunk type");
    if (length > bytes.size() - at - 12) corrupt("truncated file");
    chunk.data = bytes.substr(at + 8, length);
    const bool critical = chunk.type[0] >= 'A' && chunk.type[0] <= 'Z';
    if (chunks.empty() && chunk.type != "IHDR") corrupt("the first chunk is not IHDR");
    if (critical) {
      const auto crc = crc32(0L, reinterpret_cast<const Bytef*>(bytes.data() + at + 4),
                             static_cast<uInt>(length + 4));
      if (static_cast<std::uint32_t>(crc) != read_u32(bytes, at + 8 + length))
        corrupt("CRC error in chunk " + chunk.type);
    }
    if (chunks.empty()) {
      // The size first: nothing more is looked at in a file that is too large.
      header = parse_header(chunk.data);
      check_pixel_cap(header.width, header.height, max_pixels);
      if (std::uint64_t{header.width} * header.height > kMaxPngPixels) corrupt("over 2^30 pixels");
    }
    at += 12 + std::size_t{length};
    if (chunk.type == "IEND") break;
    chunks.push_back(chunk);
  }

  const bool palette = header.colour_type == 3;
  std::string& plte = parts.plte;
  std::string& trns = parts.trns;
  std::string compressed;
  int palette_entries = 0;
  bool idat_seen = false, idat_ended = false;
  for (std::size_t i = 1; i < chunks.size(); ++i) {
    const Chunk& c = chunks[i];
    if (c.type == "IDAT") {
      if (idat_ended) corrupt("IDAT chunks are not consecutive");
      idat_seen = true;
      compressed.append(c.data.data(), c.data.size());
      continue;
    }
    if (idat_seen) idat_ended = true;
    if (c.type[0] >= 'a' && c.type[0] <= 'z' && c.type != "tRNS") continue;  // ancillary
    if (c.type == "IHDR") corrupt("a second IHDR chunk");
    if (c.type == "PLTE") {
      if (!palette) continue;  // a suggested palette of a true-colour image: not used
      if (idat_seen || palette_entries > 0) corrupt("PLTE chunk out of place");
      if (c.data.empty() || c.data.size() % 3 != 0 || c.data.size() > 768)
        corrupt("invalid PLTE chunk");
      palette_entries = static_cast<int>(c.data.size() / 3);
      const int used = std::min(palette_entries, 1 << header.bit_depth);
      plte.assign(c.data.data(), static_cast<std::size_t>(used) * 3);
      plte.resize(static_cast<std::size_t>(1 << header.bit_depth) * 3, '\0');
    } else if (c.type == "tRNS") {
      // Only true-colour and palette transparency reaches the decoded picture; libpng ignores
      // (with a warning) what is out of place or out of range, so it is left out.
      if (idat_seen || !trns.empty()) continue;
      if (header.colour_type == 2 && c.data.size() == 6) {
        bool in_range = true;  // 8-bit samples are stored in two bytes, the first one 0
        for (std::size_t s = 0; s < 3 && header.bit_depth == 8; ++s)
          in_range = in_range && c.data[2 * s] == 0;
        if (in_range) trns.assign(c.data.data(), c.data.size());
      } else if (palette && palette_entries > 0 && !c.data.empty() &&
                 c.data.size() <= static_cast<std::size_t>(palette_entries)) {
        trns.assign(c.data.data(), std::min<std::size_t>(c.data.size(), 1u << header.bit_depth));
      }
    } else {
      corrupt("unknown critical chunk " + c.type);
    }
  }
  if (!idat_seen) corrupt("no image data");
  if (palette && palette_entries == 0) corrupt("palette image without a PLTE chunk");

  parts.raw = inflate_image_data(compressed, header);
  return parts;
}

/// Undoes the row filters (PNG specification, section 9) of `rows` rows of `row_bytes` bytes at
/// `data`, each after its filter byte, in place; `pixel_bytes` apart is the left neighbour.
void unfilter_rows(unsigned char* data, std::uint64_t rows, std::uint64_t row_bytes,
                   std::size_t pixel_bytes) {
  const unsigned char* prior = nullptr;  // the row above, none for the first
  for (std::uint64_t r = 0; r < rows; ++r, data += row_bytes + 1) {
    const unsigned filter = data[0];
    unsigned char* row = data + 1;
    // Left (a), above (b) and above-left (c) neighbours of byte i; zero off the image.
    const auto a = [&](std::size_t i) -> int {
      return i >= pixel_bytes ? row[i - pixel_bytes] : 0;
    };
    const auto b = [&](std::size_t i) -> int { return prior ? prior[i] : 0; };
    const auto c = [&](std::size_t i) -> int {
      return prior && i >= pixel_bytes ? prior[i - pixel_bytes] : 0;
    };
    // One loop per filter type: the row's type is the same for every byte.
    const auto add = [&](auto predicted) {
      for (std::size_t i = 0; i < row_bytes; ++i)
        row[i] = static_cast<unsigned char>(row[i] + predicted(i));
    };
    switch (filter) {
      case 1: add(a); break;
      case 2: add(b); break;
      case 3: add([&](std::size_t i) { return (a(i) + b(i)) / 2; }); break;
      case 4:  // Paeth
        add([&](std::size_t i) {
          const int ai = a(i), bi = b(i), ci = c(i);
          const int p = ai + bi - ci, pa = std::abs(p - ai), pb = std::abs(p - bi),
                    pc = std::abs(p - ci);
          return pa <= pb && pa <= pc ? ai : pb <= pc ? bi : ci;
        });
        break;
      default: break;
    }
    prior = row;
  }
}

/// The picture OpenCV's PNG decoder (libpng, grfmt_png.cpp) makes of checked parts, with
/// cv::IMREAD_UNCHANGED: grey as grey (depths under 8 scaled to 0-255, tRNS ignored), RGB as
/// BGR, palettes as BGR, grey+alpha as BGRA (grey three times), RGBA as BGRA; RGB and palettes
/// with tRNS as BGRA; 16-bit samples kept.
cv::Mat decode_parts(PngParts& parts) {
  const PngHeader& h = parts.header;
  const int depth = h.bit_depth, type = h.colour_type;
  const int samples = channels_of(type);
  const bool alpha = type == 4 || type == 6 || !parts.trns.empty();
  const int channels = type == 0 ? 1 : alpha ? 4 : 3;
  cv::Mat image(static_cast<int>(h.height), static_cast<int>(h.width),
                CV_MAKETYPE(depth == 16 ? CV_16U : CV_8U, channels));
  const unsigned top = depth == 16 ? 65535 : 255;  // an opaque alpha
  const unsigned scale = depth == 1 ? 255 : depth == 2 ? 85 : depth == 4 ? 17 : 1;
  const auto* plte = reinterpret_cast<const unsigned char*>(parts.plte.data());
  const auto* trns = reinterpret_cast<const unsigned char*>(parts.trns.data());
  // The transparent RGB colour (two bytes per sample in the chunk).
  unsigned key[3] = {0, 0, 0};
  if (type == 2 && parts.trns.size() == 6)
    for (std::ptrdiff_t c = 0; c < 3; ++c) key[c] = trns[2 * c] << 8 | trns[2 * c + 1];

  // Adam7: pass p holds columns x0 + k dx of rows y0 + k dy; one pass of everything otherwise.
  static constexpr int kX0[7] = {0, 4, 0, 2, 0, 1, 0}, kDx[7] = {8, 8, 4, 4, 2, 2, 1};
  static constexpr int kY0[7] = {0, 0, 4, 0, 2, 0, 1}, kDy[7] = {8, 8, 8, 4, 4, 2, 2};
  const int pass_count = h.interlaced ? 7 : 1;
  const std::size_t pixel_bytes = std::max(1, samples * depth / 8);
  auto* data = reinterpret_cast<unsigned char*>(parts.raw.data());
  for (int p = 0; p < pass_count; ++p) {
    const std::uint32_t x0 = h.interlaced ? kX0[p] : 0, dx = h.interlaced ? kDx[p] : 1;
    const std::uint32_t y0 = h.interlaced ? kY0[p] : 0, dy = h.interlaced ? kDy[p] : 1;
    if (h.width <= x0 || h.height <= y0) continue;
    const std::uint64_t columns = (h.width - x0 + dx - 1) / dx;
    const std::uint64_t rows = (h.height - y0 + dy - 1) / dy;
    const std::uint64_t row_bytes =
        (columns * static_cast<std::uint64_t>(samples) * static_cast<unsigned>(depth) + 7) / 8;
    unfilter_rows(data, rows, row_bytes, pixel_bytes);
    for (std::uint64_t r = 0; r < rows; ++r, data += row_bytes + 1) {
      const unsigned char* row = data + 1;
      const int y = static_cast<int>(y0 + r * dy);
      // Sample s of the row, as stored.
      const auto sample = [&](std::uint64_t s) -> unsigned {
        if (depth == 16) return row[2 * s] << 8 | row[2 * s + 1];
        if (depth == 8) return row[s];
        const std::uint64_t bit = s * static_cast<unsigned>(depth);
        return (row[bit / 8] >> (8 - depth - bit % 8)) & ((1u << depth) - 1);
      };
      if (type == 0 && depth == 8 && dx == 1) {  // grey bytes as they are
        std::memcpy(image.ptr(y), row, static_cast<std::size_t>(columns));
        continue;
      }
      for (std::uint64_t k = 0; k < columns; ++k) {
        const std::uint64_t s = k * static_cast<unsigned>(samples);
        unsigned v[4] = {0, 0, 0, top};  // B, G, R, A (or grey first)
        switch (type) {
          case 0: v[0] = sample(s) * scale; break;
          case 2:
            v[0] = sample(s + 2), v[1] = sample(s + 1), v[2] = sample(s);
            if (alpha && v[2] == key[0] && v[1] == key[1] && v[0] == key[2]) v[3] = 0;
            break;
          case 3: {
            const unsigned index = sample(s);
            const std::size_t at = 3 * std::size_t{index};
            v[0] = plte[at + 2], v[1] = plte[at + 1], v[2] = plte[at];
            if (index < parts.trns.size()) v[3] = trns[index];
            break;
          }
          case 4: v[0] = v[1] = v[2] = sample(s), v[3] = sample(s + 1); break;
          default:
            v[0] = sample(s + 2), v[1] = sample(s + 1), v[2] = sample(s), v[3] = sample(s + 3);
        }
        const int x = static_cast<int>(x0 + k * dx);
        for (int c = 0; c < channels; ++c) {
          if (depth == 16)
            image.ptr<std::uint16_t>(y)[x * channels + c] = static_cast<std::uint16_t>(v[c]);
          else
            image.ptr(y)[x * channels + c] = static_cast<unsigned char>(v[c]);
        }
      }
    }
  }
  return image;
}

/// Largest IDAT chunk written (bytes of compressed data).
constexpr std::size_t kIdatBytes = std::size_t{1} << 20;

/// The rows of `image` as PNG data before compression: each row filtered with Sub (filter
/// byte 1), samples in RGB(A) order, 16-bit ones big-endian, as OpenCV writes them.
std::string filtered_rows(const cv::Mat& image) {
  const int channels = image.channels();
  const std::size_t sample_bytes = image.depth() == CV_16U ? 2 : 1;
  const std::size_t pixel_bytes = sample_bytes * static_cast<std::size_t>(channels);
  const std::size_t row_bytes = pixel_bytes * static_cast<std::size_t>(image.cols);
  std::string out((row_bytes + 1) * static_cast<std::size_t>(image.rows), '\0');
  std::vector<unsigned char> row(row_bytes);
  for (int y = 0; y < image.rows; ++y) {
    for (int x = 0; x < image.cols; ++x)
      for (int c = 0; c < channels; ++c) {
        // OpenCV's BGR(A) to PNG's RGB(A).
        const int from = channels >= 3 && c < 3 ? 2 - c : c;
        const std::size_t at = static_cast<std::size_t>(x) * pixel_bytes + c * sample_bytes;
        if (sample_bytes == 2) {
          const std::uint16_t v = image.ptr<std::uint16_t>(y)[x * channels + from];
          row[at] = static_cast<unsigned char>(v >> 8);
          row[at + 1] = static_cast<unsigned char>(v & 0xFF);
        } else {
          row[at] = image.ptr(y)[x * channels + from];
        }
      }
    char* dst = out.data() + static_cast<std::size_t>(y) * (row_bytes + 1);
    dst[0] = 1;  // Sub
    for (std::size_t i = 0; i < row_bytes; ++i)
      dst[1 + i] = static_cast<char>(row[i] - (i >= pixel_bytes ? row[i - pixel_bytes] : 0));
  }
  return out;
}

/// zlib's stream of `raw` with OpenCV's settings for PNG: level 1 (Z_BEST_SPEED), Z_RLE.
std::string deflate_rows(const std::string& raw) {
  z_stream z{};
  if (deflateInit2(&z, Z_BEST_SPEED, Z_DEFLATED, 15, 8, Z_RLE) != Z_OK)
    throw OutputError("the image cannot be encoded as PNG (zlib cannot be initialised)");
  std::string out;
  char buffer[1 << 16];
  std::size_t fed = 0;
  int status = Z_OK;
  while (status != Z_STREAM_END) {
    if (z.avail_in == 0 && fed < raw.size()) {
      const std::size_t step = std::min<std::size_t>(raw.size() - fed, 1u << 30);
      z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(raw.data() + fed));
      z.avail_in = static_cast<uInt>(step);
      fed += step;
    }
    z.next_out = reinterpret_cast<Bytef*>(buffer);
    z.avail_out = sizeof buffer;
    status = deflate(&z, fed == raw.size() ? Z_FINISH : Z_NO_FLUSH);
    if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR) {
      deflateEnd(&z);
      throw OutputError("the image cannot be encoded as PNG (zlib failed)");
    }
    out.append(buffer, sizeof buffer - z.avail_out);
  }
  deflateEnd(&z);
  return out;
}

}  // namespace

bool has_png_signature(std::string_view bytes) {
  return bytes.size() >= sizeof kSignature &&
         std::memcmp(bytes.data(), kSignature, sizeof kSignature) == 0;
}

cv::Mat decode_png(std::string_view bytes, std::uint64_t max_pixels) {
  PngParts parts = checked_png(bytes, max_pixels);
  return decode_parts(parts);
}

std::vector<unsigned char> encode_png(const cv::Mat& image) {
  const int channels = image.channels();
  if (image.empty()) throw OutputError("the image cannot be encoded as PNG (it is empty)");
  if ((image.depth() != CV_8U && image.depth() != CV_16U) ||
      (channels != 1 && channels != 3 && channels != 4))
    throw OutputError("the image cannot be encoded as PNG (" + std::to_string(channels) +
                      " channels of OpenCV depth " + std::to_string(image.depth()) +
                      "; 1, 3 or 4 channels of 8 or 16 bits are written)");
  std::string header;
  append_u32(header, static_cast<std::uint32_t>(image.cols));
  append_u32(header, static_cast<std::uint32_t>(image.rows));
  header += static_cast<char>(image.depth() == CV_16U ? 16 : 8);
  header += static_cast<char>(channels == 1 ? 0 : channels == 3 ? 2 : 6);
  header += std::string(3, '\0');  // deflate, adaptive filtering, no interlacing
  const std::string compressed = deflate_rows(filtered_rows(image));
  std::string out(reinterpret_cast<const char*>(kSignature), sizeof kSignature);
  append_chunk(out, "IHDR", header);
  for (std::size_t at = 0; at < compressed.size(); at += kIdatBytes)
    append_chunk(out, "IDAT", std::string_view(compressed).substr(at, kIdatBytes));
  append_chunk(out, "IEND", {});
  return std::vector<unsigned char>(out.begin(), out.end());
}

void write_png_atomic(const std::string& path, const cv::Mat& image) {
  std::vector<unsigned char> bytes;
  try {
    bytes = encode_png(image);
  } catch (const OutputError& e) {
    throw OutputError("cannot write " + path + ": " + e.tagged());
  }
  write_output_file(path,
                    std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

}  // namespace tangram
