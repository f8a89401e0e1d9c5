#include "tangram/io/pattern_png.hpp"

#include "tangram/core/base/error.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/image.hpp"

namespace tangram {

namespace {

/// decode_image() with its errors naming the file.
cv::Mat decode_pattern(std::string_view bytes, const std::string& name, const ReadLimits& limits) {
  try {
    return decode_image(bytes, limits.max_pixels);
  } catch (const LimitError& e) {
    throw e.with_prefix("cannot read pattern " + name + ": ");
  } catch (const InputError& e) {
    throw InputError("cannot read pattern " + name + ": " + e.tagged());
  }
}

}  // namespace

std::string pattern_file_name(const std::string& path) {
  return path == "-" ? "(standard input)" : path;
}

cv::Mat load_pattern_image(const std::string& path, const ReadLimits& limits) {
  const std::string bytes =
      read_input_file(path, "pattern", limits.max_image_bytes, Limit::ImageBytes);
  return decode_pattern(bytes, pattern_file_name(path), limits);
}

Silhouette read_silhouette(const cv::Mat& image, const InputConfig& config,
                           const std::string& name) {
  validate_input_config(config);
  try {
    return make_silhouette(image, config);
  } catch (const InputError& e) {
    throw InputError("pattern " + name + ": " + e.tagged());
  }
}

Silhouette decode_silhouette(std::string_view bytes, const InputConfig& config,
                             const std::string& name, const ReadLimits& limits) {
  validate_input_config(config);
  return read_silhouette(decode_pattern(bytes, name, limits), config, name);
}

Silhouette load_silhouette(const std::string& path, const InputConfig& config,
                           const ReadLimits& limits) {
  validate_input_config(config);
  return read_silhouette(load_pattern_image(path, limits), config, pattern_file_name(path));
}

Pattern load_pattern(const std::string& path, const ReadLimits& limits) {
  return load_silhouette(path, InputConfig::referee_reading(), limits).pattern;
}

}  // namespace tangram
