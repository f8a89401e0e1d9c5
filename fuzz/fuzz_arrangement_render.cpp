/// libFuzzer target: a tangram-arrangement/1 document -> arrangement_from_json ->
/// render_arrangement at a small scale (set side 100 px, so that an execution stays fast).
/// Only tangram::Error may leave the library. Also checked: a rendered figure has the seven
/// pieces and a non-empty image with some puzzle pixel.
///
/// As fuzz_image_silhouette lowers the pixel cap, figures whose picture would be over 4 million
/// pixels are only posed (final_poses), not drawn. render_arrangement accepts up to 50 million
/// pixels (it accepted 20000 x 20000 when this target found fuzz/regressions/'s figure with one
/// piece 200 set sides away: 16590 x 11234 pixels, 8 s and 600 MB to draw without sanitizers,
/// minutes with them); 50 million still take over a minute under ASan. With
/// TANGRAM_FUZZ_MAX_RENDER_PIXELS=0 (no budget) the regression checks the library's own cap.
/// TANGRAM_FUZZ_MAX_RENDER_PIXELS changes the budget.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <opencv2/core.hpp>

#include "fuzz_common.hpp"
#include "tangram/core/geometry/geometry.hpp"
#include "tangram/core/puzzle/arrangement.hpp"
#include "tangram/core/puzzle/piece_set.hpp"
#include "tangram/io/documents.hpp"

namespace {

double g_max_render_pixels = 4e6;

/// Pixels of render_arrangement's picture of `arrangement` (computed as it does).
double render_pixels(const tangram::Arrangement& arrangement, const tangram::RenderConfig& config) {
  tangram::Box box{1e300, 1e300, -1e300, -1e300};
  for (const tangram::ArrangedPiece& piece :
       tangram::final_poses(arrangement, tangram::PieceSet::tangram())) {
    const tangram::Box b = tangram::bounding_box(tangram::PieceSet::tangram().posed_polygon(
        piece.shape, config.side_px,
        tangram::Pose{config.side_px * piece.pose.centre, piece.pose.angle_deg,
                      piece.pose.reflected}));
    box = {std::min(box.x0, b.x0), std::min(box.y0, b.y0), std::max(box.x1, b.x1),
           std::max(box.y1, b.y1)};
  }
  return std::ceil(box.x1 - box.x0 + 2 * config.margin_px) *
         std::ceil(box.y1 - box.y0 + 2 * config.margin_px);
}

[[noreturn]] void fail(const char* message) {
  std::fprintf(stderr, "\nfuzz_arrangement_render: %s\n", message);
  std::fflush(stderr);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  tangram_fuzz::init_common();
  if (const char* v = std::getenv("TANGRAM_FUZZ_MAX_RENDER_PIXELS"); v && *v)
    g_max_render_pixels = std::atof(v);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  tangram_fuzz::expect_only_tangram_errors("fuzz_arrangement_render", [&] {
    const tangram::Arrangement arrangement = tangram::arrangement_from_json(text);
    tangram::RenderConfig config;
    config.side_px = 100.0;
    config.margin_px = 5.0;
    if (g_max_render_pixels > 0 && !(render_pixels(arrangement, config) <= g_max_render_pixels))
      return;
    const tangram::RenderedFigure figure =
        tangram::render_arrangement(arrangement, tangram::PieceSet::tangram(), config);
    if (figure.pieces.size() != 7) fail("a rendered figure does not have seven pieces");
    if (figure.image.empty()) fail("a rendered figure has an empty image");
    if (cv::countNonZero(figure.image == 0) == 0) fail("a rendered figure has no puzzle pixel");
  });
  return 0;
}
