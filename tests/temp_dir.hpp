#pragma once
/// \file temp_dir.hpp
/// Test fixture: a fresh, empty directory under the system temp directory, removed with
/// everything in it when the fixture goes out of scope.

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace tangram::test {

/// A scratch directory owned by one test case.
class TempDir {
public:
  /// Creates <tmp>/tangram-<tag>-<pid>-<n>.
  explicit TempDir(const std::string& tag) {
    static std::atomic<int> counter{0};
    path_ = std::filesystem::temp_directory_path() /
            ("tangram-" + tag + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }

  /// The directory.
  const std::filesystem::path& path() const { return path_; }

  /// `name` inside the directory, as a string.
  std::string file(const std::string& name) const { return (path_ / name).string(); }

  /// Names of the entries in the directory.
  std::vector<std::string> entries() const {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(path_))
      names.push_back(entry.path().filename().string());
    return names;
  }

private:
  std::filesystem::path path_;
};

/// Writes `text` to `path` (plain, non-atomic: test input only).
inline void write_file(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

/// Every file and folder under `root`, as paths relative to it, sorted.
inline std::vector<std::string> files_under(const std::filesystem::path& root) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root))
    names.push_back(std::filesystem::relative(entry.path(), root).string());
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace tangram::test
