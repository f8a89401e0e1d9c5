// Output names, checked before any work: a picture output's format comes from its extension
// (image.hpp), and a document (JSON, HTML) is never written under a picture's name.

#include "commands.hpp"
#include "tangram/core/error.hpp"
#include "tangram/io/image.hpp"

namespace tangram::cli {

PictureFormat check_picture_output(const std::string& option, const std::string& path) {
  try {
    return picture_output_format(path);
  } catch (const UsageError& e) {
    throw UsageError(option + " " + e.tagged());
  }
}

void check_document_output(const std::string& option, const std::string& path,
                           const std::string& kind) {
  if (!names_a_picture(path)) return;
  throw UsageError(option + " " + path + ": a picture's name for " + kind +
                   ": choose another name");
}

}  // namespace tangram::cli
