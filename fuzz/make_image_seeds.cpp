/// Writes the non-PNG seeds of fuzz_image_silhouette into a directory (fuzz/make-seeds.py
/// writes the PNG ones): masks/02-page9-11 at half size (146 x 146 px), encoded by OpenCV in
/// every format and layout that io/image.hpp reads, plus a few that it refuses by name.
///
///     make_image_seeds SOURCE_DIR OUT_DIR
///
/// JPEG (grey, colour, progressive, restart markers, quality 20), BMP (grey palette, 24 and 32
/// bits), TIFF (grey LZW, colour uncompressed, colour + alpha deflate, 16-bit grey PackBits,
/// 16-bit colour), WebP (lossy, lossless, lossless with alpha), PGM and PPM (8 and 16 bits,
/// raw and plain), PBM (raw and plain); refused: Sun raster, PAM, JPEG 2000.

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: make_image_seeds SOURCE_DIR OUT_DIR\n");
    return 2;
  }
  const std::string source = argv[1], out = argv[2];
  cv::Mat grey = cv::imread(source + "/masks/02-page9-11.png", cv::IMREAD_GRAYSCALE);
  if (grey.empty()) {
    std::fprintf(stderr, "make_image_seeds: cannot read %s/masks/02-page9-11.png\n", argv[1]);
    return 1;
  }
  cv::resize(grey, grey, cv::Size(), 0.5, 0.5, cv::INTER_AREA);
  cv::Mat colour, alpha, grey16, colour16;
  cv::cvtColor(grey, colour, cv::COLOR_GRAY2BGR);
  colour.setTo(cv::Scalar(40, 90, 160), grey < 128);
  cv::cvtColor(colour, alpha, cv::COLOR_BGR2BGRA);
  std::vector<cv::Mat> channels;
  cv::split(alpha, channels);
  channels[3].setTo(0, grey >= 128);
  cv::merge(channels, alpha);
  grey.convertTo(grey16, CV_16U, 257.0);
  colour.convertTo(colour16, CV_16U, 257.0);
  const int tiff = cv::IMWRITE_TIFF_COMPRESSION, plain = cv::IMWRITE_PXM_BINARY;
  struct Seed {
    const char* name;
    const cv::Mat& image;
    std::vector<int> params;
  };
  const Seed seeds[] = {
      {"grey.jpg", grey, {}},
      {"colour.jpg", colour, {cv::IMWRITE_JPEG_QUALITY, 80}},
      {"progressive.jpg", colour, {cv::IMWRITE_JPEG_PROGRESSIVE, 1}},
      {"restarts.jpg", grey, {cv::IMWRITE_JPEG_RST_INTERVAL, 2}},
      {"low-quality.jpg", grey, {cv::IMWRITE_JPEG_QUALITY, 20}},
      {"grey.bmp", grey, {}},
      {"colour.bmp", colour, {}},
      {"alpha.bmp", alpha, {}},
      {"grey-lzw.tif", grey, {}},
      {"colour-none.tif", colour, {tiff, 1}},
      {"alpha-deflate.tif", alpha, {tiff, 8}},
      {"grey16-packbits.tif", grey16, {tiff, 32773}},
      {"colour16.tif", colour16, {}},
      {"lossy.webp", colour, {cv::IMWRITE_WEBP_QUALITY, 60}},
      {"lossless.webp", colour, {cv::IMWRITE_WEBP_QUALITY, 101}},
      {"alpha.webp", alpha, {cv::IMWRITE_WEBP_QUALITY, 101}},
      {"grey.pgm", grey, {}},
      {"grey16.pgm", grey16, {}},
      {"plain.pgm", grey, {plain, 0}},
      {"colour.ppm", colour, {}},
      {"colour16.ppm", colour16, {}},
      {"plain.ppm", colour, {plain, 0}},
      {"bitmap.pbm", grey, {}},
      {"plain.pbm", grey, {plain, 0}},
      {"refused.ras", grey, {}},
      {"refused.pam", grey, {}},
      {"refused.jp2", grey, {}},
  };
  int written = 0;
  for (const Seed& seed : seeds) {
    const std::string name = seed.name;
    std::vector<uchar> bytes;
    if (!cv::imencode(name.substr(name.rfind('.')), seed.image, bytes, seed.params)) {
      std::fprintf(stderr, "make_image_seeds: OpenCV cannot write %s\n", seed.name);
      return 1;
    }
    std::ofstream(out + "/" + name, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
    ++written;
  }
  std::printf("make_image_seeds: %d seeds in %s\n", written, out.c_str());
  return 0;
}
