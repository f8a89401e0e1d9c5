#pragma once
/// \file candidates.hpp
/// Candidate positions of a configuration: the endpoints of the morphological skeleton of its
/// collision-free area (Yamada et al. 2019, Sec. III-C, Fig. 7e). They sit in the corners of
/// the area, where the piece touches the most obstacles.

#include <vector>

#include <opencv2/core.hpp>

#include "tangram/raster.hpp"

namespace tangram {

/// Skeleton endpoints of `free_area` (set bit = collision-free anchor), in image coordinates,
/// sorted by (y, x). Only the area's bounding box is thinned. Every connected component yields
/// at least one position (see skeleton()).
std::vector<cv::Point> candidate_positions(const BitGrid& free_area);

}  // namespace tangram
