// Output names, checked before any work: a picture output's format comes from its extension
// (image.hpp), and a document (JSON, HTML) is never written under a picture's name.

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>

#include "commands.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/io/image.hpp"

namespace tangram::cli {

namespace {

/// Whether `path`'s extension is ".svg" in any case.
bool names_svg(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return extension == ".svg";
}

}  // namespace

PictureFormat check_picture_output(const std::string& option, const std::string& path,
                                   bool svg_option) {
  try {
    return picture_output_format(path);
  } catch (const UsageError& e) {
    throw UsageError(option + " " + e.tagged() +
                     (svg_option && names_svg(path) ? "; --svg writes SVG" : ""));
  }
}

void check_svg_output(const std::string& option, const std::string& path, bool allow_stdout) {
  if (path == "-" && !allow_stdout)
    throw UsageError(option + " -: the SVG picture is written to a file here: name it OUT.svg");
  if (path == "-" || names_svg(path)) return;
  throw UsageError(option + " " + path + ": SVG is written under a .svg name: name it OUT.svg");
}

void check_document_output(const std::string& option, const std::string& path,
                           const std::string& kind) {
  if (!names_a_picture(path)) return;
  throw UsageError(option + " " + path + ": a picture's name for " + kind +
                   ": choose another name");
}

void add_deprecated_alias(CLI::App& cmd, const std::string& old_name, std::string& target,
                          const std::string& replacement) {
  cmd.add_option(old_name, target)
      ->group("")  // not in --help
      ->each([old_name, replacement](const std::string&) {
        std::cerr << "tangram: note: " << old_name << " is deprecated and goes in the next "
                  << "release: use " << replacement << std::endl;
      });
}

}  // namespace tangram::cli
