// The command line against hostile inputs and outputs: each class of case that once hung,
// exhausted memory or replaced a device now ends before a kill timer (RunBounds::seconds, far
// above what it takes), under a 2 GB address-space limit, with its exit status and exactly one
// line on stderr.

#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <opencv2/imgcodecs.hpp>

#include "checks.hpp"
#include "cli_runner.hpp"
#include "patterns.hpp"
#include "png_builder.hpp"
#include "temp_dir.hpp"

namespace {

using tangram::test::kMasks;
using tangram::test::one_error_line;

namespace fs = std::filesystem;
using tangram::test::Run;
using tangram::test::run_cli_bounded;
using tangram::test::RunBounds;
using tangram::test::TempDir;
using tangram::test::write_file;

/// The checks every case makes: status, one error line (containing `words`), not killed by the
/// kill timer (a case that hangs or reads a device to its end never returns).
void check_refused(const Run& run, int status, const std::string& words) {
  CAPTURE(run.err);
  CHECK_FALSE(run.timed_out);
  CHECK(run.status == status);
  CHECK(one_error_line(run.err));
  CHECK(run.err.find(words) != std::string::npos);
}

/// A directory holding a small solvable pattern and its ground truth.
struct HardeningInputs {
  TempDir dir{"hardening"};
  HardeningInputs() {
    fs::copy_file(kMasks + "02-page9-11.png", dir.file("p.png"));
    fs::copy_file(kMasks + "02-page9-11.truth.json", dir.file("p.json"));
  }
};

/// A 20000 x 20000 all-black PNG (about 390 kB, 400 MB decoded), made once.
const std::string& bomb() {
  static const std::string bytes = tangram::test::png_bomb(20000, 20000);
  return bytes;
}

/// mknod needs root; elsewhere the device cases use /dev/null itself, which must survive.
bool can_make_devices() { return ::geteuid() == 0; }

}  // namespace

TEST_CASE("hardening: a FIFO as an input is refused at once instead of blocking") {
  HardeningInputs in;
  REQUIRE(::mkfifo(in.dir.file("fifo.png").c_str(), 0600) == 0);
  REQUIRE(::mkfifo(in.dir.file("fifo.json").c_str(), 0600) == 0);
  check_refused(run_cli_bounded(in.dir, "solve fifo.png"), 2, "not a regular file (a FIFO)");
  check_refused(run_cli_bounded(in.dir, "verify p.png fifo.json"), 2, "(a FIFO)");
  check_refused(run_cli_bounded(in.dir, "render fifo.json -o out.png"), 2, "(a FIFO)");
}

TEST_CASE("hardening: devices and symlinks to devices as inputs are refused without reading") {
  HardeningInputs in;
  fs::create_symlink("/dev/zero", in.dir.file("zero.png"));
  check_refused(run_cli_bounded(in.dir, "solve /dev/zero"), 2, "(a character device)");
  check_refused(run_cli_bounded(in.dir, "solve zero.png"), 2, "(a character device)");
  check_refused(run_cli_bounded(in.dir, "verify p.png /dev/urandom"), 2, "(a character device)");
  check_refused(run_cli_bounded(in.dir, "verify /dev/zero p.json"), 2, "(a character device)");
}

TEST_CASE("hardening: a decompression bomb is refused from its header; the cap can be raised") {
  HardeningInputs in;
  write_file(in.dir.file("bomb.png"), bomb());
  CHECK(fs::file_size(in.dir.file("bomb.png")) < 2'000'000);
  for (const char* command :
       {"solve bomb.png", "verify bomb.png p.json", "explain bomb.png --out ex"})
    check_refused(run_cli_bounded(in.dir, command), 2,
                  "20000 x 20000 px is over the limit of 50000000 pixels (raise it with "
                  "--max-pixels)");
  // The limit is the option's (the pattern is 291 x 291 px).
  check_refused(run_cli_bounded(in.dir, "verify p.png p.json --max-pixels 1000"), 2,
                "over the limit of 1000 pixels (raise it with --max-pixels)");
  const Run raised = run_cli_bounded(in.dir, "verify p.png p.json --max-pixels 100000");
  CHECK(raised.status == 0);
  CHECK(raised.out.rfind("VALID", 0) == 0);
}

TEST_CASE("hardening: the report over pictures that are devices or bombs warns and goes on") {
  HardeningInputs in;
  fs::create_directory(in.dir.file("results"));
  write_file(in.dir.file("results/bomb.png"), bomb());
  write_file(in.dir.file("results/runs.csv"),
             "experiment,search,pattern,strategy,solved,valid,seconds,placements,backtracks,"
             "coverage,overlap,spill,solution,picture\n"
             "compare,ours,/dev/zero,dt,0,0,1,0,0,0,0,0,,bomb.png\n");
  const Run run = run_cli_bounded(in.dir, "report results -o page.html");
  CHECK_FALSE(run.timed_out);
  CHECK(run.status == 0);
  CHECK(run.err.find("pattern /dev/zero: not a regular file (a character device)") !=
        std::string::npos);
  CHECK(run.err.find("20000 x 20000 px is over the limit") != std::string::npos);
  CHECK(fs::file_size(in.dir.file("page.html")) < 1'000'000);
}

TEST_CASE(
    "hardening: rotation steps that imply too many configurations are refused; a fine "
    "allowed step stays within the time limit") {
  HardeningInputs in;
  check_refused(run_cli_bounded(in.dir, "solve p.png --rotation-step 1e-9"), 2,
                "more than the 15300 the solver accepts");
  check_refused(run_cli_bounded(in.dir, "solve p.png --rotation-step 0.001 --time-limit 1"), 2,
                "more than the 15300 the solver accepts");
  // 0.1 degrees (15300 configurations) at a large scale: rasterising and the first node's
  // thousands of large masks take far longer than the limit, which counts from the start and
  // stops both. (A rectangle off the Tangram's lattice: a square would be solved on the lattice
  // before any rasterising.) Stopped by the limit it ends in about 1.3 s here; the first node
  // alone ran for minutes before it heeded the limit, and the impossibility test's fit of each
  // shape for 4 s more, so a kill timer of 60 s tells them apart on any machine.
  cv::Mat1b big(1800, 1500, uchar{255});
  big(cv::Rect(200, 200, 1000, 1440)) = 0;
  REQUIRE(cv::imwrite(in.dir.file("big.png"), big));
  RunBounds bounds;
  bounds.seconds = 60.0;
  const Run run = run_cli_bounded(
      in.dir, "solve big.png --work-size 0 --rotation-step 0.1 --time-limit 1 --threads 1", bounds);
  CHECK_FALSE(run.timed_out);
  CHECK(run.status == 1);
  CHECK(run.out.find("not solved (time limit of 1 s reached") != std::string::npos);
}

TEST_CASE("hardening: verify refuses oversized and absurd solutions as malformed") {
  HardeningInputs in;
  // Over the document cap (16 MB): refused before parsing.
  write_file(in.dir.file("huge.json"), std::string(17'000'000, ' '));
  check_refused(run_cli_bounded(in.dir, "verify p.png huge.json"), 2,
                "over the limit of 16 MB (raise it with --max-document-mb)");
  // 100000 pieces, each a small triangle: more than the set has.
  std::string many = "{\"format\": \"tangram-solution/1\", \"solved\": true, \"pieces\": [";
  for (int i = 0; i < 100000; ++i)
    many += std::string(i ? "," : "") +
            "{\"name\": \"small-triangle\", \"polygon\": [[0,0],[1,0],[0,1]]}";
  write_file(in.dir.file("many.json"), many + "]}");
  check_refused(run_cli_bounded(in.dir, "verify p.png many.json"), 2,
                "100000 pieces, more than the 7 of the set");
  // A polygon with 10^5 vertices for a triangle.
  std::string dense =
      "{\"format\": \"tangram-solution/1\", \"solved\": true, \"pieces\": "
      "[{\"name\": \"small-triangle\", \"polygon\": [";
  for (int i = 0; i < 100000; ++i)
    dense += std::string(i ? "," : "") + "[" + std::to_string(i) + ",0]";
  write_file(in.dir.file("dense.json"), dense + "]}]}");
  check_refused(run_cli_bounded(in.dir, "verify p.png dense.json"), 2,
                "polygon has 100000 vertices, more than 4 times the 3 corners");
  // Malformed JSON is an input error (2), not a "no" (1).
  write_file(in.dir.file("bad.json"), "{\"format\": ");
  check_refused(run_cli_bounded(in.dir, "verify p.png bad.json"), 2, "malformed JSON");
}

TEST_CASE("hardening: render refuses absurd angles and sizes as bad input") {
  HardeningInputs in;
  fs::copy_file(kMasks + "src/01-square.arrangement.json", in.dir.file("a.json"));
  std::string text = tangram::test::read_all(in.dir.file("a.json"));
  text.insert(text.rfind('}'), ", \"rotate_deg\": 1e308");
  write_file(in.dir.file("turned.json"), text);
  check_refused(run_cli_bounded(in.dir, "render turned.json -o t.png"), 2,
                "\"rotate_deg\" is out of range");
  check_refused(run_cli_bounded(in.dir, "render a.json -o t.png --side 1e9"), 2,
                "over 20000 on a side");
  CHECK_FALSE(fs::exists(in.dir.file("t.png")));
}

TEST_CASE("hardening: an output that is a device is never replaced, nor through a symlink") {
  HardeningInputs in;
  std::string device = "/dev/null";
  if (can_make_devices()) {
    device = in.dir.file("null-device");
    REQUIRE(::mknod(device.c_str(), S_IFCHR | 0666, ::makedev(1, 3)) == 0);
  } else {
    MESSAGE("not root: mknod is not possible, the case uses /dev/null itself");
  }
  fs::create_symlink(device, in.dir.file("link.json"));
  for (const std::string& args :
       {"solve p.png --json " + device, "solve p.png --image " + device,
        std::string("solve p.png --json link.json"),
        "render " + kMasks + "src/01-square.arrangement.json -o x.png --truth " + device}) {
    CAPTURE(args);
    check_refused(run_cli_bounded(in.dir, args), 2,
                  "not a regular file (a character device), which is never replaced");
    struct stat info {};
    REQUIRE(::stat(device.c_str(), &info) == 0);
    CHECK(S_ISCHR(info.st_mode));
  }
  CHECK(fs::is_symlink(in.dir.file("link.json")));
}

TEST_CASE("hardening: a symlink output replaces its target and stays a link; - is stdout") {
  HardeningInputs in;
  write_file(in.dir.file("old.json"), "old");
  fs::create_symlink("old.json", in.dir.file("out.json"));
  const Run run = run_cli_bounded(in.dir, "solve p.png --rotation-step 45 --json out.json");
  CHECK(run.status == 0);
  CHECK(fs::is_symlink(in.dir.file("out.json")));
  CHECK(tangram::test::read_all(in.dir.file("old.json")).find("tangram-solution/1") !=
        std::string::npos);
  // --json -: the document on stdout, the summary on stderr.
  const Run piped = run_cli_bounded(in.dir, "solve p.png --rotation-step 45 --json -");
  CHECK(piped.status == 0);
  CHECK(piped.out.rfind("{\"format\": \"tangram-solution/1\"", 0) == 0);
  CHECK(piped.err.find("p.png: solved") != std::string::npos);
  // - as the pattern: standard input.
  RunBounds from_stdin;
  from_stdin.stdin_path = in.dir.file("p.png");
  const Run read = run_cli_bounded(in.dir, "verify - p.json", from_stdin);
  CHECK(read.status == 0);
  CHECK(read.out.rfind("VALID", 0) == 0);
}

TEST_CASE("hardening: a failed write to stdout is reported with exit 2") {
  HardeningInputs in;
  RunBounds full;
  full.stdout_path = "/dev/full";
  check_refused(run_cli_bounded(in.dir, "verify p.png p.json", full), 2,
                "cannot write standard output");
  check_refused(run_cli_bounded(in.dir, "solve p.png --rotation-step 45 --quiet --json -", full), 2,
                "cannot write standard output");
}

TEST_CASE("hardening: libpng says nothing of its own; a broken PNG gives one line") {
  HardeningInputs in;
  const std::string good = tangram::test::read_all(in.dir.file("p.png"));
  // An ancillary colour profile that libpng would warn about, before IDAT.
  const std::size_t after_ihdr = 8 + 12 + 13;
  const std::string profile = tangram::test::png_chunk("iCCP", std::string("x\0\0junk", 7));
  write_file(in.dir.file("profile.png"),
             good.substr(0, after_ihdr) + profile + good.substr(after_ihdr));
  const Run quiet = run_cli_bounded(in.dir, "verify profile.png p.json");
  CHECK(quiet.status == 0);
  CHECK(quiet.err.empty());
  write_file(in.dir.file("cut.png"), good.substr(0, good.size() / 2));
  check_refused(run_cli_bounded(in.dir, "solve cut.png"), 2, "the PNG data cannot be decoded");
  check_refused(run_cli_bounded(in.dir, "verify cut.png p.json"), 2,
                "the PNG data cannot be decoded");
}

TEST_CASE(
    "hardening: bombs in other formats are refused from their headers; broken JPEG, TIFF "
    "and BMP files give one line and nothing of the decoders") {
  HardeningInputs in;
  // Headers of 20000 x 20000 pictures with no data behind them.
  write_file(in.dir.file("bomb.jpg"), std::string("\xFF\xD8\xFF\xC0\x00\x0B\x08\x4E\x20\x4E\x20"
                                                  "\x01\x01\x11\x00",
                                                  15));
  write_file(in.dir.file("bomb.pgm"), "P5\n20000 20000\n255\n");
  write_file(in.dir.file("bomb.tif"), std::string("II*\0\x08\0\0\0\x02\0"
                                                  "\x00\x01\x04\0\x01\0\0\0\x20\x4E\0\0"
                                                  "\x01\x01\x04\0\x01\0\0\0\x20\x4E\0\0",
                                                  34));
  for (const char* name : {"bomb.jpg", "bomb.pgm", "bomb.tif"})
    check_refused(run_cli_bounded(in.dir, std::string("solve ") + name), 2,
                  "20000 x 20000 px is over the limit of 50000000 pixels (raise it with "
                  "--max-pixels)");
  const cv::Mat1b picture = cv::imread(in.dir.file("p.png"), cv::IMREAD_GRAYSCALE);
  for (const char* extension : {".jpg", ".tif", ".bmp"}) {
    std::vector<uchar> bytes;
    REQUIRE(cv::imencode(extension, picture, bytes));
    const std::string name = std::string("cut") + extension;
    write_file(in.dir.file(name), std::string(bytes.begin(), bytes.begin() + bytes.size() / 2));
    CAPTURE(name);
    check_refused(run_cli_bounded(in.dir, "verify " + name + " p.json"), 2,
                  "data cannot be decoded");
  }
}
