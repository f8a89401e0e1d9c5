#!/usr/bin/env python3
"""A full disk during every kind of write (ctest crash_full_disk, label crash).

Each command that writes is run with its output folder on a disk that fills (ENOSPC) or fails
(EIO) at several points, from the first byte written to the last, and at the first and last
fsync, folder sync, close, rename, file creation and mkdir. The fault is injected by
tests/faults/fail_writes.c (LD_PRELOAD, TANGRAM_FAULT_*), for that folder only. For each point
where the fault hit:
  - the command exits with status 2 (an output that cannot be written);
  - stderr is exactly one line, "tangram: error: ...", naming the file and the cause;
  - every file the folder held before is intact (byte-equal), every other file under a real
    name is whole (equal to a clean run's, times left out), no temporary file is left;
and then, the fault lifted, the same command completes and its folder equals a clean run's.
The web server's library is checked the same way through `tangram serve`: an add or a rename
while the library folder is faulted is answered with an error of one line, the server keeps
running and lists what it had, and the same request succeeds once the fault is lifted.

    tests/crash/full-disk.py --tangram PATH --shim PATH [--long] [--only NAME]
--long (or TANGRAM_CRASH_LONG=1) tries a dozen byte points and every call. Exit 0 passed, 1
failed, 77 skipped (a shim that cannot be preloaded).
"""
import argparse
import errno
import json
import os
import re
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from store_files import png, snapshot  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MASKS = os.path.join(ROOT, "masks")
KINDS = ["write", "fsync", "dirsync", "close", "rename", "create", "mkdir"]
BIG = 1 << 40
# Keys of JSON documents whose values change from run to run (times, dates, command lines).
VARYING_KEYS = {"seconds", "created", "time_s", "elapsed_s", "started", "invocations",
                "command_line", "when", "date", "busy_s", "wall_s"}
FAILURES = []


def fail(case, point, what):
    FAILURES.append(f"{case} [{point}]: {what}")
    print(f"full-disk: FAILED: {case} [{point}]: {what}", file=sys.stderr)


# --- what a folder holds -----------------------------------------------------------------------

def png_summary(data):
    """(width, height) of a complete PNG, or a reason why it is not one."""
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "not a PNG"
    at, idat, size, last = 8, b"", None, None
    while at + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        crc = data[at + 8 + length:at + 12 + length]
        if len(body) != length or len(crc) != 4 or \
                struct.unpack(">I", crc)[0] != zlib.crc32(kind + body) & 0xFFFFFFFF:
            return "a truncated PNG"
        if kind == b"IHDR":
            size = struct.unpack(">II", body[:8])
        if kind == b"IDAT":
            idat += body
        last = kind
        at += 12 + length
    if last != b"IEND" or at != len(data):
        return "a PNG without its end"
    try:
        zlib.decompress(idat)
    except zlib.error:
        return "a PNG whose pixels do not decompress"
    return size


def without_varying(value):
    if isinstance(value, dict):
        return {k: without_varying(v) for k, v in value.items() if k not in VARYING_KEYS}
    if isinstance(value, list):
        return [without_varying(v) for v in value]
    return value


def normal(name, data):
    """What a file says, times left out: equal for two clean runs of one command."""
    if name.endswith(".png"):
        return png_summary(data)
    text = data.decode("utf-8", "replace")
    if name.endswith(".json"):
        try:
            return [without_varying(json.loads(line)) for line in text.splitlines() if line] \
                if "\n{" in text.strip() else without_varying(json.loads(text))
        except ValueError:
            return "not JSON: " + text[-60:]
    # Times in tables, CSV and pages: every number and duration; the settings rows that name
    # the command, its date and machine (a resumed folder names each of its invocations); the
    # padding of Markdown tables, which follows their widest cell. The rest stays.
    text = re.sub(r"^\| *(command|date|commit|machine) .*\n", "", text, flags=re.M)
    text = re.sub(r"\d+(\.\d+)?( ?(s|ms|min|h))?\b", "#", text)
    return re.sub(r"-{3,}", "---", re.sub(r" {2,}", " ", text))


# --- running a command under the shim ----------------------------------------------------------

class Fault:
    """One fault point: the kinds of call that fail, after how many bytes or calls, errno."""

    def __init__(self, kinds, after_bytes=None, after_calls=None, err=errno.ENOSPC):
        self.kinds, self.after_bytes, self.after_calls, self.err = kinds, after_bytes, after_calls, err

    def __str__(self):
        where = f"after {self.after_bytes} bytes" if self.after_bytes is not None \
            else f"after {self.after_calls} calls"
        return f"{','.join(self.kinds)} {where} {errno.errorcode[self.err]}"

    def env(self, shim, folder, report):
        env = dict(os.environ, LD_PRELOAD=" ".join(SANITIZER_RUNTIMES + [shim]), TANGRAM_FAULT_DIR=folder,
                   TANGRAM_FAULT_ON=",".join(self.kinds), TANGRAM_FAULT_REPORT=report,
                   TANGRAM_FAULT_ERRNO=str(self.err))
        # A sanitized build: its runtime preloaded first, as it requires, else not checked.
        env["ASAN_OPTIONS"] = (env.get("ASAN_OPTIONS", "") + ":verify_asan_link_order=0").lstrip(":")
        if self.after_bytes is not None:
            env["TANGRAM_FAULT_AFTER_BYTES"] = str(self.after_bytes)
        if self.after_calls is not None:
            env["TANGRAM_FAULT_AFTER_CALLS"] = str(self.after_calls)
        return env


MEASURE = Fault(KINDS, after_bytes=BIG)
SANITIZER_RUNTIMES = []  # libasan of a sanitized build, which must come first in LD_PRELOAD


def sanitizer_runtimes(tangram):
    try:
        listing = subprocess.run(["ldd", tangram], capture_output=True, text=True).stdout
    except OSError:
        return []
    return [line.split("=>")[1].split()[0] for line in listing.splitlines()
            if "=>" in line and re.search(r"lib(asan|ubsan)\.so", line)]


def read_report(report):
    """(the fault lines' paths, the totals {bytes, faults, KIND: calls})."""
    faults, totals = [], {}
    if os.path.exists(report):
        with open(report) as f:
            for line in f:
                if line.startswith("fault "):
                    faults.append(line.split(" ", 2)[2].rstrip("\n"))
                elif line.startswith("bytes "):
                    words = line.split()
                    for k, v in zip(words[::2], words[1::2]):
                        totals[k] = totals.get(k, 0) + int(v)
        os.remove(report)
    return faults, totals


def run(args, cwd, env=None, stdout=None):
    with open(stdout, "wb") if stdout else open(os.devnull, "wb") as out:
        p = subprocess.run(args, cwd=cwd, env=env, stdout=out, stderr=subprocess.PIPE,
                           timeout=300)
    return p.returncode, p.stderr.decode("utf-8", "replace")


def target_name(path):
    """The file a faulted path stands for: a writer's temporary file stands for its target."""
    name = os.path.basename(path.rstrip("/"))
    m = re.match(r"^\.(.+)\.(tmp|merging)-\d+(-\d+)?$", name)
    return m.group(1) if m else name


def check_error(case, point, rc, err, fault, faulted_paths, stdout=False):
    lines = err.splitlines()
    if rc != 2:
        fail(case, point, f"exit status {rc}, not 2; stderr: {err.strip()[:300]!r}")
    if len(lines) != 1 or not lines[0].startswith("tangram: error: "):
        fail(case, point, f"stderr is not one error line: {err.strip()[:400]!r}")
        return
    line = lines[0]
    if re.search(r"error: (\S+): cannot write \1\.", line):
        fail(case, point, f"the error names its file twice: {line!r}")
    if os.strerror(fault.err) not in line:
        fail(case, point, f"the error does not say '{os.strerror(fault.err)}': {line!r}")
    names = ["standard output"] if stdout else [target_name(p) for p in faulted_paths]
    if not any(name in line for name in names):
        fail(case, point, f"the error names none of {sorted({target_name(p) for p in faulted_paths})}: {line!r}")


def check_files(case, point, before, after, reference):
    """Each file as before, or whole as in the clean run; nothing half-written, nothing lost."""
    for name, data in before.items():
        if name not in after:
            fail(case, point, f"{name}, there before, is gone")
    for name, data in after.items():
        base = os.path.basename(name)
        if ".tmp-" in base or ".merging-" in name:
            fail(case, point, f"a temporary file is left: {name}")
        elif before.get(name) == data:
            continue
        elif name not in reference:
            fail(case, point, f"{name} is neither there before nor in a clean run")
        elif normal(name, data) != normal(name, reference[name]):
            fail(case, point, f"{name} is changed but not whole: {str(normal(name, data))[:200]}")


class Case:
    """A command that writes into `folder` (relative to its work folder), after `setup` made
    the state the command starts from."""

    def __init__(self, name, command, folder, setup=(), stdout=None):
        self.name, self.command, self.folder, self.setup, self.stdout = \
            name, command, folder, setup, stdout


def fault_points(totals, long_form):
    points = []
    total = totals.get("bytes", 0)
    if total > 0:
        marks = sorted({0, total // 2, total - 1} if not long_form
                       else {total * k // 11 for k in range(11)} | {1, total - 1})
        for k, mark in enumerate(marks):
            points.append(Fault(["write", "create", "mkdir", "rename"], after_bytes=mark,
                                err=errno.EIO if k == 1 and not long_form else errno.ENOSPC))
    for kind, err in (("fsync", errno.EIO), ("dirsync", errno.EIO), ("close", errno.ENOSPC),
                      ("rename", errno.ENOSPC), ("create", errno.ENOSPC), ("mkdir", errno.ENOSPC)):
        calls = totals.get(kind, 0)
        if calls == 0:
            continue
        indices = sorted({0, calls - 1}) if not long_form else \
            sorted({calls * k // 8 for k in range(8)} | {calls - 1})
        points += [Fault([kind], after_calls=i, err=err) for i in indices]
    return points


def run_case(case, tangram, shim, work, long_form):
    base = os.path.join(work, case.name)
    template = os.path.join(base, "template")
    os.makedirs(os.path.join(template, case.folder))
    for step in case.setup:
        rc, err = run([tangram] + step, template)
        if rc != 0:
            fail(case.name, "setup", f"{' '.join(step)} exited {rc}: {err.strip()[:300]}")
            return 0
    report = os.path.join(base, "report")

    def fresh(tag):
        where = os.path.join(base, tag)
        shutil.copytree(template, where, symlinks=True)
        return where

    def out_file(where):
        return os.path.join(where, case.stdout) if case.stdout else None

    # The clean run, under the shim without a fault: what it writes, and how.
    clean = fresh("clean")
    folder = os.path.join(clean, case.folder)
    ref_rc, ref_err = run([tangram] + case.command, clean, MEASURE.env(shim, folder, report),
                          out_file(clean))
    _, totals = read_report(report)
    reference = snapshot(folder)
    if ref_rc != 0:
        fail(case.name, "clean run", f"exit {ref_rc}: {ref_err.strip()[:300]}")
        return 0
    points = fault_points(totals, long_form)
    tried, example = 0, ""
    for n, fault in enumerate(points):
        where = fresh(f"point-{n}")
        folder = os.path.join(where, case.folder)
        before = snapshot(folder)
        rc, err = run([tangram] + case.command, where, fault.env(shim, folder, report),
                      out_file(where))
        faulted, _ = read_report(report)
        point = str(fault)
        if faulted:
            tried += 1
            example = example or err.strip()
            check_error(case.name, point, rc, err, fault, faulted, bool(case.stdout))
            if not case.stdout:  # a shell redirection truncates before the command runs
                check_files(case.name, point, before, snapshot(folder), reference)
        elif rc != 0:
            fail(case.name, point, f"no fault hit, yet exit {rc}: {err.strip()[:300]}")
        # The fault lifted: the same command completes as a clean run.
        rc, err = run([tangram] + case.command, where, None, out_file(where))
        after = snapshot(folder)
        if rc != ref_rc:
            fail(case.name, point, f"the run after the fault exited {rc}: {err.strip()[:300]}")
        elif sorted(after) != sorted(reference):
            fail(case.name, point, f"after the fault the folder holds {sorted(set(after) ^ set(reference))[:4]} unlike a clean run")
        else:
            for name in after:
                if normal(name, after[name]) != normal(name, reference[name]):
                    fail(case.name, point, f"after the fault {name} differs from a clean run's")
                    break
        shutil.rmtree(where)
    print(f"full-disk: {case.name}: {tried} faults of {len(points)} points "
          f"({totals.get('bytes', 0)} bytes, " +
          ", ".join(f"{totals.get(k, 0)} {k}" for k in KINDS[1:]) + ")", flush=True)
    print(f"  e.g. {example}", flush=True)
    return tried


# --- the web server's library -----------------------------------------------------------------

def request(base, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method,
                                 headers={"Content-Type": "application/json"} if data else {})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            text = r.read()
            return r.status, json.loads(text) if text else None
    except urllib.error.HTTPError as e:
        text = e.read()
        try:
            return e.code, json.loads(text)
        except ValueError:
            return e.code, text.decode("utf-8", "replace")


class Server:
    def __init__(self, tangram, library, env=None):
        self.proc = subprocess.Popen([tangram, "serve", "--port", "0", "--library", library],
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True, env=env)
        line = self.proc.stdout.readline()
        if "http://" not in line:
            self.proc.kill()
            raise RuntimeError(f"the server did not start: {line!r}")
        self.base = "http://" + line.split("http://")[1].split("/")[0]

    def names(self):
        status, reply = request(self.base, "GET", "/api/problems")
        if status != 200:
            return None
        return sorted(p["name"] for p in reply["problems"])

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def run_library(tangram, shim, work, long_form):
    import base64
    square = base64.b64encode(png(240, 240)).decode()
    base = os.path.join(work, "library")
    template = os.path.join(base, "template", "lib")
    os.makedirs(template)
    server = Server(tangram, template)
    status, reply = request(server.base, "POST", "/api/problems",
                            {"name": "first", "set": "tangram", "png": square, "source": "upload"})
    server.stop()
    if status != 201:
        fail("library", "setup", f"adding a problem answered {status}: {reply}")
        return 0
    first = reply["problem"]["id"]
    report = os.path.join(base, "report")
    operations = {
        "add": ("POST", "/api/problems",
                {"name": "second", "set": "tangram", "png": square, "source": "upload"},
                ["first", "second"]),
        "rename": ("PATCH", f"/api/problems/{first}", {"name": "renamed"}, ["renamed"]),
    }
    tried, example = 0, ""
    for op, (method, path, body, expected) in operations.items():
        # The clean run, measured.
        lib = os.path.join(base, f"{op}-clean")
        shutil.copytree(template, lib)
        server = Server(tangram, lib, MEASURE.env(shim, lib, report))
        status, reply = request(server.base, method, path, body)
        server.stop()
        _, totals = read_report(report)
        reference = snapshot(lib)
        if status not in (200, 201):
            fail("library", f"{op} clean", f"answered {status}: {reply}")
            continue
        points = fault_points(totals, long_form)
        for n, fault in enumerate(points):
            lib = os.path.join(base, f"{op}-{n}")
            shutil.copytree(template, lib)
            before = snapshot(lib)
            point = f"{op}: {fault}"
            try:
                server = Server(tangram, lib, fault.env(shim, lib, report))
            except RuntimeError as e:
                fail("library", point, str(e))
                continue
            status, reply = request(server.base, method, path, body)
            alive = server.proc.poll() is None
            listed = server.names() if alive else None
            server.stop()
            faulted, _ = read_report(report)
            if faulted:
                tried += 1
                message = reply.get("error") if isinstance(reply, dict) else reply
                example = example or f"{status} {message}"
                if status < 400 or not isinstance(message, str) or "\n" in message.strip():
                    fail("library", point, f"answered {status}: {reply!r}, not an error line")
                elif os.strerror(fault.err) not in message or \
                        not any(target_name(p) in message for p in faulted):
                    fail("library", point, f"the error names neither the file nor the cause: {message!r}")
                if not alive:
                    fail("library", point, "the server stopped")
                elif listed != ["first"] and not (op == "rename" and fault.kinds == ["dirsync"]
                                                  and listed == expected):
                    # A rename whose folder sync failed is in place, not known to be durable.
                    fail("library", point, f"the library lists {listed}, not what it had")
                check_files("library", point, before, snapshot(lib), reference)
                after = snapshot(lib)
                if op == "add" and set(after) != set(before):
                    fail("library", point, f"files left by the failed add: {sorted(set(after) - set(before))}")
            elif status not in (200, 201):
                fail("library", point, f"no fault hit, yet answered {status}: {reply}")
            # The fault lifted: the same request succeeds.
            server = Server(tangram, lib)
            status, reply = request(server.base, method, path, body)
            listed = server.names()
            server.stop()
            if faulted and status not in (200, 201):
                fail("library", point, f"after the fault the request answered {status}: {reply}")
            if faulted and listed != sorted(expected):
                fail("library", point, f"after the fault the library lists {listed}, not {expected}")
            shutil.rmtree(lib)
        print(f"full-disk: library {op}: {len(points)} points ({totals.get('bytes', 0)} bytes)",
              flush=True)
    print(f"  e.g. {example}", flush=True)
    return tried


# --- the cases ---------------------------------------------------------------------------------

def cases(work):
    m = lambda name: os.path.join(MASKS, name)  # noqa: E731
    fast = ["--rotation-step", "45", "--time-limit", "20", "-q"]
    arrangement = os.path.join(MASKS, "src", "13-page7-191.arrangement.json")
    figure = os.path.join(work, "figure.txt")  # two rows of four squares
    experiment = ["experiment", "sets", "--sets", "tangram", "--masks", MASKS, "--strategies",
                  "dt", "--time-limit", "20", "--jobs", "1", "-q"]
    return [
        Case("solve", ["solve", m("02-page9-11.png"), "--json", "out/fig.json", "--image",
                       "out/fig.png", "--svg", "out/fig.svg", "-q"], "out",
             setup=[["solve", m("01-square.png"), "--json", "out/fig.json", "--image",
                     "out/fig.png", "--svg", "out/fig.svg", "-q"]]),
        Case("solve-all", ["solve", m("sets/tangram/01-figure.png"), "--all", "--max-solutions",
                           "5", "--json", "out/all.json", "--image", "out/all.png", "-q"], "out",
             setup=[["solve", m("sets/tangram/01-figure.png"), "--all", "--max-solutions", "2",
                     "--json", "out/all.json", "--image", "out/all.png", "-q"]]),
        Case("render", ["render", arrangement, "-o", "out/p.png", "--truth", "out/p.truth.json",
                        "--svg", "out/p.svg", "--side", "100"], "out",
             setup=[["render", arrangement, "-o", "out/p.png", "--truth", "out/p.truth.json",
                     "--svg", "out/p.svg", "--side", "60"]]),
        Case("verify-stdout", ["verify", "--json", m("02-page9-11.png"),
                               m("02-page9-11.truth.json")], "out", stdout="out/verify.json"),
        Case("solve-out-dir", ["solve", "--out-dir", "out", m("01-square.png"),
                               m("02-page9-11.png"), m("03-page5-219.png"), "--jobs", "1"] + fast,
             "out", setup=[["solve", "--out-dir", "out", m("01-square.png"), "--jobs", "1"] + fast]),
        Case("experiment", experiment + ["--patterns", "1-3", "-o", "out"], "out",
             setup=[experiment + ["--patterns", "1-2", "-o", "out"]]),
        Case("shard", experiment + ["--patterns", "1-3", "--shard", "2/2", "-o", "out"], "out"),
        Case("merge", ["experiment", "merge", "s1", "s2", "-o", "out/merged"], "out",
             setup=[experiment + ["--patterns", "1-3", "--shard", "1/2", "-o", "s1"],
                    experiment + ["--patterns", "1-3", "--shard", "2/2", "-o", "s2"]]),
        Case("generate-puzzles", ["generate", "puzzles", "--count", "2", "--seed", "2",
                                  "--out", "out", "-q"], "out",
             setup=[["generate", "puzzles", "--count", "2", "--seed", "1", "--out", "out", "-q"]]),
        Case("generate-convex", ["generate", "convex", "--pieces", "tangram", "--out", "out",
                                 "-q"], "out"),
        Case("generate-dissection", ["generate", "dissection", "--cells", "8", "--count", "2",
                                     "--seed", "2", "--out", "out", "-q"], "out",
             setup=[["generate", "dissection", "--cells", "8", "--count", "2", "--seed", "1",
                     "--out", "out", "-q"]]),
        Case("dissect", ["dissect", figure, "--json", "out/d.json",
                         "--image", "out/d.png", "--svg", "out/d.svg"], "out"),
    ]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tangram", required=True)
    ap.add_argument("--shim", required=True)
    ap.add_argument("--long", action="store_true",
                    default=os.environ.get("TANGRAM_CRASH_LONG", "") not in ("", "0"))
    ap.add_argument("--only", action="append", help="run only these cases (repeatable)")
    ap.add_argument("--keep", action="store_true", help="keep the work folder")
    args = ap.parse_args()
    tangram, shim = os.path.abspath(args.tangram), os.path.abspath(args.shim)
    SANITIZER_RUNTIMES[:] = sanitizer_runtimes(tangram)
    work = tempfile.mkdtemp(prefix="full-disk.")
    try:
        # The shim itself: a write under the folder fails, one elsewhere does not.
        probe = os.path.join(work, "probe")
        os.makedirs(probe)
        env = Fault(["write"], after_bytes=3).env(shim, probe, os.path.join(work, "r"))
        code = ("import os\nfd = os.open('x', os.O_WRONLY | os.O_CREAT)\n"
                "print(os.write(fd, b'12345'))\ntry:\n  os.write(fd, b'6')\n"
                "except OSError as e:\n  print(e.errno)\n")
        p = subprocess.run([sys.executable, "-c", code], cwd=probe, env=env,
                           capture_output=True, text=True)
        if p.stdout.split() != ["3", str(errno.ENOSPC)]:
            print(f"full-disk: skipped: the shim does not work here ({p.stdout!r} {p.stderr[:200]!r})")
            return 77
        with open(os.path.join(work, "figure.txt"), "w") as f:
            f.write("####\n####\n")
        tried = 0
        for case in cases(work):
            if args.only and case.name not in args.only:
                continue
            tried += run_case(case, tangram, shim, work, args.long)
        if not args.only or "library" in args.only:
            tried += run_library(tangram, shim, work, args.long)
        if FAILURES:
            print(f"full-disk: FAILED: {len(FAILURES)} checks of {tried} faults", file=sys.stderr)
            return 1
        print(f"full-disk: passed: {tried} faults injected, each one error line, exit 2, the "
              f"previous files intact, and the same command then equal to a clean run")
        return 0
    finally:
        if args.keep:
            print(f"full-disk: work folder kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
