// `tangram serve`: the web page and its API (docs/web-api.md) on the loopback address, until
// Ctrl-C or SIGTERM.

#include <pthread.h>
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <thread>

#include "commands.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/web/server.hpp"

namespace tangram::cli {

namespace {

/// $XDG_DATA_HOME/tangram/library, else ~/.local/share/tangram/library; empty without either.
std::string default_library() {
  if (const char* data = std::getenv("XDG_DATA_HOME"); data && *data == '/')
    return std::string(data) + "/tangram/library";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.local/share/tangram/library";
  return "";
}

/// Largest --max-solves and --max-queue.
constexpr int kMaxSolvesLimit = 64;
constexpr int kMaxQueueLimit = 1000;

}  // namespace

CLI::App* setup_serve(CLI::App& app, ServeOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "serve", "Serve the web page (editor, problem library, solves shown live) on this machine.");
  cmd->add_option("--port", options.port,
                  wrap("TCP port; 0 = any free port (the line printed says which). Default: " +
                       std::to_string(options.port) + "."))
      ->type_name("P");
  cmd->add_option("--host", options.host,
                  wrap("Address to listen on. The default, the loopback address, serves this "
                       "machine only; another address (0.0.0.0: every interface) serves the "
                       "library to anyone who can reach it, without authentication. Default: " +
                       options.host + "."))
      ->type_name("ADDR");
  cmd->add_option("--library", options.library,
                  wrap("Folder of the problem library (created when missing): each problem a "
                       "picture ID.png and its record ID.json. The server writes nowhere else. "
                       "Default: $XDG_DATA_HOME/tangram/library, else "
                       "~/.local/share/tangram/library."))
      ->type_name("DIR");
  cmd->add_option("--max-solves", options.max_solves,
                  wrap("Solves run at the same time; more wait in the queue, their position "
                       "shown. Default: " +
                       std::to_string(options.max_solves) + "."))
      ->type_name("N");
  cmd->add_option("--max-queue", options.max_queue,
                  wrap("Solves that may wait; beyond, a new solve is refused (HTTP 429). "
                       "Default: " +
                       std::to_string(options.max_queue) + "."))
      ->type_name("N");
  cmd->add_option("--threads", options.threads,
                  wrap("Worker threads of each solve, 0 = all cores. Default: " +
                       std::to_string(options.threads) + "."))
      ->type_name("N");
  cmd->footer(
      wrap("Prints one line with the address and the library, then serves until Ctrl-C or SIGTERM, "
           "which stop the running solves and end cleanly. Request bodies are at most 8 MiB; a "
           "solve whose page was closed is stopped 5 s later. The page and the pictures of masks/ "
           "are built into the program; nothing is fetched from the network. docs/web-api.md "
           "describes the HTTP interface.\n"
           "Exit status: 0 stopped by Ctrl-C or SIGTERM; 2 bad option, a port that cannot be "
           "bound or a library folder that cannot be used; 3 internal error.",
           90));
  return cmd;
}

int run_serve(const ServeOptions& options) {
  if (options.port < 0 || options.port > 65535)
    throw UsageError("--port must be in 0..65535, got " + std::to_string(options.port));
  if (options.max_solves < 1 || options.max_solves > kMaxSolvesLimit)
    throw UsageError("--max-solves must be in 1.." + std::to_string(kMaxSolvesLimit) + ", got " +
                     std::to_string(options.max_solves));
  if (options.max_queue < 0 || options.max_queue > kMaxQueueLimit)
    throw UsageError("--max-queue must be in 0.." + std::to_string(kMaxQueueLimit) + ", got " +
                     std::to_string(options.max_queue));
  if (options.threads < 0)
    throw UsageError("--threads must be 0 (all cores) or more, got " +
                     std::to_string(options.threads));
  const std::string library = options.library.empty() ? default_library() : options.library;
  if (library.empty())
    throw UsageError(
        "--library: no default (neither XDG_DATA_HOME nor HOME is set): give "
        "--library DIR");

  // Ctrl-C and SIGTERM are taken by sigtimedwait() below, in this thread only: every thread
  // started from here on inherits the blocked mask. A closed connection is an error return,
  // never SIGPIPE.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  std::signal(SIGPIPE, SIG_IGN);

  web::ServerConfig config;
  config.host = options.host;
  config.port = options.port;
  config.library = library;
  config.jobs.max_running = options.max_solves;
  config.jobs.max_waiting = options.max_queue;
  config.jobs.threads = options.threads;
  // Finished solves are kept for their streams and downloads: the last 32, or when more solves
  // may be under way at once, twice as many as may be (a burst of clients that each solve and
  // then download must find their own solve still there).
  config.jobs.kept =
      static_cast<std::size_t>(std::max(32, 2 * (options.max_solves + options.max_queue)));
  // Every waiting or running solve may have a stream or two open, and requests need threads
  // beside them.
  config.http_threads = 2 * (options.max_solves + options.max_queue) + 16;
  web::Server server(config);
  const int port = server.bind();
  const bool loopback =
      options.host == "127.0.0.1" || options.host == "::1" || options.host == "localhost";
  const std::string shown_host =
      options.host.find(':') != std::string::npos ? "[" + options.host + "]" : options.host;
  std::cout << "tangram serve: http://" << shown_host << ":" << port << "/ (library " << library
            << "); Ctrl-C stops" << std::endl;
  if (!loopback)
    std::cerr << "tangram: warning: --host " << options.host
              << " serves the library to other machines, without authentication" << std::endl;

  std::atomic<bool> ended{false};
  std::thread serving([&] {
    server.run();
    ended.store(true);
  });
  const timespec tick{0, 200'000'000};
  while (!ended.load()) {
    const int signal = sigtimedwait(&signals, nullptr, &tick);
    if (signal == SIGINT || signal == SIGTERM) break;
  }
  server.stop();
  serving.join();
  pthread_sigmask(SIG_UNBLOCK, &signals, nullptr);
  return kExitOk;
}

}  // namespace tangram::cli
