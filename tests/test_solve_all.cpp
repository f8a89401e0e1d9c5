// `tangram solve --all | --unique | --use subset|copies`: counts on stdout, JSON lines
// (tangram-solutions/1 for --all: the set once, the assemblies, a summary that says whether
// they are all) that `tangram verify` accepts, the same assemblies for any thread count,
// uniqueness decided on figures whose answer is known by construction, and the options that do
// not go together refused in one line. Only cheap enumerations run here (3 x 20, 8 x 8 less its
// centre, the staircase, hand-made figures of a few cells): the suite also runs under
// AddressSanitizer.

#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <opencv2/imgcodecs.hpp>

#include "checks.hpp"
#include "cli_runner.hpp"
#include "optional_tool.hpp"
#include "patterns.hpp"
#include "tangram/io/detail/json.hpp"
#include "tangram/io/documents.hpp"
#include "temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using tangram::test::contains;
using tangram::test::kMasks;
using tangram::test::lines;
using tangram::test::one_error_line;
using tangram::test::read_all;
using tangram::test::Run;
using tangram::test::run_cli;
using tangram::test::TempDir;
using tangram::test::write_file;

/// The pentomino count boards (20 px cells).
const std::string kCounts = kMasks + "sets/pentominoes/counts/";
const std::string k3x20 = kCounts + "3x20.png";

/// Writes a figure drawn in text ('#' a unit cell of the figure, '.' none) as a PNG of
/// 40 px cells on a 10 px white margin.
void write_figure(const std::string& path, const std::vector<std::string>& rows) {
  constexpr int cell = 40, margin = 10;
  const int width = static_cast<int>(rows.front().size());
  const int height = static_cast<int>(rows.size());
  cv::Mat1b image(height * cell + 2 * margin, width * cell + 2 * margin, uchar{255});
  for (int r = 0; r < height; ++r)
    for (int c = 0; c < width; ++c)
      if (rows[r][c] == '#') image(cv::Rect(margin + c * cell, margin + r * cell, cell, cell)) = 0;
  REQUIRE(cv::imwrite(path, image));
}

/// Small piece sets whose assemblies are counted by hand in the tests.
void write_sets(const TempDir& dir) {
  // One domino.
  write_file(dir.file("domino.json"), R"({"format": "tangram-pieces/1", "name": "domino",
      "rotations": {"step_deg": 90},
      "pieces": [{"name": "D", "outline": [[0,0],[2,0],[2,1],[0,1]]}]})");
  // Two dominoes (copies of one shape: never swapped, so each tiling counts once).
  write_file(dir.file("dominoes.json"), R"({"format": "tangram-pieces/1", "name": "dominoes",
      "rotations": {"step_deg": 90},
      "pieces": [{"name": "D", "count": 2, "outline": [[0,0],[2,0],[2,1],[0,1]]}]})");
  // A monomino and a domino.
  write_file(dir.file("md.json"), R"({"format": "tangram-pieces/1", "name": "md",
      "rotations": {"step_deg": 90},
      "pieces": [{"name": "M", "outline": [[0,0],[1,0],[1,1],[0,1]]},
                 {"name": "D", "outline": [[0,0],[2,0],[2,1],[0,1]]}]})");
  // Two L tetrominoes, which may be turned over or not.
  for (const char* mirror : {"true", "false"})
    write_file(dir.file(std::string("l-") + mirror + ".json"),
               std::string(R"({"format": "tangram-pieces/1", "name": "ells",
      "rotations": {"step_deg": 90}, "mirror": )") +
                   mirror + R"(,
      "pieces": [{"name": "L", "count": 2, "outline": [[0,0],[3,0],[3,1],[1,1],[1,2],[0,2]]}]})");
}

/// The number a summary starts with ("8 assemblies of ..."); -1 when it starts otherwise.
long leading_count(const std::string& out) {
  if (out.empty() || !std::isdigit(static_cast<unsigned char>(out.front()))) return -1;
  return std::stol(out);
}

/// The first line of `text` (a run's summary).
std::string summary_line(const std::string& text) { return text.substr(0, text.find('\n')); }

/// The lines of a JSON lines file, checked to end in a newline when not empty.
std::vector<std::string> json_lines(const std::string& path) {
  const std::string text = read_all(path);
  if (!text.empty()) CHECK(text.back() == '\n');
  return lines(text);
}

using tangram::detail::Json;
using tangram::detail::parse_json;

/// A tangram-solutions/1 file (solve --all --json): its header, its assembly lines and the
/// object of its summary, each line checked for its kind and the assemblies for their index.
struct SolutionsFile {
  Json header;
  std::vector<std::string> assemblies;  ///< as written
  Json summary;
};

SolutionsFile solutions_file(const std::string& path) {
  const std::vector<std::string> all = json_lines(path);
  SolutionsFile file;
  REQUIRE(all.size() >= 2);
  file.header = parse_json(all.front());
  CHECK(file.header.at("format") == "tangram-solutions/1");
  const Json last = parse_json(all.back());
  REQUIRE(last.contains("summary"));
  file.summary = last.at("summary");
  for (std::size_t i = 1; i + 1 < all.size(); ++i) {
    CHECK(parse_json(all[i]).at("index") == i - 1);
    file.assemblies.push_back(all[i]);
  }
  CHECK(file.summary.at("count") == file.assemblies.size());
  return file;
}

/// The "pieces" of an assembly line, as JSON text.
std::string pieces_of(const std::string& line) { return parse_json(line).at("pieces").dump(); }

/// The assemblies of a JSON lines file, each a document by itself (the library's reader).
std::vector<tangram::SolutionDocument> assemblies_of(const std::string& path) {
  return tangram::solution_lines_from_text(read_all(path)).assemblies;
}

/// `document` as a tangram-solution/1 file of its own, as `tangram verify` reads one.
std::string document_text(const tangram::SolutionDocument& document, const std::string& pattern) {
  return tangram::solution_to_json(document.solution, document.pieces, pattern, false,
                                   document.reading);
}

/// The lines of a file but its last (the summary, whose seconds and threads vary).
std::vector<std::string> but_summary(const std::vector<std::string>& all) {
  return all.empty() ? all : std::vector<std::string>(all.begin(), all.end() - 1);
}

/// What `tangram ARGS` (split on spaces) writes to a terminal, its standard error and
/// input; standard output goes to cli.out in `dir`. None when no pseudo-terminal opens.
std::optional<std::string> run_on_terminal(const TempDir& dir, const std::string& args) {
  std::vector<std::string> words = tangram::test::cli_words(args);
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  int terminal = -1;
  // Nothing of this process's buffered output may reach the child's terminal.
  std::fflush(stdout);
  std::fflush(stderr);
  const pid_t child = ::forkpty(&terminal, nullptr, nullptr, nullptr);
  if (child < 0) return std::nullopt;
  if (child == 0) {
    if (::chdir(dir.path().c_str()) != 0 || !std::freopen("cli.out", "w", stdout)) ::_exit(120);
    ::execv(argv[0], argv.data());
    ::_exit(121);
  }
  std::string shown;
  char buffer[4096];
  for (;;) {
    const ssize_t n = ::read(terminal, buffer, sizeof buffer);
    if (n <= 0) break;  // EIO once the child has closed the terminal
    shown.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(terminal);
  int raw = 0;
  ::waitpid(child, &raw, 0);
  CHECK(WIFEXITED(raw));
  CHECK(WEXITSTATUS(raw) == 0);
  return shown;
}

/// Checks that `line` is a tangram-solution/1 document of a solved assembly of `pieces` pieces
/// of the set `set_name` (embedded, so that it reads by itself), and returns it.
tangram::SolutionDocument check_document(const std::string& line, const std::string& set_name,
                                         std::size_t pieces) {
  const tangram::detail::Json json = tangram::detail::parse_json(line);
  CHECK(json.at("format") == "tangram-solution/1");
  CHECK(json.at("piece_set") == set_name);
  CHECK(json.at("set").at("name") == set_name);
  CHECK(json.at("solved") == true);
  const tangram::SolutionDocument document = tangram::solution_document_from_json(line);
  CHECK(document.pieces.name() == set_name);
  CHECK(document.solution.pieces.size() == pieces);
  return document;
}

/// Writes `line` to `name` in `dir` and runs `tangram verify PATTERN name` on it.
Run verify_line(const TempDir& dir, const std::string& pattern, const std::string& line,
                const std::string& name) {
  write_file(dir.file(name), line);
  return run_cli(dir, "verify " + pattern + " " + name);
}

/// The names of the shapes of an assembly, sorted ("D", "D", "M").
std::vector<std::string> piece_names(const tangram::SolutionDocument& document) {
  std::vector<std::string> names;
  for (const tangram::PlacedPiece& piece : document.solution.pieces)
    names.push_back(document.pieces.shape_name(piece.shape));
  std::sort(names.begin(), names.end());
  return names;
}

/// Checks a refusal: exit 2, one error line naming `mention`, nothing on stdout.
void check_refusal(const Run& run, const std::string& mention) {
  CAPTURE(run.err);
  CHECK(run.status == 2);
  CHECK(one_error_line(run.err));
  CHECK(contains(run.err, mention));
  CHECK(run.out.empty());
}

}  // namespace

TEST_CASE(
    "solve --all: 3 x 20 has 8 assemblies, each a JSON line that verify accepts, and a "
    "montage") {
  const TempDir dir("solve-all");
  const Run run = run_cli(
      dir, "solve " + k3x20 + " --pieces pentominoes --all --json all.jsonl --image all.png");
  CAPTURE(run.err);
  REQUIRE(run.status == 0);
  CHECK(summary_line(run.out) ==
        "8 assemblies of " + k3x20 + " (all of them: the search was exhaustive)");
  CHECK(run.err.empty());
  // The set once, in the header; then the assemblies; then a summary: all of them.
  const SolutionsFile file = solutions_file(dir.file("all.jsonl"));
  CHECK(file.header.at("piece_set") == "pentominoes");
  CHECK(file.header.at("set").at("name") == "pentominoes");
  CHECK(file.header.at("pattern") == k3x20);
  CHECK(file.header.at("use") == "exact");
  CHECK(file.summary.at("complete") == true);
  CHECK(file.summary.at("reason") == "exhaustive");
  CHECK(file.summary.at("count") == 8);
  REQUIRE(file.assemblies.size() == 8);
  std::set<std::string> distinct;
  for (const std::string& line : file.assemblies) {
    distinct.insert(pieces_of(line));
    CHECK_FALSE(contains(line, "\"set\""));
  }
  CHECK(distinct.size() == 8);
  const std::vector<tangram::SolutionDocument> all = assemblies_of(dir.file("all.jsonl"));
  REQUIRE(all.size() == 8);
  for (std::size_t i = 0; i < all.size(); ++i) {
    CAPTURE(i);
    const tangram::SolutionDocument document =
        check_document(tangram::solution_to_json_line(all[i].solution, all[i].pieces, k3x20, false,
                                                      all[i].reading),
                       "pentominoes", 12);
    // Each of the 12 pentominoes once.
    const std::vector<std::string> names = piece_names(document);
    CHECK(std::set<std::string>(names.begin(), names.end()).size() == 12);
    const Run verified = verify_line(dir, k3x20, document_text(all[i], k3x20), "line.json");
    CAPTURE(verified.out);
    CAPTURE(verified.err);
    CHECK(verified.status == 0);
    CHECK(verified.out.rfind("VALID", 0) == 0);
  }
  // The file as a whole: every assembly valid, and all of them.
  const Run verified = run_cli(dir, "verify " + k3x20 + " all.jsonl");
  CAPTURE(verified.err);
  CHECK(verified.status == 0);
  CHECK(verified.out == "VALID  assemblies=8 valid=8 complete=yes\n");
  const cv::Mat montage = cv::imread(dir.file("all.png"), cv::IMREAD_COLOR);
  REQUIRE(!montage.empty());
  CHECK(montage.cols > 160);
  CHECK(montage.rows > 160);
  // Not blank: the assemblies are drawn.
  cv::Mat grey;
  cv::extractChannel(montage, grey, 0);
  CHECK(cv::countNonZero(grey < 128) > 1000);
}

TEST_CASE(
    "solve --all: --up-to-symmetry keeps 2 of 3 x 20's 8, --max-solutions the first N "
    "with 'at least'") {
  const TempDir dir("solve-all");
  const std::string solve = "solve " + k3x20 + " --pieces pentominoes --all";
  REQUIRE(run_cli(dir, solve + " --json all.jsonl").status == 0);
  const std::vector<std::string> all = solutions_file(dir.file("all.jsonl")).assemblies;
  REQUIRE(all.size() == 8);
  std::vector<std::string> all_pieces;
  for (const std::string& line : all) all_pieces.push_back(pieces_of(line));

  const Run classes = run_cli(dir, solve + " --up-to-symmetry --json classes.jsonl");
  CHECK(classes.status == 0);
  CHECK(summary_line(classes.out) == "2 assemblies up to the figure's 4 symmetries of " + k3x20 +
                                         " (all of them: the search was exhaustive)");
  const SolutionsFile classes_file = solutions_file(dir.file("classes.jsonl"));
  CHECK(classes_file.summary.at("symmetries") == 4);
  CHECK(classes_file.summary.at("settings").at("up_to_symmetry") == true);
  const std::vector<std::string>& kept = classes_file.assemblies;
  REQUIRE(kept.size() == 2);
  CHECK(pieces_of(kept[0]) != pieces_of(kept[1]));
  // The one kept of each class is an assembly itself, written as --all writes it.
  for (const std::string& line : kept)
    CHECK(std::count(all_pieces.begin(), all_pieces.end(), pieces_of(line)) == 1);

  const Run first = run_cli(dir, solve + " --max-solutions 3 --json first.jsonl");
  CHECK(first.status == 0);
  CHECK(summary_line(first.out) ==
        "3 assemblies of " + k3x20 + " (at least: stopped at --max-solutions 3)");
  const SolutionsFile first_file = solutions_file(dir.file("first.jsonl"));
  CHECK(first_file.assemblies == std::vector<std::string>(all.begin(), all.begin() + 3));
  // Not all of them, and the file says why.
  CHECK(first_file.summary.at("complete") == false);
  CHECK(first_file.summary.at("reason") == "max-solutions");
  CHECK(first_file.summary.at("settings").at("max_solutions") == 3);
  // One more than there are: the search ends by itself and the count is exact.
  const Run more = run_cli(dir, solve + " --max-solutions 9");
  CHECK(more.status == 0);
  CHECK(leading_count(more.out) == 8);
  CHECK(contains(summary_line(more.out), "(all of them: the search was exhaustive)"));

  // --json -: the lines on stdout, the summary on stderr.
  const Run piped = run_cli(dir, solve + " --json -");
  CHECK(piped.status == 0);
  CHECK(but_summary(lines(piped.out)) == but_summary(json_lines(dir.file("all.jsonl"))));
  CHECK(contains(lines(piped.out).back(), "{\"summary\": {\"complete\": true"));
  CHECK(summary_line(piped.err) ==
        "8 assemblies of " + k3x20 + " (all of them: the search was exhaustive)");
}

TEST_CASE("solve --all: --threads 1 and 2 write the same JSON lines") {
  const TempDir dir("solve-all");
  const std::string board = kCounts + "8x8-hole.png";
  const std::string solve = "solve " + board + " --pieces pentominoes --all";
  // The classes of 8 x 8 less its 2 x 2 centre: the least image of each is chosen in parallel.
  for (const char* threads : {"1", "2"}) {
    CAPTURE(threads);
    const Run run = run_cli(dir, solve + " --up-to-symmetry --threads " + threads +
                                     " --json classes-" + threads + ".jsonl");
    CHECK(run.status == 0);
    CHECK(summary_line(run.out) == "65 assemblies up to the figure's 8 symmetries of " + board +
                                       " (all of them: the search was exhaustive)");
    CHECK(contains(run.out, std::string(" with ") + threads +
                                (threads == std::string("1") ? " thread\n" : " threads\n")));
  }
  const std::vector<std::string> classes = json_lines(dir.file("classes-1.jsonl"));
  CHECK(solutions_file(dir.file("classes-1.jsonl")).assemblies.size() == 65);
  // The same lines but the summary's (its seconds and threads).
  CHECK(but_summary(classes) == but_summary(json_lines(dir.file("classes-2.jsonl"))));
}

TEST_CASE("solve --all: stopped at --max-solutions, --threads 1 and 2 write the same first lines") {
  const TempDir dir("solve-all");
  const std::string solve = "solve " + kCounts + "8x8-hole.png --pieces pentominoes --all";
  // The same first 100, whichever thread found them.
  for (const char* threads : {"1", "2"})
    CHECK(run_cli(dir, solve + " --max-solutions 100 --threads " + threads + " --json first-" +
                           threads + ".jsonl")
              .status == 0);
  const std::vector<std::string> first = json_lines(dir.file("first-1.jsonl"));
  CHECK(solutions_file(dir.file("first-1.jsonl")).assemblies.size() == 100);
  CHECK(but_summary(first) == but_summary(json_lines(dir.file("first-2.jsonl"))));
}

TEST_CASE("solve --unique and --all on figures whose assemblies are known by construction") {
  const TempDir dir("solve-all");
  write_sets(dir);
  // A 1 x 2 bar and one domino: exactly one assembly.
  write_figure(dir.file("bar.png"), {"##"});
  const Run unique = run_cli(dir, "solve bar.png --pieces domino.json --unique --json u.jsonl");
  CAPTURE(unique.err);
  CHECK(unique.status == 0);
  CHECK(summary_line(unique.out) == "unique: bar.png has exactly one assembly");
  // The file holds the assembly and the answer, as --all's do.
  const SolutionsFile unique_file = solutions_file(dir.file("u.jsonl"));
  REQUIRE(unique_file.assemblies.size() == 1);
  CHECK(unique_file.summary.at("answer") == "unique");
  CHECK(unique_file.summary.at("complete") == true);
  REQUIRE(assemblies_of(dir.file("u.jsonl")).size() == 1);
  check_document(document_text(assemblies_of(dir.file("u.jsonl"))[0], "bar.png"), "domino", 1);

  // A 2 x 2 square and two dominoes: both horizontal or both vertical, two assemblies that a
  // quarter turn of the square maps onto each other.
  write_figure(dir.file("square.png"), {"##", "##"});
  const Run several =
      run_cli(dir, "solve square.png --pieces dominoes.json --unique --json several.jsonl");
  CHECK(several.status == 4);
  CHECK(summary_line(several.out) == "several: square.png has more than one assembly");
  const SolutionsFile several_file = solutions_file(dir.file("several.jsonl"));
  CHECK(several_file.assemblies.size() == 2);
  CHECK(several_file.summary.at("answer") == "several");
  CHECK(several_file.summary.at("complete") == false);
  const Run one_class =
      run_cli(dir, "solve square.png --pieces dominoes.json --unique --up-to-symmetry");
  CHECK(one_class.status == 0);
  CHECK(summary_line(one_class.out) ==
        "unique: square.png has exactly one assembly up to the figure's 8 symmetries");
  const Run both = run_cli(dir, "solve square.png --pieces dominoes.json --all --json both.jsonl");
  CHECK(both.status == 0);
  CHECK(summary_line(both.out) ==
        "2 assemblies of square.png (all of them: the search was exhaustive)");
  CHECK(solutions_file(dir.file("both.jsonl")).assemblies.size() == 2);
  const Run classes =
      run_cli(dir, "solve square.png --pieces dominoes.json --all --up-to-symmetry");
  CHECK(classes.status == 0);
  CHECK(summary_line(classes.out) ==
        "1 assembly up to the figure's 8 symmetries of square.png (all "
        "of them: the search was exhaustive)");

  // A T tetromino and two dominoes: none. Coloured as a chessboard the T has three cells of
  // one colour and one of the other, and each domino covers one of each.
  write_figure(dir.file("tee.png"), {"###", ".#."});
  const Run none = run_cli(dir, "solve tee.png --pieces dominoes.json --unique --json none.jsonl");
  CHECK(none.status == 1);
  CHECK(summary_line(none.out) == "none: tee.png has no assembly");
  const SolutionsFile none_file = solutions_file(dir.file("none.jsonl"));
  CHECK(none_file.assemblies.empty());
  CHECK(none_file.summary.at("answer") == "none");
  CHECK(none_file.summary.at("complete") == true);
  const Run zero = run_cli(dir, "solve tee.png --pieces dominoes.json --all --json zero.jsonl");
  CHECK(zero.status == 1);
  CHECK(summary_line(zero.out) ==
        "0 assemblies of tee.png (all of them: the search was exhaustive)");
  // None, and the file says that none is all of them.
  const SolutionsFile zero_file = solutions_file(dir.file("zero.jsonl"));
  CHECK(zero_file.assemblies.empty());
  CHECK(zero_file.summary.at("complete") == true);

  // 3 x 20 has two classes of pentomino assemblies.
  const Run board =
      run_cli(dir, "solve " + k3x20 + " --pieces pentominoes --unique --up-to-symmetry");
  CHECK(board.status == 4);
  CHECK(summary_line(board.out) ==
        "several: " + k3x20 + " has more than one assembly up to the figure's 4 symmetries");
}

TEST_CASE("solve --all: mirrored pieces count only when the set or --no-reflection allows them") {
  // A 2 x 4 rectangle and two L tetrominoes: the only tilings are the L and its half turn
  // (a row of three with a cell below its left end; the rest), and the mirror image of that,
  // made of the two turned-over Ls. A reflection of the rectangle maps one onto the other; a
  // half turn maps each onto itself.
  const TempDir dir("solve-all");
  write_sets(dir);
  write_figure(dir.file("rect.png"), {"####", "####"});
  const auto count = [&](const std::string& args) {
    const Run run = run_cli(dir, "solve rect.png --all " + args);
    CAPTURE(args);
    CAPTURE(run.err);
    CHECK(run.status == 0);
    CHECK(contains(summary_line(run.out), "(all of them: the search was exhaustive)"));
    return summary_line(run.out).substr(0, summary_line(run.out).find(" of rect.png"));
  };
  CHECK(count("--pieces l-true.json") == "2 assemblies");
  CHECK(count("--pieces l-true.json --up-to-symmetry") ==
        "1 assembly up to the figure's 4 symmetries");
  CHECK(count("--pieces l-true.json --no-reflection") == "1 assembly");
  CHECK(count("--pieces l-true.json --no-reflection --up-to-symmetry") ==
        "1 assembly up to the figure's 2 symmetries");
  CHECK(count("--pieces l-false.json") == "1 assembly");
  CHECK(count("--pieces l-false.json --up-to-symmetry") ==
        "1 assembly up to the figure's 2 symmetries");
}

TEST_CASE(
    "solve --use subset: the staircase's 580 classes of 11 pentominoes, each verified "
    "against the set it names") {
  const TempDir dir("solve-all");
  const std::string board = kCounts + "staircase.png";
  const Run run = run_cli(dir, "solve " + board +
                                   " --pieces pentominoes --use subset --figure-area 55 --all "
                                   "--up-to-symmetry --json subset.jsonl");
  CAPTURE(run.err);
  REQUIRE(run.status == 0);
  CHECK(summary_line(run.out) == "580 assemblies up to the figure's 2 symmetries of " + board +
                                     " (all of them: the search was exhaustive)");
  const SolutionsFile file = solutions_file(dir.file("subset.jsonl"));
  CHECK(file.header.at("use") == "subset");
  CHECK(file.header.at("piece_set") == "pentominoes");
  CHECK(file.summary.at("settings").at("figure_area") == 55);
  std::set<std::string> distinct;
  for (const std::string& line : file.assemblies) distinct.insert(pieces_of(line));
  CHECK(distinct.size() == 580);
  // Read back, each names the pieces it used as its own set.
  const std::vector<tangram::SolutionDocument> found = assemblies_of(dir.file("subset.jsonl"));
  REQUIRE(found.size() == 580);
  std::map<std::string, int> left_out;  // the pentomino each assembly does without
  for (std::size_t i = 0; i < found.size(); ++i) {
    CAPTURE(i);
    const tangram::SolutionDocument document =
        check_document(tangram::solution_to_json_line(found[i].solution, found[i].pieces, board,
                                                      false, found[i].reading),
                       "pentominoes-subset", 11);
    // The derived set is the 11 shapes used, once each.
    CHECK(document.pieces.shape_count() == 11);
    const std::vector<std::string> names = piece_names(document);
    CHECK(std::set<std::string>(names.begin(), names.end()).size() == 11);
    for (const char* letter : {"F", "I", "L", "N", "P", "T", "U", "V", "W", "X", "Y", "Z"})
      if (std::find(names.begin(), names.end(), letter) == names.end()) ++left_out[letter];
  }
  int total = 0;
  for (const auto& [letter, n] : left_out) total += n;
  CHECK(total == 580);
  for (std::size_t i = 0; i < 3; ++i) {
    CAPTURE(i);
    const Run verified = verify_line(dir, board, document_text(found[i], board),
                                     "line-" + std::to_string(i) + ".json");
    CAPTURE(verified.out);
    CAPTURE(verified.err);
    CHECK(verified.status == 0);
    CHECK(verified.out.rfind("VALID", 0) == 0);
  }
  const Run verified = run_cli(dir, "verify " + board + " subset.jsonl");
  CHECK(verified.status == 0);
  CHECK(verified.out == "VALID  assemblies=580 valid=580 complete=yes\n");
}

TEST_CASE(
    "solve --use copies: a 1 x 5 bar of monominoes and dominoes, all 8 tilings, the "
    "fewest pieces and the most") {
  const TempDir dir("solve-all");
  write_sets(dir);
  write_figure(dir.file("bar.png"), {"#####"});
  const std::string solve = "solve bar.png --pieces md.json --use copies --figure-area 5";
  // Tilings of a 1 x n bar by monominoes and dominoes: F(n + 1), 8 for n = 5; with k dominoes
  // C(5 - k, k) of them: 1 of 5 pieces, 4 of 4, 3 of 3.
  const Run all = run_cli(dir, solve + " --all --json all.jsonl");
  CAPTURE(all.err);
  CHECK(all.status == 0);
  CHECK(summary_line(all.out) ==
        "8 assemblies of bar.png (all of them: the search was exhaustive)");
  std::set<std::string> distinct;
  for (const std::string& line : solutions_file(dir.file("all.jsonl")).assemblies)
    distinct.insert(pieces_of(line));
  CHECK(distinct.size() == 8);
  const std::vector<tangram::SolutionDocument> tilings = assemblies_of(dir.file("all.jsonl"));
  REQUIRE(tilings.size() == 8);
  std::map<std::size_t, int> by_pieces;
  for (const tangram::SolutionDocument& document : tilings) {
    CHECK(document.pieces.name() == "md-copies");
    ++by_pieces[document.solution.pieces.size()];
  }
  CHECK(run_cli(dir, "verify bar.png all.jsonl").out ==
        "VALID  assemblies=8 valid=8 complete=yes\n");
  CHECK(by_pieces == std::map<std::size_t, int>{{3, 3}, {4, 4}, {5, 1}});

  // The fewest: two dominoes and a monomino, in a set of those named md-copies.
  const Run fewer = run_cli(dir, solve + " --json fewer.json");
  CAPTURE(fewer.err);
  CHECK(fewer.status == 0);
  CHECK(summary_line(fewer.out) ==
        "bar.png: solved with 3 pieces (copies; the fewest pieces of 8 "
        "assemblies, all of them: the search was exhaustive)");
  const tangram::SolutionDocument few =
      check_document(read_all(dir.file("fewer.json")), "md-copies", 3);
  CHECK(piece_names(few) == std::vector<std::string>{"D", "D", "M"});
  const Run fewer_verified = run_cli(dir, "verify bar.png fewer.json");
  CAPTURE(fewer_verified.out);
  CHECK(fewer_verified.status == 0);
  CHECK(fewer_verified.out.rfind("VALID", 0) == 0);

  // The most: five monominoes; the derived set has the monomino alone, five times.
  const Run more = run_cli(dir, solve + " --prefer more --json more.json");
  CHECK(more.status == 0);
  CHECK(summary_line(more.out) ==
        "bar.png: solved with 5 pieces (copies; the most pieces of 8 "
        "assemblies, all of them: the search was exhaustive)");
  const tangram::SolutionDocument most =
      check_document(read_all(dir.file("more.json")), "md-copies", 5);
  CHECK(piece_names(most) == std::vector<std::string>(5, "M"));
  CHECK(most.pieces.shape_count() == 1);
  const Run more_verified = run_cli(dir, "verify bar.png more.json");
  CHECK(more_verified.status == 0);
  CHECK(more_verified.out.rfind("VALID", 0) == 0);

  // With copies too --unique stops at the second.
  CHECK(run_cli(dir, solve + " --unique").status == 4);

  // No tiling of the T tetromino by dominoes (see the chessboard argument above): exit 1, and
  // the JSON says "solved": false, as solve's does.
  write_figure(dir.file("tee.png"), {"###", ".#."});
  const Run none = run_cli(dir,
                           "solve tee.png --pieces domino.json --use copies --figure-area 4 "
                           "--json none.json");
  CAPTURE(none.err);
  CHECK(none.status == 1);
  CHECK(summary_line(none.out) == "tee.png: no assembly with pieces used as copies");
  CHECK(none.err.empty());
  const tangram::SolutionDocument unsolved =
      tangram::solution_document_from_json(read_all(dir.file("none.json")));
  CHECK_FALSE(unsolved.solution.solved);
  CHECK(unsolved.solution.pieces.empty());
  CHECK(unsolved.piece_set == "domino");
}

TEST_CASE(
    "solve --all: the time limit ends the count with 'at least', exit 5, the lines found "
    "kept") {
  const TempDir dir("solve-all");
  // 6 x 10 has 9356 assemblies, two to four seconds' work on one thread: 0.05 s finds some
  // (135 of them), 40 times too short for all, and a machine too slow to find any answers no.
  const std::string board = kCounts + "6x10.png";
  const Run run = run_cli(dir, "solve " + board +
                                   " --pieces pentominoes --all --threads 1 "
                                   "--time-limit 0.05 --json found.jsonl");
  CAPTURE(run.out);
  CAPTURE(run.err);
  const long count = leading_count(run.out);
  REQUIRE(count >= 0);
  CHECK(count < 9356);
  CHECK(contains(summary_line(run.out), "(at least: the time limit ended the search)"));
  // None found (a very slow machine) is a plain no; some found, an incomplete count.
  CHECK(run.status == (count == 0 ? 1 : 5));
  const SolutionsFile file = solutions_file(dir.file("found.jsonl"));
  CHECK(static_cast<long>(file.assemblies.size()) == count);
  CHECK(file.summary.at("complete") == false);
  CHECK(file.summary.at("reason") == "time-limit");
  CHECK(file.summary.at("settings").at("time_limit_s") == 0.05);
}

TEST_CASE(
    "solve --all: Ctrl-C stops the count with 'at least: interrupted', exit 5, the lines "
    "found kept") {
  const TempDir dir("solve-all");
  const std::string board = kCounts + "6x10.png";
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    if (::chdir(dir.path().c_str()) != 0) ::_exit(120);
    if (!std::freopen("/dev/null", "r", stdin) || !std::freopen("cli.out", "w", stdout) ||
        !std::freopen("cli.err", "w", stderr))
      ::_exit(121);
    ::execl(TANGRAM_CLI_PATH, TANGRAM_CLI_PATH, "solve", board.c_str(), "--pieces", "pentominoes",
            "--all", "--threads", "1", "--time-limit", "120", "--json", "found.jsonl",
            static_cast<char*>(nullptr));
    ::_exit(122);
  }
  // The JSON lines' temporary file holds a second line (each is flushed; the first is the
  // header) once the count has found an assembly: then Ctrl-C, whatever the machine's speed
  // (30 s: a bound against a hang).
  const auto started = std::chrono::steady_clock::now();
  const auto waited = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  };
  const auto temporary = [&] {
    for (const std::string& name : dir.entries())
      if (name.rfind(".found.jsonl.tmp-", 0) == 0) return true;
    return false;
  };
  const auto found_one = [&] {
    for (const std::string& name : dir.entries())
      if (name.rfind(".found.jsonl.tmp-", 0) == 0) {
        const std::string text = read_all(dir.file(name));
        if (std::count(text.begin(), text.end(), '\n') >= 2) return true;
      }
    return false;
  };
  while (!found_one() && waited() < 30.0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  ::kill(child, SIGINT);
  int raw = 0;
  while (::waitpid(child, &raw, WNOHANG) == 0 && waited() < 60.0)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  if (waited() >= 60.0) {
    ::kill(child, SIGKILL);
    ::waitpid(child, &raw, 0);
  }
  const std::string out = read_all(dir.file("cli.out"));
  CAPTURE(out);
  CAPTURE(read_all(dir.file("cli.err")));
  REQUIRE(WIFEXITED(raw));
  CHECK(WEXITSTATUS(raw) == 5);
  const long count = leading_count(out);
  CHECK(count > 0);
  CHECK(count < 9356);
  CHECK(contains(summary_line(out), "(at least: interrupted)"));
  const SolutionsFile file = solutions_file(dir.file("found.jsonl"));
  CHECK(static_cast<long>(file.assemblies.size()) == count);
  CHECK(file.summary.at("complete") == false);
  CHECK(file.summary.at("reason") == "stopped");
  CHECK_FALSE(temporary());
}

TEST_CASE("solve --all: no time limit unless --time-limit gives one, as the summary records") {
  const TempDir dir("solve-all");
  const std::string solve = "solve " + k3x20 + " --pieces pentominoes --all";
  REQUIRE(run_cli(dir, solve + " --json none.jsonl").status == 0);
  CHECK(solutions_file(dir.file("none.jsonl")).summary.at("settings").at("time_limit_s").is_null());
  REQUIRE(run_cli(dir, solve + " --time-limit 30 --json thirty.jsonl").status == 0);
  CHECK(solutions_file(dir.file("thirty.jsonl")).summary.at("settings").at("time_limit_s") == 30);
  // The settings of the run, whole.
  CHECK(solutions_file(dir.file("thirty.jsonl")).summary.at("settings") ==
        parse_json(R"({"pieces": "pentominoes", "use": "exact", "up_to_symmetry": false,
                       "reflection": true, "max_solutions": 1000000, "time_limit_s": 30})"));
}

TEST_CASE(
    "verify: the JSON lines of solve --all, complete or not, cut short, tampered with, and "
    "in the older form") {
  const TempDir dir("solve-all");
  const std::string solve = "solve " + k3x20 + " --pieces pentominoes --all";
  REQUIRE(run_cli(dir, solve + " --json all.jsonl").status == 0);
  REQUIRE(run_cli(dir, solve + " --max-solutions 3 --json three.jsonl").status == 0);
  const std::string verify = "verify " + k3x20 + " ";
  Run run = run_cli(dir, verify + "three.jsonl");
  CAPTURE(run.err);
  CHECK(run.status == 0);
  CHECK(run.out == "VALID  assemblies=3 valid=3 complete=no (max-solutions)\n");
  run = run_cli(dir, verify + "all.jsonl --json");
  CHECK(run.status == 0);
  const Json report = parse_json(run.out);
  CHECK(report.at("status") == "VALID");
  CHECK(report.at("assemblies") == 8);
  CHECK(report.at("valid") == 8);
  CHECK(report.at("complete") == true);
  CHECK(report.at("completeness") == "exhaustive");

  // One tangram-solution/1 document a line, as solve --all wrote before tangram-solutions/1:
  // valid, and whether they are all is not said. Its assemblies are among today's.
  const std::string older = std::string(TANGRAM_SOURCE_DIR) + "/tests/data/3x20-older-form.jsonl";
  run = run_cli(dir, verify + older);
  CAPTURE(run.err);
  CHECK(run.status == 0);
  CHECK(run.out == "VALID  assemblies=3 valid=3 complete=unknown (older form)\n");
  const tangram::SolutionLines old_lines = tangram::solution_lines_from_text(read_all(older));
  CHECK(old_lines.older_form);
  CHECK_FALSE(old_lines.summary);
  std::set<std::string> today;
  for (const tangram::SolutionDocument& document : assemblies_of(dir.file("all.jsonl")))
    today.insert(document_text(document, k3x20));
  REQUIRE(old_lines.assemblies.size() == 3);
  for (const tangram::SolutionDocument& document : old_lines.assemblies)
    CHECK(today.count(document_text(document, k3x20)) == 1);

  const std::vector<std::string> all = json_lines(dir.file("all.jsonl"));
  REQUIRE(all.size() == 10);
  const auto write_lines = [&](const std::string& name, const std::vector<std::string>& chosen) {
    std::string text;
    for (const std::string& line : chosen) text += line + "\n";
    write_file(dir.file(name), text);
  };
  // Cut short before its summary: valid, completeness unknown.
  write_lines("cut.jsonl", {all[0], all[1], all[2]});
  run = run_cli(dir, verify + "cut.jsonl");
  CHECK(run.status == 0);
  CHECK(run.out == "VALID  assemblies=2 valid=2 complete=unknown (no summary)\n");
  // A summary that counts more than the file holds.
  std::vector<std::string> lines_copy = all;
  const std::size_t count_at = lines_copy.back().find("\"count\": 8");
  REQUIRE(count_at != std::string::npos);
  lines_copy.back().replace(count_at, std::string("\"count\": 8").size(), "\"count\": 9");
  write_lines("count.jsonl", lines_copy);
  run = run_cli(dir, verify + "count.jsonl");
  CHECK(run.status == 1);
  CHECK(run.out ==
        "INVALID: the summary counts 9 assemblies, the file holds 8  assemblies=8 valid=8 "
        "complete=yes\n");
  // An assembly twice.
  lines_copy = all;
  lines_copy[3] = all[2];
  lines_copy[3].replace(0, std::string("{\"index\": 1").size(), "{\"index\": 2");
  write_lines("twice.jsonl", lines_copy);
  run = run_cli(dir, verify + "twice.jsonl");
  CHECK(run.status == 1);
  CHECK(run.out.rfind("INVALID: assembly 3 repeats assembly 2  assemblies=8", 0) == 0);
  // A line missing: malformed, exit 2 naming the line.
  lines_copy = all;
  lines_copy.erase(lines_copy.begin() + 2);
  write_lines("gap.jsonl", lines_copy);
  run = run_cli(dir, verify + "gap.jsonl");
  CHECK(run.status == 2);
  CHECK(one_error_line(run.err));
  CHECK(contains(run.err, "gap.jsonl: line 3: \"index\" 2 where 1 comes next"));
}

TEST_CASE("solve --all: a progress line on a terminal, the count and its rate; none with -q") {
  const TempDir dir("solve-all");
  const std::string solve = "solve " + k3x20 + " --pieces pentominoes --all";
  const std::optional<std::string> shown = run_on_terminal(dir, solve);
  if (!tangram::test::tool_available(shown.has_value(), "a pseudo-terminal",
                                     "a kernel with /dev/ptmx"))
    return;
  CAPTURE(*shown);
  // Shown at once, and erased before the summary.
  CHECK(contains(*shown,
                 "tangram: 0 assemblies (0.0/s), 0 placements, 0.0 s; Ctrl-C stops and "
                 "keeps them"));
  CHECK(contains(*shown, "\r\033[K"));
  CHECK(summary_line(read_all(dir.file("cli.out"))) ==
        "8 assemblies of " + k3x20 + " (all of them: the search was exhaustive)");
  const std::optional<std::string> quiet = run_on_terminal(dir, solve + " -q");
  REQUIRE(quiet);
  CHECK(quiet->empty());
}

TEST_CASE(
    "solve --all, --unique, --use: sets and figures that cannot be counted exactly, and "
    "search options that do not apply, exit 2 with one line naming them") {
  const TempDir dir("solve-all");
  const std::string pentominoes = "solve " + k3x20 + " --pieces pentominoes ";
  const std::string subset = pentominoes + "--use subset --figure-area 60 ";
  const std::pair<std::string, std::string> cases[] = {
      // Not a figure that the set can be counted on exactly (the reasons are the library's:
      // all_solutions.hpp), e.g. the Tangram's pieces on a board of squares, or the pentominoes'
      // 60 cells on a figure of 55.
      {"solve " + k3x20 + " --all", "error: --all: "},
      {"solve " + kCounts + "staircase.png --pieces pentominoes --all",
       "error: --all: the figure does not lie on the unit grid of pentominoes"},
      {"solve " + kCounts + "staircase.png --pieces pentominoes --use subset --figure-area 60",
       "error: --use subset: the figure does not lie on the unit grid of pentominoes"},
      // Another search, or its steps.
      {pentominoes + "--all --search paper", "--search paper does not apply"},
      {pentominoes + "--unique --search paper", "--unique enumerates with its own exact search"},
      {pentominoes + "--all --frames frames", "--frames and --verbose do not apply"},
      {pentominoes + "--all --verbose", "--frames and --verbose do not apply"},
      {subset + "--frames frames", "--use subset has no search steps to show"},
  };
  for (const auto& [args, mention] : cases) {
    const auto& args_ = args;  // clang 14 lambdas take no bindings
    CAPTURE(args_);
    check_refusal(run_cli(dir, args), mention);
  }
  // --unique does not refuse such a figure: it cannot say none without a proof, so undecided.
  const Run unique = run_cli(dir, "solve " + k3x20 + " --unique");
  CHECK(unique.status == 5);
  CHECK(summary_line(unique.out).rfind("undecided: ", 0) == 0);
}

TEST_CASE(
    "solve --all, --unique, --use: contradicting or out-of-range counting options exit 2 "
    "with one line naming them") {
  const TempDir dir("solve-all");
  const std::string pentominoes = "solve " + k3x20 + " --pieces pentominoes ";
  const std::string subset = pentominoes + "--use subset --figure-area 60 ";
  const std::pair<std::string, std::string> cases[] = {
      // The scale and the use of the pieces.
      {pentominoes + "--all --figure-area 60",
       "--figure-area sets the scale when the pieces do "
       "not fill the figure: it needs --use subset or copies"},
      {pentominoes + "--use subset", "--use subset needs --figure-area"},
      {pentominoes + "--use copies --all", "--use copies needs --figure-area"},
      {pentominoes + "--use subset --figure-area -5", "--figure-area must be a positive number"},
      {pentominoes + "--use all --figure-area 60",
       "--use: unknown use 'all' (choose exact, subset "
       "or copies)"},
      // Choosing one assembly, and counting them.
      {pentominoes + "--all --prefer more", "--prefer chooses one assembly"},
      {pentominoes + "--unique --prefer more", "--prefer chooses one assembly"},
      {subset + "--prefer most", "--prefer: expected fewer or more, got 'most'"},
      {subset + "--up-to-symmetry", "--up-to-symmetry needs --all or --unique"},
      {pentominoes + "--max-solutions 3", "--max-solutions needs --all"},
      {pentominoes + "--all --max-solutions 0", "--max-solutions must be in 1..1000000000, got 0"},
      {pentominoes + "--all --max-solutions 1000000001",
       "--max-solutions must be in 1..1000000000, got 1000000001"},
      {pentominoes + "--all --unique", "--all excludes --unique"},
  };
  for (const auto& [args, mention] : cases) {
    const auto& args_ = args;  // clang 14 lambdas take no bindings
    CAPTURE(args_);
    check_refusal(run_cli(dir, args), mention);
  }
}

// Each of these sends `solve` to the enumeration (SolveAllOptions::active()), which refuses it.
TEST_CASE(
    "solve: --figure-area, --up-to-symmetry and --prefer without --all, --unique or "
    "--use subset|copies are refused, not ignored") {
  const TempDir dir("solve-all");
  const std::string pentominoes = "solve " + k3x20 + " --pieces pentominoes ";
  const std::pair<std::string, std::string> cases[] = {
      {pentominoes + "--figure-area 60", "--figure-area"},
      {pentominoes + "--use exact --figure-area 60", "--figure-area"},
      {pentominoes + "--up-to-symmetry", "--up-to-symmetry needs --all or --unique"},
      {pentominoes + "--prefer more", "--prefer"},
      {pentominoes + "--prefer most", "--prefer"},
  };
  for (const auto& [args, mention] : cases) {
    const auto& args_ = args;  // clang 14 lambdas take no bindings
    CAPTURE(args_);
    check_refusal(run_cli(dir, args), mention);
  }
}

TEST_CASE("solve --all: a large picture is enumerated as read, with no note about a reduced copy") {
  const TempDir dir("solve-all");
  // 3 x 20 cells of 40 px: a set side of 310 px, which plain solve reduces to half.
  write_figure(dir.file("big.png"), std::vector<std::string>(3, std::string(20, '#')));
  const Run all = run_cli(dir, "solve big.png --pieces pentominoes --all");
  CHECK(all.status == 0);
  CHECK(contains(all.out, "8 assemblies"));
  CHECK_FALSE(contains(all.err, "scale"));
  const Run once = run_cli(dir, "solve big.png --pieces pentominoes");
  CHECK(contains(once.err, "solving at 1/2 scale"));
}
