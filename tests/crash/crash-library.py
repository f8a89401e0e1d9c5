#!/usr/bin/env python3
"""Crash test of the web server's problem library (ctest crash_library, label crash).

`tangram serve` runs on a scratch library while three clients add, rename and delete problems;
it is killed with SIGKILL at a random moment, started again on the same folder, and the library
is checked against the operations the server acknowledged before the kill:
  - every acknowledged add is listed (unless acknowledged deleted since), with the name of its
    last acknowledged rename, and its picture reads;
  - every acknowledged delete is gone;
  - an operation in flight at the kill may have happened or not, nothing else;
  - the server opens the folder without repair, and no temporary file is left in it.

    tests/crash/crash-library.py --tangram PATH [--kills N] [--seed S]
Default 6 kills (CI's short form); the long form: --kills 200. Exit 0 passed, 1 failed.
"""
import argparse
import base64
import http.client
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from store_files import png  # noqa: E402


SQUARE = base64.b64encode(png(240, 240)).decode()


def request(base, method, path, body=None, timeout=10):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method,
                                 headers={"Content-Type": "application/json"} if data else {})
    with urllib.request.urlopen(req, timeout=timeout) as r:
        text = r.read()
        return r.status, (json.loads(text) if text else None)


def start(tangram, library, kill_no):
    errors = os.path.join(os.path.dirname(library), "server.err")
    with open(errors, "w") as err:
        proc = subprocess.Popen([tangram, "serve", "--port", "0", "--library", library],
                                stdout=subprocess.PIPE, stderr=err, text=True)
    line = proc.stdout.readline()
    if "http://" not in line:
        proc.wait()
        with open(errors) as err:
            said = err.read().strip()[-600:]
        fail(kill_no, f"the server did not start (exit {proc.returncode}): {said or line!r}")
    return proc, line.split("http://")[1].split("/")[0]


class Client(threading.Thread):
    """Adds, renames and deletes its own problems; records what was acknowledged."""

    def __init__(self, base, tag, rng):
        super().__init__(daemon=True)
        self.base, self.tag, self.rng = base, tag, rng
        self.names = {}        # id -> name, acknowledged
        self.deleted = set()   # ids, acknowledged
        self.pending = None    # (op, id or name, new name) in flight
        self.n = 0

    def run(self):
        while True:
            try:
                live = [i for i in self.names if i not in self.deleted]
                roll = self.rng.random()
                if not live or roll < 0.5:
                    name = f"{self.tag} {self.n}"
                    self.n += 1
                    self.pending = ("add", name, None)
                    _, reply = request(self.base, "POST", "/api/problems",
                                       {"name": name, "set": "tangram", "png": SQUARE,
                                        "source": "upload"})
                    self.names[reply["problem"]["id"]] = name
                elif roll < 0.8:
                    pid = self.rng.choice(live)
                    name = f"{self.tag} renamed {self.n}"
                    self.n += 1
                    self.pending = ("rename", pid, name)
                    request(self.base, "PATCH", f"/api/problems/{pid}", {"name": name})
                    self.names[pid] = name
                else:
                    pid = self.rng.choice(live)
                    self.pending = ("delete", pid, None)
                    request(self.base, "DELETE", f"/api/problems/{pid}")
                    self.deleted.add(pid)
                self.pending = None
            except (urllib.error.URLError, http.client.HTTPException, OSError, ValueError):
                return  # the server is gone: what was in flight stays pending


def check(base, library, clients, round_no, pictures=None):
    """The library against every client's acknowledged operations; an operation in flight at
    the kill is then settled as the library shows it, so that later rounds hold it to that."""
    _, listing = request(base, "GET", "/api/problems")
    listed = {p["id"]: p["name"] for p in listing["problems"]}
    for c in clients:
        op, c.pending = c.pending, None
        for pid, name in list(c.names.items()):
            in_flight = op is not None and op[1] == pid
            if pid in c.deleted:
                if pid in listed:
                    fail(round_no, f"{pid} was deleted (acknowledged) but is listed")
                continue
            if pid not in listed:
                if in_flight and op[0] == "delete":
                    c.deleted.add(pid)
                    continue
                fail(round_no, f"{pid} ({name}) was added (acknowledged) but is not listed")
            if listed[pid] != name:
                if in_flight and op[0] == "rename" and listed[pid] == op[2]:
                    c.names[pid] = op[2]
                else:
                    fail(round_no, f"{pid} is named {listed[pid]!r}, acknowledged {name!r}")
            if pictures is not None and c not in pictures:
                continue  # earlier rounds' pictures were read after their own kill
            status, _ = request_raw(base, f"/api/problems/{pid}/image.png")
            if status != 200:
                fail(round_no, f"{pid}'s picture does not read ({status})")
        if op is not None and op[0] == "add":
            for pid, name in listed.items():
                if name == op[1] and pid not in c.names:
                    c.names[pid] = name  # the add in flight happened
    known = {pid for c in clients for pid in c.names}
    for pid in listed:
        if pid not in known:
            fail(round_no, f"{pid} is listed but was never added")
    left = [f for f in os.listdir(library) if ".tmp-" in f]
    if left:
        fail(round_no, f"temporary files left in the library: {left[:3]}")


def request_raw(base, path):
    try:
        with urllib.request.urlopen(base + path, timeout=10) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, b""


def fail(round_no, what):
    raise SystemExit(f"crash-library: FAILED: kill {round_no}: {what}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tangram", required=True)
    ap.add_argument("--kills", type=int, default=int(os.environ.get("TANGRAM_CRASH_KILLS", "6")))
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="crash-library.")
    library = os.path.join(work, "library")
    everyone = []  # every client of every round: the library must keep what each was told
    clients = []
    try:
        for k in range(1, args.kills + 1):
            proc, host = start(args.tangram, library, k - 1)
            base = f"http://{host}"
            check(base, library, everyone, k - 1, clients if k > 1 else None)
            clients = [Client(base, f"c{k}-{i}", random.Random(rng.random())) for i in range(3)]
            for c in clients:
                c.start()
            time.sleep(rng.uniform(0.1, 1.0))
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            for c in clients:
                c.join(timeout=15)
            everyone += clients
        proc, host = start(args.tangram, library, args.kills)
        check(f"http://{host}", library, everyone, args.kills)
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=20)
        acknowledged = sum(len(c.names) for c in everyone)
        print(f"crash-library: passed: {args.kills} kills, the library matched what was "
              f"acknowledged each time ({acknowledged} problems added in all)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
