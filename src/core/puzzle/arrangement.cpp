#include "tangram/core/puzzle/arrangement.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "tangram/core/base/error.hpp"
#include "tangram/core/base/format.hpp"

namespace tangram {

namespace {

/// Overlap allowed between two pieces, as a share of the set's area (piece units squared): 4 px²
/// at side 200, room for figures digitised from print (KiloGram's touch with slivers up to
/// 2e-5), far below the referee's 1% overlap rule.
constexpr double kOverlapTolerance = 1e-4;

/// Longest side (px) of a rendered figure.
constexpr int kMaxRenderSidePx = 20000;

/// Most pixels of a rendered figure: what the readers accept by default (ReadLimits), so that a
/// rendered pattern can be solved, and a bound on the supersampling's work (16 samples each).
constexpr double kMaxRenderPixels = 50'000'000;

/// Supersampling of render_arrangement: kSamples x kSamples per pixel (as tangram-figures).
constexpr int kSamples = 4;

Vec2 turn_about(Vec2 point, Vec2 pivot, double angle_deg) {
  return pivot + rotate_local(point - pivot, angle_deg, false);
}

// normalised_angle(), with angles a rounding error short of 360 made 0.
double arranged_angle(double angle_deg) {
  const double a = normalised_angle(angle_deg);
  return a >= 360.0 - 1e-9 ? 0.0 : a;
}

void check_set(const std::vector<ArrangedPiece>& pieces, const PieceSet& set) {
  std::vector<int> count(set.shape_count(), 0), expected(set.shape_count(), 0);
  for (const ShapeId shape : set.order()) ++expected[static_cast<std::size_t>(shape)];
  bool known = true;
  for (const ArrangedPiece& piece : pieces) {
    known = known && piece.shape >= 0 && static_cast<std::size_t>(piece.shape) < set.shape_count();
    if (known) ++count[static_cast<std::size_t>(piece.shape)];
  }
  if (!known || pieces.size() != set.piece_count() || count != expected) {
    std::string mix;
    for (std::size_t k = 0; k < set.shape_count(); ++k)
      mix += (mix.empty() ? "" : ", ") + std::to_string(set.shapes()[k].count) + " " +
             set.shapes()[k].name;
    throw InputError("an arrangement needs the " + std::to_string(set.piece_count()) +
                     " pieces of the " + set.name() + " set (" + mix + "), got " +
                     std::to_string(pieces.size()) + " pieces of another mix");
  }
}

}  // namespace

std::vector<ArrangedPiece> final_poses(const Arrangement& arrangement, const PieceSet& set) {
  std::vector<ArrangedPiece> pieces = arrangement.pieces;
  check_set(pieces, set);
  for (std::size_t t = 0; t < arrangement.turns.size(); ++t) {
    const Turn& turn = arrangement.turns[t];
    for (const int index : turn.pieces) {
      if (index < 0 || index >= static_cast<int>(pieces.size()))
        throw InputError("turn " + std::to_string(t + 1) + " names piece " + std::to_string(index) +
                         ", but pieces are numbered 0 to " + std::to_string(pieces.size() - 1));
      Pose& pose = pieces[index].pose;
      pose.centre = turn_about(pose.centre, turn.pivot, turn.angle_deg);
      pose.angle_deg += turn.angle_deg;
    }
  }
  if (arrangement.rotate_deg != 0.0) {
    Vec2 weighted;
    double total = 0.0;
    for (const ArrangedPiece& piece : pieces) {
      const double a = set.area(piece.shape);
      weighted = weighted + a * piece.pose.centre;
      total += a;
    }
    const Vec2 centre = (1.0 / total) * weighted;
    for (ArrangedPiece& piece : pieces) {
      piece.pose.centre = turn_about(piece.pose.centre, centre, arrangement.rotate_deg);
      piece.pose.angle_deg += arrangement.rotate_deg;
    }
  }
  for (ArrangedPiece& piece : pieces) piece.pose.angle_deg = arranged_angle(piece.pose.angle_deg);

  std::vector<Polygon> polygons;
  for (const ArrangedPiece& piece : pieces)
    polygons.push_back(set.posed_polygon(piece.shape, 1.0, piece.pose));
  for (std::size_t i = 0; i < polygons.size(); ++i)
    for (std::size_t j = i + 1; j < polygons.size(); ++j) {
      const double shared = overlap_area(polygons[i], polygons[j]);
      if (shared > kOverlapTolerance)
        throw InputError("pieces " + std::to_string(i) + " (" + set.shape_name(pieces[i].shape) +
                         ") and " + std::to_string(j) + " (" + set.shape_name(pieces[j].shape) +
                         ") overlap by " + detail::general(shared, 2) + " of the set's area");
    }
  return pieces;
}

RenderedFigure render_arrangement(const Arrangement& arrangement, const PieceSet& set,
                                  const RenderConfig& config) {
  if (!(config.side_px > 0.0) || !std::isfinite(config.side_px))
    throw UsageError(mention(Setting::SetSide) + " must be a positive number of pixels");
  if (!(config.margin_px >= 0.0) || !std::isfinite(config.margin_px))
    throw UsageError(mention(Setting::Margin) + " must be a non-negative number of pixels");
  const std::vector<ArrangedPiece> posed = final_poses(arrangement, set);

  RenderedFigure figure;
  Box box{1e300, 1e300, -1e300, -1e300};
  for (const ArrangedPiece& piece : posed) {
    PlacedPiece placed{piece.shape, piece.pose,
                       set.posed_polygon(piece.shape, config.side_px,
                                         Pose{config.side_px * piece.pose.centre,
                                              piece.pose.angle_deg, piece.pose.reflected})};
    const Box b = bounding_box(placed.polygon);
    box = {std::min(box.x0, b.x0), std::min(box.y0, b.y0), std::max(box.x1, b.x1),
           std::max(box.y1, b.y1)};
    figure.pieces.push_back(std::move(placed));
  }
  const Vec2 shift{config.margin_px - box.x0, config.margin_px - box.y0};
  for (PlacedPiece& piece : figure.pieces) {
    for (Vec2& v : piece.polygon) v = v + shift;
    piece.pose.centre = centroid(piece.polygon);
  }
  // Rounding noise (an extent of 200.0000000001 px) must not add a column.
  const auto pixels = [](double extent) { return std::ceil(extent - 1e-6); };
  const double columns = pixels(box.x1 - box.x0 + 2 * config.margin_px);
  const double rows = pixels(box.y1 - box.y0 + 2 * config.margin_px);
  if (!(columns <= kMaxRenderSidePx && rows <= kMaxRenderSidePx &&
        columns * rows <= kMaxRenderPixels))
    throw UsageError("the rendered image would be " + detail::general(columns, 2) + " x " +
                     detail::general(rows, 2) + " pixels, over " +
                     std::to_string(kMaxRenderSidePx) + " on a side or " +
                     detail::general(kMaxRenderPixels, 2) + " in all; choose a smaller " +
                     mention(Setting::SetSide) + " or " + mention(Setting::Margin));
  const int width = static_cast<int>(columns), height = static_cast<int>(rows);

  // Samples covered by some piece, per pixel.
  cv::Mat1b hits(height, width, uchar(0));
  std::vector<uchar> sample(static_cast<std::size_t>(width) * kSamples);
  for (int row = 0; row < height; ++row) {
    for (int sy = 0; sy < kSamples; ++sy) {
      const double y = row + (sy + 0.5) / kSamples;
      std::fill(sample.begin(), sample.end(), uchar(0));
      for (const PlacedPiece& piece : figure.pieces) {
        const Box b = bounding_box(piece.polygon);
        if (y < b.y0 || y > b.y1) continue;
        const int s0 = std::max(0, static_cast<int>(std::floor(b.x0 * kSamples)));
        const int s1 = std::min(width * kSamples - 1, static_cast<int>(std::ceil(b.x1 * kSamples)));
        for (int s = s0; s <= s1; ++s)
          if (!sample[s] && inside_convex(piece.polygon, Vec2{(s + 0.5) / kSamples, y}))
            sample[s] = 1;
      }
      for (int s = 0; s < width * kSamples; ++s) hits(row, s / kSamples) += sample[s];
    }
  }
  figure.image = cv::Mat1b(height, width, uchar(255));
  constexpr int kMajority = (kSamples * kSamples + 1) / 2;  // of a pixel's samples
  figure.image.setTo(0, hits >= kMajority);
  return figure;
}

}  // namespace tangram
