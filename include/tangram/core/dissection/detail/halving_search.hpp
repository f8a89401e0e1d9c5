#pragma once
/// \file halving_search.hpp
/// DissectMethod::Halving: every halving of a polyomino F into two congruent pieces A and
/// B = T(A), found per isometry T of the grid from the chains s -> T(s) -> T²(s) ... inside F.
///
/// A holds F's first square o1 (row by row); T is fixed by o2 = T(o1) (any other square) and a
/// square symmetry t, as in Kotani's search: T(x) = o2 + t(x - o1). A square of A has its image
/// in B, a square of B its preimage in A, so along a chain of T inside F membership alternates:
///  - a chain with a head (no preimage in F) starts in A and must end in B (its last square has
///    no image): the labelling is forced, and a chain of odd length rules T out;
///  - the rest are cycles (T a rotation or a reflection); one of odd length (a square T fixes)
///    rules T out, the cycle through o1 is forced, each other one has two labellings.
/// A translation or a glide reflection has no cycles, so its halving, if any, is found in O(N);
/// the choices of the cycles are searched, a choice pruned when A can no longer be connected
/// (B = T(A) is connected with A). Dissections are recorded as dissect() records them.

#include "tangram/core/dissection/congruent_dissection.hpp"

namespace tangram::detail {

/// Every halving of `figure` (checked by dissect(): connected, even size; config.parts == 2) by
/// the chains of each isometry; config.max_solutions, deadline and up_to_symmetry as dissect().
DissectResult halving_search(const Cells& figure, const DissectConfig& config);

}  // namespace tangram::detail
