// The `tangram` command line: builds the CLI11 app, registers the subcommands from one list and
// maps errors onto one-line messages and exit codes.

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <unistd.h>
#include <CLI/CLI.hpp>
#include <opencv2/core/utils/logger.hpp>

#include "commands.hpp"
#include "suggest.hpp"
#include "tangram/core/base/allocator.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/io/damaged.hpp"
#include "tangram/io/files.hpp"

namespace {

constexpr const char* kVersion = TANGRAM_VERSION;  // project(... VERSION) in CMakeLists.txt

/// std::cout's buffer: writes to file descriptor 1 and keeps the first write error, which
/// stdio would forget (a full disk behind `> file`, /dev/full), so that it can be reported.
class CheckedStdout : public std::streambuf {
public:
  /// errno of the first failed write, 0 when none failed.
  int error() const { return error_; }

protected:
  int_type overflow(int_type c) override {
    if (sync() != 0) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }

  int sync() override {
    const char* data = pbase();
    std::size_t left = static_cast<std::size_t>(pptr() - pbase());
    while (left > 0 && error_ == 0) {
      const ssize_t n = ::write(STDOUT_FILENO, data, left);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0)
        error_ = errno;
      else
        data += n, left -= static_cast<std::size_t>(n);
    }
    setp(buffer_, buffer_ + sizeof buffer_);
    return error_ == 0 ? 0 : -1;
  }

private:
  char buffer_[1 << 13];
  int error_ = 0;

public:
  CheckedStdout() { setp(buffer_, buffer_ + sizeof buffer_); }
};

/// Ends the process with `status` once a command has run and its output is flushed, without the
/// libraries' teardown (OpenCV's and oneTBB's static destructors, the heap): it changes nothing
/// a user can see and takes a third of a millisecond of every run (experiments/startup). Every
/// file is written whole before this (AtomicOutput). Builds with sanitizers return normally,
/// so that LeakSanitizer still checks at exit.
int end_process(int status) {
  std::cerr.flush();
  std::fflush(nullptr);
#ifndef TANGRAM_SANITIZED
  std::_Exit(status);
#endif
  return status;
}

/// Prints "tangram: error: <message>" as exactly one line on stderr.
void print_error(std::string message) {
  for (char& c : message)
    if (c == '\n' || c == '\r') c = ' ';
  std::cerr << "tangram: error: " << message << std::endl;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace tangram::cli;
  tangram::keep_freed_memory_for_reuse();
  set_command_line(argc, argv);  // recorded beside the results that compare and experiment write
  CheckedStdout checked_stdout;
  // Restores std::cout's own buffer at every return, after a last flush.
  struct Restore {
    std::streambuf* original;
    ~Restore() {
      std::cout.flush();
      std::cout.rdbuf(original);
    }
  } restore{std::cout.rdbuf(&checked_stdout)};
  // Every problem is one line of ours: OpenCV's own log lines would come on top.
  cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_SILENT);
  CLI::App app{
      "Solves Tangram puzzles given as raster silhouettes (after Yamada, Gois & "
      "Batagelo, SIBGRAPI 2019).",
      "tangram"};
  app.set_version_flag("--version", std::string("tangram ") + kVersion);
  app.require_subcommand(1);
  app.footer(
      wrap("Run 'tangram SUBCOMMAND --help' for the options of a subcommand.\n"
           "Exit status, the same for every subcommand: 0 success; 1 a well-formed "
           "'no' (not solved, not valid); 2 unreadable or malformed input, an input "
           "over a limit, a bad option, or an output that cannot be written; 3 "
           "internal error (a bug); 4 several (solve --unique, dissect --unique); 5 an "
           "answer that the time limit or Ctrl-C left incomplete (solve --all or --unique, "
           "dissect, generate); 6 a damaged results folder, shard or library, refused as it is "
           "(solve --out-dir, experiment, serve: see their --repair).",
           90));

  // The subcommands, once, in the order --help lists them. Only the one named first is declared
  // with its options, as declaring all of them takes about half a millisecond of every start
  // (experiments/startup); --help, a misspelling or no subcommand declares them all; --version
  // none.
  using Declare = Subcommand (*)(CLI::App&);
  const std::pair<std::string_view, Declare> known[] = {
      {"solve", [](CLI::App& a) { return subcommand(a, setup_solve, run_solve); }},
      {"verify", [](CLI::App& a) { return subcommand(a, setup_verify, run_verify); }},
      {"compare", [](CLI::App& a) { return subcommand(a, setup_compare, run_compare); }},
      {"render", [](CLI::App& a) { return subcommand(a, setup_render, run_render); }},
      {"experiment", [](CLI::App& a) { return subcommand(a, setup_experiment, run_experiment); }},
      {"report", [](CLI::App& a) { return subcommand(a, setup_report, run_report); }},
      {"explain", [](CLI::App& a) { return subcommand(a, setup_explain, run_explain); }},
      {"pieces", [](CLI::App& a) { return subcommand(a, setup_pieces, run_pieces); }},
      {"dissect", [](CLI::App& a) { return subcommand(a, setup_dissect, run_dissect); }},
      {"generate", [](CLI::App& a) { return subcommand(a, setup_generate, run_generate); }},
      {"serve", [](CLI::App& a) { return subcommand(a, setup_serve, run_serve); }},
  };
  const std::string_view first = argc > 1 ? argv[1] : "";
  const bool named = std::any_of(std::begin(known), std::end(known),
                                 [&](const auto& entry) { return entry.first == first; });
  std::vector<Subcommand> commands;
  for (const auto& [name, declare] : known) {
    if ((named && name != first) || first == "--version") continue;
    commands.push_back(declare(app));
    if (commands.back().app->get_name() != name)  // the table and the setup_ functions agree
      throw std::logic_error("subcommand '" + std::string(name) + "' declared as '" +
                             commands.back().app->get_name() + "'");
  }
  const auto parsed = [&]() -> const Subcommand* {
    for (const Subcommand& command : commands)
      if (command.app->parsed()) return &command;
    return nullptr;
  };

  if (argc <= 1) {  // bare `tangram`: what it does and its subcommands, as --help
    std::cout << app.help();
    return kExitOk;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {  // --help, --version
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    const std::string unknown = unknown_subcommand(app, args);
    print_error((unknown.empty() ? std::string(e.what()) : "no subcommand '" + unknown + "'") +
                near_miss_hint(app, args) + " (see '" + command_words(app, args) + " --help')");
    return kExitUsage;
  } catch (const tangram::Error& e) {  // a value checked while parsing (add_limit_options)
    print_error(in_words(e.tagged()));
    return kExitUsage;
  }

  try {
    const int status = parsed()->run();
    std::cout.flush();  // a failed write to stdout is an error too
    if (checked_stdout.error() != 0)
      throw tangram::OutputError(std::string("cannot write standard output: ") +
                                 std::strerror(checked_stdout.error()));
    return end_process(status);
  } catch (const tangram::DamagedStoreError& e) {  // left as it was; --repair mends it
    print_error(in_words(e.tagged()));
    return kExitDamaged;
  } catch (const tangram::Error& e) {
    print_error(in_words(e.tagged()));
    return kExitUsage;
  } catch (const std::exception& e) {
    print_error(std::string("internal error: ") + e.what());
    return kExitInternal;
  }
}
