#pragma once
/// \file damaged.hpp
/// Damaged files of a store: checked when it is opened, refused in one line, or moved aside by
/// `--repair` into DIR/damaged-YYYYmmdd-HHMMSS/, never deleted (docs/durability.md).

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tangram/io/files.hpp"

namespace tangram {

/// A store (a results folder, a shard, the problem library) holds a damaged file and was left as
/// it was: the message names the file, what is wrong, and the `--repair` that mends it.
class DamagedStoreError : public Error {
public:
  using Error::Error;
};

/// One damaged file of a store and what is wrong with it ("truncated JSON at byte 26").
struct Damage {
  std::filesystem::path file;
  std::string what;
};

/// The DamagedStoreError for `found` (not empty): "FILE: WHAT (and N more damaged files);
/// nothing was changed: run with --repair to REPAIR".
DamagedStoreError damaged_store_error(const std::vector<Damage>& found, std::string_view repair);

/// What is wrong with picture file `path`, or nullopt when it reads and decodes. A PNG is
/// checked by its chunks (IHDR first, each within the file, IEND last), not decoded.
std::optional<std::string> picture_damage(const std::filesystem::path& path,
                                          const ReadLimits& limits = {});

/// What is wrong with text file `path` that must be one JSON document, or nullopt.
std::optional<std::string> json_damage(const std::filesystem::path& path,
                                       const ReadLimits& limits = {});

/// What is wrong with `text`, a CSV written whole with a header line: empty, or a last line
/// without its line end (torn). Nullopt when it ends in a line end.
std::optional<std::string> torn_line_damage(std::string_view text);

/// Whether `name` is a folder move_aside() makes ("damaged-20261127-071500", "...-2").
bool is_damaged_folder(std::string_view name);

/// Moves each of `files` (under `root`, missing ones skipped) into a new folder
/// root/damaged-YYYYmmdd-HHMMSS/ (UTC; "-2", "-3"... when taken) at its path relative to root,
/// and syncs the folders. Returns that folder. Throws OutputError when a move fails.
std::filesystem::path move_aside(const std::filesystem::path& root,
                                 const std::vector<std::filesystem::path>& files);

}  // namespace tangram
