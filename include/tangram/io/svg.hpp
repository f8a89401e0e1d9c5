#pragma once
/// \file svg.hpp
/// Assemblies as SVG: the PNG's picture as exact vectors, in px (docs/design/io.md).

#include <optional>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/geometry/geometry.hpp"
#include "tangram/core/puzzle/pattern.hpp"
#include "tangram/core/puzzle/piece_set.hpp"
#include "tangram/core/puzzle/solution.hpp"
#include "tangram/io/picture.hpp"

namespace tangram {

/// The boundary of a mask's nonzero pixels as loops of pixel edges, outer ones clockwise.
std::vector<Polygon> mask_outline(const cv::Mat1b& mask);

/// What an SVG picture shows besides the assembly, and at what size.
struct SvgConfig {
  /// Display size: width and height are `scale` (>= 1) times the view box's.
  int scale = 2;
  std::string title;  ///< the document's <title> (the pattern's name); "assembly" when empty
  /// The caption below the assembly (caption_lines()); none when not set.
  std::optional<PictureCaption> caption;
  /// The set's legend below the caption, as render_legend() draws it.
  bool legend = true;
};

/// The SVG document of `pieces` on `pattern`, byte for byte deterministic. Throws UsageError
/// for a scale below 1.
std::string assembly_svg(const Pattern& pattern, const std::vector<PlacedPiece>& pieces,
                         const PieceSet& set, const SvgConfig& config = {});

}  // namespace tangram
