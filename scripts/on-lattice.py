#!/usr/bin/python3
"""Whether solutions (tangram-solution/1 documents) lie on their set's exact lattice.

A set whose figures are made of turns of `step` degrees (the document's set: rotations.step_deg,
or the common step of rotations.angles_deg) has a lattice: at every multiple of the step, mirrored or not, each edge vector of each piece
has coordinates in {(a + b r) / q : a, b integers}, r = sqrt(2) for 45-degree steps, 0 for
90-degree steps (the pentominoes, the Stomachion), q the smallest denominator up to 48 that
holds every edge (the Tangram: 4). An assembly is on the lattice when, in the frame turned by
the figure's direction (the first piece's angle modulo the step):

- every piece's angle is that direction plus a multiple of the step (within --angle-tol
  degrees), the angle measured from the polygon against the set's outline, not the rounded
  angle_deg;
- every vertex, relative to the first piece's first vertex, in set units (the unit from the
  pieces' areas: sqrt(sum of polygon areas / the set's area)), has both coordinates within
  --tol set units of some (a + b r) / q with |a|, |b| <= q (E + 1), E the larger side of the
  vertices' box in set units (a coordinate relative to another vertex is a sum of edge
  components, each with |a|, |b| <= q; the lattice is dense, and values found only beyond are
  near misses, not an assembly's).

Pieces that touch (a vertex within 1e-4 set units of another's edge) make parts: PARTS says that
every part is on the lattice, each relative to its own first vertex, but the parts are not
relative to each other (a figure drawn with its parts at any distance).

  scripts/on-lattice.py SOLUTION.json...     one line per solution: ON, PARTS, OFF (why), NONE
  scripts/on-lattice.py --json SOLUTION.json...     one JSON object per solution

A document without a "set" (a ground truth) is taken to be of the Tangram. Unsolved solutions and sets without such a lattice (steps other than 45 and 90 degrees, curved
pieces) say NONE. Exit status 0.
"""
import argparse, functools, json, math, sys

MAX_A, MAX_B = 400, 100


# The Tangram (../shared/tools/README.md) for documents without a "set" (ground truths).
S = math.sqrt(2.0) / 4.0
TANGRAM = {"rotations": {"step_deg": 45}, "pieces": [
    {"name": "large-triangle", "count": 2, "outline": [[0, 0], [1, 0], [0.5, 0.5]]},
    {"name": "medium-triangle", "count": 1, "outline": [[0, 0], [2 * S, 0], [S, S]]},
    {"name": "small-triangle", "count": 2, "outline": [[0, 0], [0.5, 0], [0.25, 0.25]]},
    {"name": "square", "count": 1, "outline": [[0, 0], [S, 0], [S, S], [0, S]]},
    {"name": "parallelogram", "count": 1, "outline": [[0, 0], [0.5, 0], [0.75, 0.25], [0.25, 0.25]]}]}


def lattice_of(doc_set):
    rotations = doc_set.get("rotations", {})
    step = float(rotations.get("step_deg", 0) or 0)
    if not step and rotations.get("angles_deg"):  # listed angles: their common step
        step = float(functools.reduce(math.gcd, [int(round(a)) for a in rotations["angles_deg"]] + [360]))
    if any(p.get("arcs") for p in doc_set["pieces"]):
        return None
    if abs(step - 45.0) < 1e-9:
        r = math.sqrt(2.0)
    elif abs(step - 90.0) < 1e-9 or abs(step - 180.0) < 1e-9:
        r = 0.0
    else:
        return None
    edges = []
    for p in doc_set["pieces"]:
        pts = p["outline"]
        for k in range(int(round(360.0 / step))):
            a = math.radians(k * step)
            for mirror in (1.0, -1.0):
                for i in range(len(pts)):
                    x = pts[(i + 1) % len(pts)][0] - pts[i][0]
                    y = mirror * (pts[(i + 1) % len(pts)][1] - pts[i][1])
                    # counter-clockwise on screen, y down: (x, y) -> (x c + y s, -x s + y c)
                    edges += [x * math.cos(a) + y * math.sin(a), -x * math.sin(a) + y * math.cos(a)]
    for q in range(1, 49):
        if all(split(v, q, r, 1e-9) is not None for v in edges):
            return step, r, q
    return None


def split(v, q, r, tol, height=None):
    """(a, b) with |v - (a + b r) / q| <= tol, the smallest |a| + |b| (nearest on ties), |a| and
    |b| at most `height` (default 400 and 100); None."""
    max_a, max_b = (MAX_A, MAX_B) if height is None else (height, height)
    best = None
    for b in ([0] if r == 0.0 else range(-max_b, max_b + 1)):
        a = round(v * q - b * r)
        miss = abs(v - (a + b * r) / q)
        if abs(a) <= max_a and miss <= tol:
            key = (abs(a) + abs(b), miss)
            if best is None or key < best[0]:
                best = (key, (a, b))
    return None if best is None else best[1]


def nearest_simple(v, q, r, height=16):
    """Distance from v to the nearest (a + b r) / q with |a|, |b| <= 16 * q (a simple point)."""
    bs = [0] if r == 0.0 else range(-height, height + 1)
    return min(abs(v - (round(v * q - b * r) + b * r) / q) for b in bs)


def area(poly):
    return abs(sum(poly[i][0] * poly[(i + 1) % len(poly)][1] - poly[(i + 1) % len(poly)][0] * poly[i][1]
                   for i in range(len(poly)))) / 2.0


def centroid(poly):
    n = len(poly)
    a = sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1] for i in range(n)) / 2.0
    cx = sum((poly[i][0] + poly[(i + 1) % n][0]) *
             (poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1]) for i in range(n))
    cy = sum((poly[i][1] + poly[(i + 1) % n][1]) *
             (poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1]) for i in range(n))
    return cx / (6 * a), cy / (6 * a)


def measured_angle(piece, outline, unit):
    """The piece's rotation (degrees, counter-clockwise on screen, after the mirror) fitted to its
    polygon: angle_deg refined by matching each posed outline vertex to its nearest polygon vertex."""
    mirror = -1.0 if piece.get("reflected") else 1.0
    local = [(x * unit, mirror * y * unit) for x, y in outline]
    lc = centroid(local)
    local = [(x - lc[0], y - lc[1]) for x, y in local]
    poly = piece["polygon"]
    pc = centroid(poly)
    poly = [(x - pc[0], y - pc[1]) for x, y in poly]
    a = math.radians(float(piece.get("angle_deg", 0.0)))
    dot = crs = 0.0
    for x, y in local:
        px, py = x * math.cos(a) + y * math.sin(a), -x * math.sin(a) + y * math.cos(a)
        qx, qy = min(poly, key=lambda p: (p[0] - px) ** 2 + (p[1] - py) ** 2)
        dot += x * qx + y * qy
        crs += x * qy - y * qx
    # the rotation taking local to poly is clockwise by atan2(crs, dot) in y-down maths terms
    return (-math.degrees(math.atan2(crs, dot))) % 360.0


def check(doc, tol, angle_tol):
    if not doc.get("solved") or not doc.get("pieces"):
        return {"verdict": "NONE", "why": "unsolved"}
    doc.setdefault("set", TANGRAM)
    lat = lattice_of(doc["set"])
    if lat is None:
        return {"verdict": "NONE", "why": "the set has no lattice here"}
    step, r, q = lat
    shapes = {p["name"]: p for p in doc["set"]["pieces"]}
    set_area = sum(area(p["outline"]) * p.get("count", 1) for p in doc["set"]["pieces"])
    unit = math.sqrt(sum(area(p["polygon"]) for p in doc["pieces"]) / set_area)
    angles = [measured_angle(p, shapes[p["name"]]["outline"], unit) for p in doc["pieces"]]
    direction = angles[0] % step
    worst_angle = max(abs((a - direction + step / 2) % step - step / 2) for a in angles)
    c, s = math.cos(math.radians(direction)), math.sin(math.radians(direction))
    # vertices in set units, the direction's counter-clockwise turn (on screen, y down) undone
    frame = [[((x * c - y * s) / unit, (x * s + y * c) / unit) for x, y in p["polygon"]]
             for p in doc["pieces"]]
    parts = touching_parts(frame, 1e-4)
    xs = [x for poly in frame for x, _ in poly]
    ys = [y for poly in frame for _, y in poly]
    height = math.ceil(q * (max(max(xs) - min(xs), max(ys) - min(ys)) + 1.0))
    worst, off, max_ab, parts_off = 0.0, 0, 0, 0
    for part in parts:
        x0, y0 = frame[part[0]][0]
        part_off = 0
        for i in part:
            for x, y in frame[i]:
                for v in (x - x0, y - y0):
                    ab = split(v, q, r, tol, height)
                    if ab is None:
                        part_off += 1
                        worst = max(worst, nearest_simple(v, q, r))
                    else:
                        max_ab = max(max_ab, abs(ab[0]), abs(ab[1]))
        off += part_off
        parts_off += part_off > 0
    # the parts' first vertices relative to the first part's
    between = 0
    for part in parts[1:]:
        for v in (frame[part[0]][0][0] - frame[0][0][0], frame[part[0]][0][1] - frame[0][0][1]):
            between += split(v, q, r, tol, height) is None
    angles_on = worst_angle <= angle_tol
    verdict = "ON" if angles_on and off == 0 and between == 0 else \
        "PARTS" if angles_on and off == 0 else "OFF"
    out = {"verdict": verdict, "direction_deg": round(direction, 6), "worst_angle_deg": worst_angle,
           "parts": len(parts), "parts_off": parts_off, "off_coordinates": off,
           "worst_miss": worst, "lattice": f"(a + b*{r:.6g})/{q}", "height": height,
           "max_ab": max_ab}
    if verdict != "ON":
        why = []
        if not angles_on:
            why.append(f"a piece's angle off the {step:g}-degree grid by {worst_angle:.2e} deg")
        if off:
            why.append(f"{off} coordinates in {parts_off} of {len(parts)} parts off the lattice, "
                       f"the farthest {worst:.2e} set units from a simple lattice point")
        if between:
            why.append(f"{len(parts)} parts, each on the lattice, placed off it relative to each other")
        out["why"] = "; ".join(why)
    return out


def touching_parts(polys, tol):
    """Pieces joined by touching (a vertex of one within `tol` of the other's boundary), as lists
    of piece indices in order, the parts ordered by their first piece."""
    def near(p, q):
        for v in p:
            for i in range(len(q)):
                a, b = q[i], q[(i + 1) % len(q)]
                ex, ey = b[0] - a[0], b[1] - a[1]
                t = max(0.0, min(1.0, ((v[0] - a[0]) * ex + (v[1] - a[1]) * ey) / (ex * ex + ey * ey)))
                if math.hypot(v[0] - a[0] - t * ex, v[1] - a[1] - t * ey) <= tol:
                    return True
        return False
    n = len(polys)
    label = list(range(n))
    def find(i):
        while label[i] != i:
            i = label[i]
        return i
    for i in range(n):
        for j in range(i + 1, n):
            if near(polys[i], polys[j]) or near(polys[j], polys[i]):
                label[max(find(i), find(j))] = min(find(i), find(j))
    parts = {}
    for i in range(n):
        parts.setdefault(find(i), []).append(i)
    return [parts[k] for k in sorted(parts)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("solutions", nargs="+")
    ap.add_argument("--tol", type=float, default=1e-6, help="set units (default 1e-6)")
    ap.add_argument("--angle-tol", type=float, default=1e-5, help="degrees (default 1e-5)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    for path in args.solutions:
        try:
            with open(path) as f:
                doc = json.load(f)
            out = check(doc, args.tol, args.angle_tol)
        except (OSError, ValueError, KeyError) as e:
            out = {"verdict": "NONE", "why": f"unreadable: {e}"}
        out["solution"] = path
        if args.json:
            print(json.dumps(out))
        else:
            print(f"{out['verdict']:4} {path}" + (f"  ({out['why']})" if "why" in out else ""))


if __name__ == "__main__":
    main()
