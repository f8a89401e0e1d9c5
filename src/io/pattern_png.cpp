#include "tangram/io/pattern_png.hpp"

#include "tangram/core/error.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/png.hpp"

namespace tangram {

Silhouette decode_silhouette_png(std::string_view bytes, const InputConfig& config,
                                 const std::string& name, const ReadLimits& limits) {
  validate_input_config(config);
  cv::Mat image;
  try {
    image = decode_png(bytes, limits.max_pixels);
  } catch (const LimitError& e) {
    throw e.with_prefix("cannot read pattern " + name + ": ");
  } catch (const InputError& e) {
    throw InputError("cannot read pattern " + name + ": " + e.tagged());
  }
  try {
    return make_silhouette(image, config);
  } catch (const InputError& e) {
    throw InputError("pattern " + name + ": " + e.tagged());
  }
}

Silhouette load_silhouette_png(const std::string& path, const InputConfig& config,
                               const ReadLimits& limits) {
  validate_input_config(config);
  const std::string bytes =
      read_input_file(path, "pattern", limits.max_image_bytes, Limit::ImageBytes);
  return decode_silhouette_png(bytes, config, path == "-" ? "(standard input)" : path, limits);
}

Pattern load_pattern_png(const std::string& path, const ReadLimits& limits) {
  return load_silhouette_png(path, InputConfig::referee_reading(), limits).pattern;
}

}  // namespace tangram
