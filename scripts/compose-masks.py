#!/usr/bin/python3
"""Composes the arrangements of the 30-pattern dataset in masks/src/ (run once; the output is
kept in the repository and scripts/make-masks.sh renders it).

    scripts/compose-masks.py [--kilogram DIR] [--out DIR]

Every figure but the square comes from the KiloGram dev set (../shared/benchmarks/kilogram-dev,
digitised from J. Slocum, The Tangram Book): its ground truth is turned into poses in piece
units. The choice is made by rule, not by hand and not by what our solver solves: the figures
of each kind are listed in name order, shuffled with a fixed seed, and the first ones are taken.
Only clean figures are used: truth_verdict VALID and truth_max_edge_err below 0.1%.

  01       the seven-piece square (masks/src/01-square.svg, composed by this project)
  02, 03   page9-11 (a hole) and page5-219 (two parts), the examples shipped before
  04-07    the other clean 45-degree figures with holes, in name order (two of them have
           two parts as well)
  08-09    figures of several parts (seeded choice)
  10-18    one-part figures without holes (seeded choice)
  19       page3-99: the one clean KiloGram dev figure with pieces off the 45-degree grid
  20-24    one-part figures with one piece (20-22) or two joined pieces (23-24) turned about a
           vertex where they touch the rest by a seeded angle at least 5 degrees away from any
           multiple of 45, the first turn that overlaps nothing
  25-30    one-part figures turned as a whole by their angle in kilogram-dev-rotated

Needs the system Python with numpy and shapely (scripts/setup-deps.sh --bench).
"""
import argparse
import csv
import json
import math
import os
import random
import sys

from shapely.geometry import Point, Polygon
from shapely.ops import unary_union

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEED = 2019
R2 = math.sqrt(2)
STANDARD = {
    "large-triangle": [(0, 0), (1, 0), (0.5, 0.5)],
    "medium-triangle": [(0, 0), (R2 / 2, 0), (R2 / 4, R2 / 4)],
    "small-triangle": [(0, 0), (0.5, 0), (0.25, 0.25)],
    "square": [(0, 0), (R2 / 4, 0), (R2 / 4, R2 / 4), (0, R2 / 4)],
    "parallelogram": [(0, 0), (0.5, 0), (0.75, 0.25), (0.25, 0.25)],
}


def centroid(points):
    p = Polygon(points).centroid
    return (p.x, p.y)


def rotate(v, angle_deg):
    """Counter-clockwise on screen (y down), as tangram::rotate_local."""
    t = math.radians(angle_deg)
    c, s = math.cos(t), math.sin(t)
    return (c * v[0] + s * v[1], -s * v[0] + c * v[1])


def posed(piece):
    """The polygon of an arrangement piece (piece units), as tangram::posed_polygon."""
    local = STANDARD[piece["name"]]
    cx, cy = centroid(local)
    out = []
    for x, y in local:
        v = (x - cx, y - cy)
        if piece["reflected"]:
            v = (v[0], -v[1])
        v = rotate(v, piece["angle_deg"])
        out.append((v[0] + piece["centre"][0], v[1] + piece["centre"][1]))
    return Polygon(out)


def from_truth(path):
    """Arrangement pieces from a tangram-solution/1 ground truth."""
    truth = json.load(open(path))
    side = truth.get("side_px", 200.0)
    pieces = []
    for p in truth["pieces"]:
        cx, cy = centroid(p["polygon"])
        piece = {"name": p["name"], "reflected": bool(p["reflected"]),
                 "angle_deg": round(p["angle_deg"] % 360.0, 9),
                 "centre": [round(cx / side, 12), round(cy / side, 12)]}
        # The exact piece at this pose must match the truth's polygon (digitised pieces may be
        # off by a fraction of a percent; the overlap check of tangram render catches the rest).
        error = posed(piece).symmetric_difference(
            Polygon([(x / side, y / side) for x, y in p["polygon"]])).area
        if error > 1e-3:
            raise SystemExit(f"{path}: pose of {p['name']} does not reproduce its polygon "
                             f"(difference {error:.2g})")
        pieces.append(piece)
    return pieces


def overlaps(polys, tolerance=1e-7):
    return any(polys[i].intersection(polys[j]).area > tolerance
               for i in range(len(polys)) for j in range(i + 1, len(polys)))


def turned_variant(pieces, group_size, rng):
    """A turn of `group_size` joined pieces about a vertex where they touch the rest, or None."""
    polys = [posed(p) for p in pieces]
    groups = []
    for i in range(7):
        if group_size == 1:
            groups.append((i,))
        else:
            for j in range(i + 1, 7):
                if polys[i].intersection(polys[j]).length > 0.05:
                    groups.append((i, j))
    rng.shuffle(groups)
    for group in groups:
        rest = [k for k in range(7) if k not in group]
        rest_union = unary_union([polys[k] for k in rest])
        group_union = unary_union([polys[k] for k in group])
        contact = group_union.intersection(rest_union).length
        if contact <= 0 or contact > 0.4:  # a limb: attached along a short stretch
            continue
        pivots = sorted({(x, y) for k in group for x, y in list(polys[k].exterior.coords)[:-1]
                         if rest_union.distance(Point(x, y)) < 1e-9})
        rng.shuffle(pivots)
        for pivot in pivots:
            magnitude = rng.uniform(10.0, 35.0)
            for sign in rng.sample([1, -1], 2):
                angle = round(sign * magnitude, 2)
                moved = []
                for k in range(7):
                    p = dict(pieces[k])
                    if k in group:
                        v = rotate((p["centre"][0] - pivot[0], p["centre"][1] - pivot[1]), angle)
                        p["centre"] = [pivot[0] + v[0], pivot[1] + v[1]]
                        p["angle_deg"] = p["angle_deg"] + angle
                    moved.append(posed(p))
                if not overlaps(moved):
                    return {"pieces": list(group), "pivot": [pivot[0], pivot[1]],
                            "angle_deg": angle}
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kilogram", default=os.path.join(ROOT, "..", "shared", "benchmarks"))
    ap.add_argument("--out", default=os.path.join(ROOT, "masks", "src"))
    opts = ap.parse_args()
    dev = os.path.join(opts.kilogram, "kilogram-dev")
    rows = {r["name"]: r for r in csv.DictReader(open(os.path.join(dev, "index.csv")))}
    rotated = {r["name"]: float(r["angle_deg"]) for r in
               csv.DictReader(open(os.path.join(opts.kilogram, "kilogram-dev-rotated", "index.csv")))}
    # Clean figures: the referee accepts the truth and its pieces are exact (edge error < 0.1%),
    # so that exact pieces at the truth's poses reproduce the figure.
    clean = sorted(n for n, r in rows.items()
                   if r["truth_verdict"] == "VALID" and float(r["truth_max_edge_err"]) < 0.001)
    grid = [n for n in clean if rows[n]["all_45deg"] == "1"]
    used = {"page9-11", "page5-219"}

    def take(candidates, count, rng):
        pool = [n for n in candidates if n not in used]
        rng.shuffle(pool)
        chosen = pool[:count]
        used.update(chosen)
        return chosen

    rng = random.Random(SEED)
    holes = [n for n in grid if rows[n]["holes"] != "0" and n not in used][:4]
    used.update(holes)
    multi = take([n for n in grid if rows[n]["components"] != "1" and rows[n]["holes"] == "0"], 2, rng)
    plain = [n for n in grid if rows[n]["components"] == "1" and rows[n]["holes"] == "0"]
    ordinary = take(plain, 9, rng)
    off_grid = [n for n in clean if rows[n]["all_45deg"] == "0"]

    entries = [("01-square", None, "square"), ("02-page9-11", "page9-11", "kilogram"),
               ("03-page5-219", "page5-219", "kilogram")]
    number = 4
    for name in holes + multi + ordinary:
        entries.append((f"{number:02d}-{name}", name, "kilogram"))
        number += 1
    for name in off_grid:
        entries.append((f"{number:02d}-{name}", name, "kilogram"))
        number += 1
    turned = []
    while len(turned) < 5:
        group_size = 1 if len(turned) < 3 else 2
        (name,) = take(plain, 1, rng)
        pieces = from_truth(os.path.join(dev, "truth", name + ".truth.json"))
        turn = turned_variant(pieces, group_size, rng)
        if turn is None:
            continue
        turned.append(name)
        entries.append((f"{number:02d}-{name}-turned", name, ("turn", turn)))
        number += 1
    for name in take(plain, 6, rng):
        entries.append((f"{number:02d}-{name}-rotated", name, ("rotate", rotated[name])))
        number += 1
    assert number == 31, number

    os.makedirs(opts.out, exist_ok=True)
    for stem, figure, how in entries:
        if how == "square":
            truth = os.path.join(ROOT, "masks", "01-square.truth.json")
            source = "composed by this project (src/01-square.svg)"
        else:
            truth = os.path.join(dev, "truth", figure + ".truth.json")
            source = f"KiloGram {figure} (J. Slocum, The Tangram Book)"
        doc = {"format": "tangram-arrangement/1", "name": stem[3:], "source": source,
               "pieces": from_truth(truth)}
        if isinstance(how, tuple) and how[0] == "turn":
            doc["turns"] = [how[1]]
            doc["source"] += f"; pieces {how[1]['pieces']} turned by {how[1]['angle_deg']} deg"
        if isinstance(how, tuple) and how[0] == "rotate":
            doc["rotate_deg"] = how[1]
            doc["source"] += f"; turned as a whole by {how[1]} deg as in kilogram-dev-rotated"
        with open(os.path.join(opts.out, stem + ".arrangement.json"), "w") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")
        print(stem, "-", doc["source"])


if __name__ == "__main__":
    sys.exit(main())
