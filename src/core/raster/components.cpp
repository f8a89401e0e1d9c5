#include "tangram/core/raster/components.hpp"

#include <algorithm>

#include "tangram/core/base/error.hpp"

namespace tangram {

RunUnion::RunUnion(int connectivity) : reach_(connectivity == 8 ? 1 : 0) {
  if (connectivity != 4 && connectivity != 8)
    throw UsageError("connectivity must be 4 or 8, not " + std::to_string(connectivity));
}

void RunUnion::next_row() {
  above_begin_ = row_begin_;
  above_end_ = row_begin_ = runs();
}

int RunUnion::root(int i) {
  while (parent_[static_cast<std::size_t>(i)] != i)
    i = parent_[static_cast<std::size_t>(i)] =
        parent_[static_cast<std::size_t>(parent_[static_cast<std::size_t>(i)])];
  return i;
}

void RunUnion::add(int first, int end) {
  const int id = runs();
  first_.push_back(first);
  end_.push_back(end);
  parent_.push_back(id);
  // The runs above are left to right: skip those ending before this one can touch them.
  for (int k = above_begin_; k < above_end_; ++k) {
    const auto at = static_cast<std::size_t>(k);
    if (end_[at] + reach_ <= first) {
      above_begin_ = k + 1;  // the next runs of this row start further right
      continue;
    }
    if (first_[at] >= end + reach_) break;
    const int a = root(k), b = root(id);
    if (a != b) parent_[static_cast<std::size_t>(std::max(a, b))] = std::min(a, b);
  }
}

bool Components::touches_border(int label, cv::Size size) const {
  const cv::Rect& b = box[static_cast<std::size_t>(label)];
  return b.x == 0 || b.y == 0 || b.x + b.width == size.width || b.y + b.height == size.height;
}

void Components::paint(cv::Mat1b& image, const std::vector<char>& flagged, uchar value) const {
  for (const Run& run : runs)
    if (flagged[static_cast<std::size_t>(run.label)])
      std::fill(image.ptr<uchar>(run.row) + run.first, image.ptr<uchar>(run.row) + run.end, value);
}

cv::Mat1i Components::labels(cv::Size size) const {
  cv::Mat1i out(size, 0);
  for (const Run& run : runs)
    std::fill(out.ptr<int>(run.row) + run.first, out.ptr<int>(run.row) + run.end, run.label);
  return out;
}

cv::Mat1b Components::mask(int label) const {
  const cv::Rect& b = box[static_cast<std::size_t>(label)];
  cv::Mat1b out(b.size(), uchar(0));
  for (const Run& run : runs)
    if (run.label == label)
      std::fill(out.ptr<uchar>(run.row - b.y) + (run.first - b.x),
                out.ptr<uchar>(run.row - b.y) + (run.end - b.x), uchar(255));
  return out;
}

Components connected_components(const cv::Mat1b& image, int connectivity, bool nonzero) {
  RunUnion join(connectivity);
  Components out;
  for (int y = 0; y < image.rows; ++y) {
    join.next_row();
    const uchar* row = image.ptr<uchar>(y);
    for (int x = 0; x < image.cols;) {
      if ((row[x] != 0) != nonzero) {
        ++x;
        continue;
      }
      const int first = x;
      while (x < image.cols && (row[x] != 0) == nonzero) ++x;
      join.add(first, x);
      out.runs.push_back({y, first, x, 0});
    }
  }
  // A component's root is its first run, so numbering roots in run order numbers the
  // components by their first pixel.
  std::vector<int> label(out.runs.size(), 0);
  out.area.push_back(0);
  out.box.emplace_back();
  for (std::size_t i = 0; i < out.runs.size(); ++i) {
    Components::Run& run = out.runs[i];
    const auto r = static_cast<std::size_t>(join.root(static_cast<int>(i)));
    if (r == i) {
      label[i] = static_cast<int>(out.area.size());
      out.area.push_back(0);
      out.box.emplace_back(run.first, run.row, run.end - run.first, 1);
    }
    run.label = label[r];
    const auto l = static_cast<std::size_t>(run.label);
    out.area[l] += run.end - run.first;
    out.box[l] |= cv::Rect(run.first, run.row, run.end - run.first, 1);
  }
  return out;
}

}  // namespace tangram
