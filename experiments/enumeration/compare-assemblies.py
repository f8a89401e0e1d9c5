#!/usr/bin/env python3
"""Enumerate every figure that `tangram solve --all` takes with two binaries and compare the
sets of assemblies they write.

Usage:
  experiments/enumeration/compare-assemblies.py --baseline BIN [--new BIN] --out DIR
                                                [--time-limit SEC] [--only REGEX]

Figures: masks/*.png (the Tangram), masks/sets/SET/*.png (with --pieces SET) and
masks/sets/pentominoes/counts/*.png (the staircase with --use subset --figure-area 55), each
with `--all` and with `--all --up-to-symmetry`. Figures that an enumeration refuses (not on
the set's grid or lattice) are compared by exit code and message only.

Every run is `BIN solve PNG --all --quiet --time-limit SEC --json OUT.jsonl [options]` (default
900 s). An assembly is compared as the multiset of its pieces, each its name and its polygon's
vertices rounded to 0.01 px (sorted): the order of the assemblies and of the pieces within one
may differ, the set may not. A baseline's files are kept and reused when DIR already has them
(delete them to run the baseline again); without --new only the baseline runs.

Writes DIR/NAME.{baseline,new}.{jsonl,txt} and DIR/summary.md (printed too). Exit 0 when
nothing differs, 1 otherwise. Python 3 standard library only.
"""

import argparse
import json
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def figures():
    """(name, png, options) of every figure, before the --all/--up-to-symmetry variants."""
    out = [(f"masks-{p.stem}", p, []) for p in sorted((ROOT / "masks").glob("*.png"))]
    for folder in sorted(p for p in (ROOT / "masks" / "sets").iterdir() if p.is_dir()):
        for png in sorted(folder.glob("*.png")):
            out.append((f"{folder.name}-{png.stem}", png, ["--pieces", folder.name]))
    for png in sorted((ROOT / "masks" / "sets" / "pentominoes" / "counts").glob("*.png")):
        extra = ["--use", "subset", "--figure-area", "55"] if png.stem == "staircase" else []
        out.append((f"counts-{png.stem}", png, ["--pieces", "pentominoes", *extra]))
    runs = []
    for name, png, options in out:
        runs.append((f"{name}-all", png, options))
        runs.append((f"{name}-classes", png, [*options, "--up-to-symmetry"]))
    return runs


def assemblies(jsonl):
    """The assemblies of a JSON lines file as a sorted list of canonical keys."""
    keys = []
    if not jsonl.exists():
        return keys
    with open(jsonl) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            record = json.loads(line)
            if not isinstance(record, dict) or not isinstance(record.get("pieces"), list):
                continue
            if record.get("solved") is False:
                continue
            pieces = []
            for piece in record["pieces"]:
                vertices = sorted((round(x, 2), round(y, 2)) for x, y in piece["polygon"])
                pieces.append((piece["name"], tuple(vertices)))
            keys.append(tuple(sorted(pieces)))
    return sorted(keys)


def run(binary, name, png, options, out, tag, time_limit):
    """Runs one enumeration (or reuses a baseline's files): exit code, first line, seconds."""
    jsonl = out / f"{name}.{tag}.jsonl"
    txt = out / f"{name}.{tag}.txt"
    if tag == "baseline" and txt.exists():
        saved = json.loads(txt.read_text())
        return saved["code"], saved["line"], saved["seconds"]
    jsonl.unlink(missing_ok=True)
    start = time.monotonic()
    done = subprocess.run(
        [binary, "solve", str(png), "--all", "--quiet", "--time-limit", str(time_limit),
         "--json", str(jsonl), *options],
        capture_output=True, text=True, check=False)
    seconds = time.monotonic() - start
    # The count's line (stdout), else the error (the last line on stderr).
    text = done.stdout.strip().splitlines() or done.stderr.strip().splitlines()[-1:]
    line = text[0] if text else ""
    txt.write_text(json.dumps({"code": done.returncode, "line": line, "seconds": seconds}))
    return done.returncode, line, seconds


def count_of(line):
    match = re.match(r"(\d+) ", line)
    return int(match.group(1)) if match else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", required=True)
    parser.add_argument("--new")
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--time-limit", type=float, default=900)
    parser.add_argument("--only", default="", help="regular expression on the run names")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    if args.new is None:
        for name, png, options in figures():
            if not args.only or re.search(args.only, name):
                code, line, seconds = run(args.baseline, name, png, options, args.out, "baseline",
                                          args.time_limit)
                print(f"{name}: {code} {line} ({seconds:.1f} s)", flush=True)
        return 0
    rows = []
    differ = 0
    for name, png, options in figures():
        if args.only and not re.search(args.only, name):
            continue
        b_code, b_line, b_s = run(args.baseline, name, png, options, args.out, "baseline",
                                  args.time_limit)
        n_code, n_line, n_s = run(args.new, name, png, options, args.out, "new", args.time_limit)
        b_count, n_count = count_of(b_line), count_of(n_line)
        if b_count is None and n_count is None:
            verdict = "same refusal" if (b_code, b_line) == (n_code, n_line) else "**differs**"
            shown = "refused"
        else:
            b_set = assemblies(args.out / f"{name}.baseline.jsonl")
            n_set = assemblies(args.out / f"{name}.new.jsonl")
            same = (b_code == n_code and b_count == n_count and b_set == n_set
                    and len(b_set) == b_count)
            verdict = "same assemblies" if same else "**differs**"
            shown = f"{b_count} / {n_count}"
        if verdict == "**differs**":
            differ += 1
        rows.append(f"| {name} | {b_code} / {n_code} | {shown} | {verdict} | {b_s:.2f} | {n_s:.2f} |")
        print(rows[-1], flush=True)
    summary = [
        f"baseline {args.baseline}, new {args.new}",
        "",
        "| run | exit (baseline / new) | assemblies (baseline / new) | | s baseline | s new |",
        "|---|---|---:|---|---:|---:|",
        *rows,
        "",
        f"{len(rows)} runs, {differ} differ. Seconds: whole processes, one after the other, on a "
        "machine shared with other jobs (not a benchmark).",
    ]
    (args.out / "summary.md").write_text("\n".join(summary) + "\n")
    print("\n".join(summary[-1:]))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
