#include "tangram/io/png.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <string>

#include <zlib.h>
#include <opencv2/imgcodecs.hpp>

#include "tangram/core/base/error.hpp"
#include "tangram/io/detail/imdecode.hpp"
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

std::string deflate_image_data(const std::string& raw) {
  uLongf size = compressBound(static_cast<uLong>(raw.size()));
  std::string out(size, '\0');
  if (compress2(reinterpret_cast<Bytef*>(out.data()), &size,
                reinterpret_cast<const Bytef*>(raw.data()), static_cast<uLong>(raw.size()),
                Z_BEST_SPEED) != Z_OK)
    throw std::runtime_error("zlib cannot compress the image data");
  out.resize(size);
  return out;
}

/// The file rebuilt from checked parts: IHDR, PLTE (palette images, padded with black entries
/// to 2^depth as libpng does for indices beyond it), tRNS (when libpng would use it), one IDAT
/// holding a fresh zlib stream of the checked rows, IEND.
std::string canonical_png(std::string_view bytes, std::uint64_t max_pixels, PngHeader& header) {
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
    }
    at += 12 + std::size_t{length};
    if (chunk.type == "IEND") break;
    chunks.push_back(chunk);
  }

  const bool palette = header.colour_type == 3;
  std::string plte, trns, compressed;
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

  std::string out(reinterpret_cast<const char*>(kSignature), sizeof kSignature);
  append_chunk(out, "IHDR", chunks[0].data);
  if (!plte.empty()) append_chunk(out, "PLTE", plte);
  if (!trns.empty()) append_chunk(out, "tRNS", trns);
  append_chunk(out, "IDAT", deflate_image_data(inflate_image_data(compressed, header)));
  append_chunk(out, "IEND", {});
  return out;
}

}  // namespace

bool has_png_signature(std::string_view bytes) {
  return bytes.size() >= sizeof kSignature &&
         std::memcmp(bytes.data(), kSignature, sizeof kSignature) == 0;
}

cv::Mat decode_png(std::string_view bytes, std::uint64_t max_pixels) {
  PngHeader header;
  const std::string canonical = canonical_png(bytes, max_pixels, header);
  return detail::imdecode_checked(canonical, "PNG");
}

std::vector<unsigned char> encode_png(const cv::Mat& image) {
  std::vector<unsigned char> bytes;
  try {
    if (!cv::imencode(".png", image, bytes))
      throw OutputError("the image cannot be encoded as PNG");
  } catch (const cv::Exception& e) {
    throw OutputError("the image cannot be encoded as PNG (" + e.err + ")");
  }
  return bytes;
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
