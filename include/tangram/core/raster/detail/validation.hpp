#pragma once
/// \file validation.hpp
/// Validation of an intermediate assembly (Yamada et al. 2019, Sec. III-D): after a piece is
/// placed, can the remaining pieces still fit in the empty regions?

#include <vector>

#include "tangram/core/raster/layout.hpp"
#include "tangram/core/raster/raster.hpp"

namespace tangram {

/// What the paper's rules need to know about a piece still to be placed: its smallest pixel
/// count and smallest maximum inner distance over its configurations (px).
struct PieceNeeds {
  long pixels = 0;
  float depth = 0.0f;
};

/// PieceNeeds of a piece from its rasterised configurations.
PieceNeeds piece_needs(const std::vector<ConfigurationMask>& configurations);

/// Rule (1): the largest empty region has at least as many pixels as the largest remaining
/// piece.
bool region_rule_holds(const LayoutState& state, const PieceNeeds& largest_remaining);

/// Rule (2): the largest remaining piece's maximum distance-transform value does not exceed the
/// empty regions' maximum.
bool depth_rule_holds(const LayoutState& state, const PieceNeeds& largest_remaining);

/// Both rules of the paper.
bool paper_rules_hold(const LayoutState& state, const PieceNeeds& largest_remaining);

/// Forward check (this project): every piece in `remaining` has at least one collision-free
/// position in some configuration. `state.runs` must cover the pieces' longest runs.
bool every_piece_fits(const LayoutState& state, const std::vector<const PieceMasks*>& remaining);

}  // namespace tangram
