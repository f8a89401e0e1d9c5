// `tangram-serve serve`: the web page and its API (docs/web-api.md) until Ctrl-C or SIGTERM.
// Only the program tangram-serve links the web server (and cpp-httplib with OpenSSL); `tangram
// serve` hands over to it (serve_handoff.cpp), so that every other command starts without them.

#include <pthread.h>
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <random>
#include <thread>

#include "commands.hpp"
#include "tangram/web/problem_library.hpp"
#include "tangram/web/server.hpp"

namespace tangram::cli {

namespace {

/// 128 random bits from the system's entropy, as 32 hex digits.
std::string random_token() {
  std::random_device device;
  std::string out;
  for (int i = 0; i < 4; ++i) {
    char part[9];
    std::snprintf(part, sizeof part, "%08x", static_cast<unsigned>(device()));
    out += part;
  }
  return out;
}

}  // namespace

int run_serve(const ServeOptions& given) {
  const ServeOptions options = checked_serve_options(given);
  const std::string& library = options.library;
  // Ctrl-C and SIGTERM are taken by sigtimedwait() below, in this thread only: every thread
  // started from here on inherits the blocked mask. A closed connection is an error return,
  // never SIGPIPE.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  std::signal(SIGPIPE, SIG_IGN);

  if (options.repair) {  // damaged problems moved aside; the server then opens a sound library
    const web::ProblemLibrary repaired(library, web::OnDamage::MoveAside);
    for (const Damage& d : repaired.moved_aside())
      std::cerr << "tangram serve: repair: " << d.file.string() << ": " << d.what << ": moved aside"
                << std::endl;
    const std::size_t count = repaired.moved_aside().size();
    std::cerr << "tangram serve: repair: " << count << " damaged problem" << (count == 1 ? "" : "s")
              << " moved aside"
              << (count > 0 ? " into " + repaired.damaged_folder().string() + "/" : std::string())
              << std::endl;
  }

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
  // One thread per open connection (docs/web-api.md#limits): every waiting or running solve may
  // have a stream or two open, and requests need threads beside them.
  config.http_threads =
      std::max(options.max_connections, 2 * (options.max_solves + options.max_queue) + 16);
  const bool loopback =
      options.host == "127.0.0.1" || options.host == "::1" || options.host == "localhost";
  config.read_only = options.read_only;
  config.token = options.token;
  if (!loopback && !options.read_only && config.token.empty()) config.token = random_token();
  config.client_rate_per_minute = options.rate >= 0 ? options.rate : loopback ? 0 : 30;
  // Serving a class, one machine may hold an eighth of the connections (a browser opens 6 at
  // most, plus its solve streams); on the loopback address every client is this machine.
  if (!loopback) config.connections_per_client = std::max(16, config.http_threads / 8);
  web::Server server(config);
  const int port = server.bind();
  const std::string shown_host =
      options.host.find(':') != std::string::npos ? "[" + options.host + "]" : options.host;
  std::cout << "tangram serve: http://" << shown_host << ":" << port << "/ (library " << library
            << "); Ctrl-C stops" << std::endl;
  if (!config.token.empty())
    std::cout << "tangram serve: changing the library needs the token: http://" << shown_host << ":"
              << port << "/?token=" << config.token << std::endl;

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
