// How this run of `tangram` is recorded beside the results it writes (results.hpp: Invocation):
// the command line kept by main(), the build, the machine and the date.

#include <algorithm>
#include <ctime>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "commands.hpp"

namespace tangram::cli {

namespace {

/// The words of the command line (set_command_line()).
std::vector<std::string>& command_words() {
  static std::vector<std::string> words;
  return words;
}

/// `word` as a POSIX shell reads it back: as it is when it holds only safe characters, else in
/// single quotes (a quote inside as '\'').
std::string shell_word(const std::string& word) {
  const auto safe = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           std::string_view("_-+=./,:@%").find(c) != std::string_view::npos;
  };
  if (!word.empty() && std::all_of(word.begin(), word.end(), safe)) return word;
  std::string quoted = "'";
  for (const char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

/// The first "model name" of /proc/cpuinfo (Linux on x86 and most others), or "unknown".
std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("model name", 0) != 0) continue;
    const std::size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    const std::size_t start = line.find_first_not_of(" \t", colon + 1);
    if (start != std::string::npos) return line.substr(start);
  }
  return "unknown";
}

/// "2025-01-31T12:34:56Z".
std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

}  // namespace

void set_command_line(int argc, const char* const* argv) {
  command_words().assign(argv, argv + argc);
}

Invocation this_invocation() {
  Invocation invocation;
  for (const std::string& word : command_words())
    invocation.command += (invocation.command.empty() ? "" : " ") + shell_word(word);
  invocation.version = std::string("tangram ") + TANGRAM_VERSION;
  invocation.commit = std::string(build_commit());
  invocation.cpu = cpu_model();
  invocation.cores = static_cast<int>(std::thread::hardware_concurrency());
  invocation.date = utc_now();
  return invocation;
}

}  // namespace tangram::cli
