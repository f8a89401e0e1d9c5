// PBM/PGM/PPM (P1-P6): headers, checks and samples read here, the way OpenCV 4.6's PxMDecoder
// (grfmt_pxm.cpp) reads them: bitmaps as 0 (ink) and 255, grey and RGB (as BGR) samples of 8
// bits when the maximum value is under 256, else 16; plain (text) samples above the maximum
// taken as the maximum and 8-bit ones scaled to 0-255, raw samples as they are.

#include <algorithm>
#include <cctype>
#include <cstring>
#include <optional>
#include <string>

#include "tangram/io/detail/image_formats.hpp"

namespace tangram::detail {

namespace {

/// Netpbm text as OpenCV's ReadNumber() takes it: whitespace and '#' comments (to the end of
/// the line) before a number, then its digits (at most `max_digits`, 0 = any), then, unless the
/// digit limit stopped it, one more byte. Every byte taken must exist.
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

}  // namespace

ImageHeader pnm_header(std::string_view b) { return pnm_layout(b).header; }

cv::Mat decode_pnm(std::string_view b) {
  const ImageFormat f = ImageFormat::Pnm;
  const PnmLayout layout = pnm_layout(b);
  const bool bitmap = layout.kind == 1 || layout.kind == 4;
  const int width = static_cast<int>(layout.header.width);
  const int height = static_cast<int>(layout.header.height);
  const int channels = layout.kind % 3 == 0 ? 3 : 1;
  const bool sixteen = layout.maxval > 255;
  const std::uint64_t samples =
      std::uint64_t{layout.header.width} * layout.header.height * static_cast<unsigned>(channels);
  cv::Mat image(height, width, CV_MAKETYPE(sixteen ? CV_16U : CV_8U, channels));
  // Sample i of the picture in file order (RGB), written in OpenCV's (BGR).
  const auto put = [&](std::uint64_t i, unsigned value) {
    const std::uint64_t pixel = i / static_cast<unsigned>(channels);
    const int c = static_cast<int>(i % static_cast<unsigned>(channels));
    const int x = static_cast<int>(pixel % static_cast<unsigned>(width));
    const int y = static_cast<int>(pixel / static_cast<unsigned>(width));
    const int at = x * channels + (channels == 3 ? 2 - c : 0);
    if (sixteen)
      image.ptr<std::uint16_t>(y)[at] = static_cast<std::uint16_t>(value);
    else
      image.ptr(y)[at] = static_cast<unsigned char>(value);
  };
  if (layout.kind >= 4) {  // raw rows, which must all be in the file
    const std::uint64_t bytes_per_sample = sixteen ? 2 : 1;
    const std::uint64_t row_samples = std::uint64_t{layout.header.width} * channels;
    const std::uint64_t pitch =
        bitmap ? (layout.header.width + 7) / 8 : row_samples * bytes_per_sample;
    if (layout.data_start + pitch * layout.header.height > b.size())
      truncated(f, layout.data_start + pitch * layout.header.height, b.size());
    for (int y = 0; y < height; ++y) {
      const std::uint64_t row = layout.data_start + pitch * static_cast<std::uint64_t>(y);
      for (std::uint64_t s = 0; s < row_samples; ++s) {
        const std::uint64_t i = static_cast<std::uint64_t>(y) * row_samples + s;
        if (bitmap)
          put(i, (byte_at(b, row + s / 8) >> (7 - s % 8) & 1) != 0 ? 0 : 255);
        else if (sixteen)
          put(i, be16(b, row + 2 * s));
        else
          put(i, byte_at(b, row + s));
      }
    }
    return image;
  }
  PnmReader in(b.substr(layout.data_start));
  for (std::uint64_t i = 0; i < samples; ++i) {
    const auto value = in.number(bitmap ? 1 : 0);
    if (!value)
      unreadable(f, "sample " + std::to_string(i + 1) + " of " + std::to_string(samples) + ": " +
                        in.problem);
    if (bitmap)
      put(i, *value != 0 ? 0 : 255);
    else if (sixteen)
      put(i, std::min(*value, layout.maxval));
    else
      put(i, std::min(*value, layout.maxval) * 255 / layout.maxval);
  }
  return image;
}

}  // namespace tangram::detail
