#pragma once
/// \file files.hpp
/// Bytes in and out of files, bounded and atomic (docs/design/io.md).

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "tangram/core/base/error.hpp"

namespace tangram {

/// Caps on what readers accept.
struct ReadLimits {
  /// Pixels of a picture (width x height), read from its header before anything is decoded.
  std::uint64_t max_pixels = 50'000'000;
  /// Bytes of an image file.
  std::uint64_t max_image_bytes = 256'000'000;
  /// Bytes of a text document (solution or arrangement JSON, runs.csv, run records).
  std::uint64_t max_document_bytes = 16'000'000;
};

/// The bytes of regular file `path` ("-": stdin). Throws InputError, LimitError over `max_bytes`.
std::string read_input_file(const std::string& path, std::string_view role, std::uint64_t max_bytes,
                            Limit limit);

/// Writes `bytes` to `path` ("-": stdout) completely or not at all. Throws OutputError.
void write_output_file(const std::string& path, std::string_view bytes);

/// An output written in pieces, put in place by commit(), else left as it was: written to a
/// temporary file beside it (".NAME.tmp-PID-N"), synced, renamed over it, the folder synced.
/// Throws OutputError.
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

/// Syncs folder `dir` itself (its entries: a rename into it made durable). A file system that
/// cannot sync a folder is left as it is. Throws OutputError.
void sync_directory(const std::string& dir);

/// Removes the temporary files of AtomicOutput, and the folders `experiment merge` fills before
/// they have their name, that processes no longer running left in `dir` (killed before their
/// commit); returns how many. Never throws.
int remove_stale_temporaries(const std::filesystem::path& dir);

/// Writes text to `path` completely or not at all (write_output_file). Throws OutputError.
void write_text_atomic(const std::string& path, const std::string& text);

/// Throws OutputError unless `path` can be written (to check before any work).
void check_output_path(const std::string& path);

/// "12.5 MB", "3 bytes": a byte count for messages.
std::string byte_count_text(std::uint64_t bytes);

}  // namespace tangram
