#pragma once
/// \file play.hpp
/// Play: a player's pieces on a figure, checked as `verify` checks, and hints from the solver
/// with the player's pieces kept. Poses are the web page's: set units in the picture's frame
/// (x right, y down), the centroid, degrees clockwise on screen, mirrored left to right.

#include <atomic>
#include <optional>
#include <string>
#include <vector>

#include "tangram/io/silhouette.hpp"
#include "tangram/service/solve.hpp"

namespace tangram {

/// A piece as a player placed it.
struct PlayerPiece {
  std::string piece;        ///< the shape's name in the set
  double x = 0.0, y = 0.0;  ///< its centroid (set units)
  double angle_deg = 0.0;   ///< clockwise on screen
  bool mirror = false;      ///< mirrored left to right before the turn
};

/// The figure as a player sees it: the picture's size and outline in set units.
struct PlayFigure {
  double unit_px = 0.0;               ///< pixels per set unit
  double width = 0.0, height = 0.0;   ///< the picture (set units)
  std::vector<Polygon> outer, holes;  ///< the outline's rings (set units)
};

/// The figure of `silhouette` for `set` (its area fixes the scale).
PlayFigure play_figure(const Silhouette& silhouette, const PieceSet& set);

/// The player's pieces as placed pieces (px). Throws InputError for a shape the set does not
/// have, or has fewer times.
std::vector<PlacedPiece> placed_pieces(const std::vector<PlayerPiece>& pieces, const PieceSet& set,
                                       double unit_px);

/// A placed piece as the player's pose.
PlayerPiece player_piece(const PlacedPiece& piece, const PieceSet& set, double unit_px);

/// The verdict on the player's pieces.
struct PlayVerdict {
  bool all_placed = false;           ///< every piece of the set is on the figure
  bool solved = false;               ///< they cover it as `tangram verify` accepts
  std::vector<std::string> reasons;  ///< why not, as verify says it
  AreaMetrics metrics;
  std::vector<Polygon> gaps;  ///< parts of the figure no piece covers (set units), largest first
};

/// Checks `pieces` on the figure as `tangram verify` does.
PlayVerdict check_play(const Silhouette& silhouette, const PieceSet& set,
                       const std::vector<PlayerPiece>& pieces);

/// What a hint says.
struct Hint {
  enum class Kind {
    Piece,    ///< `piece` is one more piece of an assembly that keeps every piece placed
    Blocked,  ///< no assembly keeps them, one keeps all but `blocking` (an index of the input)
    Solved,   ///< every piece is placed and the figure covered: nothing to hint
    Unknown,  ///< the time limit came first
  };
  Kind kind = Kind::Unknown;
  std::optional<PlayerPiece> piece;
  int blocking = -1;
  std::vector<PlayerPiece> assembly;  ///< Piece: the whole assembly the hint comes from
  std::string text;                   ///< one line for the player
};

/// A hint for the player's `pieces`: the plan's search with them fixed (solve_around), then,
/// when none keeps them all, with each left out in turn (the last placed first). Within the
/// plan's time limit in all; `stop` ends it.
Hint hint(const SolvePlan& plan, const Silhouette& silhouette,
          const std::vector<PlayerPiece>& pieces, const std::atomic<bool>* stop = nullptr);

}  // namespace tangram
