#!/usr/bin/env python3
"""Compare runs of scripts/bench-kilogram.sh made with different rotation settings (e.g. a fixed
step of 45 degrees, of 1 degree, and --rotation-step auto) on the same benchmark set: how many
clean figures each solves (referee VALID), their coverage, the solver's wall time, and which
figures one run solves that another does not.

  scripts/compare-rotation-runs.py --set NAME LABEL=DIR [LABEL=DIR ...] [--against LABEL]

Each DIR holds runs.csv (name,exit_code,seconds) and referee.jsonl as bench-kilogram.sh
writes them; --set names the ../shared/benchmarks set whose index.csv marks the clean figures
(truth_verdict VALID), or with a / in it a directory laid out as one (index.csv). Prints a Markdown table (one row per run), then, for the last run
(--against: the run it is compared with, default every other run), the clean figures it loses
(VALID there, not VALID in the last run) and gains. Exit status 0 when the last run loses
no figure, 1 otherwise.
"""
import argparse, csv, json, os, statistics, sys


def load(directory):
    verdicts = {}
    with open(os.path.join(directory, "referee.jsonl")) as f:
        for line in f:
            r = json.loads(line)
            verdicts[os.path.splitext(os.path.basename(r["pattern"]))[0]] = r
    seconds = {r["name"]: float(r["seconds"])
               for r in csv.DictReader(open(os.path.join(directory, "runs.csv")))}
    return verdicts, seconds


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--set", required=True)
    ap.add_argument("--against", action="append", default=[])
    ap.add_argument("runs", nargs="+", metavar="LABEL=DIR")
    a = ap.parse_args()
    index = (os.path.join(a.set, "index.csv") if "/" in a.set else
             os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared",
                          "benchmarks", a.set, "index.csv"))
    clean = sorted(r["name"] for r in csv.DictReader(open(index)) if r["truth_verdict"] == "VALID")
    runs = []
    for spec in a.runs:
        label, _, directory = spec.partition("=")
        if not directory:
            sys.exit(f"compare-rotation-runs: expected LABEL=DIR, got {spec!r}")
        runs.append((label, *load(directory)))

    print(f"{a.set}: {len(clean)} clean figures\n")
    print("| run | clean VALID | mean coverage (VALID) | min coverage (VALID) | mean s | median s "
          "| total s |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for label, verdicts, seconds in runs:
        valid = [n for n in clean if verdicts.get(n, {}).get("status") == "VALID"]
        cov = [verdicts[n]["coverage"] for n in valid]
        times = [seconds[n] for n in clean if n in seconds]
        print(f"| {label} | {len(valid)}/{len(clean)} | {statistics.mean(cov):.4f} | "
              f"{min(cov):.4f} | {statistics.mean(times):.2f} | {statistics.median(times):.2f} | "
              f"{sum(times):.0f} |")

    last_label, last, _ = runs[-1]
    lost_any = False
    for label, verdicts, _ in runs[:-1]:
        if a.against and label not in a.against:
            continue
        valid = lambda v, n: v.get(n, {}).get("status") == "VALID"
        lost = [n for n in clean if valid(verdicts, n) and not valid(last, n)]
        gained = [n for n in clean if valid(last, n) and not valid(verdicts, n)]
        lost_any = lost_any or bool(lost)
        print(f"\n{last_label} against {label}: loses {len(lost)}"
              f"{(' (' + ', '.join(lost) + ')') if lost else ''}, gains {len(gained)}"
              f"{(' (' + ', '.join(gained) + ')') if gained else ''}")
    return 1 if lost_any else 0


if __name__ == "__main__":
    sys.exit(main())
