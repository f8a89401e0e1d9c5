#!/usr/bin/env python3
"""What searching sibling subtrees side by side could gain at most: a bound from a trace.

    experiments/performance/simulate-subtrees.py TRACE_DIR NAME...

TRACE_DIR holds, for each NAME, NAME.txt (stderr of a 1-thread solve of a build with
trace-steps.patch and TRACE=1: one line "P bound restricted d1 d2 microseconds ..." per
placement, d1 and d2 numbering the nodes at depths 1 and 2 on the path; the fields after the
time, the leaves waiting and the level, are not read) and NAME.json (its
--json). A unit is a run of placements under one node of depth LEVEL, costing the time to the
next placement. Within one discrepancy pass the units go, in order, to whichever of two threads
is free first (each unit alone, no other parallel work); passes run one after the other. The
time before the first placement (masks, stages) is taken at 1.7x, what 2 threads give it today.
Sharing costs are ignored: this is an upper bound for that scheme.
"""
import itertools
import json
import sys


def units(lines, level, end):
    out = []
    for i, (bound, restricted, d1, d2, t) in enumerate(lines):
        following = lines[i + 1][4] if i + 1 < len(lines) else end
        key = (bound, restricted, d1 if level >= 1 else -1, d2 if level >= 2 else -1)
        if out and out[-1][0] == key:
            out[-1][1] += following - t
        else:
            out.append([key, following - t])
    return out


def makespan(costs):
    a = b = 0.0
    for cost in costs:
        if a <= b:
            a += cost
        else:
            b += cost
    return max(a, b)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    folder, names = sys.argv[1], sys.argv[2:]
    sequential = {1: 0.0, 2: 0.0}
    side_by_side = {1: 0.0, 2: 0.0}
    for name in names:
        lines = [tuple(float(x) for x in line.split()[1:6])
                 for line in open(f"{folder}/{name}.txt") if line.startswith("P ")]
        end = json.load(open(f"{folder}/{name}.json"))["stats"]["seconds"] * 1e6
        start = lines[0][4]
        row = [f"{name:10s} {end / 1e3:6.0f} ms, search {(end - start) / 1e3:5.0f} ms"]
        for level in (1, 2):
            found = units(lines, level, end)
            seq = sum(cost for _, cost in found)
            par = sum(makespan([cost for _, cost in group])
                      for _, group in itertools.groupby(found, key=lambda u: u[0][:2]))
            sequential[level] += start + seq
            side_by_side[level] += start / 1.7 + par
            row.append(f"depth {level}: {seq / par:.2f}")
        print("  ".join(row))
    for level in (1, 2):
        print(f"all: subtrees at depth {level} side by side, at most "
              f"{sequential[level] / side_by_side[level]:.2f}x")


if __name__ == "__main__":
    main()
