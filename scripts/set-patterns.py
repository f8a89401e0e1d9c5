#!/usr/bin/python3
"""Write test patterns with exact ground truth for every built-in piece set.

Usage: scripts/set-patterns.py [OUT_DIR]   (default: masks/sets)

For each set NAME of src/io/sets/*.json writes OUT_DIR/NAME/:
  01-figure      the set's canonical figure, exactly as scripts/set-figures.py renders it;
  02-compact,    two random compact assemblies: one connected figure without holes, at least 3/4
  03-compact     of its convex hull;
  04-hole,       two random assemblies with a hole: a light region enclosed by the pieces, at
  05-hole        least half the set's smallest piece and 1/40 of the set's area (the solver fills
                 enclosed gaps under 1/64 of the figure as pinholes), at least 8 px wide;
  06-parts       two compact groups of pieces side by side with a gap of at least 20 px;
each as NN-KIND.png (8-bit grey, puzzle black on white) and NN-KIND.truth.json (tangram-solution/1
naming the set, every piece as a polygon in pixels, arcs flattened as the solver flattens them);
  07-unsolvable-disc, 08-unsolvable-triangle   two figures of the set's total area that the
                 pieces cannot form (PNG only, no truth); why is explained below.

Scale and rendering are those of scripts/set-figures.py, whose functions this script uses: the
set's total area is 200^2 px, 10 px margin, 4 x 4 supersampling, a pixel black when at least half
of its samples lie in a piece (every piece filled on its own, so holes and gaps stay white).

Random assemblies. The pieces are placed one at a time (largest first, with a random tilt of the
order) in an allowed pose: a rotation the set allows ("step_deg" multiples or "angles_deg") and,
when "mirror" is true, a reflection, applied exactly to the set's own coordinates (multiples of
45 degrees use sqrt(1/2), of 90 degrees exact 0 and 1). A new piece puts one of its corners on a
corner of a placed piece, with a straight edge of each running along the other for a positive
length (arcs are never contact edges), and may not overlap the placed pieces (area under 1e-9 of
the set's). Candidates are scored by compactness (convex hull area and perimeter plus half the
union's perimeter) and one of the best three is drawn; of the first 12 assemblies that meet a
pattern's rules (6 for holes and parts) the most compact (solidity times hull roundness) is
written, and none repeats the outline of an earlier pattern of the set. Holes: a phantom piece (a copy of one of the
set's shapes of at least 1/40 of its area) is placed first and grown around, then removed; the
result is kept when the phantom ended up enclosed (and the figure is at least 0.6 of its hull).
Several parts: the pieces are split at random into two groups of 35-65 % of the area, each grown
compactly, and set side by side or one above the other (whichever is squarer), the bounding
boxes 20 px apart or a little more (the shift is a multiple of 1 unit for integer sets, keeping
the pentominoes and the stomachion on their grid, else of 1/4). Every seed is
fixed (random.Random("NAME:KIND:TRY")), so a rerun writes the same files byte for byte. Each
assembly is checked before it is written: every piece congruent to its shape under an allowed
motion, each used "count" times, no overlaps, and the claimed topology (one part and no hole,
holes of the size above, or two parts) on the union of the exact pieces and on the PNG.

Unsolvable figures (07, 08), PNG only: a disc and an equilateral triangle (bottom side
horizontal) of the set's total area A, so the solver sizes the pieces to them; both are far
thicker than any set's thickest piece (deepest pixel 112 and 88 px). A verdict needs coverage
>= 0.95, spill <= 0.02 and overlap <= 0.01 of A; the pieces add up to A, so the uncovered area is
at most overlap + spill, and the pieces' union U may differ from the figure F by at most 5 % of A
in all (less what the pixel boundary costs). The reasons, with how strong they are:
  disc. For polygonal pieces U is a polygon, and a k-gon differs from a disc of its area by at
     least what the regular k-gon does: 7.6 % of A for k = 6, 5.5 % for 7, 4.3 % for 8. So U
     would have to be a gap-free, nearly regular octagon (or better). The tangram's convex
     figures have at most 6 sides (Wang and Hsiung 1942); the pentominoes' edges are axis-parallel
     in a common frame (even the solver's frame turned to the figure), where the best convex
     approximation, a square, spills 8.8 % of A, and a staircase has unit steps; for
     chie-no-ita, pythagoras and double-tangram (45-degree edges) a near-regular octagon would
     need equal axis and diagonal sides, which their grid of 1/4 and sqrt(2)/4 lengths does not
     offer exactly - argued, not proven; for the stomachion (quarter turns, but edges in 20
     directions, so a convex polygon in those directions could be close to a disc) it is only
     argued by its 14 long, sharp pieces. Curved sets: no piece has a concave arc, so every arc
     lies on U's boundary or faces a gap. egg-of-columbus: its arcs (radii 1, 2 and 2 - sqrt(2))
     are 7.2 long in all, more than the disc's circumference 7.07, and laid on the disc (radius
     1.13) as chords they miss it by 10.5 % of A; broken-heart: its radius-1 arcs on the disc of
     radius 1.51 miss by 5.3 %, before the straight rest of the boundary (a third of it) counts.
  triangle. With the set's rotations, even turned as a whole to the figure (as the solver's
     --rotation-step auto does), at most one side of the triangle can lie along piece edges: the
     other two are 15 degrees off every 45-degree direction (30 off the pentominoes'). The best
     convex polygon with edges in the 8 directions and 99 % of the area spills 11.7 % of A (32 %
     for 4 directions), and a zigzag along a side reduces that only about as much as it has
     teeth, far more corners than 7-14 pieces give; the 60-degree corners are sharper than every
     piece corner but the 45-degree ones. Curved sets add their arcs: against straight sides or
     edges the best line along each arc leaves 10.6 % (egg-of-columbus) and 6.4 % (broken-heart)
     of A. Weak for the stomachion: its edges include 56.3 and 63.4 degrees, so the convex bound
     is only 1.3 % and the claim rests on its pieces' shapes - argued, not proven.
The checker itself accepts any rotation of each piece, so all of this is about the set's rotations
in a common frame; `tangram solve --time-limit 20` gives up on all 16 figures (none is refused).

Needs numpy, shapely and OpenCV (python3-numpy python3-shapely python3-opencv).
"""
import importlib.util
import math
import pathlib
import random
import sys

import cv2
import numpy as np
from shapely.geometry import MultiPoint, Polygon
from shapely.ops import unary_union

ROOT = pathlib.Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("set_figures", ROOT / "scripts" / "set-figures.py")
figures = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(figures)
checker = figures.checker

SIDE = 200.0                  # px: the set's total area is SIDE^2
OVERLAP_REL = 1e-9            # placements may overlap by at most this share of the set's area
HOLE_SHARE = 1.0 / 40.0       # a hole is at least this share of the set's area ...
HOLE_HALF_WIDTH_PX = 4.0      # ... and this far across from its middle (8 px wide)
PARTS_GAP_PX = 20.0           # gap between the parts of 06-parts
MIN_SOLIDITY = 0.75           # compact: area / convex hull area
TRIES = 400                   # seeds tried per pattern before giving up
TOP = 3                       # a placement is drawn among the TOP best candidates
KEEP = 12                     # the most compact of the first KEEP assemblies found is kept
R45 = math.sqrt(0.5)


def rotation(angle_deg):
    """The rotation matrix of angle_deg (counter-clockwise in the set's x-towards-y sense), exact
    for multiples of 45 degrees."""
    k = angle_deg / 45.0
    if abs(k - round(k)) < 1e-12:
        i = int(round(k)) % 8
        c = (1.0, R45, 0.0, -R45, -1.0, -R45, 0.0, R45)[i]
        s = (0.0, R45, 1.0, R45, 0.0, -R45, -1.0, -R45)[i]
    else:
        a = math.radians(angle_deg)
        c, s = math.cos(a), math.sin(a)
    return np.array([[c, -s], [s, c]])


def allowed_angles(rotations):
    if "step_deg" in rotations:
        step = float(rotations["step_deg"])
        return [k * step for k in range(int(round(360.0 / step)))]
    return [float(a) for a in rotations["angles_deg"]]


def raw_outline(verts, arcs):
    raw = []
    for i, v in enumerate(verts):
        raw.append([float(v[0]), float(v[1])])
        if i in arcs:
            raw.append({"through": [float(arcs[i][0]), float(arcs[i][1])]})
    return raw


class Pose:
    """One shape in one allowed orientation, counter-clockwise (positive shoelace), anchored at
    the shape's own coordinates (translation added when placed)."""

    def __init__(self, shape, angle, mirror, outline):
        lin = rotation(angle) @ (np.array([[1.0, 0.0], [0.0, -1.0]]) if mirror else np.eye(2))
        verts = [lin @ v for v in outline.verts]
        arcs = {i: lin @ a.m for i, a in outline.arcs.items()}
        posed = checker.Outline(raw_outline(verts, arcs), "pose")
        if posed.signed_area() < 0:
            n = len(verts)
            verts = verts[::-1]
            arcs = {(n - 2 - i) % n: m for i, m in arcs.items()}
        self.shape, self.angle, self.mirror = shape, angle, mirror
        self.verts = np.array(verts)
        self.arcs = arcs
        n = len(verts)
        self.edges = [(self.verts[i], self.verts[(i + 1) % n]) for i in range(n) if i not in arcs]
        self.coarse = figures.solver_points(checker.Outline(raw_outline(self.verts, arcs), "pose"))

    def key(self):
        pts = [tuple(np.round(v, 9)) for v in self.verts] + [tuple(np.round(m, 9)) for m in self.arcs.values()]
        lo = min(pts)
        return tuple(sorted((round(x - lo[0], 9), round(y - lo[1], 9)) for x, y in pts))


class Placed:
    """A pose moved by t: its exact outline (checker.Outline), the solver's flattening and the
    fine polygon."""

    def __init__(self, pose, t, name):
        self.pose, self.t, self.name = pose, np.asarray(t, dtype=float), name
        self.verts = pose.verts + self.t
        self.arcs = {i: m + self.t for i, m in pose.arcs.items()}
        self.outline = checker.Outline(raw_outline(self.verts, self.arcs), name)
        self.fine = self.outline.poly
        self.coarse = Polygon(pose.coarse + self.t)
        self.edges = [(a + self.t, b + self.t) for a, b in pose.edges]

    def moved(self, d):
        return Placed(self.pose, self.t + d, self.name)


class SetGeometry:
    def __init__(self, path):
        self.set = figures.PieceSet(path)
        data = self.set.data
        self.name = self.set.name
        self.total = self.set.total
        self.unit = math.sqrt(self.total)
        self.mirror = bool(data["mirror"])
        self.angles = allowed_angles(data["rotations"])
        self.shapes = []      # (name, count, outline, [Pose])
        for name, count, outline in self.set.pieces:
            poses, keys = [], []
            for mirror in ((False, True) if self.mirror else (False,)):
                for angle in self.angles:
                    pose = Pose(len(self.shapes), angle, mirror, outline)
                    k = pose.key()
                    if k not in keys:
                        keys.append(k)
                        poses.append(pose)
            self.shapes.append((name, count, outline, poses))
        self.smallest = min(o.exact_area for _, _, o, _ in self.shapes)

    def expanded(self):
        """Shape indices, each repeated count times."""
        return [s for s, (_, count, _, _) in enumerate(self.shapes) for _ in range(count)]

    # ---- growing an assembly -------------------------------------------------------------------

    def grow(self, rng, order, start=None):
        """Places the shapes of `order` one by one (the first at its own coordinates unless
        `start`, a list of fixed Placed pieces such as a phantom, is given). Returns the list of
        Placed pieces or None when some piece found no place."""
        fixed = list(start or [])
        placed = []
        for shape in order:
            name, _, _, poses = self.shapes[shape]
            everything = fixed + placed
            if not everything:
                pose = poses[rng.randrange(len(poses))]
                placed.append(Placed(pose, (0.0, 0.0), name))
                continue
            choice = self.best_placement(rng, poses, name, everything)
            if choice is None:
                return None
            placed.append(choice)
        return placed

    def best_placement(self, rng, poses, name, everything):
        tol = OVERLAP_REL * self.total
        union = unary_union([p.coarse for p in everything])
        pts = np.vstack([np.asarray(p.coarse.exterior.coords) for p in everything])
        edges = [e for p in everything for e in p.edges]
        seen, scored = set(), []
        for pi, pose in enumerate(poses):
            for a, b in pose.edges:
                ue = (b - a) / np.hypot(*(b - a))
                for c, d in edges:
                    uf = (d - c) / np.hypot(*(d - c))
                    if abs(ue[0] * uf[1] - ue[1] * uf[0]) > 1e-9 or ue @ uf > 0:
                        continue
                    for t in (d - a, c - b):
                        key = (pi, round(float(t[0]), 7), round(float(t[1]), 7))
                        if key in seen:
                            continue
                        seen.add(key)
                        poly = Polygon(pose.coarse + t)
                        if union.intersection(poly).area > tol:
                            continue
                        hull = MultiPoint(np.vstack([pts, pose.coarse + t])).convex_hull
                        perimeter = union.union(poly).length
                        score = (hull.area / self.total + hull.length / self.unit
                                 + 0.5 * perimeter / self.unit)
                        scored.append((score, key, pose, t))
        scored.sort(key=lambda s: (s[0], s[1]))
        # Draw among the best TOP; a candidate whose exact (arc) outline overlaps is skipped.
        while scored:
            k = rng.randrange(min(TOP, len(scored)))
            _, _, pose, t = scored.pop(k)
            cand = Placed(pose, t, name)
            if all(cand.fine.intersection(p.fine).area <= tol for p in everything):
                return cand
        return None

    # ---- checks ---------------------------------------------------------------------------------

    def union(self, placed):
        """The union of the exact pieces, closed over float-sized cracks between touching edges."""
        eps = 1e-7 * self.unit
        u = unary_union([p.fine.buffer(eps, join_style=2) for p in placed]).buffer(-eps, join_style=2)
        return list(u.geoms) if hasattr(u, "geoms") else [u]

    def holes(self, parts):
        return [Polygon(r) for part in parts for r in part.interiors]

    def check_assembly(self, placed):
        """Each piece congruent to its shape under an allowed motion, each shape used count times,
        no two pieces overlapping."""
        rot = self.set.data["rotations"]
        counts = [0] * len(self.shapes)
        for p in placed:
            shape = p.pose.shape
            counts[shape] += 1
            outline = self.shapes[shape][2]
            motions = list(checker.congruence(outline, p.outline, self.mirror, 1e-7 * self.unit))
            if not any(checker.angle_allowed(a, rot) for a, _ in motions):
                raise RuntimeError(f"{self.name}: {p.name} is not posed as the set allows")
        if counts != [c for _, c, _, _ in self.shapes]:
            raise RuntimeError(f"{self.name}: pieces used {counts} times")
        for i in range(len(placed)):
            for j in range(i):
                if placed[i].fine.intersection(placed[j].fine).area > OVERLAP_REL * self.total:
                    raise RuntimeError(f"{self.name}: pieces {i} and {j} overlap")

    def hole_ok(self, hole, scale):
        return (hole.area >= max(0.5 * self.smallest, HOLE_SHARE * self.total)
                and not hole.buffer(-HOLE_HALF_WIDTH_PX / scale).is_empty)

    def solidity(self, parts):
        return sum(p.area for p in parts) / unary_union(parts).convex_hull.area

    # ---- the patterns ---------------------------------------------------------------------------

    def order(self, rng, shapes):
        """Largest first, the areas tilted by a random factor."""
        keyed = [(self.shapes[s][2].exact_area * rng.uniform(0.6, 1.4), i, s) for i, s in enumerate(shapes)]
        return [s for _, _, s in sorted(keyed, reverse=True)]

    def compact(self, rng, shapes):
        placed = self.grow(rng, self.order(rng, shapes))
        if placed is None:
            return None
        parts = self.union(placed)
        if len(parts) != 1 or self.holes(parts) or self.solidity(parts) < MIN_SOLIDITY:
            return None
        return placed

    def with_hole(self, rng, scale):
        big = [s for s, (_, _, o, _) in enumerate(self.shapes)
               if o.exact_area >= max(0.5 * self.smallest, HOLE_SHARE * self.total)]
        shape = big[rng.randrange(len(big))]
        poses = self.shapes[shape][3]
        phantom = Placed(poses[rng.randrange(len(poses))], (0.0, 0.0), "phantom")
        placed = self.grow(rng, self.order(rng, self.expanded()), start=[phantom])
        if placed is None:
            return None
        parts = self.union(placed)
        holes = self.holes(parts)
        if len(parts) != 1 or not holes or not all(self.hole_ok(h, scale) for h in holes):
            return None
        if self.solidity(parts) < 0.6:
            return None
        return placed

    def two_parts(self, rng, scale):
        shapes = self.expanded()
        rng.shuffle(shapes)
        areas = [self.shapes[s][2].exact_area for s in shapes]
        cut, acc = None, 0.0
        for i, a in enumerate(areas[:-1]):
            acc += a
            if 0.35 * self.total <= acc <= 0.65 * self.total:
                cut = i + 1
                break
        if cut is None:
            return None
        groups = []
        for group in (shapes[:cut], shapes[cut:]):
            g = self.compact(rng, group)
            if g is None:
                return None
            groups.append(g)
        a, b = groups
        abox = unary_union([p.fine for p in a]).bounds
        bbox = unary_union([p.fine for p in b]).bounds
        gap = PARTS_GAP_PX / scale
        grid = 1.0 if self.integer_coordinates() else 0.25
        # Side by side or one above the other, whichever gives the squarer picture.
        wa, ha, wb, hb = abox[2] - abox[0], abox[3] - abox[1], bbox[2] - bbox[0], bbox[3] - bbox[1]
        across = max(wa + wb + gap, max(ha, hb))
        down = max(ha + hb + gap, max(wa, wb))
        if across <= down:
            dx = math.ceil((abox[2] - bbox[0] + gap) / grid) * grid
            dy = round(((abox[1] + abox[3]) - (bbox[1] + bbox[3])) / 2 / grid) * grid
        else:
            dy = math.ceil((abox[3] - bbox[1] + gap) / grid) * grid
            dx = round(((abox[0] + abox[2]) - (bbox[0] + bbox[2])) / 2 / grid) * grid
        return a + [p.moved(np.array([dx, dy])) for p in b]

    def integer_coordinates(self):
        return all(float(x).is_integer() for _, _, o, _ in self.shapes for v in o.verts for x in v)


# ---- unsolvable figures ---------------------------------------------------------------------------

def regular(area, n):
    """A regular n-gon of the given area centred at 0, its bottom side horizontal."""
    r = math.sqrt(2 * area / (n * math.sin(2 * math.pi / n)))
    start = math.pi / 2 + math.pi / n
    return np.array([[r * math.cos(start + 2 * math.pi * k / n), r * math.sin(start + 2 * math.pi * k / n)]
                     for k in range(n)])


def disc(area):
    """A disc of the given area centred at 0, as a polygon of 720 vertices (0.03 px off the circle
    at side 200)."""
    r = math.sqrt(area / math.pi)
    n = 720
    return np.array([[r * math.cos(2 * math.pi * k / n), r * math.sin(2 * math.pi * k / n)] for k in range(n)])


UNSOLVABLE = (("disc", disc), ("triangle", lambda area: regular(area, 3)))


# ---- writing --------------------------------------------------------------------------------------

def picture(placed, scale):
    frame = figures.Frame(np.vstack([p.outline.points() for p in placed]), scale)
    image = figures.rasterize([frame.to_px(p.outline.points()) for p in placed], frame.width, frame.height)
    return frame, image


def png_topology(image):
    """(parts, holes, smallest gap between parts in px) of a black-on-white picture."""
    ink = (image < 128).astype(np.uint8)
    nparts, labels = cv2.connectedComponents(ink, connectivity=8)
    paper = 1 - ink
    nlight, light = cv2.connectedComponents(paper, connectivity=4)
    border = set(np.unique(np.concatenate([light[0], light[-1], light[:, 0], light[:, -1]])).tolist())
    holes = [k for k in range(1, nlight) if k not in border]
    gap = math.inf
    if nparts > 2:
        for k in range(1, nparts):
            dist = cv2.distanceTransform((labels != k).astype(np.uint8), cv2.DIST_L2, 5)
            others = (labels > 0) & (labels != k)
            gap = min(gap, float(dist[others].min()))
    return nparts - 1, len(holes), gap


def render_assembly(geo, placed, scale, want):
    """The picture of an assembly and its truth's pieces, or None when the picture does not
    show the wanted topology: want = (parts, holes in the union of the exact pieces)."""
    frame, image = picture(placed, scale)
    parts, holes, gap = png_topology(image)
    if parts != want[0] or holes != want[1] or (want[0] > 1 and gap < 15.0):
        return None
    return image, [figures.truth_piece(p.name, p.outline, frame) for p in placed]


def compactness(part):
    """Solidity times roundness: area / convex hull area * 4 pi area / hull perimeter^2 (1 for a
    disc, 0.79 for a square)."""
    hull = part.convex_hull
    return part.area / hull.area * 4 * math.pi * part.area / hull.length ** 2


def same_shape(a, b, unit):
    """Whether two lists of parts have the same outline up to translation (a repeat)."""
    ua, ub = unary_union(a), unary_union(b)
    if abs(ua.area - ub.area) > 1e-9 * unit * unit or abs(ua.length - ub.length) > 1e-7 * unit:
        return False
    return abs(ua.convex_hull.area - ub.convex_hull.area) < 1e-9 * unit * unit


def make_set(path, out_root):
    geo = SetGeometry(path)
    out = out_root / geo.name
    out.mkdir(parents=True, exist_ok=True)
    for old in sorted(out.glob("*")):
        if old.suffix in (".png", ".json"):
            old.unlink()
    scale = geo.set.scale(SIDE)
    figures.render_figure(geo.set, SIDE, out, "01-figure")
    figure = [Polygon(checker.Outline(geo.set.data["figure"], "figure").points())]
    report = ["01-figure"]
    seen = [figure]

    def search(kind, make, keep):
        """The most compact of the first `keep` assemblies found (tries in seed order)."""
        found = []
        for attempt in range(TRIES):
            rng = random.Random(f"{geo.name}:{kind}:{attempt}")
            placed = make(rng)
            if placed is None:
                continue
            parts = geo.union(placed)
            if any(same_shape(parts, s, geo.unit) for s in seen):
                continue
            # No pinholes in the picture beyond the union's own holes (a curved edge can pinch a
            # gap shut at the pixel scale).
            rendered = render_assembly(geo, placed, scale, (len(parts), len(geo.holes(parts))))
            if rendered is None:
                continue
            found.append((-min(compactness(p) for p in parts), attempt, placed, rendered, parts))
            if len(found) == keep:
                break
        if not found:
            return None, None, TRIES
        _, attempt, placed, rendered, parts = min(found, key=lambda f: (f[0], f[1]))
        seen.append(parts)
        return placed, rendered, attempt

    plan = [("02-compact", "compact-a", lambda rng: geo.compact(rng, geo.expanded()), KEEP),
            ("03-compact", "compact-b", lambda rng: geo.compact(rng, geo.expanded()), KEEP),
            ("04-hole", "hole-a", lambda rng: geo.with_hole(rng, scale), KEEP // 2),
            ("05-hole", "hole-b", lambda rng: geo.with_hole(rng, scale), KEEP // 2),
            ("06-parts", "parts", lambda rng: geo.two_parts(rng, scale), KEEP // 2)]
    for stem, kind, make, keep in plan:
        placed, rendered, attempt = search(kind, make, keep)
        if placed is None:
            report.append(f"{stem}: none found in {TRIES} tries")
            continue
        geo.check_assembly(placed)
        figures.write_pattern(out, stem, rendered[0], geo.name, rendered[1])
        report.append(f"{stem} (try {attempt})")
    n = len([s for s in out.glob("*.truth.json")])
    for kind, shape in UNSOLVABLE:
        n += 1
        pts = shape(geo.total)
        frame = figures.Frame(pts, scale)
        image = figures.rasterize([frame.to_px(pts)], frame.width, frame.height)
        stem = f"{n:02d}-unsolvable-{kind}"
        figures.write_pattern(out, stem, image, geo.name)
        report.append(stem)
    return geo.name, report


def main(argv):
    if len(argv) > 1 or (argv and argv[0].startswith("-")):
        sys.exit(__doc__.split("\n\n")[1])
    out = pathlib.Path(argv[0]) if argv else ROOT / "masks" / "sets"
    for path in sorted((ROOT / "src" / "io" / "sets").glob("*.json")):
        name, report = make_set(path, out)
        print(f"{name}: " + ", ".join(report))


if __name__ == "__main__":
    main(sys.argv[1:])
