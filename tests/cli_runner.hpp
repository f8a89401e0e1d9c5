#pragma once
// Runs the built command line from tests (TANGRAM_CLI_PATH) and captures what it printed.

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <chrono>
#include <thread>

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "temp_dir.hpp"

namespace tangram::test {

/// What a run of the CLI produced.
struct Run {
  int status = -1;  ///< exit status; -1 when killed (by a signal or the time limit)
  std::string out;
  std::string err;
  bool timed_out = false;  ///< run_cli_bounded only: killed at its time limit
  double seconds = 0.0;    ///< run_cli_bounded only: wall time
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

/// Bounds of run_cli_bounded.
struct RunBounds {
  double seconds = 20.0;  ///< killed (Run::timed_out) after this long
  /// Address-space limit (RLIMIT_AS) of the child: an attempt to use more fails as memory
  /// exhaustion would. Not applied in sanitizer builds, whose shadow memory needs terabytes of
  /// address space (TANGRAM_SANITIZED).
  std::uint64_t memory_bytes = std::uint64_t{2} << 30;
  std::string stdin_path = "/dev/null";
  std::string stdout_path;  ///< default: captured into Run::out
};

/// The program's path and `args` split on spaces, as run_cli_bounded() runs them.
inline std::vector<std::string> cli_words(const std::string& args) {
  std::vector<std::string> words{TANGRAM_CLI_PATH};
  std::istringstream split(args);
  for (std::string word; split >> word;) words.push_back(word);
  return words;
}

/// Runs `tangram ARGS` in `dir` (arguments split on spaces: keep them plain) under a memory
/// rlimit and a wall-clock limit.
inline Run run_cli_bounded(const tangram::test::TempDir& dir, const std::string& args,
                           const RunBounds& bounds = {}) {
  const std::string out_path =
      bounds.stdout_path.empty() ? (dir.path() / "cli.out").string() : bounds.stdout_path;
  const std::string err_path = (dir.path() / "cli.err").string();
  std::vector<std::string> words = cli_words(args);
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  const auto start = std::chrono::steady_clock::now();
  const pid_t child = ::fork();
  if (child == 0) {
    if (::chdir(dir.path().c_str()) != 0) ::_exit(120);
    const int in = ::open(bounds.stdin_path.c_str(), O_RDONLY | O_NONBLOCK);
    const int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || out < 0 || err < 0) ::_exit(121);
    if (in >= 0) ::fcntl(in, F_SETFL, 0);
    ::dup2(in, 0);
    ::dup2(out, 1);
    ::dup2(err, 2);
#ifndef TANGRAM_SANITIZED
    const rlimit limit{bounds.memory_bytes, bounds.memory_bytes};
    ::setrlimit(RLIMIT_AS, &limit);
#endif
    ::execv(argv[0], argv.data());
    ::_exit(122);
  }
  Run run;
  int raw = 0;
  for (;;) {
    const pid_t done = ::waitpid(child, &raw, WNOHANG);
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (done == child) break;
    if (run.seconds > bounds.seconds) {
      ::kill(child, SIGKILL);
      ::waitpid(child, &raw, 0);
      run.timed_out = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  run.status = !run.timed_out && WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  if (bounds.stdout_path.empty()) run.out = read_all(out_path);
  run.err = read_all(err_path);
  return run;
}

}  // namespace tangram::test
