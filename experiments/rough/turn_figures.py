#!/usr/bin/env python3
"""Turned copies of figures: each picture set on a canvas twice its size (its corner's colour
around it) and turned about the canvas centre by each angle, nearest pixel (cv2.warpAffine).

    experiments/rough/turn_figures.py SRC_DIR OUT_DIR NAME... [--angles 17 20]

NAME is a file name in SRC_DIR without .png (e.g. make_rough.py's 01-square-s170-j3); writes
OUT_DIR/NAME-tA.png. Needs python3-opencv and python3-numpy.
"""
import argparse
import os

import cv2
import numpy as np


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("src")
    parser.add_argument("out")
    parser.add_argument("names", nargs="+")
    parser.add_argument("--angles", type=float, nargs="+", default=[17.0, 20.0])
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for name in args.names:
        image = cv2.imread(os.path.join(args.src, name + ".png"), cv2.IMREAD_GRAYSCALE)
        if image is None:
            raise SystemExit(f"turn_figures.py: cannot read {name}.png in {args.src}")
        h, w = image.shape
        canvas = np.full((2 * h, 2 * w), image[0, 0], np.uint8)
        canvas[h // 2:h // 2 + h, w // 2:w // 2 + w] = image
        for angle in args.angles:
            turn = cv2.getRotationMatrix2D((w, h), angle, 1.0)
            out = cv2.warpAffine(canvas, turn, (2 * w, 2 * h), flags=cv2.INTER_NEAREST,
                                 borderValue=int(image[0, 0]))
            cv2.imwrite(os.path.join(args.out, f"{name}-t{angle:g}.png"), out)


if __name__ == "__main__":
    main()
