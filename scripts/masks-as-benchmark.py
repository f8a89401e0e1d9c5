#!/usr/bin/python3
"""Lay out masks/ as a benchmark set, as ../shared/benchmarks holds them, so that
scripts/bench-kilogram.sh --set OUT can solve and referee it:

  scripts/masks-as-benchmark.py OUT

OUT/png/NN-name.png link to masks/, OUT/index.csv lists each pattern with the columns of the
KiloGram index: parts (8-connected components of the dark pixels) and holes counted on the
picture, all_45deg and parallelogram_chirality left empty, truth_verdict VALID (masks/ were
rendered from exact arrangements, NN-name.truth.json), truth_max_edge_err 0.
Needs python3-opencv (scripts/setup-deps.sh --bench).
"""
import csv, os, sys

import cv2


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = os.path.abspath(sys.argv[1])
    masks = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "masks")
    os.makedirs(os.path.join(out, "png"), exist_ok=True)
    rows = []
    for name in sorted(f for f in os.listdir(masks) if f.endswith(".png")):
        source = os.path.realpath(os.path.join(masks, name))
        link = os.path.join(out, "png", name)
        if not os.path.lexists(link):
            os.symlink(source, link)
        grey = cv2.imread(source, cv2.IMREAD_GRAYSCALE)
        figure = (grey < 128).astype("uint8")
        parts = cv2.connectedComponents(figure, connectivity=8)[0] - 1
        # Holes: 4-connected background regions that do not touch the border.
        padded = cv2.copyMakeBorder(1 - figure, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=1)
        holes = cv2.connectedComponents(padded, connectivity=4)[0] - 2
        rows.append([name[:-4], parts, holes, "", "", grey.shape[1], grey.shape[0], "VALID", 0])
    with open(os.path.join(out, "index.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["name", "components", "holes", "all_45deg", "parallelogram_chirality",
                    "png_width", "png_height", "truth_verdict", "truth_max_edge_err"])
        w.writerows(rows)
    print(f"{out}: {len(rows)} patterns")


if __name__ == "__main__":
    main()
