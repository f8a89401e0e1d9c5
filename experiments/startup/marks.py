#!/usr/bin/env python3
"""Where a process's time goes: the medians of the marks a build with marks.patch prints.

    git apply experiments/startup/marks.patch && cmake --build build --target tangram
    chrt -f 10 python3 experiments/startup/marks.py 40 build/tangram solve masks/01-square.png --json -
    git apply -R experiments/startup/marks.patch

Runs the command RUNS times (after 3 warm-up runs) from this process (posix_spawn to waitpid),
with TANGRAM_T0 set to the spawn time, and prints for each mark the median time since the spawn
(ms) and the step from the mark before; "exit" is the parent's waitpid. GAP=seconds sleeps
between runs.
"""
import os
import statistics
import sys
import time


def main():
    runs = int(sys.argv[1])
    args = sys.argv[2:]
    gap = float(os.environ.get("GAP", "0"))
    marks = {}
    totals = []
    for i in range(runs + 3):
        if gap:
            time.sleep(gap)
        t0 = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
        env = dict(os.environ, TANGRAM_T0=str(t0))
        r, w = os.pipe()
        pid = os.posix_spawn(args[0], args, env, file_actions=[
            (os.POSIX_SPAWN_DUP2, w, 2),
            (os.POSIX_SPAWN_OPEN, 1, "/dev/null", os.O_WRONLY, 0)])
        os.close(w)
        os.waitpid(pid, 0)
        t1 = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
        out = os.read(r, 1 << 20).decode()
        os.close(r)
        if i < 3:
            continue
        totals.append((t1 - t0) / 1e6)
        for line in out.splitlines():
            if line.startswith("MARK "):
                _, name, ms = line.split()
                marks.setdefault(name, []).append(float(ms))
    before = 0.0
    for name, values in list(marks.items()) + [("exit", totals)]:
        m = statistics.median(values)
        print(f"{name:14s} {m:7.3f}  (+{m - before:.3f})")
        before = m


if __name__ == "__main__":
    main()
