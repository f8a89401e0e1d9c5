// The play endpoints' work without HTTP (web/play_desk.hpp): a problem's readings are kept,
// and a problem whose picture or set changed is read anew.

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
#include "tangram/web/play_desk.hpp"

namespace {

using tangram::web::JobProblem;
using tangram::web::PlayDesk;

std::string mask_bytes(const std::string& name) {
  return tangram::test::read_all(std::filesystem::path(TANGRAM_SOURCE_DIR) / "masks" / name);
}

double width_of(const std::string& figure_json) {
  return nlohmann::json::parse(figure_json).at("width").get<double>();
}

}  // namespace

TEST_CASE("play desk: the same problem read once is the same; a new picture under its ID is read") {
  PlayDesk desk;
  const JobProblem square{"p", "square", "tangram", mask_bytes("01-square.png")};
  const std::string first = desk.figure_json(square);
  CHECK(desk.figure_json(square) == first);
  // The same ID with another picture (a problem replaced in the library): its own figure.
  const JobProblem other{"p", "other", "tangram", mask_bytes("05-page6-124.png")};
  const std::string replaced = desk.figure_json(other);
  CHECK(replaced != first);
  CHECK(width_of(replaced) != doctest::Approx(width_of(first)));
  // More problems than the cache keeps: the first is read again, to the same figure.
  for (std::size_t i = 0; i < PlayDesk::kCachedProblems + 1; ++i)
    desk.figure_json(
        JobProblem{"q" + std::to_string(i), "q", "tangram", mask_bytes("05-page6-124.png")});
  CHECK(desk.figure_json(square) == first);
  // A check reads the same problem: an empty board is not solved, and says so.
  const nlohmann::json verdict = nlohmann::json::parse(desk.check_json(square, R"({"pieces":[]})"));
  CHECK_FALSE(verdict.at("solved").get<bool>());
  CHECK_FALSE(verdict.at("all_placed").get<bool>());
}
