#pragma once
/// \file assets.hpp
/// The files `tangram serve` serves, built into the program: the page (src/web/assets/) and the
/// pictures of masks/. Nothing is read from disk at run time.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tangram::web {

/// One built-in file.
struct Asset {
  std::string_view path;          ///< relative to src/web/assets/, '/'-separated ("index.html")
  std::string_view bytes;         ///< its content
  std::string_view content_type;  ///< from its extension (content_type_of)
};

/// The Content-Type for a file name by its extension (case-insensitive): text/html,
/// text/javascript, text/css, image/svg+xml, image/png, application/json, ...;
/// "charset=utf-8" for text types; application/octet-stream for an unknown extension.
std::string_view content_type_of(std::string_view path);

/// The page's file at `path` ("index.html", "js/app.js"), or nullopt. Only built-in files are
/// ever served: the path is a key, never a file name.
std::optional<Asset> find_asset(std::string_view path);

/// The built-in page's files' paths, sorted.
std::vector<std::string_view> asset_paths();

/// The page served at "/" when src/web/assets/ had no index.html at build time.
std::string_view placeholder_page();

/// The pictures of masks/ built into the program, as (name, PNG bytes), by name: the name is
/// the file's stem ("01-square").
std::vector<std::pair<std::string, std::string_view>> builtin_masks();

}  // namespace tangram::web
