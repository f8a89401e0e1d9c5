// image.hpp: pictures in every format that is read decode exactly as OpenCV decodes them (the
// referee's reading; OpenCV's imgcodecs is the reference here, the library does not use it),
// the size comes from the header and meets the pixel cap before anything is decoded, broken
// files are refused with one line and nothing is ever printed; unknown content is named;
// picture outputs are chosen by extension.

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include <doctest/doctest.h>
#include <unistd.h>

#include <jpeglib.h>
#include <tiffio.h>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "checks.hpp"
#include "cli_runner.hpp"
#include "decoding.hpp"
#include "patterns.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/io/image.hpp"
#include "tangram/io/pattern_png.hpp"
#include "temp_dir.hpp"

using namespace tangram;
using namespace tangram::test;

namespace {

std::string encode(const std::string& extension, const cv::Mat& image,
                   const std::vector<int>& params = {}) {
  std::vector<uchar> bytes;
  REQUIRE(cv::imencode(extension, image, bytes, params));
  return std::string(bytes.begin(), bytes.end());
}

/// masks/02 (291 x 291, grey), as grey, BGR, BGRA (the paper transparent) and 16-bit grey.
struct Pictures {
  cv::Mat1b grey = cv::imread(kMasks + "02-page9-11.png", cv::IMREAD_GRAYSCALE);
  cv::Mat bgr, bgra, grey16, bgr16;
  Pictures() {
    cv::cvtColor(grey, bgr, cv::COLOR_GRAY2BGR);
    bgr.setTo(cv::Scalar(30, 60, 120), grey < 128);  // a coloured figure
    cv::cvtColor(bgr, bgra, cv::COLOR_BGR2BGRA);
    std::vector<cv::Mat> channels;
    cv::split(bgra, channels);
    channels[3].setTo(0, grey >= 128);
    cv::merge(channels, bgra);
    grey.convertTo(grey16, CV_16U, 257.0);
    bgr.convertTo(bgr16, CV_16U, 257.0);
  }
};

/// One file of each layout that is read, named, as OpenCV's encoders write them.
std::vector<std::pair<std::string, std::string>> sample_files() {
  const Pictures p;
  const int kTiffCompression = cv::IMWRITE_TIFF_COMPRESSION;
  return {
      {"jpeg grey", encode(".jpg", p.grey)},
      {"jpeg colour", encode(".jpg", p.bgr, {cv::IMWRITE_JPEG_QUALITY, 60})},
      {"jpeg progressive", encode(".jpg", p.bgr, {cv::IMWRITE_JPEG_PROGRESSIVE, 1})},
      {"jpeg restarts", encode(".jpg", p.grey, {cv::IMWRITE_JPEG_RST_INTERVAL, 3})},
      {"jpeg optimised", encode(".jpg", p.bgr, {cv::IMWRITE_JPEG_OPTIMIZE, 1})},
      {"bmp grey", encode(".bmp", p.grey)},
      {"bmp colour", encode(".bmp", p.bgr)},
      {"bmp alpha", encode(".bmp", p.bgra)},
      {"tiff grey lzw", encode(".tif", p.grey)},
      {"tiff colour none", encode(".tif", p.bgr, {kTiffCompression, 1})},
      {"tiff alpha deflate", encode(".tif", p.bgra, {kTiffCompression, 8})},
      {"tiff grey16 packbits", encode(".tif", p.grey16, {kTiffCompression, 32773})},
      {"tiff colour16", encode(".tif", p.bgr16)},
      {"webp lossy", encode(".webp", p.bgr, {cv::IMWRITE_WEBP_QUALITY, 80})},
      {"webp lossless", encode(".webp", p.bgr, {cv::IMWRITE_WEBP_QUALITY, 101})},
      {"webp alpha", encode(".webp", p.bgra, {cv::IMWRITE_WEBP_QUALITY, 101})},
      {"pgm", encode(".pgm", p.grey)},
      {"pgm 16", encode(".pgm", p.grey16)},
      {"ppm", encode(".ppm", p.bgr)},
      {"ppm 16", encode(".ppm", p.bgr16)},
      {"pbm", encode(".pbm", p.grey)},
      {"plain pgm", encode(".pgm", p.grey, {cv::IMWRITE_PXM_BINARY, 0})},
      {"plain ppm", encode(".ppm", p.bgr, {cv::IMWRITE_PXM_BINARY, 0})},
      {"plain pbm", encode(".pbm", p.grey, {cv::IMWRITE_PXM_BINARY, 0})},
  };
}

void put_le16(std::string& out, unsigned v) {
  out += static_cast<char>(v & 0xFF);
  out += static_cast<char>((v >> 8) & 0xFF);
}

void put_le32(std::string& out, std::uint32_t v) {
  put_le16(out, v & 0xFFFF);
  put_le16(out, v >> 16);
}

/// A BMP with a 40-byte header (or OS/2's 12 bytes), built byte by byte: `bpp` bits per pixel,
/// `compression`, `extra` (palette or masks) after the header, rows of `pitch` bytes from
/// `row(y)` (bottom-up unless `top_down`).
std::string bmp_file(int width, int height, int bpp, std::uint32_t compression,
                     const std::string& extra, const std::function<std::string(int)>& row,
                     bool os2 = false, bool top_down = false, std::uint32_t colours_used = 0) {
  std::string info;
  if (os2) {
    put_le32(info, 12);
    put_le16(info, static_cast<unsigned>(width));
    put_le16(info, static_cast<unsigned>(height));
    put_le16(info, 1);
    put_le16(info, static_cast<unsigned>(bpp));
  } else {
    put_le32(info, 40);
    put_le32(info, static_cast<std::uint32_t>(width));
    put_le32(info, static_cast<std::uint32_t>(top_down ? -height : height));
    put_le16(info, 1);
    put_le16(info, static_cast<unsigned>(bpp));
    put_le32(info, compression);
    put_le32(info, 0);
    put_le32(info, 2835);
    put_le32(info, 2835);
    put_le32(info, colours_used);
    put_le32(info, 0);
  }
  std::string pixels;
  for (int y = 0; y < height; ++y) pixels += row(y);
  std::string out = "BM";
  put_le32(out, static_cast<std::uint32_t>(14 + info.size() + extra.size() + pixels.size()));
  put_le32(out, 0);
  put_le32(out, static_cast<std::uint32_t>(14 + info.size() + extra.size()));
  return out + info + extra + pixels;
}

/// BMP layouts OpenCV's encoder does not write: 1, 4 and 16 bits per pixel, bit fields, the
/// OS/2 header (which OpenCV reads as grey, whatever its colours), top-down rows, colour and
/// grey palettes shorter than 2^bpp, 32 bits without bit fields.
std::vector<std::pair<std::string, std::string>> handmade_bmps() {
  const int w = 21, h = 13;
  const auto pattern = [](int x, int y) { return (x * 7 + y * 3) % 11 < 5; };
  std::string palette2, palette16, os2_palette;
  for (int i = 0; i < 16; ++i) {
    const std::string entry{char(i * 16), char(255 - i * 16), char(i * 8)};
    palette16 += entry + '\0';
    if (i < 2) palette2 += std::string(3, i ? '\xFF' : '\0') + '\0';
    if (i < 2) os2_palette += std::string(3, i ? '\xFF' : '\0');
  }
  const auto bits1 = [&](int y) {
    std::string row(((w + 31) / 32) * 4, '\0');
    for (int x = 0; x < w; ++x)
      if (pattern(x, y)) row[x / 8] = static_cast<char>(row[x / 8] | (0x80 >> (x % 8)));
    return row;
  };
  const auto bits4 = [&](int y) {
    std::string row(((w * 4 + 31) / 32) * 4, '\0');
    for (int x = 0; x < w; ++x)
      row[x / 2] = static_cast<char>(row[x / 2] | (((x + y) % 16) << (x % 2 ? 0 : 4)));
    return row;
  };
  const auto bits16 = [&](int y) {
    std::string row;
    for (int x = 0; x < w; ++x) put_le16(row, pattern(x, y) ? 0x0421u * (x % 31) : 0xFFFFu);
    row.resize(((w * 16 + 31) / 32) * 4, '\0');
    return row;
  };
  const auto bits32 = [&](int y) {
    std::string row;
    for (int x = 0; x < w; ++x) put_le32(row, pattern(x, y) ? 0xFF102030u : 0xFFF0F0F0u);
    return row;
  };
  const auto bits8 = [&](int y) {
    std::string row(((w * 8 + 31) / 32) * 4, '\0');
    for (int x = 0; x < w; ++x) row[x] = static_cast<char>((x * 5 + y * 11) % 24);
    return row;
  };
  const auto bits24 = [&](int y) {
    std::string row;
    for (int x = 0; x < w; ++x) row += std::string{char(x * 12), char(y * 19), char(200 - x * 3)};
    row.resize(((w * 24 + 31) / 32) * 4, '\0');
    return row;
  };
  const auto bits32_rgb = [&](int y) {
    std::string row;
    for (int x = 0; x < w; ++x) put_le32(row, 0x01020304u * static_cast<std::uint32_t>(x + y));
    return row;
  };
  // 20 colours of a 256-entry palette (indices 20-23 fall past it: black), and 20 greys.
  std::string colours20, greys20, os2_colours;
  for (int i = 0; i < 20; ++i) {
    colours20 += std::string{char(i * 12), char(250 - i * 9), char(i * 5)} + '\0';
    greys20 += std::string(3, char(i * 13)) + '\0';
  }
  for (int i = 0; i < 256; ++i) os2_colours += std::string{char(i), char(255 - i), char(i / 2)};
  std::string masks565, masks555, masks32;
  for (const std::uint32_t m : {0xF800u, 0x7E0u, 0x1Fu}) put_le32(masks565, m);
  for (const std::uint32_t m : {0x7C00u, 0x3E0u, 0x1Fu}) put_le32(masks555, m);
  for (const std::uint32_t m : {0xFF0000u, 0xFF00u, 0xFFu}) put_le32(masks32, m);
  return {
      {"bmp 1 bit", bmp_file(w, h, 1, 0, palette2, bits1)},
      {"bmp 4 bit", bmp_file(w, h, 4, 0, palette16, bits4)},
      {"bmp 16 bit 555", bmp_file(w, h, 16, 0, "", bits16)},
      {"bmp 16 bit 565 fields", bmp_file(w, h, 16, 3, masks565, bits16)},
      {"bmp 16 bit 555 fields", bmp_file(w, h, 16, 3, masks555, bits16)},
      {"bmp 32 bit fields", bmp_file(w, h, 32, 3, masks32, bits32)},
      {"bmp os2 1 bit", bmp_file(w, h, 1, 0, os2_palette, bits1, true)},
      {"bmp top-down 1 bit", bmp_file(w, h, 1, 0, palette2, bits1, false, true)},
      {"bmp 8 bit, 20 colours", bmp_file(w, h, 8, 0, colours20, bits8, false, false, 20)},
      {"bmp 8 bit, 20 greys", bmp_file(w, h, 8, 0, greys20, bits8, false, false, 20)},
      {"bmp 24 bit top-down", bmp_file(w, h, 24, 0, "", bits24, false, true)},
      {"bmp 32 bit", bmp_file(w, h, 32, 0, "", bits32_rgb)},
      {"bmp os2 8 bit colours", bmp_file(w, h, 8, 0, os2_colours, bits8, true)},
      {"bmp os2 24 bit", bmp_file(w, h, 24, 0, "", bits24, true)},
      {"bmp os2 32 bit", bmp_file(w, h, 32, 0, "", bits32_rgb, true)},
  };
}

/// A TIFF written by libtiff (40 x 30 px, samples from a fixed sequence): `bits` per sample,
/// `samples` per pixel, `photometric`, in strips of 7 rows or in 16 x 16 tiles, `planar`
/// configuration; palettes of 2^bits entries.
std::string tiff_file(const TempDir& dir, int bits, int samples, int photometric,
                      bool tiled = false, int planar = PLANARCONFIG_CONTIG, int orientation = 1) {
  const std::string path = dir.file("t.tif");
  TIFF* tif = TIFFOpen(path.c_str(), "w");
  REQUIRE(tif != nullptr);
  TIFFSetField(tif, TIFFTAG_IMAGEWIDTH, 40);
  TIFFSetField(tif, TIFFTAG_IMAGELENGTH, 30);
  TIFFSetField(tif, TIFFTAG_BITSPERSAMPLE, bits);
  TIFFSetField(tif, TIFFTAG_SAMPLESPERPIXEL, samples);
  TIFFSetField(tif, TIFFTAG_PHOTOMETRIC, photometric);
  TIFFSetField(tif, TIFFTAG_PLANARCONFIG, planar);
  TIFFSetField(tif, TIFFTAG_COMPRESSION, COMPRESSION_LZW);
  if (orientation != 1) TIFFSetField(tif, TIFFTAG_ORIENTATION, orientation);
  if (samples == 2 || samples == 4) {
    const std::uint16_t alpha = EXTRASAMPLE_UNASSALPHA;
    TIFFSetField(tif, TIFFTAG_EXTRASAMPLES, 1, &alpha);
  }
  std::vector<std::uint16_t> red(1u << bits), green(1u << bits), blue(1u << bits);
  for (std::size_t i = 0; i < red.size(); ++i) {
    red[i] = static_cast<std::uint16_t>(i * 251);
    green[i] = static_cast<std::uint16_t>(65535 - i * 199);
    blue[i] = static_cast<std::uint16_t>(i * 97);
  }
  if (photometric == PHOTOMETRIC_PALETTE)
    TIFFSetField(tif, TIFFTAG_COLORMAP, red.data(), green.data(), blue.data());
  if (tiled) {
    TIFFSetField(tif, TIFFTAG_TILEWIDTH, 16);
    TIFFSetField(tif, TIFFTAG_TILELENGTH, 16);
  } else {
    TIFFSetField(tif, TIFFTAG_ROWSPERSTRIP, 7);
  }
  std::vector<unsigned char> block(
      static_cast<std::size_t>(tiled ? TIFFTileSize(tif) : TIFFStripSize(tif)));
  for (std::size_t i = 0; i < block.size(); ++i) block[i] = static_cast<unsigned char>(i * 37);
  const std::uint32_t blocks = tiled ? TIFFNumberOfTiles(tif) : TIFFNumberOfStrips(tif);
  for (std::uint32_t i = 0; i < blocks; ++i)
    REQUIRE((tiled ? TIFFWriteEncodedTile(tif, i, block.data(), block.size())
                   : TIFFWriteEncodedStrip(tif, i, block.data(), block.size())) >= 0);
  TIFFClose(tif);
  return read_all(path);
}

/// Plain and raw Netpbm files OpenCV's encoder does not write: maximum values other than 255
/// and 65535 (plain samples above it), bitmaps with comments and without spaces, odd widths.
std::vector<std::pair<std::string, std::string>> handmade_pnms() {
  std::string raw_grey = "P5\n3 2\n100\n";
  for (const int v : {0, 50, 100, 150, 200, 255}) raw_grey += static_cast<char>(v);
  std::string raw_colour16 = "P6\n2 1\n1000\n";
  for (const int v : {0, 999, 1000, 4000, 65535, 7}) {
    raw_colour16 += static_cast<char>(v >> 8);
    raw_colour16 += static_cast<char>(v & 0xFF);
  }
  std::string raw_bitmap = "P4\n10 3\n";
  for (const int v : {0xA5, 0xC0, 0x3C, 0x40, 0xFF, 0xFF}) raw_bitmap += static_cast<char>(v);
  return {
      {"plain pgm, maximum 100", "P2\n3 2\n100\n0 50 100\n150 7 99\n"},
      {"raw pgm, maximum 100", raw_grey},
      {"plain pgm, maximum 1000", "P2 # a comment\n2 2 1000 0 1 999 1200\n"},
      {"plain ppm, maximum 1000", "P3\n2 1\n1000\n0 500 1000 1200 7 999\n"},
      {"raw ppm, maximum 1000", raw_colour16},
      {"plain pbm, comments", "P1\n# made by hand\n5 2\n1 0 1 0 1\n0 1 2 0 0\n"},
      {"plain pbm, no spaces", "P1\n5 2\n1010100110\n"},
      {"raw pbm, 10 wide", raw_bitmap},
  };
}

/// A JPEG written by libjpeg (37 x 23 px, a gradient per component): `components` samples in
/// `input` colour space, stored as `stored`, the first component sampled `h` x `v` times as
/// densely as the others.
std::string libjpeg_file(int components, J_COLOR_SPACE input, J_COLOR_SPACE stored, int h = 2,
                         int v = 2) {
  jpeg_compress_struct cinfo{};
  jpeg_error_mgr errors{};
  cinfo.err = jpeg_std_error(&errors);
  jpeg_create_compress(&cinfo);
  unsigned char* buffer = nullptr;
  unsigned long size = 0;
  jpeg_mem_dest(&cinfo, &buffer, &size);
  cinfo.image_width = 37;
  cinfo.image_height = 23;
  cinfo.input_components = components;
  cinfo.in_color_space = input;
  jpeg_set_defaults(&cinfo);
  jpeg_set_colorspace(&cinfo, stored);
  cinfo.comp_info[0].h_samp_factor = h;
  cinfo.comp_info[0].v_samp_factor = v;
  jpeg_set_quality(&cinfo, 80, TRUE);
  jpeg_start_compress(&cinfo, TRUE);
  std::vector<JSAMPLE> row(37 * static_cast<std::size_t>(components));
  while (cinfo.next_scanline < cinfo.image_height) {
    const unsigned y = cinfo.next_scanline;
    for (unsigned x = 0; x < 37; ++x)
      for (int c = 0; c < components; ++c)
        row[x * components + c] = static_cast<JSAMPLE>((x * 7 * (c + 1) + y * 11 + c * 60) % 256);
    JSAMPROW rows[1] = {row.data()};
    jpeg_write_scanlines(&cinfo, rows, 1);
  }
  jpeg_finish_compress(&cinfo);
  jpeg_destroy_compress(&cinfo);
  std::string out(reinterpret_cast<const char*>(buffer), size);
  std::free(buffer);
  return out;
}

/// decode_image gives what OpenCV gives for `bytes`, the header gives its size, and nothing is
/// printed.
void check_decodes_as_opencv(const std::string& bytes) {
  const cv::Mat reference = opencv_decode(bytes);
  REQUIRE_FALSE(reference.empty());
  cv::Mat decoded;
  const std::string printed = stderr_of([&] { decoded = decode_image(bytes, 100'000); });
  CHECK(identical(decoded, reference));
  CHECK(printed.empty());
  const ImageHeader header = read_image_header(bytes);
  CHECK(header.width == static_cast<std::uint32_t>(reference.cols));
  CHECK(header.height == static_cast<std::uint32_t>(reference.rows));
}

/// The message of the InputError that decode_image throws ("" when it decodes).
std::string image_refusal(const std::string& bytes, std::uint64_t max_pixels = 1'000'000) {
  return input_error([&] { decode_image(bytes, max_pixels); });
}

}  // namespace

TEST_CASE(
    "decode_image: every layout OpenCV writes decodes exactly as OpenCV decodes it, with "
    "the header's size and nothing printed") {
  for (const auto& [name, bytes] : sample_files()) {
    const auto& name_ = name;  // clang 14 lambdas take no bindings
    CAPTURE(name_);
    check_decodes_as_opencv(bytes);
  }
}

TEST_CASE(
    "decode_image: BMPs of 1, 4, 16 and 32 bits, with bit fields, OS/2 headers and "
    "top-down rows decode as OpenCV decodes them") {
  for (const auto& [name, bytes] : handmade_bmps()) {
    const auto& name_ = name;  // clang 14 lambdas take no bindings
    CAPTURE(name_);
    check_decodes_as_opencv(bytes);
  }
}

TEST_CASE(
    "decode_image: plain and raw PBM/PGM/PPM of any maximum value decode as OpenCV decodes "
    "them") {
  for (const auto& [name, bytes] : handmade_pnms()) {
    const auto& name_ = name;  // clang 14 lambdas take no bindings
    CAPTURE(name_);
    check_decodes_as_opencv(bytes);
  }
}

TEST_CASE(
    "decode_image: JPEGs in grey, RGB, YCbCr of every sampling, CMYK and YCCK decode as "
    "OpenCV decodes them") {
  const struct {
    const char* name;
    std::string bytes;
  } files[] = {
      {"grey", libjpeg_file(1, JCS_GRAYSCALE, JCS_GRAYSCALE, 1, 1)},
      {"4:2:0", libjpeg_file(3, JCS_RGB, JCS_YCbCr)},
      {"4:2:2", libjpeg_file(3, JCS_RGB, JCS_YCbCr, 2, 1)},
      {"4:4:0", libjpeg_file(3, JCS_RGB, JCS_YCbCr, 1, 2)},
      {"4:4:4", libjpeg_file(3, JCS_RGB, JCS_YCbCr, 1, 1)},
      {"rgb", libjpeg_file(3, JCS_RGB, JCS_RGB, 1, 1)},
      {"cmyk", libjpeg_file(4, JCS_CMYK, JCS_CMYK, 1, 1)},
      {"ycck", libjpeg_file(4, JCS_CMYK, JCS_YCCK)},
  };
  for (const auto& f : files) {
    CAPTURE(f.name);
    check_decodes_as_opencv(f.bytes);
  }
}

TEST_CASE(
    "decode_image: TIFFs of 1, 8 and 16 bits, palettes and alpha decode as OpenCV decodes "
    "them; layouts OpenCV 4.6 does not read whole are refused by name, silently") {
  const TempDir dir("image");
  const struct {
    const char* name;
    std::string bytes;
  } read[] = {
      {"bilevel", tiff_file(dir, 1, 1, PHOTOMETRIC_MINISWHITE)},
      {"grey 8", tiff_file(dir, 8, 1, PHOTOMETRIC_MINISBLACK)},
      {"palette 8", tiff_file(dir, 8, 1, PHOTOMETRIC_PALETTE)},
      {"rgba 16", tiff_file(dir, 16, 4, PHOTOMETRIC_RGB)},
  };
  for (const auto& c : read) {
    CAPTURE(c.name);
    check_decodes_as_opencv(c.bytes);
  }
  // Orientations 2-4 mirror the picture (OpenCV turns it upright); 5-8 also turn it on its
  // side, which OpenCV gives with the sides swapped: refused.
  for (int orientation = 1; orientation <= 8; ++orientation) {
    CAPTURE(orientation);
    const std::string files[] = {
        tiff_file(dir, 1, 1, PHOTOMETRIC_MINISWHITE, false, PLANARCONFIG_CONTIG, orientation),
        tiff_file(dir, 8, 3, PHOTOMETRIC_RGB, false, PLANARCONFIG_CONTIG, orientation),
        tiff_file(dir, 16, 4, PHOTOMETRIC_RGB, false, PLANARCONFIG_CONTIG, orientation),
    };
    for (const std::string& bytes : files) {
      if (orientation <= 4) {
        check_decodes_as_opencv(bytes);
        continue;
      }
      std::string message;
      const std::string printed = stderr_of([&] { message = image_refusal(bytes); });
      CHECK(contains(message, "a TIFF with orientation " + std::to_string(orientation)));
      CHECK(printed.empty());
    }
  }
  const struct {
    const char* name;
    std::string bytes;
    const char* with;
  } refused[] = {
      // OpenCV 4.6 fails on the edge tiles of this one (TIFFReadRGBATile), printing.
      {"tiled", tiff_file(dir, 8, 1, PHOTOMETRIC_MINISBLACK, true), "a TIFF with tiles"},
      {"palette 4", tiff_file(dir, 4, 1, PHOTOMETRIC_PALETTE), "4-bit samples and a palette"},
      {"grey 4", tiff_file(dir, 4, 1, PHOTOMETRIC_MINISBLACK), "4-bit samples"},
      {"grey + alpha", tiff_file(dir, 8, 2, PHOTOMETRIC_MINISBLACK), "2 samples per pixel"},
      {"planes", tiff_file(dir, 8, 3, PHOTOMETRIC_RGB, false, PLANARCONFIG_SEPARATE),
       "separate colour planes"},
  };
  for (const auto& c : refused) {
    CAPTURE(c.name);
    std::string message;
    const std::string printed = stderr_of([&] { message = image_refusal(c.bytes); });
    CHECK(contains(message, c.with));
    CHECK(contains(message, "which tangram does not read: save it as PNG"));
    CHECK(printed.empty());
  }
}

TEST_CASE(
    "decode_image: cut and damaged files of every format are refused with one line or "
    "decoded as OpenCV decodes them, and nothing is ever printed") {
  std::mt19937 random(19);
  auto files = sample_files();
  for (auto& file : handmade_bmps()) files.push_back(file);
  for (auto& file : handmade_pnms()) files.push_back(file);
  for (const auto& [name, good] : files) {
    int refused = 0;
    for (int trial = 0; trial < 40; ++trial) {
      std::string bytes = good;
      if (trial % 2 == 0) {
        bytes.resize(random() % bytes.size());
      } else {
        for (int k = 0; k < 1 + trial % 5; ++k)
          bytes[random() % bytes.size()] = static_cast<char>(random());
      }
      const auto& name_ = name;  // clang 14 lambdas take no bindings
      CAPTURE(name_);
      CAPTURE(trial);
      std::string message;
      cv::Mat decoded;
      const std::string printed = stderr_of(
          [&] { message = input_error([&] { decoded = decode_image(bytes, 100'000); }); });
      CHECK(printed.empty());
      CHECK(message.find('\n') == std::string::npos);
      if (message.empty()) {
        cv::Mat reference;
        stderr_of([&] { reference = opencv_decode(bytes); });
        CHECK(identical(decoded, reference));
      } else {
        ++refused;
      }
    }
    const auto& name_ = name;  // clang 14 lambdas take no bindings
    CAPTURE(name_);
    CHECK(refused >= 15);  // every cut file at least (a cut at the very end may still decode)
  }
}

TEST_CASE(
    "decode_image: every picture of tests/data/ and masks/ (the sets' figures too) decodes "
    "exactly as OpenCV decodes it") {
  int files = 0;
  for (const std::string folder : {"/tests/data", "/masks"})
    for (const auto& entry :
         std::filesystem::recursive_directory_iterator(std::string(TANGRAM_SOURCE_DIR) + folder)) {
      const std::string extension = entry.path().extension().string();
      if (!entry.is_regular_file() || !names_a_picture(entry.path().string()) ||
          extension == ".svg")
        continue;
      CAPTURE(entry.path().string());
      const std::string bytes = read_all(entry.path());
      const cv::Mat reference = opencv_decode(bytes);
      REQUIRE_FALSE(reference.empty());
      CHECK(identical(decode_image(bytes, 50'000'000), reference));
      ++files;
    }
  CHECK(files >= 100);
}

TEST_CASE("decode_image: the pixel cap is checked from each format's header, before any data") {
  std::string jpeg = "\xFF\xD8\xFF\xC0";
  jpeg += std::string("\x00\x0B\x08\x4E\x20\x4E\x20\x01\x01\x11\x00", 11);  // 20000 x 20000
  std::string bmp = "BM";
  put_le32(bmp, 0);
  put_le32(bmp, 0);
  put_le32(bmp, 54);
  put_le32(bmp, 40);
  put_le32(bmp, 20000);
  put_le32(bmp, 20000);
  put_le16(bmp, 1);
  put_le16(bmp, 8);
  bmp += std::string(24, '\0');
  std::string tiff("II*\0\x08\0\0\0\x02\0", 10);
  for (const unsigned tag : {256u, 257u}) {
    put_le16(tiff, tag);
    put_le16(tiff, 4);
    put_le32(tiff, 1);
    put_le32(tiff, 20000);
  }
  std::string webp("RIFF\0\0\0\0WEBPVP8X", 16);  // an extended WebP: a 24-bit canvas size
  webp += std::string(8, '\0');
  webp += std::string("\x1F\x4E\x00\x1F\x4E\x00", 6);  // 19999 + 1 each way
  webp.resize(40, '\0');
  const struct {
    const char* name;
    std::string bytes;
  } cases[] = {
      {"jpeg", jpeg}, {"bmp", bmp}, {"tiff", tiff}, {"pgm", "P5\n20000 20000\n255\n"},
      {"webp", webp},
  };
  for (const auto& c : cases) {
    CAPTURE(c.name);
    const std::string message =
        thrown_message<LimitError>([&] { decode_image(c.bytes, 1'000'000); });
    CHECK(message ==
          "20000 x 20000 px is over the limit of 1000000 pixels (raise it with "
          "max_pixels)");
    CHECK(read_image_header(c.bytes).width == 20000);
  }
}

TEST_CASE(
    "decode_image: unknown content is 'not an image' with its first bytes; formats that "
    "are not read are named") {
  CHECK(image_refusal("{\"format\": 1}") ==
        "not an image: starts with 7B 22 66 6F 72 6D 61 74 ('{\"format'); tangram reads PNG, "
        "JPEG, BMP, TIFF, WebP, PBM/PGM/PPM");
  CHECK(image_refusal("") == "not an image: the file is empty");
  CHECK(contains(image_refusal("GIF89a\x01\x00\x01\x00"),
                 "a GIF image, which tangram does not read"));
  CHECK(contains(image_refusal("<svg xmlns=\"http://www.w3.org/2000/svg\">"), "an SVG drawing"));
  CHECK(contains(image_refusal("%PDF-1.7\n"), "a PDF document"));
  CHECK(contains(image_refusal(std::string("\0\0\0\x0CjP  \r\n\x87\n", 12) + "rest"), "JPEG 2000"));
  CHECK(
      contains(image_refusal(std::string("BM") + std::string(16, '\0')), "the BMP data cannot be"));
}

TEST_CASE(
    "picture outputs: .png (any case) and - are PNG; other names are refused with one "
    "line naming the path") {
  CHECK(picture_output_format("out.png") == PictureFormat::Png);
  CHECK(picture_output_format("dir.v2/OUT.PNG") == PictureFormat::Png);
  CHECK(picture_output_format("-") == PictureFormat::Png);
  CHECK(thrown_message<UsageError>([] { picture_output_format("out/house.svg"); }) ==
        "out/house.svg: cannot write an SVG picture; pictures are written as .png (name the "
        "file so)");
  CHECK(contains(thrown_message<UsageError>([] { picture_output_format("a.jpg"); }),
                 "cannot write a JPEG picture"));
  CHECK(contains(thrown_message<UsageError>([] { picture_output_format("picture"); }),
                 "picture: no extension to choose the picture's format"));
  CHECK(contains(thrown_message<UsageError>([] { picture_output_format("a.xyz"); }),
                 "'.xyz' is not a picture format"));
}

TEST_CASE(
    "a JPEG of a masks/ pattern reads like its PNG: the pixels that differ lie on the "
    "figure's edge, and the area is the same within 0.5%") {
  const std::string png = read_all(kMasks + "02-page9-11.png");
  const cv::Mat1b grey = cv::imread(kMasks + "02-page9-11.png", cv::IMREAD_GRAYSCALE);
  for (const int quality : {90, 50, 25}) {
    CAPTURE(quality);
    const std::string jpeg = encode(".jpg", grey, {cv::IMWRITE_JPEG_QUALITY, quality});
    const Silhouette from_png = decode_silhouette(png, InputConfig{}, "fig.png");
    const Silhouette from_jpeg = decode_silhouette(jpeg, InputConfig{}, "fig.jpg");
    const cv::Mat1b& a = from_png.pattern.puzzle;
    const cv::Mat1b& b = from_jpeg.pattern.puzzle;
    REQUIRE(a.size() == b.size());
    // The edge: pixels with a neighbour (8-connected) on the other side in the PNG.
    cv::Mat1b inside, outside;
    cv::erode(a, inside, cv::Mat());
    cv::dilate(a, outside, cv::Mat());
    const cv::Mat1b edge = outside - inside;
    const cv::Mat1b differ = a != b;
    CHECK(cv::countNonZero(differ & ~edge) == 0);
    CHECK(std::abs(from_jpeg.pattern.area_px - from_png.pattern.area_px) <
          0.005 * from_png.pattern.area_px);
  }
}
