// The limits on inputs shared by every subcommand that reads files (--max-pixels,
// --max-image-mb and --max-document-mb: files.hpp's ReadLimits).

#include <cmath>

#include "commands.hpp"
#include "tangram/core/base/error.hpp"

namespace tangram::cli {

namespace {

constexpr const char* kLimitGroup = "Limits (on what is read)";

/// Binds a size in megabytes (10^6 bytes) to a byte count.
void add_megabytes(CLI::App& cmd, const std::string& name, std::uint64_t& bytes,
                   const std::string& what) {
  const double megabytes = static_cast<double>(bytes) / 1e6;
  cmd.add_option_function<double>(
         name,
         [&bytes, name](const double& value) {
           if (!(value > 0.0 && value <= 1e6))
             throw UsageError(name + " must be a number of megabytes in (0, 1000000], got " +
                              general(value));
           bytes = static_cast<std::uint64_t>(std::llround(value * 1e6));
         },
         wrap(what + " Default: " + general(megabytes) + "."))
      ->type_name("MB")
      ->group(kLimitGroup);
}

}  // namespace

void add_limit_options(CLI::App& cmd, ReadLimits& limits, bool images, bool documents) {
  if (images) {
    cmd.add_option_function<std::uint64_t>(
           "--max-pixels",
           [&limits](const std::uint64_t& value) {
             if (value == 0) throw UsageError("--max-pixels must be at least 1");
             limits.max_pixels = value;
           },
           wrap("Refuse pictures with more pixels (width x height, read from the file's "
                "header before anything is decoded). Default: " +
                std::to_string(limits.max_pixels) + " (an 8000 x 6000 scan fits)."))
        ->type_name("N")
        ->group(kLimitGroup);
    add_megabytes(cmd, "--max-image-mb", limits.max_image_bytes, "Refuse larger image files.");
  }
  if (documents)
    add_megabytes(cmd, "--max-document-mb", limits.max_document_bytes,
                  "Refuse larger JSON and CSV files.");
}

}  // namespace tangram::cli
