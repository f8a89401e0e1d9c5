// files.hpp: bounded reads of regular files only; writes that are complete or absent and never
// replace anything but a regular file.

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "checks.hpp"
#include "cli_runner.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/io/files.hpp"
#include "temp_dir.hpp"

using namespace tangram;
using tangram::test::contains;
using tangram::test::read_all;
using tangram::test::TempDir;
using tangram::test::write_file;
namespace fs = std::filesystem;

namespace {

std::string read_error(const std::string& path, std::uint64_t cap = 100) {
  try {
    read_input_file(path, "thing", cap, Limit::DocumentBytes);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

std::string write_error(const std::string& path) {
  try {
    write_output_file(path, "data");
  } catch (const OutputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("read_input_file: the cap is exact, and says which limit was passed") {
  const TempDir dir("files");
  write_file(dir.file("a"), std::string(100, 'x'));
  CHECK(read_input_file(dir.file("a"), "thing", 100, Limit::DocumentBytes).size() == 100);
  try {
    read_input_file(dir.file("a"), "thing", 99, Limit::ImageBytes);
    FAIL("expected a LimitError");
  } catch (const LimitError& e) {
    CHECK(e.limit() == Limit::ImageBytes);
    CHECK(std::string(e.what()) ==
          "cannot read thing " + dir.file("a") +
              ": 100 bytes is over the limit of 99 bytes (raise it with max_image_bytes)");
  }
  write_file(dir.file("empty"), "");
  CHECK(read_input_file(dir.file("empty"), "thing", 0, Limit::DocumentBytes).empty());
}

TEST_CASE("read_input_file: only regular files (symlinks to them too) are read") {
  const TempDir dir("files");
  write_file(dir.file("a"), "abc");
  fs::create_symlink(dir.file("a"), dir.file("link"));
  CHECK(read_input_file(dir.file("link"), "thing", 10, Limit::DocumentBytes) == "abc");
  REQUIRE(::mkfifo(dir.file("fifo").c_str(), 0600) == 0);
  CHECK(contains(read_error(dir.file("fifo")), ": not a regular file (a FIFO)"));
  CHECK(contains(read_error("/dev/null"), ": not a regular file (a character device)"));
  CHECK(contains(read_error(dir.path().string()), ": is a directory"));
  CHECK(contains(read_error(dir.file("none")), ": no such file"));
  fs::create_symlink(dir.file("none"), dir.file("dangling"));
  CHECK(contains(read_error(dir.file("dangling")), ": no such file"));
}

TEST_CASE("write_output_file: replaces a regular file atomically, keeping its mode") {
  const TempDir dir("files");
  write_file(dir.file("out"), "old");
  REQUIRE(::chmod(dir.file("out").c_str(), 0640) == 0);
  write_output_file(dir.file("out"), "new");
  CHECK(read_all(dir.file("out")) == "new");
  struct stat info {};
  REQUIRE(::stat(dir.file("out").c_str(), &info) == 0);
  CHECK((info.st_mode & 0777) == 0640);
  CHECK(dir.entries() == std::vector<std::string>{"out"});  // no temporary file left
}

TEST_CASE("write_output_file: a symlink is followed, its target replaced, the link kept") {
  const TempDir dir("files");
  fs::create_directory(dir.file("real"));
  write_file(dir.file("real/target"), "old");
  fs::create_symlink("real/target", dir.file("link"));
  write_output_file(dir.file("link"), "new");
  CHECK(fs::is_symlink(dir.file("link")));
  CHECK(read_all(dir.file("real/target")) == "new");
  // A dangling link: its target is created.
  fs::create_symlink("real/fresh", dir.file("dangling"));
  write_output_file(dir.file("dangling"), "made");
  CHECK(read_all(dir.file("real/fresh")) == "made");
  CHECK(fs::is_symlink(dir.file("dangling")));
}

TEST_CASE("write_output_file and check_output_path: never replace what is not a regular file") {
  const TempDir dir("files");
  REQUIRE(::mkfifo(dir.file("fifo").c_str(), 0600) == 0);
  fs::create_symlink("/dev/null", dir.file("null"));
  for (const std::string& path : {dir.file("fifo"), dir.file("null"), std::string("/dev/null")}) {
    CAPTURE(path);
    CHECK(contains(write_error(path), "not a regular file"));
    CHECK(contains(write_error(path), "which is never replaced"));
    CHECK_THROWS_AS(check_output_path(path), OutputError);
  }
  CHECK(fs::is_fifo(dir.file("fifo")));
  CHECK(fs::is_symlink(dir.file("null")));
  CHECK(contains(write_error(dir.path().string()), ": is a directory"));
  CHECK(contains(write_error(dir.file("none/out")),
                 "directory " + dir.file("none") + " does not exist"));
  CHECK_NOTHROW(check_output_path(dir.file("new")));
  CHECK_NOTHROW(check_output_path("-"));
  CHECK_FALSE(fs::exists(dir.file("new")));  // a check writes nothing
}

TEST_CASE("byte_count_text: bytes, then decimal units with two or three digits") {
  CHECK(byte_count_text(1) == "1 byte");
  CHECK(byte_count_text(999) == "999 bytes");
  CHECK(byte_count_text(1500) == "1.5 kB");
  CHECK(byte_count_text(16'000'000) == "16 MB");
  CHECK(byte_count_text(256'000'000) == "256 MB");
  CHECK(byte_count_text(3'200'000'000) == "3.2 GB");
}

namespace {

/// The message of the OutputError thrown by opening an AtomicOutput on `path`, or "".
std::string atomic_open_error(const std::string& path) {
  try {
    AtomicOutput output(path);
  } catch (const OutputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE(
    "AtomicOutput: pieces written then committed make the whole file; before the commit "
    "the old file stands") {
  const TempDir dir("files");
  write_file(dir.file("out"), "old");
  REQUIRE(::chmod(dir.file("out").c_str(), 0640) == 0);
  {
    AtomicOutput output(dir.file("out"));
    output.write("first line\n");
    output.write("");
    output.write(std::string(100'000, 'x'));
    output.write("\nlast line\n");
    // Written so far to a temporary file beside it; the target is untouched.
    CHECK(read_all(dir.file("out")) == "old");
    CHECK(dir.entries().size() == 2);
    output.commit();
    output.commit();  // a second commit changes nothing
    CHECK(read_all(dir.file("out")) ==
          "first line\n" + std::string(100'000, 'x') + "\nlast line\n");
    // Writes after the commit are errors and do not touch the file.
    CHECK_THROWS_AS(output.write("more"), OutputError);
  }
  CHECK(read_all(dir.file("out")).size() == 11 + 100'000 + 11);
  CHECK(dir.entries() == std::vector<std::string>{"out"});
  struct stat info {};
  REQUIRE(::stat(dir.file("out").c_str(), &info) == 0);
  CHECK((info.st_mode & 0777) == 0640);  // a replaced file keeps its mode
  // A new file; nothing written but the commit: an empty file.
  {
    AtomicOutput output(dir.file("empty"));
    output.commit();
  }
  CHECK(fs::exists(dir.file("empty")));
  CHECK(read_all(dir.file("empty")).empty());
}

TEST_CASE(
    "AtomicOutput: destroyed without a commit, the old file stays as it was and no "
    "temporary file is left") {
  const TempDir dir("files");
  write_file(dir.file("out"), "old");
  {
    AtomicOutput output(dir.file("out"));
    output.write("half of the ne");
  }
  CHECK(read_all(dir.file("out")) == "old");
  CHECK(dir.entries() == std::vector<std::string>{"out"});
  // A file that did not exist is not created.
  {
    AtomicOutput output(dir.file("new"));
    output.write("never");
  }
  CHECK_FALSE(fs::exists(dir.file("new")));
  CHECK(dir.entries() == std::vector<std::string>{"out"});
  // Unwound by an exception, as when a run fails half-way.
  try {
    AtomicOutput output(dir.file("out"));
    output.write("partial");
    throw InputError("failed half-way");
  } catch (const InputError&) {}
  CHECK(read_all(dir.file("out")) == "old");
  CHECK(dir.entries() == std::vector<std::string>{"out"});
}

TEST_CASE(
    "AtomicOutput: a symlink's target is written, the link kept; what is not a regular "
    "file is refused as write_output_file refuses it") {
  const TempDir dir("files");
  fs::create_directory(dir.file("real"));
  write_file(dir.file("real/target"), "old");
  fs::create_symlink("real/target", dir.file("link"));
  {
    AtomicOutput output(dir.file("link"));
    output.write("new");
    output.commit();
  }
  CHECK(fs::is_symlink(dir.file("link")));
  CHECK(read_all(dir.file("real/target")) == "new");
  CHECK(dir.entries().size() == 2);  // real/ and link: no temporary file beside the link

  REQUIRE(::mkfifo(dir.file("fifo").c_str(), 0600) == 0);
  for (const std::string& path : {dir.file("fifo"), std::string("/dev/null")}) {
    CAPTURE(path);
    const std::string message = atomic_open_error(path);
    CHECK(message == write_error(path));
    CHECK(contains(message, "not a regular file"));
    CHECK(contains(message, "which is never replaced"));
  }
  CHECK(fs::is_fifo(dir.file("fifo")));
  CHECK(atomic_open_error(dir.file("real")) ==
        "cannot write " + dir.file("real") + ": is a directory");
  CHECK(contains(atomic_open_error(dir.file("none/out")),
                 "directory " + dir.file("none") + " does not exist"));
  CHECK(contains(atomic_open_error(""), "empty name"));
  // Nothing was created by the refusals.
  CHECK(dir.entries().size() == 3);
  CHECK(fs::is_directory(dir.file("real")));
  CHECK(std::vector<fs::path>(fs::directory_iterator(dir.file("real")), {}).size() == 1);
}

TEST_CASE(
    "remove_stale_temporaries: a killed writer's temporary file or merge folder goes, a living one "
    "stays") {
  tangram::test::TempDir dir("stale");
  // A process that has ended: its pid is free (or, rarely, reused by a living process: kept).
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  int status = 0;
  ::waitpid(child, &status, 0);
  const auto touch = [&](const std::string& name) {
    std::ofstream(dir.path() / name) << "partial";
  };
  const std::string dead = ".runs.csv.tmp-" + std::to_string(child) + "-0";
  const std::string mine = ".runs.csv.tmp-" + std::to_string(::getpid()) + "-3";
  touch(dead);
  touch(mine);
  touch("runs.csv");
  touch(".hidden");
  touch(".notes.tmp-abc-1");
  // A killed merge's folder, with a file in it, and a living merge's (this process's).
  const std::string dead_merge = ".merged.merging-" + std::to_string(child);
  const std::string my_merge = ".merged.merging-" + std::to_string(::getpid());
  fs::create_directories(dir.path() / dead_merge / "exp2");
  touch(dead_merge + "/exp2/01-square-dt.png");
  fs::create_directory(dir.path() / my_merge);
  const bool reused = ::kill(child, 0) == 0;
  CHECK(tangram::remove_stale_temporaries(dir.path()) == (reused ? 0 : 2));
  CHECK(std::filesystem::exists(dir.path() / dead) == reused);
  CHECK(std::filesystem::exists(dir.path() / dead_merge) == reused);
  CHECK(std::filesystem::exists(dir.path() / my_merge));
  CHECK(std::filesystem::exists(dir.path() / mine));
  CHECK(std::filesystem::exists(dir.path() / "runs.csv"));
  CHECK(std::filesystem::exists(dir.path() / ".hidden"));
  CHECK(std::filesystem::exists(dir.path() / ".notes.tmp-abc-1"));
  CHECK(tangram::remove_stale_temporaries(dir.path() / "missing") == 0);
}
