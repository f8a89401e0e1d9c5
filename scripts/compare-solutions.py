#!/usr/bin/env python3
"""Solve figures with two tangram binaries and compare what they write, field by field.

Usage:
  scripts/compare-solutions.py --baseline BIN --new BIN --out DIR [--jobs N]
                               [--time-limit SEC] [--kilogram DIR] SUITE...

Suites:
  masks          masks/*.png, default options
  sets           masks/sets/SET/*.png, each with --pieces SET (default options)
  kilogram-45    the clean figures of a KiloGram set (--kilogram DIR: index.csv with
                 truth_verdict == VALID, png/NAME.png), --rotation-step 45
  kilogram-auto  the same figures, --rotation-step auto

Every run is `BIN solve PNG --threads 1 --time-limit SEC --json OUT.json [options]` (default
120 s). Compared: the exit code, the summary printed (its time masked) and the solution JSON,
every field except times ("seconds") and the outcome flags that "found_by" replaced: a
baseline's "on_grid", "on_lattice", "by_vertices" and "off_rotations" are mapped to "found_by"
("grid", "lattice", "vertex", "vertex-off-rotations"; without any, "raster" for a solved or
impossible figure, as only the raster search answered then). A run that reached the time limit
in either binary is listed apart: its counters depend on the machine's load.

Writes DIR/SUITE/NAME.{baseline,new}.{json,txt} and DIR/summary.md (printed too). Exit 0 when
nothing differs, 1 otherwise. Python 3 standard library only.
"""

import argparse
import concurrent.futures
import csv
import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLAGS = {"on_grid": "grid", "on_lattice": "lattice", "by_vertices": "vertex"}


def figures(suite, kilogram):
    """(name, png, extra solve options) of a suite."""
    if suite == "masks":
        return [(p.stem, p, []) for p in sorted((ROOT / "masks").glob("*.png"))]
    if suite == "sets":
        out = []
        for folder in sorted(p for p in (ROOT / "masks" / "sets").iterdir() if p.is_dir()):
            for png in sorted(folder.glob("*.png")):
                out.append((f"{folder.name}-{png.stem}", png, ["--pieces", folder.name]))
        return out
    if suite in ("kilogram-45", "kilogram-auto"):
        if kilogram is None:
            sys.exit(f"compare-solutions: {suite} needs --kilogram DIR")
        step = "45" if suite == "kilogram-45" else "auto"
        with open(kilogram / "index.csv", newline="") as f:
            names = [row["name"] for row in csv.DictReader(f) if row["truth_verdict"] == "VALID"]
        return [(n, kilogram / "png" / f"{n}.png", ["--rotation-step", step]) for n in names]
    sys.exit(f"compare-solutions: unknown suite '{suite}'")


def solve(binary, png, extra, time_limit, stem):
    """Runs one solve; returns (exit code, summary with its time masked, JSON or None)."""
    json_path = Path(f"{stem}.json")
    command = [str(binary), "solve", str(png), "--threads", "1", "--time-limit",
               str(time_limit), "--json", str(json_path)] + extra
    run = subprocess.run(command, capture_output=True, text=True)
    summary = re.sub(r" in [0-9.]+ s with ", " in - s with ", run.stdout + run.stderr)
    Path(f"{stem}.txt").write_text(summary + f"exit {run.returncode}\n")
    document = json.loads(json_path.read_text()) if json_path.exists() else None
    return run.returncode, summary, document


def normalised(document, summary):
    """The document without times, with the outcome flags as "found_by"."""
    if document is None:
        return None
    document = json.loads(json.dumps(document))
    stats = document.get("stats", {})
    stats.pop("seconds", None)
    if "found_by" not in stats:
        found_by = ""
        if stats.pop("off_rotations", False):
            found_by = "vertex-off-rotations"
        for flag, name in FLAGS.items():
            if stats.pop(flag, False) and not found_by:
                found_by = name
        impossible = "not solved (impossible" in summary
        if not found_by and (document.get("solved") or impossible):
            found_by = "raster"
        if found_by:
            stats["found_by"] = found_by
    return document


def differences(a, b, path=""):
    """Field paths where `a` and `b` differ, with both values."""
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for key in sorted(set(a) | set(b)):
            out += differences(a.get(key), b.get(key), f"{path}.{key}" if path else key)
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        out = []
        for i, (x, y) in enumerate(zip(a, b)):
            out += differences(x, y, f"{path}[{i}]")
        return out
    return [] if a == b else [f"{path}: {json.dumps(a)} -> {json.dumps(b)}"]


def timed_out(document):
    return document is not None and document.get("stats", {}).get("timed_out", False)


def compare(args, suite, name, png, extra):
    """(name, list of differences, which runs reached the time limit: "", "both", ...)."""
    folder = args.out / suite
    before = solve(args.baseline, png, extra, args.time_limit, folder / f"{name}.baseline")
    after = solve(args.new, png, extra, args.time_limit, folder / f"{name}.new")
    limited = [who for who, run in (("baseline", before), ("new", after)) if timed_out(run[2])]
    if limited:
        return name, [], "both" if len(limited) == 2 else f"{limited[0]} only"
    found = []
    if before[0] != after[0]:
        found.append(f"exit code: {before[0]} -> {after[0]}")
    if before[1] != after[1]:
        found.append("summary differs")
    found += differences(normalised(before[2], before[1]), normalised(after[2], after[1]))
    return name, found, ""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", type=Path, required=True)
    parser.add_argument("--new", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--time-limit", type=float, default=120.0)
    parser.add_argument("--kilogram", type=Path)
    parser.add_argument("suites", nargs="+")
    args = parser.parse_args()
    lines = ["| suite | figures | compared | differences | time limit reached (not compared) |",
             "|---|---:|---:|---:|---|"]
    details = []
    failed = False
    for suite in args.suites:
        todo = figures(suite, args.kilogram)
        (args.out / suite).mkdir(parents=True, exist_ok=True)
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(lambda f: compare(args, suite, *f), todo))
        differing = [(n, d) for n, d, t in results if d]
        limited = [f"{n} ({t})" for n, _, t in results if t]
        compared = len(results) - len(limited)
        lines.append(f"| {suite} | {len(results)} | {compared} | {len(differing)} | "
                     f"{', '.join(limited) if limited else '-'} |")
        for name, found in differing:
            details.append(f"- {suite}/{name}: " + "; ".join(found[:5]))
        failed = failed or bool(differing)
        print(lines[-1], file=sys.stderr, flush=True)
    text = "\n".join(lines + ([""] + details if details else [])) + "\n"
    (args.out / "summary.md").write_text(text)
    print(text, end="")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
