#pragma once
/// \file detail/imdecode.hpp
/// OpenCV's decoder on bytes already checked. Internal.

#include <string_view>

#include <opencv2/core.hpp>

namespace tangram::detail {

/// cv::imdecode(IMREAD_UNCHANGED) of checked bytes. Throws InputError naming `format`.
cv::Mat imdecode_checked(std::string_view bytes, std::string_view format);

}  // namespace tangram::detail
