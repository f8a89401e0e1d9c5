// The files built into `tangram serve` (assets.hpp).

#include "tangram/web/assets.hpp"

#include <algorithm>
#include <cctype>
#include <cstddef>

namespace tangram::detail {

/// A file built into the program (generated/web_assets.cpp, written by CMakeLists.txt).
struct EmbeddedFile {
  const char* path;
  const unsigned char* data;
  std::size_t size;
};

// Each array ends with {nullptr, nullptr, 0}, so that it is never empty.
extern const EmbeddedFile kWebAssets[];
extern const std::size_t kWebAssetsCount;
extern const EmbeddedFile kWebMasks[];
extern const std::size_t kWebMasksCount;

}  // namespace tangram::detail

namespace tangram::web {

namespace {

std::string_view bytes_of(const detail::EmbeddedFile& file) {
  return {reinterpret_cast<const char*>(file.data), file.size};
}

}  // namespace

std::string_view content_type_of(std::string_view path) {
  const std::size_t dot = path.rfind('.');
  std::string extension = dot == std::string_view::npos ? "" : std::string(path.substr(dot + 1));
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  static const std::pair<const char*, const char*> kTypes[] = {
      {"html", "text/html; charset=utf-8"},
      {"htm", "text/html; charset=utf-8"},
      {"js", "text/javascript; charset=utf-8"},
      {"mjs", "text/javascript; charset=utf-8"},
      {"css", "text/css; charset=utf-8"},
      {"json", "application/json; charset=utf-8"},
      {"svg", "image/svg+xml"},
      {"png", "image/png"},
      {"jpg", "image/jpeg"},
      {"jpeg", "image/jpeg"},
      {"gif", "image/gif"},
      {"webp", "image/webp"},
      {"ico", "image/x-icon"},
      {"txt", "text/plain; charset=utf-8"},
      {"md", "text/markdown; charset=utf-8"},
      {"woff2", "font/woff2"},
      {"woff", "font/woff"},
      {"wasm", "application/wasm"},
  };
  for (const auto& [ext, type] : kTypes)
    if (extension == ext) return type;
  return "application/octet-stream";
}

std::optional<Asset> find_asset(std::string_view path) {
  for (std::size_t i = 0; i < detail::kWebAssetsCount; ++i)
    if (path == detail::kWebAssets[i].path)
      return Asset{detail::kWebAssets[i].path, bytes_of(detail::kWebAssets[i]),
                   content_type_of(path)};
  return std::nullopt;
}

std::vector<std::string_view> asset_paths() {
  std::vector<std::string_view> paths;
  for (std::size_t i = 0; i < detail::kWebAssetsCount; ++i)
    paths.emplace_back(detail::kWebAssets[i].path);
  std::sort(paths.begin(), paths.end());
  return paths;
}

std::string_view placeholder_page() {
  return "<!doctype html><meta charset=\"utf-8\"><title>tangram serve</title>"
         "<p>tangram serve: this build has no page (src/web/assets/ was empty); the API is at "
         "<a href=\"/api/sets\">/api/sets</a> and <a href=\"/api/problems\">/api/problems</a> "
         "(docs/web-api.md).</p>\n";
}

std::vector<std::pair<std::string, std::string_view>> builtin_masks() {
  std::vector<std::pair<std::string, std::string_view>> masks;
  for (std::size_t i = 0; i < detail::kWebMasksCount; ++i) {
    std::string name = detail::kWebMasks[i].path;
    if (name.size() > 4 && name.compare(name.size() - 4, 4, ".png") == 0)
      name.resize(name.size() - 4);
    masks.emplace_back(std::move(name), bytes_of(detail::kWebMasks[i]));
  }
  std::sort(masks.begin(), masks.end());
  return masks;
}

}  // namespace tangram::web
