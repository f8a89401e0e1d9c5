#!/usr/bin/python3
"""Prints the Markdown table of masks/README.md from the ground truths and arrangements.

    scripts/describe-masks.py [MASKS_DIR] [--montage OUT.png]

--montage also draws the patterns side by side, ten per row, each scaled into a 150 px cell
with its file name under it (needs python3-opencv).

parts = groups of pieces connected by contacts along a shared stretch longer than 2% of the set
side (measured with a 0.1% tolerance; pieces touching at a point only are separate parts, as in
the KiloGram index.csv), holes = its interior rings of at least 1 px², mirrored = the parallelogram's
`reflected` flag (y: the mirror image of the standard piece, so the figure cannot be assembled
this way without reflection), angles = the pieces' angle_deg, rounded to 0.01 deg.
Needs the system Python with shapely (scripts/setup-deps.sh --bench).
"""
import glob
import json
import os
import sys

from shapely.geometry import Polygon
from shapely.ops import unary_union


def montage(root, out):
    import cv2
    import numpy as np
    cells = []
    for path in sorted(glob.glob(os.path.join(root, "[0-9][0-9]-*.png"))):
        image = cv2.imread(path, cv2.IMREAD_GRAYSCALE)
        h, w = image.shape
        k = 150.0 / max(h, w)
        image = cv2.resize(image, (max(1, int(w * k)), max(1, int(h * k))),
                           interpolation=cv2.INTER_AREA)
        cell = np.full((172, 160), 255, np.uint8)
        y, x = (150 - image.shape[0]) // 2 + 2, (160 - image.shape[1]) // 2
        cell[y:y + image.shape[0], x:x + image.shape[1]] = image
        name = os.path.basename(path)[:-4]
        cv2.putText(cell, name[:22], (3, 166), cv2.FONT_HERSHEY_SIMPLEX, 0.33, 0, 1, cv2.LINE_AA)
        cells.append(cell)
    while len(cells) % 10:
        cells.append(np.full((172, 160), 255, np.uint8))
    rows = [np.hstack(cells[i:i + 10]) for i in range(0, len(cells), 10)]
    if not cv2.imwrite(out, np.vstack(rows)):
        raise SystemExit(f"describe-masks: cannot write {out}")


def main():
    args = sys.argv[1:]
    if "--montage" in args:
        i = args.index("--montage")
        out = args[i + 1]
        del args[i:i + 2]
    else:
        out = None
    root = args[0] if args else os.path.join(
        os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "masks")
    if out:
        montage(root, out)
    print("| file | source | holes | parts | mirrored | angles used (deg) |")
    print("|---|---|---|---|---|---|")
    for truth_path in sorted(glob.glob(os.path.join(root, "*.truth.json"))):
        stem = os.path.basename(truth_path)[: -len(".truth.json")]
        truth = json.load(open(truth_path))
        arrangement = json.load(open(os.path.join(root, "src", stem + ".arrangement.json")))
        polygons = [Polygon(p["polygon"]) for p in truth["pieces"]]
        side = sum(p.area for p in polygons) ** 0.5
        group = list(range(len(polygons)))

        def find(i):
            while group[i] != i:
                i = group[i]
            return i

        for i in range(len(polygons)):
            for j in range(i + 1, len(polygons)):
                contact = polygons[i].exterior.buffer(0.001 * side).intersection(
                    polygons[j].exterior).length
                if contact > 0.02 * side:
                    group[find(i)] = find(j)
        parts = len({find(i) for i in range(len(polygons))})
        union = unary_union([p.buffer(1e-6, join_style=2) for p in polygons])
        holes = sum(1 for part in getattr(union, "geoms", [union]) for ring in part.interiors
                    if Polygon(ring).area >= 1.0)
        mirrored = next(p["reflected"] for p in truth["pieces"] if p["name"] == "parallelogram")
        angles = sorted({round(p["angle_deg"] % 360.0, 2) % 360.0 for p in truth["pieces"]})
        text = ", ".join(f"{a:g}" for a in angles)
        print(f"| `{stem}.png` | {arrangement['source']} | {holes} | {parts} | "
              f"{'y' if mirrored else 'n'} | {text} |")


if __name__ == "__main__":
    main()
