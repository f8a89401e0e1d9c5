// The command line's near-miss suggestions (src/cli/suggest.hpp), tested against a plain
// reference: the distance of every pair of short words over a small alphabet, brute force.

#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "../src/cli/suggest.hpp"

using namespace tangram::cli;

namespace {

/// Edit distance by exhaustive recursion (insert, delete, substitute, swap neighbours; the
/// optimal string alignment form, no substring edited twice).
int slow_distance(const std::string& a, const std::string& b) {
  std::function<int(std::size_t, std::size_t)> d = [&](std::size_t i, std::size_t j) -> int {
    if (i == 0) return static_cast<int>(j);
    if (j == 0) return static_cast<int>(i);
    int best = std::min(
        {d(i - 1, j) + 1, d(i, j - 1) + 1, d(i - 1, j - 1) + (a[i - 1] == b[j - 1] ? 0 : 1)});
    if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
      best = std::min(best, d(i - 2, j - 2) + 1);
    return best;
  };
  return d(a.size(), b.size());
}

std::vector<std::string> words_up_to(std::size_t length) {
  std::vector<std::string> words{""};
  for (std::size_t k = 0; k < words.size(); ++k)
    if (words[k].size() < length)
      for (char c : {'a', 'b', 'c'}) words.push_back(words[k] + c);
  return words;
}

}  // namespace

TEST_CASE("suggest: edit distance equals the exhaustive reference on all short words") {
  const std::vector<std::string> words = words_up_to(4);
  for (const std::string& a : words)
    for (const std::string& b : words) {
      CAPTURE(a);
      CAPTURE(b);
      CHECK(edit_distance(a, b) == slow_distance(a, b));
      CHECK(edit_distance(a, b, 1) == std::min(slow_distance(a, b), 2));
    }
  CHECK(edit_distance("--timelimit", "--time-limit") == 1);
  CHECK(edit_distance("--tiem-limit", "--time-limit") == 1);  // a swap is one edit
}

TEST_CASE("suggest: the closest name, only when close enough") {
  const std::vector<std::string> names{"--time-limit", "--threads", "--strategy",
                                       "--strategies", "--json",    "--image"};
  CHECK(closest_name("--timelimit", names) == "--time-limit");
  CHECK(closest_name("--thread", names) == "--threads");
  CHECK(closest_name("--strategys", names) == "--strategy");  // ties: the first given
  CHECK(closest_name("--jsn", names) == "--json");
  CHECK(closest_name("--imag", names) == "--image");
  CHECK(closest_name("--colour", names).empty());
  CHECK(closest_name("--t", names).empty());  // a prefix of several names
  CHECK(closest_name("", names).empty());
  const std::vector<std::string> commands{"solve", "verify", "compare", "render", "report"};
  CHECK(closest_name("slove", commands) == "solve");
  CHECK(closest_name("veify", commands) == "verify");
  CHECK(closest_name("comp", commands) == "compare");  // the only name it begins
  CHECK(closest_name("xyz", commands).empty());
}

TEST_CASE("suggest: the hint names the option the subcommand in use knows") {
  CLI::App app{"test", "tangram"};
  app.add_flag("--quiet");
  CLI::App* solve = app.add_subcommand("solve");
  solve->add_option("--time-limit");
  CLI::App* compare = app.add_subcommand("compare");
  compare->add_option("--strategies");
  CHECK(near_miss_hint(app, {"solve", "x.png", "--timelimit", "5"}) ==
        " (did you mean --time-limit?)");
  CHECK(near_miss_hint(app, {"solve", "--time-limit=3", "--quiett"}) == " (did you mean --quiet?)");
  CHECK(near_miss_hint(app, {"compare", "--timelimit", "5"}).empty());  // not compare's
  CHECK(near_miss_hint(app, {"compare", "--strategys", "bl"}) == " (did you mean --strategies?)");
  CHECK(near_miss_hint(app, {"slove", "x.png"}) == " (did you mean 'tangram solve'?)");
  CHECK(near_miss_hint(app, {"solve", "--time-limit", "-1"}).empty());  // -1 is a value
  CHECK(near_miss_hint(app, {"solve", "--", "--timelimit"}).empty());
}

TEST_CASE("suggest: subcommands of subcommands, their options, and the words that name them") {
  CLI::App app{"test", "tangram"};
  app.require_subcommand(1);
  app.add_flag("--quiet");
  CLI::App* generate = app.add_subcommand("generate");
  generate->require_subcommand(1);
  generate->add_option("--seed");
  CLI::App* convex = generate->add_subcommand("convex");
  convex->add_option("--time-limit");
  generate->add_subcommand("puzzles");
  CLI::App* experiment = app.add_subcommand("experiment");
  experiment->add_option("EXPERIMENT");
  experiment->add_subcommand("merge");  // optional: a word after experiment may be positional
  CHECK(unknown_subcommand(app, {"generate", "convx"}) == "convx");
  CHECK(near_miss_hint(app, {"generate", "convx"}) == " (did you mean 'tangram generate convex'?)");
  CHECK(command_words(app, {"generate", "convx"}) == "tangram generate");
  CHECK(unknown_subcommand(app, {"generate", "convex", "x"}).empty());
  CHECK(near_miss_hint(app, {"generate", "convex", "--timelimit", "4"}) ==
        " (did you mean --time-limit?)");
  CHECK(near_miss_hint(app, {"generate", "convex", "--sed", "4"}) == " (did you mean --seed?)");
  CHECK(near_miss_hint(app, {"generate", "puzzles", "--timelimit", "4"}).empty());
  CHECK(command_words(app, {"generate", "convex", "--out"}) == "tangram generate convex");
  CHECK(command_words(app, {"--quiet"}) == "tangram");
  CHECK(unknown_subcommand(app, {"experiment", "all"}).empty());
  CHECK(command_words(app, {"experiment", "all"}) == "tangram experiment");
  CHECK(unknown_subcommand(app, {"slove"}) == "slove");
}
