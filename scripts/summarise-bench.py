#!/usr/bin/python3
"""Summarise a benchmark run of scripts/bench-kilogram.sh into OUT/summary.md (and print it).

    /usr/bin/python3 scripts/summarise-bench.py OUT [--index INDEX.csv]

Reads OUT/meta.txt (command, set, commit, machine), OUT/runs.csv (name,exit_code,seconds),
OUT/referee.jsonl (tangram-referee --batch --json: one object per figure with "pattern" and
"status" VALID/INVALID/UNSOLVED/ERROR) and the set's index.csv (truth_verdict, holes,
components, all_45deg). The figures summarised are those in referee.jsonl.

Groups: clean figures (truth_verdict VALID: the exact ground truth passes the referee) and
distorted ones (INVALID: digitisation artifacts, see ../shared/benchmarks/README.md) apart, then
clean figures with holes, with several parts, and not aligned to 45 degrees, then every figure
(clean or distorted) with holes and with several parts. Times are the
solver's wall-clock seconds per figure. Standard library only.
"""

import argparse
import collections
import csv
import json
import os
import statistics
import sys


def read_meta(path):
    """key=value lines of meta.txt; an empty dict when there is none."""
    meta = {}
    if os.path.isfile(path):
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                key, sep, value = line.rstrip("\n").partition("=")
                if sep:
                    meta[key] = value
    return meta


def read_runs(path):
    """name -> (exit code, seconds); the last record of a name wins."""
    runs = {}
    if os.path.isfile(path):
        with open(path, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                try:
                    runs[row["name"]] = (int(row["exit_code"]), float(row["seconds"]))
                except (KeyError, TypeError, ValueError):
                    continue
    return runs


def read_verdicts(path):
    """name -> referee result, in file order; lines that are not JSON objects are skipped."""
    verdicts = {}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if not line.startswith("{"):
                continue
            res = json.loads(line)
            name = os.path.basename(res["pattern"])
            verdicts[name[:-4] if name.endswith(".png") else name] = res
    return verdicts


def read_index(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return {row["name"]: row for row in csv.DictReader(fh)}


def fmt_seconds(values, reduce):
    return "%.2f" % reduce(values) if values else "-"


def group_row(label, names, verdicts, runs):
    """One table row: counts by referee status and solver times over the given figures."""
    n = len(names)
    counts = collections.Counter(verdicts[name]["status"] for name in names)
    times = [runs[name][1] for name in names if name in runs]
    valid_times = [runs[name][1] for name in names
                   if name in runs and verdicts[name]["status"] == "VALID"]
    share = "%.1f%%" % (100.0 * counts["VALID"] / n) if n else "-"
    cells = [label, str(n), str(counts["VALID"]), share,
             str(counts["INVALID"]), str(counts["UNSOLVED"]),
             fmt_seconds(times, statistics.median), fmt_seconds(times, max),
             fmt_seconds(valid_times, statistics.median)]
    return "| " + " | ".join(cells) + " |"


def first_reason(res, width=90):
    reason = res["reasons"][0] if res.get("reasons") else ""
    return reason if len(reason) <= width else reason[:width - 3] + "..."


def summarise(out, index_path=None, max_listed=25):
    meta = read_meta(os.path.join(out, "meta.txt"))
    runs = read_runs(os.path.join(out, "runs.csv"))
    verdicts = read_verdicts(os.path.join(out, "referee.jsonl"))
    index_path = index_path or meta.get("index")
    if not index_path or not os.path.isfile(index_path):
        raise SystemExit("summarise-bench: no index.csv (give --index; meta.txt says %r)"
                         % index_path)
    index = read_index(index_path)
    unknown = [name for name in verdicts if name not in index]
    if unknown:
        raise SystemExit("summarise-bench: %d figures are not in %s, e.g. %s"
                         % (len(unknown), index_path, unknown[0]))

    names = list(verdicts)
    clean = [x for x in names if index[x]["truth_verdict"] == "VALID"]
    distorted = [x for x in names if index[x]["truth_verdict"] != "VALID"]
    groups = [
        ("clean (truth VALID)", clean),
        ("distorted (truth INVALID)", distorted),
        ("clean, with holes", [x for x in clean if int(index[x]["holes"]) >= 1]),
        ("clean, several parts", [x for x in clean if int(index[x]["components"]) > 1]),
        ("clean, all_45deg = 0", [x for x in clean if index[x]["all_45deg"] == "0"]),
        ("all, with holes", [x for x in names if int(index[x]["holes"]) >= 1]),
        ("all, several parts", [x for x in names if int(index[x]["components"]) > 1]),
    ]

    solver = meta.get("solver", "?")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if solver.startswith(root + os.sep):
        solver = os.path.relpath(solver, root)
    lines = [
        "# Benchmark: %s" % meta.get("set", "?"),
        "",
        "- command: `%s`" % meta.get("command", "?"),
        "- solver: `%s`; options: `%s`" % (solver, meta.get("solve_args", "").strip() or "(defaults)"),
        "- commit: %s" % meta.get("commit", "?"),
        "- machine: %s CPUs (nproc), %s" % (meta.get("nproc", "?"), meta.get("cpu", "?")),
        "- started: %s; jobs: %s; per-run timeout: %s" % (
            meta.get("started", "?"), meta.get("jobs", "?"),
            "%s s" % meta["timeout"] if meta.get("timeout", "0") != "0" else "none"),
        "- figures: %d of %d in `%s`" % (len(names), len(index), index_path),
        "",
        "| figures | n | VALID | share | INVALID | UNSOLVED | median s | max s | median s (VALID) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    lines += [group_row(label, members, verdicts, runs) for label, members in groups]
    lines.append("")
    lines.append("Referee: `tangram-referee` with its default thresholds. Times: wall-clock "
                 "seconds of one solver process per figure, over all figures of the row "
                 "(median s (VALID): over its VALID ones).")

    notes = []
    errors = [x for x in names if verdicts[x]["status"] == "ERROR"]
    if errors:
        notes.append("- referee ERROR (unusable pattern): %s" % ", ".join(errors))
    missing = [x for x in names if x not in runs]
    if missing:
        notes.append("- no run recorded for %d figures (not counted in times)" % len(missing))
    codes = collections.Counter(runs[x][0] for x in names if x in runs)
    if codes:
        notes.append("- solver exit codes: " + ", ".join(
            "%d: %d" % (code, count) for code, count in sorted(codes.items())))
    failed = [x for x in clean if verdicts[x]["status"] != "VALID"]
    if failed:
        notes.append("- clean figures not VALID (%d):" % len(failed))
        for name in failed[:max_listed]:
            res = verdicts[name]
            notes.append("  - %s: %s %s" % (name, res["status"], first_reason(res)))
        if len(failed) > max_listed:
            notes.append("  - ... and %d more (see referee.jsonl)" % (len(failed) - max_listed))
    if notes:
        lines += [""] + notes
    return "\n".join(lines) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description="Summarise a scripts/bench-kilogram.sh run.")
    ap.add_argument("out", help="the run's output directory")
    ap.add_argument("--index", help="the set's index.csv (default: from OUT/meta.txt)")
    opts = ap.parse_args(argv)
    text = summarise(opts.out, opts.index)
    with open(os.path.join(opts.out, "summary.md"), "w", encoding="utf-8") as fh:
        fh.write(text)
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
