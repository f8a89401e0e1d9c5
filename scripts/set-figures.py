#!/usr/bin/python3
"""Render each built-in set's canonical figure as a pattern with its ground truth.

Usage: scripts/set-figures.py OUT_DIR [--side PX] [SET.json ...]
       (default: every src/io/sets/*.json that has a "figure" and an "assembly")

For each set NAME writes OUT_DIR/NAME.png (puzzle black on white, a 10 px margin, rendered by
4 x 4 supersampling with a pixel black when at least half of its samples lie in the figure, as
../shared/tools/tangram-figures renders) and OUT_DIR/NAME.truth.json (tangram-solution/1 naming
the set, each piece of the set file's "assembly" as a polygon in pixels, arcs sampled every 3
degrees as the solver flattens them). The scale makes the set's total area PX^2 pixels (default
200, the scale of masks/). Reads the outlines with scripts/check-piece-sets.py.

Needs numpy, shapely and OpenCV (python3-numpy python3-shapely python3-opencv).
"""
import importlib.util
import json
import math
import pathlib
import sys

import cv2
import numpy as np

ROOT = pathlib.Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("check_piece_sets", ROOT / "scripts" / "check-piece-sets.py")
checker = importlib.util.module_from_spec(spec)
spec.loader.exec_module(checker)


def solver_points(outline):
    """The outline's vertices with each arc as src/io/piece_sets.cpp flattens it: the fewest
    equal chords (at least 2) of at most 3 degrees each, so that a truth's polygon has the
    vertices of the solver's piece."""
    out = []
    for i, v in enumerate(outline.verts):
        out.append(v)
        arc = outline.arcs.get(i)
        if arc is None:
            continue
        n = max(2, math.ceil(arc.theta / (math.pi / 60) - 1e-9))
        a0 = math.atan2(*(arc.p - arc.centre)[::-1])
        for k in range(1, n):
            a = a0 + arc.ccw * arc.theta * k / n
            out.append(arc.centre + arc.r * np.array([math.cos(a), math.sin(a)]))
    return np.array(out)

MARGIN, SAMPLES = 10, 4


def render(path, side, out):
    data = json.loads(path.read_text())
    if "figure" not in data or "assembly" not in data:
        return None
    name = data["name"]
    pieces = [checker.Outline(p["outline"], p["name"]) for p in data["pieces"]]
    expanded = [(p["name"], outline) for p, outline in zip(data["pieces"], pieces)
                for _ in range(int(p.get("count", 1)))]
    total = sum(outline.exact_area for _, outline in expanded)
    scale = side / math.sqrt(total)
    figure = checker.Outline(data["figure"], "figure").points()
    x0, y0 = figure.min(axis=0)
    x1, y1 = figure.max(axis=0)

    def to_px(points):
        return (np.asarray(points) - [x0, y0]) * scale + MARGIN

    width = int(math.ceil((x1 - x0) * scale)) + 2 * MARGIN
    height = int(math.ceil((y1 - y0) * scale)) + 2 * MARGIN
    fine = np.zeros((height * SAMPLES, width * SAMPLES), np.uint8)
    # Sample centres: pixel (c, r) holds samples at c + (k + 0.5) / SAMPLES.
    poly = np.round((to_px(figure) * SAMPLES - 0.5) * 256).astype(np.int32)
    cv2.fillPoly(fine, [poly], 255, lineType=cv2.LINE_8, shift=8)
    share = fine.reshape(height, SAMPLES, width, SAMPLES).mean(axis=(1, 3)) / 255.0
    image = np.where(share >= 0.5, 0, 255).astype(np.uint8)
    cv2.imwrite(str(out / f"{name}.png"), image)
    truth_pieces = []
    for k, item in enumerate(data["assembly"]):
        which = item["piece"]
        piece_name = expanded[which][0] if isinstance(which, int) else which
        posed = solver_points(checker.Outline(item["vertices"], f"assembly[{k}]"))
        truth_pieces.append({"name": piece_name,
                             "polygon": [[round(float(x), 6), round(float(y), 6)] for x, y in to_px(posed)]})
    truth = {"format": "tangram-solution/1", "piece_set": name, "pattern": f"{name}.png",
             "solved": True, "pieces": truth_pieces}
    (out / f"{name}.truth.json").write_text(json.dumps(truth) + "\n")
    return name


def main(argv):
    args = list(argv)
    side = 200.0
    if "--side" in args:
        i = args.index("--side")
        side = float(args[i + 1])
        del args[i:i + 2]
    if not args:
        sys.exit(__doc__.split("\n\n")[1])
    out = pathlib.Path(args[0])
    out.mkdir(parents=True, exist_ok=True)
    files = [pathlib.Path(a) for a in args[1:]] or sorted((ROOT / "src" / "io" / "sets").glob("*.json"))
    for path in files:
        name = render(path, side, out)
        print(f"{path.name}: " + (f"wrote {name}.png and {name}.truth.json" if name else "no figure"))


if __name__ == "__main__":
    main(sys.argv[1:])
