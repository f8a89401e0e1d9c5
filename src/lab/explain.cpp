#include "tangram/lab/explain.hpp"

#include <cmath>

#include <opencv2/imgproc.hpp>

#include "tangram/core/base/error.hpp"
#include "tangram/core/base/format.hpp"
#include "tangram/core/raster/candidates.hpp"
#include "tangram/core/raster/layout.hpp"
#include "tangram/core/raster/morphology.hpp"

namespace tangram {

namespace {

// Colours (BGR) of the figures.
const cv::Vec3b kBlack(0, 0, 0), kWhite(255, 255, 255);
const cv::Vec3b kGrey(150, 150, 150);       // (d) puzzle pixels the anchor cannot reach
const cv::Vec3b kFaintGrey(40, 40, 40);     // (e) the puzzle, for reference
const cv::Vec3b kDarkGrey(100, 100, 100);   // (e) collision-free area
const cv::Vec3b kLightGrey(200, 200, 200);  // (e) skeleton
const cv::Vec3b kOrange(14, 127, 255);      // (g) the placed piece's cells
const cv::Scalar kRed(0, 0, 230), kWhiteS(255, 255, 255), kBlackS(0, 0, 0);

/// Mask pictures (b, c) keep this many empty pixels around the mask.
constexpr int kMaskMarginPx = 4;

using detail::fixed;

/// "45" or "22.5": an angle without trailing zeros.
std::string angle_text(double deg) { return detail::general(deg, 6); }

/// "1 endpoint", "8 endpoints".
std::string count_text(std::size_t n, const std::string& noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

std::string point_text(cv::Point p) {
  return "(" + std::to_string(p.x) + ", " + std::to_string(p.y) + ")";
}

/// "large-triangle at 45 deg, mirrored"
std::string configuration_text(const PieceSet& set, const Configuration& c) {
  return set.shape_name(c.shape) + " at " + angle_text(c.angle_deg) + " deg" +
         (c.reflected ? ", mirrored" : "");
}

/// One sentence per strategy, for Fig. 5.
std::string strategy_description(Strategy strategy) {
  switch (strategy) {
    case Strategy::BottomLeft:
      return "Bottom-left: rows from the bottom up, each from left to right.";
    case Strategy::LeftBottom:
      return "Left-bottom: columns from the left, each from bottom to top.";
    case Strategy::HorizontalZigZag:
      return "Horizontal zig-zag: rows from the bottom up, alternating direction.";
    case Strategy::VerticalZigZag:
      return "Vertical zig-zag: columns from the left, alternating direction.";
    case Strategy::Spiral:
      return "Spiral: from the border inward, starting at the bottom-left corner.";
    case Strategy::InverseSpiral:
      return "Inverse spiral: the spiral path run backwards, from the centre outward.";
    case Strategy::DistanceTransform:
      return "Distance transform (the paper's strategy): each empty pixel's distance to the "
             "nearest obstacle, normalised; 0 outside the puzzle.";
  }
  return "";
}

/// The configuration mask on a black margin, the anchor at `anchor` (image coordinates).
cv::Mat1b mask_picture(const RunMask& mask, cv::Point& anchor) {
  const cv::Mat1b tight = run_mask_image(mask, anchor);
  cv::Mat1b padded;
  cv::copyMakeBorder(tight, padded, kMaskMarginPx, kMaskMarginPx, kMaskMarginPx, kMaskMarginPx,
                     cv::BORDER_CONSTANT, 0);
  anchor += cv::Point(kMaskMarginPx, kMaskMarginPx);
  return padded;
}

}  // namespace

PlacementWalkthrough explain_placement(const Pattern& pattern, const PieceSet& set,
                                       const Configuration& configuration, Strategy strategy,
                                       double inset_px) {
  PlacementWalkthrough w;
  w.piece = configuration_text(set, configuration);
  w.configuration =
      rasterise_configuration(set, configuration, set.unit_px(pattern.side_px), inset_px);
  w.strategy = strategy;
  w.inset_px = inset_px;
  LayoutState state = make_layout_state(pattern.puzzle);
  w.empty = state.empty;
  const RunMask& mask = w.configuration.mask;
  BitGrid area(pattern.puzzle.rows, pattern.puzzle.cols);
  if (mask.pixels > 0) {
    state.ensure_runs(mask.max_run());
    collision_free_area(state.runs, mask, area);
  }
  w.free_area = area.to_mat();
  w.skeleton = skeleton(w.free_area);
  // The candidates of the paper's Algorithm 1: what SearchMode::Paper asks for.
  w.endpoints = candidate_positions(area);
  const bool dt = strategy == Strategy::DistanceTransform;
  w.cost_matrix = dt ? normalised_distance_transform(w.empty)
                     : sweep_cost_matrix(strategy, w.empty.rows, w.empty.cols);
  const PlacementCost cost =
      dt ? PlacementCost::distance_transform(w.cost_matrix) : PlacementCost::sweep(w.cost_matrix);
  for (std::size_t i = 0; i < w.endpoints.size(); ++i) {
    w.costs.push_back(cost(mask, w.endpoints[i]));
    // Endpoints come sorted by (y, x): a strict comparison keeps the search's tie order.
    if (!w.chosen || w.costs[i] < w.costs[*w.chosen]) w.chosen = i;
  }
  if (w.chosen) w.after = place_mask(w.empty, mask, w.endpoints[*w.chosen]);
  return w;
}

std::optional<double> first_fitting_angle(const Pattern& pattern, const PieceSet& set,
                                          ShapeId shape, bool mirrored, double step_deg,
                                          double inset_px, double offset_deg) {
  if (!(step_deg > 0.0)) return std::nullopt;
  LayoutState state = make_layout_state(pattern.puzzle);
  for (int k = 0; k * step_deg < 360.0 - 1e-9; ++k) {
    const double angle = std::fmod(offset_deg + k * step_deg, 360.0);
    const Configuration config{shape, angle, mirrored};
    const RunMask mask =
        rasterise_configuration(set, config, set.unit_px(pattern.side_px), inset_px).mask;
    if (mask.pixels == 0) continue;
    state.ensure_runs(mask.max_run());
    if (has_collision_free_position(state.runs, mask)) return angle;
  }
  return std::nullopt;
}

std::vector<FigureSection> explain_figures(const Pattern& pattern, const PlacementWalkthrough& w,
                                           int scale) {
  if (!w.chosen)
    throw InputError("the " + w.piece +
                     " has no collision-free position in the pattern: nothing to explain");
  const int s = scale > 0 ? scale : figure_scale(pattern.puzzle.size());
  const RunMask& mask = w.configuration.mask;
  const cv::Point chosen = w.endpoints[*w.chosen];
  const std::string& piece = w.piece;
  const std::string label(strategy_label(w.strategy));
  const int dot_px = std::max(3, s + 2);
  const long free_count = cv::countNonZero(w.free_area);

  FigureSection fig7;
  fig7.heading = "Fig. 7: one placement, step by step";
  fig7.intro =
      "How Algorithm 1 finds the feasible positions of one piece and places it at the "
      "cheapest one, here the " +
      piece + " with the " + label +
      " strategy on the "
      "empty pattern. Every picture is computed with the functions the solver runs; "
      "pictures are enlarged " +
      std::to_string(s) + " times (one pattern pixel per " + std::to_string(s) + " x " +
      std::to_string(s) + " block).";

  {  // (a)
    Figure f{"fig7a-pattern-mask.png", "(a) Pattern mask", "", {}, {}};
    f.caption = "The puzzle as a binary mask of " + std::to_string(pattern.puzzle.cols) + " x " +
                std::to_string(pattern.puzzle.rows) +
                " px: black pixels are empty puzzle area, "
                "white pixels are obstacles (the outside, holes and, later, placed pieces). The "
                "pieces' size comes from the " +
                std::to_string(pattern.area_px) +
                " puzzle pixels: the full set's square has side " + fixed(pattern.side_px, 1) +
                " px.";
    f.image = enlarge(binary_image(w.empty, kBlack, kWhite), s);
    fig7.figures.push_back(std::move(f));
  }
  cv::Point anchor;
  const cv::Mat1b mask_image = mask_picture(mask, anchor);
  {  // (b)
    const cv::Rect box = mask.bounds();
    Figure f{"fig7b-configuration-mask.png", "(b) Configuration mask", "", {}, {}};
    f.caption = "The " + piece +
                ", rasterised: the cells whose centres lie inside the piece "
                "inset by " +
                fixed(w.inset_px, 2) + " px (" + std::to_string(mask.pixels) + " cells, " +
                std::to_string(box.width) + " x " + std::to_string(box.height) +
                " px). The red pixel is the mask's origin, its anchor: the pixel under the "
                "piece's centroid. A position of the piece is the position of this pixel.";
    f.image = enlarge(binary_image(mask_image, kWhite, kBlack), s);
    mark_pixel(f.image, anchor, s, kRed, dot_px + 2);
    fig7.figures.push_back(std::move(f));
  }
  {  // (c)
    cv::Mat1b reflected;
    cv::flip(mask_image, reflected, -1);
    const cv::Point reflected_anchor(mask_image.cols - 1 - anchor.x,
                                     mask_image.rows - 1 - anchor.y);
    Figure f{"fig7c-reflected-mask.png", "(c) Reflected mask", "", {}, {}};
    f.caption =
        "The mask turned by 180 degrees about its anchor: cell (x, y) becomes (-x, -y). "
        "Dilating the obstacles with this structuring element marks every anchor "
        "position at which some cell of the piece would land on an obstacle.";
    f.image = enlarge(binary_image(reflected, kWhite, kBlack), s);
    mark_pixel(f.image, reflected_anchor, s, kRed, dot_px + 2);
    fig7.figures.push_back(std::move(f));
  }
  {  // (d)
    cv::Mat3b image = binary_image(w.empty, kGrey, kWhite);
    image.setTo(kBlack, w.free_area);
    Figure f{"fig7d-collision-free-area.png", "(d) Collision-free area", "", {}, {}};
    f.caption = "(a) dilated with (c). White: the dilated obstacles; black: the " +
                count_text(static_cast<std::size_t>(free_count), "anchor position") +
                " where the piece covers empty pixels only; grey: puzzle pixels the anchor "
                "cannot reach. The solver computes the same set as an erosion of the empty "
                "region with a bit-packed run table (collision_free_area), which a test checks "
                "against cv::dilate.";
    f.image = enlarge(image, s);
    fig7.figures.push_back(std::move(f));
  }
  {  // (e)
    cv::Mat3b image = binary_image(w.empty, kFaintGrey, kBlack);
    image.setTo(kDarkGrey, w.free_area);
    image.setTo(kLightGrey, w.skeleton);
    Figure f{"fig7e-skeleton-endpoints.png", "(e) Skeleton and endpoints", "", {}, {}};
    f.caption =
        "The Zhang-Suen skeleton of the collision-free area (light grey; the area in "
        "grey, the puzzle in dark grey) and its " +
        count_text(w.endpoints.size(), "endpoint") +
        " (white dots). Endpoints lie in "
        "the corners of the area, where the piece touches the most obstacles: they are "
        "Algorithm 1's candidate positions.";
    f.image = enlarge(image, s);
    mark_points(f.image, w.endpoints, s, kWhiteS, kBlackS, dot_px);
    fig7.figures.push_back(std::move(f));
  }
  {  // (f)
    Figure f{"fig7f-cost-and-endpoints.png", "(f) Placement cost and endpoints", "", {}, {}};
    if (w.strategy == Strategy::DistanceTransform)
      f.caption =
          "The distance transform of the empty region, normalised to [0, 1] (dark "
          "purple next to an obstacle, yellow deepest inside), with the endpoints. A "
          "placement costs the sum of this map over the piece's cells (Eq. 1, Fig. 9), "
          "so positions that hug the borders are cheap; the cheapest endpoint, in red, "
          "costs " +
          fixed(w.costs[*w.chosen], 1) + ".";
    else
      f.caption = "The " + label +
                  " sweep matrix inside the puzzle (dark purple where the sweep "
                  "starts, yellow where it ends), with the endpoints. A placement costs the "
                  "matrix value under the anchor (the piece's centroid) times the piece's " +
                  std::to_string(mask.pixels) +
                  " cells (Fig. 8); the cheapest endpoint, in "
                  "red, costs " +
                  fixed(w.costs[*w.chosen], 1) + ".";
    f.image = enlarge(colour_map(w.cost_matrix, w.empty), s);
    mark_points(f.image, w.endpoints, s, kWhiteS, kBlackS, dot_px);
    mark_points(f.image, {chosen}, s, kRed, kWhiteS, dot_px + 2);
    f.table.push_back({"endpoint", "x", "y", "cost", ""});
    for (std::size_t i = 0; i < w.endpoints.size(); ++i)
      f.table.push_back({std::to_string(i + 1), std::to_string(w.endpoints[i].x),
                         std::to_string(w.endpoints[i].y), fixed(w.costs[i], 1),
                         i == *w.chosen ? "chosen" : ""});
    fig7.figures.push_back(std::move(f));
  }
  {  // (g)
    cv::Mat3b image = binary_image(w.empty, kBlack, kWhite);
    image.setTo(kOrange, (w.empty != 0) & (w.after == 0));
    Figure f{"fig7g-after-placement.png", "(g) After the placement", "", {}, {}};
    f.caption = "The pattern mask after placing the piece at the cheapest endpoint " +
                point_text(chosen) + " (red): its " + std::to_string(mask.pixels) +
                " cells (orange) are obstacles now, and the next piece's collision-free area "
                "is computed on this mask.";
    f.image = enlarge(image, s);
    mark_pixel(f.image, chosen, s, kRed, dot_px + 2);
    fig7.figures.push_back(std::move(f));
  }

  FigureSection fig5;
  fig5.heading = "Fig. 5: the placement strategies' cost matrices";
  fig5.intro =
      "Each strategy turns the pattern's rectangle into a matrix of placement costs in "
      "[0, 1], shown from dark purple (0, preferred) to yellow (1), with the puzzle's "
      "outline in white. The six sweeps of Mundim et al. rank the pixels along a path "
      "and charge a placement the value under the piece's centroid times its cell "
      "count; DT, the paper's own strategy, charges the sum under all of its cells.";
  const cv::Mat1f dt = normalised_distance_transform(w.empty);
  for (const Strategy strategy : all_strategies()) {
    const cv::Mat1f matrix = strategy == Strategy::DistanceTransform
                                 ? dt
                                 : sweep_cost_matrix(strategy, w.empty.rows, w.empty.cols);
    Figure f{"fig5-" + std::string(strategy_name(strategy)) + ".png",
             std::string(strategy_label(strategy)),
             strategy_description(strategy),
             {},
             {}};
    f.image = enlarge(colour_map(matrix), s);
    draw_region_outline(f.image, w.empty, s, kWhiteS, 1);
    fig5.figures.push_back(std::move(f));
  }

  FigureSection fig6;
  fig6.heading = "Fig. 6: the distance transform of the pattern";
  fig6.intro = "The distance transform drives the DT strategy and the validation's second rule.";
  {
    double max_depth = 0.0;
    cv::minMaxLoc(distance_to_obstacles(w.empty), nullptr, &max_depth);
    Figure f{"fig6-distance-transform.png", "Pattern mask and distance transform", "", {}, {}};
    f.caption =
        "Left: the pattern mask. Right: its Euclidean distance transform, each empty "
        "pixel's distance to the nearest obstacle (pixels beyond the image count as "
        "obstacles), from black (0) to white (the maximum, " +
        fixed(max_depth, 1) +
        " px). Normalised to [0, 1] it is the DT strategy's cost map; its maximum is "
        "what the validation's second rule compares with the next piece's depth.";
    f.image = side_by_side(
        {enlarge(binary_image(w.empty, kBlack, kWhite), s), enlarge(grey_map(dt), s)}, 12);
    fig6.figures.push_back(std::move(f));
  }
  return {std::move(fig7), std::move(fig5), std::move(fig6)};
}

}  // namespace tangram
