#!/usr/bin/env bash
# Where the second thread's time goes: each figure solved once with 1 thread and once with 2
# under `perf record` (at 1-degree steps with the exact searches off and DT, as
# threads-kilogram.sh), CPU samples summed over the figures. Prints the samples of each run,
# those spent waiting (oneTBB's spinning and sleeping, the kernel's scheduler, sched_yield),
# the ideal ratio without the waiting and without the extra work, and the functions whose
# samples grew most from 1 thread to 2 (the extra work).
#
#   experiments/performance/perf-threads.sh TANGRAM BENCHMARK_DIR NAME...
#
# Needs perf (linux-perf) and permission to record (kernel.perf_event_paranoid <= 2). A solve
# samples both threads at 20 kHz: two threads that never waited and did no more work than one
# would have twice one thread's samples per second, and half its elapsed time.
set -euo pipefail
[[ $# -ge 3 ]] || { sed -n '2,13s/^# \{0,1\}//p' "$0"; exit 2; }
command -v perf > /dev/null || { echo "perf-threads.sh: perf not found (apt-get install linux-perf)" >&2; exit 2; }
tangram=$1 benchmark=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for name in "$@"; do
  for t in 1 2; do
    perf record -q -F 20000 -o "$work/$name.$t.data" -- "$tangram" solve "$benchmark/png/$name.png" \
      --no-exact --rotation-step 1 --strategy dt --threads "$t" --time-limit 60 \
      --json "$work/$name.$t.json" > /dev/null 2>&1
    perf report -i "$work/$name.$t.data" --no-children --sort dso,sym --stdio -F sample,dso,sym \
      2> /dev/null | grep -v '^#' | grep -v '^$' > "$work/$name.$t.txt" || true
  done
done
/usr/bin/python3 - "$work" "$@" <<'PY'
import collections, json, re, sys
work, names = sys.argv[1], sys.argv[2:]
WAITING_KERNEL = re.compile(r"schedule|sched_yield|futex|idle|switch_to|finish_task_switch|pick_next")
samples = {1: collections.Counter(), 2: collections.Counter()}
waiting = {1: 0, 2: 0}
seconds = {1: 0.0, 2: 0.0}
for name in names:
    for t in (1, 2):
        seconds[t] += json.load(open(f"{work}/{name}.{t}.json"))["stats"]["seconds"]
        for line in open(f"{work}/{name}.{t}.txt"):
            parts = line.split(None, 2)
            if len(parts) < 3 or not parts[0].isdigit():
                continue
            n, dso, sym = int(parts[0]), parts[1], parts[2].strip()
            sym = re.sub(r"^\[[.k]\]\s*", "", sym)
            if "libtbb" in dso or WAITING_KERNEL.search(sym):
                waiting[t] += n
            else:
                samples[t][sym if not sym.startswith("0x") else f"{dso} (no symbols)"] += n
total = {t: sum(samples[t].values()) + waiting[t] for t in (1, 2)}
work2 = total[2] - waiting[2]
print(f"figures: {len(names)}; the solver's own seconds: 1 thread {seconds[1]:.3f}, "
      f"2 threads {seconds[2]:.3f}, ratio {seconds[1] / seconds[2]:.2f}")
print(f"samples: 1 thread {total[1]}, 2 threads {total[2]} ({total[2] / total[1]:.3f} of 1 thread's)")
print(f"  waiting: 1 thread {waiting[1]}, 2 threads {waiting[2]} "
      f"({waiting[2] / total[2]:.1%} of the 2 threads' samples)")
print(f"  working: 1 thread {total[1] - waiting[1]}, 2 threads {work2} "
      f"({work2 / (total[1] - waiting[1]):.3f} of 1 thread's)")
print(f"ratio at most, had 2 threads never waited: {2 * total[1] / work2:.2f} "
      f"(2 x 1 thread's samples / the 2 threads' working samples)")
print("grew most from 1 thread to 2 (samples), besides the waiting:")
growth = [(samples[2][s] - samples[1][s], s) for s in set(samples[1]) | set(samples[2])]
for diff, sym in sorted(growth, reverse=True)[:12]:
    print(f"  {samples[1][sym]:7d} {samples[2][sym]:7d} {diff:+7d}  {sym[:100]}")
PY
