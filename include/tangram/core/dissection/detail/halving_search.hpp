#pragma once
/// \file halving_search.hpp
/// DissectMethod::Halving: halvings from the chains of each isometry (docs/design/dissection.md).

#include "tangram/core/dissection/congruent_dissection.hpp"

namespace tangram::detail {

/// Every halving of `figure` (checked by dissect(), parts == 2), with dissect()'s settings.
DissectResult halving_search(const Cells& figure, const DissectConfig& config);

}  // namespace tangram::detail
