#pragma once
/// \file server.hpp
/// `tangram serve`: the HTTP routes of docs/web-api.md over the problem library, the solve
/// queue and the built-in page; cpp-httplib stays inside server.cpp.

#include <chrono>
#include <filesystem>
#include <memory>
#include <string>

#include "tangram/web/solve_jobs.hpp"

namespace tangram::web {

/// How the server is set up.
struct ServerConfig {
  std::string host = "127.0.0.1";         ///< address to bind: loopback unless told otherwise
  int port = 8765;                        ///< 0: any free port (port() says which)
  std::filesystem::path library;          ///< the library folder (created when missing)
  std::size_t max_body_bytes = 8u << 20;  ///< largest request body (8 MiB)
  /// Threads answering requests, each holding one open connection (an event stream, a slow
  /// client): connections beyond them are refused at once with 503 (docs/web-api.md#limits).
  int http_threads = 64;
  JobsConfig jobs;         ///< the solve queue's limits
  bool read_only = false;  ///< the library cannot be changed (403)
  /// Changing the library needs this in the X-Tangram-Token header; empty: nothing needed.
  std::string token;
  /// Solves and hints one client (by address) may start in a minute (429 beyond); 0: no limit.
  int client_rate_per_minute = 0;
  /// A request's line, headers and body must all arrive within this of its first byte; a
  /// slower one is cut (the connection closed), so a slow client holds a thread at most this.
  std::chrono::milliseconds request_timeout{20000};
  /// Each read or write of a connection waits at most this for the other end, and a kept-alive
  /// connection idle this long is closed.
  std::chrono::milliseconds io_timeout{5000};
  /// Connections one client address may hold open at once (503 beyond), so that one machine
  /// cannot take every thread; 0: no limit.
  int connections_per_client = 0;
};

/// The server: routes set up by the constructor, listening from bind() on.
class Server {
public:
  /// Opens the library (OutputError when it cannot be used) and sets up the routes.
  explicit Server(ServerConfig config);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  /// Binds host:port (port 0: any free port) and returns the port bound. Throws OutputError
  /// "cannot listen on HOST:PORT: ..." when it cannot.
  int bind();

  /// Answers requests until stop(); call after bind(), from one thread.
  void run();

  /// Stops the solves (joining their threads), ends the event streams and makes run() return.
  /// Safe from any thread, more than once.
  void stop();

  /// The port bound (0 before bind()).
  int port() const;

  /// The solve queue (for tests and the command line's shutdown).
  SolveJobs& jobs();

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tangram::web
