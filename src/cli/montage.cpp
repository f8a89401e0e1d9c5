// The montage of `tangram solve --all --image`: the first assemblies side by side.

#include <algorithm>

#include <opencv2/imgproc.hpp>

#include "commands.hpp"
#include "tangram/io/picture.hpp"
#include "tangram/lab/figures.hpp"

namespace tangram::cli {

namespace {

/// The size of each cell of the montage and the cells in a row.
constexpr int kMontageCellPx = 160;
constexpr int kMontageColumns = 10;

}  // namespace

cv::Mat3b assemblies_montage(const Pattern& pattern, const PieceSet& set,
                             const std::vector<std::vector<PlacedPiece>>& assemblies,
                             const std::string& title) {
  const cv::Rect box =
      cv::boundingRect(pattern.puzzle) & cv::Rect(0, 0, pattern.puzzle.cols, pattern.puzzle.rows);
  const int margin = std::max(2, std::max(box.width, box.height) / 40);
  const cv::Rect crop =
      cv::Rect(box.x - margin, box.y - margin, box.width + 2 * margin, box.height + 2 * margin) &
      cv::Rect(0, 0, pattern.puzzle.cols, pattern.puzzle.rows);
  const int scale =
      std::max(1, std::min(4, kMontageCellPx / std::max(1, std::max(crop.width, crop.height))));
  std::vector<cv::Mat3b> cells;
  for (std::size_t i = 0; i < assemblies.size(); ++i) {
    const cv::Mat3b drawn = render_assembly(pattern, assemblies[i], set, scale);
    const cv::Rect scaled(crop.x * scale, crop.y * scale, crop.width * scale, crop.height * scale);
    cells.push_back(
        with_title(fit_picture(drawn(scaled), kMontageCellPx, 4), "#" + std::to_string(i + 1)));
  }
  const cv::Mat3b grid = cells.empty()
                             ? cv::Mat3b(kMontageCellPx, kMontageCellPx, cv::Vec3b(255, 255, 255))
                             : picture_grid(cells, kMontageColumns, 4);
  return with_legend_and_title(grid, set, title);
}

}  // namespace tangram::cli
