#!/usr/bin/env python3
"""Wall-time view of 2-thread solves: for each sample of a main thread, whether a worker of the
same process was sampled at about the same time (within half a sampling period), split by the
main thread's phase (the phases of profile-phases.py); and what the main thread was doing when a
worker ran alone.

    perf record -F 1000 --call-graph dwarf,16384 -o t2.data -- bash -c 'for f in ...; do
        tangram solve ... --threads 2; done'
    perf script -i t2.data -F pid,tid,time,ip,sym > t2.txt
    experiments/performance/profile-overlap.py t2.txt 1000

Samples ~ CPU time; a main-thread sample with no worker sample near it is a moment when the
other core did nothing for this solve (it idled, or ran another process on a loaded machine)."""
import bisect
import collections
import importlib.util
import os
import sys

spec = importlib.util.spec_from_file_location(
    "phases", os.path.join(os.path.dirname(os.path.abspath(__file__)), "profile-phases.py"))
phases = importlib.util.module_from_spec(spec)
spec.loader.exec_module(phases)


def read(path):
    samples = []  # (pid, tid, time, names)
    head, names = None, []
    for line in list(open(path, errors="replace")) + [""]:
        if not line.strip():
            if head is not None:
                samples.append((*head, names))
            head, names = None, []
        elif not line.startswith("\t"):  # a sample's head: "pid/tid time:" (pid padded)
            fields = line.split()
            pid, tid = fields[0].split("/")
            head = (pid, tid, float(fields[1].rstrip(":")))
        else:
            parts = line.split(None, 1)
            names.append(parts[1].strip() if len(parts) > 1 else "")
    return samples


def main(path, frequency):
    half = 0.5 / frequency
    samples = read(path)
    times = collections.defaultdict(lambda: ([], []))  # pid -> (main times, worker times)
    for pid, tid, t, _ in samples:
        times[pid][0 if pid == tid else 1].append(t)
    for pair in times.values():
        pair[0].sort()
        pair[1].sort()

    def near(sorted_times, t):
        i = bisect.bisect_left(sorted_times, t - half)
        return i < len(sorted_times) and sorted_times[i] <= t + half

    counts = collections.Counter()
    for pid, tid, t, names in samples:
        phase, kind = phases.sample_kind(pid, tid, names)
        if kind == "worker":
            other = "main sampled too" if near(times[pid][0], t) else "worker alone"
        else:
            other = "with a worker" if near(times[pid][1], t) else "alone"
        counts[(phase, kind, other)] += 1
    total = sum(counts.values()) or 1
    cols = [("main, serial", "alone"), ("main, serial", "with a worker"),
            ("main, in parallel", "alone"), ("main, in parallel", "with a worker"),
            ("worker", "main sampled too"), ("worker", "worker alone")]
    print("| phase | main serial, alone | main serial, worker busy | main parallel, alone "
          "| main parallel, worker busy | worker, main busy | worker alone |")
    print("|---|" + "---:|" * len(cols))
    for phase in [name for name, _ in phases.PHASES] + [phases.OTHER]:
        row = [counts[(phase, *c)] for c in cols]
        if sum(row):
            print(f"| {phase} | " + " | ".join(f"{100 * v / total:.1f}%" for v in row) + " |")
    row = [sum(v for (p, *k), v in counts.items() if tuple(k) == c) for c in cols]
    print("| **all** | " + " | ".join(f"**{100 * v / total:.1f}%**" for v in row) + " |")
    print(f"\n{total} samples")

    # The worker idling (TBB's spin before sleeping, sched_yield: no frame of the project) and
    # the main thread's innermost project frame at that moment.
    mains = {pid: sorted((t, names) for p, tid, t, names in samples if p == pid == tid)
             for pid in times}
    idle = collections.Counter()
    idle_total = 0
    for pid, tid, t, names in samples:
        if pid == tid or any("tangram" in n for n in names):
            continue
        idle_total += 1
        main_samples = mains[pid]
        i = bisect.bisect_left(main_samples, (t,))
        near_main = [main_samples[j] for j in (i - 1, i) if 0 <= j < len(main_samples)
                     and abs(main_samples[j][0] - t) <= 2 * half]
        if not near_main:
            idle[("(main not sampled)", "", "")] += 1
            continue
        main_names = min(near_main, key=lambda s: abs(s[0] - t))[1]
        phase, kind = phases.sample_kind(pid, pid, main_names)
        inner = next((n for n in main_names if "tangram" in n), main_names[0] if main_names else "")
        idle[(phase, kind, inner.replace("(anonymous namespace)::", "").split("(")[0][:60])] += 1
    print(f"\nworker samples outside the project's code (idle): {idle_total}; the main thread then:")
    print("| samples | main thread's phase | serial / parallel | innermost project frame |")
    print("|---:|---|---|---|")
    for (phase, kind, inner), v in idle.most_common(12):
        print(f"| {v} | {phase} | {kind} | `{inner}` |")


if __name__ == "__main__":
    main(sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 1000.0)
