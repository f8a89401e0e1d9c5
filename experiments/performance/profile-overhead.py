#!/usr/bin/env python3
"""Where the samples of tangram solves fall outside the project's code, per thread (main or
worker): waiting (sched_yield), copying images (cv::Mat::clone's memcpy), malloc and free, page
faults, stacks perf could not unwind (on a worker mostly TBB's spin before it sleeps), and the
rest. Run it on the 1-thread and the 2-thread profile of the same solves and compare the counts:
what 2 threads add outside the project's code is what they spend on sharing the work.

    perf record -F 1000 --call-graph dwarf,16384 -o t2.data -- bash -c 'for f in ...; do
        tangram solve ... --threads 2; done'
    perf script -i t2.data -F pid,tid,time,ip,sym > t2.txt
    experiments/performance/profile-overhead.py t2.txt

A sample counts as the project's when any frame of its stack is in namespace tangram, and as
a page fault when any frame is the kernel's page-fault entry (so the classes overlap)."""
import collections
import sys

CLASSES = ("project code", "sched_yield", "image copy (memcpy in cv::Mat::clone)",
           "malloc / free", "not unwound", "other")


def kind(names):
    if any("tangram::" in n for n in names):
        return "project code"
    top = " ".join(names[:6])
    if "sched_yield" in top:
        return "sched_yield"
    if "memcpy" in top and "clone" in top:
        return "image copy (memcpy in cv::Mat::clone)"
    if any(k in top for k in ("malloc", "_int_free", "libc_free", "tcache")):
        return "malloc / free"
    if all(n == "[unknown]" for n in names[:3]):
        return "not unwound"
    return "other"


def main(path):
    counts = collections.Counter()
    faults = collections.Counter()
    head, names = None, []
    for line in list(open(path, errors="replace")) + [""]:
        if not line.strip():
            if head is not None:
                pid, tid = head
                who = "main" if pid == tid else "worker"
                counts[(who, kind(names))] += 1
                faults[who] += any("page_fault" in n for n in names)
            head, names = None, []
        elif not line[0].isspace():
            fields = line.split()
            head = tuple(fields[0].split("/")) if "/" in fields[0] else (fields[0], fields[1])
        else:
            parts = line.split(None, 1)
            names.append(parts[1].strip() if len(parts) > 1 else "")
    print("| samples | main thread | workers |")
    print("|---|---:|---:|")
    for c in CLASSES:
        print(f"| {c} | {counts[('main', c)]} | {counts[('worker', c)]} |")
    print(f"| (of which page faults) | {faults['main']} | {faults['worker']} |")
    print(f"| **all** | **{sum(v for (w, _), v in counts.items() if w == 'main')}** | "
          f"**{sum(v for (w, _), v in counts.items() if w == 'worker')}** |")


if __name__ == "__main__":
    main(sys.argv[1])
