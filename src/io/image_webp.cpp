// WebP: the RIFF header read here, the data decoded by libwebp as OpenCV 4.6's WebPDecoder
// (grfmt_webp.cpp) decodes it: the features of the first 32 bytes say whether there is alpha,
// then WebPDecodeBGRAInto or WebPDecodeBGRInto. libwebp does not print; it is opened on the
// first WebP read (shared_library.hpp).

#include <string>

#include <webp/decode.h>

#include "tangram/core/base/error.hpp"
#include "tangram/io/detail/image_formats.hpp"
#include "tangram/io/detail/shared_library.hpp"

namespace tangram::detail {

namespace {

/// OpenCV reads a WebP's features from its first bytes (WEBP_HEADER_SIZE).
constexpr std::size_t kWebpHeaderBytes = 32;

/// The functions of libwebp that decode_webp() calls, named as in webp/decode.h.
struct Libwebp {
  SharedLibrary lib{TANGRAM_WEBP_SONAME, "WebP"};
  TANGRAM_LIBRARY_FUNCTION(lib, WebPGetFeaturesInternal);
  TANGRAM_LIBRARY_FUNCTION(lib, WebPDecodeBGRAInto);
  TANGRAM_LIBRARY_FUNCTION(lib, WebPDecodeBGRInto);
};

}  // namespace

ImageHeader webp_header(std::string_view b) {
  const ImageFormat f = ImageFormat::WebP;
  // OpenCV recognises a WebP by WebPGetFeatures on the first 32 bytes: a shorter file is not one.
  if (b.size() < kWebpHeaderBytes) truncated(f, kWebpHeaderBytes, b.size());
  const std::string_view chunk = b.substr(12, 4);
  ImageHeader header{f, 0, 0};
  if (chunk == "VP8 ") {
    if ((byte_at(b, 20) & 1) != 0 || !starts_with(b, "\x9D\x01\x2A", 23))
      unreadable(f, "not a key frame");
    header.width = le16(b, 26) & 0x3FFF;
    header.height = le16(b, 28) & 0x3FFF;
  } else if (chunk == "VP8L") {
    if (byte_at(b, 20) != 0x2F) unreadable(f, "bad lossless signature");
    const std::uint32_t bits = le32(b, 21);
    header.width = (bits & 0x3FFF) + 1;
    header.height = ((bits >> 14) & 0x3FFF) + 1;
  } else if (chunk == "VP8X") {
    if ((byte_at(b, 20) & 0x02) != 0)
      throw InputError("an animated WebP, which tangram does not read: save one frame as PNG");
    header.width = (le32(b, 24) & 0xFFFFFF) + 1;
    header.height = (le32(b, 27) & 0xFFFFFF) + 1;
  } else {
    unreadable(f, "unknown first chunk");
  }
  if (header.width == 0 || header.height == 0) unreadable(f, "zero image size");
  return header;
}

cv::Mat decode_webp(std::string_view b, const ImageHeader& header) {
  const ImageFormat f = ImageFormat::WebP;
  const Libwebp& webp = opened<Libwebp>();
  const auto* data = reinterpret_cast<const std::uint8_t*>(b.data());
  WebPBitstreamFeatures features;
  // WebPGetFeatures(), an inline function of webp/decode.h.
  if (webp.WebPGetFeaturesInternal(data, kWebpHeaderBytes, &features, WEBP_DECODER_ABI_VERSION) !=
      VP8_STATUS_OK)
    unreadable(f, "the decoder failed");
  if (features.width != static_cast<int>(header.width) ||
      features.height != static_cast<int>(header.height))
    unreadable(f, "the decoded size differs from the header's");
  cv::Mat image(features.height, features.width, features.has_alpha ? CV_8UC4 : CV_8UC3);
  const auto out_size = static_cast<std::size_t>(image.total() * image.elemSize());
  const std::uint8_t* decoded = features.has_alpha
                                    ? webp.WebPDecodeBGRAInto(data, b.size(), image.data, out_size,
                                                              static_cast<int>(image.step))
                                    : webp.WebPDecodeBGRInto(data, b.size(), image.data, out_size,
                                                             static_cast<int>(image.step));
  if (decoded != image.data) unreadable(f, "the decoder failed");
  return image;
}

}  // namespace tangram::detail
