#pragma once
/// \file problem_library.hpp
/// The problem library of `tangram serve` (docs/web-api.md, "Problems"): a folder of ID.png and
/// ID.json, IDs made here and checked before any lookup, so no request names a path. No HTTP.

#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tangram/io/damaged.hpp"

namespace tangram::web {

/// The format of a problem's record ID.json; a record without one is read as this format.
inline constexpr std::string_view kProblemFormat = "tangram-problem/1";

/// Longest problem ID, in characters.
inline constexpr std::size_t kMaxIdLength = 48;

/// Longest problem name, in bytes (UTF-8): longer names are refused.
inline constexpr std::size_t kMaxNameLength = 200;

/// Where a problem came from: "editor", "upload", "masks", "generated" (generate puzzles) or
/// "convex" (a set's convex figure).
bool valid_problem_source(std::string_view source);

/// One problem as its record holds it.
struct Problem {
  std::string id;       ///< file stem in the folder: [a-z0-9-], at most kMaxIdLength
  std::string name;     ///< as given (UTF-8), shown to the user
  std::string set;      ///< the built-in piece set's name
  std::string source;   ///< valid_problem_source()
  std::string created;  ///< UTC, ISO-8601 with milliseconds ("2026-11-25T04:30:00.123Z")
  int width = 0;        ///< picture size (px)
  int height = 0;
  std::vector<std::string> notes;     ///< the reading's notes, in the command line's words
  std::vector<std::string> warnings;  ///< the reading's warnings, in the command line's words
  std::string design = "null";        ///< the editor's design as JSON text, "null" when none
};

/// The problem as the API shows it: {"id", "name", "set", "source", "created", "width",
/// "height", "notes", "warnings", "design"} (one line of JSON).
std::string problem_json(const Problem& problem);

/// The ID made from `name`: lower-cased ASCII letters and digits kept, every run of other
/// characters one dash, no dash first or last, cut to `max_length` (without a trailing dash);
/// "problem" when nothing is left.
std::string problem_id_from_name(std::string_view name, std::size_t max_length = kMaxIdLength);

/// Whether `id` could be one of ours: 1-kMaxIdLength characters of [a-z0-9-], not starting
/// with a dash. Anything else is never looked up.
bool valid_problem_id(std::string_view id);

/// What a new problem is made from: the picture's bytes as given and how it read.
struct NewProblem {
  std::string name;
  std::string set = "tangram";
  std::string source = "editor";
  std::string png;              ///< the picture (any format decode_image() reads), as uploaded
  std::string design = "null";  ///< JSON text
};

/// What opening a library does with damaged problems (library_damage()).
enum class OnDamage {
  Refuse,     ///< throw DamagedStoreError, changing nothing
  MoveAside,  ///< `serve --repair`: move their record and picture into DIR/damaged-.../
};

/// What is wrong with the problems of library folder `folder`: each record ID.json (a valid ID)
/// that does not read as a problem (truncated, not JSON, another "format", no name), and the
/// picture ID.png of a sound record when it is missing or does not decode. A picture without a
/// record is not damage (an add killed in progress).
std::vector<Damage> library_damage(const std::filesystem::path& folder);

/// The folder-backed library.
class ProblemLibrary {
public:
  /// Opens (creating it and its parents when missing) the library folder after checking it
  /// (library_damage()). Throws DamagedStoreError (OnDamage::Refuse) when a problem is
  /// damaged, OutputError when the folder cannot be created or is not a directory, or a
  /// damaged problem cannot be moved aside.
  explicit ProblemLibrary(std::filesystem::path folder, OnDamage on_damage = OnDamage::Refuse);

  const std::filesystem::path& folder() const { return folder_; }

  /// The damaged files found on opening with OnDamage::MoveAside (each moved aside with the rest
  /// of its problem), and the folder they went to (empty when none).
  const std::vector<Damage>& moved_aside() const { return moved_aside_; }
  const std::filesystem::path& damaged_folder() const { return damaged_folder_; }

  /// Every problem, newest first (ties by ID). Records that do not parse are skipped.
  std::vector<Problem> list() const;

  /// The problem with this ID, or nullopt (also for an invalid ID).
  std::optional<Problem> find(std::string_view id) const;

  /// The picture's bytes as recorded, or nullopt.
  std::optional<std::string> image(std::string_view id) const;

  /// Reads `problem.png` exactly as `tangram solve` reads a picture for the set (its default
  /// input options; read_for_set()), then records it under a new ID. Throws UsageError for a
  /// bad name, set or source, InputError (the command line's message, in its words) for a
  /// picture the command line refuses, OutputError when the files cannot be written.
  Problem add(const NewProblem& problem);

  /// Gives the problem a new name (its ID stays); nullopt for an unknown ID. Throws UsageError
  /// for a bad name.
  std::optional<Problem> rename(std::string_view id, const std::string& name);

  /// Deletes the problem's files; false for an unknown ID.
  bool remove(std::string_view id);

  /// How import_masks() went.
  struct ImportCount {
    int imported = 0;
    int skipped = 0;  ///< a problem of that name was already there
  };

  /// Adds each picture (name, bytes) as a problem of set `tangram`, source "masks", unless a
  /// problem of the same name exists.
  ImportCount import_masks(const std::vector<std::pair<std::string, std::string_view>>& masks);

private:
  std::filesystem::path path_of(std::string_view id, std::string_view extension) const;
  std::optional<Problem> read_record(std::string_view id) const;
  void write_record(const Problem& problem) const;
  Problem add_locked(const NewProblem& problem);

  std::filesystem::path folder_;
  std::vector<Damage> moved_aside_;
  std::filesystem::path damaged_folder_;
  mutable std::mutex mutex_;
};

/// The picture reduced to at most `max_side` px on its longer side (never enlarged), as PNG.
/// Throws InputError for bytes that do not decode.
std::string thumbnail_png(std::string_view image_bytes, int max_side = 160);

}  // namespace tangram::web
