#!/usr/bin/env python3
"""The puzzle rating (docs/puzzles.md) against measured solve effort (issue 33, item 2).

Rates masks/*.png and a sample of KiloGram figures (truth_verdict VALID) with
`tangram generate puzzles --rate`, then measures each figure's solve effort apart:
Algorithm 1 (`solve --search paper`, one thread, --paper-limit seconds) and the default
search (`solve`, one thread). Prints a Markdown report: the Spearman rank correlation of the
rating, and of its outline part alone (corners, joined corners, holes, parts: no search in it),
with each measure of effort (placements; the seconds, mostly reading the picture, are only
listed), for masks/, KiloGram and both; then one row per figure.

  experiments/puzzle-rating/run.py [--tangram build/tangram] [--kilogram DIR] [--sample 40]
                                   [--budget 2000] [--paper-limit 20] [--jobs 2] [--csv OUT]

--kilogram defaults to ../shared/benchmarks/kilogram-dev beside the repository (its index.csv,
png/). The machine may be loaded by other jobs: the seconds are noisy, the placements are not.
"""
import argparse
import csv
import io
import math
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def ranks(values):
    """Average ranks (1-based), ties sharing their mean rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(x, y):
    """Spearman's rho: Pearson's correlation of the average ranks; nan when undefined."""
    if len(x) < 3:
        return float("nan")
    rx, ry = ranks(x), ranks(y)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    return sxy / math.sqrt(sxx * syy) if sxx > 0 and syy > 0 else float("nan")


def outline_part(row):
    """The rating's terms that need no search (docs/puzzles.md)."""
    corners, joined = int(row["corners"]), int(row["joined_corners"])
    share = joined / corners if corners else 0.0
    return -0.2 * corners + share + int(row["holes"]) + int(row["parts"]) - 1


SUMMARY = re.compile(r": (solved|not solved).* in ([0-9.]+) s")
COUNTS = re.compile(r"placements (\d+), backtracks (\d+)")


def solve_effort(tangram, png, extra):
    """(solved, placements, backtracks, seconds) of one `tangram solve`."""
    run = subprocess.run([str(tangram), "solve", str(png), "--pieces", "tangram", "--threads",
                          "1"] + extra, capture_output=True, text=True)
    text = run.stdout + run.stderr
    summary, counts = SUMMARY.search(text), COUNTS.search(text)
    if not summary or not counts:
        return (False, math.nan, math.nan, math.nan)
    return (summary.group(1) == "solved", int(counts.group(1)), int(counts.group(2)),
            float(summary.group(2)))


def kilogram_sample(folder, size):
    """`size` VALID figures of index.csv, evenly spaced in its order (no randomness)."""
    with open(folder / "index.csv", newline="") as f:
        valid = [r["name"] for r in csv.DictReader(f) if r["truth_verdict"] == "VALID"]
    step = max(1, len(valid) // size) if size else 1
    return [folder / "png" / (n + ".png") for n in valid[::step][:size]], len(valid)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tangram", default=str(ROOT / "build" / "tangram"))
    parser.add_argument("--kilogram", default=str(ROOT.parent / "shared" / "benchmarks" /
                                                  "kilogram-dev"))
    parser.add_argument("--sample", type=int, default=40)
    parser.add_argument("--budget", type=int, default=2000)
    parser.add_argument("--paper-limit", type=float, default=20.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--csv", help="write the per-figure table here too")
    args = parser.parse_args()

    masks = sorted((ROOT / "masks").glob("*.png"))
    kilogram_dir = Path(args.kilogram)
    kilogram, valid = ([], 0)
    if (kilogram_dir / "index.csv").exists():
        kilogram, valid = kilogram_sample(kilogram_dir, args.sample)
    else:
        print(f"(no KiloGram at {kilogram_dir}: masks/ only)", file=sys.stderr)
    figures = [("masks", p) for p in masks] + [("kilogram", p) for p in kilogram]

    # The rating: one call, the figures rated side by side.
    rated = subprocess.run([args.tangram, "generate", "puzzles", "--pieces", "tangram",
                            "--budget", str(args.budget), "--threads", str(args.jobs), "-q",
                            "--rate"] + [str(p) for _, p in figures],
                           capture_output=True, text=True, check=True)
    rating = {Path(r["name"]): r for r in csv.DictReader(io.StringIO(rated.stdout))}

    def measure(item):
        _, png = item
        paper = solve_effort(args.tangram, png,
                             ["--search", "paper", "--time-limit", str(args.paper_limit)])
        default = solve_effort(args.tangram, png, [])
        return paper, default

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        efforts = list(pool.map(measure, figures))

    rows = []
    for (group, png), (paper, default) in zip(figures, efforts):
        r = rating[png]
        rows.append({
            "group": group, "figure": png.stem, "rating": float(r["rating"]),
            "outline": round(outline_part(r), 2), "corners": int(r["corners"]),
            "joined": int(r["joined_corners"]), "holes": int(r["holes"]),
            "parts": int(r["parts"]),
            "rated_paper": int(r["paper_placements"]), "rated_default": int(r["default_placements"]),
            "paper_solved": paper[0], "paper_placements": paper[1], "paper_s": paper[3],
            "default_solved": default[0], "default_placements": default[1],
            "default_s": default[3],
        })

    # Unsolved by Algorithm 1 within its limit: more effort than any solved figure.
    def paper_effort(r):
        return r["paper_placements"] + (1e9 if not r["paper_solved"] else 0)

    measures = [
        ("Algorithm 1's placements (unsolved last)", paper_effort),
        ("default search's placements", lambda r: r["default_placements"]),
    ]
    print(f"Figures: {len(masks)} masks/, {len(kilogram)} KiloGram (every "
          f"{max(1, valid // max(1, args.sample))}th of {valid} VALID); rating budget "
          f"{args.budget} placements per search; Algorithm 1's effort measured with a "
          f"{args.paper_limit:g} s limit, one thread.\n")
    print("Spearman rank correlation (n figures):\n")
    print("| figures | n | effort measure | rating | outline part alone |")
    print("|---|---:|---|---:|---:|")
    for name, chosen in [("masks/", "masks"), ("KiloGram", "kilogram"), ("both", None)]:
        group = [r for r in rows if chosen is None or r["group"] == chosen]
        group = [r for r in group if not math.isnan(r["default_s"])]
        for label, effort in measures:
            y = [effort(r) for r in group]
            print(f"| {name} | {len(group)} | {label} | "
                  f"{spearman([r['rating'] for r in group], y):.2f} | "
                  f"{spearman([r['outline'] for r in group], y):.2f} |")
    print()
    columns = list(rows[0].keys()) if rows else []
    print("| " + " | ".join(columns) + " |")
    print("|" + "---|" * len(columns))
    for r in rows:
        print("| " + " | ".join(str(r[c]) for c in columns) + " |")
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=columns)
            writer.writeheader()
            writer.writerows(rows)


if __name__ == "__main__":
    main()
