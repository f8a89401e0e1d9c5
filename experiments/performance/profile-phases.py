#!/usr/bin/env python3
"""Splits the perf samples of tangram solves into the raster search's phases, and each phase
into the main thread's serial work, the main thread's work inside a parallel region
(tangram::parallel_for / parallel_any, TBB, cv::parallel_for_) and the worker threads' work.

    perf record -F 300 --call-graph dwarf,16384 -o solves.data -- bash -c 'for f in ...; do
        tangram solve ...; done'
    perf script -i solves.data -F pid,tid,ip,sym > solves.txt
    experiments/performance/profile-phases.py solves.txt

Prints a markdown table of shares of all samples (samples ~ CPU time, not wall time). A sample
belongs to the first phase, in the order below, one of whose frames its call stack holds."""
import collections
import sys

PHASES = [
    ("masks: rasterise", "tangram::rasterise_configurations"),
    ("masks: other setup", "tangram::search::Steps::Steps"),
    ("impossibility check", "tangram::search::Steps::impossibility"),
    ("judge: polish + verify a complete assembly", "polish_and_verify"),
    ("finish (deepest, measures)", "tangram::search::Steps::finish"),
    ("expand: candidates", "tangram::search::Steps::candidates"),
    ("expand: sort", "OursSearch::expand"),
    ("validate: place + rules + forward check", "place_and_validate"),
    ("angle hints", "restrict_to_hints"),
    ("search: other", "tangram::raster_search"),
    ("stages before the raster search", "tangram::run_solve"),
    ("read input, command line", "tangram::cli::"),
]
OTHER = "process start and exit, unresolved stacks"
PARALLEL = ("tangram::parallel_for", "tangram::parallel_any", "TaskGroup", "cv::parallel_for_",
            "tbb::detail::r1", "tbb::detail::d1::start_for")
KINDS = ("main, serial", "main, in parallel", "worker")


def sample_kind(pid, tid, names):
    phase = next((name for name, frame in PHASES if any(frame in n for n in names)), OTHER)
    if pid != tid:
        return phase, "worker"
    parallel = any(any(p in n for p in PARALLEL) for n in names)
    return phase, "main, in parallel" if parallel else "main, serial"


def main(path):
    counts = collections.Counter()
    head, names = None, []
    for line in list(open(path, errors="replace")) + [""]:
        if not line.strip():
            if head is not None:
                counts[sample_kind(*head, names)] += 1
            head, names = None, []
        elif not line[0].isspace():
            head = tuple(line.split()[0].split("/"))
        else:
            parts = line.split(None, 1)
            names.append(parts[1].strip() if len(parts) > 1 else "")
    total = sum(counts.values()) or 1
    print("| phase | main thread, serial | main thread, in a parallel region | worker threads |")
    print("|---|---:|---:|---:|")
    for phase in [name for name, _ in PHASES] + [OTHER]:
        row = [counts[(phase, k)] for k in KINDS]
        if sum(row):
            print(f"| {phase} | " + " | ".join(f"{100 * v / total:.1f}%" for v in row) + " |")
    row = [sum(v for (p, k), v in counts.items() if k == kind) for kind in KINDS]
    print("| **all** | " + " | ".join(f"**{100 * v / total:.1f}%**" for v in row) + " |")
    print(f"\n{total} samples")


if __name__ == "__main__":
    main(sys.argv[1])
