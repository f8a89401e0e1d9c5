#pragma once
/// \file explain.hpp
/// One placement taken apart, stage by stage, as in Fig. 7 of Yamada et al. 2019, computed
/// with the solver's own functions (rasterise_configuration, collision_free_area,
/// candidate_positions, skeleton, PlacementCost, place_mask); the pictures of Figs. 5, 6 and 7
/// with captions, for figures_html() to show in order.

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

/// The stages of placing one configuration on an empty pattern, as the paper's Algorithm 1
/// does it (the lowest-cost skeleton endpoint). Images have the pattern's size; positions are
/// anchor pixels (see raster.hpp) in the pattern's pixel frame.
struct PlacementWalkthrough {
  std::string piece;                ///< the configuration in words: "square at 45 deg"
  ConfigurationMask configuration;  ///< (b) the configuration and its mask
  Strategy strategy = Strategy::DistanceTransform;
  double inset_px = 0.0;             ///< inset of the mask (px)
  cv::Mat1b empty;                   ///< (a) 255 = empty puzzle pixel
  cv::Mat1b free_area;               ///< (d) 255 = collision-free anchor position
  cv::Mat1b skeleton;                ///< (e) Zhang-Suen skeleton of `free_area`
  std::vector<cv::Point> endpoints;  ///< (e) candidate positions: skeleton endpoints, by (y, x)
  /// (f) the strategy's cost matrix: for DT the normalised distance transform of `empty`, for
  /// the sweeps sweep_cost_matrix(); values in [0, 1].
  cv::Mat1f cost_matrix;
  std::vector<double> costs;  ///< cost of each endpoint (Eq. 1), same order
  /// Index of the cheapest endpoint (ties: smaller y, then smaller x, as in the search); none
  /// when the configuration has no collision-free position in the pattern.
  std::optional<std::size_t> chosen;
  cv::Mat1b after;  ///< (g) `empty` after the placement; empty when none
};

/// Places `configuration` (rasterised at the pattern's scale, inset by `inset_px`) on the
/// empty `pattern` with `strategy` and keeps every stage. Never throws for a piece that does
/// not fit: `chosen` is then empty.
PlacementWalkthrough explain_placement(const Pattern& pattern, const PieceSet& set,
                                       const Configuration& configuration, Strategy strategy,
                                       double inset_px);

/// The first of the angles 0, step, 2 step, ... below 360 degrees (each turned further by
/// `offset_deg`) at which `shape` (mirrored or
/// not) has a collision-free position on the empty pattern, its mask rasterised as the search
/// does (inset by `inset_px`): the configuration Algorithm 1 places first when it tries them in
/// this order. nullopt when none fits (or `step_deg` is not positive).
std::optional<double> first_fitting_angle(const Pattern& pattern, const PieceSet& set,
                                          ShapeId shape, bool mirrored, double step_deg,
                                          double inset_px, double offset_deg = 0.0);

/// The pictures of Fig. 7 (a-g) for `walkthrough`, of Fig. 5 (the seven strategies' cost
/// matrices for the pattern's size, as colour maps) and of Fig. 6 (the pattern and its
/// distance transform), drawn `scale` times the pattern's size (0 = figure_scale()). The
/// walkthrough must have a chosen endpoint; throws InputError otherwise.
std::vector<FigureSection> explain_figures(const Pattern& pattern,
                                           const PlacementWalkthrough& walkthrough, int scale = 0);

}  // namespace tangram
