#pragma once
/// \file convex_sheet.hpp
/// The sheet of `tangram generate convex`: every convex figure of a set with one assembly, as a
/// picture and as SVG, and the table of the figures and of the candidates rejected.

#include <string>

#include <opencv2/core.hpp>

#include "tangram/service/convex.hpp"

namespace tangram {

/// The formed figures side by side, each with its assembly and name, the set's legend below.
cv::Mat3b convex_sheet_picture(const ConvexFigures& run);

/// The same sheet as SVG (each figure its own nested picture), byte for byte deterministic.
std::string convex_sheet_svg(const ConvexFigures& run);

/// convex.csv: name, corners (set units), sides (lattice steps), step, area, symmetries,
/// assemblies ("" without --all), exhaustive; one row per formed figure.
std::string convex_csv(const ConvexFigures& run, bool counted);

/// rejected.csv: each candidate without an assembly, its sides and the search's placements.
std::string rejected_csv(const ConvexFigures& run);

}  // namespace tangram
