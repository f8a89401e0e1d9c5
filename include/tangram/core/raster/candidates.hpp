#pragma once
/// \file candidates.hpp
/// Candidate positions: skeleton endpoints of a collision-free area (Yamada et al. 2019, Fig. 7e).

#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/geometry/geometry.hpp"
#include "tangram/core/raster/raster.hpp"

namespace tangram {

/// Which positions of a collision-free area to offer.
struct CandidateConfig {
  /// Add the area's corners (region_corners()) to the skeleton endpoints.
  bool corners = false;
  /// With `corners`: also the middles of boundary stretches this short (px; 0 = off).
  int short_edge_px = 0;
};

/// The positions of a collision-free area (set bit = free anchor), image coordinates, sorted by
/// (y, x), unique; at least one per component.
std::vector<cv::Point> candidate_positions(const BitGrid& free_area,
                                           const CandidateConfig& config = {});

/// Sorts positions by (y, x) and drops duplicates.
void sort_unique(std::vector<cv::Point>& points);

/// The corners of a region (255): its boundary simplified by Douglas-Peucker within 1 px.
std::vector<cv::Point> region_corners(const cv::Mat1b& region);

/// For each exact anchor, the nearest free one within `reach` px (ties to the smaller (y, x)),
/// kept when an obstacle lies within `reach` px of it; sorted by (y, x), unique.
std::vector<cv::Point> contacts_near(const BitGrid& free_area,
                                     const std::vector<cv::Point>& exact_anchors, int reach);

/// Free anchors where a piece corner (px from the anchor's centre) meets a region corner, within
/// `reach` px, against an obstacle; sorted by (y, x), unique.
std::vector<cv::Point> corner_contacts(const BitGrid& free_area,
                                       const std::vector<cv::Point>& region_corners,
                                       const std::vector<Vec2>& piece_corners, int reach);

}  // namespace tangram
