#!/usr/bin/python3
"""Summary of experiments/exact-assemblies/run.sh --lattice: per benchmark and variant (the default
with the lattice snap, and --no-lattice-snap), over the clean figures (kilogram-dev: truth_verdict
VALID; masks/: all, the 45-degree ones apart): the share of solutions on the set's exact lattice
(scripts/on-lattice.py: ON; ON or PARTS), and under ../shared/tools/tangram-referee the VALID
count, mean and minimum coverage, mean overlap, median and maximum time; the ground truths' own
shares for reference; and the figures whose verdict or coverage changed.

  experiments/exact-assemblies/lattice.py DIR      (DIR: run.sh --lattice's lattice/ folder)
"""
import csv, importlib.util, json, os, statistics, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared", "benchmarks"))
spec = importlib.util.spec_from_file_location("on_lattice", os.path.join(ROOT, "scripts", "on-lattice.py"))
on_lattice = importlib.util.module_from_spec(spec)
spec.loader.exec_module(on_lattice)
sys.path.insert(0, HERE)
from summarise import load  # noqa: E402  (referee verdicts and times of a run directory)

VARIANTS = [("no-lattice", "snapped (`--no-lattice-snap`)"), ("lattice", "snapped, then the lattice snap (default)")]


def groups(run):
    """(label, names, truth path of a name) per group of figures."""
    if run == "kilogram-dev-45deg":
        with open(os.path.join(SHARED, "kilogram-dev", "index.csv")) as f:
            clean = sorted(r["name"] for r in csv.DictReader(f) if r["truth_verdict"] == "VALID")
        truth = lambda n: os.path.join(SHARED, "kilogram-dev", "truth", n + ".truth.json")
        return [("clean", clean, truth)]
    names = sorted(os.path.splitext(n)[0] for n in os.listdir(os.path.join(ROOT, "masks"))
                   if n.endswith(".png"))
    truth = lambda n: os.path.join(ROOT, "masks", n + ".truth.json")
    # 01-18 at 45 degrees, 25-30 whole figures turned: 45-degree figures in their own frame;
    # 19-24 have pieces turned off the grid.
    on_grid = [n for n in names if not 19 <= int(n[:2]) <= 24]
    return [("45-degree (01-18, 25-30)", on_grid, truth),
            ("pieces off the grid (19-24)", [n for n in names if 19 <= int(n[:2]) <= 24], truth)]


def verdict(path):
    try:
        with open(path) as f:
            return on_lattice.check(json.load(f), 1e-6, 1e-5)["verdict"]
    except (OSError, ValueError, KeyError):
        return "NONE"


def main():
    base = sys.argv[1]
    print("# Exact assemblies on the set's lattice\n")
    print("Made by `experiments/exact-assemblies/run.sh --lattice` and "
          "`experiments/exact-assemblies/lattice.py`. On the lattice: scripts/on-lattice.py (ON: "
          "every piece at the figure's direction plus a multiple of 45 degrees within 1e-5 deg, "
          "every vertex within 1e-6 set units of (a + b sqrt 2) / 4 with |a|, |b| <= 4 (E + 1), E the figure's extent in set units; PARTS: each part of a figure "
          "of several parts so, the parts not relative to each other). Coverage and overlap: "
          "../shared/tools/tangram-referee, over the VALID solutions.\n")
    print("| benchmark | figures | variant | n | VALID | on lattice | on lattice or PARTS "
          "| mean coverage | min coverage | mean overlap | median s | max s |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    notes = []
    for run in ("kilogram-dev-45deg", "masks"):
        for label, names, truth in groups(run):
            tv = {n: verdict(truth(n)) for n in names}
            t_on = sum(v == "ON" for v in tv.values())
            t_parts = sum(v in ("ON", "PARTS") for v in tv.values())
            print(f"| {run} | {label} | ground truths | {len(names)} | {len(names)} | "
                  f"{t_on} ({t_on / len(names):.1%}) | {t_parts} ({t_parts / len(names):.1%}) "
                  f"| | | | | |")
            per = {}
            for variant, _ in VARIANTS:
                d = os.path.join(base, f"{run}-{variant}")
                if not os.path.exists(os.path.join(d, "referee.jsonl")):
                    continue
                refs, times = load(d)
                valid = [n for n in names if n in refs and refs[n]["status"] == "VALID"]
                v = {n: verdict(os.path.join(d, n + ".json")) for n in valid}
                on = sum(x == "ON" for x in v.values())
                parts = sum(x in ("ON", "PARTS") for x in v.values())
                cov = [refs[n]["coverage"] for n in valid]
                ov = [refs[n]["overlap"] for n in valid]
                t = [times[n] for n in names if n in times]
                per[variant] = (set(valid), v, refs)
                print(f"| {run} | {label} | {variant} | {len(names)} | {len(valid)} | "
                      f"{on} ({on / len(names):.1%}) | {parts} ({parts / len(names):.1%}) | "
                      f"{statistics.mean(cov):.4f} | {min(cov):.4f} | {statistics.mean(ov):.5f} | "
                      f"{statistics.median(t):.2f} | {max(t):.2f} |")
            if len(per) == 2:
                (va, la, ra), (vb, lb, rb) = per["no-lattice"], per["lattice"]
                lost, won = sorted(va - vb), sorted(vb - va)
                notes.append(f"- {run}, {label}: VALID without the lattice snap but not with it: "
                             f"{', '.join(lost) or 'none'}; with it but not without: {', '.join(won) or 'none'}")
                both = sorted(va & vb)
                moved_on = [n for n in both if la[n] != "ON" and lb[n] == "ON"]
                moved_off = [n for n in both if la[n] == "ON" and lb[n] != "ON"]
                worse = [f"{n} ({ra[n]['coverage']:.4f} -> {rb[n]['coverage']:.4f})" for n in both
                         if rb[n]["coverage"] < ra[n]["coverage"] - 1e-4]
                more = [f"{n} ({ra[n]['overlap']:.5f} -> {rb[n]['overlap']:.5f})" for n in both
                        if rb[n]["overlap"] > ra[n]["overlap"] + 1e-4]
                notes.append(f"- {run}, {label}: {len(moved_on)} solutions came onto the lattice, "
                             f"{len(moved_off)} left it{': ' + ', '.join(moved_off) if moved_off else ''}; "
                             f"referee coverage lower by more than 1e-4: {', '.join(worse) or 'none'}; "
                             f"overlap higher by more than 1e-4: {', '.join(more) or 'none'}")
                truth_on_not = [n for n in both if tv[n] == "ON" and lb[n] != "ON"]
                notes.append(f"- {run}, {label}: ground truth on the lattice, the solution not: "
                             f"{len(truth_on_not)}" + (f" ({', '.join(truth_on_not[:12])}"
                                                       f"{', ...' if len(truth_on_not) > 12 else ''})"
                                                       if truth_on_not else ""))
    print()
    print("\n".join(notes))


if __name__ == "__main__":
    main()
