#pragma once
/// \file explain.hpp
/// One placement stage by stage, and Figs. 5-7 of Yamada et al. 2019.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/piece_set.hpp"
#include "tangram/core/raster/placement.hpp"
#include "tangram/core/raster/raster.hpp"
#include "tangram/lab/figures.hpp"

namespace tangram {

/// The stages of placing one configuration as Algorithm 1 does (anchor pixels, pixel frame).
struct PlacementWalkthrough {
  std::string piece;                ///< the configuration in words: "square at 45 deg"
  ConfigurationMask configuration;  ///< (b) the configuration and its mask
  Strategy strategy = Strategy::DistanceTransform;
  double inset_px = 0.0;             ///< inset of the mask (px)
  cv::Mat1b empty;                   ///< (a) 255 = empty puzzle pixel
  cv::Mat1b free_area;               ///< (d) 255 = collision-free anchor position
  cv::Mat1b skeleton;                ///< (e) Zhang-Suen skeleton of `free_area`
  std::vector<cv::Point> endpoints;  ///< (e) candidate positions: skeleton endpoints, by (y, x)
  /// (f) the strategy's cost matrix, values in [0, 1].
  cv::Mat1f cost_matrix;
  std::vector<double> costs;  ///< cost of each endpoint (Eq. 1), same order
  /// Index of the cheapest endpoint (ties by y, then x); none when nothing fits.
  std::optional<std::size_t> chosen;
  cv::Mat1b after;  ///< (g) `empty` after the placement; empty when none
};

/// Places `configuration` on the empty `pattern`, keeping every stage.
PlacementWalkthrough explain_placement(const Pattern& pattern, const PieceSet& set,
                                       const Configuration& configuration, Strategy strategy,
                                       double inset_px);

/// The first angle offset_deg + k step_deg at which `shape` fits the empty pattern.
std::optional<double> first_fitting_angle(const Pattern& pattern, const PieceSet& set,
                                          ShapeId shape, bool mirrored, double step_deg,
                                          double inset_px, double offset_deg = 0.0);

/// The pictures of Figs. 7, 5 and 6 (`scale` 0: figure_scale()). Throws InputError without a
/// chosen endpoint.
std::vector<FigureSection> explain_figures(const Pattern& pattern,
                                           const PlacementWalkthrough& walkthrough, int scale = 0);

}  // namespace tangram
