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

scripts/set-patterns.py imports this file for its rendering (PieceSet, Frame, rasterize,
truth_piece, write_pattern, render_figure, solver_points).
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


class PieceSet:
    """A set file read with scripts/check-piece-sets.py: its JSON (data), name, pieces
    [(name, count, Outline)], the expanded list [(name, Outline)] (each piece "count" times, in
    file order) and the exact total area."""

    def __init__(self, path):
        self.path = pathlib.Path(path)
        self.data = json.loads(self.path.read_text())
        self.name = self.data["name"]
        self.pieces = [(p["name"], int(p.get("count", 1)), checker.Outline(p["outline"], p["name"]))
                       for p in self.data["pieces"]]
        self.expanded = [(name, outline) for name, count, outline in self.pieces for _ in range(count)]
        self.total = sum(outline.exact_area for _, outline in self.expanded)

    def scale(self, side):
        """Pixels per set unit when the set's total area is side^2 pixels."""
        return side / math.sqrt(self.total)


class Frame:
    """The pixel frame of a picture holding `points` (set units) at `scale` pixels per unit:
    their bounding box's corner goes to (MARGIN, MARGIN), and the picture is the box rounded up
    plus a MARGIN on each side."""

    def __init__(self, points, scale):
        points = np.asarray(points, dtype=float)
        self.x0, self.y0 = points.min(axis=0)
        x1, y1 = points.max(axis=0)
        self.scale = scale
        self.width = int(math.ceil((x1 - self.x0) * scale)) + 2 * MARGIN
        self.height = int(math.ceil((y1 - self.y0) * scale)) + 2 * MARGIN

    def to_px(self, points):
        return (np.asarray(points) - [self.x0, self.y0]) * self.scale + MARGIN


def rasterize(polygons_px, width, height):
    """Black (0) on white (255): 4 x 4 samples per pixel, a pixel black when at least half of its
    samples lie in one of the polygons (each filled on its own, so their union is drawn and a
    region no polygon covers stays white)."""
    fine = np.zeros((height * SAMPLES, width * SAMPLES), np.uint8)
    # Sample centres: pixel (c, r) holds samples at c + (k + 0.5) / SAMPLES.
    for points in polygons_px:
        poly = np.round((np.asarray(points) * SAMPLES - 0.5) * 256).astype(np.int32)
        cv2.fillPoly(fine, [poly], 255, lineType=cv2.LINE_8, shift=8)
    share = fine.reshape(height, SAMPLES, width, SAMPLES).mean(axis=(1, 3)) / 255.0
    return np.where(share >= 0.5, 0, 255).astype(np.uint8)


def truth_piece(name, outline, frame):
    """A truth's piece: the posed outline flattened as the solver flattens it, in pixels."""
    return {"name": name,
            "polygon": [[round(float(x), 6), round(float(y), 6)] for x, y in frame.to_px(solver_points(outline))]}


def write_pattern(out, stem, image, set_name, truth_pieces=None):
    """Writes out/stem.png and, given truth_pieces, out/stem.truth.json (tangram-solution/1)."""
    cv2.imwrite(str(out / f"{stem}.png"), image)
    if truth_pieces is None:
        return
    truth = {"format": "tangram-solution/1", "piece_set": set_name, "pattern": f"{stem}.png",
             "solved": True, "pieces": truth_pieces}
    (out / f"{stem}.truth.json").write_text(json.dumps(truth) + "\n")


def render_figure(pieces, side, out, stem):
    """The set's canonical figure and its assembly as out/stem.png and out/stem.truth.json."""
    data = pieces.data
    figure = checker.Outline(data["figure"], "figure").points()
    frame = Frame(figure, pieces.scale(side))
    image = rasterize([frame.to_px(figure)], frame.width, frame.height)
    truth_pieces = []
    for k, item in enumerate(data["assembly"]):
        which = item["piece"]
        piece_name = pieces.expanded[which][0] if isinstance(which, int) else which
        truth_pieces.append(truth_piece(piece_name, checker.Outline(item["vertices"], f"assembly[{k}]"), frame))
    write_pattern(out, stem, image, pieces.name, truth_pieces)


def render(path, side, out):
    pieces = PieceSet(path)
    if "figure" not in pieces.data or "assembly" not in pieces.data:
        return None
    render_figure(pieces, side, out, pieces.name)
    return pieces.name


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
