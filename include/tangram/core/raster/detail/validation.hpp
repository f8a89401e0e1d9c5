#pragma once
/// \file validation.hpp
/// Validation of an intermediate assembly (Yamada et al. 2019, Sec. III-D).

#include <vector>

#include "tangram/core/raster/layout.hpp"
#include "tangram/core/raster/raster.hpp"

namespace tangram {

/// A piece still to place: its least pixel count and least inner depth (px) over configurations.
struct PieceNeeds {
  long pixels = 0;
  float depth = 0.0f;
};

/// PieceNeeds of a piece from its rasterised configurations.
PieceNeeds piece_needs(const std::vector<ConfigurationMask>& configurations);

/// Rule (1): the largest empty region holds the largest remaining piece's pixels.
bool region_rule_holds(const LayoutState& state, const PieceNeeds& largest_remaining);

/// Rule (2): the empty regions are as deep as the largest remaining piece.
bool depth_rule_holds(const LayoutState& state, const PieceNeeds& largest_remaining);

/// Both rules of the paper.
bool paper_rules_hold(const LayoutState& state, const PieceNeeds& largest_remaining);

/// Forward check: every piece of `remaining` fits somewhere (`state.runs` built long enough).
bool every_piece_fits(const LayoutState& state, const std::vector<const PieceMasks*>& remaining);

}  // namespace tangram
