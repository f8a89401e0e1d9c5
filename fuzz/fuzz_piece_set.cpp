/// libFuzzer target: tangram-pieces/1 text -> piece_set_from_json -> the set's derived values
/// and a raster mask of each shape. Only tangram::Error may leave the library. Also checked: an
/// accepted set has pieces of positive, finite area, rotation periods in (0, 360], a positive
/// rotation step, masks that are not empty at a scale where the smallest piece spans pixels, and
/// piece_set_to_json() (as solutions embed the set) reads back as the same set, arcs included
/// (written as arcs, flattened again into the same chords).

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "fuzz_common.hpp"
#include "tangram/core/puzzle/piece_set.hpp"
#include "tangram/core/raster/raster.hpp"
#include "tangram/io/piece_sets.hpp"

namespace {

[[noreturn]] void fail(const char* message) {
  std::fprintf(stderr, "\nfuzz_piece_set: %s\n", message);
  std::fflush(stderr);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  tangram_fuzz::init_common();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  tangram_fuzz::expect_only_tangram_errors("fuzz_piece_set", [&] {
    const tangram::PieceSetFile file = tangram::piece_set_from_json(text, "fuzz");
    const tangram::PieceSet& set = file.set;
    if (set.piece_count() == 0 || set.shape_count() == 0) fail("an accepted set has no pieces");
    if (!(set.total_area() > 0.0) || !std::isfinite(set.total_area()))
      fail("an accepted set's area is not positive and finite");
    if (!(file.rotation_step_deg > 0.0 && file.rotation_step_deg <= 360.0))
      fail("an accepted set's rotation step is out of (0, 360]");
    // The set as a solution embeds it reads back as itself, number for number.
    const tangram::PieceSet back =
        tangram::piece_set_from_json(tangram::piece_set_to_json(set), "round trip").set;
    if (back.shape_count() != set.shape_count() || back.name() != set.name() ||
        back.grid_step_deg() != set.grid_step_deg())
      fail("piece_set_to_json does not read back as the same set");
    for (std::size_t k = 0; k < set.shape_count(); ++k) {
      const auto id = static_cast<tangram::ShapeId>(k);
      const tangram::PieceShape &a = set.shape(id), &b = back.shape(id);
      if (a.name != b.name || a.count != b.count || a.outline.size() != b.outline.size())
        fail("piece_set_to_json changes a shape");
      for (std::size_t i = 0; i < a.outline.size(); ++i)
        if (a.outline[i].x != b.outline[i].x || a.outline[i].y != b.outline[i].y)
          fail("piece_set_to_json changes a vertex");
      if (a.arcs.size() != b.arcs.size()) fail("piece_set_to_json changes the arcs");
      for (std::size_t i = 0; i < a.arcs.size(); ++i) {
        const tangram::PieceArc &p = a.arcs[i], &q = b.arcs[i];
        if (p.start != q.start || p.chords != q.chords || p.centre.x != q.centre.x ||
            p.centre.y != q.centre.y || p.radius != q.radius || p.sweep_deg != q.sweep_deg ||
            p.through.x != q.through.x || p.through.y != q.through.y)
          fail("piece_set_to_json changes an arc");
      }
    }
    double smallest = set.total_area();
    for (std::size_t k = 0; k < set.shape_count(); ++k) {
      const auto id = static_cast<tangram::ShapeId>(k);
      const double period = set.rotation_period_deg(id);
      if (!(period > 0.0 && period <= 360.0)) fail("a rotation period is out of (0, 360]");
      if (!(set.area(id) > 0.0)) fail("a shape's area is not positive");
      smallest = std::min(smallest, set.area(id));
    }
    // A scale at which the smallest piece covers about 400 pixels; only when every mask's box
    // stays within 4000 x 4000 px (the reader bounds a piece's reach by 20 set sides).
    const double unit_px = std::sqrt(400.0 / smallest);
    if (unit_px * unit_px * set.total_area() > 1e6) return;
    for (std::size_t k = 0; k < set.shape_count(); ++k)
      for (const tangram::Vec2& p : set.local_polygon(static_cast<tangram::ShapeId>(k), unit_px))
        if (std::hypot(p.x, p.y) > 2000.0) return;
    for (std::size_t k = 0; k < set.shape_count() && k < 16; ++k) {
      const auto id = static_cast<tangram::ShapeId>(k);
      const tangram::ConfigurationMask mask =
          tangram::rasterise_configuration(set, {id, 30.0, false}, unit_px, 0.0);
      if (mask.mask.pixels <= 0) fail("a shape's mask at 400 px of area is empty");
    }
  });
  return 0;
}
