// The problem library of `tangram serve` (problem_library.hpp).

#include "tangram/web/problem_library.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <system_error>

#include <opencv2/imgproc.hpp>

#include "tangram/core/base/error.hpp"
#include "tangram/io/detail/json.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/image.hpp"
#include "tangram/io/pattern_png.hpp"
#include "tangram/io/piece_sets.hpp"
#include "tangram/io/png.hpp"
#include "tangram/io/silhouette.hpp"
#include "tangram/service/option_words.hpp"

namespace tangram::web {

namespace {

namespace fs = std::filesystem;
using tangram::detail::Json;

/// Now, UTC, as "2026-11-25T04:30:00.123Z".
std::string utc_now_ms() {
  const auto now = std::chrono::system_clock::now();
  const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  const long ms = static_cast<long>(
      std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[40];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &utc);
  char with_ms[48];
  std::snprintf(with_ms, sizeof with_ms, "%s.%03ldZ", text, ms);
  return with_ms;
}

/// Refuses an empty or over-long name, or one with control characters.
void check_name(const std::string& name) {
  if (name.empty()) throw UsageError("a problem needs a name");
  if (name.size() > kMaxNameLength)
    throw UsageError("a problem's name is at most " + std::to_string(kMaxNameLength) +
                     " bytes, got " + std::to_string(name.size()));
  for (const char c : name)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
      throw UsageError("a problem's name may not hold control characters");
}

Json to_json(const Problem& p) {
  Json j = Json::object();
  j["id"] = p.id;
  j["name"] = p.name;
  j["set"] = p.set;
  j["source"] = p.source;
  j["created"] = p.created;
  j["width"] = p.width;
  j["height"] = p.height;
  j["notes"] = p.notes;
  j["warnings"] = p.warnings;
  j["design"] = Json::parse(p.design.empty() ? std::string("null") : p.design);
  return j;
}

/// The string member `key` of `j`, or "".
std::string string_member(const Json& j, const char* key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::vector<std::string> strings_member(const Json& j, const char* key) {
  std::vector<std::string> out;
  const auto it = j.find(key);
  if (it == j.end() || !it->is_array()) return out;
  for (const Json& item : *it)
    if (item.is_string()) out.push_back(item.get<std::string>());
  return out;
}

int int_member(const Json& j, const char* key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_number() ? it->get<int>() : 0;
}

}  // namespace

bool valid_problem_source(std::string_view source) {
  return source == "editor" || source == "upload" || source == "masks" || source == "generated" ||
         source == "convex";
}

std::string problem_json(const Problem& problem) { return to_json(problem).dump(); }

std::string problem_id_from_name(std::string_view name, std::size_t max_length) {
  std::string id;
  bool dash = false;
  for (const char raw : name) {
    const char c = static_cast<char>((raw >= 'A' && raw <= 'Z') ? raw - 'A' + 'a' : raw);
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
      if (dash && !id.empty()) id += '-';
      dash = false;
      id += c;
    } else {
      dash = true;
    }
    if (id.size() >= max_length) break;
  }
  if (id.size() > max_length) id.resize(max_length);
  while (!id.empty() && id.back() == '-') id.pop_back();
  return id.empty() ? "problem" : id;
}

bool valid_problem_id(std::string_view id) {
  if (id.empty() || id.size() > kMaxIdLength || id.front() == '-') return false;
  return std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
  });
}

std::vector<Damage> library_damage(const fs::path& folder) {
  std::vector<Damage> found;
  std::error_code ec;
  std::vector<fs::path> records;
  for (const auto& entry : fs::directory_iterator(folder, ec))
    if (entry.path().extension() == ".json" && valid_problem_id(entry.path().stem().string()) &&
        !entry.is_directory(ec))
      records.push_back(entry.path());
  std::sort(records.begin(), records.end());
  for (const fs::path& record : records) {
    try {
      const Json j = tangram::detail::parse_json(
          read_input_file(record.string(), "problem", 1'000'000, Limit::DocumentBytes));
      if (!j.is_object()) throw InputError("not a JSON object");
      const auto format = j.find("format");
      if (format != j.end() &&
          !(format->is_string() && format->get<std::string>() == kProblemFormat))
        throw InputError("format " + format->dump() + ", not \"" + std::string(kProblemFormat) +
                         "\" (made by another version of tangram?)");
      if (string_member(j, "name").empty()) throw InputError("no \"name\"");
    } catch (const Error& e) {
      found.push_back({record, e.tagged()});
      continue;
    }
    const fs::path picture = fs::path(record).replace_extension(".png");
    if (const std::optional<std::string> what = picture_damage(picture))
      found.push_back({picture, *what + " (the problem's picture)"});
  }
  return found;
}

ProblemLibrary::ProblemLibrary(fs::path folder, OnDamage on_damage) : folder_(std::move(folder)) {
  std::error_code ec;
  fs::create_directories(folder_, ec);
  if (!fs::is_directory(folder_, ec))
    throw OutputError("cannot use the library folder " + folder_.string() +
                      (ec ? ": " + ec.message() : ": not a directory"));
  // Checked before anything is changed: a damaged problem is refused, or moved aside whole.
  const std::vector<Damage> damaged = library_damage(folder_);
  if (!damaged.empty() && on_damage == OnDamage::Refuse)
    throw damaged_store_error(damaged, "move the damaged problems aside into " +
                                           (folder_ / "damaged-YYYYmmdd-HHMMSS").string() +
                                           "/ and serve the rest");
  if (!damaged.empty()) {
    std::vector<fs::path> aside;
    for (const Damage& d : damaged)
      for (const char* extension : {".json", ".png"})
        aside.push_back(fs::path(d.file).replace_extension(extension));
    damaged_folder_ = move_aside(folder_, aside);
    moved_aside_ = damaged;
  }
  // A picture or record a killed server was writing: never listed, and not left behind.
  remove_stale_temporaries(folder_);
}

fs::path ProblemLibrary::path_of(std::string_view id, std::string_view extension) const {
  return folder_ / (std::string(id) + std::string(extension));
}

std::optional<Problem> ProblemLibrary::read_record(std::string_view id) const {
  if (!valid_problem_id(id)) return std::nullopt;
  std::string text;
  try {
    text =
        read_input_file(path_of(id, ".json").string(), "problem", 1'000'000, Limit::DocumentBytes);
  } catch (const Error&) {
    return std::nullopt;
  }
  Json j;
  try {
    j = tangram::detail::parse_json(text);
  } catch (const Error&) {
    return std::nullopt;
  }
  if (!j.is_object()) return std::nullopt;
  Problem p;
  p.id = std::string(id);
  p.name = string_member(j, "name");
  p.set = string_member(j, "set");
  p.source = string_member(j, "source");
  p.created = string_member(j, "created");
  p.width = int_member(j, "width");
  p.height = int_member(j, "height");
  p.notes = strings_member(j, "notes");
  p.warnings = strings_member(j, "warnings");
  const auto design = j.find("design");
  p.design = design != j.end() ? design->dump() : "null";
  return p;
}

void ProblemLibrary::write_record(const Problem& problem) const {
  Json record = to_json(problem);
  record["format"] = std::string(kProblemFormat);
  write_text_atomic(path_of(problem.id, ".json").string(), record.dump(1) + "\n");
}

std::vector<Problem> ProblemLibrary::list() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<Problem> problems;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(folder_, ec)) {
    const fs::path& path = entry.path();
    if (path.extension() != ".json") continue;
    if (const auto p = read_record(path.stem().string())) problems.push_back(*p);
  }
  std::sort(problems.begin(), problems.end(), [](const Problem& a, const Problem& b) {
    return a.created != b.created ? a.created > b.created : a.id < b.id;
  });
  return problems;
}

std::optional<Problem> ProblemLibrary::find(std::string_view id) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return read_record(id);
}

std::optional<std::string> ProblemLibrary::image(std::string_view id) const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!read_record(id)) return std::nullopt;
  try {
    return read_input_file(path_of(id, ".png").string(), "picture", ReadLimits{}.max_image_bytes,
                           Limit::ImageBytes);
  } catch (const Error&) {
    return std::nullopt;
  }
}

Problem ProblemLibrary::add(const NewProblem& problem) {
  std::lock_guard<std::mutex> lock(mutex_);
  return add_locked(problem);
}

Problem ProblemLibrary::add_locked(const NewProblem& problem) {
  check_name(problem.name);
  if (!valid_problem_source(problem.source))
    throw UsageError("source must be editor, upload, masks, generated or convex, got '" +
                     problem.source + "'");
  PieceSetFile file;
  try {
    file = builtin_piece_set(problem.set);
  } catch (const InputError& e) {
    throw InputError("--pieces: " + e.tagged());
  }
  // As `tangram solve` reads a picture with its default input options.
  const InputConfig input = read_for_set(InputConfig{}, file.set);
  Silhouette silhouette;
  try {
    silhouette = decode_silhouette(problem.png, input, problem.name);
  } catch (const UsageError& e) {
    throw UsageError(in_words(e.tagged()));
  } catch (const InputError& e) {
    throw InputError(in_words(e.tagged()));
  }

  Problem p;
  p.name = problem.name;
  p.set = problem.set;
  p.source = problem.source;
  p.created = utc_now_ms();
  p.width = silhouette.report.image_size.width;
  p.height = silhouette.report.image_size.height;
  for (const std::string& note : silhouette.report.notes) p.notes.push_back(in_words(note));
  for (const std::string& warning : silhouette.report.warnings)
    p.warnings.push_back(in_words(warning));
  p.design = problem.design.empty() ? "null" : Json::parse(problem.design).dump();

  const std::string base = problem_id_from_name(problem.name);
  std::error_code ec;
  for (int k = 1;; ++k) {
    const std::string suffix = k == 1 ? "" : "-" + std::to_string(k);
    std::string stem = base.substr(0, kMaxIdLength - suffix.size());
    while (!stem.empty() && stem.back() == '-') stem.pop_back();
    const std::string id = stem + suffix;
    if (!fs::exists(path_of(id, ".json"), ec) && !fs::exists(path_of(id, ".png"), ec)) {
      p.id = id;
      break;
    }
  }
  try {
    write_output_file(path_of(p.id, ".png").string(), problem.png);
    write_record(p);
  } catch (const Error&) {
    // Not added (the id was free): neither a picture without its record nor a file not known
    // to be on the disk (its folder's sync failed) is left, so that the add can be retried.
    fs::remove(path_of(p.id, ".json"), ec);
    fs::remove(path_of(p.id, ".png"), ec);
    throw;
  }
  return p;
}

std::optional<Problem> ProblemLibrary::rename(std::string_view id, const std::string& name) {
  check_name(name);
  std::lock_guard<std::mutex> lock(mutex_);
  std::optional<Problem> p = read_record(id);
  if (!p) return std::nullopt;
  p->name = name;
  write_record(*p);
  return p;
}

bool ProblemLibrary::remove(std::string_view id) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!read_record(id)) return false;
  std::error_code ec;
  fs::remove(path_of(id, ".json"), ec);  // unlisted first, then the picture
  fs::remove(path_of(id, ".png"), ec);
  return true;
}

ProblemLibrary::ImportCount ProblemLibrary::import_masks(
    const std::vector<std::pair<std::string, std::string_view>>& masks) {
  ImportCount count;
  for (const auto& [name, bytes] : masks) {
    std::lock_guard<std::mutex> lock(mutex_);
    bool present = false;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(folder_, ec)) {
      if (entry.path().extension() != ".json") continue;
      const auto p = read_record(entry.path().stem().string());
      if (p && p->name == name) {
        present = true;
        break;
      }
    }
    if (present) {
      ++count.skipped;
      continue;
    }
    NewProblem problem;
    problem.name = name;
    problem.set = "tangram";
    problem.source = "masks";
    problem.png = std::string(bytes);
    add_locked(problem);
    ++count.imported;
  }
  return count;
}

std::string thumbnail_png(std::string_view image_bytes, int max_side) {
  cv::Mat image = decode_image(image_bytes, ReadLimits{}.max_pixels);
  if (image.depth() != CV_8U) image.convertTo(image, CV_8U, 1.0 / 257.0);
  if (image.channels() == 2) {  // grey + alpha: PNG writers take grey, BGR or BGRA
    std::vector<cv::Mat> planes;
    cv::split(image, planes);
    cv::merge(std::vector<cv::Mat>{planes[0], planes[0], planes[0], planes[1]}, image);
  }
  const int longer = std::max(image.cols, image.rows);
  if (longer > max_side) {
    const double f = static_cast<double>(max_side) / longer;
    cv::Mat small;
    cv::resize(image, small,
               cv::Size(std::max(1, static_cast<int>(image.cols * f + 0.5)),
                        std::max(1, static_cast<int>(image.rows * f + 0.5))),
               0, 0, cv::INTER_AREA);
    image = small;
  }
  const std::vector<unsigned char> png = encode_png(image);
  return std::string(png.begin(), png.end());
}

}  // namespace tangram::web
