#include "tangram/io/svg.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string_view>

#include "tangram/core/base/error.hpp"

namespace tangram {

namespace {

/// Directions of pixel edges, in clockwise order on screen (y down): a right turn is +1.
enum Direction : int { kEast = 0, kSouth = 1, kWest = 2, kNorth = 3 };
constexpr int kStepX[4] = {1, 0, -1, 0};
constexpr int kStepY[4] = {0, 1, 0, -1};

/// Narrowest band under the assembly, in display pixels: as render_solution().
constexpr int kMinBandWidth = 340;
/// Space around the band's text, in display pixels: as render_solution().
constexpr int kPad = 8;
/// Average advance of a character of the band's sans-serif text, in ems: a generous guess
/// (DejaVu Sans, the widest usual default, averages about 0.6 em over lower-case words and
/// digits), so that the band is rather too wide than cutting text.
constexpr double kCharEm = 0.62;

/// The shortest text that reads back as `value` (std::to_chars' shortest round trip: "10",
/// "10.5", "0.1", "1e-07"), a number in SVG's grammar for every finite double.
std::string number(double value) {
  if (value == 0.0) return "0";  // no "-0"
  char text[32];
  const auto written = std::to_chars(text, text + sizeof text, value);
  return std::string(text, written.ptr);
}

/// Whether `c` may stand in an XML 1.0 document (the Char production).
bool xml_char(std::uint32_t c) {
  return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) ||
         (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF);
}

/// `text` as XML character data or an attribute value (in double quotes): markup characters as
/// entities, tab and line breaks as character references (attribute values would turn them
/// into spaces), and every byte that is not part of well-formed UTF-8 of an XML character as
/// U+FFFD.
std::string xml_escape(std::string_view text) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    const auto byte = static_cast<unsigned char>(text[i]);
    // Decode one UTF-8 sequence: its length from the first byte, then continuation bytes.
    std::size_t length = byte < 0x80                    ? 1
                         : byte >= 0xC2 && byte <= 0xDF ? 2
                         : byte >= 0xE0 && byte <= 0xEF ? 3
                         : byte >= 0xF0 && byte <= 0xF4 ? 4
                                                        : 0;
    std::uint32_t c = length == 1   ? byte
                      : length == 2 ? byte & 0x1Fu
                      : length == 3 ? byte & 0x0Fu
                                    : byte & 0x07u;
    for (std::size_t k = 1; k < length; ++k) {
      const auto next = i + k < text.size() ? static_cast<unsigned char>(text[i + k]) : 0;
      if ((next & 0xC0) != 0x80) {
        length = 0;
        break;
      }
      c = (c << 6) | (next & 0x3Fu);
    }
    // Overlong forms and surrogates are not well-formed UTF-8.
    const bool overlong = (length == 3 && c < 0x800) || (length == 4 && c < 0x10000);
    if (length == 0 || overlong || (c >= 0xD800 && c <= 0xDFFF) || !xml_char(c)) {
      out += "\xEF\xBF\xBD";  // U+FFFD, for this one byte
      ++i;
      continue;
    }
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      case '\t': out += "&#9;"; break;
      case '\n': out += "&#10;"; break;
      case '\r': out += "&#13;"; break;
      default: out.append(text.substr(i, length));
    }
    i += length;
  }
  return out;
}

/// A point as "x,y" (a polygon's points attribute) or "x y" (path data).
std::string point_text(Vec2 p, char separator) { return number(p.x) + separator + number(p.y); }

/// Whether every vertex of `polygon` is finite.
bool finite(const Polygon& polygon) {
  return std::all_of(polygon.begin(), polygon.end(),
                     [](Vec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); });
}

/// An arc of a shape as the placed polygon holds it: the index of its first vertex in the
/// polygon, its chords, its radius (px) and SVG's flags.
struct PlacedArc {
  std::size_t start = 0;
  std::size_t chords = 0;
  double radius = 0.0;
  bool large = false;
  bool positive = false;  ///< SVG's sweep-flag: the angle grows (clockwise on screen)
};

/// The shape's arcs where the placed polygon holds them. The pose maps outline vertex i to
/// polygon vertex i, or to n - 1 - i when mirrored (apply_pose reverses the order); the
/// mirror turns the arc the other way and the reversal back, so the sweep keeps its sign
/// along the polygon. The scale is the arc's chord in the polygon over its chord in the
/// outline. An arc counts only when its vertices lie on the posed circle within 1e-6 of its
/// radius; empty (chords for every arc) when one does not.
std::vector<PlacedArc> placed_arcs(const PieceShape& shape, const PlacedPiece& piece) {
  const std::size_t n = shape.outline.size();
  if (shape.arcs.empty() || piece.polygon.size() != n) return {};
  const Vec2 shape_centroid = centroid(shape.outline);
  std::vector<PlacedArc> arcs;
  for (const PieceArc& arc : shape.arcs) {
    if (arc.chords == 0 || arc.chords >= n || !(arc.radius > 0.0)) return {};
    const std::size_t first = arc.start % n, last = (arc.start + arc.chords) % n;
    const Vec2 local_chord = shape.outline[last] - shape.outline[first];
    const std::size_t start = piece.pose.reflected ? (2 * n - 1 - first - arc.chords) % n : first;
    const Vec2 placed_chord = piece.polygon[(start + arc.chords) % n] - piece.polygon[start];
    const double local_length = std::hypot(local_chord.x, local_chord.y);
    if (!(local_length > 0.0)) return {};
    const double scale = std::hypot(placed_chord.x, placed_chord.y) / local_length;
    const double radius = scale * arc.radius;
    const Vec2 centre =
        piece.pose.centre + rotate_local(scale * (arc.centre - shape_centroid),
                                         piece.pose.angle_deg, piece.pose.reflected);
    for (std::size_t k = 0; k <= arc.chords; ++k) {
      const Vec2 d = piece.polygon[(start + k) % n] - centre;
      if (!(std::abs(std::hypot(d.x, d.y) - radius) <= 1e-6 * radius)) return {};
    }
    arcs.push_back(
        {start, arc.chords, radius, std::abs(arc.sweep_deg) > 180.0, arc.sweep_deg > 0.0});
  }
  return arcs;
}

/// Path data of a polygon whose arcs are drawn as arcs: from the first arc's start, each
/// straight edge a line, each arc one elliptical-arc command to its end.
std::string arc_path(const Polygon& polygon, const std::vector<PlacedArc>& arcs) {
  const std::size_t n = polygon.size();
  std::vector<const PlacedArc*> arc_at(n, nullptr);
  for (const PlacedArc& arc : arcs) arc_at[arc.start] = &arc;
  const std::size_t begin = arcs.front().start;
  std::string d = "M" + point_text(polygon[begin], ' ');
  for (std::size_t done = 0; done < n;) {
    const std::size_t at = (begin + done) % n;
    if (const PlacedArc* arc = arc_at[at]) {
      done += arc->chords;
      d += "A" + number(arc->radius) + " " + number(arc->radius) + " 0 " +
           (arc->large ? "1 " : "0 ") + (arc->positive ? "1 " : "0 ") +
           point_text(polygon[(begin + done) % n], ' ');
    } else {
      ++done;
      if (done < n) d += "L" + point_text(polygon[(begin + done) % n], ' ');
    }
  }
  return d + "Z";
}

/// Path data of mask_outline()'s loops: each "M x y", then its edges alternately H and V, "Z".
std::string outline_path(const std::vector<Polygon>& loops) {
  std::string d;
  for (const Polygon& loop : loops) {
    d += "M" + number(loop[0].x) + " " + number(loop[0].y);
    for (std::size_t i = 1; i < loop.size(); ++i)
      d += loop[i].y == loop[i - 1].y ? "H" + number(loop[i].x) : "V" + number(loop[i].y);
    d += "Z";
  }
  return d;
}

/// The estimated width of `text` in display pixels at `font_px`.
double text_width(const std::string& text, double font_px) {
  return kCharEm * font_px * static_cast<double>(text.size());
}

/// The label of each piece of an assembly: its slot's (piece_labels()), or for a copy beyond
/// the set's "NAME k", k counting that shape's pieces in the assembly ("piece ID" for a shape
/// the set does not have).
std::vector<std::string> assembly_labels(const PieceSet& set,
                                         const std::vector<PlacedPiece>& pieces,
                                         const std::vector<std::size_t>& slots) {
  const std::vector<std::string> labels = piece_labels(set);
  std::map<ShapeId, int> seen;
  std::vector<std::string> out;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const int copy = ++seen[pieces[i].shape];
    const bool known =
        pieces[i].shape >= 0 && static_cast<std::size_t>(pieces[i].shape) < set.shape_count();
    if (slots[i] < labels.size())
      out.push_back(labels[slots[i]]);
    else if (known)
      out.push_back(set.shape_name(pieces[i].shape) + " " + std::to_string(copy));
    else
      out.push_back("piece " + std::to_string(pieces[i].shape));
  }
  return out;
}

}  // namespace

std::vector<Polygon> mask_outline(const cv::Mat1b& mask) {
  const int width = mask.cols, height = mask.rows;
  const auto inside = [&](int x, int y) {
    return x >= 0 && y >= 0 && x < width && y < height && mask(y, x) != 0;
  };
  // The unused boundary edges leaving each grid point (bit d: direction d), nonzero pixels on
  // their right: clockwise around each nonzero pixel.
  const std::size_t stride = static_cast<std::size_t>(width) + 1;
  std::vector<std::uint8_t> out_edges(stride * (static_cast<std::size_t>(height) + 1), 0);
  const auto at = [&](int x, int y) -> std::uint8_t& {
    return out_edges[static_cast<std::size_t>(y) * stride + static_cast<std::size_t>(x)];
  };
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      if (!mask(y, x)) continue;
      if (!inside(x, y - 1)) at(x, y) |= 1u << kEast;          // top edge, left to right
      if (!inside(x + 1, y)) at(x + 1, y) |= 1u << kSouth;     // right edge, downwards
      if (!inside(x, y + 1)) at(x + 1, y + 1) |= 1u << kWest;  // bottom edge, right to left
      if (!inside(x - 1, y)) at(x, y + 1) |= 1u << kNorth;     // left edge, upwards
    }
  std::vector<Polygon> loops;
  for (int y0 = 0; y0 <= height; ++y0)
    for (int x0 = 0; x0 <= width; ++x0)
      while (at(x0, y0) != 0) {
        // The first point of a loop in scan order is its top-left corner, where it turns.
        int d = 0;
        while (!(at(x0, y0) & (1u << d))) ++d;
        const int first = d;
        Polygon loop{{static_cast<double>(x0), static_cast<double>(y0)}};
        int x = x0, y = y0;
        for (;;) {
          at(x, y) &= static_cast<std::uint8_t>(~(1u << d));
          x += kStepX[d];
          y += kStepY[d];
          if (x == x0 && y == y0) break;
          // Right, straight or left: only where two pixels meet at a corner are there two
          // ways on, and turning right keeps to the pixel the loop came along.
          int next = -1;
          for (const int turn : {1, 0, 3})
            if (at(x, y) & (1u << ((d + turn) % 4))) {
              next = (d + turn) % 4;
              break;
            }
          if (next < 0) throw std::logic_error("mask_outline: a boundary loop does not close");
          if (next != d) loop.push_back({static_cast<double>(x), static_cast<double>(y)});
          d = next;
        }
        if (d == first) throw std::logic_error("mask_outline: a loop starts on a straight edge");
        loops.push_back(std::move(loop));
      }
  return loops;
}

std::string assembly_svg(const Pattern& pattern, const std::vector<PlacedPiece>& pieces,
                         const PieceSet& set, const SvgConfig& config) {
  const int scale = config.scale;
  if (scale < 1) throw UsageError("SVG scale must be at least 1, got " + std::to_string(scale));
  const int width = pattern.puzzle.cols, height = pattern.puzzle.rows;
  const std::vector<std::size_t> slots = piece_slots(set, pieces);
  const std::vector<std::string> labels = assembly_labels(set, pieces, slots);

  // The band under the assembly, in display pixels (as render_solution() lays it out).
  const bool band = config.caption.has_value() || config.legend;
  const double font_px = std::min(13 + 3 * (scale - 1), 19);
  const int line_px = static_cast<int>(std::lround(1.5 * font_px));
  const std::vector<std::string> legend_labels = piece_labels(set);
  const int swatch = std::max(8, line_px * 3 / 5), gap = swatch / 2;
  double label_px = 0.0;
  for (const std::string& label : legend_labels)
    label_px = std::max(label_px, text_width(label, font_px));
  const int entry = swatch + gap + static_cast<int>(std::ceil(label_px)) + 2 * gap;
  int display_width = width * scale;
  if (band) display_width = std::max(display_width, kMinBandWidth);
  if (config.legend) display_width = std::max(display_width, entry + 2 * kPad);
  std::vector<std::pair<std::string, std::string>> caption;  // line, colour
  if (config.caption) {
    for (const std::string& text : caption_lines(*config.caption)) {
      const std::string colour =
          caption.empty() ? colour_hex(caption_colour(config.caption->outcome)) : "#3c3c3c";
      for (const std::string& line :
           wrap_at_spaces(text, display_width - 2 * kPad,
                          [&](const std::string& t) { return text_width(t, font_px); }))
        caption.emplace_back(line, colour);
    }
    for (const auto& line : caption)  // a word wider than the band widens it
      display_width = std::max(
          display_width, static_cast<int>(std::ceil(text_width(line.first, font_px))) + 2 * kPad);
  }
  const int columns = std::max(1, (display_width - 2 * kPad + 2 * gap) / std::max(1, entry));
  const int legend_rows =
      config.legend ? (static_cast<int>(legend_labels.size()) + columns - 1) / columns : 0;
  const int caption_px = static_cast<int>(caption.size()) * line_px;
  const int band_px = band ? kPad + caption_px + kPad / 2 + legend_rows * line_px + kPad : 0;
  const int display_height = height * scale + band_px;
  const double view_width = static_cast<double>(display_width) / scale;
  const double view_height = static_cast<double>(display_height) / scale;

  std::string svg;
  svg += "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n";
  svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" +
         std::to_string(display_width) + "\" height=\"" + std::to_string(display_height) +
         "\" viewBox=\"0 0 " + number(view_width) + " " + number(view_height) + "\">\n";
  svg += "<title>" + xml_escape(config.title.empty() ? "assembly" : config.title) + "</title>\n";
  svg += "<desc>" + std::to_string(pieces.size()) + " of " + std::to_string(set.piece_count()) +
         " pieces of the set " + xml_escape(set.name()) + " on a " + std::to_string(width) + " x " +
         std::to_string(height) +
         " px pattern; units are the pattern's pixels, pixel (x, y) covers [x, x+1) x [y, y+1)"
         "</desc>\n";
  svg += "<rect x=\"0\" y=\"0\" width=\"" + number(view_width) + "\" height=\"" +
         number(view_height) + "\" fill=\"#ffffff\"/>\n";
  svg += "<path id=\"silhouette\" fill=\"" + colour_hex(puzzle_colour()) +
         "\" fill-rule=\"evenodd\" d=\"" + outline_path(mask_outline(pattern.puzzle)) + "\"/>\n";
  // Outlines one display pixel wide, as the PNG's.
  svg += "<g id=\"pieces\" stroke=\"" + colour_hex(outline_colour()) + "\" stroke-width=\"" +
         number(1.0 / scale) + "\" stroke-linejoin=\"round\">\n";
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const PlacedPiece& piece = pieces[i];
    if (piece.polygon.size() < 3 || !finite(piece.polygon)) continue;
    const bool known =
        piece.shape >= 0 && static_cast<std::size_t>(piece.shape) < set.shape_count();
    const std::vector<PlacedArc> arcs =
        known ? placed_arcs(set.shape(piece.shape), piece) : std::vector<PlacedArc>{};
    const std::string attributes = " id=\"piece-" + std::to_string(i + 1) +
                                   "\" class=\"piece\" data-piece=\"" + xml_escape(labels[i]) +
                                   "\" data-shape=\"" +
                                   xml_escape(known ? set.shape_name(piece.shape) : labels[i]) +
                                   "\" fill=\"" + colour_hex(piece_colour(slots[i])) + "\"";
    const std::string title = "<title>" + xml_escape(labels[i]) + "</title>";
    if (!arcs.empty()) {
      svg += "<path" + attributes + " d=\"" + arc_path(piece.polygon, arcs) + "\">" + title +
             "</path>\n";
    } else {
      std::string points;
      for (const Vec2& v : piece.polygon)
        points += (points.empty() ? "" : " ") + point_text(v, ',');
      svg += "<polygon" + attributes + " points=\"" + points + "\">" + title + "</polygon>\n";
    }
  }
  svg += "</g>\n";

  if (band) {
    // The band in display pixels: scaled down to the pattern's units below its frame.
    svg += "<g id=\"band\" transform=\"translate(0 " + std::to_string(height) + ")" +
           (scale > 1 ? " scale(" + number(1.0 / scale) + ")" : "") +
           "\" font-family=\"sans-serif\" font-size=\"" + number(font_px) + "\">\n";
    svg += "<line x1=\"0\" y1=\"0.5\" x2=\"" + std::to_string(display_width) +
           "\" y2=\"0.5\" stroke=\"#c8c8c8\" stroke-width=\"1\"/>\n";
    // A line's baseline: its box's middle plus a third of the font size (about half the
    // height of capitals).
    const auto baseline = [&](int top) {
      return std::to_string(top + static_cast<int>(std::lround(line_px / 2.0 + font_px / 3.0)));
    };
    int y = kPad;
    for (const auto& [line, colour] : caption) {
      svg += "<text class=\"caption\" x=\"" + std::to_string(kPad) + "\" y=\"" + baseline(y) +
             "\" fill=\"" + colour + "\">" + xml_escape(line) + "</text>\n";
      y += line_px;
    }
    if (config.legend) {
      svg += "<g id=\"legend\">\n";
      const int top = y + kPad / 2;
      for (std::size_t slot = 0; slot < legend_labels.size(); ++slot) {
        const int x = kPad + static_cast<int>(slot) % columns * entry;
        const int row_top = top + static_cast<int>(slot) / columns * line_px;
        const bool shown = std::find(slots.begin(), slots.end(), slot) != slots.end();
        svg += "<rect x=\"" + std::to_string(x) + "\" y=\"" +
               std::to_string(row_top + (line_px - swatch) / 2) + "\" width=\"" +
               std::to_string(swatch) + "\" height=\"" + std::to_string(swatch) + "\" fill=\"" +
               (shown ? colour_hex(piece_colour(slot)) : "none") + "\" stroke=\"" +
               (shown ? colour_hex(outline_colour()) : "#969696") + "\"/>\n";
        svg += "<text class=\"legend\" x=\"" + std::to_string(x + swatch + gap) + "\" y=\"" +
               baseline(row_top) + "\" fill=\"" + (shown ? "#000000" : "#8c8c8c") + "\">" +
               xml_escape(legend_labels[slot]) + "</text>\n";
      }
      svg += "</g>\n";
    }
    svg += "</g>\n";
  }
  svg += "</svg>\n";
  return svg;
}

}  // namespace tangram
