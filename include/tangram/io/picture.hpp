#pragma once
/// \file picture.hpp
/// Pictures of assemblies.

#include <opencv2/core.hpp>

#include "tangram/core/pattern.hpp"
#include "tangram/core/solution.hpp"

namespace tangram {

/// A picture of the assembly: the pattern in light grey, each piece filled in its own colour
/// and outlined in black, at `scale` times the pattern's size.
cv::Mat3b render_solution(const Pattern& pattern, const Solution& solution, int scale = 2);

}  // namespace tangram
