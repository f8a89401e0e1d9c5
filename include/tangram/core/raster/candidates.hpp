#pragma once
/// \file candidates.hpp
/// Candidate positions of a configuration: the endpoints of the morphological skeleton of its
/// collision-free area (Yamada et al. 2019, Sec. III-C, Fig. 7e). They sit in the corners of
/// the area, where the piece touches the most obstacles.

#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/geometry/geometry.hpp"
#include "tangram/core/raster/raster.hpp"

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

/// Sorts positions by (y, x) and drops duplicates.
void sort_unique(std::vector<cv::Point>& points);

/// The corners of a region (255 = in it): the vertices of its boundary contours simplified by
/// Douglas-Peucker with a 1 px tolerance (the boundary pixels there), in image coordinates.
std::vector<cv::Point> region_corners(const cv::Mat1b& region);

/// Positions at which a corner of the piece meets a corner of the empty region, where the
/// piece lies against an obstacle: for each corner w of the empty region (region_corners()) and
/// each corner v of the piece (offset of the corner from the centre of the anchor pixel, px),
/// the collision-free anchor nearest to w - v within `reach` px (nearest by distance, then by
/// (y, x)), kept when a position at most `reach` px from it is not collision-free. Sorted by
/// (y, x), without duplicates.
/// The free area's own corners miss these: a piece whose edge runs along an obstacle's edge
/// past the obstacle's corner slides along a straight stretch of the free area's boundary, and
/// the place where its corner meets the obstacle's (where the next piece will fit the two of
/// them) is no corner of that boundary.
std::vector<cv::Point> corner_contacts(const BitGrid& free_area,
                                       const std::vector<cv::Point>& region_corners,
                                       const std::vector<Vec2>& piece_corners, int reach);

}  // namespace tangram
