// The command line's error handling: every unusable input or option ends with exit status 2
// and exactly one line on stderr. No test here runs a real solve (see the end-to-end tests).
// Each case starts the program; finer distinctions between messages are tested on the library
// in test_io.cpp.

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <sys/wait.h>

#include <opencv2/imgcodecs.hpp>

#include "checks.hpp"
#include "cli_runner.hpp"
#include "temp_dir.hpp"

namespace {

using tangram::test::one_error_line;

using tangram::test::read_all;
using tangram::test::Run;
using tangram::test::run_cli;

/// A directory with the inputs the tests need: ok.png (a 40 x 40 black square on white),
/// white.png, tiny.png (5 x 5 black), notes.png (text) and folder/.
struct Inputs {
  tangram::test::TempDir dir{"cli"};
  Inputs() {
    cv::Mat1b ok(60, 60, uchar{255});
    ok(cv::Rect(10, 10, 40, 40)) = 0;
    REQUIRE(cv::imwrite(dir.file("ok.png"), ok));
    REQUIRE(cv::imwrite(dir.file("white.png"), cv::Mat1b(60, 60, uchar{255})));
    REQUIRE(cv::imwrite(dir.file("tiny.png"), cv::Mat1b(5, 5, uchar{0})));
    tangram::test::write_file(dir.file("notes.png"), "Tangram notes\n");
    std::filesystem::create_directory(dir.file("folder"));
  }
};

/// The most code points on one line of `text`.
std::size_t widest_line(const std::string& text) {
  std::size_t widest = 0, line = 0;
  for (const char c : text) {
    if (c == '\n') {
      line = 0;
    } else if ((static_cast<unsigned char>(c) & 0xC0U) != 0x80U) {
      widest = std::max(widest, ++line);
    }
  }
  return widest;
}

}  // namespace

TEST_CASE("tangram --help, solve --help and --version exit 0 and print on stdout") {
  Inputs in;
  const Run help = run_cli(in.dir, "--help");
  CHECK(help.status == 0);
  CHECK(help.err.empty());
  CHECK(help.out.find("solve") != std::string::npos);
  CHECK(help.out.find("Exit status") != std::string::npos);
  const Run solve_help = run_cli(in.dir, "solve --help");
  CHECK(solve_help.status == 0);
  for (const char* option : {"--strategy", "--search", "--rotation-step", "--no-reflection",
                             "--candidates", "--inset", "--no-polish", "--time-limit", "--threads",
                             "--json", "--image", "--quiet", "Exit status"}) {
    CAPTURE(option);
    CHECK(solve_help.out.find(option) != std::string::npos);
  }
  const Run version = run_cli(in.dir, "--version");
  CHECK(version.status == 0);
  CHECK(version.out.rfind("tangram ", 0) == 0);
  // Each subcommand, declared alone when named first, has its help (main's table of names
  // agrees with the names the subcommands declare).
  for (const char* name : {"solve", "verify", "compare", "render", "experiment", "report",
                           "explain", "pieces", "dissect", "generate", "serve"}) {
    CAPTURE(name);
    CHECK(help.out.find(std::string("  ") + name) != std::string::npos);
    const Run sub = run_cli(in.dir, std::string(name) + " --help");
    CHECK(sub.status == 0);
    CHECK(sub.out.find(std::string("tangram ") + name) != std::string::npos);
    CHECK(widest_line(sub.out) <= 100);
  }
  // The texts are wrapped: no line of a help is wider than 100 columns.
  CHECK(widest_line(help.out) <= 100);
}

TEST_CASE("tangram solve: unusable patterns exit 2 with one error line") {
  Inputs in;
  const std::pair<const char*, const char*> cases[] = {
      {"missing.png", "no such file"},
      {"folder", "is a directory"},
      {"notes.png", "not an image: starts with 54 61 6E 67 72 61 6D 20 ('Tangram ')"},
      {"white.png", "no puzzle pixels"},
      {"tiny.png", "1024"},
  };
  for (const auto& [name, reason] : cases) {
    const auto& name_ = name;  // clang 14 lambdas take no bindings
    CAPTURE(name_);
    const Run run = run_cli(in.dir, std::string("solve ") + name);
    CHECK(run.status == 2);
    CHECK(one_error_line(run.err));
    CHECK(run.err.find(reason) != std::string::npos);
    CHECK(run.out.empty());
  }
}

TEST_CASE("tangram: bad options and usage exit 2 with one error line naming the problem") {
  Inputs in;
  const std::pair<const char*, const char*> cases[] = {
      {"solve ok.png --rotation-step 0", "--rotation-step"},
      {"solve ok.png --rotation-step abc", "--rotation-step"},
      {"solve ok.png --time-limit -1", "--time-limit"},
      {"solve ok.png --threads -3", "--threads"},
      {"solve ok.png --strategy foo", "--strategy"},
      // Near misses get a suggestion.
      {"solve ok.png --timelimit 5", "(did you mean --time-limit?)"},
      {"solve ok.png --time-limt=5", "(did you mean --time-limit?)"},
      {"slove ok.png", "(did you mean 'tangram solve'?)"},
      {"compare ok.png --strategys bl", "(did you mean --strategies?)"},
      {"verify ok.png s.json --asreferee", "not expected"},
      // A subcommand's own subcommands: the suggestion, and the help named, go as deep.
      {"generate convx", "no subcommand 'convx' (did you mean 'tangram generate convex'?)"},
      {"generate convex --timelimit 4", "(see 'tangram generate convex --help')"},
      {"generate puzzles --seeed 3",
       "(did you mean --seed?) (see 'tangram generate puzzles --help')"},
  };
  for (const auto& [args, mention] : cases) {
    const auto& args_ = args;  // clang 14 lambdas take no bindings
    CAPTURE(args_);
    const Run run = run_cli(in.dir, args);
    CHECK(run.status == 2);
    CHECK(one_error_line(run.err));
    CHECK(run.err.find(mention) != std::string::npos);
  }
}

TEST_CASE("tangram: bare prints the help; a mistyped subcommand is named before its suggestion") {
  Inputs in;
  const Run bare = run_cli(in.dir, "");
  CHECK(bare.status == 0);
  CHECK(bare.err.empty());
  CHECK(bare.out.find("Subcommands:") != std::string::npos);
  CHECK(bare.out.find("solve") != std::string::npos);
  const Run typo = run_cli(in.dir, "slove ok.png");
  CHECK(typo.status == 2);
  CHECK(one_error_line(typo.err));
  CHECK(typo.err.find("no subcommand 'slove' (did you mean 'tangram solve'?)") !=
        std::string::npos);
  CHECK(typo.err.find("A subcommand is required") == std::string::npos);
}

TEST_CASE(
    "tangram solve: outputs onto the input pattern or into a missing directory are "
    "refused before solving") {
  Inputs in;
  const std::string before = read_all(in.dir.file("ok.png"));
  for (const char* args : {"solve ok.png --json ok.png", "solve ok.png --image ./folder/../ok.png",
                           "solve ok.png --json nowhere/x.json"}) {
    CAPTURE(args);
    const Run run = run_cli(in.dir, args);
    CHECK(run.status == 2);
    CHECK(one_error_line(run.err));
  }
  CHECK(read_all(in.dir.file("ok.png")) == before);
}

TEST_CASE(
    "tangram verify: an unusable pattern or a malformed solution exits 2; a missing "
    "solution exits 1") {
  Inputs in;
  tangram::test::write_file(in.dir.file("bad.json"), "{\"format\": ");

  const Run no_pattern = run_cli(in.dir, "verify missing.png bad.json");
  CHECK(no_pattern.status == 2);
  CHECK(one_error_line(no_pattern.err));

  const Run malformed = run_cli(in.dir, "verify ok.png bad.json");
  CHECK(malformed.status == 2);
  CHECK(malformed.out.empty());
  CHECK(one_error_line(malformed.err));
  CHECK(malformed.err.find("malformed JSON") != std::string::npos);

  const Run missing = run_cli(in.dir, "verify ok.png none.json --json");
  CHECK(missing.status == 1);
  CHECK(missing.out.find("\"status\": \"UNSOLVED\"") != std::string::npos);
}

TEST_CASE("tangram pieces lists the built-in sets; solve --pieces solves with another set") {
  Inputs in;
  const Run list = run_cli(in.dir, "pieces");
  CHECK(list.status == 0);
  CHECK(list.out.rfind("tangram:", 0) != 0);  // a heading, not a line that reads as a message
  CHECK(list.out.rfind("Built-in piece sets", 0) == 0);
  CHECK(list.out.find("pentominoes: Pentominoes") != std::string::npos);
  CHECK(list.out.find("egg-of-columbus:") != std::string::npos);
  const Run one = run_cli(in.dir, "pieces stomachion -o set.png");
  CHECK(one.status == 0);
  CHECK(one.out.find("14 pieces (12 shapes)") != std::string::npos);
  CHECK(std::filesystem::exists(in.dir.path() / "set.png"));
  // The spelling of the last release still works, with a note.
  const Run old = run_cli(in.dir, "pieces stomachion --image old.png");
  CHECK(old.status == 0);
  CHECK(std::filesystem::exists(in.dir.path() / "old.png"));
  CHECK(old.err ==
        "tangram: note: --image is deprecated and goes in the next release: use "
        "-o/--out\n");
  const Run unknown = run_cli(in.dir, "solve ok.png --pieces tangrams");
  CHECK(unknown.status == 2);
  CHECK(unknown.err.find("--pieces: no built-in piece set named 'tangrams'") != std::string::npos);
  // A bar of 5 x 1 units over a 2 x 2 square, at 30 px per unit, and a set of those two pieces.
  cv::Mat1b figure(120, 220, uchar{255});
  figure(cv::Rect(10, 10, 150, 30)) = 0;
  figure(cv::Rect(10, 40, 60, 60)) = 0;
  REQUIRE(cv::imwrite(in.dir.file("io.png"), figure));
  std::ofstream(in.dir.file("io.json"))
      << R"({"format": "tangram-pieces/1", "name": "io", "rotations": {"step_deg": 90},
            "pieces": [{"name": "I", "outline": [[0,0],[0,1],[5,1],[5,0]]},
                       {"name": "O", "outline": [[0,0],[2,0],[2,2],[0,2]]}]})";
  const Run solved = run_cli(in.dir, "solve io.png --pieces io.json --json io-solution.json");
  CAPTURE(solved.err);
  CHECK(solved.status == 0);
  CHECK(solved.out.find("io.png: solved") != std::string::npos);
  // The solution names its set and carries it: verify needs nothing else.
  const std::string written = tangram::test::read_all(in.dir.file("io-solution.json"));
  CHECK(written.find("\"set\": {\"format\": \"tangram-pieces/1\", \"name\": \"io\"") !=
        std::string::npos);
  const Run by_itself = run_cli(in.dir, "verify io.png io-solution.json");
  CAPTURE(by_itself.err);
  CHECK(by_itself.status == 0);
  CHECK(by_itself.out.rfind("VALID", 0) == 0);
  const Run verified = run_cli(in.dir, "verify io.png io-solution.json --pieces io.json");
  CAPTURE(verified.err);
  CHECK(verified.status == 0);
  CHECK(verified.out.rfind("VALID", 0) == 0);
  const Run other = run_cli(in.dir, "verify io.png io-solution.json --pieces tangram");
  CHECK(other.status == 2);
  CHECK(other.err.find("not of \"tangram\"") != std::string::npos);
  // The figure's depth is measured against the set's thickest piece (the pentominoes' P, whose
  // 2 x 2 block holds a circle of 1 unit), not the Tangram's large triangle: a 2 x 30 strip is
  // deep enough to be read (it has no assembly: the X does not fit), a 1 x 60 strip is not.
  cv::Mat1b strip(2 * 24 + 20, 30 * 24 + 20, uchar{255});
  strip(cv::Rect(10, 10, 30 * 24, 2 * 24)) = 0;
  REQUIRE(cv::imwrite(in.dir.file("strip.png"), strip));
  const Run deep_enough = run_cli(in.dir, "solve strip.png --pieces pentominoes --time-limit 2");
  CAPTURE(deep_enough.err);
  CHECK(deep_enough.status == 1);
  cv::Mat1b thin(1 * 24 + 20, 60 * 24 + 20, uchar{255});
  thin(cv::Rect(10, 10, 60 * 24, 24)) = 0;
  REQUIRE(cv::imwrite(in.dir.file("thin.png"), thin));
  const Run too_thin = run_cli(in.dir, "solve thin.png --pieces pentominoes");
  CHECK(too_thin.status == 2);
  CHECK(too_thin.err.find("but the P's inscribed circle has radius") != std::string::npos);
  // render --pieces: an arrangement of the set's pieces, drawn and given its ground truth.
  std::ofstream(in.dir.file("io-arrangement.json"))
      << R"({"format": "tangram-arrangement/1", "piece_set": "io",
            "pieces": [{"name": "I", "centre": [2.5, 0.5]}, {"name": "O", "centre": [1, 2]}]})";
  const Run unnamed = run_cli(in.dir, "render io-arrangement.json -o r.png");
  CHECK(unnamed.status == 2);
  CHECK(unnamed.err.find("which is not built in") != std::string::npos);
  const Run rendered =
      run_cli(in.dir, "render io-arrangement.json --pieces io.json --side 30 -o r.png");
  CAPTURE(rendered.err);
  REQUIRE(rendered.status == 0);
  const cv::Mat1b drawn = cv::imread(in.dir.file("r.png"), cv::IMREAD_GRAYSCALE);
  CHECK(cv::countNonZero(drawn == 0) == 150 * 30 + 60 * 60);
  const Run truth = run_cli(in.dir, "verify r.png r.truth.json --pieces io.json");
  CAPTURE(truth.out);
  CHECK(truth.status == 0);
  CHECK(truth.out.rfind("VALID", 0) == 0);
}

TEST_CASE("one vocabulary: -o/--out for single outputs, auto rotations, the same time limit") {
  Inputs in;
  // The defaults of solve and compare agree (the help texts show them).
  for (const char* command : {"solve --help", "compare --help"}) {
    CAPTURE(command);
    const Run help = run_cli(in.dir, command);
    CHECK(help.out.find("Default: auto.") != std::string::npos);
    CHECK(help.out.find("Default: 60.") != std::string::npos);
  }
  for (const char* command : {"compare --help", "explain --help", "experiment --help",
                              "report --help", "render --help", "pieces --help"}) {
    CAPTURE(command);
    CHECK(run_cli(in.dir, command).out.find("-o,--out") != std::string::npos);
  }
  const Run step = run_cli(in.dir, "solve ok.png --rotation-step fine");
  CHECK(step.status == 2);
  CHECK(step.err ==
        "tangram: error: --rotation-step: expected auto or a number of degrees, got "
        "'fine'\n");
  const Run report = run_cli(in.dir, "report folder --output page.html");
  CHECK(report.err.rfind("tangram: note: --output is deprecated and goes in the next release: "
                         "use -o/--out\n",
                         0) == 0);
  const Run no_out = run_cli(in.dir, "report folder");
  CHECK(no_out.status == 2);
  CHECK(no_out.err == "tangram: error: -o/--out HTML is required\n");
}

TEST_CASE(
    "solve: a square on the Tangram's lattice is solved exactly; --no-exact and --verbose keep to "
    "the raster search") {
  Inputs in;
  cv::Mat1b square(260, 260, uchar{255});
  square(cv::Rect(10, 10, 240, 240)) = 0;
  REQUIRE(cv::imwrite(in.dir.file("square.png"), square));
  const Run exact = run_cli(in.dir, "solve square.png --rotation-step 45");
  CHECK(exact.status == 0);
  CHECK(tangram::test::contains(exact.out, "found on the set's lattice (exact search)"));
  CHECK(tangram::test::contains(exact.out, "coverage 1.0000"));
  // The raster search alone does not finish the square in a tenth of a second.
  const Run raster =
      run_cli(in.dir, "solve square.png --rotation-step 45 --no-exact --time-limit 0.1");
  CHECK(raster.status == 1);
  CHECK_FALSE(tangram::test::contains(raster.out, "lattice"));
  // --verbose shows the raster search's steps, so it runs that one (2 s: its first steps come
  // after the piece masks, slow under AddressSanitizer).
  const Run verbose =
      run_cli(in.dir, "solve square.png --rotation-step 45 --verbose --time-limit 2");
  CHECK(tangram::test::contains(verbose.err, "step 1: place"));
  CHECK_FALSE(tangram::test::contains(verbose.out, "lattice"));
}

TEST_CASE("tangram solve: --rotation-step auto goes on to 1-degree steps for the Tangram") {
  // The house of masks/02 blurred (sigma 3): its rounded corners leave no assembly at 45-degree
  // steps, and the plan's fine step, 1 degree for the default set, solves it. Before, the
  // command line planned the loaded default set with its file's 45 degrees and stopped there.
  const tangram::test::TempDir dir("cli-fine-step");
  const Run run = run_cli(dir, "solve " + std::string(TANGRAM_SOURCE_DIR) +
                                   "/tests/data/rough-house-blur3.png --time-limit 60");
  CHECK(run.status == 0);
  CHECK(run.out.find("solved in") != std::string::npos);
  CHECK(run.out.find("1-degree steps (--rotation-step auto, stage 2)") != std::string::npos);
}
