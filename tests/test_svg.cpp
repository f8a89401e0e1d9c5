// SVG pictures of assemblies (io/svg.hpp) and `--svg` on solve, compare and render: the
// outline of a mask's pixels against a per-pixel even-odd oracle and its exact area; the
// document read back by a strict little XML reader written here, every piece with its exact
// coordinates, label, colour and tooltip; arcs checked against SVG's own arc geometry
// (endpoint to centre, SVG 1.1 F.6.5); names escaped; the command line's outputs and refusals.

#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include <opencv2/imgcodecs.hpp>

#include "checks.hpp"
#include "cli_runner.hpp"
#include "patterns.hpp"
#include "square_assembly.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/io/documents.hpp"
#include "tangram/io/picture.hpp"
#include "tangram/io/piece_sets.hpp"
#include "tangram/io/svg.hpp"
#include "temp_dir.hpp"

using namespace tangram;

namespace {

using tangram::test::contains;
using tangram::test::kMasks;
using tangram::test::one_error_line;
using tangram::test::read_all;
using tangram::test::Run;
using tangram::test::run_cli;
using tangram::test::TempDir;

// ---- A strict reader of the XML the writer produces ----------------------------------------

/// An element of a document: its name, its attributes (entities resolved) and the character
/// data directly inside it (entities resolved).
struct Element {
  std::string name;
  std::map<std::string, std::string> attributes;
  std::string text;
  std::string attribute(const std::string& key) const {
    const auto found = attributes.find(key);
    return found == attributes.end() ? std::string() : found->second;
  }
};

/// `code` in UTF-8.
std::string utf8(unsigned long code) {
  std::string out;
  if (code < 0x80) {
    out += static_cast<char>(code);
  } else if (code < 0x800) {
    out += static_cast<char>(0xC0 | (code >> 6));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else if (code < 0x10000) {
    out += static_cast<char>(0xE0 | (code >> 12));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (code >> 18));
    out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  }
  return out;
}

/// Text with its entities and character references resolved; throws on a bare '&' or '<', an
/// unknown entity, or a byte below 0x20 other than tab and line breaks (not XML 1.0).
std::string unescape(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '<') throw std::runtime_error("'<' in text");
    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
      throw std::runtime_error("control character in text");
    if (c != '&') {
      out += text[i];
      continue;
    }
    const std::size_t end = text.find(';', i);
    if (end == std::string::npos) throw std::runtime_error("bare '&'");
    const std::string entity = text.substr(i + 1, end - i - 1);
    static const std::map<std::string, std::string> kNamed = {
        {"amp", "&"}, {"lt", "<"}, {"gt", ">"}, {"quot", "\""}, {"apos", "'"}};
    if (kNamed.count(entity)) {
      out += kNamed.at(entity);
    } else if (entity.size() > 1 && entity[0] == '#') {
      const bool hex = entity[1] == 'x';
      out += utf8(std::stoul(entity.substr(hex ? 2 : 1), nullptr, hex ? 16 : 10));
    } else {
      throw std::runtime_error("unknown entity &" + entity + ";");
    }
    i = end;
  }
  return out;
}

bool name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == ':' ||
         c == '.';
}

/// The elements of `xml` in document order, read strictly: an XML declaration first, one root
/// element, every tag closed by its own name, attributes quoted and not repeated, no markup
/// characters out of place. Throws std::runtime_error saying what is wrong.
std::vector<Element> parse_xml(const std::string& xml) {
  if (xml.rfind("<?xml ", 0) != 0) throw std::runtime_error("no XML declaration");
  std::size_t at = xml.find("?>");
  if (at == std::string::npos) throw std::runtime_error("unterminated declaration");
  at += 2;
  std::vector<Element> elements;
  std::vector<std::size_t> open;  // indices into elements
  bool root_done = false;
  while (at < xml.size()) {
    const std::size_t lt = xml.find('<', at);
    const std::string text = xml.substr(at, (lt == std::string::npos ? xml.size() : lt) - at);
    const std::string resolved = unescape(text);
    if (open.empty()) {
      if (resolved.find_first_not_of(" \n\r\t") != std::string::npos)
        throw std::runtime_error("text outside the root element");
    } else {
      elements[open.back()].text += resolved;
    }
    if (lt == std::string::npos) break;
    const std::size_t gt = xml.find('>', lt);
    if (gt == std::string::npos) throw std::runtime_error("unterminated tag");
    std::string tag = xml.substr(lt + 1, gt - lt - 1);
    at = gt + 1;
    if (!tag.empty() && tag[0] == '/') {
      if (open.empty() || elements[open.back()].name != tag.substr(1))
        throw std::runtime_error("</" + tag.substr(1) + "> closes nothing open");
      open.pop_back();
      if (open.empty()) root_done = true;
      continue;
    }
    if (root_done) throw std::runtime_error("a second root element");
    const bool empty = !tag.empty() && tag.back() == '/';
    if (empty) tag.pop_back();
    Element element;
    std::size_t i = 0;
    while (i < tag.size() && name_char(tag[i])) element.name += tag[i++];
    if (element.name.empty()) throw std::runtime_error("a tag without a name");
    for (;;) {
      const std::size_t space = i;
      while (i < tag.size() && (tag[i] == ' ' || tag[i] == '\n')) ++i;
      if (i == tag.size()) break;
      if (i == space) throw std::runtime_error("attributes not separated in <" + element.name);
      std::string key;
      while (i < tag.size() && name_char(tag[i])) key += tag[i++];
      if (key.empty() || i + 1 >= tag.size() || tag[i] != '=' || tag[i + 1] != '"')
        throw std::runtime_error("malformed attribute in <" + element.name);
      const std::size_t close = tag.find('"', i + 2);
      if (close == std::string::npos) throw std::runtime_error("unterminated attribute value");
      if (!element.attributes.emplace(key, unescape(tag.substr(i + 2, close - i - 2))).second)
        throw std::runtime_error("repeated attribute " + key);
      i = close + 1;
    }
    elements.push_back(element);
    if (!empty)
      open.push_back(elements.size() - 1);
    else if (open.empty())
      root_done = true;
  }
  if (!open.empty()) throw std::runtime_error("<" + elements[open.back()].name + "> not closed");
  if (!root_done) throw std::runtime_error("no root element");
  return elements;
}

/// The elements named `name`.
std::vector<Element> named(const std::vector<Element>& elements, const std::string& name) {
  std::vector<Element> out;
  for (const Element& e : elements)
    if (e.name == name) out.push_back(e);
  return out;
}

/// The elements whose class is `cls`.
std::vector<Element> with_class(const std::vector<Element>& elements, const std::string& cls) {
  std::vector<Element> out;
  for (const Element& e : elements)
    if (e.attribute("class") == cls) out.push_back(e);
  return out;
}

/// The element whose id is `id`; throws when there is none.
Element by_id(const std::vector<Element>& elements, const std::string& id) {
  for (const Element& e : elements)
    if (e.attribute("id") == id) return e;
  throw std::runtime_error("no element #" + id);
}

// ---- Geometry of what was written ------------------------------------------------------------

/// A number of the text, read as strtod does; throws when there is none at `at`.
double read_number(const std::string& text, std::size_t& at) {
  while (at < text.size() && (text[at] == ' ' || text[at] == ',')) ++at;
  const char* begin = text.c_str() + at;
  char* end = nullptr;
  const double value = std::strtod(begin, &end);
  if (end == begin) throw std::runtime_error("no number at " + std::to_string(at));
  at += static_cast<std::size_t>(end - begin);
  return value;
}

/// The points of a polygon's points attribute.
Polygon read_points(const std::string& points) {
  Polygon polygon;
  std::size_t at = 0;
  while (points.find_first_not_of(" ", at) != std::string::npos) {
    const double x = read_number(points, at);
    polygon.push_back({x, read_number(points, at)});
  }
  return polygon;
}

/// The loops of path data made of M, H, V and Z commands only (the silhouette's).
std::vector<Polygon> read_rectilinear_path(const std::string& d) {
  std::vector<Polygon> loops;
  std::size_t at = 0;
  while (at < d.size()) {
    const char command = d[at++];
    if (command == 'M') {
      const double x = read_number(d, at);
      loops.push_back({{x, read_number(d, at)}});
    } else if (command == 'H' || command == 'V') {
      if (loops.empty()) throw std::runtime_error("H or V before M");
      Vec2 next = loops.back().back();
      (command == 'H' ? next.x : next.y) = read_number(d, at);
      loops.back().push_back(next);
    } else if (command != 'Z') {
      throw std::runtime_error(std::string("unexpected path command ") + command);
    }
  }
  return loops;
}

/// Even-odd rule for a pixel centre against rectilinear loops: crossings of the ray to +x.
bool even_odd_inside(const std::vector<Polygon>& loops, double x, double y) {
  bool inside = false;
  for (const Polygon& loop : loops)
    for (std::size_t i = 0; i < loop.size(); ++i) {
      const Vec2 a = loop[i], b = loop[(i + 1) % loop.size()];
      if (a.x == b.x && a.x > x && std::min(a.y, b.y) < y && y < std::max(a.y, b.y))
        inside = !inside;
    }
  return inside;
}

/// Boundary edges of a mask counted pixel by pixel: sides of nonzero pixels whose neighbour
/// (or the image's border) is zero.
long boundary_edges(const cv::Mat1b& mask) {
  const auto on = [&](int x, int y) {
    return x >= 0 && y >= 0 && x < mask.cols && y < mask.rows && mask(y, x) != 0;
  };
  long edges = 0;
  for (int y = 0; y < mask.rows; ++y)
    for (int x = 0; x < mask.cols; ++x)
      if (on(x, y)) edges += !on(x - 1, y) + !on(x + 1, y) + !on(x, y - 1) + !on(x, y + 1);
  return edges;
}

/// Checks the outline of `mask` against the oracles: exact area, every pixel by the even-odd
/// rule, every boundary edge once, corners that turn, loops from their top-left corner.
void check_outline(const cv::Mat1b& mask, const std::vector<Polygon>& loops) {
  double signed_sum = 0.0, perimeter = 0.0;
  for (const Polygon& loop : loops) {
    REQUIRE(loop.size() >= 4);
    signed_sum += signed_area(loop);
    for (std::size_t i = 0; i < loop.size(); ++i) {
      const Vec2 a = loop[i], b = loop[(i + 1) % loop.size()], c = loop[(i + 2) % loop.size()];
      CHECK(a.x == std::floor(a.x));
      CHECK(a.y == std::floor(a.y));
      CHECK(((a.x == b.x) != (a.y == b.y)));  // one axis-parallel edge
      CHECK(((a.x == b.x) != (b.x == c.x)));  // a turn at every corner
      perimeter += std::abs(b.x - a.x) + std::abs(b.y - a.y);
      // The first corner comes first in scan order.
      CHECK((loop[0].y < a.y || (loop[0].y == a.y && loop[0].x <= a.x)));
    }
  }
  CHECK(signed_sum == cv::countNonZero(mask));
  CHECK(perimeter == boundary_edges(mask));
  int wrong = 0;
  for (int y = 0; y < mask.rows; ++y)
    for (int x = 0; x < mask.cols; ++x)
      wrong += even_odd_inside(loops, x + 0.5, y + 0.5) != (mask(y, x) != 0);
  CHECK(wrong == 0);
}

/// A mask drawn in text ('#' nonzero).
cv::Mat1b mask_of(const std::vector<std::string>& rows) {
  cv::Mat1b mask(static_cast<int>(rows.size()), static_cast<int>(rows.front().size()), uchar{0});
  for (int y = 0; y < mask.rows; ++y)
    for (int x = 0; x < mask.cols; ++x) mask(y, x) = rows[y][x] == '#' ? 255 : 0;
  return mask;
}

/// The pattern of a mask (area and side as make_pattern, without its minimum size).
Pattern pattern_of(const cv::Mat1b& mask) {
  Pattern pattern;
  pattern.puzzle = mask;
  pattern.area_px = cv::countNonZero(mask);
  pattern.side_px = std::sqrt(static_cast<double>(pattern.area_px));
  return pattern;
}

/// "#rrggbb" of a BGR colour, computed here.
std::string hex(const cv::Scalar& bgr) {
  char text[8];
  std::snprintf(text, sizeof text, "#%02x%02x%02x", int(bgr[2]), int(bgr[1]), int(bgr[0]));
  return text;
}

/// The Tangram square of side 120 px turned by 30 degrees about (100, 90) on a 200 x 180
/// pattern: coordinates that no short decimal writes exactly.
struct TurnedSquare {
  std::vector<PlacedPiece> pieces = test::square_assembly(120.0, {100.0, 90.0}, 30.0);
  Pattern pattern = pattern_of(test::rasterise(pieces, cv::Size(200, 180)));
};

/// An SVG arc from `from` to `to` (radius, flags) in SVG's centre parameterisation (SVG 1.1
/// implementation notes F.6.5, for a circle): centre, start angle and signed sweep.
struct CentredArc {
  Vec2 centre;
  double start = 0.0, sweep = 0.0;
};
CentredArc centre_of(Vec2 from, Vec2 to, double r, bool large, bool positive) {
  const Vec2 half{(from.x - to.x) / 2, (from.y - to.y) / 2};
  const double square = half.x * half.x + half.y * half.y;
  const double root = std::sqrt(std::max(0.0, (r * r - square) / square));
  const double sign = large != positive ? 1.0 : -1.0;
  const Vec2 centre{sign * root * half.y + (from.x + to.x) / 2,
                    -sign * root * half.x + (from.y + to.y) / 2};
  const double a = std::atan2(from.y - centre.y, from.x - centre.x);
  double sweep = std::atan2(to.y - centre.y, to.x - centre.x) - a;
  if (positive && sweep < 0) sweep += 2 * M_PI;
  if (!positive && sweep > 0) sweep -= 2 * M_PI;
  return {centre, a, sweep};
}

/// Arcs of a piece's path: how many, and how many with the large-arc flag.
struct ArcCount {
  int arcs = 0;
  int large = 0;
};

/// Checks a piece's <path>: M, L and A commands through the polygon's own vertices in its
/// cyclic order, once round, every vertex between an arc's ends on the circle that SVG draws
/// and inside its sweep.
ArcCount check_arc_path(const std::string& d, const Polygon& polygon) {
  const std::size_t n = polygon.size();
  const auto index_of = [&](Vec2 p) {
    for (std::size_t i = 0; i < n; ++i)
      if (polygon[i].x == p.x && polygon[i].y == p.y) return i;
    FAIL("a path point that is no vertex of the polygon");
    return n;
  };
  std::size_t at = 0, start = n, current = n, covered = 0;
  ArcCount count;
  while (at < d.size()) {
    const char command = d[at++];
    if (command == 'Z') break;
    double r = 0;
    bool large = false, positive = false;
    if (command == 'A') {
      r = read_number(d, at);
      CHECK(read_number(d, at) == r);
      CHECK(read_number(d, at) == 0);
      large = read_number(d, at) == 1;
      positive = read_number(d, at) == 1;
    }
    const double x = read_number(d, at);
    const Vec2 p{x, read_number(d, at)};
    const std::size_t next = index_of(p);
    if (command == 'M') {
      start = current = next;
      continue;
    }
    REQUIRE(current < n);
    const std::size_t steps = (next + n - current) % n;
    if (command == 'L') {
      CHECK(steps == 1);
    } else {
      REQUIRE(command == 'A');
      ++count.arcs;
      count.large += large;
      CHECK(steps >= 1);
      const CentredArc arc = centre_of(polygon[current], p, r, large, positive);
      CHECK((std::abs(arc.sweep) > M_PI) == large);
      for (std::size_t k = 1; k < steps; ++k) {
        const Vec2 v = polygon[(current + k) % n];
        CHECK(std::hypot(v.x - arc.centre.x, v.y - arc.centre.y) ==
              doctest::Approx(r).epsilon(1e-9));
        double turn = std::atan2(v.y - arc.centre.y, v.x - arc.centre.x) - arc.start;
        if (positive && turn < 0) turn += 2 * M_PI;
        if (!positive && turn > 0) turn -= 2 * M_PI;
        CHECK(std::abs(turn) < std::abs(arc.sweep));
      }
    }
    covered += steps;
    current = next;
  }
  REQUIRE(start < n);
  const std::size_t closing = (start + n - current) % n;  // Z: a straight edge or none
  CHECK(closing <= 1);
  CHECK(covered + closing == n);
  return count;
}

/// A three-quarter disc of radius 1 (set units): the centre, then an arc of +270 degrees in 12
/// chords, for an SVG arc with the large-arc flag.
PieceSet pacman_set() {
  PieceShape shape;
  shape.name = "pacman";
  shape.outline.push_back({0, 0});
  for (int k = 0; k <= 12; ++k) {
    const double a = k * 22.5 * M_PI / 180.0;
    shape.outline.push_back({std::cos(a), std::sin(a)});
  }
  const double mid = 135.0 * M_PI / 180.0;
  shape.arcs.push_back({1, 12, {0, 0}, 1.0, 270.0, {std::cos(mid), std::sin(mid)}});
  return PieceSet("pacman", {shape}, 90.0);
}

}  // namespace

TEST_CASE("mask_outline: a pixel, a ring, two pixels that share a corner, nothing") {
  const std::vector<Polygon> pixel = mask_outline(mask_of({"...", ".#.", "..."}));
  REQUIRE(pixel.size() == 1);
  CHECK(test::same_vertices(pixel[0], {{1, 1}, {2, 1}, {2, 2}, {1, 2}}, 0.0));
  CHECK(pixel[0][0].x == 1);
  CHECK(signed_area(pixel[0]) == 1.0);

  // A ring: the outside clockwise on screen, the hole counter-clockwise.
  const cv::Mat1b ring = mask_of({"###", "#.#", "###"});
  const std::vector<Polygon> loops = mask_outline(ring);
  REQUIRE(loops.size() == 2);
  CHECK(signed_area(loops[0]) == 9.0);
  CHECK(signed_area(loops[1]) == -1.0);
  check_outline(ring, loops);

  // Pixels meeting at a corner: the outline keeps to each, both ways round.
  for (const auto& rows : {std::vector<std::string>{"#.", ".#"}, {".#", "#."}}) {
    const std::vector<Polygon> apart = mask_outline(mask_of(rows));
    CHECK(apart.size() == 2);
    check_outline(mask_of(rows), apart);
  }
  // Holes meeting at a corner inside a block: the outline keeps to the pixels around them, so
  // the two holes are one loop that touches itself there.
  const cv::Mat1b holes = mask_of({"####", "#.##", "##.#", "####"});
  REQUIRE(mask_outline(holes).size() == 2);
  CHECK(signed_area(mask_outline(holes)[1]) == -2.0);
  check_outline(holes, mask_outline(holes));

  CHECK(mask_outline(cv::Mat1b(4, 5, uchar{0})).empty());
  CHECK(mask_outline(cv::Mat1b()).empty());
  const std::vector<Polygon> full = mask_outline(cv::Mat1b(4, 5, uchar{255}));
  REQUIRE(full.size() == 1);
  CHECK(test::same_vertices(full[0], {{0, 0}, {5, 0}, {5, 4}, {0, 4}}, 0.0));
}

TEST_CASE(
    "mask_outline: random masks against the even-odd rule per pixel and their pixel "
    "count") {
  std::mt19937 random(15);
  for (const cv::Size size : {cv::Size(1, 1), cv::Size(7, 5), cv::Size(23, 17), cv::Size(40, 3)})
    for (const double density : {0.2, 0.5, 0.8}) {
      cv::Mat1b mask(size, uchar{0});
      std::bernoulli_distribution on(density);
      for (auto& p : mask) p = on(random) ? 200 : 0;  // any nonzero value is inside
      CAPTURE(size);
      CAPTURE(density);
      const std::vector<Polygon> loops = mask_outline(mask);
      check_outline(mask, loops);
      const std::vector<Polygon> again = mask_outline(mask);
      REQUIRE(again.size() == loops.size());
      for (std::size_t i = 0; i < loops.size(); ++i)
        CHECK(test::same_vertices(again[i], loops[i], 0.0));
    }
}

TEST_CASE(
    "assembly_svg: well-formed, the silhouette exact, every piece at its exact "
    "coordinates with its label, colour and tooltip") {
  const TurnedSquare square;
  SvgConfig config;
  config.title = "turned <square> & co";
  const std::string svg = assembly_svg(square.pattern, square.pieces, PieceSet::tangram(), config);
  std::vector<Element> elements;
  REQUIRE_NOTHROW(elements = parse_xml(svg));
  REQUIRE(elements.front().name == "svg");
  const Element& root = elements.front();
  CHECK(root.attribute("xmlns") == "http://www.w3.org/2000/svg");
  // View box in the pattern's pixels from its top-left corner; displayed twice as large.
  std::size_t at = 0;
  const std::string box = root.attribute("viewBox");
  CHECK(read_number(box, at) == 0);
  CHECK(read_number(box, at) == 0);
  const double view_width = read_number(box, at), view_height = read_number(box, at);
  CHECK(view_width >= 200);
  CHECK(view_height > 180);
  CHECK(std::stod(root.attribute("width")) == 2 * view_width);
  CHECK(std::stod(root.attribute("height")) == 2 * view_height);
  CHECK(named(elements, "title").front().text == "turned <square> & co");

  // The silhouette covers exactly the pattern's pixels, in the PNG's grey.
  const Element silhouette = by_id(elements, "silhouette");
  CHECK(silhouette.attribute("fill") == hex(puzzle_colour()));
  CHECK(silhouette.attribute("fill-rule") == "evenodd");
  const std::vector<Polygon> loops = read_rectilinear_path(silhouette.attribute("d"));
  double area_sum = 0.0;
  for (const Polygon& loop : loops) area_sum += signed_area(loop);
  CHECK(area_sum == square.pattern.area_px);
  check_outline(square.pattern.puzzle, loops);

  // The pieces in the order of the assembly, coordinates read back as the same doubles.
  const std::vector<Element> pieces = with_class(elements, "piece");
  REQUIRE(pieces.size() == 7);
  const std::vector<std::string> labels = piece_labels(PieceSet::tangram());
  const std::vector<std::size_t> slots = piece_slots(PieceSet::tangram(), square.pieces);
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    CAPTURE(i);
    const Element& piece = pieces[i];
    CHECK(piece.name == "polygon");
    CHECK(piece.attribute("id") == "piece-" + std::to_string(i + 1));
    CHECK(piece.attribute("data-piece") == labels[slots[i]]);
    CHECK(piece.attribute("data-shape") == PieceSet::tangram().shape_name(square.pieces[i].shape));
    CHECK(piece.attribute("fill") == hex(piece_colour(slots[i])));
    const Polygon points = read_points(piece.attribute("points"));
    REQUIRE(points.size() == square.pieces[i].polygon.size());
    for (std::size_t k = 0; k < points.size(); ++k) {
      CHECK(points[k].x == square.pieces[i].polygon[k].x);
      CHECK(points[k].y == square.pieces[i].polygon[k].y);
    }
  }
  // Each <title> of a piece names it, under the piece's element.
  int piece_titles = 0;
  for (std::size_t i = 0; i + 1 < elements.size(); ++i)
    if (elements[i].attribute("class") == "piece") {
      CHECK(elements[i + 1].name == "title");
      CHECK(elements[i + 1].text == elements[i].attribute("data-piece"));
      ++piece_titles;
    }
  CHECK(piece_titles == 7);
  // Outlines in the PNG's dark grey, one display pixel wide.
  const Element group = by_id(elements, "pieces");
  CHECK(group.attribute("stroke") == hex(outline_colour()));
  CHECK(std::stod(group.attribute("stroke-width")) == 0.5);
  // The same bytes again.
  CHECK(assembly_svg(square.pattern, square.pieces, PieceSet::tangram(), config) == svg);
}

TEST_CASE(
    "assembly_svg: caption and legend as the PNG's, pieces not placed hollow; none "
    "asked for, the view box is the pattern's frame") {
  const TurnedSquare square;
  const std::vector<PlacedPiece> partial(square.pieces.begin(), square.pieces.begin() + 5);
  PictureCaption caption;
  caption.outcome = Outcome::TimeLimit;
  caption.reason =
      "time limit of 10 s reached after a search that tried every placement of "
      "every piece in every configuration";
  caption.coverage = 0.8125;
  caption.placed = 5;
  caption.pieces = 7;
  SvgConfig config;
  config.scale = 1;
  config.caption = caption;
  const std::vector<Element> elements =
      parse_xml(assembly_svg(square.pattern, partial, PieceSet::tangram(), config));
  const std::vector<Element> lines = with_class(elements, "caption");
  REQUIRE(lines.size() >= 3);  // the long reason wrapped
  std::string said;
  for (const Element& line : lines) said += line.text + " ";
  const std::vector<std::string> expected = caption_lines(caption);
  CHECK(said == expected[0] + " " + expected[1] + " ");
  CHECK(lines.front().attribute("fill") == hex(caption_colour(Outcome::TimeLimit)));
  // Every text fits the estimated width of the picture.
  const double width = std::stod(elements.front().attribute("width"));
  for (const Element& line : lines) CHECK(0.62 * 13 * line.text.size() + 16 <= width);

  const std::vector<Element> legend = with_class(elements, "legend");
  REQUIRE(legend.size() == 7);
  const std::vector<std::size_t> slots = piece_slots(PieceSet::tangram(), partial);
  const std::vector<Element> swatches = named(elements, "rect");
  REQUIRE(swatches.size() == 8);  // the background and one per piece
  for (std::size_t slot = 0; slot < 7; ++slot) {
    CAPTURE(slot);
    const bool shown = std::find(slots.begin(), slots.end(), slot) != slots.end();
    CHECK(legend[slot].text == piece_labels(PieceSet::tangram())[slot]);
    CHECK(swatches[slot + 1].attribute("fill") == (shown ? hex(piece_colour(slot)) : "none"));
  }

  SvgConfig bare;
  bare.legend = false;
  const std::vector<Element> plain =
      parse_xml(assembly_svg(square.pattern, square.pieces, PieceSet::tangram(), bare));
  CHECK(plain.front().attribute("viewBox") == "0 0 200 180");
  CHECK(plain.front().attribute("width") == "400");
  CHECK(with_class(plain, "caption").empty());
  CHECK(with_class(plain, "legend").empty());
  CHECK(named(plain, "title").front().text == "assembly");

  bare.scale = 0;
  CHECK_THROWS_AS(assembly_svg(square.pattern, square.pieces, PieceSet::tangram(), bare),
                  UsageError);
}

TEST_CASE(
    "assembly_svg: arcs drawn as SVG arcs through the polygon's vertices, mirrored or "
    "not, large or small; a polygon off its pose keeps its chords") {
  const PieceSet heart = load_piece_set("broken-heart", ReadLimits{}).set;
  const PieceSet pacman = pacman_set();
  for (const PieceSet* set : {&heart, &pacman}) {
    std::vector<PlacedPiece> pieces;
    for (ShapeId shape = 0; shape < static_cast<ShapeId>(set->shape_count()); ++shape)
      for (const double angle : {0.0, 37.5, 200.0})
        for (const bool reflected : {false, true}) {
          PlacedPiece piece;
          piece.shape = shape;
          piece.pose = {{150.0, 140.0}, angle, reflected};
          piece.polygon = set->posed_polygon(shape, 100.0, piece.pose);
          pieces.push_back(piece);
        }
    const std::vector<Element> elements =
        parse_xml(assembly_svg(pattern_of(cv::Mat1b(300, 300, uchar{0})), pieces, *set));
    const std::vector<Element> drawn = with_class(elements, "piece");
    REQUIRE(drawn.size() == pieces.size());
    ArcCount count;
    for (std::size_t i = 0; i < pieces.size(); ++i) {
      CAPTURE(set->shape_name(pieces[i].shape));
      CAPTURE(pieces[i].pose.angle_deg);
      CAPTURE(pieces[i].pose.reflected);
      const bool curved = !set->shape(pieces[i].shape).arcs.empty();
      CHECK(drawn[i].name == (curved ? "path" : "polygon"));
      if (!curved) continue;
      const ArcCount arcs = check_arc_path(drawn[i].attribute("d"), pieces[i].polygon);
      CHECK(arcs.arcs == static_cast<int>(set->shape(pieces[i].shape).arcs.size()));
      count.arcs += arcs.arcs;
      count.large += arcs.large;
    }
    CHECK(count.arcs > 0);
    CHECK(count.large == (set == &pacman ? 6 : 0));
  }

  // Moved off the pose that the polygon was made at: the chords, as the polygon says.
  PlacedPiece moved;
  moved.pose = {{150.0, 140.0}, 0.0, false};
  moved.polygon = pacman.posed_polygon(0, 100.0, {{150.0, 141.0}, 0.0, false});
  const std::vector<Element> chords =
      parse_xml(assembly_svg(pattern_of(cv::Mat1b(300, 300, uchar{0})), {moved}, pacman));
  REQUIRE(with_class(chords, "piece").size() == 1);
  CHECK(with_class(chords, "piece").front().name == "polygon");
}

TEST_CASE(
    "assembly_svg: names with markup, control characters and bad UTF-8 stay well-formed; "
    "copies beyond the set's numbered; unusable polygons left out") {
  const std::string odd = "a<b>&\"c'\x01\xff\xc3\xa9";  // ends in a valid e-acute
  const PieceSet set("set & <co>", {{odd, {{0, 0}, {1, 0}, {1, 1}, {0, 1}}, 1},
                                    {"bar", {{0, 0}, {2, 0}, {2, 1}, {0, 1}}, 1}});
  std::vector<PlacedPiece> pieces;
  for (int k = 0; k < 3; ++k) {
    PlacedPiece piece;
    piece.shape = 0;
    piece.pose = {{10.0 + 20 * k, 10.0}, 0.0, false};
    piece.polygon = set.posed_polygon(0, 10.0, piece.pose);
    pieces.push_back(piece);
  }
  PlacedPiece broken = pieces.front();
  broken.polygon[1].x = std::nan("");
  pieces.push_back(broken);
  PlacedPiece flat = pieces.front();
  flat.polygon.resize(2);
  pieces.push_back(flat);
  SvgConfig config;
  config.title = odd;
  std::vector<Element> elements;
  REQUIRE_NOTHROW(elements = parse_xml(
                      assembly_svg(pattern_of(cv::Mat1b(40, 80, uchar{0})), pieces, set, config)));
  const std::string clean = "a<b>&\"c'\xef\xbf\xbd\xef\xbf\xbd\xc3\xa9";
  CHECK(named(elements, "title").front().text == clean);
  const std::vector<Element> drawn = with_class(elements, "piece");
  REQUIRE(drawn.size() == 3);
  CHECK(drawn[0].attribute("data-piece") == clean);
  CHECK(drawn[1].attribute("data-piece") == clean + " 2");
  CHECK(drawn[2].attribute("data-piece") == clean + " 3");
  CHECK(drawn[2].attribute("data-shape") == clean);
  // Copies beyond the set's take the slots after its pieces, as in the PNG.
  CHECK(drawn[1].attribute("fill") == hex(piece_colour(2)));
  CHECK(drawn[2].attribute("fill") == hex(piece_colour(3)));
}

// ---- The command line ----------------------------------------------------------------------

namespace {

/// The pieces of an SVG document a command wrote, and its silhouette's area.
struct WrittenSvg {
  std::vector<Element> pieces;
  double silhouette_area = 0.0;
  std::vector<Element> elements;
};

WrittenSvg read_svg(const std::string& text) {
  WrittenSvg svg;
  svg.elements = parse_xml(text);
  svg.pieces = with_class(svg.elements, "piece");
  for (const Polygon& loop :
       read_rectilinear_path(by_id(svg.elements, "silhouette").attribute("d")))
    svg.silhouette_area += signed_area(loop);
  return svg;
}

/// Checks that the SVG's pieces are the document's, in order, within its 6 decimals (half a
/// unit of the last).
void check_same_pieces(const WrittenSvg& svg, const SolutionDocument& document) {
  const std::vector<PlacedPiece>& pieces = document.solution.pieces;
  REQUIRE(svg.pieces.size() == pieces.size());
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    CHECK(svg.pieces[i].attribute("data-shape") == document.pieces.shape_name(pieces[i].shape));
    const Polygon points = read_points(svg.pieces[i].attribute("points"));
    REQUIRE(points.size() == pieces[i].polygon.size());
    for (std::size_t k = 0; k < points.size(); ++k) {
      CHECK(std::abs(points[k].x - pieces[i].polygon[k].x) <= 5.0001e-7);
      CHECK(std::abs(points[k].y - pieces[i].polygon[k].y) <= 5.0001e-7);
    }
  }
}

}  // namespace

TEST_CASE(
    "solve --svg: the assembly of masks/01 as vectors, the same pieces as --json; on "
    "standard output; with --use, the assembly chosen") {
  const TempDir dir("svg-cli");
  const std::string square = kMasks + "01-square.png";
  const Run run = run_cli(dir, "solve " + square + " --svg out.svg --json out.json");
  CAPTURE(run.err);
  REQUIRE(run.status == 0);
  const WrittenSvg svg = read_svg(read_all(dir.path() / "out.svg"));
  CHECK(svg.silhouette_area == 40000);  // the 200 px square
  CHECK(svg.pieces.size() == 7);
  check_same_pieces(svg, solution_document_from_json(read_all(dir.path() / "out.json")));
  const std::vector<Element> caption = with_class(svg.elements, "caption");
  REQUIRE(caption.size() == 1);
  CHECK(caption.front().text == "solved, coverage 1.000");
  CHECK(named(svg.elements, "title").front().text == square);

  // "-": the SVG on stdout, the summary on stderr.
  const Run piped = run_cli(dir, "solve " + square + " --svg -");
  REQUIRE(piped.status == 0);
  CHECK(read_svg(piped.out).pieces.size() == 7);
  CHECK(contains(piped.err, "solved in"));

  // Subset of the pentominoes on a 1 x 5 bar: the one piece chosen.
  cv::Mat1b bar(60, 220, uchar{255});
  bar(cv::Rect(10, 10, 200, 40)) = 0;
  REQUIRE(cv::imwrite(dir.file("bar.png"), bar));
  const Run chosen = run_cli(dir,
                             "solve bar.png --pieces pentominoes --use subset "
                             "--figure-area 5 --svg bar.svg --json bar.json");
  CAPTURE(chosen.err);
  REQUIRE(chosen.status == 0);
  const WrittenSvg one = read_svg(read_all(dir.path() / "bar.svg"));
  CHECK(one.silhouette_area == 8000);
  REQUIRE(one.pieces.size() == 1);
  CHECK(one.pieces.front().attribute("data-shape") == "I");
}

TEST_CASE(
    "solve --svg: names that are not .svg, the input, an output twice, a missing "
    "directory, --all and --unique refused in one line before the search") {
  const TempDir dir("svg-cli");
  const std::string square = kMasks + "01-square.png";
  const std::vector<std::pair<std::string, std::string>> refusals = {
      {"--svg out.png", "--svg out.png: SVG is written under a .svg name"},
      {"--svg out", "--svg out: SVG is written under a .svg name"},
      {"--svg " + square, "would overwrite the input pattern"},
      {"--svg same.svg --json same.svg", "--json and --svg name the same file same.svg"},
      {"--svg - --image -", "--image and --svg name the same file -"},
      {"--svg missing/out.svg", "missing"},
      {"--image out.svg",
       "cannot write an SVG picture; pictures are written as .png (name the "
       "file so); --svg writes SVG"},
      {"--all --svg out.svg", "--svg draws one assembly and --all finds many"},
      {"--unique --svg out.svg", "--svg draws one assembly and --unique finds many"},
  };
  for (const auto& [options, message] : refusals) {
    const auto& options_ = options;  // clang 14 lambdas take no bindings
    CAPTURE(options_);
    const Run run = run_cli(dir, "solve " + square + " " + options);
    CHECK(run.status == 2);
    CHECK(one_error_line(run.err));
    CHECK(contains(run.err, message));
    CHECK(run.out.empty());
  }
  CHECK(!std::filesystem::exists(dir.path() / "out.svg"));
  CHECK(!std::filesystem::exists(dir.path() / "out.png"));
  CHECK(!std::filesystem::exists(dir.path() / "same.svg"));
}

TEST_CASE(
    "compare --svg: one SVG per run next to its JSON and PNG, captioned as the PNG; "
    "--svg without --out refused") {
  const TempDir dir("svg-cli");
  // A figure both strategies assemble at once (the square takes seconds by the raster alone).
  const std::string figure = kMasks + "05-page6-124.png";
  const Run run = run_cli(dir, "compare " + figure +
                                   " --strategies bl,dt --rotation-step 45 "
                                   "--time-limit 20 --out results --svg");
  CAPTURE(run.err);
  REQUIRE(run.status == 0);
  for (const std::string strategy : {"bl", "dt"}) {
    CAPTURE(strategy);
    const std::filesystem::path base = dir.path() / "results" / ("05-page6-124-" + strategy);
    REQUIRE(std::filesystem::exists(base.string() + ".png"));
    const WrittenSvg svg = read_svg(read_all(base.string() + ".svg"));
    CHECK(svg.silhouette_area == 39971);
    check_same_pieces(svg, solution_document_from_json(read_all(base.string() + ".json")));
    CHECK(contains(named(svg.elements, "title").front().text, "strategy " + strategy));
    CHECK(!with_class(svg.elements, "caption").empty());
    // At the PNG's scale: the pattern's size.
    CHECK(svg.elements.front().attribute("width") == "445");
  }
  const Run bare = run_cli(dir, "compare " + figure + " --svg");
  CHECK(bare.status == 2);
  CHECK(contains(bare.err, "--svg requires --out"));
}

TEST_CASE("render --svg: the arrangement's exact pieces on the pattern it draws; refusals") {
  const TempDir dir("svg-cli");
  const std::string arrangement = kMasks + "src/01-square.arrangement.json";
  const Run run = run_cli(dir, "render " + arrangement + " -o sq.png --svg sq.svg");
  CAPTURE(run.err);
  REQUIRE(run.status == 0);
  CHECK(contains(run.out, "and sq.svg"));
  const WrittenSvg svg = read_svg(read_all(dir.path() / "sq.svg"));
  CHECK(svg.silhouette_area == 40000);
  check_same_pieces(svg, solution_document_from_json(read_all(dir.path() / "sq.truth.json")));
  CHECK(with_class(svg.elements, "caption").empty());
  CHECK(with_class(svg.elements, "legend").size() == 7);

  for (const auto& [options, message] : std::vector<std::pair<std::string, std::string>>{
           {"-o a.png --svg a.png", "--svg a.png: SVG is written under a .svg name"},
           {"-o a.png --svg -", "--svg -: the SVG picture is written to a file here"},
           {"-o a.png --svg " + arrangement, "SVG is written under a .svg name"},
           {"-o a.png --truth t.svg --svg t.svg", "a picture's name for a JSON document"},
           {"-o a.png --svg missing/a.svg", "missing"},
           {"-o a.svg", "--svg writes SVG"}}) {
    const auto& options_ = options;  // clang 14 lambdas take no bindings
    CAPTURE(options_);
    const Run refused = run_cli(dir, "render " + arrangement + " " + options);
    CHECK(refused.status == 2);
    CHECK(one_error_line(refused.err));
    CHECK(contains(refused.err, message));
    CHECK(!std::filesystem::exists(dir.path() / "a.png"));
  }
}
