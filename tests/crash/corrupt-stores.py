#!/usr/bin/env python3
"""Damaged stores are refused, not overwritten; --repair mends them (ctest corrupt_stores,
label crash).

Each store is made by the real command, damaged by hand, and opened again:
  - a results folder (`tangram solve --out-dir`): a record truncated, of garbage bytes, of a
    future format; a picture deleted, of garbage or truncated; a solution deleted; runs.csv
    torn in its last line;
  - shards before `tangram experiment merge`: a record truncated in a shard; a shard.json
    garbled;
  - the problem library of `tangram serve`: a record truncated, of garbage, of a future format;
    a picture deleted or not decoding.
Each time: exit 6 and one line naming the damaged file and `--repair`, the store byte-equal to
before; then --repair: one line per damaged file and a count, the files in DIR/damaged-*/, and
the store opens again without repair. A repaired results folder ends equal to an uninterrupted
run (runs.csv, times left out).

    tests/crash/corrupt-stores.py --tangram PATH
Exit 0 passed, 1 failed.
"""
import argparse
import base64
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from store_files import png, snapshot  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DAMAGED = 6
failures = []


def fail(what):
    failures.append(what)
    print(f"corrupt-stores: FAILED: {what}", file=sys.stderr)


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, timeout=600, **kw)


def untimed(csv_path):
    """runs.csv without its seconds column, the only one a run may change."""
    with open(csv_path) as f:
        rows = [line.rstrip("\n").split(",") for line in f]
    t = rows[0].index("seconds")
    return [r[:t] + r[t + 1:] for r in rows]


def damage(path, how):
    if how == "delete":
        os.remove(path)
        return
    with open(path, "rb") as f:
        data = f.read()
    if how == "truncate":
        data = data[: len(data) // 2]
    elif how == "garbage":
        data = bytes((i * 151 + 7) % 256 for i in range(len(data)))
    elif how == "future":
        data = data.replace(b"/1\"", b"/9\"", 1)
    elif how == "torn":  # the last line cut in its middle, without its line end
        lines = data.split(b"\n")
        data = b"\n".join(lines[:-2]) + b"\n" + lines[-2][: len(lines[-2]) // 2]
    with open(path, "wb") as f:
        f.write(data)


def check_refusal(label, result, store, damaged_file, before):
    lines = result.stderr.strip().splitlines()
    if result.returncode != DAMAGED:
        fail(f"{label}: exit {result.returncode}, not {DAMAGED}: {result.stderr.strip()}")
    elif len(lines) != 1 or not lines[0].startswith("tangram: error: " + damaged_file + ": ") \
            or "run with --repair to" not in lines[0]:
        fail(f"{label}: the refusal is not one line naming {damaged_file}: {result.stderr!r}")
    if snapshot(store) != before:
        fail(f"{label}: the store changed after the refusal")
    return lines[0] if lines else ""


def check_repair(label, stderr, prefix, damaged_file):
    lines = [l for l in stderr.splitlines() if l.startswith(prefix + " repair: ")]
    if not any(l.startswith(f"{prefix} repair: {damaged_file}: ") and l.endswith("moved aside")
               for l in lines):
        fail(f"{label}: --repair does not name {damaged_file}: {stderr!r}")
    if not any(" 1 damaged " in l and "moved aside into" in l and "damaged-" in l for l in lines):
        fail(f"{label}: --repair does not count what it moved: {stderr!r}")


def moved_to_damaged_folder(label, store, relative):
    """One store/damaged-*/ folder, holding `relative` (unless None: a deleted file)."""
    folders = [d for d in os.listdir(store) if d.startswith("damaged-")]
    if len(folders) != 1:
        fail(f"{label}: not one damaged-* folder in {store}: {folders}")
    elif relative is not None and not os.path.isfile(os.path.join(store, folders[0], relative)):
        fail(f"{label}: {relative} is not in {store}/{folders[0]}/")


def results_folder(tangram, work):
    patterns = [os.path.join(ROOT, "masks", n) for n in sorted(os.listdir(os.path.join(ROOT, "masks")))
                if n[:2] in ("01", "02", "03") and n.endswith(".png")]
    options = ["--rotation-step", "45", "--time-limit", "20", "--jobs", "1", "-q"]
    reference = os.path.join(work, "reference")
    r = run([tangram, "solve", "--out-dir", reference, *patterns, *options])
    if r.returncode != 0:
        fail(f"results: the reference run ended with {r.returncode}: {r.stderr}")
        return
    stem = os.path.splitext(os.path.basename(patterns[0]))[0] + "-dt"
    second = os.path.splitext(os.path.basename(patterns[1]))[0] + "-dt"
    cases = [("a truncated record", stem + ".run.json", "truncate"),
             ("a record of garbage", second + ".run.json", "garbage"),
             ("a record of a future format", stem + ".run.json", "future"),
             ("a deleted picture", second + ".png", "delete"),
             ("a picture of garbage", stem + ".png", "garbage"),
             ("a truncated picture", second + ".png", "truncate"),
             ("a deleted solution", stem + ".json", "delete"),
             ("a torn runs.csv", "runs.csv", "torn")]
    for k, (label, name, how) in enumerate(cases):
        label = "results folder, " + label
        out = os.path.join(work, f"results-{k}")
        shutil.copytree(reference, out)
        damage(os.path.join(out, name), how)
        before = snapshot(out)
        refused = run([tangram, "solve", "--out-dir", out, *patterns, *options])
        check_refusal(label, refused, out, os.path.join(out, name), before)
        repaired = run([tangram, "solve", "--out-dir", out, *patterns, *options, "--repair"])
        if repaired.returncode != 0:
            fail(f"{label}: --repair ended with {repaired.returncode}: {repaired.stderr}")
            continue
        check_repair(label, repaired.stderr, "tangram:", os.path.join(out, name))
        moved_to_damaged_folder(label, out, name if how != "delete" else None)
        if untimed(os.path.join(out, "runs.csv")) != untimed(os.path.join(reference, "runs.csv")):
            fail(f"{label}: runs.csv after --repair differs from an uninterrupted run's")
        again = run([tangram, "solve", "--out-dir", out, *patterns, *options])
        if again.returncode != 0:
            fail(f"{label}: after --repair the folder does not open: {again.stderr}")
    if refused.stdout:
        fail("results folder: the refusal printed tables")
    print(f"corrupt-stores: results folder: {len(cases)} damages checked")


def shards(tangram, work):
    masks = os.path.join(work, "masks")
    os.makedirs(masks)
    shutil.copy(os.path.join(ROOT, "masks", "03-page5-219.png"), os.path.join(masks, "01-house.png"))
    shutil.copy(os.path.join(ROOT, "masks", "02-page9-11.png"), os.path.join(masks, "02-hole.png"))
    def shard(i, out, *extra):
        return run([tangram, "experiment", "2", "--masks", masks, "--patterns", "1-2",
                    "--strategies", "dt", "--search", "ours", "--time-limit", "30", "--jobs", "1",
                    "--shard", f"{i}/2", "-o", out, "-q", *extra])
    s1, s2 = os.path.join(work, "s1"), os.path.join(work, "s2")
    for i, s in ((1, s1), (2, s2)):
        r = shard(i, s)
        if r.returncode != 0:
            fail(f"shards: shard {i} ended with {r.returncode}: {r.stderr}")
            return
    merged = os.path.join(work, "merged-reference")
    r = run([tangram, "experiment", "merge", s1, s2, "-o", merged, "-q"])
    if r.returncode != 0:
        fail(f"shards: the reference merge ended with {r.returncode}: {r.stderr}")
        return

    # A record truncated in shard 1: merge refuses; merge --repair moves it aside; the shard's
    # command redoes it; then merge ends equal to the reference.
    record = os.path.join("exp2", "ours", [n for n in os.listdir(os.path.join(s1, "exp2", "ours"))
                                           if n.endswith(".run.json")][0])
    damage(os.path.join(s1, record), "truncate")
    before = snapshot(s1)
    out = os.path.join(work, "merged")
    refused = run([tangram, "experiment", "merge", s1, s2, "-o", out, "-q"])
    check_refusal("shards, a truncated record", refused, s1, os.path.join(s1, record), before)
    if os.path.exists(out):
        fail("shards: the refused merge made its output")
    repaired = run([tangram, "experiment", "merge", s1, s2, "-o", out, "-q", "--repair"])
    check_repair("shards, a truncated record", repaired.stderr, "tangram:", os.path.join(s1, record))
    moved_to_damaged_folder("shards, a truncated record", s1, record)
    if repaired.returncode != 2 or "not recorded yet" not in repaired.stderr:
        fail(f"shards: merge --repair should ask to rerun the shard: {repaired.stderr!r}")
    r = shard(1, s1)
    if r.returncode != 0:
        fail(f"shards: shard 1 rerun after --repair ended with {r.returncode}: {r.stderr}")
    r = run([tangram, "experiment", "merge", s1, s2, "-o", out, "-q"])
    if r.returncode != 0:
        fail(f"shards: the merge after --repair ended with {r.returncode}: {r.stderr}")
    elif untimed(os.path.join(out, "runs.csv")) != untimed(os.path.join(merged, "runs.csv")):
        fail("shards: the merge after --repair differs from the reference merge")

    # A garbled shard.json: resuming the shard refuses; --repair rebuilds it from the command.
    damage(os.path.join(s2, "shard.json"), "truncate")
    before = snapshot(s2)
    refused = shard(2, s2)
    check_refusal("shards, a garbled shard.json", refused, s2, os.path.join(s2, "shard.json"), before)
    repaired = shard(2, s2, "--repair")
    if repaired.returncode != 0:
        fail(f"shards: shard 2 --repair ended with {repaired.returncode}: {repaired.stderr}")
    check_repair("shards, a garbled shard.json", repaired.stderr, "tangram:",
                 os.path.join(s2, "shard.json"))
    out2 = os.path.join(work, "merged-2")
    r = run([tangram, "experiment", "merge", s1, s2, "-o", out2, "-q"])
    if r.returncode != 0:
        fail(f"shards: the merge after the shard.json repair ended with {r.returncode}: {r.stderr}")
    print("corrupt-stores: shards: 2 damages checked")


def serve(tangram, library, *extra):
    """The server on `library`: (process, address) once it serves, or (finished result, None)."""
    proc = subprocess.Popen([tangram, "serve", "--port", "0", "--library", library, *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    if "http://" not in line:
        out, err = proc.communicate(timeout=60)
        return subprocess.CompletedProcess(proc.args, proc.returncode, line + out, err), None
    return proc, line.split("http://")[1].split("/")[0]


def stop(proc, address):
    # A request first: a SIGTERM before the server is listening can be lost (httplib's stop()
    # before listen_after_bind() does nothing), and the server would then run on.
    listed(address)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=30)
    return err


def listed(address):
    with urllib.request.urlopen(f"http://{address}/api/problems", timeout=10) as r:
        return sorted(p["id"] for p in json.loads(r.read())["problems"])


def library(tangram, work):
    reference = os.path.join(work, "library-reference")
    proc, address = serve(tangram, reference)
    if address is None:
        fail(f"library: the server did not start: {proc.stderr}")
        return
    square = base64.b64encode(png(240, 240)).decode()
    for name in ("one", "two", "three"):
        body = json.dumps({"name": name, "set": "tangram", "png": square, "source": "upload"})
        req = urllib.request.Request(f"http://{address}/api/problems", data=body.encode(),
                                     method="POST", headers={"Content-Type": "application/json"})
        urllib.request.urlopen(req, timeout=30).read()
    stop(proc, address)
    cases = [("a truncated record", "one.json", "truncate"),
             ("a record of garbage", "two.json", "garbage"),
             ("a record of a future format", "three.json", "future"),
             ("a deleted picture", "one.png", "delete"),
             ("a picture of garbage", "two.png", "garbage")]
    for k, (label, name, how) in enumerate(cases):
        label = "library, " + label
        folder = os.path.join(work, f"library-{k}")
        shutil.copytree(reference, folder)
        damage(os.path.join(folder, name), how)
        before = snapshot(folder)
        refused, address = serve(tangram, folder)
        if address is not None:
            stop(refused, address)
            fail(f"{label}: the server started on a damaged library")
            continue
        check_refusal(label, refused, folder, os.path.join(folder, name), before)
        proc, address = serve(tangram, folder, "--repair")
        if address is None:
            fail(f"{label}: serve --repair did not start: {proc.stderr}")
            continue
        problem = os.path.splitext(name)[0]
        expected = sorted({"one", "two", "three"} - {problem})
        if listed(address) != expected:
            fail(f"{label}: after --repair the server lists {listed(address)}, not {expected}")
        err = stop(proc, address)
        check_repair(label, err, "tangram serve:", os.path.join(folder, name))
        moved_to_damaged_folder(label, folder, name if how != "delete" else problem + ".json")
        proc, address = serve(tangram, folder)
        if address is None:
            fail(f"{label}: after --repair the library does not open: {proc.stderr}")
        else:
            stop(proc, address)
    print(f"corrupt-stores: library: {len(cases)} damages checked")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tangram", default=os.path.join(ROOT, "build", "tangram"))
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="corrupt-stores.")
    try:
        results_folder(args.tangram, work)
        shards(args.tangram, work)
        library(args.tangram, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if failures:
        print(f"corrupt-stores: {len(failures)} failures", file=sys.stderr)
        return 1
    print("corrupt-stores: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
