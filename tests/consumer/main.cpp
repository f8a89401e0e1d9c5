// Solves a pattern through the installed API: io reads it, core solves and checks it.
//   consumer PATTERN.png   -> prints "solved, valid" and exits 0, or says why not and exits 1

#include <iostream>

#include "tangram/core/puzzle/verify.hpp"
#include "tangram/core/solve/solve.hpp"
#include "tangram/io/pattern_png.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: consumer PATTERN.png\n";
    return 2;
  }
  const tangram::Pattern pattern = tangram::load_pattern_png(argv[1]);
  tangram::SolverConfig config;
  config.search.rotation_step_deg = 45.0;
  config.search.time_limit_s = 120.0;
  const tangram::Solution solution = tangram::solve(pattern, config);
  const bool valid =
      solution.solved && tangram::verify_solution(pattern, solution.pieces, config.pieces).valid;
  std::cout << (solution.solved ? "solved" : "not solved") << ", "
            << (valid ? "valid" : "not valid") << ", " << solution.pieces.size() << " pieces\n";
  return valid ? 0 : 1;
}
