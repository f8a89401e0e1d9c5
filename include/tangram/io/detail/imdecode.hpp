#pragma once
/// \file detail/imdecode.hpp
/// The last step of png.cpp's and image.cpp's decoders: OpenCV's own decoder on bytes they
/// have checked. Internal: not part of the library's interface.

#include <string_view>

#include <opencv2/core.hpp>

namespace tangram::detail {

/// cv::imdecode(IMREAD_UNCHANGED) of checked bytes: 8 or 16-bit samples, 1, 3 or 4 channels.
/// Throws InputError "the FORMAT data cannot be decoded (the decoder failed)" (`format` names
/// it: "PNG") when OpenCV gives nothing or other samples.
cv::Mat imdecode_checked(std::string_view bytes, std::string_view format);

}  // namespace tangram::detail
