// png.hpp: decode_png gives what OpenCV's decoder (the reference here) gives for every valid
// file, refuses broken ones with one line, checks the size before decoding, and never prints;
// encode_png writes what OpenCV's decoder reads back to the same pixels.

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <doctest/doctest.h>
#include <unistd.h>

#include <opencv2/imgcodecs.hpp>

#include "checks.hpp"
#include "cli_runner.hpp"
#include "decoding.hpp"
#include "png_builder.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/io/png.hpp"

using namespace tangram;
using namespace tangram::test;

namespace {

/// The message of the InputError that decoding throws ("" when none).
std::string png_refusal(const std::string& bytes, std::uint64_t max_pixels = 1'000'000) {
  try {
    decode_png(bytes, max_pixels);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

/// A small test picture: a dark disc on light, with a gradient, as `channels` 8-bit samples.
std::string pixel_bytes(std::uint32_t x, std::uint32_t y, int channels, bool sixteen) {
  const int dx = static_cast<int>(x) - 9, dy = static_cast<int>(y) - 7;
  const int value = dx * dx + dy * dy < 30 ? 20 + static_cast<int>(x) : 230 - static_cast<int>(y);
  std::string out;
  for (int c = 0; c < channels; ++c) {
    const int v = (value + 37 * c) & 0xFF;
    if (sixteen) out += static_cast<char>(v);
    out += static_cast<char>(sixteen ? (v * 7) & 0xFF : v);
  }
  return out;
}

/// The image data of a picture of `samples` samples per pixel of `depth` bits (`value(x, y, s)`),
/// laid out for Adam7 when `interlaced`, row k of each pass filtered with filter k % 5 (PNG
/// specification, section 9: none, Sub, Up, Average, Paeth).
std::string filtered_rows(std::uint32_t width, std::uint32_t height, int depth, int samples,
                          bool interlaced,
                          const std::function<unsigned(std::uint32_t, std::uint32_t, int)>& value) {
  static constexpr int kX0[7] = {0, 4, 0, 2, 0, 1, 0}, kDx[7] = {8, 8, 4, 4, 2, 2, 1};
  static constexpr int kY0[7] = {0, 0, 4, 0, 2, 0, 1}, kDy[7] = {8, 8, 8, 4, 4, 2, 2};
  std::string out;
  for (int p = 0; p < (interlaced ? 7 : 1); ++p) {
    const std::uint32_t x0 = interlaced ? kX0[p] : 0, dx = interlaced ? kDx[p] : 1;
    const std::uint32_t y0 = interlaced ? kY0[p] : 0, dy = interlaced ? kDy[p] : 1;
    if (width <= x0 || height <= y0) continue;
    const std::uint32_t columns = (width - x0 + dx - 1) / dx;
    const std::size_t row_bytes = (std::size_t{columns} * samples * depth + 7) / 8;
    const std::size_t left = std::max(1, samples * depth / 8);
    std::vector<int> prior(row_bytes, 0);
    int k = 0;
    for (std::uint32_t y = y0; y < height; y += dy, ++k) {
      std::vector<int> row(row_bytes, 0);
      std::size_t bit = 0;
      for (std::uint32_t x = x0; x < width; x += dx)
        for (int s = 0; s < samples; ++s, bit += depth) {
          const unsigned v = value(x, y, s);
          if (depth == 16) {
            row[bit / 8] = static_cast<int>(v >> 8);
            row[bit / 8 + 1] = static_cast<int>(v & 0xFF);
          } else {
            row[bit / 8] |= static_cast<int>(v << (8 - depth - bit % 8));
          }
        }
      const int filter = k % 5;
      out += static_cast<char>(filter);
      for (std::size_t i = 0; i < row_bytes; ++i) {
        const int a = i >= left ? row[i - left] : 0, b = prior[i];
        const int c = i >= left ? prior[i - left] : 0;
        const int pa = std::abs(b - c), pb = std::abs(a - c), pc = std::abs(a + b - 2 * c);
        const int predicted[5] = {0, a, b, (a + b) / 2,
                                  pa <= pb && pa <= pc ? a
                                  : pb <= pc           ? b
                                                       : c};
        out += static_cast<char>(row[i] - predicted[filter]);
      }
      prior = row;
    }
  }
  return out;
}

}  // namespace

TEST_CASE("decode_png: every colour type, depth and interlacing decodes as OpenCV decodes it") {
  struct Variant {
    int colour, depth, channels;
  };
  const Variant variants[] = {{0, 8, 1}, {0, 16, 1}, {2, 8, 3}, {2, 16, 3},
                              {4, 8, 2}, {4, 16, 2}, {6, 8, 4}, {6, 16, 4}};
  const std::uint32_t w = 19, h = 15;
  for (const Variant& v : variants)
    for (const bool interlaced : {false, true}) {
      CAPTURE(v.colour);
      CAPTURE(v.depth);
      CAPTURE(interlaced);
      const std::string raw = raw_rows(w, h, v.channels * v.depth / 8, interlaced,
                                       [&](std::uint32_t x, std::uint32_t y) {
                                         return pixel_bytes(x, y, v.channels, v.depth == 16);
                                       });
      const std::string file = png_file(ihdr_data(w, h, v.depth, v.colour, interlaced), raw);
      const cv::Mat reference = opencv_decode(file);
      REQUIRE_FALSE(reference.empty());
      CHECK(identical(decode_png(file, 1000), reference));
    }
}

TEST_CASE(
    "decode_png: low-depth grey, palettes (short, long, with tRNS) and RGB tRNS decode "
    "as OpenCV decodes them") {
  const std::uint32_t w = 13, h = 6;
  // 1, 2 and 4-bit grey: packed rows.
  for (const int depth : {1, 2, 4}) {
    std::string raw;
    for (std::uint32_t y = 0; y < h; ++y) {
      raw += '\0';
      for (std::uint32_t b = 0; b < (w * depth + 7) / 8; ++b)
        raw += static_cast<char>(0x5A ^ (y * 29 + b * 7));
    }
    const std::string file = png_file(ihdr_data(w, h, depth, 0), raw);
    CAPTURE(depth);
    CHECK(identical(decode_png(file, 1000), opencv_decode(file)));
  }
  // 4-bit palette images: indices 0-15 used, palettes of 3 (short), 16 and 20 (long) entries,
  // with and without transparency.
  std::string raw;
  for (std::uint32_t y = 0; y < h; ++y) {
    raw += '\0';
    for (std::uint32_t b = 0; b < (w * 4 + 7) / 8; ++b)
      raw += static_cast<char>((y * 31 + b * 17) & 0xFF);
  }
  for (const int entries : {3, 16, 20})
    for (const int transparent : {0, 2, 3}) {
      const auto file_with = [&](int palette_entries) {
        std::string plte;
        for (int i = 0; i < palette_entries; ++i)
          plte += i < entries ? std::string{char(i * 10), char(200 - i * 5), char(i * 3)}
                              : std::string(3, '\0');
        std::string chunks = png_chunk("PLTE", plte);
        if (transparent > 0)
          chunks += png_chunk("tRNS", std::string(static_cast<std::size_t>(transparent), '\x40'));
        return png_file(ihdr_data(w, h, 4, 3), raw, chunks);
      };
      CAPTURE(entries);
      CAPTURE(transparent);
      const std::string file = file_with(entries);
      // The reference: the same palette cut or padded with black to the 16 entries 4 bits can
      // index, which is how libpng reads indices beyond a short palette (with a warning).
      const cv::Mat expected = opencv_decode(file_with(16));
      cv::Mat decoded;
      const std::string printed = stderr_of([&] { decoded = decode_png(file, 1000); });
      CHECK(identical(decoded, expected));
      if (entries >= 16) CHECK(identical(decoded, opencv_decode(file)));
      CHECK(printed.empty());
    }
  // 8-bit RGB with a transparent colour.
  std::string trns;
  for (const int c : {0, 20, 0, 57, 0, 0}) trns += static_cast<char>(c);
  const std::string rgb = raw_rows(w, h, 3, false, [](std::uint32_t x, std::uint32_t y) {
    return x == 2 ? std::string{char(20), char(57), char(0)} : pixel_bytes(x, y, 3, false);
  });
  const std::string file = png_file(ihdr_data(w, h, 8, 2), rgb, png_chunk("tRNS", trns));
  const cv::Mat decoded = decode_png(file, 1000);
  CHECK(decoded.channels() == 4);
  CHECK(identical(decoded, opencv_decode(file)));
}

TEST_CASE(
    "decode_png: palettes and grey of 1-8 bits, 16-bit RGB with tRNS, every row filter and "
    "interlacing decode as OpenCV decodes them") {
  const std::uint32_t w = 21, h = 11;
  const auto level = [](std::uint32_t x, std::uint32_t y, int) { return (x * 5 + y * 3) % 7; };
  for (const int depth : {1, 2, 4, 8})
    for (const bool interlaced : {false, true})
      for (const bool transparent : {false, true}) {
        CAPTURE(depth);
        CAPTURE(interlaced);
        CAPTURE(transparent);
        const auto packed = [&](std::uint32_t x, std::uint32_t y, int s) {
          return level(x, y, s) & ((1u << depth) - 1);
        };
        const std::string raw = filtered_rows(w, h, depth, 1, interlaced, packed);
        std::string plte;
        for (int i = 0; i < (1 << std::min(depth, 3)); ++i)
          plte += std::string{char(i * 30), char(255 - i * 20), char(i * 7)};
        std::string chunks = png_chunk("PLTE", plte);
        if (transparent)
          chunks += png_chunk("tRNS", std::string("\x00\x80\xFF", depth == 1 ? 2 : 3));
        const std::string palette = png_file(ihdr_data(w, h, depth, 3, interlaced), raw, chunks);
        CHECK(identical(decode_png(palette, 1000), opencv_decode(palette)));
        const std::string grey =
            png_file(ihdr_data(w, h, depth, 0, interlaced), raw,
                     transparent ? png_chunk("tRNS", std::string("\0\1", 2)) : std::string());
        CHECK(identical(decode_png(grey, 1000), opencv_decode(grey)));
      }
  // Every colour type at 8 and 16 bits, rows filtered every way.
  for (const int colour : {0, 2, 4, 6})
    for (const int depth : {8, 16})
      for (const bool interlaced : {false, true}) {
        CAPTURE(colour);
        CAPTURE(depth);
        CAPTURE(interlaced);
        const int samples = colour == 0 ? 1 : colour == 2 ? 3 : colour == 4 ? 2 : 4;
        const std::string file =
            png_file(ihdr_data(w, h, depth, colour, interlaced),
                     filtered_rows(w, h, depth, samples, interlaced,
                                   [&](std::uint32_t x, std::uint32_t y, int s) {
                                     return (x * 37 + y * 91 + s * 53) * (depth == 16 ? 263u : 1u) %
                                            (depth == 16 ? 65536u : 256u);
                                   }));
        CHECK(identical(decode_png(file, 1000), opencv_decode(file)));
      }
  // 16-bit RGB with a transparent colour that some pixels have.
  std::string trns;
  for (const int c : {0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC}) trns += static_cast<char>(c);
  const std::string rgb16 =
      filtered_rows(w, h, 16, 3, true, [](std::uint32_t x, std::uint32_t y, int s) {
        const unsigned key[3] = {0x1234, 0x5678, 0x9ABC};
        return (x + y) % 3 == 0 ? key[s] : (x * 1000 + y * 77 + s) % 65536;
      });
  const std::string file = png_file(ihdr_data(w, h, 16, 2, true), rgb16, png_chunk("tRNS", trns));
  const cv::Mat decoded = decode_png(file, 1000);
  CHECK(decoded.type() == CV_16UC4);
  CHECK(cv::countNonZero(decoded.reshape(1) == 0) > 0);
  CHECK(identical(decoded, opencv_decode(file)));
}

TEST_CASE(
    "encode_png: 8 and 16-bit pictures of 1, 3 and 4 channels read back to the same pixels, "
    "by OpenCV and by decode_png") {
  cv::RNG random(7);
  for (const int depth : {CV_8U, CV_16U})
    for (const int channels : {1, 3, 4}) {
      CAPTURE(depth);
      CAPTURE(channels);
      cv::Mat image(13, 29, CV_MAKETYPE(depth, channels));
      random.fill(image, cv::RNG::UNIFORM, 0, depth == CV_16U ? 65536 : 256);
      image(cv::Rect(3, 2, 10, 6)).setTo(cv::Scalar::all(depth == CV_16U ? 40000 : 200));
      const std::vector<unsigned char> png = encode_png(image);
      const std::string bytes(png.begin(), png.end());
      CHECK(identical(opencv_decode(bytes), image));
      CHECK(identical(decode_png(bytes, 1000), image));
      // A view into a larger picture (rows not contiguous) is written the same.
      cv::Mat wide(13, 40, image.type(), cv::Scalar::all(1));
      image.copyTo(wide(cv::Rect(5, 0, 29, 13)));
      const std::vector<unsigned char> view = encode_png(wide(cv::Rect(5, 0, 29, 13)));
      CHECK(identical(decode_png(std::string(view.begin(), view.end()), 1000), image));
    }
  CHECK_THROWS_AS(encode_png(cv::Mat()), OutputError);
  CHECK_THROWS_AS(encode_png(cv::Mat(4, 4, CV_8UC2, cv::Scalar::all(0))), OutputError);
  CHECK_THROWS_AS(encode_png(cv::Mat(4, 4, CV_32FC1, cv::Scalar::all(0))), OutputError);
}

TEST_CASE("decode_png: ancillary chunks, even broken ones, are left out without a word") {
  const std::string raw = raw_rows(8, 8, 1, false, [](std::uint32_t x, std::uint32_t y) {
    return std::string(1, static_cast<char>(x * y * 3));
  });
  const std::string bad_profile = png_chunk("iCCP", std::string("x\0\0garbage", 10));
  const std::string bad_crc_text = png_chunk("tEXt", std::string("a\0b", 3), 0xFF);
  const std::string file = png_file(ihdr_data(8, 8, 8, 0), raw, bad_profile + bad_crc_text);
  const std::string printed = stderr_of([&] {
    CHECK(identical(decode_png(file, 1000), opencv_decode(png_file(ihdr_data(8, 8, 8, 0), raw))));
  });
  CHECK(printed.empty());
}

TEST_CASE("decode_png: broken files are refused with one line, and nothing is printed") {
  const std::string ihdr = ihdr_data(8, 4, 8, 0);
  const std::string raw =
      raw_rows(8, 4, 1, false, [](std::uint32_t, std::uint32_t) { return std::string(1, '\x80'); });
  const std::string good = png_file(ihdr, raw);
  const std::string idat = png_chunk("IDAT", zlib_compress(raw));
  const std::string head = png_signature() + png_chunk("IHDR", ihdr);
  std::string bad_filter = raw;
  bad_filter[0] = '\x07';
  std::string extra = raw + std::string(9, '\0');
  const struct {
    const char* name;
    std::string bytes;
    const char* message;
  } cases[] = {
      {"not a PNG", "GIF89a......", "not a PNG file"},
      {"signature only", png_signature(), "no image data"},
      {"truncated", good.substr(0, good.size() - 20), "truncated file"},
      {"no IEND", head + idat, "no IEND chunk"},
      {"IHDR CRC", png_signature() + png_chunk("IHDR", ihdr, 1) + idat + png_chunk("IEND", ""),
       "CRC error in chunk IHDR"},
      {"IDAT CRC", head + png_chunk("IDAT", zlib_compress(raw), 4) + png_chunk("IEND", ""),
       "CRC error in chunk IDAT"},
      {"first chunk", png_signature() + idat + png_chunk("IEND", ""),
       "the first chunk is not IHDR"},
      {"zero size", png_file(ihdr_data(0, 4, 8, 0), ""), "zero image size"},
      {"bad depth", png_file(ihdr_data(8, 4, 3, 0), raw), "bit depth 3"},
      {"bad colour", png_file(ihdr_data(8, 4, 8, 5), raw), "unknown colour type"},
      {"no data", head + png_chunk("IEND", ""), "no image data"},
      {"short data", png_file(ihdr, raw.substr(0, 20)), "not enough image data"},
      {"long data", png_file(ihdr, extra), "too much image data"},
      {"bad filter", png_file(ihdr, bad_filter), "bad row filter type"},
      {"not zlib", head + png_chunk("IDAT", "not zlib at all") + png_chunk("IEND", ""),
       "compressed image data"},
      {"split IDAT", head + idat + png_chunk("tEXt", "a") + idat + png_chunk("IEND", ""),
       "IDAT chunks are not consecutive"},
      {"critical unknown", head + png_chunk("ABCD", "") + idat + png_chunk("IEND", ""),
       "unknown critical chunk ABCD"},
      {"palette without PLTE", png_file(ihdr_data(8, 4, 8, 3), raw), "without a PLTE"},
  };
  for (const auto& c : cases) {
    const std::string name = c.name;
    std::string message;
    CAPTURE(name);
    CAPTURE(message);
    const std::string printed = stderr_of([&] { message = png_refusal(c.bytes); });
    CHECK(contains(message, c.message));
    CHECK(message.find('\n') == std::string::npos);
    CHECK(printed.empty());
  }
  CHECK(png_refusal(good).empty());
}

TEST_CASE("decode_png: the pixel cap is checked from the header, before any data is read") {
  // A 20000 x 20000 bomb (400 MB decoded) is refused at once; so is the same header with no
  // data at all, which shows that nothing after the header was looked at.
  const std::string bomb = png_bomb(20000, 20000);
  CHECK(bomb.size() < 1'000'000);
  try {
    decode_png(bomb, 50'000'000);
    FAIL("expected a LimitError");
  } catch (const LimitError& e) {
    CHECK(e.limit() == Limit::Pixels);
    CHECK(std::string(e.what()) ==
          "20000 x 20000 px is over the limit of 50000000 pixels (raise it with "
          "max_pixels)");
  }
  const std::string header_only =
      png_signature() + png_chunk("IHDR", ihdr_data(20000, 20000, 8, 0));
  CHECK_THROWS_AS(decode_png(header_only, 50'000'000), LimitError);
  // Within the cap the same kind of file decodes.
  const cv::Mat small = decode_png(png_bomb(300, 200), 60'000);
  CHECK(small.size() == cv::Size(300, 200));
  CHECK(cv::countNonZero(small) == 0);
  CHECK_THROWS_AS(decode_png(png_bomb(300, 200), 59'999), LimitError);
}

TEST_CASE("decode_png: every pattern in masks/ decodes exactly as OpenCV decodes it") {
  int files = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(TANGRAM_SOURCE_DIR) + "/masks")) {
    if (entry.path().extension() != ".png") continue;
    const std::string bytes = read_all(entry.path());
    CAPTURE(entry.path().string());
    CHECK(identical(decode_png(bytes, 50'000'000), opencv_decode(bytes)));
    ++files;
  }
  CHECK(files >= 30);
}
