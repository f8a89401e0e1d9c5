#pragma once
// Runs the built command line from tests (TANGRAM_CLI_PATH) and captures what it printed.

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <sys/wait.h>

#include "temp_dir.hpp"

namespace tangram::test {

/// What a run of the CLI produced.
struct Run {
  int status = -1;
  std::string out;
  std::string err;
};

inline std::string read_all(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

/// Runs `tangram ARGS` in `dir` through the shell (arguments are not quoted: keep them plain).
inline Run run_cli(const tangram::test::TempDir& dir, const std::string& args) {
  const std::string command = "cd '" + dir.path().string() + "' && '" + TANGRAM_CLI_PATH + "' " +
                              args + " > cli.out 2> cli.err < /dev/null";
  const int raw = std::system(command.c_str());
  Run run;
  run.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  run.out = read_all(dir.path() / "cli.out");
  run.err = read_all(dir.path() / "cli.err");
  return run;
}

}  // namespace tangram::test
