#!/usr/bin/env bash
# Process start-up of two builds of tangram, in one run (issue 32, item 1): today's build
# (BASELINE, before pictures were read without opencv_imgcodecs) against this one (NEW).
#
#   experiments/startup/run.sh [--runs N] [--baseline PATH] [--new PATH] [--realtime]
#
# Defaults: N = 30, BASELINE = /work/baseline/build/tangram, NEW = build/tangram. For each
# program: the shared libraries ldd lists and the ones the dynamic loader actually maps
# (LD_DEBUG=files, dlopen included), then N rounds, the two programs taking turns within each
# round, of `tangram --version`, `tangram solve masks/01-square.png --json F` and the same with
# `--json -` (the JSON on standard output: no file to make durable, see docs/durability.md) and
# with `--image P.png` too (a picture of the solution),
# timed as whole processes (from spawning to reaping, by a Python parent), with the solver's own
# time read from the JSON (stats.seconds).
# Prints a Markdown report: medians, and the ratios that are the claims (the whole process over
# the solver's own time, NEW over BASELINE). Timings depend on the machine and its load; the
# ratios within one run are what compares. --realtime runs each timed process under
# `chrt -f 10` (root; real-time scheduling), so that other work on a shared machine delays it
# less: closer to a quiet machine.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
runs=30
baseline=/work/baseline/build/tangram
new=$root/build/tangram
prefix=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --baseline) baseline=$2; shift 2 ;;
    --new) new=$2; shift 2 ;;
    --realtime) prefix=(chrt -f 10); shift ;;
    -h|--help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) echo "run.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
for program in "$baseline" "$new"; do
  [[ -x $program ]] || { echo "run.sh: no program at $program" >&2; exit 2; }
done
pattern=$root/masks/01-square.png
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The median of the numbers on standard input.
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

names=(baseline new)
programs=("$baseline" "$new")
for i in 0 1; do
  p=${programs[$i]}
  ldd "$p" | wc -l > "$work/${names[$i]}.ldd"
  LD_DEBUG=files "$p" --version 2>&1 >/dev/null | grep -c "generating link map" > "$work/${names[$i]}.mapped"
  LD_DEBUG=files "$p" solve "$pattern" --json "$work/warm.json" 2>&1 >/dev/null |
    grep -c "generating link map" > "$work/${names[$i]}.mapped-solve"
done

# One warm-up of each, then the rounds, all in one Python parent (under chrt with --realtime):
# each process is timed from spawning to reaping (time.perf_counter around posix_spawn and
# waitpid), so that neither a shell's forks nor the parent's own start count. It appends each
# time, and the solver's own time from the JSON (stats.seconds), to files in the work folder.
"${prefix[@]}" python3 - "$work" "$runs" "$pattern" "${programs[@]}" <<'PY'
import json, os, sys, time
work, runs, pattern, programs = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
names = ["baseline", "new"]
null = os.open(os.devnull, os.O_WRONLY)

def timed(argv, stdout_path=None):
    out = os.open(stdout_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644) if stdout_path else null
    actions = [(os.POSIX_SPAWN_DUP2, out, 1), (os.POSIX_SPAWN_DUP2, null, 2)]
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=actions)
    os.waitpid(pid, 0)
    seconds = time.perf_counter() - start
    if out != null:
        os.close(out)
    return seconds

def own(path):
    with open(path) as f:
        return json.load(f)["stats"]["seconds"]

def record(name, what, value):
    with open(os.path.join(work, name + "." + what), "a") as f:
        f.write("%.6f\n" % value)

for p in programs:
    timed([p, "--version"])
    timed([p, "solve", pattern, "--json", os.path.join(work, "warm.json")])
for r in range(runs):
    for name, p in zip(names, programs):
        record(name, "version", timed([p, "--version"]))
        json_path = os.path.join(work, "%s-%d.json" % (name, r))
        record(name, "solve", timed([p, "solve", pattern, "--json", json_path]))
        record(name, "own", own(json_path))
        out_path = os.path.join(work, "%s-%d.out.json" % (name, r))
        record(name, "stdout", timed([p, "solve", pattern, "--json", "-"], out_path))
        record(name, "stdout-own", own(out_path))
        image_json = os.path.join(work, "%s-%d.image.json" % (name, r))
        picture = os.path.join(work, "%s-%d.png" % (name, r))
        record(name, "image", timed([p, "solve", pattern, "--json", image_json, "--image", picture]))
        record(name, "image-own", own(image_json))
PY

for n in "${names[@]}"; do
  for m in version solve own stdout stdout-own image image-own; do median < "$work/$n.$m" > "$work/$n.$m.median"; done
done
value() { cat "$work/$1.$2"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

echo "| program | libraries listed (ldd) | mapped: --version | mapped: solve | --version (s) | solve, process (s) | solve, own (s) | process / own | --json -: process (s) | own (s) | process / own | --image: process (s) | own (s) | process / own |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for i in 0 1; do
  n=${names[$i]}
  echo "| $n: ${programs[$i]} | $(value "$n" ldd) | $(value "$n" mapped) | $(value "$n" mapped-solve) |" \
       "$(value "$n" version.median) | $(value "$n" solve.median) | $(value "$n" own.median) |" \
       "$(ratio "$(value "$n" solve.median)" "$(value "$n" own.median)") |" \
       "$(value "$n" stdout.median) | $(value "$n" stdout-own.median) |" \
       "$(ratio "$(value "$n" stdout.median)" "$(value "$n" stdout-own.median)") |" \
       "$(value "$n" image.median) | $(value "$n" image-own.median) |" \
       "$(ratio "$(value "$n" image.median)" "$(value "$n" image-own.median)") |"
done
echo
echo "new / baseline (medians of $runs runs each, taking turns): --version" \
     "$(ratio "$(value new version.median)" "$(value baseline version.median)"), solve as a process" \
     "$(ratio "$(value new solve.median)" "$(value baseline solve.median)"), the solver's own time" \
     "$(ratio "$(value new own.median)" "$(value baseline own.median)"), solve with --image as a" \
     "process $(ratio "$(value new image.median)" "$(value baseline image.median)")."
echo "Pattern: masks/01-square.png.${prefix[*]:+ Timed under ${prefix[*]}.}" \
     "Load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)."
