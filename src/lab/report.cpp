#include "tangram/lab/report.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <set>
#include <sstream>
#include <vector>

#include "tangram/core/base/error.hpp"
#include "tangram/core/base/format.hpp"
#include "tangram/core/raster/placement.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/image.hpp"
#include "tangram/io/picture.hpp"
#include "tangram/io/png.hpp"
#include "tangram/lab/detail/text.hpp"

namespace tangram {

namespace {

namespace fs = std::filesystem;

/// Colours of the chart series (Okabe-Ito palette: tells apart with the common colour-vision
/// deficiencies), repeated when there are more series.
constexpr const char* kSeriesColours[] = {"#0072B2", "#E69F00", "#009E73",
                                          "#CC79A7", "#56B4E9", "#D55E00"};

/// Chart geometry in CSS pixels: margins around the plot, bar width, gap between clusters,
/// plot height, height of one legend line; each bar has a slot wide enough for its label (at
/// most kBarLabelCharPx per character of the 10 px label: DejaVu Sans' digits are 6.4 px) and
/// room for it above the tallest bar.
constexpr int kChartLeft = 56;
constexpr int kChartRight = 16;
constexpr int kChartTop = 36;
constexpr int kChartBottom = 30;
constexpr int kBarWidth = 16;
constexpr double kBarLabelCharPx = 7.0;
constexpr int kBarLabelRoomPx = 16;
constexpr int kClusterGap = 18;
constexpr int kPlotHeight = 200;
constexpr int kLegendLine = 18;
constexpr int kMinChartWidth = 380;
/// Width of one character of the 14 px bold chart title, generously: the title sets a minimum
/// chart width so that it is never clipped.
constexpr int kTitleCharPx = 9;

using detail::fixed;

using detail::html_escape;
using detail::label_html;
using detail::label_svg;
using detail::label_unicode;

/// The table label of a strategy name (BL, S^-1, ...), or the name itself when unknown.
std::string strategy_display(const std::string& name) {
  const auto strategy = strategy_from_name(name);
  return strategy ? std::string(strategy_label(*strategy)) : name;
}

/// "compare, search ours" / "experiment 1, search paper".
std::string group_label(const std::string& experiment, const std::string& search) {
  return (experiment == "compare" ? experiment : "experiment " + experiment) + ", search " + search;
}

/// The file name of a pattern path, for tables and captions.
std::string pattern_display(const std::string& pattern) {
  const std::string name = fs::path(pattern).filename().string();
  return name.empty() ? pattern : name;
}

/// The runs of one (experiment, search) pair, with its patterns and strategies in order of
/// first appearance.
struct Group {
  std::string experiment;
  std::string search;
  std::vector<const RunRecord*> runs;
  std::vector<std::string> patterns;
  std::vector<std::string> strategies;

  /// The last run of `pattern` with `strategy` (a later row replaces an earlier one), or null.
  const RunRecord* find(const std::string& pattern, const std::string& strategy) const {
    const RunRecord* found = nullptr;
    for (const RunRecord* run : runs)
      if (run->pattern == pattern && run->strategy == strategy) found = run;
    return found;
  }
};

std::vector<Group> group_runs(const std::vector<RunRecord>& runs) {
  std::vector<Group> groups;
  for (const RunRecord& run : runs) {
    auto it = std::find_if(groups.begin(), groups.end(), [&](const Group& g) {
      return g.experiment == run.experiment && g.search == run.search;
    });
    if (it == groups.end()) {
      groups.push_back(Group{run.experiment, run.search, {}, {}, {}});
      it = groups.end() - 1;
    }
    it->runs.push_back(&run);
    if (std::find(it->patterns.begin(), it->patterns.end(), run.pattern) == it->patterns.end())
      it->patterns.push_back(run.pattern);
    if (std::find(it->strategies.begin(), it->strategies.end(), run.strategy) ==
        it->strategies.end())
      it->strategies.push_back(run.strategy);
  }
  return groups;
}

/// "solved", "invalid" (solved by the search, rejected by the checker) or "unsolved".
std::string run_status(const RunRecord& run) {
  return run.counts() ? "solved" : run.solved ? "invalid" : "unsolved";
}

bool in_gallery(const RunRecord& run, GalleryMode mode) {
  return mode == GalleryMode::All || (mode == GalleryMode::Unsolved && !run.counts());
}

/// The path a runs.csv field names, resolved against the results directory.
fs::path resolve(const std::string& results_dir, const std::string& field) {
  const fs::path path(field);
  return path.is_absolute() ? path : fs::path(results_dir) / path;
}

/// Reads a whole file (a regular file of at most `max_bytes`) or says why not.
std::optional<std::string> read_bytes(const fs::path& path, std::uint64_t max_bytes, Limit limit,
                                      std::string& problem) {
  try {
    return read_input_file(path.string(), "file", max_bytes, limit);
  } catch (const InputError& e) {
    // "cannot read file PATH: why" -> "why": the caller names the file.
    const std::string& message = e.tagged();
    const std::string prefix = "cannot read file " + path.string() + ": ";
    problem = message.rfind(prefix, 0) == 0 ? message.substr(prefix.size()) : message;
    return std::nullopt;
  }
}

/// A picture in another format than PNG (a pattern may be any format solve reads), decoded
/// and encoded as PNG for embedding, or a problem.
EmbeddedImage reencoded_as_png(const std::string& bytes, const ReadLimits& limits) {
  EmbeddedImage image;
  cv::Mat decoded;
  try {
    decoded = decode_image(bytes, limits.max_pixels);
  } catch (const Error& e) {
    image.problem = e.tagged();
    return image;
  }
  if (decoded.depth() == CV_16U) decoded.convertTo(decoded, CV_8U, 1.0 / 257.0);
  std::vector<unsigned char> png;
  try {
    png = encode_png(decoded);
  } catch (const OutputError&) {
    image.problem = "cannot be encoded as PNG";
    return image;
  }
  image.width = decoded.cols;
  image.height = decoded.rows;
  image.png.assign(png.begin(), png.end());
  return image;
}

/// A run's picture cut to its assembly (assembly_rows()): the page has one legend for every
/// picture, and a legend scaled down to a thumbnail cannot be read. `image` unchanged when it
/// has no caption or cannot be decoded.
EmbeddedImage assembly_only(EmbeddedImage image, const ReadLimits& limits) {
  if (image.png.empty()) return image;
  cv::Mat decoded;
  try {
    decoded = decode_image(image.png, limits.max_pixels);
  } catch (const Error&) {
    return image;
  }
  const int rows = assembly_rows(decoded);
  if (rows >= decoded.rows) return image;
  try {
    const std::vector<unsigned char> png = encode_png(decoded.rowRange(0, rows).clone());
    image.png.assign(png.begin(), png.end());
    image.height = rows;
  } catch (const OutputError&) {}
  return image;
}

/// A picture file as PNG bytes with its size: a PNG as it is (its size from the IHDR chunk),
/// another format solve reads decoded and encoded as PNG; or a problem.
EmbeddedImage load_png(const fs::path& path, const ReadLimits& limits) {
  EmbeddedImage image;
  const std::optional<std::string> bytes =
      read_bytes(path, limits.max_image_bytes, Limit::ImageBytes, image.problem);
  if (!bytes) return image;
  static const char kSignature[8] = {'\x89', 'P', 'N', 'G', '\r', '\n', '\x1a', '\n'};
  if (bytes->size() < 8 || bytes->compare(0, 8, kSignature, 8) != 0)
    return reencoded_as_png(*bytes, limits);
  if (bytes->size() < 24 || bytes->compare(12, 4, "IHDR") != 0) {
    image.problem = "not a PNG file";
    return image;
  }
  const auto u32 = [&](std::size_t at) {
    std::uint32_t v = 0;
    for (std::size_t i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>((*bytes)[at + i]);
    return v;
  };
  const std::uint32_t width = u32(16), height = u32(20);
  if (width == 0 || height == 0 || width > 100000 || height > 100000) {
    image.problem = "not a PNG file (bad image size)";
    return image;
  }
  if (std::uint64_t{width} * height > limits.max_pixels) {
    image.problem = std::to_string(width) + " x " + std::to_string(height) +
                    " px is over the limit of " + std::to_string(limits.max_pixels) + " pixels";
    return image;
  }
  image.width = int(width);
  image.height = int(height);
  image.png = *bytes;
  return image;
}

// ---- SVG bar charts ----------------------------------------------------------------------

/// One series of a bar chart: a value (or none) and a label per category.
struct BarSeries {
  std::string name;
  std::vector<std::optional<double>> values;
  std::vector<std::string> labels;  ///< shown above the bar and in its tooltip
};

/// A step of 1, 2 or 5 times a power of ten close to `raw`.
double nice_step(double raw) {
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  const double unit = raw / power;
  return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
}

/// A grouped bar chart as inline SVG: categories along x, one bar per series in each, a y
/// axis from 0 with about four grid lines, a legend below. Missing values show as "–".
std::string bar_chart_svg(const std::string& id, const std::string& title,
                          const std::string& y_label, const std::vector<std::string>& categories,
                          const std::vector<BarSeries>& series, bool whole_numbers) {
  double top = 0;
  for (const BarSeries& s : series)
    for (const auto& v : s.values)
      if (v) top = std::max(top, *v);
  if (top <= 0) top = 1;
  double step = nice_step(top / 4);
  if (whole_numbers) step = std::max(1.0, std::round(step));
  top = std::ceil(top / step - 1e-9) * step;

  const int n = std::max<int>(1, int(series.size()));
  // Every bar's slot holds the widest label (code points, the dash of a missing value
  // included), so that no label reaches into its neighbour's.
  std::size_t label_chars = 1;
  for (const BarSeries& s : series)
    for (const std::string& label : s.labels)
      label_chars = std::max(label_chars, detail::code_points(label));
  const int slot = std::max(kBarWidth + 4, int(std::ceil(label_chars * kBarLabelCharPx)) + 4);
  const int cluster = n * slot + kClusterGap;
  const int plot_width = int(categories.size()) * cluster;
  const int width = std::max({kMinChartWidth, kChartLeft + plot_width + kChartRight,
                              kChartLeft + int(title.size()) * kTitleCharPx});
  const int legend_top = kChartTop + kPlotHeight + kChartBottom;
  const int height = legend_top + int(series.size()) * kLegendLine + 8;
  const auto y_of = [&](double v) { return kChartTop + kPlotHeight * (1 - v / top); };

  std::ostringstream svg;
  svg << "<svg id=\"" << id << "\" class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\""
      << width << "\" height=\"" << height << "\" viewBox=\"0 0 " << width << " " << height
      << "\" role=\"img\" aria-labelledby=\"" << id << "-title\">\n";
  svg << "<title id=\"" << id << "-title\">" << html_escape(title) << "</title>\n";
  svg << "<text x=\"" << kChartLeft << "\" y=\"18\" class=\"chart-title\">" << html_escape(title)
      << "</text>\n";
  for (double v = 0; v <= top + 1e-9; v += step) {
    const double y = y_of(v);
    svg << "<line x1=\"" << kChartLeft << "\" x2=\"" << kChartLeft + plot_width << "\" y1=\""
        << fixed(y, 1) << "\" y2=\"" << fixed(y, 1) << "\" class=\"grid\"/>"
        << "<text x=\"" << kChartLeft - 6 << "\" y=\"" << fixed(y + 4, 1)
        << "\" text-anchor=\"end\" class=\"tick\">"
        << (whole_numbers ? fixed(v, 0)
            : step < 1    ? fixed(v, 2)
                          : fixed(v, 0))
        << "</text>\n";
  }
  svg << "<text transform=\"translate(14," << kChartTop + kPlotHeight / 2
      << ") rotate(-90)\" text-anchor=\"middle\" class=\"tick\">" << html_escape(y_label)
      << "</text>\n";
  // Each label names its container (data-container): the bar's slot, the category's cluster;
  // invisible rectangles that a browser check measures the labels against.
  for (std::size_t c = 0; c < categories.size(); ++c) {
    const int x0 = kChartLeft + int(c) * cluster + kClusterGap / 2;
    for (std::size_t s = 0; s < series.size(); ++s) {
      const int x = x0 + int(s) * slot;
      const char* colour = kSeriesColours[s % std::size(kSeriesColours)];
      const auto& value = series[s].values[c];
      const std::string tip = html_escape(series[s].name + ", " + label_unicode(categories[c]) +
                                          ": " + series[s].labels[c]);
      const std::string slot_id = id + "-slot-" + std::to_string(c) + "-" + std::to_string(s);
      svg << "<rect id=\"" << slot_id << "\" class=\"slot\" x=\"" << x << "\" y=\""
          << kChartTop - kBarLabelRoomPx << "\" width=\"" << slot << "\" height=\""
          << kPlotHeight + kBarLabelRoomPx << "\" fill=\"none\"/>";
      if (value) {
        const double y = y_of(*value);
        svg << "<rect x=\"" << x + (slot - kBarWidth) / 2 + 1 << "\" y=\"" << fixed(y, 1)
            << "\" width=\"" << kBarWidth - 2 << "\" height=\""
            << fixed(kChartTop + kPlotHeight - y, 1) << "\" fill=\"" << colour << "\"><title>"
            << tip << "</title></rect>";
      }
      svg << "<text x=\"" << x + slot / 2 << "\" y=\""
          << fixed((value ? y_of(*value) : kChartTop + kPlotHeight) - 5, 1)
          << "\" text-anchor=\"middle\" class=\"bar-label\" data-container=\"" << slot_id << "\">"
          << html_escape(value ? series[s].labels[c] : "\u2013") << "<title>" << tip
          << "</title></text>\n";
    }
    const std::string cluster_id = id + "-category-" + std::to_string(c);
    svg << "<rect id=\"" << cluster_id << "\" class=\"slot\" x=\"" << x0 - kClusterGap / 2
        << "\" y=\"" << kChartTop + kPlotHeight << "\" width=\"" << cluster << "\" height=\""
        << kChartBottom << "\" fill=\"none\"/><text x=\"" << x0 + n * slot / 2 << "\" y=\""
        << kChartTop + kPlotHeight + 18 << "\" text-anchor=\"middle\" class=\"category\" "
        << "data-container=\"" << cluster_id << "\">" << label_svg(categories[c]) << "</text>\n";
  }
  svg << "<line x1=\"" << kChartLeft << "\" x2=\"" << kChartLeft + plot_width << "\" y1=\""
      << kChartTop + kPlotHeight << "\" y2=\"" << kChartTop + kPlotHeight
      << "\" class=\"axis\"/>\n";
  for (std::size_t s = 0; s < series.size(); ++s) {
    const int y = legend_top + int(s) * kLegendLine;
    svg << "<rect x=\"" << kChartLeft << "\" y=\"" << y << "\" width=\"12\" height=\"12\" fill=\""
        << kSeriesColours[s % std::size(kSeriesColours)] << "\"/><text x=\"" << kChartLeft + 18
        << "\" y=\"" << y + 10 << "\" class=\"legend\">" << html_escape(series[s].name)
        << "</text>\n";
  }
  svg << "</svg>\n";
  return svg.str();
}

// ---- page parts ----------------------------------------------------------------------------

constexpr const char* kStyle = R"(
body { font-family: system-ui, "DejaVu Sans", sans-serif; margin: 24px; color: #1b1b1b;
       background: #fff; line-height: 1.4; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { margin-top: 1.6em; border-bottom: 1px solid #ccc; padding-bottom: 0.2em; }
.meta { color: #555; margin-top: 0; }
table { border-collapse: collapse; margin: 0.6em 0 1.2em; font-size: 0.9em; }
th, td { border: 1px solid #c8c8c8; padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: #f0f0f0; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.solved { background: #e6f4e8; }
td.unsolved { background: #fde4e4; }
td.invalid { background: #fff0d6; }
td.absent { color: #888; }
.charts { display: flex; flex-wrap: wrap; gap: 24px; }
svg.chart { background: #fafafa; border: 1px solid #ddd; }
svg .chart-title { font-size: 14px; font-weight: bold; }
svg .tick, svg .legend, svg .category { font-size: 12px; fill: #333; }
svg .bar-label { font-size: 10px; fill: #222; }
svg .grid { stroke: #e2e2e2; }
svg .axis { stroke: #555; }
.gallery-row { display: flex; flex-wrap: wrap; gap: 10px; margin: 0 0 14px; }
figure.card { margin: 0; width: 140px; padding: 4px; border: 2px solid #bbb; background: #fff; }
figure.card img { display: block; width: 100%; height: auto; }
figure.card figcaption { font-size: 0.8em; margin-top: 4px; }
figure.pattern { border-color: #333; background: #f3f3f3; }
figure.solved { border-color: #2e7d32; }
figure.unsolved { border: 4px solid #c62828; }
figure.invalid { border: 4px solid #ef6c00; }
.badge { display: inline-block; font-weight: bold; font-size: 0.85em; padding: 0 4px;
         color: #fff; border-radius: 3px; }
.badge.solved { background: #2e7d32; }
.badge.unsolved { background: #c62828; }
.badge.invalid { background: #ef6c00; }
.missing-image { display: flex; align-items: center; justify-content: center; height: 120px;
                 background: repeating-linear-gradient(45deg, #eee, #eee 8px, #ddd 8px,
                 #ddd 16px); color: #a00; font-size: 0.8em; text-align: center; padding: 4px; }
#broken-images { background: #c62828; color: #fff; padding: 6px 10px; }
table.settings td { max-width: 60em; overflow-wrap: anywhere; }
table.settings code { font-size: 0.95em; }
.why { font-size: 0.9em; color: #a00; }
p.legend .piece { white-space: nowrap; margin-right: 0.6em; }
.swatch { display: inline-block; width: 0.9em; height: 0.9em; margin-right: 0.3em;
          vertical-align: -0.1em; border: 1px solid #333; }
figure.card figcaption { overflow-wrap: anywhere; }
footer { margin-top: 2em; color: #666; font-size: 0.85em; }
)";

/// Runs the page itself after loading: counts the pictures that did not decode, shows a
/// banner when there are any, and records both counts on <body> (data-images,
/// data-broken-images) for automated checks.
constexpr const char* kScript = R"(
window.addEventListener('load', function () {
  var images = document.images, broken = 0;
  for (var i = 0; i < images.length; ++i)
    if (!images[i].complete || images[i].naturalWidth === 0) ++broken;
  document.body.setAttribute('data-images', String(images.length));
  document.body.setAttribute('data-broken-images', String(broken));
  if (broken > 0) {
    var banner = document.getElementById('broken-images');
    banner.textContent = broken + ' of ' + images.length + ' pictures could not be shown.';
    banner.hidden = false;
  }
});
)";

std::string summary_table(const std::vector<StrategySummary>& summaries) {
  std::string h =
      "<table id=\"summary-table\" class=\"summary\">\n<thead><tr><th>experiment"
      "</th><th>search</th><th>strategy</th><th>runs</th><th>solved</th><th>invalid"
      "</th><th>solved %</th><th>mean s (solved)</th><th>mean coverage (solved)</th>"
      "</tr></thead>\n<tbody>\n";
  for (const StrategySummary& s : summaries) {
    h += "<tr><td>" + html_escape(s.experiment) + "</td><td>" + html_escape(s.search) +
         "</td><td>" + label_html(strategy_display(s.strategy)) + "</td><td class=\"num\">" +
         std::to_string(s.runs) + "</td><td class=\"num\">" + std::to_string(s.solved) +
         "</td><td class=\"num\">" + std::to_string(s.invalid) + "</td><td class=\"num\">" +
         (s.runs > 0 ? fixed(100.0 * s.solved / s.runs, 1) : std::string("\u2013")) +
         "</td><td class=\"num\">" +
         (s.mean_seconds_solved ? fixed(*s.mean_seconds_solved, 2) : std::string("\u2013")) +
         "</td><td class=\"num\">" +
         (s.mean_coverage_solved ? fixed(*s.mean_coverage_solved, 4) : std::string("\u2013")) +
         "</td></tr>\n";
  }
  return h + "</tbody>\n</table>\n";
}

/// The two charts: solved runs and mean time of solved runs, per strategy, one series per
/// (experiment, search) group.
std::string charts(const std::vector<Group>& groups,
                   const std::vector<StrategySummary>& summaries) {
  std::vector<std::string> names;  // strategies in order of first appearance over all groups
  for (const Group& g : groups)
    for (const std::string& s : g.strategies)
      if (std::find(names.begin(), names.end(), s) == names.end()) names.push_back(s);
  std::vector<std::string> categories;
  for (const std::string& s : names) categories.push_back(strategy_display(s));

  std::vector<BarSeries> solved, seconds;
  for (const Group& g : groups) {
    BarSeries count{group_label(g.experiment, g.search), {}, {}};
    BarSeries time{count.name, {}, {}};
    for (const std::string& name : names) {
      const auto it = std::find_if(summaries.begin(), summaries.end(), [&](const auto& s) {
        return s.experiment == g.experiment && s.search == g.search && s.strategy == name;
      });
      if (it == summaries.end()) {  // this group did not run the strategy
        count.values.emplace_back();
        count.labels.emplace_back("not run");
        time.values.emplace_back();
        time.labels.emplace_back("not run");
        continue;
      }
      count.values.emplace_back(it->solved);
      count.labels.push_back(std::to_string(it->solved) + "/" + std::to_string(it->runs));
      time.values.push_back(it->mean_seconds_solved);
      time.labels.push_back(it->mean_seconds_solved ? fixed(*it->mean_seconds_solved, 2)
                                                    : std::string("none solved"));
    }
    solved.push_back(count);
    seconds.push_back(time);
  }
  return "<div class=\"charts\">\n" +
         bar_chart_svg("chart-solved", "Solved runs per strategy (solved and valid)", "runs",
                       categories, solved, true) +
         bar_chart_svg("chart-time", "Mean search time of the solved runs", "seconds", categories,
                       seconds, false) +
         "</div>\n";
}

/// Pattern x strategy table of one group.
std::string runs_table(const Group& g) {
  std::string h = "<table class=\"runs\">\n<thead><tr><th>pattern</th>";
  for (const std::string& s : g.strategies) h += "<th>" + label_html(strategy_display(s)) + "</th>";
  h += "</tr></thead>\n<tbody>\n";
  for (const std::string& pattern : g.patterns) {
    h += "<tr><th title=\"" + html_escape(pattern) + "\">" + html_escape(pattern_display(pattern)) +
         "</th>";
    for (const std::string& strategy : g.strategies) {
      const RunRecord* run = g.find(pattern, strategy);
      if (!run) {
        h += "<td class=\"absent\">not run</td>";
        continue;
      }
      const std::string status = run_status(*run);
      h += "<td class=\"" + status + "\">";
      if (status == "solved")
        h += "yes " + fixed(run->seconds, 2) + " s<br>cov " + fixed(run->coverage, 3) + "<br>bt " +
             std::to_string(run->backtracks);
      else if (status == "invalid")
        h += "invalid " + fixed(run->seconds, 2) + " s<br>cov " + fixed(run->coverage, 3) +
             "<br>bt " + std::to_string(run->backtracks);
      else
        h += "no " + fixed(run->seconds, 1) + " s<br>cov " + fixed(run->coverage, 3) + "<br>bt " +
             std::to_string(run->backtracks);
      h += "</td>";
    }
    h += "</tr>\n";
  }
  return h + "</tbody>\n</table>\n";
}

/// An <img> with the embedded picture, or a placeholder that says why there is none.
std::string picture_html(const ReportInput& input, const std::string& path,
                         const std::string& alt) {
  if (path.empty()) return "<div class=\"missing-image\">no picture written</div>";
  const auto it = input.images.find(path);
  if (it == input.images.end() || it->second.png.empty()) {
    const std::string why = it == input.images.end() ? "not loaded" : it->second.problem;
    return "<div class=\"missing-image\" role=\"img\" aria-label=\"missing picture\">"
           "picture missing:<br>" +
           html_escape(path) + "<br>(" + html_escape(why) + ")</div>";
  }
  return "<img src=\"data:image/png;base64," + detail::base64(it->second.png) + "\" width=\"" +
         std::to_string(it->second.width) + "\" height=\"" + std::to_string(it->second.height) +
         "\" alt=\"" + html_escape(alt) + "\">";
}

/// Why a run that does not count as solved ended so, in a few words ("time limit of 10 s",
/// "search space exhausted", "impossible", "rejected by the checker"); empty when it counts or
/// runs.csv does not say.
std::string unsolved_words(const RunRecord& run, const std::optional<ResultsSettings>& settings) {
  if (run.counts() || !run.outcome) return "";
  if (*run.outcome == Outcome::TimeLimit && settings && settings->time_limit_s > 0)
    return "time limit of " + detail::general(settings->time_limit_s) + " s";
  return outcome_short_reason(*run.outcome);
}

/// The legend of the pictures: each piece of the set the settings name, in its colour
/// (piece_colour(), by slot); empty without settings.
std::string piece_legend(const std::optional<ResultsSettings>& settings) {
  if (!settings || settings->pieces.empty()) return "";
  std::string h = "<p id=\"piece-legend\" class=\"legend\">Pieces (" +
                  html_escape(settings->piece_set) + "), the same colours in every picture:";
  for (std::size_t slot = 0; slot < settings->pieces.size(); ++slot)
    h += " <span class=\"piece\"><span class=\"swatch\" style=\"background:" +
         colour_hex(piece_colour(slot)) + "\"></span>" + html_escape(settings->pieces[slot]) +
         "</span>";
  return h + "</p>\n";
}

std::string gallery(const ReportInput& input, const std::vector<Group>& groups) {
  std::string h;
  for (const Group& g : groups) {
    std::string rows;
    for (const std::string& pattern : g.patterns) {
      std::string cards;
      for (const std::string& strategy : g.strategies) {
        const RunRecord* run = g.find(pattern, strategy);
        if (!run || !in_gallery(*run, input.gallery)) continue;
        const std::string status = run_status(*run);
        const std::string badge = status == "solved"    ? "solved"
                                  : status == "invalid" ? "INVALID"
                                                        : "NOT SOLVED";
        const std::string why = unsolved_words(*run, input.settings);
        cards +=
            "<figure class=\"card " + status + "\" data-status=\"" + status + "\"" +
            (run->outcome ? " data-outcome=\"" + std::string(outcome_name(*run->outcome)) + "\""
                          : std::string()) +
            ">" +
            picture_html(input, run->picture,
                         pattern_display(pattern) + ", " +
                             label_unicode(strategy_display(strategy)) + ": " + badge +
                             (why.empty() ? "" : " (" + why + ")")) +
            "<figcaption><b>" + label_html(strategy_display(strategy)) +
            "</b> <span class=\"badge " + status + "\">" + badge + "</span>" +
            (why.empty() ? "" : " <span class=\"why\">" + html_escape(why) + "</span>") + "<br>" +
            fixed(run->seconds, 2) + " s, cov " + fixed(run->coverage, 3) + ", bt " +
            std::to_string(run->backtracks) + "</figcaption></figure>\n";
      }
      if (cards.empty()) continue;
      rows += "<div class=\"gallery-row\">\n<figure class=\"card pattern\">" +
              picture_html(input, pattern, "pattern " + pattern_display(pattern)) +
              "<figcaption><b>pattern</b><br>" + html_escape(pattern_display(pattern)) +
              "</figcaption></figure>\n" + cards + "</div>\n";
    }
    if (rows.empty()) continue;
    h += "<h3>" + html_escape(group_label(g.experiment, g.search)) + "</h3>\n" + rows;
  }
  if (h.empty()) h = "<p>Every run shown counts as solved.</p>\n";
  return h;
}

// ---- settings ----------------------------------------------------------------------------

/// How the results were made: a table of settings_rows(), or a note that there are none.
std::string settings_html(const std::optional<ResultsSettings>& settings) {
  std::string h = "<h2 id=\"settings\">How these results were made</h2>\n";
  if (!settings)
    return h +
           "<p id=\"no-settings\">The results directory records no settings (no "
           "settings.json: written before tangram recorded them). The time limit, rotation "
           "step, commit and machine are unknown.</p>\n";
  h += "<table id=\"settings-table\" class=\"settings\">\n<tbody>\n";
  for (const auto& [name, value] : settings_rows(*settings)) {
    // Strategy labels raised ("S^-1"); a command line as typed, in code.
    const std::string shown = name == "strategies" ? label_html(value)
                              : name.rfind("command", 0) == 0 && value != "not recorded"
                                  ? "<code>" + html_escape(value) + "</code>"
                                  : html_escape(value);
    h += "<tr><th>" + html_escape(name) + "</th><td>" + shown + "</td></tr>\n";
  }
  return h + "</tbody>\n</table>\n";
}

// ---- Tables I-III ------------------------------------------------------------------------

/// Tables I-III as HTML: a heading and a table each, then the note.
std::string experiment_tables_html(const std::vector<ExperimentTable>& tables) {
  std::string h;
  for (const ExperimentTable& table : tables) {
    if (table.rows.empty()) continue;
    h += "<h3>" + html_escape(table.title) + "</h3>\n<table class=\"paper-tables\">\n<thead><tr>";
    for (const std::string& cell : table.rows.front()) h += "<th>" + label_html(cell) + "</th>";
    h += "</tr>\n</thead>\n<tbody>\n";
    for (std::size_t r = 1; r < table.rows.size(); ++r) {
      h += "<tr>";
      for (const std::string& cell : table.rows[r]) h += "<td>" + label_html(cell) + "</td>";
      h += "</tr>\n";
    }
    h += "</tbody>\n</table>\n";
  }
  return h + "<p>" + html_escape(kExperimentTablesNote) + "</p>\n";
}

/// A run of runs.csv as one of `tangram experiment` (experiment 1, 2 or 3, a known search and
/// strategy), or nothing.
std::optional<ExperimentRecord> experiment_run(const RunRecord& run) {
  if (run.experiment.size() != 1 || run.experiment[0] < '1' || run.experiment[0] > '3')
    return std::nullopt;
  const auto mode = search_mode_from_name(run.search);
  if (!mode) return std::nullopt;
  const auto strategy = strategy_from_name(run.strategy);
  if (!strategy) return std::nullopt;
  ExperimentRecord r;
  r.experiment = run.experiment[0] - '0';
  r.search = *mode;
  r.pattern = fs::path(run.pattern).stem().string();
  r.strategy = *strategy;
  r.solved = run.solved;
  r.valid = run.valid;
  r.seconds = run.seconds;
  r.placements = run.placements;
  r.backtracks = run.backtracks;
  r.coverage = run.coverage;
  r.overlap = run.overlap;
  r.spill = run.spill;
  return r;
}

/// The plan `tangram experiment` wrote tables.csv with (tables_csv()): experiments, strategies
/// and searches in the order of its Table I rows, and the patterns of each experiment (the
/// planned runs of a Table I cell, which holds one strategy); nothing when `text` is not such
/// a file.
std::optional<TablePlan> plan_of_tables_csv(const std::string& text) {
  std::vector<detail::CsvRecord> records;
  try {
    records = detail::csv_records(text, "tables.csv");
  } catch (const InputError&) {
    return std::nullopt;
  }
  const std::vector<std::string> header{"table",  "experiment", "row",     "source",  "value",
                                        "spread", "solved",     "planned", "recorded"};
  if (records.empty() || records.front().fields != header) return std::nullopt;
  TablePlan plan;
  for (std::size_t r = 1; r < records.size(); ++r) {
    const std::vector<std::string>& f = records[r].fields;
    if (f.size() != 9) return std::nullopt;
    if (f[0] != "I" || f[3] == "paper") continue;
    int experiment = 0, planned = 0;
    const auto number = [](const std::string& field, int& value) {
      const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
      return error == std::errc() && end == field.data() + field.size();
    };
    if (!number(f[1], experiment) || !number(f[7], planned)) return std::nullopt;
    std::optional<Strategy> strategy;
    for (const Strategy s : all_strategies())
      if (strategy_label(s) == f[2]) strategy = s;
    if (!strategy || (f[3] != "faithful" && f[3] != "default")) return std::nullopt;
    const SearchMode search = f[3] == "faithful" ? SearchMode::Paper : SearchMode::Ours;
    const auto e = std::find(plan.experiments.begin(), plan.experiments.end(), experiment);
    if (e == plan.experiments.end()) {
      plan.experiments.push_back(experiment);
      plan.patterns.push_back(planned);
    } else if (plan.patterns[e - plan.experiments.begin()] != planned) {
      return std::nullopt;
    }
    if (std::find(plan.strategies.begin(), plan.strategies.end(), *strategy) ==
        plan.strategies.end())
      plan.strategies.push_back(*strategy);
    if (std::find(plan.searches.begin(), plan.searches.end(), search) == plan.searches.end())
      plan.searches.push_back(search);
  }
  if (plan.experiments.empty()) return std::nullopt;
  return plan;
}

/// The plan as the runs show it: experiments, strategies and searches in order of first
/// appearance, and the patterns of each experiment that have a run.
TablePlan plan_of_runs(const std::vector<ExperimentRecord>& records) {
  TablePlan plan;
  std::vector<std::set<std::string>> patterns;
  for (const ExperimentRecord& r : records) {
    auto e = std::find(plan.experiments.begin(), plan.experiments.end(), r.experiment);
    if (e == plan.experiments.end()) {
      plan.experiments.push_back(r.experiment);
      patterns.emplace_back();
      e = plan.experiments.end() - 1;
    }
    patterns[e - plan.experiments.begin()].insert(r.pattern);
    if (std::find(plan.strategies.begin(), plan.strategies.end(), r.strategy) ==
        plan.strategies.end())
      plan.strategies.push_back(r.strategy);
    if (std::find(plan.searches.begin(), plan.searches.end(), r.search) == plan.searches.end())
      plan.searches.push_back(r.search);
  }
  for (const auto& set : patterns) plan.patterns.push_back(static_cast<int>(set.size()));
  return plan;
}

/// Tables I-III of the experiment runs in runs.csv, computed as `tangram experiment` computes
/// tables.md: over each run's record (run_record_path(), whose times have 4 decimals where
/// runs.csv has 3), with the plan of tables.csv (how many runs each cell should have), or the
/// plan the runs show when there is no usable tables.csv. A record that is missing or does not
/// parse is replaced by its runs.csv row, and one warning says so. Empty without experiment
/// runs (a `tangram compare --out` directory).
std::vector<ExperimentTable> load_experiment_tables(const std::string& results_dir,
                                                    const std::vector<RunRecord>& runs,
                                                    std::vector<std::string>& warnings,
                                                    const ReadLimits& limits) {
  std::vector<ExperimentRecord> records;
  std::size_t replaced = 0;
  std::string first_problem;
  for (const RunRecord& run : runs) {
    const std::optional<ExperimentRecord> row = experiment_run(run);
    if (!row) continue;
    const fs::path path = fs::path(results_dir) / run_record_path(row->experiment, row->search,
                                                                  row->pattern, row->strategy);
    std::string problem;
    std::optional<ExperimentRecord> record;
    if (const auto text =
            read_bytes(path, limits.max_document_bytes, Limit::DocumentBytes, problem)) {
      try {
        record = record_from_json(*text);
        if (record->experiment != row->experiment || record->search != row->search ||
            record->pattern != row->pattern || record->strategy != row->strategy) {
          record.reset();
          problem = "not the record of its runs.csv row";
        }
      } catch (const InputError& e) {
        problem = e.what();
      }
    }
    if (!record) {
      if (replaced++ == 0) first_problem = path.string() + ": " + problem;
      record = row;
    }
    records.push_back(*record);
  }
  if (records.empty()) return {};
  if (replaced > 0)
    warnings.push_back("run record " + first_problem + " (" + std::to_string(replaced) + " of " +
                       std::to_string(records.size()) +
                       " records unusable: Tables I-III use their runs.csv rows, times to 3 "
                       "decimals)");

  const fs::path csv = fs::path(results_dir) / "tables.csv";
  std::string problem;
  const auto text = read_bytes(csv, limits.max_document_bytes, Limit::DocumentBytes, problem);
  const std::optional<TablePlan> plan = text ? plan_of_tables_csv(*text) : std::nullopt;
  if (!plan)
    warnings.push_back("tables " + csv.string() + ": " +
                       (text ? "not a tables.csv of 'tangram experiment'" : problem) +
                       " (Tables I-III take the runs in runs.csv for all that were planned)");
  return experiment_tables(records, plan ? *plan : plan_of_runs(records));
}

}  // namespace

namespace detail {

std::string base64(std::string_view bytes) {
  static constexpr char kDigits[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const std::uint32_t v = (std::uint32_t(static_cast<unsigned char>(bytes[i])) << 16) |
                            (std::uint32_t(static_cast<unsigned char>(bytes[i + 1])) << 8) |
                            std::uint32_t(static_cast<unsigned char>(bytes[i + 2]));
    out += kDigits[v >> 18];
    out += kDigits[(v >> 12) & 63];
    out += kDigits[(v >> 6) & 63];
    out += kDigits[v & 63];
  }
  if (const std::size_t rest = bytes.size() - i; rest > 0) {
    std::uint32_t v = std::uint32_t(static_cast<unsigned char>(bytes[i])) << 16;
    if (rest == 2) v |= std::uint32_t(static_cast<unsigned char>(bytes[i + 1])) << 8;
    out += kDigits[v >> 18];
    out += kDigits[(v >> 12) & 63];
    out += rest == 2 ? kDigits[(v >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

}  // namespace detail

std::string report_html(const ReportInput& input) {
  const std::vector<Group> groups = group_runs(input.runs);
  const std::vector<StrategySummary> summaries = summarise_by_strategy(input.runs);
  std::set<std::string> patterns;
  int counted = 0;
  for (const RunRecord& run : input.runs) {
    patterns.insert(run.pattern);
    counted += run.counts() ? 1 : 0;
  }

  std::string h =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>tangram report: " +
      html_escape(input.title) + "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n";
  h += "<div id=\"broken-images\" hidden></div>\n";
  h += "<h1>tangram report: " + html_escape(input.title) + "</h1>\n";
  h += "<p class=\"meta\">" + std::to_string(input.runs.size()) + " runs of " +
       std::to_string(patterns.size()) + " patterns in " + std::to_string(groups.size()) +
       (groups.size() == 1 ? " group" : " groups") + " (experiment, search); " +
       std::to_string(counted) +
       " count as solved: the search returned a full assembly and the checker accepted it.</p>\n";

  h += settings_html(input.settings);
  if (input.runs.empty()) {
    h += "<p>runs.csv has no runs.</p>\n";
  } else {
    h += "<h2 id=\"summary\">Summary per strategy</h2>\n" + summary_table(summaries) +
         charts(groups, summaries);
  }
  if (!input.tables.empty())
    h += "<h2 id=\"tables\">Tables I-III (as in tables.md)</h2>\n" +
         experiment_tables_html(input.tables);
  if (!input.runs.empty()) {
    h += "<h2 id=\"runs\">Runs: pattern \u00d7 strategy</h2>\n"
         "<p>Each cell: solved (yes, no, or invalid: solved by the search but rejected by the "
         "checker), search time, coverage, backtracks.</p>\n";
    for (const Group& g : groups)
      h += "<h3>" + html_escape(group_label(g.experiment, g.search)) + "</h3>\n" + runs_table(g);
  }
  if (input.gallery != GalleryMode::None && !input.runs.empty()) {
    h +=
        "<h2 id=\"gallery\">Gallery</h2>\n<p>Each row: the pattern, then the assembly of each "
        "strategy" +
        std::string(input.gallery == GalleryMode::Unsolved ? " that did not count as solved" : "") +
        ". <span class=\"badge unsolved\">NOT SOLVED</span> (red frame): the search gave up "
        "(why, when runs.csv says: the time limit, the search space exhausted, or the figure "
        "impossible for the set), the picture shows its partial assembly; <span "
        "class=\"badge invalid\">INVALID</span> (orange frame): a full assembly that the "
        "checker rejected. " +
        std::string(input.settings && !input.settings->pieces.empty()
                        ? "The pictures show the assemblies alone (each run's picture file has "
                          "its caption and legend below); the pieces' colours are those of the "
                          "legend here."
                        : "Each picture carries its own caption and legend below the assembly.") +
        "</p>\n" + piece_legend(input.settings) + gallery(input, groups);
  }
  h += "<footer>Generated by " +
       html_escape(input.generator.empty() ? "tangram" : input.generator) + " from " +
       html_escape(input.title) + "/runs.csv.</footer>\n";
  h += "<script>" + std::string(kScript) + "</script>\n</body>\n</html>\n";
  return h;
}

ReportInput load_report_input(const std::string& results_dir, GalleryMode gallery,
                              std::vector<std::string>& warnings, const ReadLimits& limits) {
  std::error_code ec;
  const fs::file_type type = fs::status(results_dir, ec).type();
  if (type == fs::file_type::not_found)
    throw InputError("cannot read results directory " + results_dir + ": no such directory");
  if (type != fs::file_type::directory)
    throw InputError("cannot read results directory " + results_dir + ": not a directory");
  const fs::path csv = fs::path(results_dir) / "runs.csv";
  if (!fs::exists(csv, ec))
    throw InputError(
        "results directory " + results_dir +
        " has no runs.csv (compare and experiment write one in their output directory)");

  ReportInput input;
  input.title = results_dir;
  input.gallery = gallery;
  input.runs = read_runs_csv(csv.string(), limits);

  input.tables = load_experiment_tables(results_dir, input.runs, warnings, limits);

  const fs::path settings = fs::path(results_dir) / kSettingsFile;
  std::error_code exists_error;
  if (fs::exists(settings, exists_error)) {
    std::string problem;
    if (const auto text =
            read_bytes(settings, limits.max_document_bytes, Limit::DocumentBytes, problem)) {
      try {
        input.settings = settings_from_json(*text);
      } catch (const InputError& e) {
        problem = e.tagged();
      }
    }
    if (!input.settings)
      warnings.push_back("settings " + settings.string() + ": " + problem +
                         " (the report shows no settings)");
  }

  const auto add = [&](const std::string& field, const char* role) {
    if (field.empty() || input.images.count(field)) return;
    const fs::path path = resolve(results_dir, field);
    EmbeddedImage image = load_png(path, limits);
    // The page's one legend replaces the pictures' own (none without settings: kept then).
    if (std::string_view(role) == "picture" && input.settings && !input.settings->pieces.empty())
      image = assembly_only(std::move(image), limits);
    if (!image.problem.empty())
      warnings.push_back(std::string(role) + " " + path.string() + ": " + image.problem +
                         " (the report shows a placeholder)");
    input.images.emplace(field, std::move(image));
  };
  if (gallery != GalleryMode::None)
    for (const RunRecord& run : input.runs)
      if (in_gallery(run, gallery)) {
        add(run.pattern, "pattern");
        add(run.picture, "picture");
      }
  return input;
}

std::vector<std::string> report_input_files(const std::string& results_dir,
                                            const std::vector<RunRecord>& runs) {
  std::vector<std::string> files{(fs::path(results_dir) / "runs.csv").string(),
                                 (fs::path(results_dir) / "tables.csv").string(),
                                 (fs::path(results_dir) / kSettingsFile).string()};
  for (const RunRecord& run : runs)
    for (const std::string* field : {&run.pattern, &run.solution, &run.picture})
      if (!field->empty()) files.push_back(resolve(results_dir, *field).string());
  return files;
}

}  // namespace tangram
