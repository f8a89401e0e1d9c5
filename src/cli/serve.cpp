// `tangram serve`'s options, declared and checked. The server itself runs in the program
// tangram-serve (serve_run.cpp), which `tangram` hands the options over to (serve_handoff.cpp).

#include <cstdlib>

#include "commands.hpp"
#include "tangram/core/base/error.hpp"

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

/// Largest --max-solves and --max-queue; --max-connections' range.
constexpr int kMaxSolvesLimit = 64;
constexpr int kMaxQueueLimit = 1000;
constexpr int kMinConnections = 16;
constexpr int kMaxConnections = 4096;

}  // namespace

CLI::App* setup_serve(CLI::App& app, ServeOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "serve",
      wrap("Serve the web page (editor, problem library, solves shown live) on this machine."));
  cmd->add_option("--port", options.port,
                  wrap("TCP port; 0 = any free port (the line printed says which). Default: " +
                       std::to_string(options.port) + "."))
      ->type_name("P");
  cmd->add_option("--host", options.host,
                  wrap("Address to listen on. The default, the loopback address, serves this "
                       "machine only; another address (0.0.0.0: every interface) serves a class: "
                       "anyone who can reach it may play and ask for hints, and changing the "
                       "library needs the token printed at start (or --read-only). Default: " +
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
  cmd->add_flag("--read-only", options.read_only,
                wrap("The library cannot be changed: no problem added, renamed, deleted or "
                     "imported (HTTP 403)."));
  cmd->add_flag("--repair", options.repair,
                wrap("A library with damaged problems (a record truncated, garbled or of another "
                     "format; a picture missing or not decoding) is refused: the server does not "
                     "start (exit 6) and changes nothing. --repair moves each damaged problem's "
                     "record and picture aside into DIR/damaged-YYYYmmdd-HHMMSS/, names them, "
                     "then serves the rest."));
  cmd->add_option("--token", options.token,
                  wrap("Changing the library needs this token (the page's address with "
                       "?token=TOKEN). Default: none on the loopback address; a random one, "
                       "printed at start, on another."))
      ->type_name("TOKEN");
  cmd->add_option("--rate", options.rate,
                  wrap("Solves and hints one client (by address) may start a minute; beyond, "
                       "HTTP 429. 0 = no limit. Default: none on the loopback address, 30 on "
                       "another."))
      ->type_name("N");
  cmd->add_option(
         "--max-connections", options.max_connections,
         wrap("Connections open at once, each answered by a thread of its own (an open "
              "solve stream holds one); beyond, a connection is refused at once (HTTP "
              "503). Serving a class (--host), one client address may hold an eighth of them. "
              "Raised to twice --max-solves plus --max-queue, plus 16, when lower. "
              "Default: " +
              std::to_string(options.max_connections) + "."))
      ->type_name("N");
  cmd->footer(
      wrap("Prints one line with the address and the library, then serves until Ctrl-C or SIGTERM, "
           "which stop the running solves and end cleanly. Request bodies are at most 8 MiB; a "
           "request must arrive within 20 s (a slower one is cut) and a connection idle for 5 s is "
           "closed; a solve whose page was closed is stopped 2 s later. The page and the pictures "
           "of masks/ "
           "are built into the program; nothing is fetched from the network. docs/web-api.md "
           "describes the HTTP interface.\n"
           "Exit status: 0 stopped by Ctrl-C or SIGTERM; 2 bad option, a port that cannot be "
           "bound or a library folder that cannot be used; 3 internal error; 6 a damaged library "
           "(see --repair).",
           90));
  return cmd;
}

ServeOptions checked_serve_options(const ServeOptions& options) {
  if (options.port < 0 || options.port > 65535)
    throw UsageError("--port must be in 0..65535, got " + std::to_string(options.port));
  if (options.rate < -1 || options.rate > 100000)
    throw UsageError("--rate must be in 0..100000, got " + std::to_string(options.rate));
  if (!options.token.empty() &&
      (options.token.size() < 8 || options.token.size() > 128 ||
       options.token.find_first_not_of(
           "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") !=
           std::string::npos))
    throw UsageError("--token must be 8-128 letters, digits, '-' or '_'");
  if (options.max_solves < 1 || options.max_solves > kMaxSolvesLimit)
    throw UsageError("--max-solves must be in 1.." + std::to_string(kMaxSolvesLimit) + ", got " +
                     std::to_string(options.max_solves));
  if (options.max_queue < 0 || options.max_queue > kMaxQueueLimit)
    throw UsageError("--max-queue must be in 0.." + std::to_string(kMaxQueueLimit) + ", got " +
                     std::to_string(options.max_queue));
  if (options.max_connections < kMinConnections || options.max_connections > kMaxConnections)
    throw UsageError("--max-connections must be in " + std::to_string(kMinConnections) + ".." +
                     std::to_string(kMaxConnections) + ", got " +
                     std::to_string(options.max_connections));
  if (options.threads < 0)
    throw UsageError("--threads must be 0 (all cores) or more, got " +
                     std::to_string(options.threads));
  ServeOptions checked = options;
  if (checked.library.empty()) checked.library = default_library();
  if (checked.library.empty())
    throw UsageError(
        "--library: no default (neither XDG_DATA_HOME nor HOME is set): give "
        "--library DIR");
  return checked;
}

}  // namespace tangram::cli
