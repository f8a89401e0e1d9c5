#include "tangram/io/silhouette.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <deque>
#include <limits>
#include <utility>

#include <opencv2/imgproc.hpp>

#include "tangram/core/base/error.hpp"
#include "tangram/core/base/format.hpp"
#include "tangram/core/figure/roughness.hpp"
#include "tangram/core/figure/thinness.hpp"
#include "tangram/core/raster/components.hpp"
#include "tangram/core/raster/morphology.hpp"
#include "tangram/io/picture.hpp"

namespace tangram {

namespace {

/// A fainter figure is advised only when its level lies this far below the picture's median
/// luminance (its ground): paper grain and a JPEG's noise lie closer.
constexpr int kFaintGroundGap = 25;

/// In a solution picture, pixels at least this light in every channel are its white ground
/// (the pieces' outlines are drawn antialiased).
constexpr int kWhiteFrom = 250;

constexpr std::pair<std::string_view, InvertMode> kInvertModes[] = {
    {"auto", InvertMode::Auto}, {"yes", InvertMode::Yes}, {"no", InvertMode::No}};

/// A number with `decimals` decimals, for messages.
using detail::fixed;

/// "1 speck" / "3 specks".
std::string count(long n, const std::string& singular, const std::string& plural) {
  return std::to_string(n) + " " + (n == 1 ? singular : plural);
}

/// The picture split into dark and light opaque pixels, with what the border and the
/// luminance range say.
struct Reading {
  cv::Mat1b dark;   ///< 255: opaque, luminance < threshold
  cv::Mat1b light;  ///< 255: opaque, luminance >= threshold
  long border_opaque = 0;
  long border_dark = 0;
  long transparent = 0;
  double min_luminance = std::numeric_limits<double>::infinity();  ///< over opaque pixels
  double max_luminance = -std::numeric_limits<double>::infinity();
  std::array<long, 256> levels{};  ///< opaque pixels by luminance, rounded down (8-bit scale)
};

/// Splits a picture with channel type T; `unit` maps T onto the 8-bit scale (1 for 8-bit, 257
/// for 16-bit). Same arithmetic as the referee, so that both agree on every pixel at threshold
/// 128: luminance 0.114 B + 0.587 G + 0.299 R (ITU-R BT.601), alpha >= 128.
template <typename T>
Reading read_pixels(const cv::Mat& image, double unit, double threshold) {
  const int channels = image.channels();
  Reading reading;
  reading.dark = cv::Mat1b(image.size(), uchar{0});
  reading.light = cv::Mat1b(image.size(), uchar{0});
  for (int r = 0; r < image.rows; ++r) {
    const T* p = image.ptr<T>(r);
    uchar* dark = reading.dark.ptr<uchar>(r);
    uchar* light = reading.light.ptr<uchar>(r);
    const bool border_row = r == 0 || r == image.rows - 1;
    for (int c = 0; c < image.cols; ++c, p += channels) {
      double luminance = p[0] / unit;
      double alpha = 255.0;
      if (channels == 2) {
        alpha = p[1] / unit;
      } else if (channels >= 3) {
        luminance = 0.114 * (p[0] / unit) + 0.587 * (p[1] / unit) + 0.299 * (p[2] / unit);
        if (channels >= 4) alpha = p[3] / unit;
      }
      if (alpha < 128.0) {
        ++reading.transparent;
        continue;
      }
      const bool is_dark = luminance < threshold;
      (is_dark ? dark : light)[c] = 255;
      ++reading.levels[static_cast<std::size_t>(std::clamp(luminance, 0.0, 255.0))];
      reading.min_luminance = std::min(reading.min_luminance, luminance);
      reading.max_luminance = std::max(reading.max_luminance, luminance);
      if (border_row || c == 0 || c == image.cols - 1) {
        ++reading.border_opaque;
        if (is_dark) ++reading.border_dark;
      }
    }
  }
  return reading;
}

/// The message for a picture without puzzle pixels, with a hint when one helps.
std::string no_puzzle_message(const Reading& reading, bool inverted, const InputConfig& config) {
  std::string message = inverted ? "no puzzle pixels (light, opaque pixels) in the image"
                                 : "no puzzle pixels (dark, opaque pixels) in the image";
  const bool opaque = reading.min_luminance <= reading.max_luminance;
  if (inverted) {
    if (opaque) message += "; every opaque pixel is dark: use " + mention(Setting::Invert, "no");
  } else if (opaque && reading.transparent > 0 && config.invert != InvertMode::No) {
    message +=
        "; the opaque pixels are light: for a light figure use " + mention(Setting::Invert, "yes");
  } else if (opaque && reading.min_luminance < reading.max_luminance) {
    const double darkest = std::floor(reading.min_luminance);
    message += "; the darkest pixel has luminance " + fixed(darkest, 0) + " (8-bit scale): use a " +
               mention(Setting::Threshold) + " above " + fixed(darkest, 0);
  }
  return message;
}

/// When a dark figure reads too small at this threshold but a fainter one is there: " (luminance
/// below T); N pixels have luminance L or less (8-bit scale): use a threshold above L", L the
/// lowest level with enough pixels for a pattern, well below the ground (the median); else "".
/// The same advice as no_puzzle_message() gives a picture with no dark pixel at all, whatever
/// a lossy format (JPEG) left darker than the threshold.
std::string faint_figure_advice(const Reading& reading, double threshold) {
  const auto needed = static_cast<long>(std::ceil(kMinSidePx * kMinSidePx));
  long opaque = 0;
  for (const long n : reading.levels) opaque += n;
  long below = 0;
  int level = 0, median = -1;
  for (int l = 0; l < 256; ++l) {
    below += reading.levels[static_cast<std::size_t>(l)];
    if (below < needed) level = l + 1;
    if (median < 0 && 2 * below >= opaque) median = l;
  }
  if (level > 255 || level + kFaintGroundGap > median || level < threshold) return {};
  long pixels = 0;
  for (int l = 0; l <= level; ++l) pixels += reading.levels[static_cast<std::size_t>(l)];
  return " (luminance below " + fixed(threshold, 0) + "); " + std::to_string(pixels) +
         " pixels have luminance " + std::to_string(level) + " or less (8-bit scale): use a " +
         mention(Setting::Threshold) + " above " + std::to_string(level);
}

/// A picture render_solution() drew (8-bit BGR, a grey rule under the assembly): the rows
/// above the rule as black (the assembly's pieces, the figure left uncovered and the outlines:
/// every pixel that is not white) on white. Any other picture as it is.
cv::Mat solution_picture_figure(const cv::Mat& picture) {
  if (picture.type() != CV_8UC3) return picture;
  const int rows = assembly_rows(picture);
  if (rows >= picture.rows) return picture;
  cv::Mat1b white;
  cv::inRange(picture.rowRange(0, rows), cv::Scalar(kWhiteFrom, kWhiteFrom, kWhiteFrom),
              cv::Scalar(255, 255, 255), white);
  return white;
}

/// Drops the specks of `mask` (docs/design/io.md, step 3); returns the area kept.
long drop_specks(cv::Mat1b& mask, InputReport& report) {
  const Components parts = connected_components(mask, 8);
  std::vector<long> areas(parts.area.begin() + 1, parts.area.end());
  std::sort(areas.begin(), areas.end(), std::greater<>());
  long kept = 0, cutoff = 0;  // components with area <= cutoff are specks
  for (const long a : areas) {
    if (static_cast<double>(a) < kSpeckAreaShare * static_cast<double>(kept + a)) {
      cutoff = a;
      break;
    }
    kept += a;
  }
  if (cutoff == 0) return kept;
  std::vector<char> speck(parts.area.size(), 0);
  kept = 0;
  for (int i = 1; i <= parts.count(); ++i) {
    const long a = parts.area[static_cast<std::size_t>(i)];
    if (a <= cutoff) {
      speck[i] = 1;
      ++report.specks_dropped;
      report.speck_pixels += a;
    } else {
      kept += a;
    }
  }
  parts.paint(mask, speck, 0);
  report.warnings.push_back("dropped " + count(report.specks_dropped, "speck", "specks") + ", " +
                            count(report.speck_pixels, "pixel", "pixels") +
                            " in all (separate specks of " + fixed(static_cast<double>(cutoff), 0) +
                            " px or less, under 1/64 of the figure's " + std::to_string(kept) +
                            " px: too small for any piece); use " +
                            mention(Setting::Clean, "false") + " to keep them");
  return kept;
}

/// The light regions of `mask`: the 4-connected components of the pixels that are not puzzle.
Components light_regions(const cv::Mat1b& mask) { return connected_components(mask, 4, false); }

/// Fills holes smaller than 1/64 of `area` (see silhouette.hpp).
void fill_pinholes(cv::Mat1b& mask, long area, InputReport& report) {
  const Components regions = light_regions(mask);
  std::vector<char> fill(regions.area.size(), 0);
  long largest = 0;
  for (std::size_t i = 1; i < regions.area.size(); ++i)
    if (!regions.touches_border(static_cast<int>(i), mask.size()) &&
        static_cast<double>(regions.area[i]) < kSpeckAreaShare * static_cast<double>(area)) {
      fill[i] = 1;
      ++report.holes_filled;
      report.hole_pixels += regions.area[i];
      largest = std::max(largest, regions.area[i]);
    }
  if (report.holes_filled == 0) return;
  regions.paint(mask, fill, 255);
  report.warnings.push_back("filled " + count(report.holes_filled, "pinhole", "pinholes") + ", " +
                            count(report.hole_pixels, "pixel", "pixels") +
                            " in all (enclosed gaps of " + std::to_string(largest) +
                            " px or less, under 1/64 of the figure's " + std::to_string(area) +
                            " px); use " + mention(Setting::Clean, "false") + " to keep them");
}

/// Nesting depth of every light region: 0 for regions reaching the border, else the least
/// number of dark components crossed on the way out. Breadth-first over the graph of light
/// regions and dark (8-connected) components that touch (4-neighbouring pixels); dark
/// components on the image border count as touching the outside.
std::vector<int> nesting_depths(const cv::Mat1b& mask, const Components& regions) {
  const Components dark = connected_components(mask, 8);
  const cv::Mat1i dark_labels = dark.labels(mask.size());
  const cv::Mat1i light_labels = regions.labels(mask.size());
  const int n_dark = dark.count() + 1;
  const int n_light = regions.count() + 1;
  // Edges between light label l and dark label d, found along rows and columns.
  std::vector<std::vector<int>> light_to_dark(n_light), dark_to_light(n_dark);
  std::vector<std::pair<int, int>> edges;
  const auto link = [&](int light, int dark) { edges.emplace_back(light, dark); };
  for (int r = 0; r < mask.rows; ++r) {
    const int* l = light_labels.ptr<int>(r);
    const int* d = dark_labels.ptr<int>(r);
    const int* l_down = r + 1 < mask.rows ? light_labels.ptr<int>(r + 1) : nullptr;
    const int* d_down = r + 1 < mask.rows ? dark_labels.ptr<int>(r + 1) : nullptr;
    for (int c = 0; c < mask.cols; ++c) {
      if (c + 1 < mask.cols) {
        if (l[c] && d[c + 1]) link(l[c], d[c + 1]);
        if (d[c] && l[c + 1]) link(l[c + 1], d[c]);
      }
      if (l_down) {
        if (l[c] && d_down[c]) link(l[c], d_down[c]);
        if (d[c] && l_down[c]) link(l_down[c], d[c]);
      }
    }
  }
  std::sort(edges.begin(), edges.end());
  edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
  for (const auto& [light, dark] : edges) {
    light_to_dark[light].push_back(dark);
    dark_to_light[dark].push_back(light);
  }
  // 0-1 breadth-first search: light -> dark costs 0, dark -> light costs 1.
  std::vector<int> light_depth(n_light, -1), dark_depth(n_dark, -1);
  std::deque<std::pair<bool, int>> queue;  // (is_dark, label)
  for (int i = 1; i < n_light; ++i)
    if (regions.touches_border(i, mask.size())) {
      light_depth[i] = 0;
      queue.emplace_back(false, i);
    }
  const auto seed_dark = [&](int r, int c) {
    const int d = dark_labels(r, c);
    if (d && dark_depth[d] < 0) {
      dark_depth[d] = 0;
      queue.emplace_front(true, d);
    }
  };
  for (int c = 0; c < mask.cols; ++c) {
    seed_dark(0, c);
    seed_dark(mask.rows - 1, c);
  }
  for (int r = 0; r < mask.rows; ++r) {
    seed_dark(r, 0);
    seed_dark(r, mask.cols - 1);
  }
  while (!queue.empty()) {
    const auto [is_dark, label] = queue.front();
    queue.pop_front();
    if (is_dark) {
      for (const int light : dark_to_light[label])
        if (light_depth[light] < 0 || light_depth[light] > dark_depth[label] + 1) {
          light_depth[light] = dark_depth[label] + 1;
          queue.emplace_back(false, light);
        }
    } else {
      for (const int dark : light_to_dark[label])
        if (dark_depth[dark] < 0 || dark_depth[dark] > light_depth[label]) {
          dark_depth[dark] = light_depth[label];
          queue.emplace_front(true, dark);
        }
    }
  }
  return light_depth;
}

/// Length (px) of a one-pixel-wide skeleton: every link between 8-neighbours counts, axial
/// links 1 and diagonal ones sqrt 2, each seen from both ends; a diagonal link beside an axial
/// path around the same corner is not counted.
double skeleton_length(const cv::Mat1b& skel) {
  double twice = 0.0;
  const auto on = [&](int r, int c) {
    return r >= 0 && c >= 0 && r < skel.rows && c < skel.cols && skel(r, c) != 0;
  };
  for (int r = 0; r < skel.rows; ++r)
    for (int c = 0; c < skel.cols; ++c) {
      if (!skel(r, c)) continue;
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
          if ((dr == 0 && dc == 0) || !on(r + dr, c + dc)) continue;
          if (dr == 0 || dc == 0)
            twice += 1.0;
          else if (!on(r + dr, c) && !on(r, c + dc))
            twice += std::sqrt(2.0);
        }
    }
  return 0.5 * twice;
}

/// Fills the light regions at odd nesting depth (even-odd rule), then moves the boundary to the
/// middle of the strokes: the strokes straddle the drawn boundary, so the filled figure is
/// eroded by half their mean width, stroke area / skeleton length / 2.
void fill_outline(cv::Mat1b& mask, InputReport& report) {
  const double stroke_area = cv::countNonZero(mask);
  const double half_width = 0.5 * stroke_area / std::max(1.0, skeleton_length(skeleton(mask)));
  const Components regions = light_regions(mask);
  const std::vector<int> depth = nesting_depths(mask, regions);
  std::vector<char> fill(regions.area.size(), 0);
  for (std::size_t i = 1; i < regions.area.size(); ++i)
    if (depth[i] > 0 && depth[i] % 2 == 1) {
      fill[i] = 1;
      ++report.outline_regions_filled;
      report.outline_pixels += regions.area[i];
    }
  if (report.outline_regions_filled == 0) {
    report.warnings.push_back(mention(Setting::FillOutline, "true") +
                              ": no region is enclosed by the figure; nothing filled");
    return;
  }
  regions.paint(mask, fill, 255);
  // A pixel stays when its centre is at least half_width inside: the distance to the nearest
  // outside pixel's centre is half a pixel more than the distance to the boundary.
  const long before = cv::countNonZero(mask);
  mask.setTo(0, distance_to_obstacles(mask) < half_width + 0.5);
  report.warnings.push_back(
      mention(Setting::FillOutline, "true") + ": filled " +
      count(report.outline_regions_filled, "enclosed region", "enclosed regions") + ", " +
      count(report.outline_pixels, "pixel", "pixels") + " in all, and took " +
      fixed(half_width, 1) + " px (half the strokes' mean width) off the boundary, " +
      std::to_string(before - cv::countNonZero(mask)) + " px");
}

/// Refuses outline drawings and figures too thin for the thickest piece (config).
void check_tileable(const cv::Mat1b& mask, const Pattern& pattern, bool outline_filled,
                    const InputConfig& config) {
  const double inradius = config.thickest_inradius * pattern.side_px;
  const double needed = kThinDepthShare * inradius;
  // Exact below `enough`, which is above `needed`: the comparison is the transform's.
  const float enough = std::nextafter(static_cast<float>(needed), HUGE_VALF);
  const double deepest = deepest_pixel_distance(mask, enough);
  if (deepest >= needed) return;
  if (!outline_filled) {
    const Components regions = light_regions(mask);
    long enclosed = 0;
    for (int i = 1; i <= regions.count(); ++i)
      if (!regions.touches_border(i, mask.size()))
        enclosed += regions.area[static_cast<std::size_t>(i)];
    if (enclosed > pattern.area_px) {
      const double share = static_cast<double>(enclosed) / (enclosed + pattern.area_px);
      throw InputError("looks like an outline drawing: thin strokes (no pixel deeper than " +
                       fixed(deepest, 1) + " px) enclose an unfilled area of " +
                       fixed(100.0 * share, 0) + "% of the figure; fill the figure, or use " +
                       mention(Setting::FillOutline, "true") +
                       " to fill every region the strokes enclose");
    }
  }
  throw InputError("the figure is too thin for the pieces: its deepest pixel is " +
                   fixed(deepest, 1) + " px from the outside, but the " + config.thickest_piece +
                   "'s inscribed circle has radius " + fixed(inradius, 1) + " px at set side " +
                   fixed(pattern.side_px, 0) + " px (the square root of the area)");
}

/// The working reduction factor n (see silhouette.hpp).
int work_scale(const InputConfig& config, cv::Size size, double side_px) {
  if (config.work_size_px == 0) return 1;
  if (config.work_size_px > 0) {
    const int longer = std::max(size.width, size.height);
    return std::max(1, (longer + config.work_size_px - 1) / config.work_size_px);
  }
  if (side_px <= kAutoWorkMaxSidePx) return 1;
  return std::max(2, static_cast<int>(std::lround(side_px / kAutoWorkSidePx)));
}

/// `mask` reduced by the integer factor n: a cell is puzzle when at least half of its n x n
/// block is (pixels beyond the image count as outside).
cv::Mat1b reduce(const cv::Mat1b& mask, int n) {
  const int rows = (mask.rows + n - 1) / n, cols = (mask.cols + n - 1) / n;
  cv::Mat1b out(rows, cols, uchar{0});
  std::vector<int> sums(cols);
  const long half = (static_cast<long>(n) * n + 1) / 2;
  for (int i = 0; i < rows; ++i) {
    std::fill(sums.begin(), sums.end(), 0);
    for (int r = i * n; r < std::min(mask.rows, (i + 1) * n); ++r) {
      const uchar* p = mask.ptr<uchar>(r);
      for (int c = 0; c < mask.cols; ++c)
        if (p[c]) ++sums[c / n];
    }
    for (int j = 0; j < cols; ++j) out(i, j) = sums[j] >= half ? 255 : 0;
  }
  return out;
}

}  // namespace

std::string_view invert_mode_name(InvertMode mode) {
  for (const auto& [name, m] : kInvertModes)
    if (m == mode) return name;
  return "?";
}

std::optional<InvertMode> invert_mode_from_name(std::string_view name) {
  for (const auto& [n, mode] : kInvertModes)
    if (n == name) return mode;
  return std::nullopt;
}

InputConfig read_for_set(InputConfig config, const PieceSet& set) {
  // The Tangram keeps the exact inradius of its large triangle (the default).
  if (set.name() == PieceSet::tangram().name()) return config;
  double best = -1.0;
  for (std::size_t s = 0; s < set.shape_count(); ++s) {
    const ShapeId id = static_cast<ShapeId>(s);
    const double r = inscribed_radius(set.shape(id).outline);
    if (r > best) {
      best = r;
      config.thickest_piece = set.shape_name(id);
      std::replace(config.thickest_piece.begin(), config.thickest_piece.end(), '-', ' ');
    }
  }
  config.thickest_inradius = best / std::sqrt(set.total_area());
  return config;
}

InputConfig InputConfig::referee_reading() {
  InputConfig config;
  config.threshold = 128.0;
  config.invert = InvertMode::No;
  config.clean = false;
  config.fill_outline = false;
  config.check_tileable = false;
  config.work_size_px = 0;
  return config;
}

InputConfig InputConfig::judging_reading(const std::optional<InputConfig>& recorded) {
  InputConfig config = recorded ? *recorded : referee_reading();
  config.check_tileable = false;
  config.work_size_px = 0;
  config.crop = false;
  return config;
}

void validate_input_config(const InputConfig& config) {
  if (!(config.threshold >= 1.0 && config.threshold <= 255.0))
    throw UsageError(mention(Setting::Threshold) +
                     " must be in [1, 255] (luminance on the 8-bit scale), got " +
                     fixed(config.threshold, 1));
  if (config.work_size_px < kWorkSizeAuto)
    throw UsageError(mention(Setting::WorkSize) +
                     " must be auto, 0 (full resolution) or a number of pixels, got " +
                     std::to_string(config.work_size_px));
}

Silhouette make_silhouette(const cv::Mat& picture, const InputConfig& config) {
  validate_input_config(config);
  if (picture.empty() || picture.channels() < 1 || picture.channels() > 4)
    throw InputError("unsupported image (empty, or more than 4 channels)");
  const cv::Mat image = solution_picture_figure(picture);
  Reading reading;
  switch (image.depth()) {
    case CV_8U: reading = read_pixels<uchar>(image, 1.0, config.threshold); break;
    case CV_16U: reading = read_pixels<ushort>(image, 257.0, config.threshold); break;
    default: throw InputError("unsupported sample format (8 or 16 bit expected)");
  }

  Silhouette silhouette;
  InputReport& report = silhouette.report;
  report.image_size = image.size();
  if (image.data != picture.data)
    report.notes.push_back(
        "a solution picture of tangram's: its assembly read as the figure (every "
        "piece and the uncovered figure), its caption and legend left out");
  report.border_dark_share =
      reading.border_opaque > 0
          ? static_cast<double>(reading.border_dark) / static_cast<double>(reading.border_opaque)
          : 0.0;
  switch (config.invert) {
    case InvertMode::Yes: report.inverted = true; break;
    case InvertMode::No: report.inverted = false; break;
    case InvertMode::Auto:
      report.inverted = reading.border_opaque > 0 &&
                        report.border_dark_share >= kAutoInvertBorderShare &&
                        cv::countNonZero(reading.light) > 0;
      if (report.inverted)
        report.notes.push_back("light figure on a dark background (border " +
                               fixed(100.0 * report.border_dark_share, 0) +
                               "% dark): inverted; use " + mention(Setting::Invert, "no") +
                               " to override");
      break;
  }
  cv::Mat1b mask = report.inverted ? reading.light : reading.dark;
  reading.dark.release();
  reading.light.release();
  if (cv::countNonZero(mask) == 0)
    throw InputError(no_puzzle_message(reading, report.inverted, config));

  if (!report.inverted && cv::countNonZero(mask) < kMinSidePx * kMinSidePx) {
    const std::string advice = faint_figure_advice(reading, config.threshold);
    if (!advice.empty())
      throw InputError("puzzle area is " + std::to_string(cv::countNonZero(mask)) + " pixels" +
                       advice);
  }
  cv::Mat1b unfilled;
  if (config.clean) {
    const long kept = drop_specks(mask, report);
    unfilled = mask.clone();
    fill_pinholes(mask, kept, report);
  }
  if (config.fill_outline) fill_outline(mask, report);

  silhouette.pattern = make_pattern(mask);
  silhouette.unfilled =
      report.holes_filled > 0 && !config.fill_outline ? make_pattern(unfilled) : silhouette.pattern;
  if (config.check_tileable)
    check_tileable(mask, silhouette.pattern, report.outline_regions_filled > 0, config);

  // Rough: stray far from straight lines over a few pixels, or a little and wobbling over tens.
  const double roughness_px = outline_roughness_px(silhouette.pattern.puzzle);
  const double noise_px =
      roughness_px >= kRoughOutlinePx ? outline_noise_px(silhouette.pattern.puzzle) : 0.0;
  const std::string how = roughness_px >= kVeryRoughOutlinePx
                              ? "it strays " + fixed(roughness_px, 2) +
                                    " px from straight lines on average; clean edges stray under " +
                                    fixed(kVeryRoughOutlinePx, 2)
                              : "its edges wobble " + fixed(noise_px, 2) +
                                    " px about straight lines over 30 px; clean edges under " +
                                    fixed(kNoisyOutlinePx, 2);
  if (roughness_px >= kVeryRoughOutlinePx || noise_px >= kNoisyOutlinePx)
    report.notes.push_back(
        "the outline is rough (" + how +
        "): its corners are not used to refuse the figure; if no assembly is found, redraw it with "
        "straight edges (a ruler), or scan or photograph it larger and sharper");
  const int n = work_scale(config, image.size(), silhouette.pattern.side_px);
  report.work_scale = n;
  const cv::Mat1b reduced =
      n == 1 ? silhouette.pattern.puzzle : reduce(silhouette.pattern.puzzle, n);
  const cv::Rect whole(0, 0, reduced.cols, reduced.rows);
  const cv::Rect crop =
      config.crop ? (cv::boundingRect(reduced) + cv::Point(-kWorkMarginPx, -kWorkMarginPx) +
                     cv::Size(2 * kWorkMarginPx, 2 * kWorkMarginPx)) &
                        whole
                  : whole;
  report.work_offset = crop.tl();
  if (n == 1 && crop.size() == reduced.size()) {
    silhouette.working = silhouette.pattern;
  } else {
    try {
      silhouette.working = make_pattern(reduced(crop).clone());
    } catch (const InputError& e) {
      throw InputError("reduced by " + std::to_string(n) + " for solving (set side " +
                       fixed(silhouette.pattern.side_px / n, 0) + " px), " + e.tagged() +
                       "; use a larger " + mention(Setting::WorkSize) + " or " +
                       mention(Setting::WorkSize, "0"));
    }
  }
  report.work_size = silhouette.working.puzzle.size();
  if (silhouette.unfilled.area_px == silhouette.pattern.area_px) {
    silhouette.working_unfilled = silhouette.working;
  } else {
    const cv::Mat1b open =
        n == 1 ? silhouette.unfilled.puzzle : reduce(silhouette.unfilled.puzzle, n);
    silhouette.working_unfilled = make_pattern(open(crop).clone());
  }
  // The check's tolerance is the figure's as drawn (verify_config()), whatever scale it is solved
  // at: the answer is checked at full resolution with the figure's band.
  silhouette.working.rough_band = silhouette.pattern.rough_band;
  silhouette.working_unfilled.rough_band = silhouette.unfilled.rough_band;
  if (n > 1)
    report.notes.push_back("large image: solving at 1/" + std::to_string(n) + " scale (" +
                           std::to_string(report.work_size.width) + "x" +
                           std::to_string(report.work_size.height) + " px, set side " +
                           fixed(silhouette.working.side_px, 0) + " px instead of " +
                           fixed(silhouette.pattern.side_px, 0) +
                           "); pieces are reported in the original's pixel coordinates; " +
                           mention(Setting::WorkSize, "0") + " solves at full resolution");
  return silhouette;
}

std::vector<PlacedPiece> to_working_frame(std::vector<PlacedPiece> pieces,
                                          const Silhouette& silhouette) {
  const InputReport& r = silhouette.report;
  const double n = r.work_scale;
  const Vec2 offset{static_cast<double>(r.work_offset.x), static_cast<double>(r.work_offset.y)};
  for (PlacedPiece& piece : pieces) {
    piece.pose.centre = (1.0 / n) * piece.pose.centre - offset;
    for (Vec2& v : piece.polygon) v = (1.0 / n) * v - offset;
  }
  return pieces;
}

std::vector<PlacedPiece> to_original_pieces(std::vector<PlacedPiece> pieces,
                                            const Silhouette& silhouette) {
  const InputReport& r = silhouette.report;
  const double n = r.work_scale;
  const Vec2 offset{static_cast<double>(r.work_offset.x), static_cast<double>(r.work_offset.y)};
  for (PlacedPiece& piece : pieces) {
    piece.pose.centre = n * (piece.pose.centre + offset);
    for (Vec2& v : piece.polygon) v = n * (v + offset);
  }
  return pieces;
}

namespace {

/// Pinholes were filled on the working raster: they are outside on the picture as read.
bool open_pinholes(const Silhouette& silhouette) {
  return silhouette.report.holes_filled > 0 &&
         silhouette.unfilled.area_px != silhouette.pattern.area_px;
}

}  // namespace

bool checked_again_in_full(const Silhouette& silhouette) {
  // A translation alone changes no measure (the working raster is a crop of the original).
  return silhouette.report.work_scale != 1 || open_pinholes(silhouette);
}

VerifyReport full_resolution_check(const Silhouette& silhouette,
                                   const std::vector<PlacedPiece>& original, const PieceSet& set) {
  return verify_solution(open_pinholes(silhouette) ? silhouette.unfilled : silhouette.pattern,
                         original, set);
}

Solution to_original_frame(const Solution& working, const Silhouette& silhouette,
                           const PieceSet& set, VerifyReport* check, const VerifyReport* known) {
  Solution out = working;
  out.pieces = to_original_pieces(std::move(out.pieces), silhouette);
  if (!checked_again_in_full(silhouette)) return out;
  const VerifyReport report =
      known != nullptr ? *known : full_resolution_check(silhouette, out.pieces, set);
  out.stats.coverage = report.metrics.coverage;
  out.stats.overlap = report.metrics.overlap;
  out.stats.spill = report.metrics.spill;
  out.solved = out.solved && report.valid;
  if (check != nullptr) *check = report;
  return out;
}

}  // namespace tangram
