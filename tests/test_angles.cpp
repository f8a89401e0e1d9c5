// Angle hints: the residues modulo 45 degrees read from the silhouettes' edges.

#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "tangram/core/figure/angles.hpp"
#include "tangram/io/pattern_png.hpp"

namespace {

using namespace tangram;

std::vector<double> residues_of(const std::string& name) {
  return dominant_residues(load_pattern_png(std::string(TANGRAM_SOURCE_DIR) + "/masks/" + name));
}

bool has(const std::vector<double>& v, double x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

}  // namespace

TEST_CASE("a figure on the 45-degree grid points at rotations that are multiples of 45") {
  for (const char* name : {"01-square.png", "02-page9-11.png", "08-page7-122.png"}) {
    CAPTURE(name);
    const std::vector<double> r = residues_of(name);
    REQUIRE_FALSE(r.empty());
    CHECK(r.front() == 0.0);
  }
}

TEST_CASE("a figure turned as a whole points at its turn modulo 45") {
  // 25 is KiloGram page1-162 turned by 75.46 deg: 30.46 modulo 45, between the steps 30 and 31.
  const std::vector<double> r = residues_of("25-page1-162-rotated.png");
  REQUIRE_FALSE(r.empty());
  CHECK((r.front() == 30.0 || r.front() == 31.0));
  CHECK((has(r, 30.0) && has(r, 31.0)));
  CHECK_FALSE(has(r, 0.0));
}

TEST_CASE("a figure with a piece turned off the grid points at both") {
  // 24 has two joined pieces turned by 30.15 deg; the rest is on the 45-degree grid.
  const std::vector<double> r = residues_of("24-page3-66-turned.png");
  CHECK(has(r, 0.0));
  CHECK(has(r, 30.0));
}

TEST_CASE("steps and matching") {
  AngleHintConfig config;
  config.step_deg = 45.0;
  const std::vector<double> r = dominant_residues(
      load_pattern_png(std::string(TANGRAM_SOURCE_DIR) + "/masks/25-page1-162-rotated.png"),
      config);
  CHECK(r == std::vector<double>{0.0});  // one bin when the step is 45
  CHECK(matches_residue(120.0, {30.0}));
  CHECK(matches_residue(-15.0, {30.0}));
  CHECK(matches_residue(45.0, {0.0}));
  CHECK(matches_residue(359.9999999, {0.0}));
  CHECK_FALSE(matches_residue(121.0, {30.0}));
  CHECK_FALSE(matches_residue(10.0, {}));
}
