#include <doctest/doctest.h>

#include "checks.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "square_assembly.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/io/detail/json.hpp"
#include "tangram/io/documents.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/pattern_png.hpp"
#include "tangram/io/piece_sets.hpp"
#include "tangram/io/png.hpp"
#include "temp_dir.hpp"

using namespace tangram;
using test::TempDir;

namespace {

using tangram::test::same_mask;

/// A 64 x 48 silhouette: a 36 x 30 rectangle and a small triangle (true = puzzle).
cv::Mat1b reference_mask() {
  cv::Mat1b mask(48, 64, uchar{0});
  mask(cv::Rect(6, 8, 36, 30)) = 255;
  for (int i = 0; i < 10; ++i)
    for (int j = 0; j <= i; ++j) mask(30 + i, 48 + j) = 255;
  return mask;
}

/// Minimal PNG encoder for 8-bit grey+alpha, which cv::imwrite cannot write: stored (not
/// compressed) deflate blocks, CRC-32 and Adler-32 computed bit by bit.
std::string encode_grey_alpha_png(const cv::Mat2b& image) {
  const auto crc32 = [](const std::string& bytes) {
    std::uint32_t crc = 0xFFFFFFFFu;
    for (const char c : bytes) {
      crc ^= static_cast<unsigned char>(c);
      for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return crc ^ 0xFFFFFFFFu;
  };
  const auto be32 = [](std::uint32_t v) {
    return std::string{static_cast<char>(v >> 24), static_cast<char>(v >> 16),
                       static_cast<char>(v >> 8), static_cast<char>(v)};
  };
  const auto chunk = [&](const std::string& type, const std::string& data) {
    return be32(static_cast<std::uint32_t>(data.size())) + type + data + be32(crc32(type + data));
  };
  std::string raw;
  for (int r = 0; r < image.rows; ++r) {
    raw += '\0';  // filter type None
    for (int c = 0; c < image.cols; ++c) {
      raw += static_cast<char>(image(r, c)[0]);
      raw += static_cast<char>(image(r, c)[1]);
    }
  }
  std::uint32_t a = 1, b = 0;
  for (const char c : raw) {
    a = (a + static_cast<unsigned char>(c)) % 65521;
    b = (b + a) % 65521;
  }
  std::string zlib = "\x78\x01";
  for (std::size_t at = 0; at < raw.size(); at += 65535) {
    const std::size_t n = std::min<std::size_t>(65535, raw.size() - at);
    zlib += static_cast<char>(at + n == raw.size() ? 1 : 0);
    zlib += static_cast<char>(n & 0xFF);
    zlib += static_cast<char>(n >> 8);
    zlib += static_cast<char>(~n & 0xFF);
    zlib += static_cast<char>((~n >> 8) & 0xFF);
    zlib += raw.substr(at, n);
  }
  zlib += be32((b << 16) | a);
  const std::string ihdr = be32(static_cast<std::uint32_t>(image.cols)) +
                           be32(static_cast<std::uint32_t>(image.rows)) +
                           std::string("\x08\x04\x00\x00\x00", 5);
  return std::string("\x89PNG\r\n\x1a\n", 8) + chunk("IHDR", ihdr) + chunk("IDAT", zlib) +
         chunk("IEND", "");
}

/// The puzzle as a 0/255 mask of the loaded file.
cv::Mat1b load_mask(const std::string& path) { return load_pattern_png(path).puzzle; }

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

using tangram::test::contains;
using tangram::test::input_error;

}  // namespace

TEST_CASE(
    "load_pattern_png: grey, RGB, RGBA, 16-bit and grey+alpha files of one silhouette "
    "give the same mask") {
  const TempDir dir("io");
  const cv::Mat1b mask = reference_mask();
  const cv::Mat1b grey = 255 - mask;  // puzzle dark on white

  cv::Mat3b bgr;
  cv::cvtColor(grey, bgr, cv::COLOR_GRAY2BGR);
  cv::Mat4b bgra;
  cv::cvtColor(grey, bgra, cv::COLOR_GRAY2BGRA);
  cv::Mat1w grey16;
  grey.convertTo(grey16, CV_16U, 257.0);
  cv::Mat3w bgr16;
  bgr.convertTo(bgr16, CV_16U, 257.0);
  cv::Mat4w bgra16;
  bgra.convertTo(bgra16, CV_16U, 257.0);
  cv::Mat2b grey_alpha(grey.size());
  for (int r = 0; r < grey.rows; ++r)
    for (int c = 0; c < grey.cols; ++c) grey_alpha(r, c) = {grey(r, c), 255};

  REQUIRE(cv::imwrite(dir.file("grey.png"), grey));
  REQUIRE(cv::imwrite(dir.file("rgb.png"), bgr));
  REQUIRE(cv::imwrite(dir.file("rgba.png"), bgra));
  REQUIRE(cv::imwrite(dir.file("grey16.png"), grey16));
  REQUIRE(cv::imwrite(dir.file("rgb16.png"), bgr16));
  REQUIRE(cv::imwrite(dir.file("rgba16.png"), bgra16));
  test::write_file(dir.file("grey-alpha.png"), encode_grey_alpha_png(grey_alpha));

  for (const char* name : {"grey.png", "rgb.png", "rgba.png", "grey16.png", "rgb16.png",
                           "rgba16.png", "grey-alpha.png"}) {
    CAPTURE(name);
    const Pattern pattern = load_pattern_png(dir.file(name));
    CHECK(same_mask(pattern.puzzle, mask));
    CHECK(pattern.area_px == cv::countNonZero(mask));
  }
}

TEST_CASE("load_pattern_png: luminance weighs R, G, B as 0.299, 0.587, 0.114 (not B, G, R)") {
  const TempDir dir("io");
  cv::Mat3b image(40, 40, cv::Vec3b(0, 0, 0));  // black: puzzle
  image(0, 0) = cv::Vec3b(0, 100, 255);         // RGB (255, 100, 0): luminance 134.9, outside
  image(0, 1) = cv::Vec3b(255, 100, 0);         // RGB (0, 100, 255): luminance 87.8, puzzle
  image(0, 2) = cv::Vec3b(0, 255, 0);           // pure green: 149.7, outside
  REQUIRE(cv::imwrite(dir.file("colour.png"), image));
  const cv::Mat1b mask = load_mask(dir.file("colour.png"));
  CHECK(mask(0, 0) == 0);
  CHECK(mask(0, 1) == 255);
  CHECK(mask(0, 2) == 0);
  CHECK(mask(5, 5) == 255);
}

TEST_CASE("load_pattern_png: puzzle pixels have luminance below 128 on the 8-bit scale") {
  const TempDir dir("io");
  cv::Mat1b grey(40, 40, uchar{0});
  grey(0, 0) = 127;
  grey(0, 1) = 128;
  cv::Mat1w grey16(40, 40, ushort{0});
  grey16(0, 0) = 127 * 257 + 128;  // 127.5 on the 8-bit scale: puzzle
  grey16(0, 1) = 128 * 257;        // exactly 128: outside
  REQUIRE(cv::imwrite(dir.file("grey.png"), grey));
  REQUIRE(cv::imwrite(dir.file("grey16.png"), grey16));
  for (const char* name : {"grey.png", "grey16.png"}) {
    CAPTURE(name);
    const cv::Mat1b mask = load_mask(dir.file(name));
    CHECK(mask(0, 0) == 255);
    CHECK(mask(0, 1) == 0);
  }
}

TEST_CASE("load_pattern_png: transparent dark pixels are outside the puzzle") {
  const TempDir dir("io");
  cv::Mat4b bgra(40, 40, cv::Vec4b(0, 0, 0, 255));
  bgra(0, 0) = cv::Vec4b(0, 0, 0, 127);  // dark but transparent: outside
  bgra(0, 1) = cv::Vec4b(0, 0, 0, 128);  // alpha >= 128: puzzle
  bgra(0, 2) = cv::Vec4b(0, 0, 0, 0);
  cv::Mat4w bgra16;
  bgra.convertTo(bgra16, CV_16U, 257.0);
  cv::Mat2b grey_alpha(40, 40, cv::Vec2b(0, 255));
  grey_alpha(0, 0) = cv::Vec2b(0, 127);
  grey_alpha(0, 1) = cv::Vec2b(0, 128);
  grey_alpha(0, 2) = cv::Vec2b(0, 0);
  REQUIRE(cv::imwrite(dir.file("rgba.png"), bgra));
  REQUIRE(cv::imwrite(dir.file("rgba16.png"), bgra16));
  test::write_file(dir.file("grey-alpha.png"), encode_grey_alpha_png(grey_alpha));
  for (const char* name : {"rgba.png", "rgba16.png", "grey-alpha.png"}) {
    CAPTURE(name);
    const cv::Mat1b mask = load_mask(dir.file(name));
    CHECK(mask(0, 0) == 0);
    CHECK(mask(0, 1) == 255);
    CHECK(mask(0, 2) == 0);
    CHECK(cv::countNonZero(mask) == 40 * 40 - 2);
  }
}

TEST_CASE("load_pattern: unusable files are refused with a one-line reason") {
  const TempDir dir("io");
  cv::Mat1b image(40, 40, uchar{0});
  REQUIRE(cv::imwrite(dir.file("good.png"), image));
  test::write_file(dir.file("notes.png"), "{\"not\": \"an image\"}");
  const std::string png = read_all(dir.file("good.png"));
  test::write_file(dir.file("truncated.png"), png.substr(0, png.size() / 2));
  test::write_file(dir.file("empty.png"), "");
  std::filesystem::create_directory(dir.file("folder.png"));
  REQUIRE(cv::imwrite(dir.file("white.png"), cv::Mat1b(40, 40, uchar{255})));

  const std::pair<const char*, const char*> cases[] = {
      {"missing.png", "no such file"},
      {"folder.png", "is a directory"},
      {"notes.png", "not an image: starts with 7B 22 6E 6F 74 22 3A 20 ('{\"not\": ')"},
      {"empty.png", "not an image: the file is empty"},
      {"truncated.png", "cannot be decoded"},
      {"white.png", "no puzzle pixels"},
  };
  for (const auto& [name, reason] : cases) {
    const auto& name_ = name;  // clang 14 lambdas take no bindings
    CAPTURE(name_);
    const std::string message = input_error([&] { load_pattern(dir.file(name_)); });
    CHECK(contains(message, reason));
    CHECK(contains(message, dir.file(name)));
    CHECK(!contains(message, "\n"));
  }
}

TEST_CASE("solution JSON: solution_to_json then solution_from_json gives the same pieces") {
  Solution solution;
  solution.solved = true;
  solution.pieces = test::square_assembly(200.0, {123.25, 140.5}, 17.0);
  solution.stats.seconds = 1.5;
  solution.stats.placements_tried = 1234;
  solution.stats.backtracks = 56;
  solution.stats.validations_failed = 7;
  solution.stats.coverage = 0.9987;
  solution.stats.overlap = 0.001;
  solution.stats.spill = 0.002;
  solution.stats.threads = 4;
  solution.stats.timed_out = false;
  solution.stats.found_by = "vertex-off-rotations";

  const std::string text = solution_to_json(solution, PieceSet::tangram(), "masks/a \"b\".png");
  const Solution back = solution_from_json(text);
  CHECK(back.solved);
  REQUIRE(back.pieces.size() == solution.pieces.size());
  for (std::size_t i = 0; i < back.pieces.size(); ++i) {
    CAPTURE(i);
    const PlacedPiece& a = solution.pieces[i];
    const PlacedPiece& b = back.pieces[i];
    CHECK(a.shape == b.shape);
    CHECK(a.pose.reflected == b.pose.reflected);
    CHECK(std::abs(b.pose.angle_deg - a.pose.angle_deg) <= 1e-6);
    CHECK(std::abs(b.pose.centre.x - a.pose.centre.x) <= 1e-6);
    CHECK(std::abs(b.pose.centre.y - a.pose.centre.y) <= 1e-6);
    REQUIRE(b.polygon.size() == a.polygon.size());
    for (std::size_t k = 0; k < a.polygon.size(); ++k) {
      CHECK(std::abs(b.polygon[k].x - a.polygon[k].x) <= 1e-6);
      CHECK(std::abs(b.polygon[k].y - a.polygon[k].y) <= 1e-6);
    }
  }
  CHECK(back.stats.placements_tried == 1234);
  CHECK(back.stats.backtracks == 56);
  CHECK(back.stats.validations_failed == 7);
  CHECK(back.stats.threads == 4);
  CHECK(back.stats.coverage == doctest::Approx(0.9987));
  CHECK(!back.stats.timed_out);
  CHECK(back.stats.found_by == "vertex-off-rotations");

  const detail::Json document = detail::parse_json(text);
  CHECK(document.at("format") == "tangram-solution/1");
  CHECK(document.at("pattern") == "masks/a \"b\".png");
}

TEST_CASE(
    "tangram-solutions/1: the header, the assembly lines and the summary read back, each "
    "assembly a document by itself as the older lines were") {
  const std::vector<PlacedPiece> square = test::square_assembly(200.0, {123.25, 140.5}, 17.0);
  InputConfig reading;
  reading.threshold = 127.5;
  SolutionsSummary summary;
  summary.complete = false;
  summary.reason = "max-solutions";
  summary.count = 2;
  summary.placements = 99;
  summary.seconds = 0.25;
  summary.threads = 2;
  summary.method = "lattice";
  summary.lattice_step = 0.25;
  summary.symmetries = 8;
  summary.settings.pieces = "tangram";
  summary.settings.up_to_symmetry = true;
  summary.settings.max_solutions = 2;
  const std::string header =
      solutions_header_line({"masks/a.png", PieceSet::tangram(), reading, PieceUse::Exact});
  const std::string text = header + solutions_assembly_line(0, square, PieceSet::tangram()) +
                           solutions_assembly_line(1, square, PieceSet::tangram()) +
                           solutions_summary_line(summary);
  // One record a line, the set only in the header.
  CHECK(std::count(text.begin(), text.end(), '\n') == 4);
  CHECK(test::contains(header, "\"set\": {"));
  CHECK_FALSE(test::contains(text.substr(header.size()), "\"set\""));
  CHECK(is_solution_lines(text));
  const SolutionLines lines = solution_lines_from_text(text);
  CHECK_FALSE(lines.older_form);
  CHECK(lines.header.pattern == "masks/a.png");
  REQUIRE(lines.header.reading);
  CHECK(lines.header.reading->threshold == 127.5);
  REQUIRE(lines.summary);
  CHECK_FALSE(lines.summary->complete);
  CHECK(lines.summary->reason == "max-solutions");
  CHECK(lines.summary->count == 2);
  CHECK(lines.summary->placements == 99);
  CHECK(lines.summary->method == "lattice");
  CHECK(lines.summary->lattice_step == 0.25);
  CHECK(lines.summary->symmetries == 8);
  CHECK(lines.summary->settings.up_to_symmetry);
  CHECK(lines.summary->settings.max_solutions == 2);
  CHECK_FALSE(lines.summary->settings.time_limit_s);
  REQUIRE(lines.assemblies.size() == 2);
  // Each assembly is the document the older form had on its line.
  Solution solved;
  solved.solved = true;
  solved.pieces = square;
  const std::string older =
      solution_to_json_line(solved, PieceSet::tangram(), "masks/a.png", false, reading);
  for (const SolutionDocument& document : lines.assemblies)
    CHECK(solution_to_json_line(document.solution, document.pieces, "masks/a.png", false,
                                document.reading) == older);
  // The older form reads to the same documents, with nothing said about completeness.
  CHECK(is_solution_lines(older + older));
  CHECK_FALSE(is_solution_lines(older));  // one line alone is a document
  const SolutionLines before = solution_lines_from_text(older + older);
  CHECK(before.older_form);
  CHECK_FALSE(before.summary);
  REQUIRE(before.assemblies.size() == 2);
  CHECK(solution_to_json_line(before.assemblies[1].solution, before.assemblies[1].pieces,
                              "masks/a.png", false, before.assemblies[1].reading) == older);
  // Records out of place are malformed, naming the line.
  const std::string assembly = solutions_assembly_line(0, square, PieceSet::tangram());
  const std::pair<std::string, std::string> broken[] = {
      {header + solutions_assembly_line(1, square, PieceSet::tangram()),
       "line 2: \"index\" 1 where 0 comes next"},
      {header + solutions_summary_line(summary) + assembly, "line 3: a record after the summary"},
      {assembly, "line 1: the first record is not a header"},
      {header + "{\"index\": 0}\n", "line 2: neither an assembly"},
      {header + older, "line 2: missing \"index\""},
  };
  for (const auto& [bad, message] : broken) {
    const auto& message_ = message;  // clang 14 lambdas take no bindings
    CAPTURE(message_);
    try {
      solution_lines_from_text(bad, nullptr, "x.jsonl");
      FAIL("accepted");
    } catch (const InputError& e) {
      CHECK(test::contains(e.what(), "invalid solution lines x.jsonl: " + message));
    }
  }
}

TEST_CASE("solution_to_json: coordinates are written with six decimals, unsolved too") {
  Solution solution;
  solution.solved = false;
  solution.stats.timed_out = true;
  PlacedPiece piece;
  piece.shape = tangram_shapes::small_triangle;
  piece.polygon = {{1.0 / 3.0, 2.0}, {10.0, -1e-9}, {5.0, 5.0}};
  solution.pieces.push_back(piece);
  const std::string text = solution_to_json(solution, PieceSet::tangram(), "p.png");
  CHECK(contains(text, "\"solved\": false"));
  CHECK(contains(text, "[[0.333333, 2.000000], [10.000000, 0.000000], [5.000000, 5.000000]]"));
  CHECK(contains(text, "\"timed_out\": true"));
  CHECK(contains(text, "\"name\": \"small-triangle\""));
  CHECK(!solution_from_json(text).solved);
}

TEST_CASE(
    "solution_to_json_line: the document on one line, ending in its only newline, that "
    "reads back as solution_to_json's does") {
  Solution solution;
  solution.solved = true;
  solution.pieces = test::square_assembly(200.0, {123.25, 140.5}, 17.0);
  solution.stats.placements_tried = 99;
  InputConfig reading;
  reading.threshold = 90.0;
  // A line break in a string is escaped, not a break of the line.
  const std::string pattern = "masks/two\nlines \"quoted\".png";
  for (const bool with_stats : {true, false}) {
    CAPTURE(with_stats);
    for (const std::optional<InputConfig>& how :
         {std::optional<InputConfig>{}, std::optional(reading)}) {
      CAPTURE(how.has_value());
      const std::string text =
          solution_to_json(solution, PieceSet::tangram(), pattern, with_stats, how);
      const std::string line =
          solution_to_json_line(solution, PieceSet::tangram(), pattern, with_stats, how);
      REQUIRE(!line.empty());
      CHECK(std::count(line.begin(), line.end(), '\n') == 1);
      CHECK(line.back() == '\n');
      CHECK(line.find('\r') == std::string::npos);
      // The same document: the same JSON value, the same pieces.
      CHECK(detail::parse_json(line) == detail::parse_json(text));
      CHECK(detail::parse_json(line).at("pattern") == pattern);
      const SolutionDocument from_line = solution_document_from_json(line);
      const SolutionDocument from_text = solution_document_from_json(text);
      CHECK(from_line.solution.solved);
      CHECK(from_line.reading.has_value() == how.has_value());
      if (with_stats) CHECK(from_line.solution.stats.placements_tried == 99);
      REQUIRE(from_line.solution.pieces.size() == solution.pieces.size());
      REQUIRE(from_text.solution.pieces.size() == solution.pieces.size());
      for (std::size_t i = 0; i < solution.pieces.size(); ++i) {
        CAPTURE(i);
        const PlacedPiece& a = from_text.solution.pieces[i];
        const PlacedPiece& b = from_line.solution.pieces[i];
        CHECK(a.shape == b.shape);
        CHECK(a.pose.reflected == b.pose.reflected);
        CHECK(a.pose.angle_deg == b.pose.angle_deg);
        CHECK(a.pose.centre.x == b.pose.centre.x);
        CHECK(a.pose.centre.y == b.pose.centre.y);
        REQUIRE(a.polygon.size() == b.polygon.size());
        for (std::size_t k = 0; k < a.polygon.size(); ++k) {
          CHECK(a.polygon[k].x == b.polygon[k].x);
          CHECK(a.polygon[k].y == b.polygon[k].y);
        }
        CHECK(test::same_vertices(b.polygon, solution.pieces[i].polygon, 1e-6));
      }
    }
  }
  // Lines of several documents split back into the documents.
  Solution unsolved;
  const std::string two = solution_to_json_line(solution, PieceSet::tangram(), "a.png") +
                          solution_to_json_line(unsolved, PieceSet::tangram(), "b.png");
  const std::vector<std::string> split = test::lines(two);
  REQUIRE(split.size() == 2);
  CHECK(solution_document_from_json(split[0]).solution.pieces.size() == 7);
  CHECK(!solution_document_from_json(split[1]).solution.solved);
  CHECK(detail::parse_json(split[1]).at("pattern") == "b.png");
}

TEST_CASE(
    "solution JSON: the reading is written when given and read back field for field; "
    "documents without one read as before") {
  Solution solution;
  solution.solved = true;
  solution.pieces = test::square_assembly(200.0, {123.25, 140.5}, 17.0);
  InputConfig reading;
  reading.threshold = 100.5;
  reading.invert = InvertMode::Yes;
  reading.clean = false;
  reading.fill_outline = true;
  reading.work_size_px = 300;
  for (const InputConfig& config : {InputConfig{}, reading, InputConfig::referee_reading()}) {
    const std::string text = solution_to_json(solution, PieceSet::tangram(), "p.png", true, config);
    const SolutionDocument back = solution_document_from_json(text);
    REQUIRE(back.reading.has_value());
    CHECK(back.reading->threshold == config.threshold);
    CHECK(back.reading->invert == config.invert);
    CHECK(back.reading->clean == config.clean);
    CHECK(back.reading->fill_outline == config.fill_outline);
    CHECK(back.reading->work_size_px == config.work_size_px);
    CHECK(back.solution.pieces.size() == solution.pieces.size());
    // The reading is one member more; without it the document is what it was.
    std::string without = text;
    const std::size_t at = without.find(", \"reading\": ");
    REQUIRE(at != std::string::npos);
    without.erase(at, without.find(", \"pieces\"", at) - at);
    CHECK(without == solution_to_json(solution, PieceSet::tangram(), "p.png"));
  }
  const std::string text = solution_to_json(solution, PieceSet::tangram(), "p.png", true, reading);
  CHECK(contains(text,
                 "\"reading\": {\"threshold\": 100.5, \"invert\": \"yes\", \"clean\": false, "
                 "\"fill_outline\": true, \"work_size\": 300}"));
  CHECK(contains(solution_to_json(solution, PieceSet::tangram(), "p.png", true, InputConfig{}),
                 "\"reading\": {\"threshold\": 128, \"invert\": \"auto\", \"clean\": true, "
                 "\"fill_outline\": false, \"work_size\": \"auto\"}"));
  CHECK(!contains(solution_to_json(solution, PieceSet::tangram(), "p.png"), "reading"));
  CHECK(!solution_document_from_json(solution_to_json(solution, PieceSet::tangram(), "p.png"))
             .reading.has_value());
  // A partial reading takes InputConfig's defaults for what it leaves out.
  const SolutionDocument partial = solution_document_from_json(
      R"({"format": "tangram-solution/1", "solved": true, "reading": {"invert": "no"}})");
  REQUIRE(partial.reading.has_value());
  CHECK(partial.reading->invert == InvertMode::No);
  CHECK(partial.reading->threshold == 128.0);
  CHECK(partial.reading->clean);
  CHECK(partial.reading->work_size_px == kWorkSizeAuto);
}

TEST_CASE("solution_document_from_json: a malformed reading is a one-line InputError") {
  const std::string head = R"({"format": "tangram-solution/1", "solved": true, "reading": )";
  const std::pair<std::string, std::string> cases[] = {
      {"[]", "\"reading\" is an array, expected an object"},
      {R"({"threshold": 0})", "reading: \"threshold\" must be in [1, 255]"},
      {R"({"threshold": "128"})", "reading: \"threshold\" is a string"},
      {R"({"invert": "maybe"})",
       "reading: \"invert\" must be \"auto\", \"yes\" or \"no\", not \"maybe\""},
      {R"({"clean": 1})", "reading: \"clean\" is a number"},
      {R"({"work_size": -3})", "reading: \"work_size\" must be \"auto\" or a whole number"},
      {R"({"work_size": 1.5})", "reading: \"work_size\" must be"},
      {R"({"work_size": "big"})", "reading: \"work_size\" must be"},
  };
  for (const auto& [reading, reason] : cases) {
    const auto& reading_ = reading;  // clang 14 lambdas take no bindings
    CAPTURE(reading_);
    const std::string message =
        input_error([&] { solution_document_from_json(head + reading_ + "}"); });
    CHECK(contains(message, reason));
    CHECK(!contains(message, "\n"));
  }
}

TEST_CASE("solution_from_json: the pose comes from the polygon centroid and the document") {
  const Solution s = solution_from_json(
      R"({"format": "tangram-solution/1", "solved": true, "pieces": [
           {"name": "square", "polygon": [[0, 0], [4, 0], [4, 4], [0, 4]]},
           {"name": "parallelogram", "reflected": true, "angle_deg": 90.5,
            "polygon": [[0, 0], [2, 0], [3, 1], [1, 1]]}]})");
  REQUIRE(s.pieces.size() == 2);
  CHECK(s.pieces[0].shape == tangram_shapes::square);
  CHECK(s.pieces[0].pose.centre.x == doctest::Approx(2.0));
  CHECK(s.pieces[0].pose.centre.y == doctest::Approx(2.0));
  CHECK(s.pieces[0].pose.angle_deg == 0.0);
  CHECK(!s.pieces[0].pose.reflected);
  CHECK(s.pieces[1].pose.reflected);
  CHECK(s.pieces[1].pose.angle_deg == 90.5);
  CHECK(s.pieces[1].pose.centre.x == doctest::Approx(1.5));
  CHECK(s.pieces[1].pose.centre.y == doctest::Approx(0.5));
  CHECK(s.stats.placements_tried == 0);  // no stats block: zeros
}

TEST_CASE("solution_from_json: malformed or invalid documents throw a one-line InputError") {
  const std::string ok_piece = R"({"name": "square", "polygon": [[0,0],[1,0],[1,1],[0,1]]})";
  const std::pair<std::string, std::string> cases[] = {
      {"", "malformed JSON"},
      {"{", "malformed JSON"},
      {R"({"format": "tangram-solution/1", "solved": true,})", "malformed JSON"},
      {R"({"format": "tangram-solution/1", "solved": tru})", "malformed JSON"},
      {R"({"format": "tangram-solution/1", "solved": true} x)", "malformed JSON"},
      {R"({"format": "tangram-solution/1", "solved": true, "solved": false})", "duplicate key"},
      {R"([1, 2])", "not an object"},
      {R"({"solved": true})", "missing \"format\""},
      {R"({"format": "tangram-solution/2", "solved": true})", "wrong format tag"},
      {R"({"format": 1, "solved": true})", "wrong format tag"},
      {R"({"format": "tangram-solution/1"})", "missing \"solved\""},
      {R"({"format": "tangram-solution/1", "solved": "yes"})", "\"solved\" is a string"},
      {R"({"format": "tangram-solution/1", "solved": true, "pieces": {}})", "\"pieces\""},
      {R"({"format": "tangram-solution/1", "solved": true, "pieces": [{"name": "rhombus",
          "polygon": [[0,0],[1,0],[1,1]]}]})",
       "unknown piece name \"rhombus\""},
      {R"({"format": "tangram-solution/1", "solved": true, "pieces": [)" + ok_piece +
           R"(, {"name": "square", "polygon": [[0,0],["1",0],[1,1],[0,1]]}]})",
       "piece 2: polygon vertex 2 is not a pair of numbers"},
      {R"({"format": "tangram-solution/1", "solved": true, "pieces": [{"name": "square",
          "polygon": [[0,0],[1,0,5],[1,1]]}]})",
       "not a pair of numbers"},
      {R"({"format": "tangram-solution/1", "solved": true, "pieces": [{"name": "square",
          "polygon": [[0,0],[1,null],[1,1]]}]})",
       "not a pair of numbers"},
      {R"({"format": "tangram-solution/1", "solved": true, "pieces": [{"name": "square",
          "polygon": [[0,0],[1,0]]}]})",
       "fewer than 3 vertices"},
      {R"({"format": "tangram-solution/1", "solved": true, "pieces": [{"name": "square",
          "polygon": [[0,0],[1e308,0],[1,1]]}]})",
       "out of range (at most 10000000 units"},
      {R"({"format": "tangram-solution/1", "solved": true, "pieces": [{"name": "square",
          "polygon": [[0,0],[1e999,0],[1,1]]}]})",
       "number out of range"},
      {R"({"format": "tangram-solution/1", "solved": true, "pieces": [{"polygon": []}]})",
       "missing \"name\""},
      {R"({"format": "tangram-solution/1", "solved": true, "pieces": [{"name": "square",
          "polygon": [[0,0],[1,0],[1,1]], "reflected": 1}]})",
       "\"reflected\" is a number"},
      {R"({"format": "tangram-solution/1", "solved": true, "stats": {"threads": "4"}})",
       "stats: \"threads\""},
      {R"({"format": "tangram-solution/1", "solved": true, "stats": {"backtracks": 1e300}})",
       "out of range"},
  };
  for (const auto& [text, reason] : cases) {
    const auto& text_ = text;  // clang 14 lambdas take no bindings
    CAPTURE(text_);
    const std::string message = input_error([&] { solution_from_json(text_); });
    CHECK(contains(message, reason));
    CHECK(!contains(message, "\n"));
  }
}

TEST_CASE("solution JSON names its piece set; a reader takes the set it names or the one given") {
  // A pentomino solution: two pieces of the built-in set, named by the document.
  const PieceSet pentominoes = builtin_piece_set("pentominoes").set;
  Solution solution;
  solution.solved = false;
  for (const char* name : {"I", "X"}) {
    PlacedPiece piece;
    piece.shape = *pentominoes.find(name);
    piece.pose.centre = {100.0, 100.0};
    piece.polygon = pentominoes.posed_polygon(piece.shape, 20.0, piece.pose);
    solution.pieces.push_back(piece);
  }
  const std::string text = solution_to_json(solution, pentominoes, "p.png");
  CHECK(detail::parse_json(text).at("piece_set") == "pentominoes");
  const SolutionDocument named = solution_document_from_json(text);
  CHECK(named.piece_set == "pentominoes");
  CHECK(named.pieces.name() == "pentominoes");
  REQUIRE(named.solution.pieces.size() == 2);
  CHECK(named.solution.pieces[1].shape == *pentominoes.find("X"));
  // Given the same set: read with it. Given another: refused, naming both.
  CHECK(solution_document_from_json(text, &pentominoes).solution.pieces.size() == 2);
  const PieceSet tangram = PieceSet::tangram();
  CHECK(contains(input_error([&] { solution_document_from_json(text, &tangram); }),
                 "its pieces are of the set \"pentominoes\", not of \"tangram\""));
  // A set that is not built in is read from the document itself ("set"); without it, its
  // file is needed. Without a name the pieces are the Tangram's.
  detail::Json custom = detail::parse_json(text);
  custom["piece_set"] = "my-set";
  custom["set"]["name"] = "my-set";
  const SolutionDocument embedded = solution_document_from_json(custom.dump());
  CHECK(embedded.pieces.name() == "my-set");
  CHECK(embedded.pieces.shape_count() == 12);
  REQUIRE(embedded.solution.pieces.size() == 2);
  CHECK(embedded.pieces.shape_name(embedded.solution.pieces[1].shape) == "X");
  custom["set"]["name"] = "other";
  CHECK(contains(input_error([&] { solution_document_from_json(custom.dump()); }),
                 "\"set\" is named \"other\", \"piece_set\" \"my-set\""));
  custom.erase("set");
  CHECK(contains(input_error([&] { solution_document_from_json(custom.dump()); }),
                 "the set \"my-set\", which is not built in nor given in the document"));
  // Under a built-in name, the built-in geometry is the authority, not the document's.
  detail::Json forged = detail::parse_json(text);
  forged["set"]["pieces"][0]["outline"] = detail::parse_json("[[0, 0], [9, 0], [9, 9], [0, 9]]");
  CHECK(solution_document_from_json(forged.dump()).pieces.area(0) == doctest::Approx(5.0));
  const SolutionDocument plain = solution_document_from_json(
      R"({"format": "tangram-solution/1", "solved": false, "pieces": []})");
  CHECK(plain.piece_set.empty());
  CHECK(plain.pieces.name() == "tangram");
}

TEST_CASE("JSON parser: strings, escapes, numbers and nesting follow RFC 8259 strictly") {
  using detail::Json;
  using detail::JsonType;
  using detail::parse_json;
  const Json v = parse_json(
      " {\"s\": \"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00\", \"n\": [0, -0.5, 1e3, "
      "2.5E-1, -12], \"t\": true, \"f\": false, \"z\": null, \"o\": {}, \"a\": []}\n");
  CHECK(v.at("s") == "a\"b\\c/d\b\f\n\r\t\xC3\xA9\xF0\x9F\x98\x80");
  const Json& n = v.at("n");
  REQUIRE(n.size() == 5);
  CHECK(n[0].get<double>() == 0.0);
  CHECK(n[1].get<double>() == -0.5);
  CHECK(n[2].get<double>() == 1000.0);
  CHECK(n[3].get<double>() == 0.25);
  CHECK(n[4].get<double>() == -12.0);
  CHECK(v.at("t") == true);
  CHECK(detail::json_type(v.at("f")) == JsonType::Boolean);
  CHECK(detail::json_type(v.at("z")) == JsonType::Null);
  CHECK(detail::json_type(v.at("o")) == JsonType::Object);
  CHECK(detail::json_type(v.at("n")) == JsonType::Array);
  CHECK(detail::json_type(n[4]) == JsonType::Number);
  CHECK(v.find("missing") == v.end());
  // Every number is the double nearest to its text, -0 included; big integers too.
  CHECK(std::signbit(parse_json("-0").get<double>()));
  CHECK(std::signbit(parse_json("[-0]")[0].get<double>()));
  CHECK(!std::signbit(parse_json("0").get<double>()));
  CHECK(parse_json("[18446744073709551616]")[0].get<double>() == 18446744073709551616.0);

  // Bytes that are not UTF-8 (a Latin-1 file name) stay in strings as the writers write them;
  // outside a string they are malformed.
  const std::string latin1 = "caf\xE9 \xFF\\\"\xC3\xA9\xE2\x82.png";
  CHECK(parse_json("{\"p\": " + detail::json_string(latin1) + "}").at("p") == latin1);
  CHECK(parse_json("{" + detail::json_string(latin1) + ": 1}").begin().key() == latin1);
  CHECK_THROWS_WITH(parse_json("[1, \xE9]"),
                    "malformed JSON at line 1, column 5: syntax error while parsing value - "
                    "invalid literal; last read: '1, ?'");

  for (const char* bad : {"01",        "1.",       ".5",       "+1",          "-",
                          "1e",        "NaN",      "Infinity", "[1,]",        "{,}",
                          "{\"a\" 1}", "{'a': 1}", "\"\\x\"",  "\"\\ud800\"", "\"\\udc00\"",
                          "\"a\nb\"",  "\"abc",    "[1 2]",    "// c\n1",     "\xEF\xBB\xBF{}",
                          "tRue"}) {
    CAPTURE(bad);
    CHECK_THROWS_AS(parse_json(bad), InputError);
  }
  CHECK_NOTHROW(parse_json(std::string(256, '[') + std::string(256, ']')));
  CHECK_THROWS_AS(parse_json(std::string(100000, '[')), InputError);  // no stack overflow
  // Syntax errors in nlohmann-json's words, at our position.
  CHECK_THROWS_WITH(parse_json("{\n  \"a\": x}"),
                    "malformed JSON at line 2, column 8: syntax error while parsing value - "
                    "invalid literal; last read: '\"a\": x'");
  // The checks nlohmann-json does not make, each at the offending byte.
  CHECK_THROWS_WITH(parse_json("{\"a\": 1,\n \"b\": {\"a\": 2, \"b\\\"\": 3, \"b\\\"\": 4}}"),
                    "malformed JSON at line 2, column 26: duplicate key \"b\\\"\"");
  CHECK_THROWS_WITH(parse_json("[1,\n -2.5e999]"),
                    "malformed JSON at line 2, column 2: number out of range: -2.5e999");
  CHECK_THROWS_WITH(parse_json("1e999"),
                    "malformed JSON at line 1, column 1: number out of range: 1e999");
  CHECK_THROWS_WITH(parse_json(std::string(256, '[') + "\n[]" + std::string(257, ']')),
                    "malformed JSON at line 2, column 1: nesting deeper than 256 levels");
  CHECK_THROWS_WITH(parse_json("\xEF\xBB\xBF{}"),
                    "malformed JSON at line 1, column 1: byte order mark (JSON text has none)");
  CHECK_THROWS_WITH(parse_json(std::string("{}\0 x", 5)),
                    "malformed JSON at line 1, column 3: NUL byte");
  CHECK_THROWS_WITH(parse_json(std::string("[1, \0]", 6)),
                    "malformed JSON at line 1, column 5: NUL byte");
  CHECK_THROWS_WITH(parse_json(std::string("[1 \0]", 5)),
                    "malformed JSON at line 1, column 4: NUL byte");
  CHECK_THROWS_WITH(parse_json(std::string("[1 x\0]", 6)),
                    "malformed JSON at line 1, column 4: syntax error while parsing array - "
                    "invalid literal; last read: '1 x'; expected ']'");
  // An unterminated string is not quoted whole; every message is one line.
  const std::string long_string = "[\"" + std::string(10000, 'a') + "\n";
  std::string message;
  try {
    parse_json(long_string);
  } catch (const InputError& e) {
    message = e.what();
  }
  CHECK(message.size() < 300);
  CHECK(message.find('\n') == std::string::npos);
  CHECK(message.rfind("malformed JSON at line 1, column 10003: syntax error while parsing value - "
                      "invalid string: control character U+000A (LF) must be escaped",
                      0) == 0);
}

TEST_CASE("JSON writer: strings are escaped and numbers are fixed-point, -0 and NaN handled") {
  using detail::json_number;
  using detail::json_string;
  CHECK(json_string("a\"b\\c\n\x01") == "\"a\\\"b\\\\c\\n\\u0001\"");
  CHECK(json_number(1.0 / 3.0) == "0.333333");
  CHECK(json_number(-2.5, 2) == "-2.50");
  CHECK(json_number(-1e-9) == "0.000000");
  CHECK(json_number(std::nan("")) == "null");
  const std::string s = "x\"\\\t\x1f\xC3\xA9";
  CHECK(detail::parse_json(json_string(s)) == s);
}

TEST_CASE("read_solution_json: a missing file or a directory is an InputError naming the path") {
  const TempDir dir("io");
  CHECK(contains(input_error([&] { read_solution_json(dir.file("none.json")); }),
                 dir.file("none.json") + ": no such file"));
  CHECK(contains(input_error([&] { read_solution_json(dir.path().string()); }), "is a directory"));
  test::write_file(dir.file("bad.json"), "{\"format\": \"x\", \"solved\": true}");
  const std::string message = input_error([&] { read_solution_json(dir.file("bad.json")); });
  CHECK(contains(message, dir.file("bad.json")));
  CHECK(contains(message, "wrong format tag"));
}

TEST_CASE("write_text_atomic: the file is replaced whole and no temporary file remains") {
  const TempDir dir("io");
  const std::string path = dir.file("out.json");
  write_text_atomic(path, "first version, longer than the second\n");
  write_text_atomic(path, "second\n");
  CHECK(read_all(path) == "second\n");
  CHECK(dir.entries() == std::vector<std::string>{"out.json"});
}

TEST_CASE(
    "write_text_atomic and write_png_atomic: an unwritable path throws OutputError "
    "naming it, and leaves nothing behind") {
  const TempDir dir("io");
  const std::string missing = dir.file("no-such-dir/out.json");
  try {
    write_text_atomic(missing, "x");
    FAIL("expected an OutputError");
  } catch (const OutputError& e) {
    CHECK(std::string(e.what()) ==
          "cannot write " + missing + ": directory " + dir.file("no-such-dir") + " does not exist");
  }
  CHECK_THROWS_AS(write_png_atomic(dir.file("no-such-dir/out.png"), cv::Mat3b(4, 4)), OutputError);
  std::filesystem::create_directory(dir.file("taken"));
  std::filesystem::create_directory(dir.file("taken/child"));  // rename over it must fail
  CHECK_THROWS_AS(write_text_atomic(dir.file("taken"), "x"), OutputError);
  CHECK_THROWS_AS(write_png_atomic(dir.file("empty.png"), cv::Mat()), OutputError);
  std::vector<std::string> entries = dir.entries();
  CHECK(entries == std::vector<std::string>{"taken"});
}

TEST_CASE("write_png_atomic: the PNG reads back unchanged") {
  const TempDir dir("io");
  cv::Mat3b image(10, 12, cv::Vec3b(1, 2, 3));
  image(4, 5) = cv::Vec3b(200, 100, 50);
  write_png_atomic(dir.file("x.png"), image);
  const cv::Mat back = cv::imread(dir.file("x.png"), cv::IMREAD_UNCHANGED);
  REQUIRE(back.type() == CV_8UC3);
  CHECK(cv::norm(back, image, cv::NORM_INF) == 0.0);
  CHECK(dir.entries() == std::vector<std::string>{"x.png"});
}
