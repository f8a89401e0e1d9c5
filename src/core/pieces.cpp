#include "tangram/core/pieces.hpp"

#include <cmath>

namespace tangram {

std::string_view piece_name(PieceKind kind) {
  switch (kind) {
    case PieceKind::LargeTriangle: return "large-triangle";
    case PieceKind::MediumTriangle: return "medium-triangle";
    case PieceKind::SmallTriangle: return "small-triangle";
    case PieceKind::Square: return "square";
    case PieceKind::Parallelogram: return "parallelogram";
  }
  return "?";
}

std::optional<PieceKind> piece_kind_from_name(std::string_view name) {
  for (PieceKind k : {PieceKind::LargeTriangle, PieceKind::MediumTriangle, PieceKind::SmallTriangle,
                      PieceKind::Square, PieceKind::Parallelogram})
    if (piece_name(k) == name) return k;
  return std::nullopt;
}

const std::array<PieceKind, 7>& tangram_set() {
  static const std::array<PieceKind, 7> set = {
      PieceKind::LargeTriangle, PieceKind::LargeTriangle, PieceKind::MediumTriangle,
      PieceKind::Square,        PieceKind::Parallelogram, PieceKind::SmallTriangle,
      PieceKind::SmallTriangle};
  return set;
}

Polygon standard_polygon(PieceKind kind) {
  const double r = std::sqrt(2.0) / 2.0;
  const double a = std::sqrt(2.0) / 4.0;
  switch (kind) {
    case PieceKind::LargeTriangle: return {{0, 0}, {1, 0}, {0.5, 0.5}};
    case PieceKind::MediumTriangle: return {{0, 0}, {r, 0}, {r / 2, r / 2}};
    case PieceKind::SmallTriangle: return {{0, 0}, {0.5, 0}, {0.25, 0.25}};
    case PieceKind::Square: return {{0, 0}, {a, 0}, {a, a}, {0, a}};
    case PieceKind::Parallelogram: return {{0, 0}, {0.5, 0}, {0.75, 0.25}, {0.25, 0.25}};
  }
  return {};
}

Polygon local_polygon(PieceKind kind, double side_px) {
  Polygon p = standard_polygon(kind);
  const Vec2 c = centroid(p);
  for (Vec2& v : p) v = side_px * (v - c);
  return p;
}

double piece_area_units(PieceKind kind) {
  switch (kind) {
    case PieceKind::LargeTriangle: return 0.25;
    case PieceKind::MediumTriangle:
    case PieceKind::Square:
    case PieceKind::Parallelogram: return 0.125;
    case PieceKind::SmallTriangle: return 0.0625;
  }
  return 0.0;
}

int rotation_period_deg(PieceKind kind) {
  switch (kind) {
    case PieceKind::Square: return 90;
    case PieceKind::Parallelogram: return 180;
    default: return 360;
  }
}

bool mirror_distinct(PieceKind kind) { return kind == PieceKind::Parallelogram; }

std::vector<Configuration> configurations(PieceKind kind, double step_deg, bool reflection) {
  std::vector<Configuration> out;
  if (!(step_deg > 0.0)) return out;  // no rotation set (validate_config refuses such steps)
  const double period = rotation_period_deg(kind);
  const int mirrors = (reflection && mirror_distinct(kind)) ? 2 : 1;
  for (int m = 0; m < mirrors; ++m)
    for (int k = 0;; ++k) {
      const double angle = k * step_deg;
      if (angle >= period - 1e-9) break;
      out.push_back({kind, angle, m == 1});
    }
  return out;
}

Polygon posed_polygon(PieceKind kind, double side_px, const Pose& pose) {
  return apply_pose(local_polygon(kind, side_px), pose);
}

}  // namespace tangram
