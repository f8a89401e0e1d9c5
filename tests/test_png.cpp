// png.hpp: decode_png gives what OpenCV's decoder gives for every valid file, refuses broken
// ones with one line, checks the size before decoding, and never lets libpng print.

#include <cstdio>
#include <filesystem>
#include <string>

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

TEST_CASE("decode_png: broken files are refused with one line, libpng prints nothing") {
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
