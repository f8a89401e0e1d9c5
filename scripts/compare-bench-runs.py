#!/usr/bin/env python3
"""Compare two runs of scripts/bench-kilogram.sh (or any two output directories holding
referee.jsonl and one solution JSON per figure): are the referee's verdicts, its coverages and
the solutions themselves (their "stats" block aside: times and thread counts) the same?

  scripts/compare-bench-runs.py BEFORE_DIR AFTER_DIR [--set NAME] [--tsv OUT.tsv]

--set names the ../shared/benchmarks set, whose index.csv marks the clean figures
(truth_verdict VALID): their VALID count and mean coverage are printed for each run.
--tsv writes one line per figure: name, status and coverage before and after.
Exit status 0 when every figure has the same status, coverage and solution; 1 otherwise.
"""
import argparse, csv, json, os, re, sys
from collections import Counter

def referee(directory):
    out = {}
    with open(os.path.join(directory, "referee.jsonl")) as f:
        for line in f:
            r = json.loads(line)
            out[os.path.splitext(os.path.basename(r["pattern"]))[0]] = r
    return out

def solution(directory, name):
    path = os.path.join(directory, name + ".json")
    if not os.path.exists(path):
        return None
    return re.sub(r'"stats": \{.*\}', "", open(path).read(), flags=re.S)

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("before"); ap.add_argument("after")
    ap.add_argument("--set"); ap.add_argument("--tsv")
    a = ap.parse_args()
    B, A = referee(a.before), referee(a.after)
    clean = None
    if a.set:
        root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared",
                            "benchmarks", a.set, "index.csv")
        clean = {r["name"] for r in csv.DictReader(open(root)) if r["truth_verdict"] == "VALID"}
    names = sorted(set(B) | set(A))
    differ = []
    rows = []
    for n in names:
        b, f = B.get(n, {}), A.get(n, {})
        same = (b.get("status") == f.get("status") and b.get("coverage") == f.get("coverage")
                and solution(a.before, n) == solution(a.after, n))
        if not same:
            differ.append(n)
        rows.append((n, b.get("status"), b.get("coverage"), f.get("status"), f.get("coverage")))
    print(f"{len(names)} figures: {len(names) - len(differ)} with the same status, coverage and "
          f"solution (stats aside), {len(differ)} different")
    for tag, R in (("before", B), ("after", A)):
        line = f"  {tag}: " + ", ".join(f"{k} {v}" for k, v in sorted(Counter(r.get('status') for r in R.values()).items()))
        if clean is not None:
            valid = [r["coverage"] for n, r in R.items() if n in clean and r.get("status") == "VALID"]
            mean = sum(valid) / len(valid) if valid else float("nan")
            line += f"; clean figures VALID {len(valid)}/{len(clean)}, their mean coverage {mean:.6f}"
        print(line)
    for n in differ[:20]:
        print("  differs:", n)
    if a.tsv:
        with open(a.tsv, "w") as f:
            f.write("name\tstatus_before\tcoverage_before\tstatus_after\tcoverage_after\n")
            for r in rows:
                f.write("\t".join("" if v is None else str(v) for v in r) + "\n")
    return 1 if differ else 0

if __name__ == "__main__":
    sys.exit(main())
