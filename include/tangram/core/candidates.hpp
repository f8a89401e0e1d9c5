#pragma once
/// \file candidates.hpp
/// Candidate positions of a configuration: the endpoints of the morphological skeleton of its
/// collision-free area (Yamada et al. 2019, Sec. III-C, Fig. 7e). They sit in the corners of
/// the area, where the piece touches the most obstacles.

#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/raster.hpp"

namespace tangram {

/// Which positions of a collision-free area to offer.
struct CandidateConfig {
  /// Add the area's corners to the skeleton endpoints: the vertices of each boundary contour
  /// simplified by Douglas-Peucker with a 1 px tolerance. A corner is where the piece touches
  /// two obstacles at once; thinning can miss such corners (Zhang-Suen drops the branch to a
  /// right angle).
  bool corners = false;
  /// With `corners`: also the middle of every boundary stretch between two corners at most
  /// this many pixels apart. Such short edges are the slack the inset masks leave where a
  /// piece fits a slot exactly; the middle is the piece's true position (0 = off).
  int short_edge_px = 0;
};

/// Candidate positions of a collision-free area (set bit = collision-free anchor), in image
/// coordinates, sorted by (y, x), without duplicates. With the default config these are the
/// endpoints of the area's skeleton, as in the paper. Only the area's bounding box is
/// processed. Every connected component yields at least one position (see skeleton()).
std::vector<cv::Point> candidate_positions(const BitGrid& free_area,
                                           const CandidateConfig& config = {});

}  // namespace tangram
