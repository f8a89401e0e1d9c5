#!/usr/bin/python3
"""Summary of experiments/exact-assemblies/run.sh's runs: per benchmark and variant, over the
clean figures (truth_verdict VALID; all of masks/): VALID count, mean and minimum coverage, mean
overlap, median and maximum time; and the figures one variant solves and the other does not.

  experiments/exact-assemblies/summarise.py DIR
"""
import csv, json, os, statistics, sys

SETS = [("kilogram-dev-45deg", "kilogram-dev"), ("kilogram-dev-rotated", "kilogram-dev-rotated"),
        ("masks", None)]


def clean_names(set_name, run_dir):
    if set_name is None:  # masks/: every figure is exact
        return None
    index = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "benchmarks",
                         set_name, "index.csv")
    with open(index) as f:
        return {r["name"] for r in csv.DictReader(f) if r["truth_verdict"] == "VALID"}


def load(run_dir):
    verdicts, times = {}, {}
    with open(os.path.join(run_dir, "referee.jsonl")) as f:
        for line in f:
            r = json.loads(line)
            verdicts[os.path.splitext(os.path.basename(r["pattern"]))[0]] = r
    with open(os.path.join(run_dir, "runs.csv")) as f:
        for r in csv.DictReader(f):
            times[r["name"]] = float(r["seconds"])
    return verdicts, times


def main():
    base = sys.argv[1]
    print("# Exact assemblies: the default against the raster search alone and unsnapped\n")
    print("Clean figures only (truth VALID; all of masks/). Coverage, overlap: "
          "../shared/tools/tangram-referee over the VALID ones. Made by "
          "`experiments/exact-assemblies/run.sh`.\n")
    print("| benchmark | variant | clean | VALID | mean coverage | min coverage | mean overlap "
          "| median s | max s |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    notes = []
    for run, set_name in SETS:
        solved = {}
        for variant in ("default", "no-exact", "no-snap"):
            d = os.path.join(base, f"{run}-{variant}")
            if not os.path.exists(os.path.join(d, "referee.jsonl")):
                continue
            verdicts, times = load(d)
            clean = clean_names(set_name, d) or set(verdicts)
            valid = [verdicts[n] for n in sorted(clean) if n in verdicts
                     and verdicts[n]["status"] == "VALID"]
            solved[variant] = {os.path.splitext(os.path.basename(v["pattern"]))[0] for v in valid}
            cov = [v["coverage"] for v in valid]
            ov = [v["overlap"] for v in valid]
            t = [times[n] for n in clean if n in times]
            worst = min(valid, key=lambda v: v["coverage"]) if valid else None
            print(f"| {run} | {variant} | {len(clean)} | {len(valid)} | "
                  f"{statistics.mean(cov):.4f} | {min(cov):.4f} | {statistics.mean(ov):.5f} | "
                  f"{statistics.median(t):.2f} | {max(t):.2f} |")
            if worst:
                notes.append(f"- {run}, {variant}: lowest coverage "
                             f"{os.path.splitext(os.path.basename(worst['pattern']))[0]} "
                             f"({worst['coverage']:.4f})")
        for other in ("no-exact", "no-snap"):
            if "default" in solved and other in solved:
                lost = sorted(solved[other] - solved["default"])
                won = sorted(solved["default"] - solved[other])
                notes.append(f"- {run}: VALID with {other} but not by default: "
                             f"{', '.join(lost) or 'none'}; by default but not with {other}: "
                             f"{', '.join(won) or 'none'}")
    print()
    print("\n".join(notes))


if __name__ == "__main__":
    main()
