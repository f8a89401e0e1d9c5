#!/usr/bin/python3
"""Write the pentomino boards whose assemblies are counted (tangram solve --all).

Usage: scripts/count-boards.py [OUT_DIR]   (default: masks/sets/pentominoes/counts)

Each board is drawn cell by cell, 20 px per unit cell with a 10 px white margin, puzzle black on
white (8-bit grey PNG), so that it lies exactly on the pentominoes' unit grid:
  6x10, 5x12, 4x15, 3x20   the rectangles filled by all 12 pentominoes (rows x columns);
  8x8-hole                 the 8 x 8 square without its middle 2 x 2;
  staircase                the triangle of 55 cells, rows of 1, 2, ..., 10 (11 of the 12
                           pentominoes fill it: solve it with --use subset --figure-area 55).
The files are deterministic: a rerun writes them byte for byte.
"""
import os
import sys

import cv2
import numpy as np

UNIT = 20
MARGIN = 10


def board(rows, cols, cells):
    """A picture of the cells (row, col) of a rows x cols grid."""
    image = np.full((rows * UNIT + 2 * MARGIN, cols * UNIT + 2 * MARGIN), 255, np.uint8)
    for r, c in cells:
        y, x = MARGIN + r * UNIT, MARGIN + c * UNIT
        image[y:y + UNIT, x:x + UNIT] = 0
    return image


def rectangle(rows, cols):
    return board(rows, cols, [(r, c) for r in range(rows) for c in range(cols)])


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "masks", "sets", "pentominoes", "counts")
    os.makedirs(out, exist_ok=True)
    boards = {f"{r}x{c}": rectangle(r, c) for r, c in [(6, 10), (5, 12), (4, 15), (3, 20)]}
    boards["8x8-hole"] = board(8, 8, [(r, c) for r in range(8) for c in range(8)
                                      if not (3 <= r <= 4 and 3 <= c <= 4)])
    boards["staircase"] = board(10, 10, [(r, c) for r in range(10) for c in range(r + 1)])
    for name, image in boards.items():
        cv2.imwrite(os.path.join(out, name + ".png"), image)
        print(os.path.join(out, name + ".png"))


if __name__ == "__main__":
    main()
