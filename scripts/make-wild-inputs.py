#!/usr/bin/python3
"""Writes pictures of masks/02-page9-11 as they come from scanners, screenshots and drawing
programs, for trying `tangram solve` on real-world input (README "Real-world input").

    scripts/make-wild-inputs.py OUTDIR

OUTDIR/scan.png      grey figure (ink 60) on grey paper (215), edges anti-aliased by
                     coverage and blurred (sigma 1 px), 291 x 291
OUTDIR/inverted.png  white figure on a near-black background, anti-aliased, 291 x 291
OUTDIR/speckled.png  the figure with 40 dark specks of 2-4 px on the paper and 6 pinholes
                     of 2 x 2 px in the pieces (fixed seed), 291 x 291
OUTDIR/large.png     the figure 10 times larger (set side 2000 px) on a 4000 x 3000 canvas
OUTDIR/outline.png   only the figure's outline (outside and hole), 3 px anti-aliased strokes
                     centred on it, 291 x 291
OUTDIR/line.png      a 4 px line, 700 x 300

Needs numpy and OpenCV for Python (scripts/setup-deps.sh --bench). The figure comes from
masks/02-page9-11.truth.json, so the set side is 200 px at scale 1.
"""

import json
import os
import sys

import cv2
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
TRUTH = os.path.join(HERE, "..", "masks", "02-page9-11.truth.json")
SHIFT = 8  # fractional bits of the vertices given to cv2.fillPoly


def polygons(scale=1.0, offset=(0.0, 0.0)):
    with open(TRUTH) as f:
        pieces = json.load(f)["pieces"]
    return [[(offset[0] + scale * x, offset[1] + scale * y) for x, y in p["polygon"]]
            for p in pieces]


def fill(image, polys, value, line_type):
    # Pixel (i, j) covers [j, j+1) x [i, i+1); OpenCV's integer coordinates are pixel centres.
    for poly in polys:
        pts = np.array([[round((x - 0.5) * (1 << SHIFT)), round((y - 0.5) * (1 << SHIFT))]
                        for x, y in poly], dtype=np.int32)
        cv2.fillPoly(image, [pts], int(value), line_type, SHIFT)


def by_coverage(polys, width, height, ink, paper, factor=4):
    """Anti-aliased by coverage: drawn at factor x the size, then block means."""
    fine = [[(factor * x, factor * y) for x, y in p] for p in polys]
    large = np.full((height * factor, width * factor), paper, np.uint8)
    fill(large, fine, ink, cv2.LINE_8)
    return cv2.resize(large, (width, height), interpolation=cv2.INTER_AREA)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    size = 291

    scan = by_coverage(polygons(), size, size, 60, 215)
    cv2.imwrite(os.path.join(out, "scan.png"), cv2.GaussianBlur(scan, (0, 0), 1.0))

    clean = by_coverage(polygons(), size, size, 0, 255)
    cv2.imwrite(os.path.join(out, "inverted.png"), (255 - clean) // 255 * 225 + 30)

    rng = np.random.default_rng(5)
    speckled = clean.copy()
    placed = 0
    while placed < 40:
        x, y = rng.integers(0, size - 4, 2)
        w, h = rng.integers(2, 5, 2)
        if speckled[max(0, y - 3):y + h + 3, max(0, x - 3):x + w + 3].min() < 255:
            continue  # keep specks apart from the figure and each other
        speckled[y:y + h, x:x + w] = 0
        placed += 1
    for x, y in [(40, 150), (60, 180), (230, 120), (150, 250), (150, 40), (200, 230)]:
        speckled[y:y + 2, x:x + 2] = 255
    cv2.imwrite(os.path.join(out, "speckled.png"), speckled)

    large = np.full((3000, 4000), 255, np.uint8)
    fill(large, polygons(10.0, (700.0, 150.0)), 0, cv2.LINE_AA)
    cv2.imwrite(os.path.join(out, "large.png"), large)

    # The union's boundary traced at 4x and drawn with sub-pixel vertices, 3 px strokes.
    factor = 4
    fine = np.zeros((size * factor, size * factor), np.uint8)
    fill(fine, [[(factor * x, factor * y) for x, y in p] for p in polygons()], 255, cv2.LINE_8)
    traced, _ = cv2.findContours(fine, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    lines = [np.array([[round(((x + 0.5) / factor - 0.5) * (1 << SHIFT)),
                        round(((y + 0.5) / factor - 0.5) * (1 << SHIFT))]
                       for x, y in c.reshape(-1, 2)], dtype=np.int32) for c in traced]
    outline = np.full((size, size), 255, np.uint8)
    cv2.polylines(outline, lines, True, 0, 3, cv2.LINE_AA, SHIFT)
    cv2.imwrite(os.path.join(out, "outline.png"), outline)

    line = np.full((300, 700), 255, np.uint8)
    cv2.line(line, (20, 150), (680, 150), 0, 4)
    cv2.imwrite(os.path.join(out, "line.png"), line)


if __name__ == "__main__":
    main()
