// error.hpp: messages mention settings through tags that the library and a front end spell
// each in their own words.

#include <doctest/doctest.h>

#include <string>

#include "tangram/core/base/error.hpp"

using namespace tangram;

TEST_CASE("word_settings: the library spells a mention as its config field, with the value") {
  const std::string tagged =
      "use a " + mention(Setting::Threshold) + " above 170, or " + mention(Setting::WorkSize, "0");
  CHECK(word_settings(tagged) == "use a threshold above 170, or work_size_px = 0");
  const auto flags = [](Setting s, std::string_view value) {
    return std::string(s == Setting::Threshold ? "--threshold" : "--work-size") +
           (value.empty() ? "" : " " + std::string(value));
  };
  CHECK(word_settings(tagged, flags) == "use a --threshold above 170, or --work-size 0");
  // The last setting too (the experiments' parallel runs): every setting has its words.
  CHECK(word_settings(mention(Setting::Jobs) + " must be 1..256") == "jobs must be 1..256");
}

TEST_CASE("word_settings: text without tags, and bytes that only look like tags, pass unchanged") {
  CHECK(word_settings("plain text") == "plain text");
  const std::string odd = std::string("path\x1E") + "99\x1D" + "x\x1E" + "abc\x1D" + "\x1E" + "7";
  CHECK(word_settings(odd) == odd);
}

TEST_CASE("Error: what() is spelled by the library, tagged() keeps the mentions") {
  const UsageError error(mention(Setting::RotationStep) + " must be positive");
  CHECK(std::string(error.what()) == "rotation_step_deg must be positive");
  CHECK(word_settings(error.tagged(), [](Setting, std::string_view) {
          return std::string("--rotation-step");
        }) == "--rotation-step must be positive");
}

TEST_CASE("LimitError: says how to raise the limit, and keeps it with a prefix") {
  const LimitError error(Limit::Pixels, "too many pixels");
  CHECK(std::string(error.what()) == "too many pixels (raise it with max_pixels)");
  const LimitError prefixed = error.with_prefix("pattern p.png: ");
  CHECK(prefixed.limit() == Limit::Pixels);
  CHECK(std::string(prefixed.what()) ==
        "pattern p.png: too many pixels (raise it with max_pixels)");
}
