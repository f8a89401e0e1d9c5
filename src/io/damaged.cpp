// Damaged files of a store: checks, the refusal line and the moving aside (damaged.hpp).

#include "tangram/io/damaged.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <ctime>
#include <set>
#include <system_error>

#include "tangram/io/detail/image_formats.hpp"
#include "tangram/io/detail/json.hpp"
#include "tangram/io/image.hpp"
#include "tangram/io/png.hpp"

namespace tangram {

namespace {

namespace fs = std::filesystem;

/// Syncs folder `dir` so that renames in it survive a power cut; failures are ignored (the
/// moves were made).
void sync_folder(const fs::path& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  (void)::fsync(fd);
  ::close(fd);
}

/// "damaged-YYYYmmdd-HHMMSS", now, UTC.
std::string damaged_folder_name() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "damaged-%Y%m%d-%H%M%S", &utc);
  return text;
}

/// What is wrong with the chunks of `png` (which starts with PNG's signature), read without
/// decoding them: IHDR first with a size, each chunk within the file, an IDAT, IEND last.
std::optional<std::string> png_chunk_damage(std::string_view png) {
  std::size_t at = 8;  // after the signature
  bool image_data = false;
  for (bool first = true;; first = false) {
    if (png.size() - at < 12)
      return "truncated: " + std::to_string(png.size()) + " bytes, no IEND chunk at its end";
    const std::uint32_t length = detail::be32(png, at);
    const std::string_view type = png.substr(at + 4, 4);
    const auto no_header = [] { return std::string("no valid IHDR chunk after its signature"); };
    if (first && (type != "IHDR" || length != 13)) return no_header();
    if (length > png.size() - at - 12)
      return "truncated: its " + std::string(type) + " chunk at byte " + std::to_string(at) +
             " runs past its end (" + std::to_string(png.size()) + " bytes)";
    if (first && (detail::be32(png, at + 8) == 0 || detail::be32(png, at + 12) == 0))
      return no_header();
    image_data = image_data || type == "IDAT";
    at += 12 + std::size_t{length};
    if (type == "IEND")
      return image_data ? std::nullopt : std::optional<std::string>("no image data: no IDAT chunk");
  }
}

}  // namespace

DamagedStoreError damaged_store_error(const std::vector<Damage>& found, std::string_view repair) {
  const Damage& first = found.front();
  std::string line = first.file.string() + ": " + first.what;
  if (found.size() > 1)
    line += " (and " + std::to_string(found.size() - 1) + " more damaged file" +
            (found.size() == 2 ? "" : "s") + ")";
  return DamagedStoreError(line + "; nothing was changed: run with --repair to " +
                           std::string(repair));
}

std::optional<std::string> picture_damage(const fs::path& path, const ReadLimits& limits) {
  std::error_code ec;
  if (!fs::exists(path, ec)) return std::string("missing");
  try {
    const std::string bytes =
        read_input_file(path.string(), "picture", limits.max_image_bytes, Limit::ImageBytes);
    // A PNG (every picture the stores write) is checked by its chunks, not decoded: a truncated
    // or garbled file is found in microseconds, where a decode takes milliseconds.
    if (has_png_signature(bytes)) {
      if (const std::optional<std::string> what = png_chunk_damage(bytes))
        return "does not decode (" + *what + ")";
      return std::nullopt;
    }
    if (decode_image(bytes, limits.max_pixels).empty()) return std::string("does not decode");
  } catch (const LimitError&) {
    return std::nullopt;  // too large for these limits: not damage, the reader says so itself
  } catch (const Error& e) {
    return "does not decode (" + e.tagged() + ")";
  } catch (const std::exception& e) {
    return "does not decode (" + std::string(e.what()) + ")";
  }
  return std::nullopt;
}

std::optional<std::string> json_damage(const fs::path& path, const ReadLimits& limits) {
  std::error_code ec;
  if (!fs::exists(path, ec)) return std::string("missing");
  try {
    detail::parse_json(read_input_file(path.string(), "document", limits.max_document_bytes,
                                       Limit::DocumentBytes));
  } catch (const LimitError&) {
    return std::nullopt;
  } catch (const Error& e) {
    return e.tagged();
  }
  return std::nullopt;
}

std::optional<std::string> torn_line_damage(std::string_view text) {
  if (text.empty()) return std::string("empty (no header line)");
  if (text.back() == '\n') return std::nullopt;
  std::size_t lines = 1;
  for (const char c : text) lines += c == '\n' ? 1 : 0;
  return "line " + std::to_string(lines) + ", the last, is torn (it has no line end)";
}

bool is_damaged_folder(std::string_view name) {
  constexpr std::string_view prefix = "damaged-";
  return name.size() >= prefix.size() + 15 && name.substr(0, prefix.size()) == prefix;
}

fs::path move_aside(const fs::path& root, const std::vector<fs::path>& files) {
  std::error_code ec;
  const std::string name = damaged_folder_name();
  fs::path folder = root / name;
  for (int k = 2; fs::exists(folder, ec); ++k) folder = root / (name + "-" + std::to_string(k));
  fs::create_directories(folder, ec);
  if (ec) throw OutputError("cannot create " + folder.string() + ": " + ec.message());
  std::set<fs::path> synced{root};
  for (const fs::path& file : files) {
    if (!fs::exists(file, ec)) continue;
    const fs::path relative = fs::proximate(file, root, ec);
    const fs::path target = folder / (ec || relative.empty() ? file.filename() : relative);
    fs::create_directories(target.parent_path(), ec);
    fs::rename(file, target, ec);
    if (ec)
      throw OutputError("cannot move " + file.string() + " aside into " + folder.string() + ": " +
                        ec.message());
    synced.insert(file.parent_path());
    synced.insert(target.parent_path());
  }
  for (const fs::path& dir : synced) sync_folder(dir);
  return folder;
}

}  // namespace tangram
