// `tangram serve`: the options checked here, then the program tangram-serve beside this one
// takes over the process (execv), with the options as checked. tangram-serve is this program
// plus the web server (serve_run.cpp); keeping the server, cpp-httplib and OpenSSL out of
// `tangram` saves every other command their loading (experiments/startup).

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "commands.hpp"
#include "tangram/core/base/error.hpp"

namespace tangram::cli {

namespace {

/// The server program: tangram-serve in the folder of the running program.
std::filesystem::path server_program() {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) throw std::runtime_error("cannot find the running program: " + ec.message());
  return self.parent_path() / "tangram-serve";
}

}  // namespace

int run_serve(const ServeOptions& given) {
  const ServeOptions options = checked_serve_options(given);
  const std::filesystem::path program = server_program();
  std::vector<std::string> words{"tangram-serve", "serve",
                                 "--port",        std::to_string(options.port),
                                 "--host",        options.host,
                                 "--library",     options.library,
                                 "--max-solves",  std::to_string(options.max_solves),
                                 "--max-queue",   std::to_string(options.max_queue),
                                 "--threads",     std::to_string(options.threads),
                                 "--rate",        std::to_string(options.rate)};
  words.insert(words.end(), {"--max-connections", std::to_string(options.max_connections)});
  if (options.read_only) words.emplace_back("--read-only");
  if (options.repair) words.emplace_back("--repair");
  if (!options.token.empty()) words.insert(words.end(), {"--token", options.token});
  std::vector<char*> argv;
  for (const std::string& word : words) argv.push_back(const_cast<char*>(word.c_str()));
  argv.push_back(nullptr);
  std::cout.flush();
  ::execv(program.c_str(), argv.data());
  throw std::runtime_error("cannot start the server program " + program.string() + ": " +
                           std::strerror(errno) + " (it is built and installed beside tangram)");
}

}  // namespace tangram::cli
