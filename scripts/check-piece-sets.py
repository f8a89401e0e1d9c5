#!/usr/bin/python3
"""Check the piece-set files src/io/sets/*.json (format "tangram-pieces/1").

Usage: scripts/check-piece-sets.py [-v] [FILE.json ...]   (default: every src/io/sets/*.json;
       -v also prints each piece's exact and polyline area)

For every file:
  * the format: required fields and their types, lowercase hyphenated name equal to the file
    name, unique piece names, counts >= 1, and the outline rules: a closed list of vertices
    [x, y] (y down), no repeated closing vertex, at most one {"through": [x, y]} between two
    consecutive vertices (cyclically), the through point being the midpoint of its arc;
  * each piece's area, exactly (shoelace over the vertices plus, per arc, the signed circular
    segment r^2/2 (theta - sin theta)) and from a fine polyline (arcs sampled every 0.01 degree,
    shapely), which must agree; the outline must be a simple polygon;
  * with a "figure": the pieces' total area (counts included) equals the figure's area, to 1e-9
    relative when nothing is curved, 1e-6 when arcs are involved;
  * with an "assembly" ([{"piece": name or index into the expanded list, "vertices": outline}]):
    every expanded piece is used exactly once, each posed outline is congruent to its piece
    (rotation + translation, and reflection only if "mirror" is true; the rotation must be one
    the set allows), the posed pieces do not overlap and their union is the figure (areas of the
    overlaps and of the symmetric difference <= 1e-7 of the figure's area).

The expanded list repeats each piece "count" times, in file order. Prints one summary per set;
exits 1 if any check failed, 2 on usage errors.

Needs numpy and shapely (Debian: python3-numpy python3-shapely; scripts/setup-deps.sh --bench).
"""
import json
import math
import pathlib
import re
import sys

import numpy as np
from shapely.geometry import Polygon
from shapely.ops import unary_union

FORMAT = "tangram-pieces/1"
NAME_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
TOP_REQUIRED = ("format", "name", "title", "source", "notes", "units", "rotations", "mirror", "pieces")
TOP_OPTIONAL = ("figure", "assembly")
ARC_STEP = math.radians(0.01)      # polyline step along arcs
REL_POLY = 1e-9                    # area agreement, straight edges only
REL_ARC = 1e-6                     # area agreement when arcs are involved
REL_ASSEMBLY = 1e-7                # overlaps / union vs figure, congruence (times the figure size)
ANGLE_TOL_DEG = 1e-6


class SetError(Exception):
    pass


def is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def cross(a, b):
    return a[0] * b[1] - a[1] * b[0]


class Arc:
    """The circular arc from p to q through its midpoint m."""

    def __init__(self, p, m, q, where):
        self.p, self.m, self.q = p, m, q
        chord = q - p
        c = float(np.hypot(*chord))
        side = cross(chord, m - p)
        scale = max(c, float(np.hypot(*(m - p))), 1e-300)
        if abs(side) <= 1e-12 * scale * scale:
            raise SetError(f"{where}: through point {m.tolist()} is on the chord, no arc")
        dp, dq = float(np.hypot(*(m - p))), float(np.hypot(*(m - q)))
        if abs(dp - dq) > 1e-9 * max(dp, dq):
            raise SetError(f"{where}: through point {m.tolist()} is not the arc's midpoint "
                           f"(distances to the ends {dp:.12g} and {dq:.12g})")
        h = abs(side) / c                                  # sagitta (distance of m from the chord)
        self.r = (c * c / 4 + h * h) / (2 * h)
        self.theta = 4 * math.atan2(2 * h, c)              # central angle, in (0, 2 pi)
        # centre: from the chord's midpoint, away from m when theta < pi
        mid = (p + q) / 2
        u = (m - mid) / float(np.hypot(*(m - mid)))
        self.centre = m - u * self.r
        # sweep direction seen in the coordinate frame: +1 counter-clockwise (x towards y)
        self.ccw = 1 if cross(m - p, q - m) > 0 else -1

    def signed_segment(self):
        """Signed area between chord and arc, to add to the shoelace of the vertices."""
        return self.ccw * self.r * self.r / 2 * (self.theta - math.sin(self.theta))

    def inner_points(self):
        n = max(8, math.ceil(self.theta / ARC_STEP))
        a0 = math.atan2(*(self.p - self.centre)[::-1])
        k = np.arange(1, n)
        a = a0 + self.ccw * self.theta * k / n
        return np.column_stack((self.centre[0] + self.r * np.cos(a), self.centre[1] + self.r * np.sin(a)))

    def transformed(self, f):
        return (f(self.m),)


class Outline:
    """A closed outline: vertices and, per edge i (vertex i -> vertex i+1), an optional Arc."""

    def __init__(self, raw, where):
        if not isinstance(raw, list) or not raw:
            raise SetError(f"{where}: an outline must be a non-empty list")
        verts, arcs, pending = [], {}, None
        for k, item in enumerate(raw):
            if isinstance(item, dict):
                if set(item) != {"through"}:
                    raise SetError(f"{where}[{k}]: an object in an outline must be exactly {{\"through\": [x, y]}}")
                pt = item["through"]
                if not (isinstance(pt, list) and len(pt) == 2 and all(map(is_number, pt))):
                    raise SetError(f"{where}[{k}]: \"through\" must be [x, y] with finite numbers")
                if not verts:
                    raise SetError(f"{where}[{k}]: an outline must start with a vertex")
                if pending is not None:
                    raise SetError(f"{where}[{k}]: two \"through\" objects in a row")
                pending = np.array(pt, dtype=float)
            elif isinstance(item, list) and len(item) == 2 and all(map(is_number, item)):
                if pending is not None:
                    arcs[len(verts) - 1] = pending
                    pending = None
                verts.append(np.array(item, dtype=float))
            else:
                raise SetError(f"{where}[{k}]: expected [x, y] or {{\"through\": [x, y]}}, got {json.dumps(item)}")
        if pending is not None:                      # arc on the closing edge
            arcs[len(verts) - 1] = pending
        n = len(verts)
        if n < 3 and not (n == 2 and arcs):
            raise SetError(f"{where}: too few vertices ({n})")
        size = max(float(np.ptp(np.array(verts), axis=0).max()), 1e-300)
        for i in range(n):
            if float(np.hypot(*(verts[(i + 1) % n] - verts[i]))) <= 1e-12 * size:
                what = "the last vertex repeats the first" if i == n - 1 else f"vertices {i} and {i + 1} coincide"
                raise SetError(f"{where}: {what}")
        self.verts = verts
        self.arcs = {i: Arc(verts[i], m, verts[(i + 1) % n], f"{where} edge {i}") for i, m in arcs.items()}
        self.where = where
        pts = self.points()
        poly = Polygon(pts)
        if not poly.is_valid or poly.area <= 0:
            raise SetError(f"{where}: the outline is not a simple polygon")
        self.poly = poly
        self.exact_area = abs(self.signed_area())
        rel = abs(self.exact_area - poly.area) / self.exact_area
        if rel > (1e-5 if self.arcs else 1e-12):
            raise SetError(f"{where}: exact area {self.exact_area!r} and polyline area {poly.area!r} disagree")

    @property
    def n(self):
        return len(self.verts)

    def signed_area(self):
        v = np.array(self.verts)
        x, y = v[:, 0], v[:, 1]
        s = 0.5 * float(np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y))
        return s + sum(a.signed_segment() for a in self.arcs.values())

    def points(self):
        out = []
        for i, v in enumerate(self.verts):
            out.append(v)
            if i in self.arcs:
                out.extend(self.arcs[i].inner_points())
        return np.array(out)

    def size(self):
        b = self.poly.bounds
        return math.hypot(b[2] - b[0], b[3] - b[1])

    def edges(self, reverse=False):
        """[(start, through-or-None, end)] in traversal order; a vertex between two collinear
        straight edges is dropped, so that such vertices do not matter for congruence."""
        n = self.n
        e = [(self.verts[i], self.arcs[i].m if i in self.arcs else None, self.verts[(i + 1) % n]) for i in range(n)]
        tol = 1e-12 * self.size()
        merged = True
        while merged and len(e) > 3:
            merged = False
            for i in range(len(e)):
                a, b = e[i - 1], e[i]
                if a[1] is None and b[1] is None:
                    u, w = a[2] - a[0], b[2] - b[0]
                    if abs(cross(u, w)) <= tol * (float(np.hypot(*u)) + float(np.hypot(*w))) and float(u @ w) > 0:
                        e[i - 1] = (a[0], None, b[2])
                        del e[i]
                        merged = True
                        break
        if reverse:
            e = [(b, m, a) for a, m, b in reversed(e)]
        return e


def congruence(piece, posed, mirror, tol):
    """Yield (angle_deg, reflected) for every rigid motion mapping piece onto posed."""
    pe = piece.edges()
    if len(pe) != len(posed.edges()) or len(piece.arcs) != len(posed.arcs):
        return
    for reverse in (False, True):
        qe = posed.edges(reverse)
        for shift in range(len(qe)):
            q = qe[shift:] + qe[:shift]
            if any((a[1] is None) != (b[1] is None) for a, b in zip(pe, q)):
                continue
            p0, p1 = pe[0][0], pe[0][2]
            q0, q1 = q[0][0], q[0][2]
            if abs(float(np.hypot(*(p1 - p0))) - float(np.hypot(*(q1 - q0)))) > tol:
                continue
            for reflected in ((False, True) if mirror else (False,)):
                refl = np.array([[1.0, 0.0], [0.0, -1.0]]) if reflected else np.eye(2)
                d0 = refl @ (p1 - p0)
                ang = math.atan2(q1[1] - q0[1], q1[0] - q0[0]) - math.atan2(d0[1], d0[0])
                rot = np.array([[math.cos(ang), -math.sin(ang)], [math.sin(ang), math.cos(ang)]])
                lin = rot @ refl
                t = q0 - lin @ p0
                f = lambda v: lin @ v + t
                ok = True
                for (a, am, _), (b, bm, _) in zip(pe, q):
                    if float(np.hypot(*(f(a) - b))) > tol or (am is not None and float(np.hypot(*(f(am) - bm))) > tol):
                        ok = False
                        break
                if ok:
                    yield math.degrees(ang) % 360.0, reflected


def angle_allowed(angle, rotations):
    def near(a, b):
        d = (a - b) % 360.0
        return min(d, 360.0 - d) <= ANGLE_TOL_DEG
    if "step_deg" in rotations:
        step = rotations["step_deg"]
        k = round(angle / step)
        return near(angle, k * step)
    return any(near(angle, a) for a in rotations["angles_deg"])


def check_set(path, verbose=False):
    """Check one file; returns a summary line or raises SetError."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise SetError(f"cannot read JSON: {e}")
    if not isinstance(data, dict):
        raise SetError("the top level must be an object")
    missing = [k for k in TOP_REQUIRED if k not in data]
    if missing:
        raise SetError(f"missing fields: {', '.join(missing)}")
    unknown = [k for k in data if k not in TOP_REQUIRED + TOP_OPTIONAL]
    if unknown:
        raise SetError(f"unknown fields: {', '.join(unknown)}")
    if data["format"] != FORMAT:
        raise SetError(f"format must be {FORMAT!r}, not {data['format']!r}")
    name = data["name"]
    if not isinstance(name, str) or not NAME_RE.match(name):
        raise SetError(f"name {name!r} is not lowercase-hyphenated")
    if name != path.stem:
        raise SetError(f"name {name!r} differs from the file name {path.stem!r}")
    for k in ("title", "source", "notes", "units"):
        if not isinstance(data[k], str) or not data[k].strip():
            raise SetError(f"{k} must be a non-empty string")
    rot = data["rotations"]
    if not isinstance(rot, dict) or len(rot) != 1 or not ({"step_deg", "angles_deg"} & set(rot)):
        raise SetError('rotations must be {"step_deg": D} or {"angles_deg": [...]}')
    if "step_deg" in rot:
        st = rot["step_deg"]
        if not is_number(st) or not 0 < st <= 360:
            raise SetError("rotations.step_deg must be a number in (0, 360]")
    else:
        al = rot["angles_deg"]
        if not isinstance(al, list) or not al or not all(is_number(a) and 0 <= a < 360 for a in al):
            raise SetError("rotations.angles_deg must be a non-empty list of numbers in [0, 360)")
    if not isinstance(data["mirror"], bool):
        raise SetError("mirror must be true or false")
    mirror = data["mirror"]

    raw_pieces = data["pieces"]
    if not isinstance(raw_pieces, list) or not raw_pieces:
        raise SetError("pieces must be a non-empty list")
    pieces, names = [], set()
    for i, p in enumerate(raw_pieces):
        where = f"pieces[{i}]"
        if not isinstance(p, dict) or set(p) != {"name", "count", "outline"}:
            raise SetError(f"{where}: a piece is exactly {{\"name\", \"count\", \"outline\"}}")
        if not isinstance(p["name"], str) or not p["name"]:
            raise SetError(f"{where}: name must be a non-empty string")
        if p["name"] in names:
            raise SetError(f"{where}: duplicate piece name {p['name']!r}")
        names.add(p["name"])
        if not isinstance(p["count"], int) or isinstance(p["count"], bool) or p["count"] < 1:
            raise SetError(f"{where}: count must be an integer >= 1")
        pieces.append((p["name"], p["count"], Outline(p["outline"], f"{where} ({p['name']})")))
    if verbose:
        for nm, cnt, ol in pieces:
            print(f"  {path.stem}/{nm}: count {cnt}, area {ol.exact_area:.15g} exact, {ol.poly.area:.15g} polyline"
                  f"{f', {len(ol.arcs)} arc(s)' if ol.arcs else ''}")
    expanded = [(nm, ol) for nm, cnt, ol in pieces for _ in range(cnt)]
    curved = any(ol.arcs for _, _, ol in pieces)
    total = sum(cnt * ol.exact_area for _, cnt, ol in pieces)
    shapes = len(pieces)
    summary = [f"{len(expanded)} pieces ({shapes} shapes{', with arcs' if curved else ''}), total area {total:.12g}"]

    figure = None
    if "figure" in data:
        figure = Outline(data["figure"], "figure")
        curved = curved or bool(figure.arcs)
        rel = abs(total - figure.exact_area) / figure.exact_area
        limit = REL_ARC if curved else REL_POLY
        if rel > limit:
            raise SetError(f"pieces' total area {total!r} != figure area {figure.exact_area!r} (relative {rel:.3g} > {limit:g})")
        summary.append(f"figure area {figure.exact_area:.12g} (rel. diff {rel:.1e})")

    if "assembly" in data:
        if figure is None:
            raise SetError("an assembly needs a figure")
        asm = data["assembly"]
        if not isinstance(asm, list):
            raise SetError("assembly must be a list")
        if len(asm) != len(expanded):
            raise SetError(f"assembly has {len(asm)} entries, the set has {len(expanded)} pieces")
        tol = REL_ASSEMBLY * figure.size()
        used = [False] * len(expanded)
        posed_polys = []
        for k, entry in enumerate(asm):
            where = f"assembly[{k}]"
            if not isinstance(entry, dict) or set(entry) != {"piece", "vertices"}:
                raise SetError(f"{where}: an entry is exactly {{\"piece\", \"vertices\"}}")
            ref = entry["piece"]
            if isinstance(ref, int) and not isinstance(ref, bool):
                if not 0 <= ref < len(expanded):
                    raise SetError(f"{where}: piece index {ref} out of range")
                if used[ref]:
                    raise SetError(f"{where}: piece index {ref} used twice")
                idx = ref
            elif isinstance(ref, str):
                free = [j for j, (nm, _) in enumerate(expanded) if nm == ref and not used[j]]
                if not free:
                    known = any(nm == ref for nm, _ in expanded)
                    raise SetError(f"{where}: {'every copy of' if known else 'no'} piece {ref!r} {'already used' if known else 'in the set'}")
                idx = free[0]
            else:
                raise SetError(f"{where}: piece must be a name or an index")
            used[idx] = True
            pname, outline = expanded[idx]
            posed = Outline(entry["vertices"], f"{where} ({pname})")
            motions = list(congruence(outline, posed, mirror, tol))
            if not motions:
                raise SetError(f"{where}: not congruent to piece {pname!r}" + ("" if mirror else " (mirror images not allowed)"))
            if not any(angle_allowed(a, rot) for a, _ in motions):
                raise SetError(f"{where}: piece {pname!r} turned by {sorted({round(a, 6) for a, _ in motions})} degrees, "
                               f"not an allowed rotation")
            posed_polys.append((pname, posed.poly))
        if not all(used):
            raise SetError("assembly does not use every piece")
        fa = figure.poly.area
        overlap = 0.0
        for i in range(len(posed_polys)):
            for j in range(i + 1, len(posed_polys)):
                a, b = posed_polys[i][1], posed_polys[j][1]
                if a.bounds[0] < b.bounds[2] and b.bounds[0] < a.bounds[2] and a.bounds[1] < b.bounds[3] and b.bounds[1] < a.bounds[3]:
                    ov = a.intersection(b).area
                    if ov > REL_ASSEMBLY * fa:
                        raise SetError(f"assembly: {posed_polys[i][0]} and {posed_polys[j][0]} overlap (area {ov:.3g})")
                    overlap += ov
        if overlap > REL_ASSEMBLY * fa:
            raise SetError(f"assembly: total overlap {overlap:.3g} too large")
        union = unary_union([p for _, p in posed_polys])
        diff = union.symmetric_difference(figure.poly).area
        if diff > REL_ASSEMBLY * fa:
            raise SetError(f"assembly: the union differs from the figure (symmetric difference {diff:.3g}, "
                           f"{diff / fa:.3g} of the figure)")
        summary.append(f"assembly OK ({len(posed_polys)} pieces congruent, overlap {overlap / fa:.1e}, "
                       f"union vs figure {diff / fa:.1e})")
    else:
        summary.append("no assembly")
    return "; ".join(summary)


def main(argv):
    root = pathlib.Path(__file__).resolve().parent.parent
    args = argv[1:]
    verbose = "-v" in args
    args = [a for a in args if a != "-v"]
    if any(a.startswith("-") for a in args):
        print(__doc__, file=sys.stderr)
        return 2
    files = [pathlib.Path(a) for a in args] or sorted((root / "src" / "io" / "sets").glob("*.json"))
    if not files:
        print("no piece-set files found", file=sys.stderr)
        return 2
    failed = 0
    for f in files:
        try:
            print(f"{f.stem}: OK: {check_set(f, verbose)}")
        except SetError as e:
            failed += 1
            print(f"{f.stem}: FAILED: {e}")
    print(f"{len(files) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
