#pragma once
/// \file files.hpp
/// Bytes in and out of the file system, bounded and safe for whatever a path names.
///
/// Reading: only regular files are read (a FIFO would block, a device never ends), "-" is
/// standard input, and at most `max_bytes` are accepted; the size is checked before reading
/// (fstat on the opened descriptor, so a symlink to a device is caught too) and again while
/// reading (the file may grow).
///
/// Writing: "-" is standard output. Any other path is written completely or not at all: a
/// temporary file next to the target, then a rename over it. A path that exists and is not a
/// regular file (a device, a FIFO, a directory, a socket) is refused; a symlink is followed and
/// its final target is replaced, the link itself stays.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "tangram/core/base/error.hpp"

namespace tangram {

/// Caps on what readers accept. The defaults are generous for real inputs (a 4000 x 3000 scan,
/// a results table of thousands of runs) and far below what would exhaust the machine.
struct ReadLimits {
  /// Pixels of a picture (width x height), read from its header before anything is decoded.
  std::uint64_t max_pixels = 50'000'000;
  /// Bytes of an image file.
  std::uint64_t max_image_bytes = 256'000'000;
  /// Bytes of a text document (solution or arrangement JSON, runs.csv, run records).
  std::uint64_t max_document_bytes = 16'000'000;
};

/// Reads the whole of `path` ("-": standard input). `role` names the file in messages
/// ("pattern", "solution"). Throws InputError ("cannot read ROLE PATH: no such file", "...: not
/// a regular file (a FIFO)", ...) or LimitError (over `max_bytes`, which is the `limit` cap).
std::string read_input_file(const std::string& path, std::string_view role, std::uint64_t max_bytes,
                            Limit limit);

/// Writes `bytes` to `path` ("-": standard output) completely or not at all, as the file
/// comment says. Throws OutputError with a one-line message.
void write_output_file(const std::string& path, std::string_view bytes);

/// An output file written in pieces, completely or not at all: the bytes go to a temporary
/// file next to `path` (a symlink's target), which commit() renames over it; destroyed
/// uncommitted, the temporary file is removed and `path` is left as it was. "-" writes to
/// standard output as the bytes come. The path is checked as check_output_path() does.
/// Throws OutputError with a one-line message.
class AtomicOutput {
public:
  explicit AtomicOutput(const std::string& path);
  ~AtomicOutput();
  AtomicOutput(const AtomicOutput&) = delete;
  AtomicOutput& operator=(const AtomicOutput&) = delete;

  void write(std::string_view bytes);
  /// Puts the file in place; writes after it are errors.
  void commit();

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Writes text to `path` completely or not at all (write_output_file). Throws OutputError.
void write_text_atomic(const std::string& path, const std::string& text);

/// Checks, before any work, that `path` can be written as write_output_file would: "-", or a
/// path whose final target is a regular file or does not exist yet, in a directory that
/// exists. Throws OutputError otherwise.
void check_output_path(const std::string& path);

/// "12.5 MB", "3 bytes": a byte count for messages.
std::string byte_count_text(std::uint64_t bytes);

}  // namespace tangram
