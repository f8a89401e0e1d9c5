// The problem library of `tangram serve` (web/problem_library.hpp): IDs made from names and
// never taken from a request as a path, records beside pictures, writes only inside the
// folder, rename, delete, masks imported once, thumbnails.

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "cli_runner.hpp"
#include "tangram/core/base/error.hpp"
#include "tangram/io/png.hpp"
#include "tangram/web/assets.hpp"
#include "tangram/web/problem_library.hpp"
#include "temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using tangram::web::NewProblem;
using tangram::web::Problem;
using tangram::web::ProblemLibrary;

std::string masks_png(const std::string& name) {
  return tangram::test::read_all(fs::path(TANGRAM_SOURCE_DIR) / "masks" / name);
}

NewProblem square(const std::string& name) {
  NewProblem p;
  p.name = name;
  p.png = masks_png("01-square.png");
  return p;
}

using tangram::test::files_under;

}  // namespace

TEST_CASE("problem IDs: lower-case letters, digits and single dashes, at most 48 characters") {
  using tangram::web::problem_id_from_name;
  CHECK(problem_id_from_name("Square 01!") == "square-01");
  CHECK(problem_id_from_name("../../etc/passwd") == "etc-passwd");
  CHECK(problem_id_from_name("..") == "problem");
  CHECK(problem_id_from_name("") == "problem");
  CHECK(problem_id_from_name("Été à Paris") == "t-paris");
  CHECK(problem_id_from_name("--a--b--") == "a-b");
  const std::string long_id = problem_id_from_name(std::string(100, 'x') + " y");
  CHECK(long_id == std::string(48, 'x'));
  CHECK(problem_id_from_name(std::string(47, 'x') + " yz").size() <= 48);
  CHECK(problem_id_from_name(std::string(47, 'x') + " yz").back() != '-');
}

TEST_CASE("problem IDs from a request are looked up only when they could be ours") {
  using tangram::web::valid_problem_id;
  CHECK(valid_problem_id("square-01"));
  CHECK(valid_problem_id("a"));
  CHECK_FALSE(valid_problem_id(""));
  CHECK_FALSE(valid_problem_id(".."));
  CHECK_FALSE(valid_problem_id("../x"));
  CHECK_FALSE(valid_problem_id("a/b"));
  CHECK_FALSE(valid_problem_id("-a"));
  CHECK_FALSE(valid_problem_id("A"));
  CHECK_FALSE(valid_problem_id("a.json"));
  CHECK_FALSE(valid_problem_id(std::string(49, 'a')));
  CHECK(valid_problem_id(std::string(48, 'a')));
}

TEST_CASE("problem library: a problem is its picture and its record, both inside the folder") {
  tangram::test::TempDir dir("library");
  const fs::path folder = dir.path() / "nested" / "library";
  ProblemLibrary library(folder);  // created with its parents
  CHECK(fs::is_directory(folder));

  const Problem first = library.add(square("../../Square one"));
  CHECK(first.id == "square-one");
  CHECK(first.name == "../../Square one");
  CHECK(first.set == "tangram");
  CHECK(first.source == "editor");
  CHECK(first.width > 0);
  CHECK(first.height > 0);
  CHECK(first.created.size() == 24);  // 2026-11-25T04:30:00.123Z
  CHECK(first.created.back() == 'Z');
  CHECK(first.design == "null");
  // The same name again: a new ID, never the old files.
  const Problem second = library.add(square("../../Square one"));
  CHECK(second.id == "square-one-2");
  CHECK(library.add(square("square one")).id == "square-one-3");

  // Only our files, nothing beside the folder, no temporary file left.
  CHECK(files_under(dir.path()) ==
        std::vector<std::string>{
            "nested", "nested/library", "nested/library/square-one-2.json",
            "nested/library/square-one-2.png", "nested/library/square-one-3.json",
            "nested/library/square-one-3.png", "nested/library/square-one.json",
            "nested/library/square-one.png"});
  CHECK(tangram::test::read_all(folder / "square-one.png") == masks_png("01-square.png"));
  CHECK(library.image("square-one") == masks_png("01-square.png"));

  // Newest first; the same record read back.
  const std::vector<Problem> all = library.list();
  REQUIRE(all.size() == 3);
  CHECK(all.front().created >= all.back().created);
  const auto found = library.find("square-one");
  REQUIRE(found);
  CHECK(found->name == first.name);
  CHECK(found->created == first.created);
  CHECK(found->width == first.width);

  // Paths from a request are never followed.
  CHECK_FALSE(library.find("../nested/library/square-one"));
  CHECK_FALSE(library.image("../library/square-one"));
  CHECK_FALSE(library.remove("square-one.json"));
  CHECK_FALSE(library.rename("..", "x"));

  // Rename keeps the ID; delete removes both files.
  const auto renamed = library.rename("square-one", "A better name");
  REQUIRE(renamed);
  CHECK(renamed->id == "square-one");
  CHECK(library.find("square-one")->name == "A better name");
  CHECK(library.remove("square-one-2"));
  CHECK_FALSE(library.remove("square-one-2"));
  CHECK_FALSE(fs::exists(folder / "square-one-2.png"));
  CHECK_FALSE(fs::exists(folder / "square-one-2.json"));
  CHECK(library.list().size() == 2);
}

TEST_CASE("problem library: the design is kept, bad names and sources are refused") {
  tangram::test::TempDir dir("library");
  ProblemLibrary library(dir.path());
  NewProblem p = square("with design");
  p.design = R"({"pieces": [{"name": "square", "x": 1.5}]})";
  const Problem added = library.add(p);
  CHECK(added.design == R"({"pieces":[{"name":"square","x":1.5}]})");
  CHECK(library.find(added.id)->design == added.design);

  CHECK_THROWS_AS(library.add(square("")), tangram::UsageError);
  CHECK_THROWS_AS(library.add(square(std::string(201, 'n'))), tangram::UsageError);
  CHECK_THROWS_AS(library.add(square("line\nbreak")), tangram::UsageError);
  NewProblem bad_source = square("s");
  bad_source.source = "../x";
  CHECK_THROWS_AS(library.add(bad_source), tangram::UsageError);
  NewProblem bad_set = square("s");
  bad_set.set = "../tangram";
  CHECK_THROWS_WITH_AS(library.add(bad_set),
                       doctest::Contains("--pieces: no built-in piece set named '../tangram'"),
                       tangram::InputError);
  CHECK(library.list().size() == 1);
}

TEST_CASE("problem library: a picture the command line refuses is refused with its line") {
  tangram::test::TempDir dir("library");
  ProblemLibrary library(dir.path());
  NewProblem white = square("white.png");
  const std::vector<unsigned char> bytes = tangram::encode_png(cv::Mat1b(60, 60, uchar{255}));
  white.png.assign(bytes.begin(), bytes.end());
  std::string message;
  try {
    library.add(white);
  } catch (const tangram::InputError& e) {
    message = e.what();
  }
  // What `tangram solve white.png` says (run in the same folder, so the names agree).
  tangram::test::write_file(dir.file("white.png"), white.png);
  const tangram::test::Run cli = tangram::test::run_cli(dir, "solve white.png");
  CHECK(cli.status == 2);
  CHECK(!message.empty());
  CHECK(cli.err == "tangram: error: " + message + "\n");

  NewProblem junk = square("notes.png");
  junk.png = "Tangram notes\n";
  CHECK_THROWS_AS(library.add(junk), tangram::InputError);
  fs::remove(dir.file("white.png"));
  fs::remove(dir.file("cli.out"));
  fs::remove(dir.file("cli.err"));
  CHECK(dir.entries().empty());
}

TEST_CASE(
    "problem library: the reading's notes and warnings are kept in the command line's words") {
  tangram::test::TempDir dir("library");
  ProblemLibrary library(dir.path());
  // A light square on black: inverted (a note); a speck beside it (a warning).
  cv::Mat1b picture(120, 120, uchar{0});
  picture(cv::Rect(20, 20, 80, 80)) = 255;
  picture(cv::Rect(110, 110, 2, 2)) = 255;
  NewProblem p;
  p.name = "light";
  const std::vector<unsigned char> bytes = tangram::encode_png(picture);
  p.png.assign(bytes.begin(), bytes.end());
  p.source = "upload";
  const Problem added = library.add(p);
  REQUIRE_FALSE(added.notes.empty());
  CHECK(added.notes.front().find("--invert") != std::string::npos);
  CHECK(library.find(added.id)->notes == added.notes);
  CHECK(library.find(added.id)->warnings == added.warnings);
}

TEST_CASE("problem library: the built-in masks are imported once") {
  tangram::test::TempDir dir("library");
  ProblemLibrary library(dir.path());
  const auto masks = tangram::web::builtin_masks();
  REQUIRE(masks.size() >= 25);
  CHECK(masks.front().first == "01-square");
  CHECK(std::string(masks.front().second) == masks_png("01-square.png"));
  const auto first = library.import_masks(masks);
  CHECK(first.imported == static_cast<int>(masks.size()));
  CHECK(first.skipped == 0);
  const auto again = library.import_masks(masks);
  CHECK(again.imported == 0);
  CHECK(again.skipped == static_cast<int>(masks.size()));
  const std::vector<Problem> all = library.list();
  CHECK(all.size() == masks.size());
  CHECK(std::all_of(all.begin(), all.end(),
                    [](const Problem& p) { return p.source == "masks" && p.set == "tangram"; }));
}

TEST_CASE("thumbnails are at most 160 px on the longer side, never enlarged") {
  const std::vector<unsigned char> wide = tangram::encode_png(cv::Mat1b(100, 400, uchar{0}));
  const std::string small_png = tangram::web::thumbnail_png(std::string(wide.begin(), wide.end()));
  const cv::Mat small = cv::imdecode(std::vector<unsigned char>(small_png.begin(), small_png.end()),
                                     cv::IMREAD_UNCHANGED);
  CHECK(small.cols == 160);
  CHECK(small.rows == 40);
  const std::vector<unsigned char> tiny = tangram::encode_png(cv::Mat3b(30, 20));
  const std::string same_png = tangram::web::thumbnail_png(std::string(tiny.begin(), tiny.end()));
  const cv::Mat same = cv::imdecode(std::vector<unsigned char>(same_png.begin(), same_png.end()),
                                    cv::IMREAD_UNCHANGED);
  CHECK(same.cols == 20);
  CHECK(same.rows == 30);
  CHECK_THROWS_AS(tangram::web::thumbnail_png("not a picture"), tangram::InputError);
}

TEST_CASE("problem library: a damaged problem is refused on opening, the folder left as it was") {
  using tangram::DamagedStoreError;
  using tangram::web::OnDamage;
  tangram::test::TempDir dir("library-damage");
  const fs::path folder = dir.path() / "library";
  {
    ProblemLibrary library(folder);
    for (const char* name : {"one", "two", "three", "four", "five", "six"})
      library.add(square(name));
  }
  CHECK(tangram::test::read_all(folder / "one.json").find("\"format\": \"tangram-problem/1\"") !=
        std::string::npos);
  CHECK(tangram::web::library_damage(folder).empty());
  // A record from before the format was written is read as this format.
  std::string legacy = tangram::test::read_all(folder / "six.json");
  legacy.erase(legacy.find(" \"format\""),
               std::string(" \"format\": \"tangram-problem/1\",\n").size());
  tangram::test::write_file((folder / "six.json").string(), legacy);
  CHECK(tangram::web::library_damage(folder).empty());

  const std::string record = tangram::test::read_all(folder / "one.json");
  tangram::test::write_file((folder / "one.json").string(), record.substr(0, record.size() / 2));
  tangram::test::write_file((folder / "two.json").string(), std::string("\x89\x01garbage\xff", 11));
  std::string future = tangram::test::read_all(folder / "three.json");
  future.replace(future.find("tangram-problem/1"), 17, "tangram-problem/9");
  tangram::test::write_file((folder / "three.json").string(), future);
  fs::remove(folder / "four.png");
  tangram::test::write_file((folder / "five.png").string(), "\x89PNG\r\n\x1a\n cut short");
  const std::vector<tangram::Damage> damage = tangram::web::library_damage(folder);
  REQUIRE(damage.size() == 5);  // by record name: five, four, one, three, two
  CHECK(damage[0].file == folder / "five.png");
  CHECK(damage[0].what.rfind("does not decode", 0) == 0);
  CHECK(damage[1].file == folder / "four.png");
  CHECK(damage[1].what == "missing (the problem's picture)");
  CHECK(damage[2].file == folder / "one.json");
  CHECK(damage[3].file == folder / "three.json");
  CHECK(damage[3].what.find("format \"tangram-problem/9\", not \"tangram-problem/1\"") == 0);
  CHECK(damage[4].file == folder / "two.json");

  const std::vector<std::string> before = files_under(dir.path());
  std::string message;
  try {
    ProblemLibrary refused(folder);
  } catch (const DamagedStoreError& e) {
    message = e.what();
  }
  CHECK(message.rfind((folder / "five.png").string() + ": does not decode", 0) == 0);
  CHECK(message.find("(and 4 more damaged files); nothing was changed: run with --repair to move "
                     "the damaged problems aside into " +
                     (folder / "damaged-YYYYmmdd-HHMMSS").string() + "/ and serve the rest") !=
        std::string::npos);
  CHECK(files_under(dir.path()) == before);
  CHECK(tangram::test::read_all(folder / "one.json") == record.substr(0, record.size() / 2));

  // --repair: each damaged problem's files moved aside whole, the sound ones served.
  ProblemLibrary repaired(folder, OnDamage::MoveAside);
  CHECK(repaired.moved_aside().size() == 5);
  const fs::path aside = repaired.damaged_folder();
  CHECK(aside.parent_path() == folder);
  CHECK(aside.filename().string().rfind("damaged-", 0) == 0);
  CHECK(fs::exists(aside / "one.json"));
  CHECK(fs::exists(aside / "one.png"));
  CHECK(fs::exists(aside / "four.json"));
  CHECK_FALSE(fs::exists(aside / "four.png"));  // it was missing
  CHECK(tangram::test::read_all(aside / "two.json") == std::string("\x89\x01garbage\xff", 11));
  REQUIRE(repaired.list().size() == 1);
  CHECK(repaired.list().front().id == "six");
  CHECK(ProblemLibrary(folder).list().size() == 1);  // opens without repair now
}
