#pragma once
/// \file warp.hpp
/// An affine warp of a grey image with bilinear interpolation: the same pixels as OpenCV's
/// `cv::warpAffine(src, dst, forward, size, cv::INTER_LINEAR, cv::BORDER_CONSTANT, 0)`, whose
/// fixed-point arithmetic it follows, without that function's module of OpenCV, whose tables
/// are computed at every start of a program that links it statically (docs/design/figure.md).

#include <opencv2/core.hpp>

namespace tangram {

/// `src` mapped by `forward` (source pixel centre to destination pixel centre, OpenCV's
/// convention) onto an image of `size`; destination pixels whose source lies outside `src`
/// read it as 0 there.
cv::Mat1b warp_affine_linear(const cv::Mat1b& src, const cv::Matx23d& forward, cv::Size size);

}  // namespace tangram
