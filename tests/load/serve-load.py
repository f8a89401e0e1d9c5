#!/usr/bin/env python3
"""Load test of `tangram serve` (ctest serve_load, label load; docs/web-api.md#limits).

Starts the built `tangram serve` on a scratch library and a free loopback port, then runs N
clients for D seconds: half are normal (the page's requests: sets, problems, thumbnails,
checks, adds and deletes, one after another with a short pause), half are slow or broken,
in turn:
  half-header   sends half a request header, then nothing
  short-body    sends a POST whose body is shorter than its Content-Length, then nothing
  trickle       sends a request a byte a second
  connect-close connects and closes at once, again and again
  solve-drop    starts a long solve (the paper's search, 30 s), reads its event stream's first
                event and disconnects; then times how long the server takes to stop it (its
                worker freed: the 5 s the page has to reconnect, docs/web-api.md)
  stall         opens an event stream or a picture and reads nothing, then resets it
At the end (the load still on) it asks for GET /api/sets once more, then sends SIGTERM and
times the stop. With --kills K the server is also killed (SIGKILL) K times during the load
and started again on the same folder; tests/crash/crash-library.py's clients and checks then
hold the library to the adds, renames and deletes it acknowledged.

Prints requests served, p50/p99/max latency of normal requests, the server's peak RSS and
errors by kind, then the verdicts:
  - every normal request answered (no timeout, no reset; 503 and 429 are answers), none
    waiting longer than --limit seconds;
  - peak RSS below --rss-mb;
  - the server answers after the load, and SIGTERM stops it (exit 0) within 20 s;
  - with --kills: every kill survived (the library opens, acknowledged changes are there).

    tests/load/serve-load.py --tangram PATH [--clients N] [--seconds D] [--kills K]
Defaults (ctest's short form): 120 clients, 15 s; TANGRAM_LOAD_CLIENTS, TANGRAM_LOAD_SECONDS
and TANGRAM_LOAD_KILLS set them too (the long form: 200, 60). Exit 0 passed, 1 failed
(--report-only: always 0, for measuring an older build).
"""
import argparse
import http.client
import importlib.util
import json
import os
import random
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def load_crash_library():
    """tests/crash/crash-library.py as a module (its clients, PNG and checks)."""
    path = os.path.join(HERE, "..", "crash", "crash-library.py")
    spec = importlib.util.spec_from_file_location("crash_library", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


crash = load_crash_library()
SLOW_KINDS = ["half-header", "short-body", "trickle", "connect-close", "solve-drop", "stall"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """The server process, started (again) on the same library and port."""

    def __init__(self, tangram, library, port):
        self.tangram, self.library, self.port = tangram, library, port
        self.proc = None
        self.peak_rss_kb = 0
        self.cpu_s = 0.0  # CPU time of the server's current life
        self.lock = threading.Lock()
        self.up = threading.Event()
        self.epoch = 0  # lives of the server: a request that spans two did not meet one server

    def start(self):
        for attempt in range(50):
            proc = subprocess.Popen(
                [self.tangram, "serve", "--port", str(self.port), "--library", self.library,
                 "--threads", "1"],
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            line = proc.stdout.readline()
            if "http://" in line:
                with self.lock:
                    self.proc = proc
                    self.epoch += 1
                return  # up.set() once the library was checked
            proc.wait()
            time.sleep(0.1)  # the port is not free yet after a kill
        raise SystemExit(f"serve-load: FAILED: the server did not start: {line!r}")

    def kill(self):
        self.signal(signal.SIGKILL)
        self.proc.wait()

    def signal(self, number):
        """Sends `number`; requests from then on do not count (the server is going)."""
        self.up.clear()
        with self.lock:
            self.epoch += 1
            proc = self.proc
        proc.send_signal(number)

    def sample_rss(self):
        with self.lock:
            proc = self.proc
        try:
            with open(f"/proc/{proc.pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            self.cpu_s = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            pass
        try:
            with open(f"/proc/{proc.pid}/status") as f:
                for line in f:
                    if line.startswith(("VmHWM:", "VmRSS:")):
                        self.peak_rss_kb = max(self.peak_rss_kb, int(line.split()[1]))
        except (OSError, ValueError):
            pass


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.latencies = []  # normal requests answered (seconds)
        self.statuses = {}   # normal requests' statuses
        self.errors = {}     # kind -> count (normal requests not answered)
        self.while_down = 0  # normal requests met a server killed or stopping
        self.slow = {}       # slow kind -> [rounds, seconds held]
        self.freed = []      # solve-drop: seconds from the disconnect to the solve's end
        self.solves = {}     # solve-drop: status of POST /api/solves
        self.outcomes = {}   # solve-drop: how its solves ended

    def add(self, table, key, n=1):
        with self.lock:
            table[key] = table.get(key, 0) + n


class Acknowledged:
    """What the server acknowledged to one client, as crash-library's checks read it: adds
    (id -> name), deletes, and the operation in flight (kept until a check settles it)."""

    def __init__(self, names=None):
        self.names, self.deleted, self.pending = dict(names or {}), set(), None


def normal_client(server, stats, stop, problems, limit, rng, tag, record):
    conn = None
    own = []
    n = 0
    while not stop.is_set():
        server.up.wait(timeout=1)
        if not server.up.is_set():
            continue
        roll = rng.random()
        pid = rng.choice(problems)
        body = None
        # Mostly reads, as the page makes them; an add (each fsynced, docs/durability.md) in 33.
        if roll < 0.2:
            method, path = "GET", "/api/sets"
        elif roll < 0.35:
            method, path = "GET", "/api/problems"
        elif roll < 0.55:
            method, path = "GET", f"/api/problems/{pid}"
        elif roll < 0.7:
            method, path = "GET", f"/api/problems/{pid}/thumbnail.png"
        elif roll < 0.8:
            method, path = "POST", f"/api/problems/{pid}/check"
            body = {"pieces": []}
        elif roll < 0.95:
            method, path = "GET", "/"
        elif roll < 0.98 or not own:
            method, path = "POST", "/api/problems"
            body = {"name": f"{tag} {n}", "set": "tangram", "png": crash.SQUARE,
                    "source": "upload"}
            record.pending = ("add", body["name"], None)
            n += 1
        else:
            method, path = "DELETE", f"/api/problems/{own[-1]}"
            record.pending = ("delete", own.pop(), None)
        epoch = server.epoch
        start = time.monotonic()
        try:
            data = json.dumps(body).encode() if body is not None else None
            for attempt in (1, 2):
                # A kept-alive connection the server closed meanwhile (idle, or its last
                # request) is opened again once, as browsers do.
                reused = conn is not None
                if conn is None:
                    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=limit)
                try:
                    conn.request(method, path, body=data,
                                 headers={"Content-Type": "application/json"} if data else {})
                    reply = conn.getresponse()
                    text = reply.read()
                    break
                except (http.client.RemoteDisconnected, ConnectionResetError,
                        BrokenPipeError):
                    if not reused or epoch != server.epoch:
                        raise
                    conn.close()
                    conn = None
            elapsed = time.monotonic() - start
            if reply.status == 201 and path == "/api/problems":
                own.append(json.loads(text)["problem"]["id"])
                record.names[own[-1]] = body["name"]
            elif reply.status == 204:
                record.deleted.add(record.pending[1])
            record.pending = None
            if reply.getheader("Connection", "").lower() == "close":
                conn.close()
                conn = None
            with stats.lock:
                stats.latencies.append(elapsed)
                stats.statuses[reply.status] = stats.statuses.get(reply.status, 0) + 1
        except (OSError, http.client.HTTPException) as e:
            if conn is not None:
                conn.close()
            conn = None
            if epoch != server.epoch or not server.up.is_set():
                with stats.lock:
                    stats.while_down += 1
                continue
            kind = ("timeout" if isinstance(e, socket.timeout) else
                    "refused" if isinstance(e, ConnectionRefusedError) else
                    "reset" if isinstance(e, (ConnectionResetError, BrokenPipeError)) else
                    "closed" if isinstance(e, http.client.RemoteDisconnected) else
                    type(e).__name__)
            stats.add(stats.errors, kind)
        time.sleep(rng.uniform(0.02, 0.1))
    if conn is not None:
        conn.close()


def connect(port, timeout):
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    return s


def wait_closed(s, stop, longest):
    """Reads until the server closes the connection (or `longest` seconds, or the end)."""
    end = time.monotonic() + longest
    s.settimeout(0.5)
    while not stop.is_set() and time.monotonic() < end:
        try:
            if not s.recv(4096):
                return True
        except socket.timeout:
            continue
        except OSError:
            return True
    return False


def reset(s):
    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    s.close()


def http_json(port, method, path, body=None, timeout=10):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        data = json.dumps(body).encode() if body is not None else None
        conn.request(method, path, body=data,
                     headers={"Content-Type": "application/json"} if data else {})
        reply = conn.getresponse()
        text = reply.read()
        return reply.status, (json.loads(text) if text else None)
    finally:
        conn.close()


def slow_client(kind, server, stats, stop, problems, rng):
    while not stop.is_set():
        server.up.wait(timeout=1)
        if not server.up.is_set():
            continue
        start = time.monotonic()
        try:
            if kind == "half-header":
                s = connect(server.port, 5)
                s.sendall(b"GET /api/sets HTTP/1.1\r\nHost: 127.0.0.1\r\nAcc")
                wait_closed(s, stop, 120)
                s.close()
            elif kind == "short-body":
                s = connect(server.port, 5)
                s.sendall(b"POST /api/problems HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                          b"Content-Type: application/json\r\nContent-Length: 4096\r\n\r\n"
                          b'{"name": "short", "png": "')
                wait_closed(s, stop, 120)
                s.close()
            elif kind == "trickle":
                s = connect(server.port, 5)
                request = b"GET /api/sets HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + \
                    b"a" * 40 + b"\r\n\r\n"
                try:
                    for byte in request:
                        if stop.is_set():
                            break
                        s.sendall(bytes([byte]))
                        time.sleep(1)
                    else:
                        wait_closed(s, stop, 10)
                except OSError:
                    pass  # cut by the server
                s.close()
            elif kind == "connect-close":
                for _ in range(20):
                    s = connect(server.port, 5)
                    s.close()
                    time.sleep(0.05)
            elif kind == "solve-drop":
                # The paper's search on a turned mask runs its 30 s: the disconnect, not the
                # search, ends it.
                hard = [p for p in problems if p.endswith("-rotated")] or problems
                status, reply = http_json(server.port, "POST", "/api/solves",
                                          {"problem": rng.choice(hard),
                                           "options": {"time_limit": 30, "search": "paper"}})
                stats.add(stats.solves, status)
                if status != 202:
                    time.sleep(1)
                    continue
                sid = reply["id"]
                s = connect(server.port, 10)
                s.sendall(f"GET /api/solves/{sid}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                          .encode())
                got = b""
                while b"event:" not in got:
                    chunk = s.recv(4096)
                    if not chunk:
                        break
                    got += chunk
                reset(s)
                dropped = time.monotonic()
                while not stop.is_set():
                    status, reply = http_json(server.port, "GET", f"/api/solves/{sid}")
                    if status != 200 or reply["state"] == "done":
                        outcome = reply["outcome"] if status == 200 else status
                        stats.add(stats.outcomes, outcome)
                        if outcome == "stopped":
                            with stats.lock:
                                stats.freed.append(time.monotonic() - dropped)
                        break
                    time.sleep(0.2)
                stop.wait(2)  # a solve every few seconds per client, whatever the server's pace
            elif kind == "stall":
                s = connect(server.port, 5)
                s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
                pid = rng.choice(problems)
                s.sendall(f"GET /api/problems/{pid}/image.png HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                          f"\r\n".encode() * 8)
                stop.wait(10)
                reset(s)
        except (OSError, http.client.HTTPException, ValueError, KeyError):
            time.sleep(0.2)  # the server was killed, or refused: try again
        with stats.lock:
            entry = stats.slow.setdefault(kind, [0, 0.0])
            entry[0] += 1
            entry[1] += time.monotonic() - start


def percentile(values, p):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tangram", required=True, help="the built tangram program")
    ap.add_argument("--clients", type=int, default=int(os.environ.get("TANGRAM_LOAD_CLIENTS", 120)))
    ap.add_argument("--seconds", type=float,
                    default=float(os.environ.get("TANGRAM_LOAD_SECONDS", 15)))
    ap.add_argument("--kills", type=int, default=int(os.environ.get("TANGRAM_LOAD_KILLS", 0)))
    ap.add_argument("--limit", type=float, default=30,
                    help="longest wait of a normal request, seconds (the server cuts a slow "
                         "request at 20 s)")
    ap.add_argument("--rss-mb", type=float, default=1024, help="bound on the peak RSS")
    ap.add_argument("--kinds", default=",".join(SLOW_KINDS),
                    help="the slow clients' kinds, taken in turn (comma-separated)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--report-only", action="store_true", help="exit 0 whatever the verdicts")
    args = ap.parse_args()
    kinds = args.kinds.split(",")
    if not set(kinds) <= set(SLOW_KINDS):
        ap.error(f"--kinds: each of {', '.join(SLOW_KINDS)}")
    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="serve-load.")
    library = os.path.join(work, "library")
    server = Server(args.tangram, library, free_port())
    stats = Stats()
    failures = []
    try:
        server.start()
        port = server.port
        http_json(port, "POST", "/api/problems/import-masks", timeout=120)
        _, listing = http_json(port, "GET", "/api/problems")
        problems = [p["id"] for p in listing["problems"]]
        masks = Acknowledged({p["id"]: p["name"] for p in listing["problems"]})
        server.up.set()
        stop = threading.Event()
        threads = []
        normal = args.clients - args.clients // 2
        records = [Acknowledged() for _ in range(normal)]
        for i in range(normal):
            threads.append(threading.Thread(
                target=normal_client, daemon=True,
                args=(server, stats, stop, problems, args.limit, random.Random(rng.random()),
                      f"load {i}", records[i])))
        for i in range(args.clients // 2):
            threads.append(threading.Thread(
                target=slow_client, daemon=True,
                args=(kinds[i % len(kinds)], server, stats, stop, problems,
                      random.Random(rng.random()))))
        began = time.monotonic()
        for t in threads:
            t.start()
        # Kills at even moments of the run; crash-library's clients rename and delete too, and
        # its checks hold each new start to what every client was told (the normal clients
        # wait meanwhile, their request in flight at the kill settled by the check).
        kill_at = [began + args.seconds * (k + 1) / (args.kills + 1) for k in range(args.kills)]
        everyone, writers = [masks] + records, []
        survived = 0

        def start_writers(k):
            base = f"http://127.0.0.1:{port}"
            group = [crash.Client(base, f"k{k}-{i}", random.Random(rng.random()))
                     for i in range(3)]
            for c in group:
                c.start()
            return group

        if args.kills:
            writers = start_writers(0)
        while time.monotonic() < began + args.seconds:
            server.sample_rss()
            if kill_at and time.monotonic() >= kill_at[0]:
                kill_at.pop(0)
                server.kill()
                for c in writers:
                    c.join(timeout=15)
                everyone += writers
                server.start()
                try:
                    crash.check(f"http://127.0.0.1:{port}", library, everyone, survived + 1,
                                writers)
                    survived += 1
                except SystemExit as e:
                    failures.append(str(e))
                server.up.set()
                writers = start_writers(survived + len(failures))
            time.sleep(0.5)
        server.sample_rss()
        # Still answering, with the slow clients still on?
        try:
            t0 = time.monotonic()
            status, _ = http_json(port, "GET", "/api/sets", timeout=args.limit)
            after = f"{status} in {time.monotonic() - t0:.3f} s"
            if status != 200:
                failures.append(f"GET /api/sets after the load: {status}")
        except (OSError, http.client.HTTPException) as e:
            after = f"no answer ({type(e).__name__})"
            failures.append(f"GET /api/sets after the load: {after}")
        server.sample_rss()
        t0 = time.monotonic()
        server.signal(signal.SIGTERM)
        try:
            code = server.proc.wait(timeout=20)
            stopped = f"exit {code} in {time.monotonic() - t0:.2f} s"
            if code != 0:
                failures.append(f"SIGTERM: {stopped}")
        except subprocess.TimeoutExpired:
            stopped = "still running 20 s after SIGTERM"
            failures.append(stopped)
            server.proc.kill()
            server.proc.wait()
        stop.set()
        for t in threads:
            t.join(timeout=5)
        if args.kills:
            for c in writers:
                c.join(timeout=5)

        lat = stats.latencies
        unanswered = sum(stats.errors.values())
        print(f"serve-load: {args.clients} clients ({normal} normal, {args.clients // 2} slow or "
              f"broken) for {args.seconds:g} s, {args.kills} kills; {args.tangram}")
        print(f"requests served (normal clients): {len(lat)}  "
              f"({len(lat) / args.seconds:.1f} a second)")
        print(f"latency of normal requests: p50 {percentile(lat, 50) * 1000:.1f} ms, "
              f"p99 {percentile(lat, 99) * 1000:.1f} ms, "
              f"max {max(lat, default=float('nan')) * 1000:.1f} ms")
        print("statuses: " + ", ".join(f"{k}: {v}" for k, v in sorted(stats.statuses.items())))
        print("normal requests not answered: " +
              (", ".join(f"{k}: {v}" for k, v in sorted(stats.errors.items())) or "none") +
              f" (and {stats.while_down} while the server was killed or stopping)")
        print(f"peak RSS of the server: {server.peak_rss_kb / 1024:.1f} MiB; its CPU time: "
              f"{server.cpu_s:.1f} s")
        print("slow clients (rounds, mean seconds held): " + ", ".join(
            f"{k} {v[0]} {v[1] / max(1, v[0]):.1f}" for k, v in sorted(stats.slow.items())))
        print("solves started by solve-drop: " +
              (", ".join(f"{k}: {v}" for k, v in sorted(stats.solves.items())) or "none") +
              "; outcomes: " +
              (", ".join(f"{k}: {v}" for k, v in sorted(stats.outcomes.items(), key=str))
               or "none") + "; stopped after the disconnect in: " +
              (f"median {percentile(stats.freed, 50):.1f} s, max {max(stats.freed):.1f} s"
               if stats.freed else "none seen"))
        print(f"after the load: GET /api/sets {after}; SIGTERM: {stopped}")
        if args.kills:
            print(f"kills survived: {survived} of {args.kills}")
        if unanswered:
            failures.append(f"{unanswered} normal requests not answered")
        if lat and max(lat) > args.limit:
            failures.append(f"a normal request waited {max(lat):.1f} s (> {args.limit:g})")
        if not lat:
            failures.append("no normal request answered")
        if server.peak_rss_kb > args.rss_mb * 1024:
            failures.append(f"peak RSS {server.peak_rss_kb / 1024:.0f} MiB > {args.rss_mb:g}")
    finally:
        if server.proc is not None and server.proc.poll() is None:
            server.proc.kill()
            server.proc.wait()
        shutil.rmtree(work, ignore_errors=True)
    for f in failures:
        print(f"serve-load: FAILED: {f}")
    if not failures:
        print("serve-load: passed")
    sys.exit(0 if args.report_only or not failures else 1)


if __name__ == "__main__":
    main()
