// The default order of the stages: one place, one line each (docs/design/stages.md).

#include "tangram/core/solve/solve.hpp"

namespace tangram {

// Each is defined in its own file, src/core/solve/stages/<name>_stage.cpp.
const Stage& refusal_stage();
const Stage& grid_stage();
const Stage& lattice_stage();
const Stage& vertex_stage();
const Stage& straightened_stage();
const Stage& arcs_stage();
const Stage& raster_stage();
const Stage& vertex_off_rotations_stage();

const StageList& default_stages() {
  static const StageList stages = {
      &refusal_stage(),               // a figure the outline rules out, at once
      &grid_stage(),                  // a set of polyominoes on its unit grid, exactly
      &lattice_stage(),               // another set on its lattice, exactly
      &vertex_stage(),                // straight-edged pieces on the outline's corners, exactly
      &straightened_stage(),          // a noisy outline's straight runs, judged as drawn
      &arcs_stage(),                  // a curved set's arcs on the outline's arcs, first
      &raster_stage(),                // pieces on the raster, at the rotation plan's steps
      &vertex_off_rotations_stage(),  // the vertex stage's assembly outside those rotations
  };
  return stages;
}

}  // namespace tangram
