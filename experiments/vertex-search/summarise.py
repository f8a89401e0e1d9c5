#!/usr/bin/env python3
"""Side-by-side table of the vertex search, the default search and the raster search alone from
the runs of run.sh.

    summarise.py DIR   (DIR holds SET-vertex/, SET-ours/ and SET-raster/ directories of
                        bench-kilogram.sh)

Over the clean figures of each set (truth_verdict VALID in the set's index.csv): referee VALID
count, median and max wall-clock seconds (runs.csv), mean and minimum referee coverage and mean
overlap over the VALID ones, and the figures that one search solves and the other does not.
"""
import csv
import json
import statistics
import sys
from pathlib import Path

SETS = ["masks", "kilogram-dev-45deg", "kilogram-dev-rotated"]
SEARCHES = ["vertex", "ours", "raster"]


def load(run: Path):
    meta = dict(line.split("=", 1) for line in (run / "meta.txt").read_text().splitlines() if "=" in line)
    with open(meta["index"]) as f:
        clean = {row["name"] for row in csv.DictReader(f) if row.get("truth_verdict", "VALID") == "VALID"}
    with open(run / "runs.csv") as f:
        seconds = {row["name"]: float(row["seconds"]) for row in csv.DictReader(f)}
    verdicts = {}
    for line in (run / "referee.jsonl").read_text().splitlines():
        v = json.loads(line)
        verdicts[Path(v["pattern"]).stem] = v
    return clean, seconds, verdicts


def main() -> None:
    root = Path(sys.argv[1])
    print("# Vertex search beside the raster search\n")
    print("Clean figures only (truth VALID). Times: wall-clock seconds of one solver process per "
          "figure. Coverage and overlap: the referee's, over the VALID assemblies.\n")
    print("| set | search | clean | VALID | median s | max s | mean coverage | min coverage | mean overlap |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    solved = {}
    for name in SETS:
        for search in SEARCHES:
            run = root / f"{name}-{search}"
            if not (run / "referee.jsonl").exists():
                continue
            clean, seconds, verdicts = load(run)
            valid = sorted(f for f in clean if verdicts.get(f, {}).get("status") == "VALID")
            solved[name, search] = set(valid)
            times = [seconds[f] for f in clean if f in seconds]
            cov = [verdicts[f]["coverage"] for f in valid]
            ovl = [verdicts[f]["overlap"] for f in valid]
            print(f"| {name} | {search} | {len(clean)} | {len(valid)} | "
                  f"{statistics.median(times):.2f} | {max(times):.2f} | "
                  f"{statistics.mean(cov):.4f} | {min(cov):.4f} | {statistics.mean(ovl):.5f} |")
    print()
    for name in SETS:
        for other in SEARCHES[1:]:
            if (name, "vertex") not in solved or (name, other) not in solved:
                continue
            only_v = sorted(solved[name, "vertex"] - solved[name, other])
            only_o = sorted(solved[name, other] - solved[name, "vertex"])
            print(f"- {name}: only vertex VALID ({len(only_v)}): {', '.join(only_v) or '-'}; "
                  f"only {other} VALID ({len(only_o)}): {', '.join(only_o) or '-'}")


if __name__ == "__main__":
    main()
