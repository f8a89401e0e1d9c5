#!/usr/bin/python3
"""Double-tangram figures for the copies benchmark (experiments/copies/README.md).

    experiments/copies/make-figures.py OUT_DIR

Writes five PNGs (puzzle black on white, about 200 px per tangram side): three pairs of masks/
figures side by side (each part one tangram's figure), a 2 x 1 rectangle and a square of side
sqrt(2) tangram sides. Needs the system Python with python3-opencv and python3-numpy.
"""
import os
import sys

import cv2
import numpy as np

MASKS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "masks")


def load(name):
    image = cv2.imread(os.path.join(MASKS, name), cv2.IMREAD_GRAYSCALE)
    if image is None:
        sys.exit(f"make-figures: cannot read masks/{name}")
    return image


def side_by_side(a, b, out):
    left, right = load(a), load(b)
    height = max(left.shape[0], right.shape[0])

    def pad(image):
        return np.vstack([image, np.full((height - image.shape[0], image.shape[1]), 255, np.uint8)])

    cv2.imwrite(out, np.hstack([pad(left), pad(right)]))


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make-figures.py OUT_DIR")
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    side_by_side("02-page9-11.png", "05-page6-124.png", os.path.join(out, "dt-02-05.png"))
    side_by_side("04-page3-30.png", "12-page1-105.png", os.path.join(out, "dt-04-12.png"))
    side_by_side("01-square.png", "01-square.png", os.path.join(out, "dt-01-01.png"))
    side = 200
    rect = np.full((side + 40, 2 * side + 40), 255, np.uint8)
    rect[20:20 + side, 20:20 + 2 * side] = 0
    cv2.imwrite(os.path.join(out, "dt-rect.png"), rect)
    r = int(round(side * 2 ** 0.5))
    square = np.full((r + 40, r + 40), 255, np.uint8)
    square[20:20 + r, 20:20 + r] = 0
    cv2.imwrite(os.path.join(out, "dt-square.png"), square)


if __name__ == "__main__":
    main()
