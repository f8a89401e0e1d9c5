#!/usr/bin/env python3
"""Load test of `tangram serve` (issue 17 item 5): N concurrent clients on loopback.

Starts `tangram serve --port 0` with a fresh library in a temporary folder, then lets N clients
start at once, each doing what a page does:
  1. GET  /api/problems
  2. POST /api/problems                   (client i: the i-th picture of masks/, cycling)
  3. POST /api/solves                     (default options)
  4. GET  /api/solves/ID/events           (read to its `done` event)
  5. GET  /api/solves/ID/solutions/0.json and 0.png
A request fails when it errs or gets a status other than the one the API promises, when the
stream ends without `done`, or when `done` is not `solved`. At the end the server's peak
resident memory (VmHWM of /proc/PID/status) is read, the server is stopped with SIGTERM and must
exit 0. Exit status 0 only when no request failed, the peak RSS is within --max-rss-mb and the
server ended cleanly; 1 otherwise.

Standard library only. Usage:
  experiments/web-load/load.py --tangram build/tangram [--clients 50] [--max-solves 2]
                               [--max-rss-mb 1000] [--masks masks]
"""
import argparse
import base64
import http.client
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def vm_hwm_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return -1


class Client(threading.Thread):
    def __init__(self, index, port, png, start, results):
        super().__init__(daemon=True)
        self.index, self.port, self.png, self.start_gate, self.results = index, port, png, start, results
        self.failures, self.requests, self.seconds = [], 0, []

    def request(self, method, path, body=None, expect=200):
        t0 = time.monotonic()
        self.requests += 1
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, path, body=body, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status != expect:
                raise RuntimeError(f"{method} {path}: status {resp.status}: {data[:200]!r}")
            return data
        finally:
            conn.close()
            self.seconds.append(time.monotonic() - t0)

    def events(self, solve_id):
        t0 = time.monotonic()
        self.requests += 1
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)
        try:
            conn.request("GET", f"/api/solves/{solve_id}/events")
            resp = conn.getresponse()
            if resp.status != 200:
                raise RuntimeError(f"events: status {resp.status}")
            name, done = None, None
            while True:
                line = resp.readline()
                if not line:
                    break
                line = line.decode().rstrip("\n")
                if line.startswith("event: "):
                    name = line[7:]
                elif line.startswith("data: ") and name == "done":
                    done = json.loads(line[6:])
            if done is None:
                raise RuntimeError("the stream ended without done")
            return done
        finally:
            conn.close()
            self.seconds.append(time.monotonic() - t0)

    def run(self):
        self.start_gate.wait()
        try:
            self.request("GET", "/api/problems")
            body = json.dumps({"name": f"load {self.index}", "set": "tangram", "source": "upload",
                               "png": base64.b64encode(self.png).decode()})
            problem = json.loads(self.request("POST", "/api/problems", body, 201))["problem"]
            solve = json.loads(self.request("POST", "/api/solves",
                                            json.dumps({"problem": problem["id"]}), 202))
            done = self.events(solve["id"])
            if done["outcome"] != "solved":
                raise RuntimeError(f"solve {solve['id']}: {done}")
            self.request("GET", f"/api/solves/{solve['id']}/solutions/0.json")
            self.request("GET", f"/api/solves/{solve['id']}/solutions/0.png")
        except Exception as e:  # every failure is counted and shown
            self.failures.append(f"client {self.index}: {e}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tangram", required=True, help="the tangram program")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--max-solves", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=1,
                        help="bursts of --clients clients, one after the other, on one server")
    parser.add_argument("--max-rss-mb", type=float, default=1000.0)
    parser.add_argument("--masks", default=os.path.join(ROOT, "masks"),
                        help="folder of the pictures the clients upload (in name order)")
    args = parser.parse_args()
    pictures = []
    for name in sorted(os.listdir(args.masks)):
        if name.endswith(".png"):
            with open(os.path.join(args.masks, name), "rb") as f:
                pictures.append(f.read())

    with tempfile.TemporaryDirectory(prefix="tangram-web-load-") as tmp:
        library = os.path.join(tmp, "library")
        server = subprocess.Popen(
            [args.tangram, "serve", "--port", "0", "--library", library,
             "--max-solves", str(args.max_solves), "--max-queue", str(args.clients)],
            stdout=subprocess.PIPE, text=True)
        line = server.stdout.readline().strip()
        print(line)
        port = int(line.split("http://127.0.0.1:")[1].split("/")[0])
        idle_kb = vm_hwm_kb(server.pid)

        clients, wall = [], 0.0
        for round_ in range(args.rounds):
            gate = threading.Event()
            burst = [Client(round_ * args.clients + i, port,
                            pictures[i % len(pictures)], gate, None)
                     for i in range(args.clients)]
            for c in burst:
                c.start()
            t0 = time.monotonic()
            gate.set()
            for c in burst:
                c.join()
            wall += time.monotonic() - t0
            clients += burst
            print(f"round {round_ + 1}: {sum(len(c.failures) for c in burst)} failed, "
                  f"peak RSS so far {vm_hwm_kb(server.pid) / 1024:.1f} MB")

        peak_kb = vm_hwm_kb(server.pid)
        with open(f"/proc/{server.pid}/status") as f:
            threads = next(int(l.split()[1]) for l in f if l.startswith("Threads:"))
        server.send_signal(signal.SIGTERM)
        status = server.wait(timeout=120)
        left = sorted(os.listdir(library))

    failures = [f for c in clients for f in c.failures]
    requests = sum(c.requests for c in clients)
    latencies = sorted(s for c in clients for s in c.seconds)
    print(f"clients {args.clients} x {args.rounds} rounds, requests {requests}, failed {len(failures)}, "
          f"wall {wall:.1f} s (--max-solves {args.max_solves})")
    if latencies:
        print(f"request time: median {latencies[len(latencies) // 2]:.3f} s, "
              f"max {latencies[-1]:.1f} s (an event stream lasts until its solve is done)")
    print(f"server: peak RSS (VmHWM) {peak_kb / 1024:.1f} MB (idle {idle_kb / 1024:.1f} MB), "
          f"threads {threads}, exit status after SIGTERM {status}")
    print(f"library: {len(left)} files ({len(left) // 2} problems)")
    for f in failures[:20]:
        print("FAILED", f)
    ok = not failures and peak_kb / 1024 <= args.max_rss_mb and status == 0 and \
        len(left) == 2 * args.clients * args.rounds
    print("OK" if ok else "NOT OK")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
